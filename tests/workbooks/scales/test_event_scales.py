"""The event workbooks on the scales federations print: the WBF discrete (whole-VP) table and
White Book bounds, recalculated by LibreOffice and compared with the core.

One recalculation per template: its Scale sheet's card must equal the core's scale, and a
scratch sheet copies the workbook's own VP formula beside many margins (every bound and the
margins either side of it included).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import workbook_checks as checks
from openpyxl import Workbook

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.scoring.scales.gaussian import vp_scale
from xlbridge.scoring.scales.wbf_discrete import DiscreteScale, wbf_discrete
from xlbridge.workbooks.league.build import build_league
from xlbridge.workbooks.ready_made import build_template
from xlbridge.workbooks.scales.discrete_card import TABLE_SHEET
from xlbridge.workbooks.scales.live_card import CardCells
from xlbridge.workbooks.swiss_event import build_swiss_event
from xlbridge.workbooks.teams_match import MATCH_SHEET, build_teams_match

SCALE_SHEET = "Scale"
SCRATCH = "scratch"
#: Excel 2010 functions, no prefix needed (MATCH reads the discrete table, SUMPRODUCT counts).
ALLOWED_FUNCTIONS = {
    "ABS",
    "AND",
    "COUNT",
    "COUNTIF",
    "COUNTIFS",
    "IF",
    "IFERROR",
    "INDEX",
    "INT",
    "ISNUMBER",
    "LOOKUP",
    "MATCH",
    "MAX",
    "MIN",
    "MOD",
    "NORMSINV",
    "OR",
    "ROUND",
    "SIGN",
    "SQRT",
    "SUM",
    "SUMPRODUCT",
    "ISBLANK",
    "LEN",
    "TRIM",
    "ISTEXT",
    "COUNTA",
    "RANK",
    "SUMIF",
    "SUMIFS",
    "CHOOSE",
    "NOT",
    "ROWS",
    "ROW",
    "COLUMN",
    "LARGE",
    "SMALL",
    "OFFSET",
    "TEXT",
    "N",
    "EXACT",
    "UPPER",
    "LOWER",
    "ISERROR",
    "ISNA",
    "MAXA",
    "MINA",
    "AVERAGE",
    "FLOOR",
}


def probes(scale) -> list[float]:
    """Margins around every bound of ``scale`` (both signs), halves, and a spread."""
    out: list[float] = [0, 0.5, -0.5, 2.5, -2.5, 200, -200]
    for start, end, _, _ in scale.rows():
        out += [start, -start, start - 1, 1 - start]
        if end is not None:
            out += [end, -end]
    return out


def add_scratch(workbook: Workbook, card: CardCells, margins: list[float]) -> None:
    ws = workbook.create_sheet(SCRATCH)
    for row, margin in enumerate(margins, start=1):
        ws.cell(row, 1, margin)
        ws.cell(row, 2, "=" + card.vp_formula(f"A{row}", SCALE_SHEET))


def assert_card_and_lookups(values, card: CardCells, scale, margins: list[float]) -> None:
    sheet = values[SCALE_SHEET]
    a, b, c, d = card.columns
    for (start, end, winner, loser), row in zip(scale.rows(), card.band_rows, strict=True):
        assert sheet[f"{a}{row}"].value == pytest.approx(start, abs=1e-9), row
        assert sheet[f"{b}{row}"].value == ("+" if end is None else pytest.approx(end, abs=1e-9))
        assert (sheet[f"{c}{row}"].value, sheet[f"{d}{row}"].value) == (winner, loser)
    got = [values[SCRATCH].cell(row, 2).value for row in range(1, len(margins) + 1)]
    assert got == scale.vp(np.array(margins, dtype=float)).tolist()


def test_teams_match_on_the_wbf_discrete_table(libreoffice, tmp_path: Path) -> None:
    book = build_teams_match(boards=8, scale="wbf-discrete")
    assert book.scale == "wbf-discrete" and book.card is not None
    scale = wbf_discrete(8)
    # Home wins board 1 by 1430 − (−1430) = 2860 (21 IMPs) and board 2 by 620 − 0 = 620 (12).
    checks.type_in(book.workbook[MATCH_SHEET], {"B9": 1430, "C9": -1430, "B10": 620, "C10": 0})
    margins = probes(scale)
    add_scratch(book.workbook, book.card, margins)
    checks.assert_allowed_functions(book.workbook, ALLOWED_FUNCTIONS)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "match.xlsx")
    assert_card_and_lookups(values, book.card, scale, margins)
    match = values[MATCH_SHEET]
    # 33 IMPs on the EBU's 8-board table: 19-1 covers 31-38.
    assert match[book.home_margin].value == 33
    assert (match[book.home_vp].value, match[book.away_vp].value) == (19, 1)
    assert match[book.scale_label].value == "WBF discrete VP scale · 8 boards (sheet Scale)"
    assert TABLE_SHEET in values.sheetnames


def test_swiss_teams_on_the_wbf_discrete_table(libreoffice, tmp_path: Path) -> None:
    book = build_swiss_event(form="teams", teams=4, rounds=1, boards=7, scale="wbf-discrete")
    assert isinstance(book.scale, DiscreteScale) and book.k is None
    margins = probes(book.scale)
    add_scratch(book.workbook, book.card, margins)
    checks.assert_allowed_functions(book.workbook, ALLOWED_FUNCTIONS)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "swiss.xlsx")
    assert_card_and_lookups(values, book.card, wbf_discrete(7), margins)


def test_league_on_the_wbf_discrete_table(libreoffice, tmp_path: Path) -> None:
    book = build_league(teams=4, boards=16, scale="wbf-discrete")
    margins = probes(wbf_discrete(16))
    add_scratch(book.workbook, book.card, margins)
    checks.assert_allowed_functions(book.workbook, ALLOWED_FUNCTIONS)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "league.xlsx")
    assert_card_and_lookups(values, book.card, wbf_discrete(16), margins)


def test_swiss_pairs_with_white_book_bounds(libreoffice, tmp_path: Path) -> None:
    book = build_swiss_event(form="pairs", teams=4, rounds=1, boards=8, bounds="white-book")
    scale = vp_scale(8, form="pairs", bounds="white-book")
    printed = [50.65, 51.98, 53.33, 54.74, 56.23, 57.83, 59.64, 61.75, 64.40, 68.35]
    margins = printed + [round(p + 0.01, 2) for p in printed] + [round(100 - p, 2) for p in printed]
    add_scratch(book.workbook, book.card, margins)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "pairs.xlsx")
    assert_card_and_lookups(values, book.card, scale, margins)
    got = [values[SCRATCH].cell(row, 2).value for row in range(1, 11)]
    assert got == list(range(10, 20))  # a score exactly on a printed bound: the VP nearer 10


def test_teams_match_white_book_label_and_default_unchanged() -> None:
    book = build_teams_match(boards=8, bounds="white-book")
    label = book.workbook[MATCH_SHEET][book.scale_label].value
    assert "White Book bounds" in label
    default = build_teams_match(boards=8)
    assert "White Book" not in default.workbook[MATCH_SHEET][default.scale_label].value


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("swiss-pairs", {"scale": "wbf-discrete"}, r"pairs scale \(S8\) only: --scale gaussian"),
        ("teams-match", {"scale": "wbf", "bounds": "white-book"}, "bounds applies to the gaussian"),
        ("teams-match", {"scale": "wbf-discrete", "k": 6.5}, "k applies to the gaussian"),
        ("league", {"scale": "wbf-discrete", "bounds": "white-book"}, "--bounds applies to the"),
        ("swiss-teams", {"scale": "wbf-discrete", "k": 6}, "--k applies to the gaussian"),
        ("league", {"bounds": "top"}, "bounds must be one of lower, white-book"),
        ("swiss-teams", {"scale": "imps"}, "scale must be one of gaussian, wbf-discrete"),
    ],
)
def test_scale_options_refused_by_name(name: str, options: dict, message: str) -> None:
    with pytest.raises(InputError, match=message):
        build_template(name, **options)


def test_template_command_writes_a_discrete_league(tmp_path: Path, capsys) -> None:
    target = tmp_path / "league.xlsx"
    argv = ["template", "league", "-o", str(target), "--teams", "4", "--scale", "wbf-discrete"]
    assert main(argv) == 0 and target.exists()
    assert main(["template", "swiss-pairs", "-o", str(tmp_path / "p.xlsx"), "--scale", "wbf"]) == 2
    assert "only: --scale gaussian" in capsys.readouterr().err
