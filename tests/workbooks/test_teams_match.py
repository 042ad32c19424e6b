"""The teams-of-four match sheet, recalculated by LibreOffice and compared with the core.

Three recalculations: an empty sheet, a Gaussian match with negative VPs (K changed on the
Scale sheet after building) and a complete WBF match. Each filled workbook also carries a
scratch sheet on which the workbook's own VP formula is copied next to many margins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import workbook_checks as checks
from workbook_checks import blank

from xlbridge.errors import InputError
from xlbridge.scoring.imps import imps
from xlbridge.scoring.scales.gaussian import vp_scale
from xlbridge.scoring.scales.wbf import wbf_table, wbf_vp
from xlbridge.workbooks.teams_match import (
    AWAY_IMPS,
    BOARD,
    CLOSED,
    HEADER_ROW,
    HOME_IMPS,
    IMP_SHEET,
    MATCH_SHEET,
    OPEN,
    POINTS,
    SCALE_SHEET,
    WBF_FIRST_ROW,
    WBF_GROUP_WIDTH,
    WBF_GROUPS,
    WBF_SHEET,
    TeamsMatchBook,
    build_teams_match,
)

#: Functions a formula may call: all in Excel 2007/2010 without the _xlfn. prefix.
ALLOWED_FUNCTIONS = {
    "ABS",
    "AND",
    "COUNT",
    "IF",
    "INDEX",
    "INT",
    "ISNUMBER",
    "LOOKUP",
    "MAX",
    "MIN",
    "MOD",
    "NORMSINV",
    "ROUND",
    "SIGN",
    "SQRT",
    "SUM",
}
#: Plausible NS scores (multiples of 10), few enough for equal results in both rooms.
SCORE_POOL = (
    -1430,
    -1100,
    -800,
    -620,
    -500,
    -420,
    -200,
    -140,
    -100,
    -50,
    50,
    90,
    110,
    140,
    170,
    200,
    400,
    420,
    450,
    480,
    620,
    650,
    980,
    1430,
    1440,
    2210,
)
NAMES = {"event": "+Spring Cup", "date": "-1 March 2026", "home": "=Smith", "away": "@Jones"}
SCRATCH = "scratch"
Score = int | None


@dataclass(frozen=True)
class Expected:
    """What the core says the Match sheet must show."""

    points: dict[int, int]  # board → home points, boards with both scores only
    imps: dict[int, int]  # board → the home team's signed IMPs
    home: int
    away: int
    scored: int


def random_boards(seed: int, boards: int, *, home_edge: float = 0.0) -> list[tuple[Score, Score]]:
    """(open NS, closed NS) per board: about a fifth left blank, a few with one room only.

    ``home_edge`` is the chance that a board is a big swing to the home team.
    """
    rng = np.random.default_rng(seed)
    out: list[tuple[Score, Score]] = []
    for _ in range(boards):
        open_, closed = (int(s) for s in rng.choice(SCORE_POOL, 2))
        if rng.random() < home_edge:
            open_, closed = abs(open_), -abs(closed)
        kind = rng.random()
        if kind < 0.12:
            out.append((None, None))
        elif kind < 0.2:
            out.append((open_, None) if kind < 0.16 else (None, closed))
        else:
            out.append((open_, closed))
    return out


def expected(results: list[tuple[Score, Score]]) -> Expected:
    points = {
        board: open_ - closed
        for board, (open_, closed) in enumerate(results, start=1)
        if open_ is not None and closed is not None
    }
    signed = {board: int(imps(diff)) for board, diff in points.items()}
    home = sum(max(0, v) for v in signed.values())
    away = sum(max(0, -v) for v in signed.values())
    return Expected(points, signed, home, away, len(points))


def fill(book: TeamsMatchBook, results: list[tuple[Score, Score]]) -> None:
    typed: dict[str, object] = {getattr(book, key): text for key, text in NAMES.items()}
    for board, (open_, closed) in enumerate(results, start=1):
        typed |= {book.cell(OPEN, board): open_, book.cell(CLOSED, board): closed}
    checks.type_in(book.workbook[MATCH_SHEET], typed)


def add_scratch(book: TeamsMatchBook, margins: list[float]) -> None:
    """A sheet with ``margins`` in column A and the workbook's home-VP formula beside each."""
    formula = book.workbook[MATCH_SHEET][book.home_vp].value
    margin = re.compile(rf"(?<![$A-Z]){book.home_margin}(?!\d)")
    assert isinstance(formula, str) and margin.search(formula)
    ws = book.workbook.create_sheet(SCRATCH)
    for row, value in enumerate(margins, start=1):
        ws.cell(row, 1, value)
        ws.cell(row, 2, margin.sub(f"A{row}", formula))


def assert_match(values: Any, book: TeamsMatchBook, want: Expected) -> None:
    """Boards, totals and margins as the core says; unplayed boards blank."""
    ws = values[MATCH_SHEET]
    for board in range(1, book.boards + 1):
        assert ws[book.cell(BOARD, board)].value == board
        got = [ws[book.cell(c, board)].value for c in (POINTS, HOME_IMPS, AWAY_IMPS)]
        if board not in want.points:
            assert all(blank(v) for v in got), (board, got)
            continue
        signed = want.imps[board]
        assert got == [want.points[board], max(0, signed), max(0, -signed)], board
    assert ws[book.boards_scored].value == want.scored
    if want.scored == 0:
        for ref in (book.home_imps, book.away_imps, book.home_margin, book.away_margin):
            assert blank(ws[ref].value), ref
        return
    assert ws[book.home_imps].value == want.home
    assert ws[book.away_imps].value == want.away
    assert ws[book.home_margin].value == want.home - want.away
    assert ws[book.away_margin].value == want.away - want.home


def assert_names_are_text(values: Any, book: TeamsMatchBook) -> None:
    ws = values[MATCH_SHEET]
    for key, text in NAMES.items():
        assert ws[getattr(book, key)].value == text, key


# --------------------------------------------------------------------------------------------
# Recalculated in LibreOffice


def test_empty_match_is_blank_and_error_free(libreoffice, tmp_path: Path) -> None:
    book = build_teams_match()
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "teams-match.xlsx")
    assert_match(values, book, expected([(None, None)] * book.boards))
    ws = values[MATCH_SHEET]
    assert blank(ws[book.home_vp].value) and blank(ws[book.away_vp].value)
    assert ws[book.status].value == "No board scored yet"
    assert ws[book.scale_label].value.startswith("Gaussian VP scale · K 6.5 · 24 boards")


def test_gaussian_match_with_negative_vps_matches_core(libreoffice, tmp_path: Path) -> None:
    boards, k = 10, 5.75
    book = build_teams_match(boards=boards, k=6.25, negative=True)
    results = random_boards(27, boards, home_edge=0.6)
    fill(book, results)
    assert book.card is not None
    book.workbook[SCALE_SHEET][book.card.k] = k  # the director changes K: the VPs follow
    margins = list(range(-70, 71)) + [-0.5, 0.5, 12.5, -12.5]
    add_scratch(book, margins)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "teams-match.xlsx")

    want = expected(results)
    assert 0 < want.scored < boards  # blanks and one-room boards are in the data
    assert any((a is None) != (b is None) for a, b in results)
    assert (None, None) in results
    assert_match(values, book, want)
    assert_names_are_text(values, book)
    scale = vp_scale(boards, k, negative=True)
    margin = want.home - want.away
    home_vp, away_vp = float(scale.vp(margin)), float(scale.vp(-margin))
    assert -5 < away_vp < 0  # the data reach an inner negative band
    ws = values[MATCH_SHEET]
    assert (ws[book.home_vp].value, ws[book.away_vp].value) == (home_vp, away_vp)
    assert ws[book.status].value == f"Provisional: VPs on {want.scored} of {boards} boards"
    assert ws[book.scale_label].value == (
        f"Gaussian VP scale · K {k} · {boards} boards · negative VPs (sheet {SCALE_SHEET})"
    )
    got = [values[SCRATCH].cell(row, 2).value for row in range(1, len(margins) + 1)]
    assert got == scale.vp(np.array(margins)).tolist()
    assert min(got) < 0


def test_wbf_match_matches_core(libreoffice, tmp_path: Path) -> None:
    boards = 14
    book = build_teams_match(boards=boards, scale="wbf", paper="letter")
    rng = np.random.default_rng(5)
    results: list[tuple[Score, Score]] = [
        (int(a), int(b)) for a, b in rng.choice(SCORE_POOL, (boards, 2))
    ]
    fill(book, results)
    top = len(wbf_table(boards)) - 1
    margins = list(range(-top - 5, top + 6)) + [-0.5, 0.5, 2.4, -2.6]
    add_scratch(book, margins)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "teams-match.xlsx")

    want = expected(results)
    assert want.scored == boards
    assert_match(values, book, want)
    assert_names_are_text(values, book)
    margin = want.home - want.away
    ws = values[MATCH_SHEET]
    assert ws[book.home_vp].value == pytest.approx(float(wbf_vp(margin, boards)), abs=1e-9)
    assert ws[book.away_vp].value == pytest.approx(float(wbf_vp(-margin, boards)), abs=1e-9)
    assert ws[book.status].value == "Final result"
    assert ws[book.scale_label].value.startswith(f"WBF 2013 continuous VP scale · {boards} boards")
    got = [values[SCRATCH].cell(row, 2).value for row in range(1, len(margins) + 1)]
    assert got == pytest.approx(wbf_vp(np.array(margins), boards).tolist(), abs=1e-9)
    # Published checks (the WBF VP scale), 14 boards.
    assert [got[margins.index(m)] for m in (2, 10, 20)] == pytest.approx([10.66, 12.97, 15.26])


# --------------------------------------------------------------------------------------------
# Structure (no recalculation)


@pytest.mark.parametrize("scale", ["gaussian", "wbf"])
def test_inputs_unlocked_formulas_locked_and_validated(scale: str) -> None:
    book = build_teams_match(boards=7, scale=scale)
    ws = book.workbook[MATCH_SHEET]
    inputs = set(book.inputs)
    assert len(inputs) == 4 + 2 * book.boards
    checks.assert_only_inputs_unlocked(ws, inputs)
    assert all(ws[ref].value is None for ref in inputs)
    for board in range(1, book.boards + 1):
        for column in (POINTS, HOME_IMPS, AWAY_IMPS):
            assert str(ws[book.cell(column, board)].value).startswith("="), (board, column)
    for ref in (book.home_imps, book.away_imps, book.home_vp, book.away_vp, book.status):
        assert str(ws[ref].value).startswith("="), ref
    for ref in (book.event, book.date, book.home, book.away):
        assert ws[ref].number_format == "@", ref
    rules = checks.rules_by_range(ws)
    last = book.board_row(book.boards)
    scores = rules[f"{OPEN}{book.board_row(1)}:{CLOSED}{last}"]
    assert scores.type == "custom" and f"MOD({OPEN}{book.board_row(1)},10)=0" in scores.formula1
    assert rules[f"{book.home} {book.away}"].type == "textLength"
    assert rules[book.event].type == rules[book.date].type == "textLength"
    expected_sheets = [MATCH_SHEET, SCALE_SHEET if scale == "gaussian" else WBF_SHEET, IMP_SHEET]
    assert book.workbook.sheetnames == expected_sheets
    checks.assert_protected(book.workbook.worksheets)
    assert ws.freeze_panes == f"A{HEADER_ROW + 1}"
    if book.card is not None:
        checks.assert_only_inputs_unlocked(
            book.workbook[SCALE_SHEET], {book.card.boards, book.card.k}
        )
    assert set(book.workbook.defined_names) == {"IMP_FROM", "IMP_SIZE"}
    checks.assert_allowed_functions(book.workbook, ALLOWED_FUNCTIONS)


def test_options_reach_the_card() -> None:
    book = build_teams_match(boards=12, k=6.25, negative=True)
    assert book.card is not None
    sheet = book.workbook[SCALE_SHEET]
    assert (sheet[book.card.boards].value, sheet[book.card.k].value) == (12, 6.25)
    scale = vp_scale(12, 6.25, negative=True)
    assert len(book.card.band_rows) == len(scale.winner)
    assert min(sheet[f"{book.card.columns[3]}{row}"].value for row in book.card.band_rows[-5:]) < 0


@pytest.mark.parametrize("boards", [1, 14, 24, 200])
def test_wbf_sheet_holds_the_table_where_the_lookup_reads(boards: int) -> None:
    """Margin M is in row MOD(M, rows), group INT(M / rows) of the WBF block."""
    book = build_teams_match(boards=boards, scale="wbf")
    sheet = book.workbook[WBF_SHEET]
    table = wbf_table(boards).tolist()
    rows = -(-len(table) // WBF_GROUPS)
    for margin, winner in enumerate(table):
        row = WBF_FIRST_ROW + margin % rows
        column = 1 + WBF_GROUP_WIDTH * (margin // rows)
        assert sheet.cell(row, column).value == margin
        assert sheet.cell(row, column + 1).value == winner
        assert sheet.cell(row, column + 2).value == pytest.approx(20 - winner, abs=1e-9)
    formula = book.workbook[MATCH_SHEET][book.home_vp].value
    assert f",{rows})+1,{WBF_GROUP_WIDTH}*INT(" in formula and f",{len(table) - 1})" in formula


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_print_setup(paper: str) -> None:
    book = build_teams_match(paper=paper)
    for sheet in book.workbook.worksheets:
        checks.assert_printable(sheet, paper)
    match = book.workbook[MATCH_SHEET]
    assert str(match.print_title_rows) == f"${HEADER_ROW}:${HEADER_ROW}"
    assert str(match.print_area).endswith(f"$F${book.board_row(book.boards) + 6}")


@pytest.mark.parametrize(
    ("arguments", "option"),
    [
        ({"boards": 0}, "boards"),
        ({"boards": 201}, "boards"),
        ({"boards": 2.5}, "boards"),
        ({"k": 0}, "k"),
        ({"k": -6.5}, "k"),
        ({"scale": "imps"}, "scale"),
        ({"paper": "a3"}, "paper"),
        ({"negative": "yes"}, "negative"),
        ({"scale": "wbf", "k": 6.5}, "k"),
        ({"scale": "wbf", "negative": True}, "negative"),
    ],
)
def test_bad_options_are_rejected(arguments: dict[str, Any], option: str) -> None:
    with pytest.raises(InputError, match=rf"^{option}\b"):
        build_teams_match(**arguments)
