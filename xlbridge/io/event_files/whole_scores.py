"""Scores a results file can hold: USEBIO's SCORE and PBN's Score_NS/Score_EW are whole
numbers (or not played, or an artificial adjusted score, which each writer puts in its own
form). A weighted score (Law 12C1(c): 60% of 430 + 40% of 400) and a score with decimals
(an average) have no form there: rather than round them, the writer refuses, naming the
board and the input line, before anything is written."""

from __future__ import annotations

import re
from typing import NamedTuple

from xlbridge.errors import InputError
from xlbridge.io.event_files.contents import Line

#: A score a results file holds as it stands: a whole number (NS's), or not played.
_WHOLE_SCORE = re.compile(r"-?\d+|NP|")


class WhyWhole(NamedTuple):
    """Why a file has no form for a weighted score, and for a score with decimals."""

    weighted: str
    decimals: str


def refuse_unwhole_score(line: Line, output: str, why: WhyWhole) -> None:
    """Refuse ``line``'s score unless ``output`` (USEBIO, PBN) can hold it: a weighted score
    or one with decimals is an InputError naming the board and the input line."""
    if _WHOLE_SCORE.fullmatch(line.score):
        return
    weighted = "%" in line.score
    what = "a weighted score" if weighted else "a score"
    reason = why.weighted if weighted else why.decimals
    where = ", ".join(part for part in (f"board {line.board}", line.where) if part)
    raise InputError(
        f"{output} output: {where}: {what} ({line.score}) has no {output} form: {reason}; "
        f"leave out --{output.lower()} for this session"
    )
