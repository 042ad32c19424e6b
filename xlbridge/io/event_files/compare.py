"""Our numbers against the producing program's: every difference, line by line and pair by pair.

A number the file printed with d decimals agrees with ours when they differ by at most half a
unit of its last decimal (0.5 for "7", 0.05 for "7.4", 0.005 for "55.21"): the file's printed
precision is all it says. Places agree when their numbers are equal: "3=" and "3" agree, as
Compscore3 writes tied places without the "=".

Three conventions of Compscore3's are known and not differences; the summary counts each:

- a board played fewer times than the most-played board is factored by Neuberg in the totals,
  but its traveller may print the matchpoints *before* factoring: a traveller line agrees when
  it equals our factored or our unfactored matchpoints (matchpoint sessions, real results only);
- a pair that missed boards is printed with its total scaled to the full number of boards
  (total × the most boards any pair of its section played ÷ its boards; its percentage is
  unchanged), as our totals are by default: where ours are the plain sum (``--totals raw``)
  that total agrees when it equals ours so scaled, and where ours are factored a file's plain
  sum agrees too (each counted);
- each factored board is rounded to two decimals before it is added, so a pair's total may be
  off by up to half a hundredth per factored board it played: the total's tolerance grows by
  that much (a total with no factored board keeps its printed precision alone).

One convention of the NZ Scorer converter's is known too: a line's matchpoints are Scorer's,
kept in tenths rounded down (a factored 5.667 is written 5.6), so a traveller line's
matchpoints agree when they are ours rounded down to the decimals printed (counted).

A value that is not a finite number (NaN, inf, text) is a difference, and so is a blank where
the file gives that number elsewhere (on the line's other side, or for other pairs of the
section). A file whose totals are its percentages (the NZ Scorer converter's) has them
compared with our percentages.

A file with handicaps (NZ Scorer's handicap pairs: a HANDICAP per pair) prints each pair's
handicapped percentage as its PERCENTAGE (and TOTAL_SCORE): the plain percentage plus half its
HANDICAP, as checked on a real converted file; its places follow the plain percentage. Such a
file has our percentage plus half the pair's handicap compared with those figures
("handicapped percentage"), and its places with ours.

A pair's total or percentage that differs only because some of its traveller lines do (the
file's number is ours plus what its lines differ by) says so, "follows from its traveller
lines", so the director looks at those lines, not at the totalling.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from xlbridge.io.event_files.contents import EventFile, Pair
from xlbridge.io.event_files.conversion import contract_score, number_text
from xlbridge.io.event_files.printed import differs, is_number, is_rounded_down
from xlbridge.scoring.session import PairResult, ScoredLine, SessionResult


@dataclass(frozen=True)
class Difference:
    """One number that differs: where (a traveller line or a pair), what, theirs and ours."""

    where: str
    what: str
    theirs: str
    ours: str
    note: str = ""

    def __str__(self) -> str:
        text = f"{self.where}: {self.what} theirs {self.theirs}, ours {self.ours or 'none'}"
        return f"{text} ({self.note})" if self.note else text


@dataclass(frozen=True)
class Comparison:
    differences: tuple[Difference, ...]
    line_numbers: int  # traveller-line numbers compared
    pair_numbers: int  # pair numbers (totals, percentages, places) compared
    unfactored: int = 0  # traveller numbers that agree as unfactored matchpoints
    scaled: int = 0  # pair totals that agree scaled to the full number of boards
    board_rounding: int = 0  # pair totals that agree only with factored boards rounded
    raw_totals: int = 0  # pair totals that agree as the plain sum of fewer boards
    percent_totals: bool = False  # the file's totals are percentages (NZ Scorer converter)
    rounded_down: int = 0  # traveller matchpoints that agree rounded down (NZ Scorer converter)
    handicapped: bool = False  # the file's percentages are handicapped (NZ Scorer's HANDICAP)
    undivided: int = 0  # cross-IMP line numbers that agree as the sum before division (Ruter)
    per_board: int = 0  # IMP totals that agree as IMPs per board (Ruter)

    @property
    def agree(self) -> bool:
        return not self.differences

    def summary(self, program: str) -> str:
        against = f" against {program}" if program else ""
        compared = f"{self.line_numbers} traveller numbers and {self.pair_numbers} pair numbers"
        if self.agree:
            return f"compare: all {compared} agree{against}{self._conventions(program)}"
        lines = sum(1 for d in self.differences if d.where.startswith("board"))
        return (
            f"compare: {len(self.differences)} "
            f"{'differs' if len(self.differences) == 1 else 'differ'} ({lines} on traveller lines, "
            f"{len(self.differences) - lines} on pairs) of {compared}{against}"
            f"{self._conventions(program)}"
        )

    def _conventions(self, program: str) -> str:
        """The known conventions met, as a parenthesis ("" when none was)."""
        who = program.split()[0] if program else "the file"
        notes = []
        if self.unfactored:
            notes.append(
                f"{self.unfactored} traveller numbers give unfactored matchpoints, "
                f"as {who} prints them"
            )
        if self.scaled:
            notes.append(
                f"{self.scaled} pair totals are scaled to the full number of boards "
                "for pairs that missed boards"
            )
        if self.board_rounding:
            notes.append(
                f"{self.board_rounding} pair totals agree with each factored board "
                "rounded to two decimals"
            )
        if self.raw_totals:
            notes.append(
                f"{self.raw_totals} pair totals are the plain sum of their boards for pairs "
                "that missed boards"
            )
        if self.percent_totals:
            notes.append(f"pair totals are percentages, as {who} writes them")
        if self.rounded_down:
            notes.append(
                f"{self.rounded_down} traveller numbers are rounded down to their decimals, "
                f"as {who} prints them"
            )
        if self.undivided:
            notes.append(
                f"{self.undivided} traveller numbers are the cross-IMPs summed before they are "
                f"divided, as {who} prints them"
            )
        if self.per_board:
            notes.append(f"{self.per_board} pair totals are IMPs per board, as {who} prints them")
        if self.handicapped:
            notes.append("percentages are handicapped: ours plus half each pair's HANDICAP")
        return f" ({'; '.join(notes)})" if notes else ""


#: Half a hundredth: how far one factored board rounded to two decimals can move a total.
BOARD_ROUNDING = 0.005


@dataclass
class _Counts:
    unfactored: int = 0
    scaled: int = 0
    board_rounding: int = 0
    raw_totals: int = 0
    rounded_down: int = 0
    undivided: int = 0
    per_board: int = 0


def _comparisons(result: SessionResult) -> dict[tuple[str, int, str, str], int]:
    """What each real result's cross-IMPs were divided by (the comparisons or the scores of its
    board), by (section, board, NS pair, EW pair); empty unless cross-IMPs were divided."""
    if result.method != "ximp" or result.divisor == "none":
        return {}
    less = 1 if result.divisor == "comparisons" else 0
    return {
        (line.section, line.board, line.ns_pair, line.ew_pair): board.results - less
        for board in result.travellers
        for line in board.lines
        if not line.adjusted and board.results - less > 1
    }


def _unfactored(result: SessionResult) -> dict[tuple[str, int], tuple[int, float]]:
    """Boards factored up at matchpoints: (section, board) → (results, half a unit).

    A line's unfactored matchpoints u and factored f (Neuberg, n results to N) are related by
    f + h = (u + h)·N/n, h half a matchpoint (1 at 2 per win, ½ at 1 per win)."""
    if result.unit != "MP":
        return {}
    half = 1.0 if result.method == "mp" else 0.5
    boards = {}
    for board in result.travellers:
        most = board.top / (2 * half) + 1  # N: the results the board is factored to
        if 0 < board.results < most - 1e-9:
            boards[(board.section, board.board)] = (board.results, half)
    return boards


def _is_unfactored(
    printed: str,
    value: float,
    line: ScoredLine,
    factored: Mapping[tuple[str, int], tuple[int, float]],
    tops: Mapping[tuple[str, int], float],
) -> bool:
    """Whether ``printed`` is ``value`` (a real result's factored matchpoints) unfactored."""
    board = (line.section, line.board)
    if board not in factored or line.adjusted or math.isnan(line.ns_score):
        return False  # a full board, an adjusted or a weighted score: never read unfactored
    results, half = factored[board]
    most = tops[board] / (2 * half) + 1
    return not differs(printed, (value + half) * results / most - half)


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
    factored = _unfactored(result)
    divided_by = _comparisons(result)
    tops = {(board.section, board.board): board.top for board in result.travellers}
    counts = _Counts()
    line_deltas: dict[tuple[str, str, str], float] = {}
    line_numbers = 0
    for line in event.lines:
        where = f"board {line.board}{_section(line.section)} NS {line.ns_pair} v EW {line.ew_pair}"
        ours = ours_by_line.get((line.section, line.board, str(line.ns_pair), str(line.ew_pair)))
        made = contract_score(line)
        if made is not None and line.score and line.adjusted is None and not line.not_played:
            line_numbers += 1
            if differs(line.score, made):
                differences.append(
                    Difference(where, "score of the contract", line.score, number_text(made, 0))
                )
        given = line.theirs_ns or line.theirs_ew
        for side, printed in (("NS", line.theirs_ns), ("EW", line.theirs_ew)):
            if not printed and not given:
                continue
            line_numbers += 1
            value = math.nan if ours is None else (ours.ns_value if side == "NS" else ours.ew_value)
            if not differs(printed, value):
                continue
            if ours is not None and _is_unfactored(printed, value, ours, factored, tops):
                counts.unfactored += 1
                continue
            if result.unit == "MP" and is_rounded_down(printed, value):
                counts.rounded_down += 1
                continue
            if ours is not None and _is_undivided(printed, value, ours, divided_by):
                counts.undivided += 1
                continue
            differences.append(
                Difference(where, f"{side} {unit}", printed or "blank", number_text(value))
            )
            if ours is not None and not math.isnan(value) and is_number(printed):
                pair = ours.ns_pair if side == "NS" else ours.ew_pair
                key = (ours.section, side if result.winners == 2 else "", pair)
                line_deltas[key] = line_deltas.get(key, 0.0) + float(printed) - value
    pair_numbers = _compare_pairs(event, result, differences, factored, counts, line_deltas)
    return Comparison(
        tuple(differences),
        line_numbers,
        pair_numbers,
        counts.unfactored,
        counts.scaled,
        counts.board_rounding,
        counts.raw_totals,
        event.total_is_percentage,
        counts.rounded_down,
        handicapped=any(pair.handicap for pair in event.pairs),
        undivided=counts.undivided,
        per_board=counts.per_board,
    )


def _is_undivided(
    printed: str,
    value: float,
    line: ScoredLine,
    divided_by: Mapping[tuple[str, int, str, str], int],
) -> bool:
    """Whether ``printed`` is the line's cross-IMPs ``value`` before they were divided."""
    count = divided_by.get((line.section, line.board, line.ns_pair, line.ew_pair))
    return count is not None and not differs(printed, value * count)


def _printed(pair: Pair) -> tuple[tuple[str, str], ...]:
    """The numbers a file gives for a pair, by what they are."""
    return (("total", pair.total), ("percentage", pair.percentage), ("boards played", pair.boards))


def _place_number(place: str) -> str:
    return place.replace(" ", "").rstrip("=")


def _follows_from_lines(
    printed: str, what: str, mine: PairResult | None, delta: float, shift: float | None = None
) -> bool:
    """Whether the file's number is ours plus what the pair's traveller lines differ by (a
    handicapped figure: our percentage plus ``shift``, half the pair's handicap)."""
    if mine is None or not delta:
        return False
    if what.endswith("percentage") or shift is not None:
        if not mine.top > 0:
            return False
        return not differs(printed, mine.percentage + (shift or 0.0) + delta / mine.top * 100)
    return not differs(printed, mine.score + delta)


def handicap_shift(event: EventFile, pair: Pair) -> float | None:
    """What a pair's handicap adds to its percentage in a file that gives handicaps (NZ Scorer's
    handicap pairs: the handicapped percentage, which the file prints as the pair's PERCENTAGE
    and TOTAL_SCORE, is the plain percentage plus half the pair's HANDICAP; a pair without one
    has 0); None for a file without handicaps."""
    if not any(listed.handicap for listed in event.pairs):
        return None
    try:
        return float(pair.handicap or 0) / 2
    except ValueError:  # the readers bound every handicap
        return None


def _handicapped(
    checks: tuple[tuple[str, str, float], ...], shift: float | None, percent_totals: bool
) -> tuple[tuple[str, str, float], ...]:
    """The pair's checks with its handicapped figures in place of the plain ones: the
    percentage (and the total, where the file's totals are percentages) plus ``shift``."""
    if shift is None:
        return checks
    return tuple(
        (f"handicapped {what}", printed, value + shift)
        if what == "percentage" or (what == "total" and percent_totals)
        else (what, printed, value)
        for what, printed, value in checks
    )


def _factored_boards(
    result: SessionResult, factored: Mapping[tuple[str, int], object]
) -> dict[tuple[str, str, str], int]:
    """How many factored boards each pair played: (section, direction, pair) → count."""
    counts: dict[tuple[str, str, str], int] = {}
    for board in result.travellers:
        if (board.section, board.board) not in factored:
            continue
        for line in board.lines:
            for direction, pair in (("NS", line.ns_pair), ("EW", line.ew_pair)):
                key = (line.section, direction if result.winners == 2 else "", pair)
                counts[key] = counts.get(key, 0) + 1
    return counts


def _full_boards(result: SessionResult) -> dict[str, tuple[int, int]]:
    """By section, the full numbers of boards a total may be scaled to: the most any pair of
    the section played, and the boards the section played (more when every pair sat out
    some, as in a Howell with a sit-out)."""
    most: dict[str, int] = {}
    for pair in result.pairs:
        most[pair.section] = max(most.get(pair.section, 0), pair.boards)
    boards: dict[str, set[int]] = {}
    for board in result.travellers:
        boards.setdefault(board.section, set()).add(board.board)
    every = len({board.board for board in result.travellers})
    return {
        section: (count, every if result.across_field else len(boards.get(section, ())))
        for section, count in most.items()
    }


def _total_agrees(
    printed: str,
    mine: PairResult,
    fulls: tuple[int, int],
    factored_boards: int,
    counts: _Counts,
    imps: bool,
) -> bool:
    """Whether a differing total is the other convention for pairs that missed boards (the
    plain sum where ours is factored, scaled to the full number of boards where ours is the
    plain sum, as Compscore3 at matchpoints and Magic Contest at IMPs print them), Compscore3's
    factored boards carried to two decimals, or IMPs per board (Ruter); counted when it is."""
    if mine.score != mine.raw and not differs(printed, mine.raw):
        counts.raw_totals += 1
        return True
    if mine.score == mine.raw and any(
        mine.boards < full and not differs(printed, mine.raw * full / mine.boards) for full in fulls
    ):
        counts.scaled += 1
        return True
    if imps:
        if mine.boards and not differs(printed, mine.score / mine.boards):
            counts.per_board += 1
            return True
        return False
    if factored_boards and not differs(printed, mine.score, BOARD_ROUNDING * factored_boards):
        counts.board_rounding += 1
        return True
    return False


def _compare_pairs(
    event: EventFile,
    result: SessionResult,
    out: list[Difference],
    factored: dict[tuple[str, int], tuple[int, float]],
    counts: _Counts,
    line_deltas: dict[tuple[str, str, str], float],
) -> int:
    ours = {(p.section, p.direction, p.pair): p for p in result.pairs}
    ours_any = {(p.section, p.pair): p for p in result.pairs}
    fulls = _full_boards(result)
    factored_boards = _factored_boards(result, factored)
    listed = event.pairs
    # What the file gives for some pair of a section: a blank there is a difference.
    given = {(pair.section, what) for pair in listed for what, value in _printed(pair) if value}
    compared = 0
    for pair in listed:
        direction = pair.direction if result.winners == 2 else ""
        mine = ours.get((pair.section, pair.direction, str(pair.number))) or ours.get(
            (pair.section, direction, str(pair.number))
        )  # a Mitchell ranked with one winner keeps its pairs' directions
        if mine is None and not direction:
            mine = ours_any.get((pair.section, str(pair.number)))
        where = f"pair {pair.number}{' ' + pair.direction if pair.direction else ''}"
        where += _section(pair.section)
        total = math.nan if mine is None else mine.score
        if event.total_is_percentage:
            total = math.nan if mine is None else mine.percentage
        checks: tuple[tuple[str, str, float], ...] = (
            ("total", pair.total, total),
            ("percentage", pair.percentage, math.nan if mine is None else mine.percentage),
            ("boards played", pair.boards, math.nan if mine is None else mine.boards),
        )
        shift = handicap_shift(event, pair)
        checks = _handicapped(checks, shift, event.total_is_percentage)
        for what, printed, value in checks:
            plain = what.removeprefix("handicapped ")
            if not printed and ((pair.section, plain) not in given or math.isnan(value)):
                continue  # blank where the file gives that number for no pair, or we have none
            compared += 1
            if not differs(printed, value):
                continue
            if (
                what == "total"
                and mine is not None
                and not event.total_is_percentage
                and _total_agrees(
                    printed,
                    mine,
                    fulls[mine.section],
                    factored_boards.get(mine.key, 0),
                    counts,
                    result.unit != "MP",
                )
            ):
                continue
            delta = 0.0 if mine is None else line_deltas.get(mine.key, 0.0)
            follows = printed and _follows_from_lines(
                printed, what, mine, delta, None if what == plain else shift
            )
            note = "follows from its traveller lines" if follows else ""
            out.append(Difference(where, what, printed or "blank", number_text(value), note))
        if pair.place:
            compared += 1
            mine_place = "" if mine is None else mine.place
            if _place_number(pair.place) != _place_number(mine_place):
                out.append(Difference(where, "place", pair.place, mine_place))
    return compared
