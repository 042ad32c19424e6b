"""Reading back what a user typed into a workbook, naming every bad cell.

:func:`open_workbook` opens an .xlsx: whole (read cell by cell, and written back by the Swiss
loop) or read-only (read straight through, row by row), its formulas as written or their saved
values. A file that is not a workbook (an .xls, a password-protected .xlsx, one too big
unpacked, a damaged one) raises one :class:`InputError` naming the file; so does a chart sheet
where a table belongs (:func:`worksheet`).

:func:`typed_name` and :func:`typed_number` read one cell of an open sheet as a name or as a
number in range; a cell that is not one is named with the file, sheet and cell
(:func:`cell_where`: ``EVENT.xlsx: Entries!B5``).

:func:`read_grids` opens an .xlsx read-only and gives each named sheet as rows of
:class:`~xlbridge.io.sheet_cells.Cell` (the value as stored, and whether it is a formula),
read from the sheet's XML whatever its ``<dimension>`` says, within Excel's rows and the
columns a template uses (:mod:`xlbridge.io.sheet_cells`). A row the file leaves out is
``[]``. A file that is not a workbook, or a sheet whose XML breaks part-way (it is read row by
row, so its damage shows only then), raises one :class:`InputError` naming the file (and
the sheet).
"""

from __future__ import annotations

import math
import zipfile
import zlib
from collections.abc import Sequence
from os import PathLike
from pathlib import Path

from openpyxl import load_workbook
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet._read_only import ReadOnlyWorksheet
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import InputError
from xlbridge.io.bounds import stored_text
from xlbridge.io.sheet_cells import MAX_ROWS, Grid, past_last_row, sheet_grid
from xlbridge.io.workbook_file import check_workbook_file
from xlbridge.scoring.checks import shown

#: What openpyxl raises for a damaged file: zip and deflate errors, XML errors (ParseError is
#: a SyntaxError; defusedxml's refusals are ValueErrors), a part missing.
DAMAGED = (zipfile.BadZipFile, zlib.error, SyntaxError, ValueError, KeyError, EOFError, OSError)


def open_workbook(path: Path, *, read_only: bool = False, values: bool = False) -> Workbook:
    """The workbook ``path``: whole, or ``read_only`` (its sheets read row by row); its
    formulas as written, or their saved values when ``values``. A file that is not found is
    FileNotFoundError; an .xls, a password-protected .xlsx, one too big unpacked
    (:func:`~xlbridge.io.workbook_file.check_workbook_file`), a sheet row past the last a sheet
    has, or any other file openpyxl cannot open (damaged, or not an .xlsx) is one InputError
    naming it."""
    check_workbook_file(path)
    try:
        book = load_workbook(path, read_only=read_only, data_only=values)
    except FileNotFoundError:
        raise
    except MemoryError:
        raise InputError(f"{path}: {TOO_BIG}") from None
    except IndexError:  # openpyxl looks a cell's text up in the shared strings
        raise InputError(f"{path}: {NO_SHARED_STRING}") from None
    except Exception as error:  # a damaged or foreign file: say so in one line
        raise InputError(f"{path}: not an .xlsx workbook ({error})") from None
    if not read_only:  # read-only sheets are checked as they are read (sheet_grid)
        for sheet in book.worksheets:
            if sheet.max_row > MAX_ROWS:
                raise InputError(f"{path}: {past_last_row(sheet.title, sheet.max_row)}")
    return book


#: What a workbook too big for the memory available is told.
TOO_BIG = "too big to read in the memory available (is it the right file?)"
#: What a workbook whose cell names a shared string it does not hold is told.
NO_SHARED_STRING = (
    "the file is damaged: a cell's text is missing from the workbook's shared strings; open "
    "it in a spreadsheet and save it again, or restore a backup"
)


def worksheet(path: Path, book: Workbook, title: str) -> Worksheet:
    """The sheet ``title`` of a workbook opened whole; a chart sheet of that title (a chart
    where the template's table belongs) is refused, naming it."""
    sheet = book[title]
    if not isinstance(sheet, Worksheet):
        raise InputError(f"{path}: {chart_sheet(title)}")
    return sheet


def chart_sheet(title: str) -> str:
    """What a chart sheet where a table belongs is told."""
    return (
        f"sheet {title} is a chart sheet, not the template's table: restore the sheet from a "
        "backup (or from a new template) and delete the chart sheet"
    )


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
    path: Path,
    titles: Sequence[str],
    *,
    kind: str,
    values: bool = False,
    hint: str = "",
    warnings: list[str] | None = None,
) -> dict[str, Grid]:
    """The sheets ``titles`` of the workbook ``path`` as grids (read from the sheets' XML
    within bounds, :func:`~xlbridge.io.sheet_cells.sheet_grid`): formulas as written, or their
    saved values when ``values``. A sheet not in the workbook raises InputError: "not
    ``kind``: no sheet …", then ``hint``; a chart sheet in its place is named. The warnings of
    cells left out are added to ``warnings`` (dropped when None)."""
    name = str(path)
    book = open_workbook(path, read_only=True, values=values)
    noted: list[str] = [] if warnings is None else warnings
    try:
        absent = [title for title in titles if title not in book]
        if absent:
            raise InputError(f"{name}: not {kind}: no sheet {', '.join(absent)}{hint}")
        charts = [title for title in titles if not isinstance(book[title], ReadOnlyWorksheet)]
        if charts:
            raise InputError(f"{name}: {chart_sheet(charts[0])}")
        grids = {}
        for title in titles:
            try:
                grids[title] = sheet_grid(name, book[title], noted)
            except DAMAGED as error:
                if isinstance(error, InputError):
                    raise
                raise InputError(
                    f"{name}: not an .xlsx workbook: sheet {title} cannot be read ({error})"
                ) from None
        return grids
    except MemoryError:
        raise InputError(f"{name}: {TOO_BIG}") from None
    finally:
        book.close()
