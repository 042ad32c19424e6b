"""Our numbers against the producing program's: every difference, line by line and pair by pair.

A number the file printed with d decimals agrees with ours when they differ by at most half a
unit of its last decimal (0.5 for "7", 0.05 for "7.4", 0.005 for "55.21"): the file's printed
precision is all it says. Places agree when their numbers are equal: "3=" and "3" agree, as
Compscore3 writes tied places without the "=".
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xlbridge.core.session import SessionResult
from xlbridge.formats.results import EventFile, Pair
from xlbridge.formats.session_io import contract_score, number_text


@dataclass(frozen=True)
class Difference:
    """One number that differs: where (a traveller line or a pair), what, theirs and ours."""

    where: str
    what: str
    theirs: str
    ours: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what} theirs {self.theirs}, ours {self.ours or 'none'}"


@dataclass(frozen=True)
class Comparison:
    differences: tuple[Difference, ...]
    line_numbers: int  # traveller-line numbers compared
    pair_numbers: int  # pair numbers (totals, percentages, places) compared

    @property
    def agree(self) -> bool:
        return not self.differences

    def summary(self, program: str) -> str:
        against = f" against {program}" if program else ""
        compared = f"{self.line_numbers} traveller numbers and {self.pair_numbers} pair numbers"
        if self.agree:
            return f"compare: all {compared} agree{against}"
        lines = sum(1 for d in self.differences if d.where.startswith("board"))
        return (
            f"compare: {len(self.differences)} "
            f"{'differs' if len(self.differences) == 1 else 'differ'} ({lines} on traveller lines, "
            f"{len(self.differences) - lines} on pairs) of {compared}{against}"
        )


def tolerance(printed: str) -> float:
    """Half a unit of the last decimal printed, plus a hair for binary fractions."""
    decimals = len(printed.split(".", 1)[1]) if "." in printed else 0
    return 0.5 * 10.0**-decimals + 1e-9


def _differs(printed: str, ours: float) -> bool:
    try:
        theirs = float(printed)
    except ValueError:
        return True
    return math.isnan(ours) or abs(theirs - ours) > tolerance(printed)


def _section(section: str) -> str:
    return f" (section {section})" if section else ""


def compare(event: EventFile, result: SessionResult) -> Comparison:
    """Every difference between the file's numbers and ``result``'s."""
    differences: list[Difference] = []
    ours_by_line = {
        (line.section, line.board, line.ns_pair, line.ew_pair): line
        for board in result.travellers
        for line in board.lines
    }
    unit = "matchpoints" if result.unit == "MP" else "IMPs"
    line_numbers = 0
    for line in event.lines:
        where = f"board {line.board}{_section(line.section)} NS {line.ns_pair} v EW {line.ew_pair}"
        ours = ours_by_line.get((line.section, line.board, str(line.ns_pair), str(line.ew_pair)))
        made = contract_score(line)
        if made is not None and line.score and line.adjusted is None and not line.not_played:
            line_numbers += 1
            if _differs(line.score, made):
                differences.append(
                    Difference(where, "score of the contract", line.score, number_text(made, 0))
                )
        for side, printed in (("NS", line.theirs_ns), ("EW", line.theirs_ew)):
            if not printed:
                continue
            line_numbers += 1
            value = math.nan if ours is None else (ours.ns_value if side == "NS" else ours.ew_value)
            if _differs(printed, value):
                differences.append(Difference(where, f"{side} {unit}", printed, number_text(value)))
    pair_numbers = _compare_pairs(event.pairs, result, differences)
    return Comparison(tuple(differences), line_numbers, pair_numbers)


def _place_number(place: str) -> str:
    return place.replace(" ", "").rstrip("=")


def _compare_pairs(listed: list[Pair], result: SessionResult, out: list[Difference]) -> int:
    ours = {(p.section, p.direction, p.pair): p for p in result.pairs}
    ours_any = {(p.section, p.pair): p for p in result.pairs}
    compared = 0
    for pair in listed:
        direction = pair.direction if result.winners == 2 else ""
        mine = ours.get((pair.section, direction, str(pair.number)))
        if mine is None and not direction:
            mine = ours_any.get((pair.section, str(pair.number)))
        where = f"pair {pair.number}{' ' + pair.direction if pair.direction else ''}"
        where += _section(pair.section)
        checks = (
            ("total", pair.total, math.nan if mine is None else mine.score),
            ("percentage", pair.percentage, math.nan if mine is None else mine.percentage),
        )
        for what, printed, value in checks:
            if not printed:
                continue
            compared += 1
            if _differs(printed, value):
                out.append(Difference(where, what, printed, number_text(value)))
        if pair.place:
            compared += 1
            mine_place = "" if mine is None else mine.place
            if _place_number(pair.place) != _place_number(mine_place):
                out.append(Difference(where, "place", pair.place, mine_place))
    return compared
