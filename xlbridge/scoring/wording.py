"""Counts in words, for every message and title: "1 board", "2 boards", "1 VP card".

Plain functions with no imports, so that the command line can use them before numpy loads.
"""


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` with ``word`` in the right number: "1 VP card", "2 VP cards", "0 tables".
    ``words`` is the plural where adding "s" is wrong ("1 entry", "2 entries")."""
    return f"{count:,} {word if count == 1 else (words or word + 's')}"
