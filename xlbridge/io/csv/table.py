"""CSV files as scorers keep them: a header row, then one record per line.

Shared by the batch commands (``xlbridge score``, ``xlbridge handicap update``). Column names
are matched without regard to case, spaces or hyphens ("NS score" is ``ns_score``). Commas,
semicolons or tabs separate the fields (whichever the header uses); with semicolons or tabs a
decimal comma is read, and :meth:`CsvTable.formatted` writes it back. Every error names the
file and line. Columns the program does not know are kept as they are.

Records are read by Python's :mod:`csv` module; a column of numbers is converted by numpy in
one go, and cell by cell (decimal commas, "−3", the first bad cell's line) only when that
fails. Files are read as UTF-8 (with or without a byte-order mark) or, failing that,
Windows-1252 (Excel's plain "CSV" on Windows); a file rewritten in place keeps its encoding,
byte-order mark, separator and line endings (:class:`TextFormat`). Every cell written goes
through :mod:`xlbridge.io.csv.cells`, safe from formula injection, and out through
``csv.writer``.

This module is ``xlbridge.io.csv.table``; ``import csv`` here (an absolute import) is Python's own.
"""

from __future__ import annotations

import csv
import gc
import io
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import compress

import numpy as np

from xlbridge.errors import InputError
from xlbridge.io.csv.cells import (
    columns_text,
    csv_cell,
    trimmed,
    trimmed_one,
)
from xlbridge.io.csv.columns import CodedCells, line_columns, quick_numbers, stripped_texts
from xlbridge.io.text_file import read_text as read_text
from xlbridge.io.text_file import read_text_format as read_text_format
from xlbridge.scoring.checks import LARGEST, shown

DELIMITERS = ",;\t"
#: The longest field read (Python's csv default); a longer one is an error naming the line.
FIELD_LIMIT = csv.field_size_limit()


def normalised(cell: str) -> str:
    """A column name as a key: "NS score" → "ns_score"."""
    return "_".join(cell.strip().lower().replace("-", " ").split())


class _Rows(Sequence[list[str]]):
    """A table's data rows, read from its columns (``len(table.rows)``, ``table.rows[3]``)."""

    def __init__(self, cells: list[list[str]], size: int) -> None:
        self._cells, self._size = cells, size

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, row: int) -> list[str]:  # type: ignore[override]
        if not -self._size <= row < self._size:
            raise IndexError(row)
        return [column[row] for column in self._cells]

    def __iter__(self) -> Iterator[list[str]]:
        if not self._cells:
            return iter([[]] * self._size)
        return (list(row) for row in zip(*self._cells, strict=True))


@dataclass
class CsvTable:
    """A CSV file's cells as typed, column by column, with the file line of every data row."""

    name: str  # how messages refer to the file
    header: list[str]
    #: One per header column: its cells (a cell per data row), or its distinct cells and
    #: each row's index among them (see :mod:`xlbridge.io.csv.columns`).
    held: list[list[str] | CodedCells]
    lines: np.ndarray
    delimiter: str
    columns: dict[str, int]  # normalised column name → index
    decimal_comma: bool = field(default=False)  # whether any number used one
    numeric: set[int] = field(default_factory=set)  # columns of numbers the program wrote
    #: Whether the file may hold a carriage return in a cell (see :func:`columns_text`).
    carriage_return: bool = field(default=True)

    @property
    def size(self) -> int:
        """The number of data rows."""
        return len(self.lines)

    @property
    def cells(self) -> list[list[str]]:
        """Every column's cells (a coded column's made when first asked for)."""
        return [self._cells_of(index) for index in range(len(self.held))]

    def _cells_of(self, index: int) -> list[str]:
        held = self.held[index]
        if isinstance(held, CodedCells):
            held = self.held[index] = held.cells()
        return held

    @property
    def rows(self) -> Sequence[list[str]]:
        """The data rows (built from the columns when asked for)."""
        return _Rows(self.cells, self.size)

    def has(self, key: str) -> bool:
        return key in self.columns

    def column(self, key: str) -> list[str]:
        """The cells of a column ("" for every row if the file has no such column)."""
        index = self.columns.get(key)
        return list(self._cells_of(index)) if index is not None else [""] * self.size

    def fail(self, row: int, message: str) -> InputError:
        """An error naming the file and the line of data row ``row``."""
        return InputError(f"{self.name}, line {self.lines[row]}: {message}")

    def fail_rows(self, rows: Sequence[int] | np.ndarray, message: str) -> InputError:
        numbers = [str(n) for n in self.lines[np.asarray(rows)].tolist()]
        where = f"line {numbers[0]}" if len(numbers) == 1 else f"lines {', '.join(numbers)}"
        return InputError(f"{self.name}, {where}: {message}")

    def reject_repeats(self, values: Sequence[str], what: str) -> None:
        """An error naming both lines if any value appears twice ("player id '7' appears twice")."""
        if len(set(values)) == len(values):
            return
        first: dict[str, int] = {}
        for row, value in enumerate(values):
            if value in first:
                raise self.fail_rows([first[value], row], f"{what} {shown(value)} appears twice")
            first[value] = row

    def numbers(self, key: str, blank_allowed: bool) -> np.ndarray:
        """A column as floats (NaN where blank and allowed): numpy converts the whole column;
        only if that fails is it read cell by cell, naming the first bad cell's line."""
        if key not in self.columns:
            if blank_allowed:
                return np.full(self.size, np.nan)
            return self._careful_numbers(key, [""] * self.size, blank_allowed)
        held = self.held[self.columns[key]]
        if isinstance(held, CodedCells):  # each distinct cell converted once
            values = quick_numbers(held.distinct, blank_allowed)
            values = None if values is None else values[held.codes]
        else:
            values = quick_numbers(held, blank_allowed)
        if values is None:  # the careful way, cell by cell
            return self._careful_numbers(key, self.column(key), blank_allowed)
        self._numbers_only(key)
        return values

    def _careful_numbers(self, key: str, cells: list[str], blank_allowed: bool) -> np.ndarray:
        """Cell by cell: decimal commas, the minus sign "−", and the first bad cell's line."""
        values = np.full(len(cells), np.nan)
        comma_allowed = self.delimiter != ","
        for row, cell in enumerate(cells):
            text = cell.strip().replace("\u2212", "-")
            if not text:
                if not blank_allowed:
                    raise self.fail(row, f"{key} must be a number, got {shown(cell)}")
                continue
            if comma_allowed and "," in text:
                text = text.replace(",", ".")
                self.decimal_comma = True
            try:
                value = float(text)
            except ValueError:
                raise self.fail(row, f"{key} must be a number, got {shown(cell)}") from None
            if not np.isfinite(value) or abs(value) > LARGEST:
                got = cell.strip()  # as typed, but a 100,000-digit number cut short
                got = got if len(got) <= 60 else got[:57] + "..."
                raise self.fail(row, f"{key} must be a number from -1e12 to 1e12, got {got}")
            values[row] = value
        if all(csv_cell(cell) == cell for cell in cells):  # "-3" and a control character: not
            self._numbers_only(key)  # as ``float`` reads it, so written with the guard's mark
        return values

    def _numbers_only(self, key: str) -> None:
        """Note that column ``key`` holds only numbers and blanks: written back as typed, no
        cell of it can be taken for a formula (see :func:`csv_cell`)."""
        if key in self.columns:
            self.numeric.add(self.columns[key])

    def whole_numbers(self, key: str) -> np.ndarray:
        values = self.numbers(key, blank_allowed=False)
        bad = values != np.round(values)
        if bad.any():
            row = int(np.flatnonzero(bad)[0])
            got = shown(self.column(key)[row])
            raise self.fail(row, f"{key} must be a whole number, got {got}")
        return values.astype(np.int64)

    def texts(self, key: str, blank_allowed: bool = False) -> list[str]:
        """A column's cells as the user meant them: stripped, the text mark dropped."""
        index = self.columns.get(key)
        held = self.held[index] if index is not None else [""] * self.size
        if isinstance(held, CodedCells):  # each distinct cell once
            cells = CodedCells(stripped_texts(held.distinct), held.codes).cells()
        else:
            cells = stripped_texts(held)
        if not blank_allowed and not all(cells):
            raise self.fail(cells.index(""), f"{key} must not be blank")
        return cells

    def coded_texts(self, key: str) -> tuple[list[str], np.ndarray] | None:
        """:meth:`texts` (no blank allowed) as its distinct texts, in order of first
        appearance, and each row's index among them; None unless the column is held coded."""
        index = self.columns.get(key)
        held = self.held[index] if index is not None else None
        if not isinstance(held, CodedCells):
            return None
        texts = stripped_texts(held.distinct)  # two cells may strip to one text
        distinct = list(dict.fromkeys(texts))
        position = {text: code for code, text in enumerate(distinct)}
        codes = np.array([position[text] for text in texts], dtype=np.int64)[held.codes]
        if "" in position:
            raise self.fail(int(np.argmax(codes == position[""])), f"{key} must not be blank")
        return distinct, codes

    def formatted(self, value: float, decimals: int = 10) -> str:
        """A number as this file writes numbers: trimmed, with its decimal mark; NaN → ""."""
        text = trimmed_one(float(value), decimals)  # np.float64: numpy's round()
        return text.replace(".", ",") if self.decimal_comma else text

    def formatted_column(self, values: np.ndarray, decimals: int = 10) -> list[str]:
        """:meth:`formatted` of every value, in one go."""
        return trimmed(values, decimals, "," if self.decimal_comma else ".")

    def set_numbers(self, key: str, values: np.ndarray, decimals: int = 10) -> None:
        """Set column ``key`` to ``values`` as :meth:`formatted` writes them."""
        self.set_column(key, self.formatted_column(values, decimals), numeric=True)

    def set_column(self, key: str, cells: Sequence[str], numeric: bool = False) -> None:
        """Replace the column named ``key``, or add it at the right. ``numeric``: the cells
        are numbers the program wrote (see :func:`columns_text`)."""
        if len(cells) != self.size:
            raise ValueError(f"{key}: {len(cells)} cells for {self.size} rows")
        index = self.columns.get(key)
        if index is None:
            index = len(self.header)
            self.header.append(key)
            self.columns[key] = index
            self.held.append([])
        self.held[index] = list(cells)
        if numeric:
            self.numeric.add(index)
        else:
            self.numeric.discard(index)

    def append_rows(self, rows: Sequence[Sequence[str]]) -> None:
        """Add data rows (as wide as the header) below the last; they have no file line (0)."""
        columns = self.cells
        for row in rows:
            for index, (column, cell) in enumerate(zip(columns, row, strict=True)):
                column.append(cell)
                if cell:
                    self.numeric.discard(index)  # the caller's text: checked when written
        self.lines = np.concatenate([self.lines, np.zeros(len(rows), dtype=np.int64)])

    def text(self) -> str:
        """The table as CSV text with its own separator ("\n" line ends; see TextFormat)."""
        with paused_gc():
            return columns_text(
                self.header,
                self.cells,
                self.delimiter,
                self.numeric,
                numbers_plain=not self.carriage_return,
            )


# --------------------------------------------------------------------------------------------
# Reading


@contextmanager
def paused_gc() -> Iterator[None]:
    """No garbage collection while millions of cells are made (none of them can be garbage)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def parse_table(
    text: str, name: str, required: Sequence[str | tuple[str, ...]], *, empty_ok: bool = False
) -> CsvTable:
    """Parse CSV text whose header must hold ``required`` columns (a tuple: any one of them)."""
    if not text.strip():
        raise InputError(f"{name}: the file is empty; it needs a header row")
    delimiter = _delimiter(text, name, required)
    with paused_gc():
        header_line, header, held, lines = _read_records(text, name, delimiter)
    columns = _columns(header, name, header_line, required)
    if not lines.size and not empty_ok:
        raise InputError(f"{name}: no records below the header")
    table = CsvTable(name, header, held, lines, delimiter, columns)
    table.carriage_return = "\r" in text
    return table


def _read_records(
    text: str, name: str, delimiter: str
) -> tuple[int, list[str], list[list[str] | CodedCells], np.ndarray]:
    """The header's line, the header, the data cells column by column and each data row's
    line. Blank records (nothing but separators and white space) are skipped."""
    if '"' not in text and not _may_have_blank_lines(text, delimiter):
        found = line_columns(text, delimiter)
        if found is not None:  # else read again below, which names the line
            header, columns, size = found
            return 1, header, columns, np.arange(2, size + 2, dtype=np.int64)
    rows, numbers = _records(text, name, delimiter)
    kept = [True]
    if _may_have_blank_lines(text, delimiter):
        kept = list(map(bool, map(str.strip, map("".join, rows))))
    if not all(kept):
        rows = list(compress(rows, kept))
        numbers = numbers[np.array(kept, dtype=bool)]
    if not rows:  # nothing but separators and spaces
        raise InputError(f"{name}: the file is empty; it needs a header row")
    header, data = rows[0], rows[1:]
    width = len(header)
    try:  # a row of another width than the first makes zip fail: only then is it looked for
        if data and len(data[0]) != width:
            raise ValueError
        cells = [list(column) for column in zip(*data, strict=True)] if data else []
    except ValueError:
        row = next(i for i, cells in enumerate(data) if len(cells) != width)
        got = len(data[row])
        raise InputError(
            f"{name}, line {numbers[row + 1]}: {got} field{'s' * (got != 1)}, the header "
            f"has {width}{_other_delimiter(data[row], delimiter)}"
        ) from None
    held: list[list[str] | CodedCells] = list(cells) if cells else [[] for _ in header]
    return int(numbers[0]), header, held, numbers[1:]


def _may_have_blank_lines(text: str, delimiter: str) -> bool:
    """Whether a line of ``text`` holds nothing but white space and separators (a blank
    record, unless inside quotes): looked for in one pass, so that the usual file's records
    need not be looked at one by one. Only a line that is empty or starts with white space
    or the separator can be one."""
    body = text[:-1] if text.endswith("\n") else text
    first = body[:1]
    if not (first.isspace() or first == delimiter or body.endswith("\n")):
        if _MAY_BE_BLANK[delimiter].search(body) is None:
            return False
    return _BLANK_LINE[delimiter].search(body) is not None


#: A line that starts as a blank line would: with white space (a line break: it is empty)
#: or the separator.
_MAY_BE_BLANK = {d: re.compile(r"\n[\s" + re.escape(d) + "]") for d in DELIMITERS}
#: A line of nothing but white space (as ``str.strip`` sees it) and the separator.
_BLANK_LINE = {d: re.compile(r"(?m)^(?:[^\S\n]|" + re.escape(d) + ")*$") for d in DELIMITERS}


def _records(text: str, name: str, delimiter: str) -> tuple[list[list[str]], np.ndarray]:
    """Each record, with the line it starts on; malformed CSV is an error naming that line.

    Without a quote every record is one line, and the records are read in one go.
    """
    if '"' not in text:
        try:
            rows = list(csv.reader(io.StringIO(text), delimiter=delimiter, strict=True))
            return rows, np.arange(1, len(rows) + 1, dtype=np.int64)
        except csv.Error:
            pass  # read again below, which names the line
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    rows, starts = [], []
    start = 1
    try:
        for row in reader:
            rows.append(row)
            starts.append(start)
            start = reader.line_num + 1
    except csv.Error as error:
        raise InputError(f"{name}, line {start}: {_problem(error)}") from None
    return rows, np.array(starts, dtype=np.int64)


def _problem(error: csv.Error) -> str:
    if "field larger than field limit" in str(error):
        return f"a field is longer than {FIELD_LIMIT:,} characters"
    if "end of data" in str(error):
        return 'a quoted field is never closed (a " without its closing ")'
    if "new-line character" in str(error):
        return "a line break inside a field that is not quoted"
    return f"not valid CSV ({error})"


def _other_delimiter(row: list[str], delimiter: str) -> str:
    """A hint when a row seems to use another separator than the header."""
    joined = delimiter.join(row)
    others = [d for d in DELIMITERS if d != delimiter and d in joined]
    if not others:
        return ""
    named = {",": "commas", ";": "semicolons", "\t": "tabs"}
    return f" (the row holds {named[others[0]]}; the header is separated by {named[delimiter]})"


def _describe(required: Sequence[str | tuple[str, ...]]) -> list[str]:
    """Each required column, its other names in one flat list: "names (also: name, players)"."""
    return [
        key
        if isinstance(key, str)
        else key[0]
        if len(key) == 1
        else f"{key[0]} (also: {', '.join(key[1:])})"
        for key in required
    ]


def _delimiter(text: str, name: str, required: Sequence[str | tuple[str, ...]]) -> str:
    """The delimiter of the header line: whichever of , ; or tab it holds most of."""
    first_line = _first_line(text)
    counts = {d: first_line.count(d) for d in DELIMITERS}
    best = max(counts, key=lambda d: counts[d])
    if counts[best] == 0:
        raise InputError(
            f"{name}, line 1: the header must name the columns {', '.join(_describe(required))} "
            f"separated by commas, semicolons or tabs, got {first_line[:60]!r}"
        )
    return best


def _first_line(text: str) -> str:
    """The first line that is not blank, found in the first few kilobytes when it is there.
    Lines end where the records do, at a line feed or carriage return (not at the other
    characters ``str.splitlines`` takes for line ends, such as a form feed or U+2028)."""
    lines = _LINE_END.split(text[:16384])[:-1]  # the last may be cut short
    found = next((line for line in lines if line.strip()), None)
    return (
        found if found is not None else next(line for line in _LINE_END.split(text) if line.strip())
    )


_LINE_END = re.compile("\r\n|\r|\n")


def _columns(
    header: list[str], name: str, line: int, required: Sequence[str | tuple[str, ...]]
) -> dict[str, int]:
    columns: dict[str, int] = {}
    for index, cell in enumerate(header):
        key = normalised(cell)
        if key and key in columns:
            raise InputError(f"{name}, line {line}: column {shown(cell.strip())} appears twice")
        columns.setdefault(key, index)
    missing = [
        described
        for key, described in zip(required, _describe(required), strict=True)
        if not any(k in columns for k in ((key,) if isinstance(key, str) else key))
    ]
    if missing:
        raise InputError(
            f"{name}, line {line}: the header must have the column(s) {', '.join(missing)}, "
            f"got {', '.join(repr(c) for c in header)}"
        )
    return columns
