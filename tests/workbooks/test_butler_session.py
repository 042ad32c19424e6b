"""The Butler / cross-IMP pairs session workbook, recalculated by LibreOffice.

Results typed into a built workbook are recalculated by LibreOffice Calc and must equal the
core (:mod:`xlbridge.scoring.boards.datums`) row by row, and the pair totals the sums of the core's
rows.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import workbook_checks as checks
from workbook_checks import blank

from xlbridge.errors import InputError
from xlbridge.scoring.boards.cross_imps import cross_imps
from xlbridge.scoring.boards.datums import butler_imps, datum
from xlbridge.workbooks.butler_session import (
    BOARDS,
    BOARDS_SHEET,
    BUTLER_RANKING_SHEET,
    CROSS_RANKING_SHEET,
    DATUM_ROUNDING,
    FIRST_ROW,
    IMP_SHEET,
    PAIRS,
    PAIRS_SHEET,
    SCORE_INPUTS,
    SCORES,
    SCORES_SHEET,
    ButlerSessionBook,
    build_butler_session,
)
from xlbridge.workbooks.kit.ranking import FIRST_ROW as RANKING_FIRST_ROW

SHEETS = (
    SCORES_SHEET,
    BOARDS_SHEET,
    PAIRS_SHEET,
    BUTLER_RANKING_SHEET,
    CROSS_RANKING_SHEET,
    IMP_SHEET,
)
SCORE_RESULTS = ("datum", "ns_butler", "ew_butler", "ns_cross", "ew_cross")
#: Functions a formula may call: all in Excel 2007/2010 without the _xlfn. prefix.
ALLOWED_FUNCTIONS = {
    "ABS",
    "COUNT",
    "COUNTIF",
    "COUNTIFS",
    "IF",
    "ISNUMBER",
    "LOOKUP",
    "MAX",
    "MIN",
    "MOD",
    "OR",
    "ROUND",
    "SIGN",
    "SUM",
    "SUMIFS",
    "SUMPRODUCT",
    "IFERROR",
    "INDEX",
    "MATCH",
    "ROWS",
}
#: Plausible scores, few enough that random boards have ties.
SCORE_POOL = (
    -1100,
    -800,
    -500,
    -200,
    -100,
    -50,
    90,
    110,
    140,
    170,
    400,
    420,
    450,
    480,
    620,
    650,
    680,
    980,
    1430,
    1440,
    2210,
)


@dataclass(frozen=True)
class Result:
    """One table's result as typed into the Scores sheet."""

    board: int
    table: int
    ns_pair: int
    ew_pair: int
    score: int | None  # None: not played (pair numbers typed all the same)


@dataclass(frozen=True)
class RowValues:
    """What the core says one scored row of the Scores sheet must show (NS side)."""

    datum: float
    butler: float
    cross: float


# --------------------------------------------------------------------------------------------
# Helpers


def mitchell(board: int, table: int, tables: int) -> tuple[int, int]:
    """NS and EW pair numbers: NS pairs 1..tables sit still, EW pairs move one table a round."""
    return table, tables + 1 + (table + board) % tables


def fill(book: ButlerSessionBook, results: list[Result]) -> None:
    """Type the results into the Scores sheet."""
    sheet = book.workbook[SCORES_SHEET]
    for result in results:
        row = book.score_row(result.board, result.table)
        sheet[f"{SCORES['ns_pair']}{row}"] = result.ns_pair
        sheet[f"{SCORES['ew_pair']}{row}"] = result.ew_pair
        sheet[f"{SCORES['ns_score']}{row}"] = result.score


def scored(results: list[Result]) -> list[Result]:
    """The results on boards with at least 2 scores (the core rejects a lone score)."""
    played = [r for r in results if r.score is not None]
    per_board = Counter(r.board for r in played)
    return [r for r in played if per_board[r.board] >= 2]


def core_rows(results: list[Result], rounding: str = "away") -> dict[tuple[int, int], RowValues]:
    """The core's datum, Butler IMPs and cross-IMPs of every scored (board, table)."""
    rows = scored(results)
    if not rows:
        return {}
    board = np.array([r.board for r in rows])
    table = np.array([r.table for r in rows])
    score = np.array([r.score for r in rows], dtype=float)
    datums = dict(zip(*datum(board, table, score, method="butler", rounding=rounding), strict=True))
    butler = butler_imps(board, table, score, rounding=rounding)
    cross = cross_imps(board, table, score, divisor="comparisons")
    return {
        (b, t): RowValues(datums[b], butler_value, cross_value)
        for b, t, butler_value, cross_value in zip(
            butler.board, butler.entry, butler.value, cross.value, strict=True
        )
    }


def assert_scores_match(
    values: Any, book: ButlerSessionBook, results: list[Result], rounding: str = "away"
) -> None:
    """Every row of the Scores sheet equals the core; unplayed rows are blank."""
    sheet = values[SCORES_SHEET]
    expected = core_rows(results, rounding)
    for board in range(1, book.boards + 1):
        for table in range(1, book.tables + 1):
            row = book.score_row(board, table)
            got = {key: sheet[f"{SCORES[key]}{row}"].value for key in SCORE_RESULTS}
            assert sheet[f"{SCORES['board']}{row}"].value == board
            assert sheet[f"{SCORES['table']}{row}"].value == table
            want = expected.get((board, table))
            if want is None:
                assert all(blank(v) for v in got.values()), (board, table, got)
                continue
            where = (board, table)
            assert got["datum"] == pytest.approx(want.datum, abs=1e-9), where
            assert got["ns_butler"] == pytest.approx(want.butler, abs=1e-9), where
            assert got["ew_butler"] == pytest.approx(-want.butler, abs=1e-9), where
            assert got["ns_cross"] == pytest.approx(want.cross, abs=1e-9), where
            assert got["ew_cross"] == pytest.approx(-want.cross, abs=1e-9), where


def expected_pairs(results: list[Result], rounding: str = "away") -> dict[int, dict[str, float]]:
    """Boards played, Butler and cross-IMP totals of each pair that played, from core rows.

    A lone score on a board counts as played but adds nothing.
    """
    rows = core_rows(results, rounding)
    lonely = RowValues(0.0, 0.0, 0.0)
    totals: dict[int, dict[str, float]] = defaultdict(lambda: dict(played=0, butler=0, cross=0))
    for r in results:
        if r.score is None:
            continue
        value = rows.get((r.board, r.table), lonely)
        for pair, sign in ((r.ns_pair, 1), (r.ew_pair, -1)):
            totals[pair]["played"] += 1
            totals[pair]["butler"] += sign * value.butler
            totals[pair]["cross"] += sign * value.cross
    return dict(totals)


def rank(total: float, all_totals: list[float]) -> int:
    """1 + the number of pairs with more (equal to within 1e-9 ranks equal)."""
    return 1 + sum(other > total + 1e-9 for other in all_totals)


def assert_pairs_match(
    values: Any, book: ButlerSessionBook, results: list[Result], rounding: str = "away"
) -> None:
    """The ranking equals totals and ranks computed here from the core's rows."""
    sheet = values[PAIRS_SHEET]
    expected = expected_pairs(results, rounding)
    for pair in range(1, book.pairs + 1):
        row = book.pair_row(pair)
        got = {key: sheet[f"{PAIRS[key]}{row}"].value for key in PAIRS}
        assert got["pair"] == pair
        if pair not in expected:
            keys = ("played", "butler", "butler_rank", "cross", "cross_rank")
            assert all(blank(got[k]) for k in keys), pair  # blank, never a 0
            continue
        want = expected[pair]
        assert got["played"] == want["played"], pair
        for key in ("butler", "cross"):
            assert got[key] == pytest.approx(want[key], abs=1e-9), (pair, key)
            others = [totals[key] for totals in expected.values()]
            assert got[f"{key}_rank"] == rank(want[key], others), (pair, key)
    pairs = list(range(1, book.pairs + 1))
    names = values[PAIRS_SHEET]
    for sheet, key in ((BUTLER_RANKING_SHEET, "butler"), (CROSS_RANKING_SHEET, "cross")):
        scores = [expected[p][key] if p in expected else None for p in pairs]
        checks.assert_ranking(
            values[sheet],
            {"place": "A", "pair": "B", "name": "C", "played": "D", key: "E"},
            RANKING_FIRST_ROW,
            book.pairs,
            scores,
            None,
            {
                "pair": pairs,
                "name": [names[f"{PAIRS['name']}{book.pair_row(p)}"].value or "" for p in pairs],
                "played": [expected[p]["played"] if p in expected else None for p in pairs],
                key: scores,
            },
        )


def random_results(seed: int, book: ButlerSessionBook) -> list[Result]:
    """A session with boards of 0, 1, 2, 3 and ≥ 4 scores, ties and negative scores.

    Every row gets pair numbers; only the rows of tables that played get a score.
    """
    rng = np.random.default_rng(seed)
    forced = [2, 3, 1, 4, 0, book.tables]
    counts = forced + list(rng.integers(2, book.tables + 1, book.boards - len(forced)))
    results = []
    for board, count in enumerate(counts[: book.boards], start=1):
        played = set(rng.choice(book.tables, size=count, replace=False) + 1)
        for table in range(1, book.tables + 1):
            score = int(rng.choice(SCORE_POOL)) if table in played else None
            results.append(Result(board, table, *mitchell(board, table, book.tables), score))
    return results


# --------------------------------------------------------------------------------------------
# Recalculated in LibreOffice


def test_empty_session_is_blank_and_error_free(libreoffice, tmp_path: Path) -> None:
    book = build_butler_session()
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "butler-session.xlsx")
    assert_scores_match(values, book, [])
    boards = values[BOARDS_SHEET]
    for board in range(1, book.boards + 1):
        row = book.board_row(board)
        assert boards[f"{BOARDS['count']}{row}"].value == 0
        assert blank(boards[f"{BOARDS['datum']}{row}"].value)
    assert_pairs_match(values, book, [])


@pytest.mark.parametrize("rounding", ["away", "even"])
def test_worked_examples(libreoffice, tmp_path: Path, rounding: str) -> None:
    """Datums, Butler IMPs and cross-IMPs worked out by hand, independently of the core, with
    the datum's exact 5 away from zero (the default) and to the even ten."""
    book = build_butler_session(boards=7, tables=4)
    if rounding == "even":
        book.workbook[BOARDS_SHEET][DATUM_ROUNDING] = "even"
    boards = {
        # 4 scores: drop 1000 and -500; (420 + 430) / 2 = 425 → 430 away, 420 even.
        # Butler: +570 → 11, -10 → 0, 0 → 0, -930 → -14 (away); +580, 0, +10, -920 (even): same.
        1: [1000, 420, 430, -500],
        # 2 scores, no trimming: (430 + 440) / 2 = 435 → 440 either way. Butler: -10 → 0, 0 → 0.
        2: [430, 440],
        # Negative: drop 100 and -1100; (-400 - 450) / 2 = -425 → -430 away, -420 even.
        # Butler away: +30 → 1, -20 → -1, +530 → 11, -670 → -12; even: +20, -30, +520, -680.
        3: [-400, -450, 100, -1100],
        # Cross-IMPs, divided by 3 comparisons:
        #   620: vs 650 -30 → -1, vs 170 +450 → 10, vs -100 +720 → 12:  21 / 3 = 7
        #   650: vs 620 +30 → 1,  vs 170 +480 → 10, vs -100 +750 → 13:  24 / 3 = 8
        #   170: vs 620 -450 → -10, vs 650 -480 → -10, vs -100 +270 → 7: -13 / 3
        #  -100: -12 - 13 - 7 = -32 / 3
        # Datum: drop 650 and -100; (620 + 170) / 2 = 395 → 400. Butler: 6, 6, -6, -11.
        4: [620, 650, 170, -100],
        # One score: nothing to compare it with, so no datum and no IMPs.
        5: [300, None, None, None],
        6: [None] * 4,  # not played
        # 645 and 605: 625 → 630 away (+15 → 0, -25 → -1), 620 even (+25 → 1, -15 → 0).
        7: [645, 605],
    }
    results = [
        Result(board, table, *mitchell(board, table, book.tables), score)
        for board, scores in boards.items()
        for table, score in enumerate(scores + [None] * (book.tables - len(scores)), start=1)
    ]
    fill(book, results)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "butler-session.xlsx")
    sheet = values[SCORES_SHEET]

    def column(key: str, board: int) -> list[Any]:
        rows = [book.score_row(board, table) for table in range(1, book.tables + 1)]
        return [sheet[f"{SCORES[key]}{row}"].value for row in rows]

    away = rounding == "away"
    assert column("datum", 1) == [430 if away else 420] * 4
    assert column("ns_butler", 1) == [11, 0, 0, -14]
    assert column("datum", 2)[:2] == [440, 440]
    assert column("ns_butler", 2)[:2] == [0, 0]
    assert column("datum", 3) == [-430 if away else -420] * 4
    assert column("ns_butler", 3) == [1, -1, 11, -12]
    assert column("datum", 7)[:2] == ([630] * 2 if away else [620] * 2)
    assert column("ns_butler", 7)[:2] == ([0, -1] if away else [1, 0])
    assert column("datum", 4) == [400] * 4
    assert column("ns_butler", 4) == [6, 6, -6, -11]
    assert column("ns_cross", 4) == pytest.approx([7, 8, -13 / 3, -32 / 3], abs=1e-9)
    assert column("ew_cross", 4) == pytest.approx([-7, -8, 13 / 3, 32 / 3], abs=1e-9)
    assert all(blank(column(key, 5)[0]) for key in SCORE_RESULTS)
    mean = values[BOARDS_SHEET][f"{BOARDS['mean']}{book.board_row(1)}"].value
    assert mean == pytest.approx(425, abs=1e-9)
    # And the same through the core.
    assert_scores_match(values, book, results, rounding)
    assert_pairs_match(values, book, results, rounding)


@pytest.mark.parametrize(
    ("seed", "shape", "rounding"),
    [(2024, {}, "away"), (7, {"boards": 9, "tables": 13, "pairs": 30}, "even")],
    ids=["24-boards-8-tables", "9-boards-13-tables-30-pairs-even"],
)
def test_random_sessions_match_core(
    libreoffice, tmp_path: Path, seed: int, shape: dict[str, int], rounding: str
) -> None:
    book = build_butler_session(**shape)
    book.workbook[BOARDS_SHEET][DATUM_ROUNDING] = rounding
    results = random_results(seed, book)
    fill(book, results)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "butler-session.xlsx")
    assert_scores_match(values, book, results, rounding)
    assert_pairs_match(values, book, results, rounding)


# --------------------------------------------------------------------------------------------
# Structure (no recalculation)


def test_inputs_unlocked_formulas_locked_and_validated() -> None:
    book = build_butler_session(boards=3, tables=5, pairs=12)
    assert SCORE_INPUTS == {"ns_pair", "ew_pair", "ns_score"}
    scores = book.workbook[SCORES_SHEET]
    last = book.score_row(book.boards, book.tables)
    rows = range(FIRST_ROW, last + 1)
    checks.assert_only_inputs_unlocked(scores, checks.cells(SCORES, SCORE_INPUTS, rows))
    checks.assert_filled(scores, checks.cells(SCORES, SCORES.keys() - SCORE_INPUTS, rows))
    pairs = book.workbook[PAIRS_SHEET]
    pair_rows = [book.pair_row(pair) for pair in range(1, book.pairs + 1)]
    checks.assert_only_inputs_unlocked(pairs, checks.cells(PAIRS, ["name"], pair_rows))
    checks.assert_only_inputs_unlocked(book.workbook[BOARDS_SHEET], [DATUM_ROUNDING])
    for name in (BUTLER_RANKING_SHEET, CROSS_RANKING_SHEET, IMP_SHEET):
        checks.assert_only_inputs_unlocked(book.workbook[name], ())
    rounding_rule = checks.rules_by_range(book.workbook[BOARDS_SHEET])[DATUM_ROUNDING]
    assert (rounding_rule.type, rounding_rule.formula1) == ("list", '"away,even"')
    assert book.workbook[BOARDS_SHEET][DATUM_ROUNDING].value == "away"
    checks.assert_protected(book.workbook.worksheets)
    assert book.workbook.sheetnames == list(SHEETS)
    for name in SHEETS:
        assert book.workbook[name].freeze_panes == f"A{FIRST_ROW}", name
    rules = checks.rules_by_range(scores)
    pair_rule = rules[f"C{FIRST_ROW}:C{last} D{FIRST_ROW}:D{last}"]
    assert (pair_rule.type, pair_rule.formula1, pair_rule.formula2) == ("whole", "1", "12")
    score_rule = rules[f"E{FIRST_ROW}:E{last}"]
    assert score_rule.type == "custom" and "MOD(E3,10)=0" in score_rule.formula1
    name_rules = pairs.data_validations.dataValidation
    assert [rule.type for rule in name_rules] == ["textLength"]
    assert set(book.workbook.defined_names) == {"IMP_FROM", "IMP_EDGES", "IMP_SIZE"}
    checks.assert_allowed_functions(book.workbook, ALLOWED_FUNCTIONS)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_print_setup(paper: str) -> None:
    book = build_butler_session(paper=paper)
    for name in SHEETS:
        sheet = book.workbook[name]
        checks.assert_printable(sheet, paper)
        assert str(sheet.print_title_rows) == "$1:$2", name
    # Page breaks fall between boards, never inside one.
    breaks = [b.id for b in book.workbook[SCORES_SHEET].row_breaks.brk]
    assert breaks
    assert all((row - FIRST_ROW + 1) % book.tables == 0 for row in breaks)


@pytest.mark.parametrize(
    "arguments",
    [{"tables": 1}, {"boards": 0}, {"pairs": 1}, {"paper": "a3"}, {"boards": 2.5}],
)
def test_bad_arguments_are_rejected(arguments: dict[str, Any]) -> None:
    with pytest.raises(InputError):
        build_butler_session(**arguments)
