"""The one summary line each command ends with, built from the values it used (the method,
the sizes as whole numbers, the files written). When standard output carries data (CSV or
JSON) the line goes to standard error, so the data stay clean for the next program.

Imports nothing heavy (the command line builds its options before numpy loads).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.scoring.wording import plural

if TYPE_CHECKING:
    from xlbridge.scoring.session import SessionResult

#: Each scoring method (``score`` and ``session``) in words, with the name typed for it.
METHOD_WORDS = {
    "mp": "matchpoints (mp)",
    "acbl": "matchpoints, 1 per win (acbl)",
    "percent": "matchpoint percentages (percent)",
    "ascherman": "Ascherman matchpoints (ascherman)",
    "ximp": "cross-IMPs (ximp)",
    "butler": "Butler IMPs (butler)",
    "bastille": "Bastille IMPs (bastille)",
}


def written(paths: Sequence[Path | str]) -> str:
    """The files written, as the end of a summary: "wrote a.csv and b.xlsx" (or nothing)."""
    names = [str(path) for path in paths]
    if not names:
        return "wrote nothing"
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"wrote {listed}"


def session_summary(result: SessionResult, paths: Sequence[Path | str]) -> str:
    """``xlbridge session``'s line: pairs, boards, method, winners, files written."""
    boards = len({traveller.board for traveller in result.travellers})
    winners = "one winner" if result.winners == 1 else "two winners (NS and EW)"
    sections = len(result.sections)
    where = f" in {sections} sections" if sections > 1 else ""
    return (
        f"scored {plural(len(result.pairs), 'pair')} on {plural(boards, 'board')}{where} by "
        f"{METHOD_WORDS[result.method]}, {winners}; {written(paths)}"
    )


def say(line: str, data_on_stdout: bool = False) -> None:
    """Print the summary ``line``: to standard error when standard output carries data."""
    print(line, file=sys.stderr if data_on_stdout else sys.stdout)


def cards_summary(titles: Sequence[str], boards: Sequence[int], extras: Sequence[str]) -> str:
    """``xlbridge cards``'s line, after "wrote N VP cards to FILE: ": the board counts, then
    what every card's heading says but its own board count and σ ("Teams of four, K 6.5, 20
    VP, a bound starts its band"), then ``extras`` (the WBF tables, the paper)."""
    shared = [
        part
        for part in titles[0].split(" · ")
        if not part.startswith("σ") and not part.removesuffix("s").endswith(" board")
    ]
    counts = sorted(boards)
    contiguous = counts == list(range(counts[0], counts[-1] + 1))
    span = (
        plural(counts[0], "board")
        if len(counts) == 1
        else f"{counts[0]}-{counts[-1]} boards"
        if contiguous
        else f"{', '.join(map(str, counts))} boards"
    )
    return ", ".join([span, *shared, *extras])
