"""How many rounds a Swiss of a given number of entries can have, and what is odd about a
size."""

from __future__ import annotations


def most_rounds(teams: int) -> int:
    """Rounds in which ``teams`` entries can be drawn without a repeat meeting or a second
    bye: teams − 1 (everyone meets everyone), teams when odd (each sits out once too)."""
    return teams if teams % 2 else teams - 1


def why_most(teams: int) -> str:
    if teams % 2:
        return (
            f"each entry can meet {teams - 1} others and sit out once, so more rounds would "
            "repeat a meeting or give a second bye"
        )
    return f"each entry can meet only {teams - 1} others, so more rounds would repeat a meeting"


def size_warnings(teams: int, rounds: int) -> list[str]:
    """What is odd about a Swiss of ``rounds`` rounds among ``teams`` entries (may be drawn)."""
    warnings = []
    if rounds == most_rounds(teams) and teams > 2:
        warnings.append(
            f"{rounds} rounds among {teams} entries is a complete round robin: every entry "
            "meets every other, so the later draws are forced (a league may suit better)"
        )
    elif rounds > teams // 2:
        warnings.append(
            f"{rounds} rounds among {teams} entries is more than half the field: the last "
            "rounds may have to repeat meetings"
        )
    return warnings
