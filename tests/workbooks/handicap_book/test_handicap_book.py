"""The handicap workbook (Register, Constants, Tournament), recalculated by LibreOffice.

Two recalculations serve the whole file. One workbook holds a Register of every player the
tests need and a copy of the Tournament sheet per field: the Project 52 checks, worked out by
hand independently of the core; random fields (newcomers, partial N_G, rows without a
result, a tie, a capped handicap) compared with :mod:`xlbridge.scoring.handicap` row by row and
player by player; bad rows; and the example typed by :func:`fill_example`. The other is the
workbook as built, untouched.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import workbook_checks as checks
from libreoffice import error_cells, read_values
from openpyxl import Workbook, load_workbook
from openpyxl.worksheet.worksheet import Worksheet
from workbook_checks import blank

from xlbridge.errors import InputError
from xlbridge.scoring.handicap import (
    AVERAGE_PERCENT,
    SPEC,
    capped,
    expected_result,
    handicap_change,
    side_handicap,
    start_handicap,
    tournament_result,
)
from xlbridge.workbooks.handicap_book import (
    HandicapBook,
    PairEntry,
    RegisterEntry,
    build_handicap_book,
    enter_players,
    fill_example,
)
from xlbridge.workbooks.handicap_book.book import (
    CONSTANT_ROWS,
    CONSTANTS_SHEET,
    FIRST_PAIR_ROW,
    FIRST_ROW,
    RANKING_SHEET,
    REGISTER,
    REGISTER_COLUMNS,
    REGISTER_SHEET,
    TOURNAMENT,
    TOURNAMENT_COLUMNS,
    TOURNAMENT_SHEET,
)
from xlbridge.workbooks.handicap_book.example import EXAMPLE_BOARDS, EXAMPLE_PAIRS, EXAMPLE_PLAYERS
from xlbridge.workbooks.kit.ranking import FIRST_ROW as RANKING_FIRST_ROW

SHEETS = (REGISTER_SHEET, CONSTANTS_SHEET, TOURNAMENT_SHEET, RANKING_SHEET)
#: Functions a formula may call: all in Excel 2007/2010 without the _xlfn. prefix.
ALLOWED_FUNCTIONS = {
    "AND",
    "COUNT",
    "COUNTA",
    "COUNTIF",
    "IF",
    "IFERROR",
    "INDEX",
    "INT",
    "ISNUMBER",
    "MATCH",
    "MIN",
    "NOT",
    "OR",
    "SUM",
    "SUMPRODUCT",
    "ROWS",
}
#: Cells of a Tournament row that hold numbers, blank unless the row's pair (result) counts.
FIELD_NUMBERS = ("handicap_1", "handicap_2", "pair_handicap", "expected")
RESULT_NUMBERS = ("result", "rank", "change", "new_1", "new_2")
PAIRS = 16  # Tournament rows of the tested workbook
RANK_TOLERANCE = 1e-9
TIE_NUDGE = 1e-11


# --------------------------------------------------------------------------------------------
# The core's view


def in_use(entry: RegisterEntry) -> float:
    """The handicap a Register row puts in use, by the core."""
    if entry.handicap is not None:
        return entry.handicap
    if entry.masterpoints is not None:
        return float(start_handicap(entry.masterpoints))
    return SPEC.cap


@dataclass(frozen=True)
class Row:
    """What the core says a Tournament row shows (None: blank)."""

    handicaps: tuple[float, float]
    pair_handicap: float
    expected: float
    result: float | None = None
    rank: int | None = None
    change: float | None = None
    new: tuple[float, float] | None = None


def core_rows(field: Field, handicaps: dict[int, float]) -> dict[int, Row]:
    """Each good row of a field, scored by the core."""
    good = field.good
    players = np.array(
        [[handicaps[field.pairs[n].player_1], handicaps[field.pairs[n].player_2]] for n in good]
    )
    own = side_handicap(players)
    expected = expected_result(own, own)
    counting = np.array([field.counts(n) for n in good], dtype=bool)
    rows = {
        n: Row(tuple(players[i]), own[i], expected[i] + AVERAGE_PERCENT) for i, n in enumerate(good)
    }
    if not counting.any():
        return rows
    pairs = [field.pairs[n] for n, counts in zip(good, counting, strict=True) if counts]
    achieved = np.array([p.achieved for p in pairs]) - AVERAGE_PERCENT
    played = [field.boards if p.played is None else p.played for p in pairs]
    change = handicap_change(own[counting], own, achieved, field.boards, played)
    result = tournament_result(achieved, expected[counting]) + AVERAGE_PERCENT
    new = capped(players[counting], change[:, None])
    rank = 1 + (result[None, :] > result[:, None] + RANK_TOLERANCE).sum(axis=1)
    for i, n in enumerate(np.array(good)[counting]):
        rows[int(n)] = Row(
            rows[n].handicaps,
            rows[n].pair_handicap,
            rows[n].expected,
            result[i],
            int(rank[i]),
            change[i],
            tuple(new[i]),
        )
    return rows


# --------------------------------------------------------------------------------------------
# Players and fields


@dataclass(frozen=True)
class Field:
    """A Tournament as typed: N_B and pairs by row number.

    ``bad`` rows (pair problems) must show the given part of a message and no numbers;
    ``bad_result`` rows stay in the field (expected %) but their result must not count.
    """

    boards: int | None
    pairs: dict[int, PairEntry]
    bad: dict[int, str] = dataclasses.field(default_factory=dict)
    bad_result: dict[int, str] = dataclasses.field(default_factory=dict)

    @property
    def good(self) -> list[int]:
        """Row numbers of the pairs in the field."""
        return [n for n in sorted(self.pairs) if n not in self.bad]

    def counts(self, number: int) -> bool:
        """True if the row's result counts."""
        return number not in self.bad_result and self.pairs[number].achieved is not None


def player(player_id: int, masterpoints: float | None, handicap: float | None) -> RegisterEntry:
    return RegisterEntry(player_id, f"Player {player_id}", masterpoints, handicap)


START_TABLE = {10: 47.3, 30: 40.0, 50: 34.7, 100: 26.0, 300: 13.0, 1000: 4.7, 3000: 1.68}
START_PLAYERS = tuple(player(200 + i, m, None) for i, m in enumerate(START_TABLE, 1))

# A pair of 13.0s (M = 300) among five pairs of 34.7s (M = 50) expects
# 50 + (34.67 − 13.0)/2 = 60.8 %, whatever N (C_u·(h̄ − h) is "mean of the others − own").
STRONG_FIELD_PLAYERS = tuple(player(301 + i, 300 if i < 2 else 50, None) for i in range(12))
STRONG_FIELD = Field(24, {n: PairEntry(299 + 2 * n, 300 + 2 * n) for n in range(1, 7)})

# Twelve pairs of 20s over 24 boards: all expect 50 %; pair 1 scores 60 %, 10 % above.
# Δh = (24/480)·24/24.6·(12/11)·1·2·(50 − 60) = −1.06.
EVEN_FIELD_PLAYERS = tuple(player(401 + i, None, 20.0) for i in range(24))
EVEN_FIELD = Field(
    24,
    {n: PairEntry(399 + 2 * n, 400 + 2 * n, 60.0 if n == 1 else 49.0) for n in range(1, 13)},
)

# A pair of 28 and 14 (pair 21) among pairs of 24, 26 and 28 (the others' mean is 26)
# expects (26 − 21)/2 = +2.5 %: its handicap result is achieved − 2.5.
CHARGE_PLAYERS = tuple(
    player(501 + i, None, h) for i, h in enumerate((28.0, 14.0, 24.0, 24.0, 26.0, 26.0, 28, 28))
)
CHARGE_FIELD = Field(20, {n: PairEntry(499 + 2 * n, 500 + 2 * n, 55.0) for n in range(1, 5)})

FORMULA_LIKE_NAME = "=Smith & Jones"
DUPLICATE_ID = 990
BAD_PLAYERS = (
    RegisterEntry(120, FORMULA_LIKE_NAME, 0, None),
    *(player(600 + i, 10 * i, 40 - i if i % 3 else None) for i in range(1, 19)),
    player(DUPLICATE_ID, 5, None),
    player(DUPLICATE_ID, 7, 30.0),
)
BAD_FIELD = Field(
    24,
    {
        1: PairEntry(120, 602, 55.0),
        2: PairEntry(603, 999, 50.0),
        3: PairEntry(604, 604, 48.0),
        4: PairEntry(605, None, 52.0),
        5: PairEntry(None, 606, None, 20),
        6: PairEntry(607, 608, 47.0),
        7: PairEntry(609, 607, 45.0),
        8: PairEntry(DUPLICATE_ID, 610, 50.0),
        9: PairEntry(611, 612),  # no result yet: expected only
        10: PairEntry(613, 614, 120.0),
        11: PairEntry(615, 616, 50.0, 30),
        12: PairEntry(617, 618, 53.0, 12),
    },
    bad={
        2: "player 2 id 999 is not in the Register",
        3: "the same player twice",
        4: "player 2 id missing",
        5: "player 1 id missing",
        6: "player 607 plays in another pair too",
        7: "player 607 plays in another pair too",
        8: f"player {DUPLICATE_ID}: see the Register's Check",
    },
    bad_result={10: "achieved % must be from 0 to 100", 11: "boards played must be a whole"},
)

RANDOM_SEEDS = (1, 2, 3)


def random_field(seed: int) -> tuple[tuple[RegisterEntry, ...], Field]:
    """Random players (current handicaps, newcomers with and without master points) in pairs
    at random rows, partial N_G, rows without a result, a capped handicap and a tie."""
    rng = np.random.default_rng(seed)
    count = int(rng.integers(5, PAIRS + 1))
    players = []
    for i in range(2 * count):
        kind = rng.random()
        masterpoints = float(rng.integers(0, 3000))
        if i == 0:
            players.append(player(1000 * seed, masterpoints, 51.95))  # to be capped at 52
        elif kind < 0.6:
            players.append(player(1000 * seed + i, masterpoints, round(rng.uniform(-5, 52), 2)))
        else:
            players.append(player(1000 * seed + i, masterpoints if kind < 0.85 else None, None))
    boards = int(rng.integers(12, 37))
    rows = sorted(int(r) for r in rng.choice(np.arange(1, PAIRS + 1), count, replace=False))
    pairs = {}
    for k, row in enumerate(rows):
        achieved = None if k > 0 and rng.random() < 0.15 else round(rng.uniform(30, 70), 2)
        played = int(rng.integers(1, boards + 1)) if rng.random() < 0.3 else None
        first, second = players[2 * k].id, players[2 * k + 1].id
        pairs[row] = PairEntry(first, second, 25.0 if k == 0 else achieved, played)
    result = Field(boards, pairs)
    return tuple(players), _with_a_tie(result, {p.id: in_use(p) for p in players})


def _with_a_tie(field: Field, handicaps: dict[int, float]) -> Field:
    """The last counting pair's achieved % set so that its handicap result ties the second's.

    It is nudged by 1E-11: beyond LibreOffice's own approximate comparison of doubles (about
    1E-15 relative), so only the sheet's 1E-9 rank tolerance makes the two rank equal.
    """
    rows = core_rows(field, handicaps)
    counting = [n for n in field.good if field.counts(n)]
    target, tied = rows[counting[1]], rows[counting[-1]]
    achieved = target.result + (tied.expected - AVERAGE_PERCENT) + TIE_NUDGE
    pairs = dict(field.pairs)
    pairs[counting[-1]] = pairs[counting[-1]]._replace(achieved=achieved)
    return Field(field.boards, pairs)


RANDOM = {f"seed {seed}": random_field(seed) for seed in RANDOM_SEEDS}
FIELDS = {
    "spec 60.8": STRONG_FIELD,
    "spec change": EVEN_FIELD,
    "spec charge": CHARGE_FIELD,
    "bad rows": BAD_FIELD,
    **{title: field for title, (_, field) in RANDOM.items()},
}
EXTRA_PLAYERS = (
    START_PLAYERS
    + STRONG_FIELD_PLAYERS
    + EVEN_FIELD_PLAYERS
    + CHARGE_PLAYERS
    + BAD_PLAYERS
    + tuple(p for players, _ in RANDOM.values() for p in players)
)
ALL_PLAYERS = EXAMPLE_PLAYERS + EXTRA_PLAYERS
EXAMPLE_FIELD = Field(EXAMPLE_BOARDS, dict(enumerate(EXAMPLE_PAIRS, start=1)))
HANDICAPS = {p.id: in_use(p) for p in ALL_PLAYERS if p.id != DUPLICATE_ID}


# --------------------------------------------------------------------------------------------
# Typing into the workbook and reading it back


def type_field(ws: Worksheet, book: HandicapBook, field: Field) -> None:
    """Type a field into a Tournament sheet: N_B and each pair at its row."""
    ws[book.boards] = field.boards
    for number, pair in field.pairs.items():
        for key, value in zip(("id_1", "id_2", "achieved", "played"), pair, strict=True):
            ws[book.pair_cell(key, number)] = value


def cell(sheet: Worksheet, book: HandicapBook, key: str, number: int) -> Any:
    return sheet[book.pair_cell(key, number)].value


def assert_matches_core(sheet: Worksheet, book: HandicapBook, field: Field) -> dict[int, Row]:
    """Every row as recalculated equals the core's; bad and empty rows show no numbers."""
    rows = core_rows(field, HANDICAPS)
    for number in range(1, book.pairs + 1):
        where = (sheet.title, number)
        check = cell(sheet, book, "check", number)
        want = rows.get(number)
        if want is None:
            for key in FIELD_NUMBERS + RESULT_NUMBERS:
                assert blank(cell(sheet, book, key, number)), (*where, key)
            message = field.bad.get(number)
            assert blank(check) if message is None else message in check, (*where, check)
            continue
        got = [cell(sheet, book, key, number) for key in FIELD_NUMBERS]
        expected = [*want.handicaps, want.pair_handicap, want.expected]
        assert got == pytest.approx(expected, abs=1e-9), where
        if want.result is None:
            for key in RESULT_NUMBERS:
                assert blank(cell(sheet, book, key, number)), (*where, key)
            message = field.bad_result.get(number)
            assert check == "ok" if message is None else message in check, (*where, check)
            continue
        assert check == "ok", (*where, check)
        got = [cell(sheet, book, key, number) for key in ("result", "change", "new_1", "new_2")]
        assert got == pytest.approx([want.result, want.change, *want.new], abs=1e-9), where
        assert cell(sheet, book, "rank", number) == want.rank, where
    good = [row.pair_handicap for row in rows.values()]
    assert sheet[book.entered].value == len(good)
    assert sheet[book.field_mean].value == pytest.approx(np.mean(good), abs=1e-9)
    assert sheet[book.c_u].value == pytest.approx(len(good) / (len(good) - 1), abs=1e-12)
    assert sheet[book.to_check].value == len(field.bad) + len(field.bad_result)
    return rows


@dataclass(frozen=True)
class Recalculated:
    """A workbook as typed (source) and as LibreOffice recalculated it (result, values)."""

    book: HandicapBook
    source: Path
    result: Path
    values: Workbook


def recalculated(libreoffice, book: HandicapBook, directory: Path) -> Recalculated:
    source = directory / "handicap.xlsx"
    book.workbook.save(source)
    result = libreoffice.recalc(source)
    return Recalculated(book, source, result, read_values(result))


@pytest.fixture(scope="module")
def filled(libreoffice, tmp_path_factory) -> Recalculated:
    """The example (fill_example) plus a Tournament copy per field, one Register for all."""
    book = build_handicap_book(players=len(ALL_PLAYERS) + 3, pairs=PAIRS)
    template = book.workbook[TOURNAMENT_SHEET]
    for title, tournament in FIELDS.items():
        sheet = book.workbook.copy_worksheet(template)
        sheet.title = title
        type_field(sheet, book, tournament)
    fill_example(book)
    register = book.workbook[REGISTER_SHEET]
    enter_players(register, book, EXTRA_PLAYERS, first=len(EXAMPLE_PLAYERS) + 1)
    register[book.register_cell("name", len(ALL_PLAYERS) + 2)] = "Name only, no id"
    return recalculated(libreoffice, book, tmp_path_factory.mktemp("handicap"))


@pytest.fixture(scope="module")
def empty(libreoffice, tmp_path_factory) -> Recalculated:
    """The workbook as built."""
    return recalculated(libreoffice, build_handicap_book(), tmp_path_factory.mktemp("empty"))


def register_row_of(player_id: int) -> int:
    """The Register row number (from 1) of a player of ALL_PLAYERS."""
    return [p.id for p in ALL_PLAYERS].index(player_id) + 1


# --------------------------------------------------------------------------------------------
# The Project 52 checks, independent of the core


def test_start_handicaps_match_the_spec_table(filled: Recalculated) -> None:
    """H₀ = 52/(1 + 0.01·M): M = 10 → 47.3 … 3000 → 1.68, to the decimals shown."""
    register = filled.values[REGISTER_SHEET]
    for entry in START_PLAYERS:
        row = register_row_of(entry.id)
        want = START_TABLE[int(entry.masterpoints or 0)]
        decimals = len(str(want).split(".")[1])
        for key in ("start", "in_use"):
            got = register[filled.book.register_cell(key, row)].value
            assert round(got, decimals) == want, (entry.masterpoints, key, got)


def test_a_pair_of_13s_among_34_7s_expects_60_8(filled: Recalculated) -> None:
    book, sheet = filled.book, filled.values["spec 60.8"]
    assert cell(sheet, book, "pair_handicap", 1) == pytest.approx(13.0, abs=1e-12)
    assert round(cell(sheet, book, "expected", 1), 1) == 60.8
    assert cell(sheet, book, "expected", 1) == pytest.approx(50 + (52 / 1.5 - 13) / 2)
    for number in range(2, 7):  # the others: 50 − (34.67 − 13)/2/5
        assert cell(sheet, book, "expected", number) == pytest.approx(50 - (52 / 1.5 - 13) / 10)
    for key in RESULT_NUMBERS:  # no results typed: the expected % only
        assert blank(cell(sheet, book, key, 1))
    assert cell(sheet, book, "check", 1) == "ok"


def test_ten_percent_above_expectation_moves_each_player_by_minus_1_06(
    filled: Recalculated,
) -> None:
    book, sheet = filled.book, filled.values["spec change"]
    assert sheet[book.c_u].value == pytest.approx(12 / 11)
    assert cell(sheet, book, "expected", 1) == pytest.approx(50.0, abs=1e-12)
    literal = (24 / 480) * 24 / 24.6 * (12 / 11) * 1 * 2 * (50 - 60)
    change = cell(sheet, book, "change", 1)
    assert round(change, 2) == -1.06 and change == pytest.approx(literal, abs=1e-12)
    assert [cell(sheet, book, key, 1) for key in ("new_1", "new_2")] == pytest.approx(
        [20 + literal] * 2, abs=1e-12
    )
    assert cell(sheet, book, "rank", 1) == 1
    assert {cell(sheet, book, "rank", n) for n in range(2, 13)} == {2}  # eleven equal results


def test_a_handicap_tournament_charges_the_expected_result(filled: Recalculated) -> None:
    """A pair of 28 and 14 (21) whose others average 26 expects +2.5 %: 55 scores 52.5."""
    book, sheet = filled.book, filled.values["spec charge"]
    assert [cell(sheet, book, key, 1) for key in FIELD_NUMBERS] == pytest.approx(
        [28, 14, 21, 52.5], abs=1e-12
    )
    assert cell(sheet, book, "result", 1) == pytest.approx(55 - 2.5, abs=1e-12)
    assert [cell(sheet, book, "result", n) for n in (2, 3, 4)] == pytest.approx(
        [55 - 0.5, 55 + 5 / 6, 55 + 13 / 6], abs=1e-12
    )
    assert [cell(sheet, book, "rank", n) for n in (1, 2, 3, 4)] == [4, 3, 2, 1]


# --------------------------------------------------------------------------------------------
# Against the core


@pytest.mark.parametrize("title", sorted(RANDOM))
def test_random_fields_match_the_core(filled: Recalculated, title: str) -> None:
    assert_matches_core(filled.values[title], filled.book, FIELDS[title])


def test_random_fields_cover_ties_caps_newcomers_and_partial_boards() -> None:
    """The random fields exercise what they are meant to (a check of the test data)."""
    ranks, new, played, newcomers = [], [], [], set()
    for players, field in RANDOM.values():
        rows = core_rows(field, HANDICAPS).values()
        ranks += [tuple(sorted(r.rank for r in rows if r.rank is not None))]
        new += [h for r in rows if r.new is not None for h in r.new]
        played += [p.played for p in field.pairs.values() if p.played is not None]
        newcomers |= {(p.masterpoints is None) for p in players if p.handicap is None}
    assert all(len(set(r)) < len(r) for r in ranks)  # every field has a tie
    assert SPEC.cap in new and played and newcomers == {True, False}


def test_the_spec_fields_match_the_core(filled: Recalculated) -> None:
    for title in ("spec 60.8", "spec change", "spec charge"):
        assert_matches_core(filled.values[title], filled.book, FIELDS[title])


def test_the_example_matches_the_core(filled: Recalculated) -> None:
    book, values = filled.book, filled.values
    rows = assert_matches_core(values[TOURNAMENT_SHEET], book, EXAMPLE_FIELD)
    assert sum(p.achieved or 0 for p in EXAMPLE_PAIRS) == pytest.approx(300)
    assert len(rows) == 6 and values[TOURNAMENT_SHEET][book.boards].value == 24
    register = values[REGISTER_SHEET]
    newcomer, beginner = (register_row_of(i) for i in (110, 111))
    assert register[book.register_cell("in_use", newcomer)].value == pytest.approx(52 / 1.5)
    assert register[book.register_cell("in_use", beginner)].value == 52
    assert blank(register[book.register_cell("start", beginner)].value)


# --------------------------------------------------------------------------------------------
# Bad rows


def test_bad_rows_show_a_message_and_no_numbers(filled: Recalculated) -> None:
    book, sheet = filled.book, filled.values["bad rows"]
    assert_matches_core(sheet, book, BAD_FIELD)
    assert "see Check" in sheet[book.message].value
    assert cell(sheet, book, "name_1", 2) == f"Player {603}"  # a known player is still named
    assert blank(cell(sheet, book, "name_2", 2))
    assert not blank(cell(sheet, book, "expected", 10))  # a bad result keeps the pair in


def test_register_rows_with_problems_say_so(filled: Recalculated) -> None:
    book, register = filled.book, filled.values[REGISTER_SHEET]
    first = register_row_of(DUPLICATE_ID)
    for row in (first, first + 1):
        assert (
            register[book.register_cell("check", row)].value == f"id {DUPLICATE_ID} is used twice"
        )
        assert blank(register[book.register_cell("in_use", row)].value)
    name_only = len(ALL_PLAYERS) + 2
    assert register[book.register_cell("check", name_only)].value == "player id missing"
    assert register[book.register_cell("check", 1)].value == "ok"
    assert blank(register[book.register_cell("check", len(ALL_PLAYERS) + 1)].value)


# --------------------------------------------------------------------------------------------
# Structure


def test_no_error_values_empty_or_filled(filled: Recalculated, empty: Recalculated) -> None:
    assert error_cells(filled.result) == []
    assert error_cells(empty.result) == []


def test_an_untouched_workbook_is_blank(empty: Recalculated) -> None:
    book, values = empty.book, empty.values
    sheet = values[TOURNAMENT_SHEET]
    for number in range(1, book.pairs + 1):
        for key in ("name_1", "name_2", *FIELD_NUMBERS, *RESULT_NUMBERS, "check"):
            assert blank(cell(sheet, book, key, number)), (number, key)
    assert (sheet[book.entered].value, sheet[book.to_check].value) == (0, 0)
    for key in ("field_mean", "c_u", "message"):
        assert blank(sheet[getattr(book, key)].value), key
    register = values[REGISTER_SHEET]
    for row in range(1, book.players + 1):
        for key in ("start", "in_use", "check"):
            assert blank(register[book.register_cell(key, row)].value), (row, key)


def test_names_stay_text(filled: Recalculated) -> None:
    book = filled.book
    ref = book.register_cell("name", register_row_of(120))
    for workbook in (load_workbook(filled.source), filled.values):
        name = workbook[REGISTER_SHEET][ref]
        assert (name.value, name.data_type) == (FORMULA_LIKE_NAME, "s")
    assert cell(filled.values["bad rows"], book, "name_1", 1) == FORMULA_LIKE_NAME


def test_constants_come_from_the_core_and_every_formula_reads_them(
    filled: Recalculated,
) -> None:
    book = filled.book
    sheet = filled.values[CONSTANTS_SHEET]
    for constant in CONSTANT_ROWS:
        ref = book.constants[constant.field]
        assert sheet[ref].value == getattr(SPEC, constant.field), constant.field
        name = book.workbook.defined_names[constant.name]
        assert name.attr_text == f"'{CONSTANTS_SHEET}'!${ref[0]}${ref[1:]}"
    literals = re.compile(r"(?<![\w.$])(480|52|0\.6|0\.01|12)(?![\w.])")
    for text in checks.formulas(build_handicap_book().workbook):
        assert not literals.search(re.sub(r'"[^"]*"', '""', text)), text


def test_formulas_use_the_excel_2010_function_set() -> None:
    checks.assert_allowed_functions(build_handicap_book().workbook, ALLOWED_FUNCTIONS)


def test_inputs_unlocked_formulas_locked_and_protected() -> None:
    book = build_handicap_book(players=5, pairs=4)

    def check(ws: Worksheet, letters: Any, columns: Any, rows: range, *others: str) -> None:
        """Only the input columns (and ``others``) unlocked; the computed ones formulas."""
        inputs = [column.key for column in columns if column.is_input]
        checks.assert_only_inputs_unlocked(ws, checks.cells(letters, inputs, rows) | set(others))
        computed = [column.key for column in columns if column.key not in {*inputs, "pair"}]
        for ref in checks.cells(letters, computed, rows):
            assert str(ws[ref].value).startswith("="), ref

    register, tournament = book.workbook[REGISTER_SHEET], book.workbook[TOURNAMENT_SHEET]
    check(register, REGISTER, REGISTER_COLUMNS, range(FIRST_ROW, FIRST_ROW + 5))
    pair_rows = range(FIRST_PAIR_ROW, FIRST_PAIR_ROW + 4)
    check(tournament, TOURNAMENT, TOURNAMENT_COLUMNS, pair_rows, book.boards)
    for key in ("entered", "field_mean", "c_u", "to_check", "message"):
        assert str(tournament[getattr(book, key)].value).startswith("="), key
    checks.assert_only_inputs_unlocked(book.workbook[CONSTANTS_SHEET], ())
    checks.assert_only_inputs_unlocked(book.workbook[RANKING_SHEET], ())
    assert book.workbook.sheetnames == list(SHEETS)
    checks.assert_protected(book.workbook.worksheets)


def test_data_validation_on_every_input() -> None:
    book = build_handicap_book(players=5, pairs=4)
    register = checks.rules_by_cell(book.workbook[REGISTER_SHEET])
    want = {
        "id": ("whole", "1", "999999"),
        "name": ("textLength", "60", None),
        "masterpoints": ("decimal", "0", None),
        "current": ("decimal", "-20", "52"),
    }
    for player_row in range(1, 6):
        for key, rule in want.items():
            got = register[book.register_cell(key, player_row)]
            assert (got.type, got.formula1, got.formula2) == rule, key
    tournament = checks.rules_by_cell(book.workbook[TOURNAMENT_SHEET])
    want = {
        "id_1": ("whole", "1", "999999"),
        "id_2": ("whole", "1", "999999"),
        "played": ("whole", "1", f"${book.boards[0]}${book.boards[1:]}"),
        "achieved": ("decimal", "0", "100"),
    }
    for number in range(1, 5):
        for key, rule in want.items():
            got = tournament[book.pair_cell(key, number)]
            assert (got.type, got.formula1, got.formula2) == rule, key
    assert (tournament[book.boards].type, tournament[book.boards].formula1) == ("whole", "1")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_layout_and_print_setup(tmp_path: Path, paper: str) -> None:
    target = tmp_path / "handicap.xlsx"
    build_handicap_book(players=20, pairs=8, paper=paper).workbook.save(target)
    workbook = load_workbook(target)
    for name in SHEETS:
        ws = workbook[name]
        checks.assert_printable(ws, paper)
        assert ws.freeze_panes, name
    tournament = workbook[TOURNAMENT_SHEET]
    assert tournament.page_setup.orientation == "landscape"
    assert tournament.freeze_panes == f"B{FIRST_PAIR_ROW}"
    assert str(tournament.print_area).endswith(f"$P${FIRST_PAIR_ROW + 7}")  # Check not printed
    assert tournament.column_dimensions[TOURNAMENT["row_1"]].hidden
    assert [tournament[f"A{FIRST_PAIR_ROW + i}"].value for i in range(8)] == list(range(1, 9))
    assert tournament[f"{TOURNAMENT['expected']}{FIRST_PAIR_ROW}"].number_format == "0.00"
    # Handicaps shown to one decimal (the cells hold them in full), percentages to two.
    register = workbook[REGISTER_SHEET]
    for key in ("current", "start", "in_use"):
        assert register[f"{REGISTER[key]}{FIRST_ROW}"].number_format == "0.0", key
    for key in ("handicap_1", "handicap_2", "pair_handicap", "new_1", "new_2"):
        assert tournament[f"{TOURNAMENT[key]}{FIRST_PAIR_ROW}"].number_format == "0.0", key
    change = tournament[f"{TOURNAMENT['change']}{FIRST_PAIR_ROW}"]
    assert change.number_format == "+0.0;-0.0;0.0"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 1}, "players must be a whole number from 2"),
        ({"pairs": 1}, "pairs must be a whole number from 2"),
        ({"pairs": 2.5}, "pairs must be a whole number"),
        ({"paper": "a3"}, "paper must be one of"),
    ],
)
def test_bad_arguments(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        build_handicap_book(**arguments)


def test_the_example_does_not_fit_a_small_book() -> None:
    with pytest.raises(InputError, match="only 5 rows"):
        fill_example(build_handicap_book(players=5))


# --------------------------------------------------------------------------------------------
# Ranking


@pytest.mark.parametrize("title", ["seed 1", "seed 3"])
def test_ranking_sheet_is_the_cores_ranking(libreoffice, tmp_path: Path, title: str) -> None:
    """A random field with a tie typed into the Tournament: the Ranking sheet lists the pairs
    with a result in the core's order, the tied ones sharing a place ("n=")."""
    book = build_handicap_book(players=len(ALL_PLAYERS) + 3, pairs=PAIRS)
    enter_players(book.workbook[REGISTER_SHEET], book, ALL_PLAYERS)
    field = FIELDS[title]
    type_field(book.workbook[TOURNAMENT_SHEET], book, field)
    values = recalculated(libreoffice, book, tmp_path).values
    rows = core_rows(field, HANDICAPS)
    numbers = list(range(1, book.pairs + 1))
    results = [rows[n].result if n in rows else None for n in numbers]
    names = {p.id: p.name for p in ALL_PLAYERS}
    pairs = [field.pairs.get(n) for n in numbers]
    letters = {"place": "A", "pair": "B", "name_1": "C", "name_2": "D", "result": "E"}
    checks.assert_ranking(
        values[RANKING_SHEET],
        letters,
        RANKING_FIRST_ROW,
        book.pairs,
        results,
        None,
        {
            "pair": numbers,
            "name_1": [
                names.get(p.player_1) if p and results[i] is not None else None
                for i, p in enumerate(pairs)
            ],
            "name_2": [
                names.get(p.player_2) if p and results[i] is not None else None
                for i, p in enumerate(pairs)
            ],
            "result": results,
        },
    )
    shared = [v for v in values[RANKING_SHEET]["A"] if isinstance(v.value, str) and "=" in v.value]
    assert shared  # the field's tie shows as a shared place
