"""The Law 78B IMP table on a sheet of its own, and the workbook names formulas read it by.

The sheet **IMP table** holds one band a row from row :data:`FIRST_ROW`: the lowest point
difference of the band, its highest ("and more" for the last) and its IMPs. The workbook names
are ``IMP_FROM`` (0, 20, 50, … 4000: the lower edges), ``IMP_EDGES`` (20 … 4000) and
``IMP_SIZE`` (0 … 24), so IMPs are ``SIGN(d)*LOOKUP(ABS(d), IMP_FROM, IMP_SIZE)``
(:func:`xlbridge.workbooks.kit.formulas.imps`).
"""

from __future__ import annotations

from collections.abc import Iterable

from openpyxl import Workbook
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring.imps import IMP_EDGES
from xlbridge.workbooks.kit import layout, refs
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import ROW_HEIGHT

IMP_SHEET = "IMP table"
TITLE = "IMP table (Law 78B)"
FIRST_ROW = 3
IMP_FROM_NAME = "IMP_FROM"
IMP_EDGES_NAME = "IMP_EDGES"
IMP_SIZE_NAME = "IMP_SIZE"
IMP_NAMES = (IMP_FROM_NAME, IMP_EDGES_NAME, IMP_SIZE_NAME)

IMP_COLUMNS = (
    Column("start", "Difference from", 14),  # one line: some sheets keep default heights
    Column("end", "to", 9),
    Column("imps", "IMPs", 6),
)
IMP = layout.letters(IMP_COLUMNS)


def imp_bands() -> list[tuple[int, int | str, int]]:
    """(from, to, IMPs) of each band of the Law 78B table; the last runs to "and more"."""
    starts = [0, *(int(edge) for edge in IMP_EDGES)]
    ends: list[int | str] = [start - 10 for start in starts[1:]] + ["and more"]
    return [(start, end, size) for size, (start, end) in enumerate(zip(starts, ends, strict=True))]


def write_imp_sheet(
    ws: Worksheet,
    paper: str,
    *,
    number_format: str = "0",
    row_height: float | None = ROW_HEIGHT,
    header_height: float | None = layout.HEADER_HEIGHT,
    repeat_title: bool = True,
) -> None:
    """The table on ``ws``: title, headings (frozen, printed on every page, with the title if
    ``repeat_title``), one band a row in ``number_format``; ``None`` heights are left alone."""
    columns = tuple(column._replace(number_format=number_format) for column in IMP_COLUMNS)
    layout.start_sheet(ws, TITLE, columns, height=header_height, repeat_title=repeat_title)
    bands = imp_bands()
    for offset, (start, end, size) in enumerate(bands):
        values = {"start": start, "end": end, "imps": size}
        layout.write_row(ws, FIRST_ROW + offset, columns, values, height=row_height)
    layout.finish(ws, paper, FIRST_ROW + len(bands) - 1, len(columns), freeze=f"A{FIRST_ROW}")


def define_imp_names(workbook: Workbook, names: Iterable[str] = IMP_NAMES) -> None:
    """Workbook names (of :data:`IMP_NAMES`) for the columns of the table on IMP_SHEET."""
    last = FIRST_ROW + len(IMP_EDGES)
    ranges = {
        IMP_FROM_NAME: refs.absolute(IMP["start"], FIRST_ROW, last),
        IMP_EDGES_NAME: refs.absolute(IMP["start"], FIRST_ROW + 1, last),
        IMP_SIZE_NAME: refs.absolute(IMP["imps"], FIRST_ROW, last),
    }
    for name in names:
        workbook.defined_names[name] = DefinedName(name, attr_text=refs.on(IMP_SHEET, ranges[name]))
