"""CSV files as scorers keep them: a header row, then one record per line.

Shared by the batch commands (``xlbridge score``, ``xlbridge handicap update``). Column names
are matched without regard to case, spaces or hyphens ("NS score" is ``ns_score``). Commas,
semicolons or tabs separate the fields (whichever the header uses); with semicolons or tabs a
decimal comma is read, and :func:`formatted` writes it back. Every error names the file and
line. Columns the program does not know are kept as they are.

Files are read as UTF-8 (with or without a byte-order mark) or, failing that, Windows-1252
(Excel's plain "CSV" on Windows); a file rewritten in place keeps its encoding, byte-order
mark, separator and line endings (:class:`TextFormat`). The records are found by
:mod:`xlbridge.io.csv_records`; every cell written goes through :mod:`xlbridge.io.csv_cells`, safe
from formula injection.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import compress
from pathlib import Path

import numpy as np

from xlbridge.errors import InputError
from xlbridge.io import number_text
from xlbridge.io.csv_cells import (
    TEXT_MARK,
    TextFormat,
    columns_text,
    csv_cell,
    csv_cells,
    needs_quotes,
    unmarked,
)
from xlbridge.io.csv_records import DELIMITERS, Source, plain_records, quoted_records
from xlbridge.io.line_bytes import rows_bytes, with_cells_added
from xlbridge.io.plain_fields import PlainFields
from xlbridge.scoring.checks import LARGEST, shown


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
    """A CSV file's cells as typed, column by column, with the file line of every data row.

    A plain file's columns are made from its bytes only when asked for (see
    :class:`~xlbridge.io.plain_fields.PlainFields`); a column of numbers never needs its cells.
    """

    name: str  # how messages refer to the file
    header: list[str]
    #: One list per header column, a cell per data row; None: not made yet (see ``fields``).
    typed_cells: list[list[str] | None]
    lines: np.ndarray
    delimiter: str
    columns: dict[str, int]  # normalised column name → index
    decimal_comma: bool = field(default=False)  # whether any number used one
    numeric: set[int] = field(default_factory=set)  # columns of numbers the program wrote
    #: A plain file's bytes and its records' lines (header first), while every typed cell
    #: is unchanged: written back by copying the lines (see :meth:`text`).
    source: Source | None = field(default=None, repr=False)
    typed_width: int = 0  # columns the file had
    #: A plain file's fields in its bytes, the typed columns' cells made from them when needed.
    fields: PlainFields | None = field(default=None, repr=False)
    #: Added columns of numbers also held as bytes (see :meth:`set_numbers`).
    _numbers: dict[int, number_text.Cells] = field(default_factory=dict, repr=False)

    @property
    def cells(self) -> list[list[str]]:
        """Every column's cells as they will be written (typed cells made from the file's
        bytes now if they were not yet; numbers held as bytes given as text)."""
        return [self._cells_of(index) for index in range(len(self.typed_cells))]

    def _cells_of(self, index: int) -> list[str]:
        """The cells of column ``index``: typed cells made from the file's bytes on first
        use; an added column of numbers held as bytes (see :meth:`set_numbers`) as text."""
        if index in self._numbers:
            return number_text.as_text(*self._numbers[index])
        cells = self.typed_cells[index]
        if cells is None:
            assert self.fields is not None
            cells = self.typed_cells[index] = self.fields.text(index)
        return cells

    @property
    def size(self) -> int:
        """The number of data rows."""
        return len(self.lines)

    @property
    def rows(self) -> Sequence[list[str]]:
        """The data rows (built from the columns when asked for)."""
        self._drop_source()
        return _Rows(self.cells, self.size)

    def has(self, key: str) -> bool:
        return key in self.columns

    def column(self, key: str) -> list[str]:
        """The cells of a column ("" for every row if the file has no such column)."""
        index = self.columns.get(key)
        if index in self._numbers:
            self._drop_source()
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
        """A column as floats (NaN where blank and allowed)."""
        if key not in self.columns and blank_allowed:
            return np.full(self.size, np.nan)
        if self.columns.get(key) in self._numbers:
            self._drop_source()  # numbers held as bytes become cells
        read = self._read_numbers(key)
        if read is not None:
            return read
        cells = self.column(key) if key not in self.columns else self._cells_of(self.columns[key])
        typed = cells if all(cells) else list(compress(cells, cells))  # cells not empty
        if typed and (len(typed) == len(cells) or blank_allowed):
            try:  # the usual case, converted in one go; any doubt goes the careful way below
                values = np.array(typed, dtype=float)
                if (np.abs(values) <= LARGEST).all():  # NaN and inf fail too
                    self._numbers_only(key)
                    if len(typed) == len(cells):
                        return values
                    every = np.full(len(cells), np.nan)
                    every[np.fromiter(map(bool, cells), bool, len(cells))] = values
                    return every
            except ValueError:
                pass
        return self._careful_numbers(key, list(cells), blank_allowed)

    def _read_numbers(self, key: str) -> np.ndarray | None:
        """A typed column of plain numbers, all within bounds, read from the file's bytes
        without making its cells (None: not so, or not a plain file)."""
        index = self.columns.get(key)
        if self.fields is None or index is None or self.typed_cells[index] is not None:
            return None
        values = self.fields.numbers(index)
        if values is None or not (np.abs(values) <= LARGEST).all():  # NaN and inf fail too
            return None
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
                raise self.fail(
                    row, f"{key} must be a number from -1e12 to 1e12, got {cell.strip()}"
                )
            values[row] = value
        self._numbers_only(key)
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
        cells = self.column(key)
        if TEXT_MARK in "".join(cells):
            cells = [unmarked(cell).strip() for cell in cells]
        else:
            cells = list(map(str.strip, cells))
        if not blank_allowed and not all(cells):
            raise self.fail(cells.index(""), f"{key} must not be blank")
        return cells

    def texts_fixed(self, key: str) -> np.ndarray | None:
        """:meth:`texts` (blanks allowed) as a numpy array of UTF-8 bytes (see
        :meth:`PlainFields.fixed`), made from the file's bytes without a text object per
        cell; None when that cannot be done (not a plain file, or a cell to be stripped or
        unmarked, or one cell far wider than the rest), and the caller reads :meth:`texts`."""
        fields = self._plain_column(key)
        return None if fields is None else fields.fixed(self.columns[key])

    def texts_joined(self, key: str) -> bytes | None:
        """:meth:`texts` (blanks allowed) in UTF-8, one per line (see :meth:`texts_fixed`)."""
        fields = self._plain_column(key)
        return None if fields is None else fields.joined(self.columns[key])

    def _plain_column(self, key: str) -> PlainFields | None:
        """The file's fields, if column ``key``'s cells are still in them and are their own
        stripped, unmarked text."""
        index = self.columns.get(key)
        if self.fields is None or index is None or self.typed_cells[index] is not None:
            return None
        return self.fields if self.fields.plain_edges(index) else None

    def formatted(self, value: float, decimals: int = 10) -> str:
        """A number as this file writes numbers: trimmed, with its decimal mark; NaN → ""."""
        text = number_text.trimmed_one(float(value), decimals)  # np.float64: numpy's round()
        return text.replace(".", ",") if self.decimal_comma else text

    def formatted_column(self, values: np.ndarray, decimals: int = 10) -> list[str]:
        """:meth:`formatted` of every value, in one go."""
        cells = number_text.trimmed(values, decimals)
        if self.decimal_comma:
            cells = "\n".join(cells).replace(".", ",").split("\n") if cells else cells
        return cells

    def _drop_source(self) -> None:
        """Write from the cells from now on: numbers held as bytes become cells."""
        for index, cells in self._numbers.items():
            self.typed_cells[index] = number_text.as_text(*cells)
        self._numbers.clear()
        self.source = None

    def set_numbers(self, key: str, values: np.ndarray, decimals: int = 10) -> None:
        """Set column ``key`` to ``values`` as :meth:`formatted` writes them."""
        point = "," if self.decimal_comma else "."
        cells = number_text.trimmed_cells(values, decimals, point)
        if cells is None:
            self.set_column(key, self.formatted_column(values, decimals), numeric=True)
            return
        if key in self.columns and self.columns[key] < self.typed_width:
            self._drop_source()
        if self.source is None:  # the text is written from the cells
            self.set_column(key, number_text.as_text(*cells), numeric=True)
            return
        self.set_column(key, [""] * self.size, numeric=True)  # a placeholder: see text()
        self._numbers[self.columns[key]] = cells

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
            self.typed_cells.append([])
        elif index < self.typed_width:
            self._drop_source()  # typed cells replaced: the lines are not copied
        self._numbers.pop(index, None)
        self.typed_cells[index] = list(cells)
        if numeric:
            self.numeric.add(index)
        else:
            self.numeric.discard(index)

    def append_rows(self, rows: Sequence[Sequence[str]]) -> None:
        """Add data rows (as wide as the header) below the last; they have no file line (0)."""
        self._drop_source()
        columns = self.cells
        self.typed_cells = list(columns)
        for row in rows:
            for index, (column, cell) in enumerate(zip(columns, row, strict=True)):
                column.append(cell)
                if cell:
                    self.numeric.discard(index)  # the caller's text: checked when written
        self.lines = np.concatenate([self.lines, np.zeros(len(rows), dtype=np.int64)])

    def text(self) -> str:
        """The table as CSV text with its own separator ("\n" line ends; see TextFormat)."""
        with paused_gc():
            added = range(self.typed_width, len(self.header))
            if self.source is not None and added and self._lines_copy_as_typed():
                data, starts, ends = self.source
                names = self.delimiter.join(self.header[i] for i in added) + "\n"
                new = names.encode() + self._added_bytes(added)
                return with_cells_added(data, starts, ends, new, self.delimiter).decode()
            self._drop_source()
            return columns_text(self.header, self.cells, self.delimiter, self.numeric)

    def _added_bytes(self, added: range) -> bytes:
        """The added columns' rows as UTF-8 (numbers set by :meth:`set_numbers` as bytes)."""
        numbers = [self._numbers.get(index) for index in added]
        if all(cells is not None for cells in numbers) and self.size:
            return rows_bytes(numbers, self.delimiter.encode(), b"\n")  # type: ignore[arg-type]
        rows = map(self.delimiter.join, zip(*(self._cells_of(i) for i in added), strict=True))
        return "".join(row + "\n" for row in rows).encode()

    def _typed_as_written(self, index: int) -> bool:
        """Whether the typed cells of column ``index`` are written as they are (none would
        be taken for a formula), told from the file's bytes when they can tell."""
        if self.typed_cells[index] is None and self.fields is not None:
            if self.fields.formula_free(index):
                return True
        cells = self._cells_of(index)
        return csv_cells(cells) is cells

    def _lines_copy_as_typed(self) -> bool:
        """Whether :func:`columns_text` would write each typed cell as it is (so the typed
        lines can be copied) and the added cells need no mark or quotes."""
        head = self.header[: self.typed_width]
        if [csv_cell(cell) for cell in head] != head:
            return False
        for index in range(len(self.typed_cells)):
            trusted = index in self.numeric
            if index < self.typed_width:
                if not trusted and not self._typed_as_written(index):
                    return False
                continue
            name = self.header[index]
            if trusted:  # numbers we wrote: only the name could need care
                if csv_cell(name) != name or needs_quotes([name], name, self.delimiter, 2):
                    return False
                continue
            column = [name, *self._cells_of(index)]
            joined = "\n".join(column)
            if needs_quotes(column, joined, self.delimiter, len(self.header)) or (
                csv_cells(column, joined) is not column
            ):
                return False
        return True


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


def read_text(path: Path) -> str:
    """A CSV file's text: UTF-8 (with or without a byte-order mark), or else Windows-1252,
    the encoding Excel's plain "CSV" save uses on Windows."""
    return read_text_format(path)[0]


def read_text_format(path: Path) -> tuple[str, TextFormat]:
    """A CSV file's text ("\n" line ends) and how it was stored (see :func:`read_text`)."""
    if path.is_dir():
        raise InputError(f"{path} is a folder; a .csv file is needed")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise InputError(f"{path}: cannot be read ({error.strerror or error})") from None
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        text, encoding = data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        try:
            text, encoding = data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            raise InputError(f"{path}: not a text file in UTF-8 or Windows-1252") from None
    newline = "\r\n" if "\r\n" in text else "\n"
    if newline != "\n":
        text = text.replace("\r\n", "\n")
    return text, TextFormat(encoding, bom, newline)


def parse_table(
    text: str, name: str, required: Sequence[str | tuple[str, ...]], *, empty_ok: bool = False
) -> CsvTable:
    """Parse CSV text whose header must hold ``required`` columns (a tuple: any one of them)."""
    if not text.strip():
        raise InputError(f"{name}: the file is empty; it needs a header row")
    delimiter = _delimiter(text, name, required)
    with paused_gc():
        parsed = plain_records(text, delimiter)
        if parsed is None:
            parsed = quoted_records(text, name, delimiter)
    header_line, header, cells, lines, source = parsed
    columns = _columns(header, name, header_line, required)
    if not lines.size and not empty_ok:
        raise InputError(f"{name}: no records below the header")
    fields = cells if isinstance(cells, PlainFields) else None
    typed_cells: list[list[str] | None] = [None] * len(header)
    if not isinstance(cells, PlainFields):
        typed_cells = list(cells)
    return CsvTable(
        name=name,
        header=header,
        typed_cells=typed_cells,
        lines=lines,
        delimiter=delimiter,
        columns=columns,
        source=source,
        typed_width=len(header),
        fields=fields,
    )


def _describe(required: Sequence[str | tuple[str, ...]]) -> list[str]:
    return [
        key if isinstance(key, str) else " (or ".join(key) + ")" * (len(key) - 1)
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
