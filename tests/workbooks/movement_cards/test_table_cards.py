"""The table cards' page: portrait, text of 12 points or more, the grid filling the page.

Sizes are read from the written workbook with openpyxl. Row heights are in points. A column
of width w prints 7·w + 5 pixels wide (w digits of the default font, 7 pixels each, plus the
cell's padding), at 0.75 point a pixel: 5.25·w + 3.75 points. The printable area is the
paper less the cards' margins: 0.4 inch (28.8 points) at each side, 0.7 inch (50.4 points)
at the top and bottom, the page header and footer printing inside them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from xlbridge.scoring.movement.build import Movement, Pair, Seating, howell, mitchell
from xlbridge.scoring.movement.checks import balance
from xlbridge.workbooks.movement_cards import build_movement_cards
from xlbridge.workbooks.movement_cards.build import TABLE_SHEET
from xlbridge.workbooks.movement_cards.table_cards import stretched, write_table_cards

#: Printable (width, height) in points of a portrait page: A4 595.3 × 841.9, Letter 612 × 792.
PRINTABLE = {"a4": (595.3 - 57.6, 841.9 - 100.8), "letter": (612.0 - 57.6, 792.0 - 100.8)}


def column_points(width: float) -> float:
    return 5.25 * width + 3.75


def table_cards(movement: Movement, paper: str, tmp_path: Path):
    path = tmp_path / "cards.xlsx"
    build_movement_cards(movement, balance=balance(movement), paper=paper).workbook.save(path)
    return load_workbook(path)[TABLE_SHEET]


def card_rows(ws) -> list[range]:
    """Each card's rows (its title, headings and rounds), from the page breaks."""
    ends = [brk.id for brk in ws.row_breaks.brk] + [ws.max_row]
    return [range(start + 1, end + 1) for start, end in zip([0, *ends], ends, strict=False)]


@pytest.mark.parametrize(
    ("movement", "paper"),
    [(mitchell(tables=7), "a4"), (howell(pairs=8), "letter")],
    ids=["mitchell-7-a4", "howell-8-letter"],
)
def test_a_table_card_fills_a_portrait_page_in_12_points_or_more(
    movement: Movement, paper: str, tmp_path: Path
) -> None:
    ws = table_cards(movement, paper, tmp_path)
    width, height = PRINTABLE[paper]
    assert ws.page_setup.orientation == "portrait"
    assert ws.sheet_properties.pageSetUpPr.fitToPage and ws.page_setup.fitToWidth == 1
    # The columns fill at least 2/3 of the width, and fit it at full size (not shrunk).
    columns = sum(column_points(ws.column_dimensions[c].width) for c in "ABCDEFG")
    assert 2 / 3 * width <= columns <= width
    cards = card_rows(ws)
    assert len(cards) == movement.tables
    for rows in cards:
        assert len(rows) == 2 + movement.rounds  # title, headings, a row a round
        heights = [ws.row_dimensions[r].height for r in rows]
        assert sum(heights) <= height  # the whole card on its page
        assert sum(heights[1:]) >= 2 / 3 * height  # the grid: headings and rounds
        cells = [ws.cell(r, c) for r in rows for c in range(1, 8)]
        sizes = [cell.font.size for cell in cells if cell.value is not None]
        assert min(sizes) >= 12, rows
    for part in (ws.oddHeader.center, ws.oddFooter.left, ws.oddFooter.right):
        assert part.size >= 12


def test_a_card_of_many_rounds_is_printed_smaller_to_fit_its_page() -> None:
    """A movement read from a file may have 40 rounds at one table: rows of 12-point text
    (21 points each) are taller than a page, so the sheet is printed at the scale that fits."""
    pairs = tuple(Pair(n) for n in range(1, 42))
    seatings = tuple(Seating(r, 1, pairs[0], pairs[r], (r,)) for r in range(1, 41))
    ws = Workbook().create_sheet(TABLE_SHEET)  # the table cards alone (not 41 guide cards)
    write_table_cards(ws, Movement("Long", seatings, pairs), "a4")
    (rows,) = card_rows(ws)
    card = sum(ws.row_dimensions[r].height for r in rows)
    assert card > PRINTABLE["a4"][1]
    assert not ws.sheet_properties.pageSetUpPr.fitToPage
    assert card * ws.page_setup.scale / 100 <= PRINTABLE["a4"][1]
    assert ws.page_setup.scale >= 0.95 * 100 * PRINTABLE["a4"][1] / card  # no smaller
    assert min(ws.cell(r, 1).font.size for r in rows[1:]) == 12


def test_rows_are_stretched_to_one_common_height() -> None:
    # 150 points for rows needing 20, 80 and 20: the 80 stays, the others share 70.
    assert stretched([20.0, 80.0, 20.0], 150.0) == [35.0, 80.0, 35.0]
    assert stretched([20.0, 50.0, 20.0], 150.0) == [50.0, 50.0, 50.0]
    assert stretched([60.0, 50.0], 100.0) == [60.0, 50.0]  # already taller: as they are
