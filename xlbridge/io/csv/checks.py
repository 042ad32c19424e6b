"""The cells of a CSV file a user wrote, checked by their meaning (:mod:`xlbridge.io.bounds`):

- every cell and heading once for characters a workbook or an XML file cannot hold: a
  control character in a pair label, a section or a name is refused with the file, line and
  column, before anything is scored or written, whatever output the command makes;
- a column of numbers against the range its meaning allows (a board from 1 to 9999, a score
  from -7600 to 7600, …), with the same one-line error as every other reader.
"""

from __future__ import annotations

import numpy as np

from xlbridge.errors import InputError
from xlbridge.io.bounds import BOUNDS, bounded, stored_text
from xlbridge.io.csv.columns import CodedCells
from xlbridge.io.csv.table import CsvTable


def check_table_text(table: CsvTable) -> None:
    """Raise :class:`InputError` naming the file, line and column of the first cell (or
    heading) of ``table`` that a workbook or XML file cannot store."""
    for index, heading in enumerate(table.header):
        stored_text(heading, f"{table.name}, the header row, column {index + 1}")
    for index, held in enumerate(table.held):
        # One search over the column's distinct cells (all of them when it is not held coded):
        # the usual case, nothing found, without making a cell per row.
        distinct = held.distinct if isinstance(held, CodedCells) else held
        try:
            stored_text("\n".join(distinct), "")
        except InputError:
            cells = table.cells[index]
            for row, cell in enumerate(cells):
                column = repr(table.header[index]) if index < len(table.header) else index + 1
                stored_text(cell, f"{table.name}, line {table.lines[row]}, column {column}")
            raise  # pragma: no cover - the search above found the cell


def check_range(table: CsvTable, key: str, values: np.ndarray, kind: str) -> np.ndarray:
    """``values`` (column ``key`` as read, NaN where blank) unchanged if every number lies in
    the range of ``kind``, else the error naming the first bad cell's line and column."""
    bound = BOUNDS[kind]
    given = ~np.isnan(values)
    bad = given & ((values < bound.low) | (values > bound.high))
    if bound.whole:
        bad |= given & (values != np.round(values))
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        where = f"{table.name}, line {table.lines[row]}, column {key!r}"
        cell = table.column(key)[row].strip() if table.has(key) else ""
        bounded(cell, kind, where)  # the cell as typed, named in the message
        bounded(float(values[row]), kind, where)  # e.g. a decimal comma: the value read
    return values
