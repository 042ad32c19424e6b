"""One sheet of a workbook opened read-only, read from its XML as it is, within bounds.

openpyxl's read-only rows trust the sheet's ``<dimension>`` (a program that writes a wrong one
has the rows and columns beyond it dropped) and pad every row to the widest one (a single
value in column XFD makes every row 16,384 cells). :func:`sheet_grid` reads the rows the XML
holds instead, whatever the dimension says:

- a row numbered past :data:`MAX_ROWS` (the last row Excel has) is refused, naming the sheet
  and the row, before the rows missing in between are counted;
- a value past :data:`MAX_COLUMNS` (more than any template uses) is left out, with one warning
  a sheet naming the first such cell and how many there are;
- a row the file leaves out is ``[]`` (one shared empty list), and each row holds its cells up
  to its last one within the bound;
- a cell whose text the file's shared strings do not hold is named by sheet and cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openpyxl.utils import get_column_letter
from openpyxl.worksheet._reader import WorkSheetParser

from xlbridge.errors import InputError


@dataclass(frozen=True)
class Cell:
    """One stored cell: its value and whether it holds a formula."""

    value: Any
    formula: bool


#: A sheet's rows, the first row first: each row's cells, column A first.
Grid = list[list[Cell]]
#: A cell nothing is stored in.
BLANK = Cell(None, False)

#: The last row of a sheet (Excel's limit).
MAX_ROWS = 1_048_576
#: The columns read, A to BL: the widest template sheet (the pairs session's Traveller) uses 38.
MAX_COLUMNS = 64
#: A row the file leaves out (shared by every such row; never changed).
NO_CELLS: list[Cell] = []


def sheet_grid(path: str, sheet: Any, warnings: list[str]) -> Grid:
    """The rows of the read-only ``sheet`` of the workbook ``path`` as cells (see the module);
    the warning of cells past the last column read is added to ``warnings``."""
    book = sheet.parent
    rows: Grid = []
    beyond: list[str] = []  # the first cell past the bound, then one "" for each other
    with sheet._get_source() as source:
        parser = WorkSheetParser(
            source,
            sheet._shared_strings,
            data_only=book.data_only,
            epoch=book.epoch,
            date_formats=book._date_formats,
            timedelta_formats=book._timedelta_formats,
        )
        try:
            for number, cells in parser.parse():
                if number > MAX_ROWS:
                    raise InputError(f"{path}: {past_last_row(sheet.title, number)}")
                row = _row(cells, beyond)
                if number > len(rows):
                    rows.extend([NO_CELLS] * (number - 1 - len(rows)))
                    rows.append(row)
                elif number > 0:  # a row the file repeats or puts out of order
                    rows[number - 1] = row
        except IndexError:
            ref = f"{get_column_letter(max(parser.col_counter, 1))}{parser.row_counter}"
            raise InputError(
                f"{path}: {sheet.title}!{ref}: the file is damaged: this cell's text is missing "
                "from the workbook's shared strings; open it in a spreadsheet, retype the cell "
                "and save it"
            ) from None
    if beyond:
        warnings.append(f"{path}: {sheet.title}!{beyond[0]}: {_left_out(len(beyond))}")
    return rows


def _left_out(count: int) -> str:
    """What the first of ``count`` values past the last column read is told."""
    others = f", with {count - 1} other value{'s' if count > 2 else ''}" if count > 1 else ""
    return (
        f"ignored{others} past column {get_column_letter(MAX_COLUMNS)}, where no table of "
        "the template reaches; delete what was typed there by mistake"
    )


def past_last_row(title: str, number: int) -> str:
    """What a sheet with a row past the last a sheet has is told."""
    return (
        f"sheet {title}: row {number:,} is past the last row a sheet can have ({MAX_ROWS:,}): "
        "the file is damaged (written wrong by the program that saved it); open it in a "
        "spreadsheet and save it again, or restore a backup"
    )


def _row(cells: list[dict[str, Any]], beyond: list[str]) -> list[Cell]:
    """The cells of one parsed row up to its last within the bound; each value past the bound
    is noted in ``beyond`` (its reference for the first)."""
    row: list[Cell] = []
    for cell in cells:
        column = cell["column"]
        if column > MAX_COLUMNS:
            if cell["value"] is not None:
                beyond.append("" if beyond else f"{get_column_letter(column)}{cell['row']}")
            continue
        if column < 1:
            continue
        if column > len(row):
            row.extend([BLANK] * (column - len(row)))
        row[column - 1] = Cell(cell["value"], cell["data_type"] == "f")
    return row
