"""A workbook's sheets read as grids of typed cells, for readers that name every bad cell.

:func:`read_grids` opens an .xlsx read-only and gives each named sheet as rows of
:class:`Cell` (the value as stored, and whether it is a formula). A row the file leaves out
is ``[]``: a stray value a million rows down costs one row, not a million rows of empty
cells. A file that is not a workbook, or a sheet whose XML breaks part-way (it is read row by
row, so its damage shows only then), raises one :class:`InputError` naming the file (and
the sheet).
"""

from __future__ import annotations

import zipfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openpyxl import load_workbook
from openpyxl.cell.read_only import EMPTY_CELL

from xlbridge.errors import InputError

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


def read_grids(
    path: Path, titles: Sequence[str], *, kind: str, values: bool = False, hint: str = ""
) -> dict[str, Grid]:
    """The sheets ``titles`` of the workbook ``path`` as grids: formulas as written, or their
    saved values when ``values``. A sheet not in the workbook raises InputError: "not
    ``kind``: no sheet …", then ``hint``."""
    name = str(path)
    try:
        book = load_workbook(path, read_only=True, data_only=values)
    except DAMAGED as error:
        raise InputError(f"{name}: not an .xlsx workbook ({error})") from None
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
