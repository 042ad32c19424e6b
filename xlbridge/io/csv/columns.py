"""The columns of a CSV file whose every record is a line of its own, read by the csv module a
few hundred rows at a time (see :mod:`xlbridge.io.csv.table`).

A column with few distinct cells (board and table numbers, scores, competitions, dates) is
held as those cells and each row's index among them (:class:`CodedCells`): no text object per
row is kept, its numbers are converted once per distinct cell, and when it is written back
every row's cell is the same object as the other rows holding that text. A column whose cells
are mostly distinct (player ids, names) is held as its cells.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from itertools import compress, count, islice

import numpy as np

from xlbridge.io.csv.cells import TEXT_MARK, unmarked
from xlbridge.scoring.checks import LARGEST

#: Rows read at a time (a chunk whose rows are still in the cache when turned into columns).
CHUNK_ROWS = 512
#: A column is coded while its distinct cells are at most this share of its rows so far.
MOST_DISTINCT = 0.25
#: ... once it has this many rows (a few rows are all distinct, whatever the column).
FIRST_ROWS = 4096


@dataclass(frozen=True)
class CodedCells:
    """A column's cells as its distinct cells (in order of first appearance) and each row's
    index among them."""

    distinct: list[str]
    codes: np.ndarray

    def cells(self) -> list[str]:
        """Every row's cell (the distinct cells' own objects, not copies)."""
        texts = np.empty(len(self.distinct), dtype=object)
        texts[:] = self.distinct
        cells: list[str] = texts[self.codes].tolist()
        return cells

    def rows_of(self, distinct: np.ndarray) -> np.ndarray:
        """The rows whose cell is one of the distinct cells numbered ``distinct``."""
        return np.flatnonzero(np.isin(self.codes, distinct))


class _Column:
    """One column as it is read: coded while its distinct cells are few, else as cells."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}  # each distinct cell's first row
        self.firsts: list[np.ndarray] = []  # each row's distinct cell's first row, by chunk
        self.cells: list[str] | None = None
        self.size = 0

    def add(self, cells: tuple[str, ...]) -> None:
        if self.cells is not None:
            self.cells.extend(cells)
        elif cells[0] == cells[-1] and cells.count(cells[0]) == len(cells):
            # one cell all through the chunk (a board's rows stand together): coded at once
            first = self.seen.setdefault(cells[0], self.size)
            self.firsts.append(np.full(len(cells), first, dtype=np.int64))
        else:
            rows = count(self.size)
            found = map(self.seen.setdefault, cells, rows)
            self.firsts.append(np.fromiter(found, np.int64, len(cells)))
        self.size += len(cells)
        if self.cells is None and self.size >= FIRST_ROWS:
            if len(self.seen) > MOST_DISTINCT * self.size:
                self.cells = self.held().cells()
                self.seen, self.firsts = {}, []

    def held(self) -> CodedCells:
        first = np.concatenate(self.firsts) if self.firsts else np.zeros(0, dtype=np.int64)
        starts = np.flatnonzero(first == np.arange(first.size))  # first appearances, in order
        code_at = np.empty(first.size, dtype=np.int64)
        code_at[starts] = np.arange(starts.size)
        return CodedCells(list(self.seen), code_at[first])

    def result(self) -> list[str] | CodedCells:
        return self.cells if self.cells is not None else self.held()


def line_columns(
    text: str, delimiter: str
) -> tuple[list[str], list[list[str] | CodedCells], int] | None:
    """The header, the data columns and the number of data rows of a file whose every record
    is a line of its own (no quote, no blank line); None when the csv module finds fault or a
    row is not as wide as the header (the careful way then names the line)."""
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    try:
        header = next(reader)
        columns = [_Column() for _ in header]
        while chunk := list(islice(reader, CHUNK_ROWS)):
            for column, cells in zip(columns, zip(*chunk, strict=True), strict=True):
                column.add(cells)
    except (csv.Error, ValueError, StopIteration):
        return None
    if not header:
        return None
    return header, [column.result() for column in columns], columns[0].size


def quick_numbers(cells: list[str], blank_allowed: bool) -> np.ndarray | None:
    """The cells as floats (NaN where blank) converted in one go, the usual case; None at any
    doubt (a blank not allowed, a decimal comma, "−3", a word, a number out of bounds)."""
    typed = cells
    if blank_allowed and not all(cells):
        typed = list(compress(cells, cells))  # cells not empty
    if not typed:  # a blank cell not allowed makes float() fail: the careful way names it
        return np.full(len(cells), np.nan) if blank_allowed else None
    try:
        values = np.fromiter(map(float, typed), float, len(typed))
    except ValueError:
        return None
    if not (np.abs(values) <= LARGEST).all():  # NaN and inf fail too
        return None
    if len(typed) == len(cells):
        return values
    every = np.full(len(cells), np.nan)
    every[np.fromiter(map(bool, cells), bool, len(cells))] = values
    return every


def stripped_texts(cells: list[str]) -> list[str]:
    """Cells stripped, the text mark (see :func:`csv_cell`) dropped."""
    if TEXT_MARK in "".join(cells):
        return [unmarked(cell).strip() for cell in cells]
    return list(map(str.strip, cells))
