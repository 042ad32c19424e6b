"""Printable VP cards, recalculated by LibreOffice and compared with the core."""

from __future__ import annotations

from pathlib import Path

import pytest
import workbook_checks as checks
from libreoffice import error_cells, read_values
from openpyxl import load_workbook
from openpyxl.utils.cell import coordinate_from_string

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.scoring.scales.gaussian import vp_scale
from xlbridge.scoring.scales.wbf import wbf_table
from xlbridge.workbooks.kit.printing import ROWS_PER_PAGE
from xlbridge.workbooks.scales.cards import CARDS_SHEET, WBF_SHEET, build_cards
from xlbridge.workbooks.scales.live_card import CardCells


def assert_card_matches_core(sheet, card: CardCells, scale) -> None:
    """Every band row of ``card`` as recalculated equals the core scale's rows."""
    a, b, c, d = card.columns
    if card.sigma is not None:
        assert sheet[card.sigma].value == pytest.approx(scale.sigma, abs=1e-9)
    rows = scale.rows()
    assert len(rows) == len(card.band_rows)
    for (start, end, winner, loser), row in zip(rows, card.band_rows, strict=True):
        assert sheet[f"{a}{row}"].value == pytest.approx(start, abs=1e-9), (scale.title, row)
        if end is None:
            assert sheet[f"{b}{row}"].value == "+"
        else:
            assert sheet[f"{b}{row}"].value == pytest.approx(end, abs=1e-9), (scale.title, row)
        assert sheet[f"{c}{row}"].value == winner
        assert sheet[f"{d}{row}"].value == loser


CASES = {
    "teams": {},
    "teams-floor": {"rounding": "floor"},
    "teams-negative-ceil": {"negative": True, "rounding": "ceil"},
    "teams8": {"form": "teams8"},
    "butler": {"form": "butler", "tables": 15},
    "butler-negative": {"form": "butler", "tables": 9, "negative": True},
    "pairs": {"form": "pairs"},
    "pairs-continuous": {"form": "pairs", "rounding": "none"},
    "aggregate": {"form": "aggregate", "rounding": "ceil"},
    "patton": {"form": "patton"},
    "cross": {"form": "cross", "comparisons": 3, "results": 2},
    "twelve-vp": {"vp_total": 12, "k": 6.25},
    "pairs-white-book": {"form": "pairs", "bounds": "white-book"},
    "teams-white-book-negative": {"bounds": "white-book", "negative": True, "rounding": "floor"},
    "aggregate-white-book": {"form": "aggregate", "bounds": "white-book", "rounding": "ceil"},
    "continuous-white-book": {"rounding": "none", "bounds": "white-book"},
    "wbf-discrete": {"scale": "wbf-discrete"},
    "wbf-discrete-half": {"scale": "wbf-discrete", "vp_total": 10},
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_cards_recalculate_to_core_values(libreoffice, tmp_path: Path, case: str) -> None:
    boards = [1, 2, 3, 8, 15, 32, 200]
    book = build_cards(boards, **CASES[case])
    sheet = checks.recalculated(libreoffice, book.workbook, tmp_path / "cards.xlsx")[CARDS_SHEET]
    for card in book.cards:
        assert_card_matches_core(sheet, card, card.scale)
        title = sheet[card.title].value
        assert str(card.scale.boards) in title and ("board" in title)


def test_cards_command_output_recalculates_with_wbf(libreoffice, tmp_path: Path) -> None:
    target = tmp_path / "vp-cards.xlsx"
    assert main(["cards", "-o", str(target), "--wbf"]) == 0
    result = libreoffice.recalc(target)
    assert error_cells(result) == []
    values = read_values(result)
    book = build_cards(list(range(4, 33)), wbf=True)  # the layout the command wrote
    for card in book.cards:
        assert_card_matches_core(values[CARDS_SHEET], card, card.scale)
    wbf = values[WBF_SHEET]
    for section in book.wbf:
        table = wbf_table(section.boards)
        assert len(section.cells) == len(table)
        for margin, (m_ref, w_ref, l_ref) in enumerate(section.cells):
            assert wbf[m_ref].value == margin
            assert wbf[w_ref].value == pytest.approx(table[margin], abs=1e-9)
            assert wbf[l_ref].value == pytest.approx(20 - table[margin], abs=1e-9)


def test_cards_follow_edited_inputs(libreoffice, tmp_path: Path) -> None:
    """A director who types new boards and K into a card sees the core's scale for them."""
    book = build_cards([8, 12], form="butler", tables=15)
    source = tmp_path / "cards.xlsx"
    book.workbook.save(source)
    edited = load_workbook(source)
    sheet = edited[CARDS_SHEET]
    first, second = book.cards
    sheet[first.k].value = 6.0
    sheet[first.boards].value = 10
    assert second.tables is not None
    sheet[second.tables].value = 4
    values = checks.recalculated(libreoffice, edited, source)[CARDS_SHEET]
    assert_card_matches_core(values, first, vp_scale(10, 6.0, "butler", tables=15))
    assert_card_matches_core(values, second, vp_scale(12, 7.0, "butler", tables=4))
    assert values[first.title].value == "Butler · 10 boards"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_print_setup(tmp_path: Path, paper: str) -> None:
    target = tmp_path / "cards.xlsx"
    book = build_cards(list(range(4, 33)), negative=True, wbf=True, paper=paper)
    book.workbook.save(target)
    reread = load_workbook(target)
    for name in (CARDS_SHEET, WBF_SHEET):
        sheet = reread[name]
        checks.assert_printable(sheet, paper)
        assert sheet.page_setup.fitToHeight == 0
        checks.assert_protected([sheet])
        breaks = [b.id for b in sheet.row_breaks.brk]
        assert breaks, name
        # Pages are at most a page tall and no card is cut by a break.
        pages = list(zip([0] + breaks, breaks + [sheet.max_row], strict=True))
        assert all(end - start <= ROWS_PER_PAGE[paper] for start, end in pages)
    cards_sheet = reread[CARDS_SHEET]
    breaks = {b.id for b in cards_sheet.row_breaks.brk}
    for card in book.cards:
        top = coordinate_from_string(card.title)[1]
        assert not any(top <= brk < card.band_rows[-1] for brk in breaks), card.scale.boards


def test_inputs_unlocked_and_validated(tmp_path: Path) -> None:
    book = build_cards([8], form="butler", tables=15)
    sheet = book.workbook[CARDS_SHEET]
    card = book.cards[0]
    checks.assert_only_inputs_unlocked(sheet, {card.boards, card.k, card.tables})
    rules = checks.rules_by_range(sheet)
    assert rules[card.boards].type == "whole" and rules[card.boards].formula2 == "200"
    assert rules[card.k].type == "decimal"


def test_discrete_cards_follow_edited_boards(libreoffice, tmp_path: Path) -> None:
    """A WBF discrete card redraws from its table when the director types other boards."""
    from xlbridge.scoring.scales.wbf_discrete import wbf_discrete

    book = build_cards([8, 4], scale="wbf-discrete")
    source = tmp_path / "cards.xlsx"
    book.workbook.save(source)
    edited = load_workbook(source)
    first, second = book.cards
    edited[CARDS_SHEET][first.boards].value = 17
    edited[CARDS_SHEET][second.boards].value = 1
    values = checks.recalculated(libreoffice, edited, source)
    assert_card_matches_core(values[CARDS_SHEET], first, wbf_discrete(17))
    assert_card_matches_core(values[CARDS_SHEET], second, wbf_discrete(1))
    assert values[CARDS_SHEET][first.title].value == "WBF discrete · 17 boards"


def test_discrete_card_shows_the_ebu_8_board_table(tmp_path: Path) -> None:
    from xlbridge.workbooks.scales.discrete_card import TABLE_SHEET

    book = build_cards([8], scale="wbf-discrete")
    table = book.workbook[TABLE_SHEET]
    # Row of 8 boards: the last margin of 10-10 … 19-1 as the EBU prints them.
    row = [table.cell(10, c).value for c in range(1, 12)]
    assert row == [8, 0, 3, 6, 9, 12, 16, 20, 25, 30, 38]
    checks.assert_protected([table])
    checks.assert_only_inputs_unlocked(book.workbook[CARDS_SHEET], {book.cards[0].boards})


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({}, "Each band starts at its printed bound"),
        ({"bounds": "white-book"}, "Bounds as the EBU White Book prints them"),
        ({"scale": "wbf-discrete"}, "each whole VP covers the IMP range"),
    ],
)
def test_page_heading_says_the_bound_rule(options: dict, words: str) -> None:
    sheet = build_cards([8], **options).workbook[CARDS_SHEET]
    assert words in sheet["A1"].value
    assert sheet.print_title_rows == "$1:$1"


def test_discrete_cards_print_the_cards_alone(libreoffice, tmp_path: Path) -> None:
    """The issue's command printed a page of cards and four of the 200-row table of bounds:
    now the table is kept (the cards read it) but hidden, with no print area, so LibreOffice
    prints the one page of four cards."""
    import rendering

    from xlbridge.workbooks.scales.discrete_card import TABLE_SHEET

    target = tmp_path / "cards.xlsx"
    assert (
        main(["cards", "--scale", "wbf-discrete", "--boards", "8,10,12,16", "-o", str(target)]) == 0
    )
    table = load_workbook(target)[TABLE_SHEET]
    assert table.sheet_state == "hidden" and not table.print_area
    (page,) = rendering.page_texts(rendering.pdf(libreoffice, target))
    for boards in (8, 10, 12, 16):
        assert f"WBF discrete · {boards} boards" in page
    assert "the last IMP margin of each band" not in page  # the table's title


def test_lookup_shows_and_prints_the_table_of_bounds(tmp_path: Path) -> None:
    from xlbridge.workbooks.scales.discrete_card import TABLE_SHEET

    book = build_cards([8], scale="wbf-discrete", vp_total=10, lookup=True)
    table = book.workbook[f"{TABLE_SHEET} 10"]
    assert table.sheet_state == "visible"
    assert table.print_area == f"'{TABLE_SHEET} 10'!$A$1:$F$202"  # boards 1-200, 5 bands
    with pytest.raises(InputError, match="--lookup applies to --scale wbf-discrete only"):
        build_cards([8], lookup=True)
