"""The pairs-session workbook, recalculated by LibreOffice and held equal to the core.

Traveller lines typed into a built workbook (contracts in every notation, NS scores, adjusted
scores, NP, boards played fewer times) are recalculated by LibreOffice Calc; every score must
equal :mod:`xlbridge.scoring.contract`, every matchpoint :mod:`xlbridge.scoring.boards.matchpoints`
Neuberg-factored to the most-played board (adjusted scores their share of the top, shares read
by :func:`xlbridge.scoring.session.parse_adjusted`), and every total, percentage, place and
ranking row the small reference below.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import rendering
import workbook_checks as checks
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from libreoffice import error_cells, read_values
from openpyxl import load_workbook
from openpyxl.styles import Font
from session_builder import example_session
from workbook_checks import blank, type_in

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.scoring.boards.matchpoints import matchpoints
from xlbridge.scoring.contract import contract_scores, parse_contract
from xlbridge.scoring.session import parse_adjusted
from xlbridge.workbooks.pairs_session import PairsSessionBook, build_pairs_session
from xlbridge.workbooks.pairs_session.book import (
    BOARDS_COLUMNS,
    BOARDS_SHEET,
    E_CELL,
    FIRST_ROW,
    FONT_NAME,
    MIN_FONT_SIZE,
    PAIRS,
    PAIRS_COLUMNS,
    PAIRS_SHEET,
    RANKING,
    RANKING_COLUMNS,
    RANKING_SHEET,
    TOP_CELL,
    TRAVELLER,
    TRAVELLER_COLUMNS,
    TRAVELLER_INPUTS,
    TRAVELLER_SHEET,
)

SHEETS = (TRAVELLER_SHEET, BOARDS_SHEET, PAIRS_SHEET, RANKING_SHEET)
ALLOWED_FUNCTIONS = {
    "ABS",
    "AND",
    "COUNTIF",
    "COUNTIFS",
    "FIND",
    "IF",
    "IFERROR",
    "INDEX",
    "INT",
    "ISERROR",
    "ISLOGICAL",
    "ISNUMBER",
    "LEFT",
    "LEN",
    "MATCH",
    "MAX",
    "MID",
    "MIN",
    "MOD",
    "NOT",
    "OR",
    "RIGHT",
    "ROUND",
    "SUBSTITUTE",
    "SUMIFS",
    "SUMPRODUCT",
    "TEXT",
    "TRIM",
    "UPPER",
    "VALUE",
}
SEATS = "NESW"
STRAIN_SPELLINGS = {
    "C": ("C", "♣", "c"),
    "D": ("D", "♦", "d"),
    "H": ("H", "♥", "h"),
    "S": ("S", "♠", "s"),
    "NT": ("NT", "N", "nt"),
}
DOUBLING_SPELLINGS = (("",), ("X", "x", "*"), ("XX", "xx", "**"))
ADJUSTED_SPELLINGS = ("A60/40", "A40/60", "A+/A-", "A-/A+", "A=/A=", "A50/50", "A6040", "A40/40")


@dataclass
class Line:
    """A traveller line as typed: None is a cell left blank."""

    board: Any
    ns: Any
    ew: Any
    contract: Any = None
    by: Any = None
    tricks: Any = None
    entered: Any = None

    def values(self) -> tuple[Any, ...]:
        return (self.board, self.ns, self.ew, self.contract, self.by, self.tricks, self.entered)


@dataclass
class Expected:
    """What the reference says: per line (by index) and per pair. A pair is (list, number):
    list "" in a Howell, "NS" or "EW" in a Mitchell (where NS 3 and EW 3 are two pairs)."""

    score: dict[int, float] = field(default_factory=dict)
    ns_mp: dict[int, float] = field(default_factory=dict)
    ew_mp: dict[int, float] = field(default_factory=dict)
    boards: dict[tuple[str, int], int] = field(default_factory=dict)
    mp: dict[tuple[str, int], float] = field(default_factory=dict)
    top: float = 0.0
    lines_most: int = 0


# --------------------------------------------------------------------------------------------
# The reference


def kind(line: Line) -> str:
    """R (a result), A (adjusted) or N (not played) for a valid line."""
    text = "" if line.entered is None else str(line.entered).strip().upper()
    if text == "NP":
        return "N"
    return "A" if text.startswith("A") else "R"


def ns_score(line: Line) -> float:
    if line.contract is None:
        return float(line.entered)
    return float(contract_scores([line.contract], [line.by], [line.tricks], [line.board])[0])


def reference(lines: list[Line], good: set[int], movement: str) -> Expected:
    """Scores, matchpoints and pair totals of the ``good`` lines (indices into ``lines``)."""
    result = Expected()
    by_board: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for i in sorted(good):
        by_board[lines[i].board][kind(lines[i])].append(i)
    scored: dict[int, list[int]] = {}
    for board, kinds in by_board.items():
        results, adjusted = kinds["R"], kinds["A"]
        if len(results) == 1 and not adjusted:
            continue  # a lone result: nothing to compare it with
        scored[board] = results + adjusted
    most = max((len(v) for v in scored.values()), default=0)
    result.lines_most = most
    if most < 2:
        return result
    top = 2.0 * (most - 1)
    result.top = top
    results = [i for i in sorted(good) if kind(lines[i]) == "R" and lines[i].board in scored]
    for i in results:
        result.score[i] = ns_score(lines[i])
    if results:
        mps = matchpoints(
            [lines[i].board for i in results],
            results,
            [result.score[i] for i in results],
            expected=most,
        )
        for board, entry, value in zip(mps.board, mps.entry, mps.value, strict=True):
            del board
            result.ns_mp[int(entry)] = float(value)
            result.ew_mp[int(entry)] = top - float(value)
    for i in sorted(good):
        if kind(lines[i]) == "A" and lines[i].board in scored:
            shares = parse_adjusted(lines[i].entered)
            assert shares is not None
            result.ns_mp[i] = shares.ns_percent / 100 * top
            result.ew_mp[i] = shares.ew_percent / 100 * top
    for i in result.ns_mp:
        for number, mp, side in (
            (lines[i].ns, result.ns_mp[i], "NS"),
            (lines[i].ew, result.ew_mp[i], "EW"),
        ):
            pair = (side if movement == "mitchell" else "", number)
            result.boards[pair] = result.boards.get(pair, 0) + 1
            result.mp[pair] = result.mp.get(pair, 0.0) + mp
    return result


def percent(expected: Expected, pair: tuple[str, int]) -> float:
    return expected.mp[pair] / (expected.boards[pair] * expected.top) * 100


def shown_total(expected: Expected, pair: tuple[str, int]) -> float:
    """The pair's total as shown: factored to the most boards of its list (a pair that played
    fewer: total × most / its boards, to two decimals, halves away from zero)."""
    most = max(boards for (group, _), boards in expected.boards.items() if group == pair[0])
    played = expected.boards[pair]
    if played == most:
        return expected.mp[pair]
    return float(shown_percent(expected.mp[pair] * most / played))


def shown_percent(value: float) -> Decimal:
    """A value as shown and ranked: to two decimals, halves away from zero, as a spreadsheet's
    ROUND. The values are sums of fractions computed in binary, so an exact half (2153/40 =
    53.825) may arrive a hair below it (53.824999999999996): the hundredths are taken to six
    decimals first, so that it is rounded as the half it is."""
    hundredths = Decimal(repr(round(value * 100, 6)))
    return (hundredths.quantize(Decimal(1), rounding=ROUND_HALF_UP) / 100).quantize(Decimal("0.01"))


def ranking(expected: Expected) -> dict[str, list[tuple[str, int]]]:
    """Each list's (place, pair) rows in order: higher percentage first, equal ones (to two
    decimals) share a place written "3=" and are listed by pair number."""
    lists: dict[str, list[tuple[str, int]]] = defaultdict(list)
    keys = {pair: shown_percent(percent(expected, pair)) for pair in expected.mp}
    for group in {group for group, _ in keys}:
        pairs = sorted((p for p in keys if p[0] == group), key=lambda p: (-keys[p], p[1]))
        for pair in pairs:
            place = 1 + sum(keys[other] > keys[pair] for other in pairs)
            equal = sum(keys[other] == keys[pair] for other in pairs)
            lists[group].append((f"{place}{'=' if equal > 1 else ''}", pair[1]))
    return dict(lists)


# --------------------------------------------------------------------------------------------
# Typing and reading


def fill(book: PairsSessionBook, lines: list[Line]) -> None:
    sheet = book.workbook[TRAVELLER_SHEET]
    typed = {}
    for number, line in enumerate(lines, start=1):
        row = book.line_row(number)
        for key, value in zip(TRAVELLER_INPUTS, line.values(), strict=True):
            if value is not None:
                typed[f"{TRAVELLER[key]}{row}"] = value
    type_in(sheet, typed)


def line_values(values: Any, book: PairsSessionBook, number: int) -> dict[str, Any]:
    sheet, row = values[TRAVELLER_SHEET], book.line_row(number)
    return {key: sheet[f"{letter}{row}"].value for key, letter in TRAVELLER.items()}


def assert_matches(values: Any, book: PairsSessionBook, lines: list[Line], good: set[int]) -> None:
    """Every line, board figure, pair row and ranking row equals the reference."""
    expected = reference(lines, good, book.movement)
    for i, _line in enumerate(lines):
        got = line_values(values, book, i + 1)
        where = (i + 1, lines[i])
        if i in expected.ns_mp:
            assert got["check"] == "ok", where
            if i in expected.score:
                assert got["ns_score"] == pytest.approx(expected.score[i], abs=1e-9), where
            else:
                assert blank(got["ns_score"]), where
            assert got["ns_mp"] == pytest.approx(expected.ns_mp[i], abs=1e-9), where
            assert got["ew_mp"] == pytest.approx(expected.ew_mp[i], abs=1e-9), where
        else:
            assert blank(got["ns_mp"]) and blank(got["ew_mp"]), where
            if i in good and kind(lines[i]) == "N":
                assert got["check"] == "not played", where
    boards = values[BOARDS_SHEET]
    assert boards[E_CELL].value == expected.lines_most
    if expected.top:
        assert boards[TOP_CELL].value == expected.top
    pairs = values[PAIRS_SHEET]
    for direction, number, row in book.pair_rows():
        got = {key: pairs[f"{letter}{row}"].value for key, letter in PAIRS.items()}
        pair = (direction, number)
        if direction:
            assert got["sat"] == direction
        if pair not in expected.mp:
            assert all(blank(got[k]) for k in ("boards", "mp", "top", "percent", "place")), pair
            continue
        assert got["boards"] == expected.boards[pair], pair
        assert got["mp"] == pytest.approx(shown_total(expected, pair), abs=1e-9), pair
        assert got["top"] == pytest.approx(expected.boards[pair] * expected.top, abs=1e-9)
        assert got["percent"] == pytest.approx(percent(expected, pair), abs=1e-9), pair
    assert_ranking(values, book, expected)


def assert_ranking(values: Any, book: PairsSessionBook, expected: Expected) -> None:
    sheet = values[RANKING_SHEET]
    want = ranking(expected)
    for group, rows in book.ranking_rows().items():
        listed = want.get(group, [])
        for position, row in enumerate(rows):
            got = {key: sheet[f"{RANKING[key]}{row}"].value for key in RANKING}
            if position >= len(listed):
                assert all(blank(value) for value in got.values()), (group, row, got)
                continue
            place, number = listed[position]
            pair = (group, number)
            assert (got["place"], got["pair"]) == (place, number), (group, position)
            assert got["boards"] == expected.boards[pair]
            assert got["mp"] == pytest.approx(shown_total(expected, pair), abs=1e-9)
            assert got["top"] == pytest.approx(expected.boards[pair] * expected.top, abs=1e-9)
            assert got["percent"] == pytest.approx(percent(expected, pair), abs=1e-9)


# --------------------------------------------------------------------------------------------
# Random evenings


def contract_line(rng: np.random.Generator, board: int, ns: int, ew: int) -> Line:
    """A contract in one of the notations, with declarer and tricks; sometimes passed out,
    sometimes typed as the NS score instead, sometimes both (they agree)."""
    if rng.random() < 0.04:
        return Line(board, ns, ew, str(rng.choice(["PASS", "P", "AP", "pass"])))
    level = int(rng.choice([1, 2, 3, 3, 4, 4, 4, 5, 6, 7]))
    strain = str(rng.choice(list(STRAIN_SPELLINGS)))
    doubled = int(rng.choice([0, 0, 0, 0, 1, 1, 2]))
    spelling = str(rng.choice(STRAIN_SPELLINGS[strain]))
    gap = str(rng.choice(["", "", " "]))
    contract = f"{level}{gap}{spelling}{rng.choice(DOUBLING_SPELLINGS[doubled])}"
    by = str(rng.choice(list(SEATS + "ns")))
    tricks = int(np.clip(level + 6 + rng.choice([-4, -3, -2, -1, -1, 0, 0, 0, 1, 1, 2]), 0, 13))
    line = Line(board, ns, ew, contract, by, tricks)
    style = rng.random()
    if style < 0.15:
        return Line(board, ns, ew, entered=int(ns_score(line)))
    if style < 0.25:
        line.entered = int(ns_score(line))
    return line


def board_results(
    rng: np.random.Generator, board: int, tables: list[tuple[int, int]]
) -> list[Line]:
    """A board's lines: a few contracts repeat (ties), some adjusted or not played."""
    pool = [contract_line(rng, board, 0, 0) for _ in range(3)]
    lines = []
    for ns, ew in tables:
        roll = rng.random()
        if roll < 0.06:
            lines.append(Line(board, ns, ew, entered=str(rng.choice(ADJUSTED_SPELLINGS))))
        elif roll < 0.09:
            lines.append(Line(board, ns, ew, entered="NP"))
        elif roll < 0.6:
            template = pool[int(rng.integers(len(pool)))]
            lines.append(Line(board, ns, ew, *template.values()[3:]))
        else:
            lines.append(contract_line(rng, board, ns, ew))
    return lines


def random_evening(seed: int, book: PairsSessionBook) -> list[Line]:
    """Every board at every table (a Mitchell: NS 1..T and EW 1..T, EW moving; a Howell:
    random pairings), a few lines left out so some boards are played fewer times, typed in shuffled
    order."""
    rng = np.random.default_rng(seed)
    tables = book.pairs // 2
    lines: list[Line] = []
    for board in range(1, book.boards + 1):
        if book.movement == "mitchell":
            seats = [(t, 1 + (t + board) % tables) for t in range(1, tables + 1)]
        else:
            order = [int(p) for p in rng.permutation(book.pairs) + 1]
            seats = [(order[2 * t], order[2 * t + 1]) for t in range(tables)]
        played = board_results(rng, board, seats)
        if board % 3 == 0:
            played = played[: int(rng.integers(1, len(played)))]  # fewer tables played it
        lines += played
    if book.boards >= 2:
        lines = [x for x in lines if x.board != 2] + [Line(2, 1, book.numbers, "3NT", "N", 9)]
        lines += [Line(2, 2, book.numbers - 1, entered="A60/40")]  # a lone result + adjusted
    typed_order = rng.permutation(len(lines))
    return [lines[int(i)] for i in typed_order]


@pytest.mark.parametrize(
    ("movement", "pairs", "boards", "seed"),
    [("mitchell", 16, 14, 11), ("howell", 13, 12, 5)],
    ids=["mitchell-16-pairs", "howell-13-pairs"],
)
def test_random_evening_matches_core(
    libreoffice, tmp_path: Path, movement: str, pairs: int, boards: int, seed: int
) -> None:
    book = build_pairs_session(pairs=pairs, boards=boards, movement=movement)
    lines = random_evening(seed, book)
    assert len(lines) <= book.lines
    fill(book, lines)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "pairs.xlsx")
    assert_matches(values, book, lines, set(range(len(lines))))
    kinds = {kind(line) for line in lines}
    assert kinds == {"R", "A", "N"}
    # Boards played fewer times were Neuberg-factored.
    expected = reference(lines, set(range(len(lines))), movement)
    assert any(float(v) != round(v) for v in expected.ns_mp.values())
    assert_invariants(values, book, lines, expected)


def assert_invariants(
    values: Any, book: PairsSessionBook, lines: list[Line], expected: Expected, ties: bool = True
) -> None:
    """What holds whatever the scores: NS + EW = the top on a result line, the shares' sum
    of it on an adjusted line; a board's A results share A·(E − 1) matchpoints (Neuberg keeps
    the average); and ties (equal scores) get equal matchpoints."""
    top, per_board, seen = expected.top, defaultdict(list), defaultdict(list)
    for i, line in enumerate(lines):
        got = line_values(values, book, i + 1)
        if i not in expected.ns_mp:
            continue
        if kind(line) == "R":
            assert got["ns_mp"] + got["ew_mp"] == pytest.approx(top, abs=1e-9)
            per_board[line.board].append(got["ns_mp"])
            seen[(line.board, got["ns_score"])].append(got["ns_mp"])
        else:
            adjusted = parse_adjusted(line.entered)
            assert adjusted is not None
            share = (adjusted.ns_percent + adjusted.ew_percent) / 100
            assert got["ns_mp"] + got["ew_mp"] == pytest.approx(share * top, abs=1e-9)
    for board, mps in per_board.items():
        assert sum(mps) == pytest.approx(len(mps) * top / 2, abs=1e-9), board
    for mps in seen.values():
        assert mps == pytest.approx([mps[0]] * len(mps), abs=1e-9)
    assert not ties or any(len(mps) > 1 for mps in seen.values())  # there were ties


# Each example is one LibreOffice recalculation: few examples and no shrinking (a failure
# prints the seed and the shape, which random_evening turns back into the lines).
@settings(
    max_examples=4,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    movement=st.sampled_from(["mitchell", "howell"]),
    pairs=st.integers(5, 15),
    boards=st.integers(2, 9),
)
# Pair 14's 35 53/60 over 6 of 9 boards is exactly 53.825: the spreadsheet and the core show
# 53.83; this reference once took the product computed a hair below the half and said 53.82.
@example(seed=33554433, movement="howell", pairs=15, boards=9)
def test_any_evening_matches_core(
    libreoffice,
    tmp_path_factory: pytest.TempPathFactory,
    seed: int,
    movement: str,
    pairs: int,
    boards: int,
) -> None:
    """Evenings of any size (odd numbers of pairs included) match the reference and keep the
    invariants."""
    book = build_pairs_session(pairs=pairs, boards=boards, movement=movement)
    lines = random_evening(seed, book)
    fill(book, lines)
    path = tmp_path_factory.mktemp("evening") / "pairs.xlsx"
    values = checks.recalculated(libreoffice, book.workbook, path)
    assert_matches(values, book, lines, set(range(len(lines))))
    expected = reference(lines, set(range(len(lines))), movement)
    assert_invariants(values, book, lines, expected, ties=False)


# --------------------------------------------------------------------------------------------
# Worked by hand


def test_worked_example(libreoffice, tmp_path: Path) -> None:
    """A 4-pair Howell worked out by hand, independently of the core. E = 2 lines on every
    board, so the top is 2.

    - Board 1 (none vulnerable): 4S= by N +420 (1 v 2) beats 3NT= by S +400 (3 v 4): NS 2
      and 0, EW 0 and 2.
    - Board 2 (NS vulnerable): 4HX-1 by S, doubled vulnerable down one, -200 (1 v 3), and
      A60/40 (2 v 4). The one result is factored from 1 to 2 results,
      MP' = (0 + 1)·2/1 − 1 = 1 each way; the adjusted line gets 60 % and 40 % of 2.
    - Board 3 (EW vulnerable): 1NT+1 by W, -120, at both tables (1 v 4, 2 v 3): 1 each.
    - Board 4: passed out at both tables (1 v 2, 3 v 4): 1 each.

    Pair 1: 2 + 1 + 1 + 1 = 5 of 8, 62.5 %; pair 2: 0 + 1.2 + 1 + 1 = 3.2, 40 %;
    pair 3: 0 + 1 + 1 + 1 = 3, 37.5 %; pair 4: 2 + 0.8 + 1 + 1 = 4.8, 60 %.
    Pairs 5 and 6 did not play: their ranking rows stay blank.
    """
    book = build_pairs_session(pairs=6, boards=4, movement="howell")
    lines = [
        Line(1, 1, 2, "4S", "N", 10),
        Line(1, 3, 4, "3NT", "S", 9),
        Line(2, 1, 3, "4HX", "S", 9),
        Line(2, 2, 4, entered="A60/40"),
        Line(3, 1, 4, "1NT", "W", 8),
        Line(3, 2, 3, "1N", "w", 8),
        Line(4, 1, 2, "PASS"),
        Line(4, 3, 4, "AP"),
    ]
    fill(book, lines)
    names = {"B3": "=Smith & Jones", "B4": "Ann Brown – Bob Green, Much Wenlock Bridge Club"}
    type_in(book.workbook[PAIRS_SHEET], names)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "pairs.xlsx")
    ns_mp = [line_values(values, book, n)["ns_mp"] for n in range(1, 9)]
    assert ns_mp == pytest.approx([2, 0, 1, 1.2, 1, 1, 1, 1], abs=1e-9)
    scores = [line_values(values, book, n)["ns_score"] for n in range(1, 9)]
    assert scores[:3] + scores[4:] == [420, 400, -200, -120, -120, 0, 0]
    pairs = values[PAIRS_SHEET]
    percents = [pairs[f"{PAIRS['percent']}{book.pair_row(p)}"].value for p in range(1, 5)]
    assert percents == pytest.approx([62.5, 40, 37.5, 60], abs=1e-9)
    ranking_sheet = values[RANKING_SHEET]
    rows = book.ranking_rows()[""]
    listed = [
        tuple(
            None if blank(value) else value
            for value in (
                ranking_sheet[f"{RANKING[k]}{row}"].value for k in ("place", "pair", "name")
            )
        )
        for row in rows
    ]
    assert listed[:4] == [
        ("1", 1, "=Smith & Jones"),
        ("2", 4, None),
        ("3", 2, "Ann Brown – Bob Green, Much Wenlock Bridge Club"),
        ("4", 3, None),
    ]
    assert all(all(blank(v) for v in row) for row in listed[4:])  # pairs 5 and 6: blank
    assert_matches(values, book, lines, set(range(len(lines))))


def test_equal_percentages_share_a_place(libreoffice, tmp_path: Path) -> None:
    """Two tables, two boards, the same result everywhere: every pair 50 %, all "1="; and a
    Mitchell ranks NS and EW apart."""
    book = build_pairs_session(pairs=8, boards=2, movement="mitchell")
    lines = [
        Line(board, ns, ew, "4S", "N", 10)
        for board in (1, 2)
        for ns, ew in ((1, 1), (2, 2), (3, 3))
    ] + [Line(1, 4, 4, "4S", "N", 11), Line(2, 4, 4, "4S", "N", 9)]
    fill(book, lines)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "pairs.xlsx")
    sheet = values[RANKING_SHEET]
    ranked = {
        group: [
            (sheet[f"{RANKING['place']}{r}"].value, sheet[f"{RANKING['pair']}{r}"].value)
            for r in rows
        ]
        for group, rows in book.ranking_rows().items()
    }
    # Board 1 (none vul.): NS 4 v EW 4 +450 tops NS (6 of 6), the three +420s 2 each; board 2
    # (NS vul.): NS 4 -100 gets 0, the three +620s 4 each. NS 1-3: 2 + 4 = 6 of 12 = 50 %
    # each; NS 4: 6 + 0 = 50 % too; EW likewise (1-3: 4 + 2; 4: 0 + 6).
    assert ranked["NS"] == [("1=", 1), ("1=", 2), ("1=", 3), ("1=", 4)]
    assert ranked["EW"] == [("1=", 1), ("1=", 2), ("1=", 3), ("1=", 4)]
    assert_matches(values, book, lines, set(range(len(lines))))


# --------------------------------------------------------------------------------------------
# Bad lines: the Check says what is wrong and the line scores nothing

# Check messages that recur below.
CONTRACT = "Contract not understood: type e.g. 4S, 3NT, 4HX, 2DXX or PASS"
TRICKS = "Result must be the tricks taken (0-13) or a result such as =, +1 or -2"
SCORE = "Score must be a number, an adjusted score (A60/40, A+/A-) or NP"
ADJUSTED = "Adjusted score: 60, 50 or 40 a side (A60/40, A+/A-) or NP"
ADJUSTED_ALONE = "An adjusted score takes no contract, By or Tricks"

#: Bad lines, each on a board of its own (board ``...``) unless it names one.
BAD_LINES = [
    (Line(..., 9, 10, "5Z", "N", 11), CONTRACT),
    (Line(..., 9, 10, "8S", "N", 11), CONTRACT),
    (Line(..., 9, 10, "4S=", "N", 10), CONTRACT),
    (Line(..., 9, 10, True, "N", 10), CONTRACT),
    (Line(..., 9, 10, "4S", "X", 10), "By must be N, E, S or W"),
    (Line(..., 9, 10, "4S", "NS", 10), "By must be N, E, S or W"),
    (Line(..., 9, 10, "4S", None, 10), "By is blank"),
    (Line(..., 9, 10, "4S", "N", 14), TRICKS),
    (Line(..., 9, 10, "4s", "N", "+4"), "Result +4 is impossible for 4S: it means 14 tricks"),
    (Line(..., 9, 10, "4S", "N", "+0"), TRICKS),
    (Line(..., 9, 10, "4S", "N", 9.5), TRICKS),
    (Line(..., 9, 10, "4S", "N"), "Tricks is blank"),
    (Line(..., 9, 10, "PASS", "N", 7), "A passed-out board takes no By or Tricks"),
    (Line(..., 9, 9, "4S", "N", 10), "NS and EW are the same pair"),
    (Line(4, 11, 12, "4S", "N", 10), "Pair 11 has another line on board 4"),
    (Line(4, 11, 10, "4S", "N", 10), "Pair 11 has another line on board 4"),
    (Line(3, 9, 12, "4S", "N", 10), "Pair 12 has another line on board 3"),
    (Line(3, 10, 12, "4S", "N", 10), "Pair 12 has another line on board 3"),
    (Line(0, 9, 10, "4S", "N", 10), "Board must be a whole number from 1 to 40"),
    (Line("1", 9, 10, "4S", "N", 10), "Board must be a whole number from 1 to 40"),
    (Line(1e308, 9, 10, "4S", "N", 10), "Board must be a whole number from 1 to 40"),
    (Line(None, 9, 10, "4S", "N", 10), "Board is blank"),
    (Line(..., 13, 10, "4S", "N", 10), "NS pair must be a whole number from 1 to 12"),
    (Line(..., 9, True, "4S", "N", 10), "EW pair must be a whole number from 1 to 12"),
    (Line(..., 9, None, "4S", "N", 10), "EW pair is blank"),
    (Line(..., 9, 10), "No result yet: type a contract, a score, an adjusted score or NP"),
    (Line(..., 9, 10, entered=425), "Score must be a multiple of 10 from -7600 to 7600"),
    (Line(..., 9, 10, entered=7610), "Score must be a multiple of 10 from -7600 to 7600"),
    (Line(..., 9, 10, entered="420"), SCORE),
    (Line(..., 9, 10, entered=True), SCORE),
    (Line(..., 9, 10, entered="A70"), ADJUSTED),
    (Line(..., 9, 10, entered="A120/40"), ADJUSTED),
    (Line(..., 9, 10, "4S", "N", 10, "A60/40"), ADJUSTED_ALONE),
    (Line(..., 9, 10, "4S", "N", 10, "NP"), "NP takes no contract, By or Tricks"),
    (Line(..., 9, 10, None, "N", 10, 420), "Contract is blank (By and Tricks need one)"),
    (Line(..., 9, 10, "4S", "N", 10, 620), "Contract scores 420 for NS, not 620"),
]


def test_bad_lines_say_what_is_wrong_and_score_nothing(libreoffice, tmp_path: Path) -> None:
    book = build_pairs_session(pairs=12, boards=40, movement="howell")
    good = [
        Line(1, 1, 2, "4S", "N", 10),
        Line(1, 3, 4, "4S", "N", 11),
        Line(1, 5, 6, "4S", "N", 9),
        Line(2, 1, 3, "3NT", "E", 9),
        Line(2, 2, 4, "3NT", "E", 10),
        Line(3, 7, 8, "2H", "S", 8),  # a lone result: nothing to compare it with
    ]
    bad = [line for line, _ in BAD_LINES]
    for board, line in enumerate(bad, start=5):
        if line.board is ...:
            line.board = board
    lines = good + bad
    fill(book, lines)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "pairs.xlsx")
    for number, (line, message) in enumerate(BAD_LINES, start=len(good) + 1):
        got = line_values(values, book, number)
        assert got["check"] == message, (line, got["check"])
        assert all(blank(got[key]) for key in ("ns_score", "ns_mp", "ew_mp")), line
    lone = line_values(values, book, len(good))
    assert lone["check"] == "Only result on board 3: nothing to compare it with"
    # The good lines score as if the bad ones were not there (pair 1 and 2 keep board 1).
    assert_matches(values, book, lines, set(range(len(good))))


def test_a_mitchell_numbers_each_direction(libreoffice, tmp_path: Path) -> None:
    """NS 1 and EW 1 are two pairs; a pair twice on one board in its direction is flagged."""
    book = build_pairs_session(pairs=8, boards=2, movement="mitchell")
    lines = [
        Line(1, 1, 1, "4S", "N", 10),
        Line(1, 2, 2, "4S", "N", 11),
        Line(1, 3, 3, "4S", "N", 10),
        Line(1, 3, 4, "4S", "N", 10),
        Line(2, 1, 2, "4S", "N", 10),
        Line(2, 2, 2, "4S", "N", 10),
        Line(2, 4, 5, "4S", "N", 10),
    ]
    fill(book, lines)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "pairs.xlsx")
    assert [line_values(values, book, n)["check"] for n in range(1, 8)] == [
        "ok",
        "ok",
        "NS pair 3 has another line on board 1",
        "NS pair 3 has another line on board 1",
        "EW pair 2 has another line on board 2",
        "EW pair 2 has another line on board 2",
        "EW pair must be a whole number from 1 to 4",
    ]
    assert_matches(values, book, lines, {0, 1})
    pairs = values[PAIRS_SHEET]
    assert pairs[f"{PAIRS['percent']}{book.pair_row(1, 'NS')}"].value == 0
    assert pairs[f"{PAIRS['percent']}{book.pair_row(1, 'EW')}"].value == 100


def test_error_values_in_inputs_are_named(libreoffice, tmp_path: Path) -> None:
    book = build_pairs_session(pairs=4, boards=2, movement="howell")
    lines = [Line(1, 1, 2, "4S", "N", 10), Line(1, 3, 4, "4S", "N", 9)]
    fill(book, lines)
    sheet = book.workbook[TRAVELLER_SHEET]
    cell = sheet[f"{TRAVELLER['tricks']}{book.line_row(2)}"]
    cell.value, cell.data_type = "#N/A", "e"
    path = tmp_path / "pairs.xlsx"
    book.workbook.save(path)
    result = libreoffice.recalc(path)
    errors = [e for e in error_cells(result) if not e.startswith(f"{TRAVELLER_SHEET}!")]
    assert errors == []
    values = read_values(result)
    got = line_values(values, book, 2)
    assert got["check"] == "A cell of this line holds an error value"
    assert (
        line_values(values, book, 1)["check"]
        == "Only result on board 1: nothing to compare it with"
    )
    visible = [c.key for c in TRAVELLER_COLUMNS if not c.is_input]
    for number in (1, 2):
        row = line_values(values, book, number)
        assert not any(isinstance(row[key], str) and row[key].startswith("#") for key in visible)


# --------------------------------------------------------------------------------------------
# Structure (no recalculation)


@pytest.mark.parametrize("movement", ["mitchell", "howell"])
def test_inputs_unlocked_formulas_locked_validated_and_styled(movement: str) -> None:
    book = build_pairs_session(pairs=10, boards=3, movement=movement)
    workbook = book.workbook
    assert workbook.sheetnames == list(SHEETS)
    traveller = workbook[TRAVELLER_SHEET]
    rows = range(book.line_row(1), book.line_row(book.lines) + 1)
    assert book.lines == 3 * 5
    checks.assert_only_inputs_unlocked(traveller, checks.cells(TRAVELLER, TRAVELLER_INPUTS, rows))
    pair_rows = [row for _, _, row in book.pair_rows()]
    checks.assert_only_inputs_unlocked(
        workbook[PAIRS_SHEET], checks.cells(PAIRS, ["name"], pair_rows)
    )
    for name in (BOARDS_SHEET, RANKING_SHEET):
        checks.assert_only_inputs_unlocked(workbook[name], ())
    checks.assert_protected(workbook.worksheets)
    checks.assert_allowed_functions(workbook, ALLOWED_FUNCTIONS)
    rules = checks.rules_by_cell(traveller)
    first = book.line_row(1)
    for key, kind_ in (
        ("board", "whole"),
        ("ns_pair", "whole"),
        ("ew_pair", "whole"),
        ("contract", "textLength"),
        ("by", "list"),
        ("tricks", "custom"),
        ("entered", "custom"),
    ):
        assert rules[f"{TRAVELLER[key]}{first}"].type == kind_, key
    assert traveller[f"{TRAVELLER['tricks']}{first}"].number_format == "@"  # +1 stays "+1"
    assert rules[f"{TRAVELLER['ns_pair']}{first}"].formula2 == str(book.numbers)
    assert book.numbers == (5 if movement == "mitchell" else 10)
    assert traveller.freeze_panes == f"A{first}"
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if cell.value is not None:
                    font: Font = cell.font
                    assert font.name == FONT_NAME and font.sz >= MIN_FONT_SIZE, (
                        sheet.title,
                        cell.coordinate,
                    )
    assert workbook[PAIRS_SHEET].column_dimensions[PAIRS["name"]].width >= 40
    assert workbook[RANKING_SHEET].column_dimensions[RANKING["name"]].width >= 40


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_print_setup(paper: str) -> None:
    book = build_pairs_session(paper=paper)
    for name in SHEETS:
        sheet = book.workbook[name]
        checks.assert_printable(sheet, paper)
        assert sheet.print_title_rows, name
    ranking = book.workbook[RANKING_SHEET]
    assert str(ranking.print_area).endswith(f"$G${book.ranking_rows()['EW'][-1]}")


@pytest.mark.parametrize(
    "arguments",
    [
        {"pairs": 3},
        {"pairs": 101},
        {"boards": 0},
        {"boards": 2.5},
        {"movement": "relay"},
        {"paper": "a3"},
    ],
)
def test_bad_arguments_are_rejected(arguments: dict[str, Any]) -> None:
    with pytest.raises(InputError):
        build_pairs_session(**arguments)


# --------------------------------------------------------------------------------------------
# Printed


def test_printed_pages_show_every_heading_whole(libreoffice, tmp_path: Path) -> None:
    rendering.poppler("pdftotext")  # skipped without poppler-utils, before LibreOffice prints
    book = build_pairs_session(pairs=10, boards=6, movement="mitchell")
    path = tmp_path / "pairs.xlsx"
    book.workbook.save(path)
    pdf = rendering.pdf(libreoffice, path)  # every sheet's print area, as LibreOffice prints
    text = rendering.pdf_text(pdf)
    words = set(text.split())
    for columns in (TRAVELLER_COLUMNS, BOARDS_COLUMNS, PAIRS_COLUMNS, RANKING_COLUMNS):
        for column in columns:
            if columns is TRAVELLER_COLUMNS and column.key in ("round", "table"):
                continue  # filled from a movement only; hidden without one
            for word in column.header.split():
                assert word in words, column.header
    for label in ("North-South", "East-West", "E (most lines)", "Top of every board"):
        assert all(word in words for word in label.split()), label
    assert "working" not in text and "problem" not in text  # working columns are not printed


# --------------------------------------------------------------------------------------------
# On the command line


def test_template_command_writes_the_workbook(tmp_path: Path) -> None:
    out = tmp_path / "evening.xlsx"
    options = ["--pairs", "14", "--boards", "26", "--movement", "howell"]
    assert main(["template", "pairs-session", "-o", str(out), *options]) == 0
    workbook = load_workbook(out)
    assert workbook.sheetnames == list(SHEETS)
    assert workbook[TRAVELLER_SHEET].max_row == FIRST_ROW - 1 + 26 * 7
    assert main(["template", "pairs-session", "-o", str(out), *options]) == 2  # needs --force
    assert main(["template", "pairs-session", "-o", str(out), *options, "--force"]) == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--pairs", "3"], "pairs must be a whole number from 4 to 100, got 3"),
        (["--pairs", "12.5"], "pairs must be a whole number from 4 to 100, got 12.5"),
        (["--boards", "65"], "boards must be a whole number from 1 to 64, got 65"),
        (["--movement", "relay"], "movement must be one of mitchell, howell; got 'relay'"),
        (["--teams", "8"], "template pairs-session does not take --teams"),
    ],
)
def test_template_command_rejects_bad_options_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    out = tmp_path / "evening.xlsx"
    assert main(["template", "pairs-session", "-o", str(out), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not out.exists()
    assert main(["template", "league", "-o", str(out), "--pairs", "8"]) == 2


# --------------------------------------------------------------------------------------------
# The example evenings, typed in, against the core's whole session (xlbridge session)

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def example_lines(name: str) -> list[Line]:
    """The committed example traveller as a scorer types it: the result relative to the
    contract (=, +1, -2) becomes the tricks declarer took."""
    with open(EXAMPLES / f"{name}.csv", encoding="utf-8", newline="") as file:
        rows = [{key.lower(): value for key, value in row.items()} for row in csv.DictReader(file)]
    lines = []
    for row in rows:
        ns, ew = int(row.get("ns_pair") or row["ns"]), int(row.get("ew_pair") or row["ew"])
        contract = row["contract"] or None
        by = row.get("declarer") or row.get("by") or None
        tricks: int | None = None
        if row.get("tricks"):
            tricks = int(row["tricks"])
        elif row.get("result"):
            level = parse_contract(contract).level
            relative = 0 if row["result"] == "=" else int(row["result"])
            tricks = level + 6 + relative
        score = row.get("ns_score") if "ns_score" in row else row.get("score")
        entered: Any = None
        if score:
            entered = int(score) if score.lstrip("-").isdigit() else score
        lines.append(Line(int(row["board"]), ns, ew, contract, by, tricks, entered))
    return lines


@pytest.mark.parametrize(
    ("name", "movement", "pairs", "boards"),
    [("howell", "howell", 14, 26), ("mitchell", "mitchell", 22, 22)],
)
def test_example_evening_ranks_as_the_session_command(
    libreoffice, tmp_path: Path, name: str, movement: str, pairs: int, boards: int
) -> None:
    result, _ = example_session(name)
    book = build_pairs_session(pairs=pairs, boards=boards, movement=movement)
    lines = example_lines(name)
    fill(book, lines)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / f"{name}.xlsx")
    assert all(
        line_values(values, book, n + 1)["check"] in ("ok", "not played") for n in range(len(lines))
    )
    assert result.winners == (2 if movement == "mitchell" else 1)
    pairs_sheet = values[PAIRS_SHEET]
    for pair in result.pairs:
        row = book.pair_row(int(pair.pair), pair.direction)
        got = {key: pairs_sheet[f"{letter}{row}"].value for key, letter in PAIRS.items()}
        where = (pair.direction, pair.pair)
        assert got["boards"] == pair.boards, where
        assert got["mp"] == pytest.approx(pair.score, abs=1e-9), where
        assert got["top"] == pytest.approx(pair.top, abs=1e-9), where
        assert got["percent"] == pytest.approx(pair.percentage, abs=1e-9), where
        assert got["place"] == pair.place, where
    ranking_sheet = values[RANKING_SHEET]
    for direction, rows in book.ranking_rows().items():
        ranked = result.ranking(direction=direction or None)
        listed = [
            (
                ranking_sheet[f"{RANKING['place']}{row}"].value,
                ranking_sheet[f"{RANKING['pair']}{row}"].value,
            )
            for row in rows[: len(ranked)]
        ]
        assert listed == [(pair.place, int(pair.pair)) for pair in ranked], direction
    assert_matches(values, book, lines, set(range(len(lines))))
