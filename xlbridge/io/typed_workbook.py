"""Reading back what a user typed into a workbook, naming every bad cell.

:func:`open_workbook` opens an .xlsx: whole (read cell by cell, and written back by the Swiss
loop) or read-only (read straight through, row by row), its formulas as written or their saved
values. A file that is not a workbook raises one :class:`InputError` naming the file.

:func:`typed_name` and :func:`typed_number` read one cell of an open sheet as a name or as a
number in range; a cell that is not one is named with the file, sheet and cell
(:func:`cell_where`: ``EVENT.xlsx: Entries!B5``).

:func:`read_grids` opens an .xlsx read-only and gives each named sheet as rows of
:class:`Cell` (the value as stored, and whether it is a formula). A row the file leaves out
is ``[]``: a stray value a million rows down costs one row, not a million rows of empty
cells. A file that is not a workbook, or a sheet whose XML breaks part-way (it is read row by
row, so its damage shows only then), raises one :class:`InputError` naming the file (and
the sheet).
"""

from __future__ import annotations

import math
import zipfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Any

from openpyxl import load_workbook
from openpyxl.cell.read_only import EMPTY_CELL
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import InputError
from xlbridge.io.bounds import stored_text
from xlbridge.scoring.checks import shown

#: What openpyxl raises for a damaged file: zip and deflate errors, XML errors (ParseError is
#: a SyntaxError; defusedxml's refusals are ValueErrors), a part missing.
DAMAGED = (zipfile.BadZipFile, zlib.error, SyntaxError, ValueError, KeyError, EOFError, OSError)


@dataclass(frozen=True)
class Cell:
    """One stored cell: its value and whether it holds a formula."""

    value: Any
    formula: bool


Grid = list[list[Cell]]
BLANK = Cell(None, False)


def open_workbook(path: Path, *, read_only: bool = False, values: bool = False) -> Workbook:
    """The workbook ``path``: whole, or ``read_only`` (its sheets read row by row); its
    formulas as written, or their saved values when ``values``. A file that is not found is
    FileNotFoundError; any other that openpyxl cannot open (damaged, or not an .xlsx) is one
    InputError naming it."""
    try:
        return load_workbook(path, read_only=read_only, data_only=values)
    except FileNotFoundError:
        raise
    except Exception as error:  # a damaged or foreign file: say so in one line
        raise InputError(f"{path}: not an .xlsx workbook ({error})") from None


def cell_where(path: str | PathLike[str], sheet: str, ref: str) -> str:
    """Where a cell is, for a message: ``EVENT.xlsx: Entries!B5``."""
    return f"{path}: {sheet}!{ref}"


def typed_number(
    path: Path, ws: Worksheet, ref: str, what: str, low: float, high: float, *, whole: bool
) -> float | None:
    """A typed number (None when blank), or an error naming the file, sheet and cell."""
    value = ws[ref].value
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    number = (
        float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
    )
    if (
        number is None
        or not math.isfinite(number)
        or not low <= number <= high
        or (whole and not number.is_integer())
    ):
        kind = "a whole number" if whole else "a number"
        raise InputError(
            f"{cell_where(path, ws.title, ref)}: {what} must be {kind} from {low:g} to "
            f"{high:g}, got {shown(value)}"
        )
    return number


def typed_name(path: Path, ws: Worksheet, ref: str) -> str:
    """A typed name ("" when blank), as typed; a formula (whose value only a spreadsheet
    knows) or a character a workbook cannot hold is named with the file, sheet and cell."""
    cell = ws[ref]
    where = cell_where(path, ws.title, ref)
    if cell.data_type == "f":
        raise InputError(f"{where}: holds a formula; type the name itself as text")
    if cell.value is None or not str(cell.value).strip():
        return ""
    return stored_text(str(cell.value).strip(), where)


def read_grids(
    path: Path, titles: Sequence[str], *, kind: str, values: bool = False, hint: str = ""
) -> dict[str, Grid]:
    """The sheets ``titles`` of the workbook ``path`` as grids: formulas as written, or their
    saved values when ``values``. A sheet not in the workbook raises InputError: "not
    ``kind``: no sheet …", then ``hint``."""
    name = str(path)
    book = open_workbook(path, read_only=True, values=values)
    try:
        absent = [title for title in titles if title not in book]
        if absent:
            raise InputError(f"{name}: not {kind}: no sheet {', '.join(absent)}{hint}")
        grids = {}
        for title in titles:
            try:
                grids[title] = _grid(book[title])
            except DAMAGED as error:
                raise InputError(
                    f"{name}: not an .xlsx workbook: sheet {title} cannot be read ({error})"
                ) from None
        return grids
    finally:
        book.close()


def _grid(sheet: Any) -> Grid:
    """Every row of a read-only sheet as cells; [] for a row the file leaves out."""
    rows: Grid = []
    left_out: object = None
    for row in sheet.iter_rows():
        if row is left_out or all(c is EMPTY_CELL for c in row):
            left_out = row  # openpyxl yields one tuple for every row left out
            rows.append([])
            continue
        rows.append([Cell(c.value, getattr(c, "data_type", "") == "f") for c in row])
    return rows
