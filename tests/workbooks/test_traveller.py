"""The director's traveller, recalculated by LibreOffice and compared with the core.

Two recalculations serve the whole file: one workbook holds a sheet per worked example (seed
002, split, Neuberg, acbl, unplayed rows, bad rows, an untouched sheet) and another a sheet
per random traveller. Each sheet is a copy of the built one, as a director makes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest
import workbook_checks as checks
from libreoffice import error_cells, read_values
from openpyxl import Workbook, load_workbook
from openpyxl.worksheet.worksheet import Worksheet
from workbook_checks import blank

from xlbridge.errors import InputError
from xlbridge.scoring.boards.split_scores import score_traveller
from xlbridge.workbooks.directors_traveller import (
    SHEET,
    DirectorsTravellerBook,
    TableCells,
    build_directors_traveller,
)
from xlbridge.workbooks.kit.values import enter_text

Score = float | None


@dataclass(frozen=True)
class Result:
    """What a director types for one table: up to three components (None = blank cell)."""

    table: int
    ns: tuple[Score | str, ...]
    ew: tuple[Score, ...] = ()
    weights: tuple[Score, ...] = ()


@dataclass(frozen=True)
class Case:
    """One traveller: its results, the header inputs, and which rows must be rejected."""

    results: tuple[Result, ...]
    scoring: str = "mp"
    expected: int | None = None
    bad: dict[int, str] = field(default_factory=dict)  # table → part of its Check message
    names: dict[int, tuple[str, str]] = field(default_factory=dict)  # table → NS, EW pair

    @property
    def counted(self) -> tuple[Result, ...]:
        return tuple(r for r in self.results if r.table not in self.bad)


SEED_002 = (460, 430, 430, 430, 420, 420, 420, 400)
RULED = Result(9, (430, 400), weights=(0.6, 0.4))
SEED_002_RESULTS = tuple(Result(t, (s,)) for t, s in enumerate(SEED_002, 1)) + (RULED,)

FORMULA_LIKE_NAME = "=Smith & Jones"
UNPLAYED_WITH_NAMES = 3  # on the "unplayed" sheet: pair names typed, no score
WORKED = {
    "weighted": Case(SEED_002_RESULTS, names={1: (FORMULA_LIKE_NAME, "Brown - Green")}),
    "acbl": Case(SEED_002_RESULTS, scoring="acbl"),
    "split": Case(
        (
            Result(1, (420,)),
            Result(2, (420,)),
            Result(3, (450,), weights=(1,)),
            Result(4, (420,), ew=(-400,)),  # EW's own score: as if NS had made 400
            Result(5, (400,)),
            Result(6, (-50,)),
            Result(7, (620, 170), ew=(-600, None), weights=(0.5, 0.5)),
            Result(8, (420,)),
        )
    ),
    "neuberg": Case(tuple(Result(t, (s,)) for t, s in enumerate(SEED_002, 1)), expected=10),
    "E below A": Case(tuple(Result(t, (s,)) for t, s in enumerate(SEED_002, 1)), expected=7),
    "one result": Case((Result(4, (420,)),)),
    "one result, E 10": Case((Result(4, (420,)),), expected=10),
    "unplayed": Case(
        tuple(
            Result(t, (s,))
            for t, s in zip((1, 2, 4, 6, 7, 9), (110, 140, 140, -50, 110, 170), strict=True)
        ),
        names={UNPLAYED_WITH_NAMES: ("Ann - Bob", "Cy - Di")},
    ),
    "bad rows": Case(
        tuple(
            Result(t, (s,))
            for t, s in zip(range(1, 7), (420, 450, 420, 400, 430, 420), strict=True)
        )
        + (
            Result(7, (430, 400), weights=(0.6, 0.3)),
            Result(8, (430, 400), weights=(1.2, -0.2)),
            Result(9, (420,), weights=(1, 0.5)),
            Result(10, (430, 400), weights=(0.6,)),
            Result(11, (None, 400)),
            Result(12, ("abc",)),
        ),
        bad={
            7: "weights add up to 0.9, not 1",
            8: "negative",
            9: "no NS score",
            10: "each needs a weight",
            11: "NS score 1 is blank",
            12: "must be numbers",
        },
    ),
}

WEIGHT_SETS = {2: ((0.5, 0.5), (0.6, 0.4), (0.25, 0.75)), 3: ((0.2, 0.3, 0.5), (0.1, 0.2, 0.7))}
SCORE_POOL = (-200, -100, -50, 50, 90, 110, 140, 170, 400, 420, 430, 450, 460, 480, 620)
#: seed → (scoring, how many more results than played are expected; None leaves E blank)
# "english", the Excel functions' other name for mp, still scores 2 per win when typed.
RANDOM_TRAVELLERS = {2: ("mp", None), 3: ("acbl", 2), 5: ("english", 3), 7: ("acbl", None)}
RANDOM_TABLES = 20


# --------------------------------------------------------------------------------------------
# Filling a traveller and scoring it with the core


def fill(ws: Worksheet, book: DirectorsTravellerBook, case: Case) -> None:
    """Type the case into a traveller sheet the way a director would."""
    ws[book.scoring] = case.scoring
    ws[book.expected] = case.expected
    for result in case.results:
        cells = book.tables[result.table - 1]
        for refs, values in (
            (cells.ns_scores, result.ns),
            (cells.ew_scores, result.ew),
            (cells.weights, result.weights),
        ):
            for ref, value in zip(refs, values, strict=False):  # a result may give fewer than 3
                ws[ref] = value
    for number, names in case.names.items():
        cells = book.tables[number - 1]
        for ref, name in zip((cells.ns_pair, cells.ew_pair), names, strict=True):
            enter_text(ws[ref], name)


def core_scores(case: Case, scoring: str) -> dict[int, tuple[float, float]]:
    """(NS, EW) per counted table, from score_traveller on the case's components."""
    entry, ns, ew, weight = [], [], [], []
    for result in case.counted:
        for k, score in enumerate(result.ns):
            if score is None:
                continue
            entry.append(result.table)
            ns.append(score)
            ew.append(_at(result.ew, k, np.nan))
            weight.append(_at(result.weights, k, 1.0))
    scores = score_traveller(
        np.ones(len(entry)),
        entry,
        ns,
        ew,
        weight,
        method="matchpoints",
        split="separate",
        scoring=scoring,
        expected=case.expected,
    )
    return {
        int(t): (float(n), float(e))
        for t, n, e in zip(scores.entry, scores.ns, scores.ew, strict=True)
    }


def _at(values: tuple[Score, ...], k: int, blank: float) -> float:
    value = values[k] if k < len(values) else None
    return blank if value is None else float(value)


def assert_matches_core(values: Worksheet, book: DirectorsTravellerBook, case: Case) -> None:
    """Every table's MP and % as recalculated equal the core's; other rows are blank."""
    mp = core_scores(case, case.scoring)
    percent = core_scores(case, "percent")
    assert values[book.results].value == len(mp)
    for cells in book.tables:
        if cells.number in mp:
            got = [values[ref].value for ref in cells.results]
            want = [*mp[cells.number], *percent[cells.number]]
            assert got == pytest.approx(want, abs=1e-9), (values.title, cells.number)
            assert values[cells.check].value == "ok"
        else:
            assert_blank_results(values, cells)


def assert_blank_results(values: Worksheet, cells: TableCells) -> None:
    for ref in cells.results:
        assert blank(values[ref].value), (values.title, ref)


def recalculated_copies(
    libreoffice, directory: Path, book: DirectorsTravellerBook, cases: dict[str, Case]
) -> tuple[Path, Path, Workbook]:
    """One sheet per case (copies of the built sheet), recalculated: source, result, values."""
    template = book.workbook[book.sheet]
    for title, case in cases.items():
        sheet = book.workbook.copy_worksheet(template)
        sheet.title = title
        fill(sheet, book, case)
    source = directory / "traveller.xlsx"
    book.workbook.save(source)
    result = libreoffice.recalc(source)
    return source, result, read_values(result)


# --------------------------------------------------------------------------------------------
# Worked examples (one recalculation)


@pytest.fixture(scope="module")
def worked(libreoffice, tmp_path_factory):
    """The worked examples: (book, source file, recalculated file, values)."""
    book = build_directors_traveller(tables=12)
    directory = tmp_path_factory.mktemp("traveller")
    return (book, *recalculated_copies(libreoffice, directory, book, WORKED))


def test_seed_002_ruled_pair_gets_7_of_16(worked) -> None:
    """Law 12C1(c): 60 % of 430 and 40 % of 400 among 460, 430×3, 420×3, 400 scores 7.00."""
    book, _, _, values = worked
    sheet = values["weighted"]
    ruled = book.tables[RULED.table - 1]
    assert sheet[ruled.ns_mp].value == pytest.approx(7.00, abs=1e-9)
    assert sheet[ruled.ns_percent].value == pytest.approx(7.00 / 16 * 100, abs=1e-9)
    assert sheet[book.top].value == 16
    assert sheet[book.results].value == 9
    assert [sheet[book.tables[i].ns_mp].value for i in (0, 1, 4, 7)] == pytest.approx(
        [16, 11.4, 4.8, 0.4], abs=1e-9
    )
    assert_matches_core(sheet, book, WORKED["weighted"])


def test_acbl_is_half_of_english(worked) -> None:
    book, _, _, values = worked
    sheet = values["acbl"]
    assert sheet[book.tables[RULED.table - 1].ns_mp].value == pytest.approx(3.5, abs=1e-9)
    assert sheet[book.top].value == 8
    assert_matches_core(sheet, book, WORKED["acbl"])


def test_split_scores_are_scored_separately(worked) -> None:
    book, _, _, values = worked
    sheet = values["split"]
    assert_matches_core(sheet, book, WORKED["split"])
    split = book.tables[3]
    top = sheet[book.top].value
    assert sheet[split.ns_mp].value + sheet[split.ew_mp].value != pytest.approx(top)


def test_neuberg_factors_8_results_to_10(worked) -> None:
    book, _, _, values = worked
    sheet = values["neuberg"]
    case = WORKED["neuberg"]
    assert (sheet[book.results].value, sheet[book.expected_used].value) == (8, 10)
    assert sheet[book.top].value == 18
    assert_matches_core(sheet, book, case)
    plain = core_scores(Case(case.results), "english")
    for number, (ns, ew) in plain.items():
        cells = book.tables[number - 1]
        literal = [(ns + 1) * 10 / 8 - 1, (ew + 1) * 10 / 8 - 1]
        assert [sheet[cells.ns_mp].value, sheet[cells.ew_mp].value] == pytest.approx(literal)


def test_boards_the_core_rejects_show_why_and_no_numbers(worked) -> None:
    """As the core: E may not be below A, and a lone result needs E to be scored."""
    book, _, _, values = worked
    for title, message in (
        ("E below A", "less than the results A"),
        ("one result", "Only one result"),
    ):
        sheet = values[title]
        assert message in sheet[book.message].value, title
        for cells in book.tables:
            assert_blank_results(sheet, cells)
    with pytest.raises(InputError, match="expected must be at least the number of results"):
        core_scores(WORKED["E below A"], "english")


def test_a_lone_result_neuberged_to_10_gets_the_average(worked) -> None:
    book, _, _, values = worked
    sheet = values["one result, E 10"]
    cells = book.tables[3]
    # (0 + 1)·10/1 − 1 = 9 of a top of 18, 50 %.
    assert [sheet[ref].value for ref in cells.results] == pytest.approx([9, 9, 50, 50])
    assert_matches_core(sheet, book, WORKED["one result, E 10"])


def test_unplayed_rows_are_blank_and_do_not_count(worked) -> None:
    book, _, _, values = worked
    sheet = values["unplayed"]
    assert sheet[book.results].value == 6
    assert sheet[book.top].value == 10
    assert_matches_core(sheet, book, WORKED["unplayed"])
    for number in (3, 5, 8, 10, 11, 12):
        assert blank(sheet[book.tables[number - 1].check].value)
    assert sheet[book.to_check].value == 0


def test_bad_rows_show_a_message_and_no_numbers(worked) -> None:
    book, _, _, values = worked
    sheet = values["bad rows"]
    case = WORKED["bad rows"]
    for number, message in case.bad.items():
        cells = book.tables[number - 1]
        assert message in sheet[cells.check].value, number
        assert_blank_results(sheet, cells)
    assert sheet[book.to_check].value == len(case.bad)
    assert "Check" in sheet[book.message].value
    assert_matches_core(sheet, book, case)


def test_an_untouched_sheet_is_blank(worked) -> None:
    book, _, _, values = worked
    sheet = values[SHEET]
    assert sheet[book.results].value == 0
    assert blank(sheet[book.top].value)
    for cells in book.tables:
        assert blank(sheet[cells.check].value)
        assert_blank_results(sheet, cells)


def test_no_error_values_and_names_stay_text(worked) -> None:
    book, source, result, values = worked
    assert error_cells(result) == []
    ref = book.tables[0].ns_pair
    for sheet in (
        load_workbook(source)["weighted"],
        values["weighted"],
    ):
        assert (sheet[ref].value, sheet[ref].data_type) == (FORMULA_LIKE_NAME, "s")
    unplayed = book.tables[UNPLAYED_WITH_NAMES - 1]
    assert values["unplayed"][unplayed.ns_pair].value == "Ann - Bob"
    assert values["weighted"]["A1"].value == "Director's traveller · board 1"


# --------------------------------------------------------------------------------------------
# Random travellers against the core (one recalculation)


def random_case(seed: int, scoring: str, missing: int | None) -> Case:
    """A random traveller with ties, weighted, split and unplayed rows.

    With ``missing`` E is that many more than the tables that played (Neuberg).
    """
    rng = np.random.default_rng(seed)
    played = int(rng.integers(6, RANDOM_TABLES + 1))
    tables = sorted(int(t) for t in rng.choice(np.arange(1, RANDOM_TABLES + 1), played, False))
    pool = rng.choice(SCORE_POOL, 6, replace=False)  # few scores, so many ties
    results = []
    for i, table in enumerate(tables):
        components = 1 if i > 0 and rng.random() < 0.6 else int(rng.integers(2, 4))
        ns = tuple(float(s) for s in rng.choice(pool, components))
        if components == 1:
            weights: tuple[Score, ...] = (None,) if rng.random() < 0.7 else (1.0,)
        else:
            sets = WEIGHT_SETS[components]
            weights = sets[int(rng.integers(len(sets)))]
        split = i == 1 or rng.random() < 0.25
        ew = tuple(-float(rng.choice(pool)) if split and rng.random() < 0.7 else None for _ in ns)
        if i == 1:
            ew = (-ns[0] + 10, *ew[1:])
        results.append(Result(table, ns, ew, weights))
    expected = None if missing is None else played + missing
    return Case(tuple(results), scoring=scoring, expected=expected)


def test_random_travellers_match_the_core(libreoffice, tmp_path: Path) -> None:
    book = build_directors_traveller(tables=RANDOM_TABLES)
    cases = {
        f"seed {seed}": random_case(seed, scoring, missing)
        for seed, (scoring, missing) in RANDOM_TRAVELLERS.items()
    }
    _, result, values = recalculated_copies(libreoffice, tmp_path, book, cases)
    assert error_cells(result) == []
    for title, case in cases.items():
        assert_matches_core(values[title], book, case)


# --------------------------------------------------------------------------------------------
# Structure (no recalculation)


def test_inputs_unlocked_formulas_locked_and_protected() -> None:
    book = build_directors_traveller(tables=5)
    ws = book.workbook[book.sheet]
    inputs = {*book.header_inputs, *(ref for cells in book.tables for ref in cells.inputs)}
    checks.assert_only_inputs_unlocked(ws, inputs)
    for cells in book.tables:
        for ref in (*cells.results, cells.check):
            assert str(ws[ref].value).startswith("="), ref
    for ref in (book.results, book.expected_used, book.top, book.to_check, book.message):
        assert str(ws[ref].value).startswith("="), ref
    checks.assert_protected([ws])


def test_data_validation_on_every_input() -> None:
    book = build_directors_traveller(tables=5, expected=7)
    ws = book.workbook[book.sheet]
    assert ws[book.expected].value == 7
    by_ref = checks.rules_by_cell(ws)
    assert by_ref[book.board].type == "whole"
    assert (by_ref[book.expected].type, by_ref[book.expected].formula1) == ("whole", "2")
    assert by_ref[book.scoring].type == "list"
    assert by_ref[book.scoring].formula1 == '"mp,acbl"'
    for cells in book.tables:
        for ref in (*cells.ns_scores, *cells.ew_scores, *cells.weights):
            assert by_ref[ref].type == "decimal", ref
        for ref in cells.weights:
            assert (by_ref[ref].formula1, by_ref[ref].formula2) == ("0", "1")


def test_formulas_use_the_excel_2010_function_set() -> None:
    allowed = {"IF", "AND", "OR", "NOT", "ISNUMBER", "COUNT", "COUNTA", "SUM", "SUMPRODUCT"}
    allowed |= {"ABS", "ROUND", "MIN"}
    checks.assert_allowed_functions(build_directors_traveller(tables=3).workbook, allowed)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_layout_and_print_setup(tmp_path: Path, paper: str) -> None:
    target = tmp_path / "traveller.xlsx"
    book = build_directors_traveller(tables=15, paper=paper)
    book.workbook.save(target)
    ws = load_workbook(target)[SHEET]
    last = book.tables[-1]
    checks.assert_printable(ws, paper)
    assert ws.page_setup.orientation == "landscape"
    assert str(ws.print_area).endswith(f"$A$1:${last.check[0]}${last.row}")
    assert ws.freeze_panes == f"D{book.tables[0].row}"
    assert ws.column_dimensions["S"].hidden  # the working columns
    assert "copy this sheet" in " ".join(str(c.value) for row in ws.iter_rows() for c in row)
    assert [ws[cells.table].value for cells in book.tables] == list(range(1, 16))
    assert ws[last.ns_mp].number_format == "0.00" and ws[last.ns_percent].number_format == "0.00"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"tables": 1}, "tables must be a whole number from 2"),
        ({"expected": 1}, "expected must be a whole number from 2"),
        ({"paper": "a3"}, "paper must be one of"),
    ],
)
def test_bad_arguments(arguments: dict, message: str) -> None:
    with pytest.raises(InputError, match=message):
        build_directors_traveller(**arguments)
