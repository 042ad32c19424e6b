"""Pieces the pairs-session sheets share: fonts, column references, working cells and
formula tests."""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.kit import layout, refs, styles
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.pairs_session.book import (
    BOARDS_SHEET,
    FIRST_ROW,
    FONT_NAME,
    MIN_FONT_SIZE,
    PAIRS,
    PAIRS_FIRST_ROW,
    PAIRS_SHEET,
    TRAVELLER,
    TRAVELLER_SHEET,
    PairsSessionBook,
)

# --------------------------------------------------------------------------------------------
# Shared pieces


def use_font(ws: Worksheet) -> None:
    """Every styled cell in :data:`FONT_NAME`, at least :data:`MIN_FONT_SIZE` points."""
    for row in ws.iter_rows():
        for cell in row:
            font = cell.font
            size = max(float(font.sz or MIN_FONT_SIZE), MIN_FONT_SIZE)
            cell.font = Font(name=FONT_NAME, sz=size, b=font.b, i=font.i, color=font.color)


def _column(sheet: str | None, letter: str, first: int, last: int) -> str:
    ref = refs.absolute(letter, first, last)
    return ref if sheet is None else refs.on(sheet, ref)


def traveller_column(book: PairsSessionBook, key: str, *, sheet: bool = True) -> str:
    last = book.line_row(book.lines)
    return _column(TRAVELLER_SHEET if sheet else None, TRAVELLER[key], FIRST_ROW, last)


def pairs_column(book: PairsSessionBook, key: str, *, sheet: bool = True) -> str:
    last = book.pair_rows()[-1][2]
    return _column(PAIRS_SHEET if sheet else None, PAIRS[key], PAIRS_FIRST_ROW, last)


def write_working(
    ws: Worksheet, row: int, columns: Sequence[Column], first: int, values: dict[str, object]
) -> None:
    """Working cells of one row: grey on grey, locked."""
    layout.write_row(ws, row, columns, values, first=first)
    for i in range(first, first + len(columns)):
        cell = ws.cell(row, i)
        cell.font, cell.fill = styles.GREY_FONT, styles.WORKING_FILL


def working_headings(ws: Worksheet, row: int, columns: Sequence[Column], first: int) -> None:
    """Headings of the working columns, hidden as a group."""
    layout.headings(ws, row, columns, first=first, height=None)
    for i in range(first, first + len(columns)):
        ws.cell(row, i).font = styles.GREY_FONT
    letters = layout.letters(columns, first)
    ws.column_dimensions.group(
        letters[columns[0].key], letters[columns[-1].key], hidden=True, outline_level=1
    )


def is_whole(cell: str, low: int, high: int) -> str:
    """TRUE when ``cell`` holds a whole number from ``low`` to ``high`` (FALSE for text)."""
    return f"IF({is_number(cell)},AND({cell}=INT({cell}),{cell}>={low},{cell}<={high}),FALSE)"


def is_number(cell: str) -> str:
    """TRUE when ``cell`` holds a number, not TRUE or FALSE (which LibreOffice counts as one)."""
    return f"IF(ISLOGICAL({cell}),FALSE,ISNUMBER({cell}))"


def is_blank(cell: str) -> str:
    return f'LEN({cell}&"")=0'


def boards_cell(ref: str) -> str:
    return refs.on(BOARDS_SHEET, refs.fixed(ref))
