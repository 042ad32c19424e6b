"""Realistic scored sessions for tests of what is built on them (results pack, workbooks).

    from session_builder import example_session
    result, names = example_session("howell")          # 7-table Howell, 26 boards, one winner
    result, names = example_session("mitchell", "ximp")  # 11-table Mitchell, two winners

The sessions are the committed examples (``examples/howell.csv``, ``examples/mitchell.csv``,
made by ``examples/make_sessions.py``), read and scored the way ``xlbridge session`` does.
"""

from __future__ import annotations

from pathlib import Path

from xlbridge.io.travellers.session_csv import read_names, read_session
from xlbridge.scoring.session import SessionResult, score_session

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SESSIONS = ("howell", "mitchell")


def example_session(
    name: str = "howell", method: str = "mp"
) -> tuple[SessionResult, dict[tuple[str, str, str], str]]:
    """An example session scored by ``method`` (mp, acbl, ximp, butler), with its pair names
    (look a pair's up with ``xlbridge.io.travellers.session_csv.pair_names(names, pair)``)."""
    if name not in SESSIONS:
        raise ValueError(f"name must be one of {', '.join(SESSIONS)}, got {name!r}")
    traveller = read_session(EXAMPLES / f"{name}.csv")
    return score_session(traveller, method), read_names(EXAMPLES / f"{name}-names.csv")
