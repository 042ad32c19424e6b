"""CSV files as scorers keep them: a header row, then one record per line.

Shared by the batch commands (``xlbridge score``, ``xlbridge handicap update``). Column names
are matched without regard to case, spaces or hyphens ("NS score" is ``ns_score``). Commas,
semicolons or tabs separate the fields (whichever the header uses); with semicolons or tabs a
decimal comma is read, and :func:`formatted` writes it back. Every error names the file and
line. Columns the program does not know are kept as they are.

Files are read as UTF-8 (with or without a byte-order mark) or, failing that, Windows-1252
(Excel's plain "CSV" on Windows); a file rewritten in place keeps its encoding, byte-order
mark, separator and line endings (:class:`TextFormat`).

Formula injection: every CSV cell the program writes goes through :func:`csv_cell`. A text
cell that a spreadsheet would take for a formula (it starts with ``=``, ``+``, ``-``, ``@``,
a tab or a carriage return) is written with a leading apostrophe, the convention OWASP
recommends and Excel itself uses for "this is text": Excel then shows the text, the
apostrophe visible, and runs nothing. Numbers (``-3.5``, ``+2``) are written as they are.
Reading drops such an apostrophe again, so a file the program wrote reads back the same.
"""

from __future__ import annotations

import csv
import gc
import io
import math
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import compress
from pathlib import Path

import numpy as np

from xlbridge import number_text
from xlbridge.core.validate import LARGEST, InputError, shown
from xlbridge.line_bytes import rows_bytes, with_cells_added
from xlbridge.plain_fields import PlainFields

DELIMITERS = ",;\t"
#: The longest field read (Python's csv default); a longer one is an error naming the line.
FIELD_LIMIT = csv.field_size_limit()
#: What makes a spreadsheet read a text cell as a formula (or hide what follows).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Shown in front of such a cell (see the module's docstring).
TEXT_MARK = "'"


def _is_number(cell: str) -> bool:
    try:
        return math.isfinite(float(cell.replace(",", ".")))
    except ValueError:
        return False


def csv_cell(value: object) -> str:
    """A cell as written to a CSV file: text that would start a formula gets a leading
    apostrophe; numbers, blanks and other text are written as they are."""
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS) and not _is_number(text):
        return TEXT_MARK + text
    return text


def unmarked(cell: str) -> str:
    """A cell as the user meant it: the apostrophe :func:`csv_cell` adds is dropped."""
    if cell.startswith(TEXT_MARK) and cell[1:].startswith(FORMULA_STARTS):
        return cell[1:]
    return cell


@dataclass(frozen=True)
class TextFormat:
    """How a text file was stored: its encoding, byte-order mark and line ending."""

    encoding: str = "utf-8"  # or "cp1252"
    bom: bool = False
    newline: str = "\n"

    def encode(self, text: str, name: str) -> bytes:
        """``text`` (with "\n" line ends) as this format's bytes; an error names ``name`` if a
        character has no place in the encoding."""
        text = text.replace("\n", self.newline) if self.newline != "\n" else text
        try:
            data = text.encode(self.encoding)
        except UnicodeEncodeError as error:
            bad = error.object[error.start : error.end]
            raise InputError(
                f"{name}: {bad!r} cannot be written in Windows-1252, the file's encoding; "
                "save the file as UTF-8 first"
            ) from None
        return (b"\xef\xbb\xbf" if self.bom else b"") + data


def csv_text(rows: Iterable[Sequence[object]], delimiter: str = ",") -> str:
    """Rows as CSV text ("\n" line ends), every cell through :func:`csv_cell`.

    A cell holding a carriage return is quoted (Python's writer quotes only the characters of
    its own line end), so that the file reads back the same.
    """
    cells = [[csv_cell(cell) for cell in row] for row in rows]
    out = io.StringIO()
    if not any("\r" in cell for row in cells for cell in row):
        csv.writer(out, delimiter=delimiter, lineterminator="\n").writerows(cells)
        return out.getvalue()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    lines = []
    for row in cells:
        out.seek(0)
        out.truncate()
        writer.writerow(row)
        lines.append(out.getvalue()[:-2] + "\n")
    return "".join(lines)


def csv_cells(cells: list[str], joined: str | None = None) -> list[str]:
    """:func:`csv_cell` of every cell of a column of text (the column itself when no cell
    starts like a formula, the usual case, found without a look at each cell). ``joined``:
    the cells joined by line breaks, if the caller has them."""
    joined = "\n" + ("\n".join(cells) if joined is None else joined)
    if joined.count("\n") == len(cells) and not _FORMULA_START.search(joined):
        return cells
    suspects = [row for row, cell in enumerate(cells) if cell.startswith(FORMULA_STARTS)]
    texts = [cells[row] for row in suspects]
    try:  # numbers such as -420 are written as they are
        values = np.array([text.replace(",", ".") for text in texts], dtype=float)
        if np.isfinite(values).all():
            return cells
    except ValueError:
        pass
    marked = list(cells)
    for row, text in zip(suspects, texts, strict=True):
        marked[row] = csv_cell(text)
    return marked


#: A cell (after a line break) starting as a formula would.
_FORMULA_START = re.compile("\n[" + re.escape("".join(FORMULA_STARTS)) + "]")


def columns_text(
    header: Sequence[str] | None,
    columns: Sequence[list[str]],
    delimiter: str = ",",
    numeric: Iterable[int] = (),
) -> str:
    """CSV text ("\n" line ends) of a header (None: none) and equally long columns of cells,
    exactly as :func:`csv_text` of the rows writes it. Columns listed in ``numeric`` hold
    numbers the program formatted, which need no formula check.

    Cells are joined line by line in one pass when none needs quoting (no separator, quote or
    line break in any cell), the usual case; otherwise :func:`csv_text` writes the rows.
    """
    trusted = set(numeric)
    quoted = not columns
    written = []
    for index, column in enumerate(columns):
        joined = "\n".join(column)
        quoted = quoted or needs_quotes(column, joined, delimiter, len(columns))
        written.append(column if index in trusted else csv_cells(column, joined))
    columns = written  # a cell marked as text cannot need quotes it did not need before
    head = [csv_cell(cell) for cell in header] if header is not None else None
    size = len(columns[0]) if columns else 0
    if quoted or (head is not None and needs_quotes(head, "\n".join(head), delimiter, len(head))):
        rows = [list(row) for row in zip(*columns, strict=True)] if columns else [[]] * size
        return csv_text([*([head] if head is not None else []), *rows], delimiter)
    lines = map(delimiter.join, zip(*columns, strict=True))
    body = "\n".join(lines) + "\n" if size else ""
    return (delimiter.join(head) + "\n" if head is not None else "") + body


def needs_quotes(cells: Sequence[str], joined: str, delimiter: str, width: int) -> bool:
    """Whether Python's csv writer would quote any of ``cells`` (in rows ``width`` wide;
    ``joined``: the cells joined by line breaks)."""
    return (
        joined.count("\n") != max(len(cells) - 1, 0)
        or '"' in joined
        or "\r" in joined
        or delimiter in joined
        or (width == 1 and not all(cells))  # a lone blank field is written ""
    )


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
    :class:`~xlbridge.plain_fields.PlainFields`); a column of numbers never needs its cells.
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
        parsed = _plain_records(text, delimiter)
        if parsed is None:
            parsed = _quoted_records(text, name, delimiter)
    header_line, header, cells, lines, source = parsed
    columns = _columns(header, name, header_line, required)
    if not lines.size and not empty_ok:
        raise InputError(f"{name}: no records below the header")
    fields = cells if isinstance(cells, PlainFields) else None
    typed_cells: list[list[str] | None] = [None] * len(header)
    if not isinstance(cells, PlainFields):
        typed_cells = list(cells)
    return CsvTable(
        name=name, header=header, typed_cells=typed_cells, lines=lines, delimiter=delimiter,
        columns=columns, source=source, typed_width=len(header), fields=fields,
    )  # fmt: skip


#: The header's line, the header, the columns' cells (for a plain file: its fields, the cells
#: made when needed), each data row's line; and for a plain file its UTF-8 bytes with where
#: each record's line starts and ends (header first).
Parsed = tuple[int, list[str], "list[list[str]] | PlainFields", np.ndarray, "Source | None"]
Source = tuple[bytes, np.ndarray, np.ndarray]


def _quoted_records(text: str, name: str, delimiter: str) -> Parsed:
    """Any CSV, record by record: quoted fields may hold separators, quotes and line breaks."""
    records = [(number, row) for number, row in _records(text, name, delimiter)
               if "".join(row).strip()]  # fmt: skip
    if not records:  # nothing but separators and spaces
        raise InputError(f"{name}: the file is empty; it needs a header row")
    (header_line, header), data = records[0], records[1:]
    width = len(header)
    for number, row in data:
        if len(row) != width:
            raise InputError(
                f"{name}, line {number}: {len(row)} field{'s' * (len(row) != 1)}, the header "
                f"has {width}{_other_delimiter(row, delimiter)}"
            )
    cells = [list(column) for column in zip(*(row for _, row in data), strict=True)] if data else []
    if not cells:
        cells = [[] for _ in header]
    lines = np.array([number for number, _ in data], dtype=np.int64)
    return header_line, header, cells, lines, None


def _plain_records(text: str, delimiter: str) -> Parsed | None:
    """A file without quotes, in bulk: every line a record, split at the separator.

    The fields are found in the file's bytes (:class:`PlainFields`); no cell is made here.
    None when the file has a quote, a carriage return, a line too long for the csv module
    or a line with the wrong number of fields: :func:`_quoted_records` then reads it and
    names the line of any error.
    """
    if '"' in text or "\r" in text:
        return None
    body = text[:-1] if text.endswith("\n") else text
    raw = body.encode("utf-8", "surrogatepass") + b"\n"
    data = np.frombuffer(raw, dtype=np.uint8)
    is_end = data == ord(delimiter)
    is_end |= data == 10
    terminators = np.flatnonzero(is_end)  # every field's end
    line_end = data[terminators] == 10
    ends = terminators[line_end]  # one per line
    if np.diff(ends, prepend=-1).max() > FIELD_LIMIT:
        return None
    fields_per_line = np.diff(np.flatnonzero(line_end), prepend=-1)
    starts = np.concatenate([[0], ends[:-1] + 1])  # each line's first byte
    blank = _blank_lines(raw, data, starts, ends, delimiter)
    if blank.size:  # blank if nothing but white space, as str.strip sees it
        blank = np.array(
            [line for line in blank.tolist()
             if not raw[starts[line] : ends[line]].decode("utf-8", "surrogatepass")
             .replace(delimiter, "").strip()],
            dtype=np.int64,
        )  # fmt: skip
    kept = np.ones(ends.size, dtype=bool)
    kept[blank] = False
    numbers = np.flatnonzero(kept) + 1  # line numbers of the records
    if not numbers.size:
        return None
    width = int(fields_per_line[numbers[0] - 1])
    if (fields_per_line[kept] != width).any():
        return None
    if blank.size:  # drop the blank lines' fields
        terminators = terminators[np.repeat(kept, fields_per_line)]
    field_ends = terminators.reshape(-1, width)
    field_starts = np.empty_like(field_ends)
    field_starts[:, 1:] = field_ends[:, :-1] + 1
    field_starts[:, 0] = starts[numbers - 1]
    header_line = raw[starts[numbers[0] - 1] : ends[numbers[0] - 1]]
    header = header_line.decode("utf-8", "surrogatepass").split(delimiter)
    between = blank[blank > numbers[0] - 1]  # blank lines below the header
    fields = PlainFields(data, field_starts[1:], field_ends[1:], delimiter,
                         loadable=not (between < numbers[-1] - 1).any())  # fmt: skip
    source = (raw, starts[numbers - 1], ends[numbers - 1])
    return int(numbers[0]), header, fields, numbers[1:].astype(np.int64), source


def _blank_lines(
    raw: bytes, data: np.ndarray, starts: np.ndarray, ends: np.ndarray, delimiter: str
) -> np.ndarray:
    """Lines that may be blank (only spaces and separators; checked exactly by the caller).

    Only a line that starts with such a byte (or is empty) can be one: those few are looked
    at one by one, and when there are many, every line break is looked after in one pass.
    """
    may_start = _MAY_START_BLANK[delimiter][data[starts]]
    lines = np.flatnonzero(may_start)
    if lines.size <= _FEW_CANDIDATES:
        whole_line = _BLANK_LINE[delimiter]
        return np.array(
            [line for line in lines.tolist()
             if whole_line.fullmatch(raw, int(starts[line]), int(ends[line]))],
            dtype=np.int64,
        )  # fmt: skip
    candidates = _BLANK_CANDIDATE[delimiter].finditer(b"\n" + raw)
    found = np.fromiter((match.start() for match in candidates), dtype=np.int64)
    return np.searchsorted(ends, found)  # the line starting after that line break


#: The bytes a line that may be blank is made of: ASCII white space, the separator and bytes
#: of other characters (which may be white space too).
_BLANKISH = rb"\t\x0b\x0c\x1c-\x1f \x80-\xff"
_BLANK_LINE = {d: re.compile(b"[" + _BLANKISH + re.escape(d.encode()) + b"]*") for d in DELIMITERS}
#: By first byte: whether a line starting with it may be blank (an empty line starts with
#: its line break).
_MAY_START_BLANK = {
    d: np.array([bool(_BLANK_LINE[d].fullmatch(bytes([b]))) or b == 10 for b in range(256)])
    for d in DELIMITERS
}
_FEW_CANDIDATES = 1000


#: A line holding nothing but ASCII white space, separators and bytes of other characters
#: (which may be white space too), found after each line break in one pass of ``re``.
_BLANK_CANDIDATE = {
    d: re.compile(rb"\n(?=[" + _BLANKISH + re.escape(d.encode()) + rb"]*\n)") for d in DELIMITERS
}


def _records(text: str, name: str, delimiter: str) -> list[tuple[int, list[str]]]:
    """Each record with the line it starts on; malformed CSV is an error naming that line."""
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    records: list[tuple[int, list[str]]] = []
    start = 1
    try:
        for row in reader:
            records.append((start, row))
            start = reader.line_num + 1
    except csv.Error as error:
        if "field larger than field limit" in str(error):
            problem = f"a field is longer than {FIELD_LIMIT:,} characters"
        elif "end of data" in str(error):
            problem = 'a quoted field is never closed (a " without its closing ")'
        elif "new-line character" in str(error):
            problem = "a line break inside a field that is not quoted"
        else:
            problem = f"not valid CSV ({error})"
        raise InputError(f"{name}, line {start}: {problem}") from None
    return records


def _other_delimiter(row: list[str], delimiter: str) -> str:
    """A hint when a row seems to use another separator than the header."""
    joined = delimiter.join(row)
    others = [d for d in DELIMITERS if d != delimiter and d in joined]
    if not others:
        return ""
    shown = {",": "commas", ";": "semicolons", "\t": "tabs"}
    return f" (the row holds {shown[others[0]]}; the header is separated by {shown[delimiter]})"


def _describe(required: Sequence[str | tuple[str, ...]]) -> list[str]:
    return [key if isinstance(key, str) else " (or ".join(key) + ")" * (len(key) - 1)
            for key in required]  # fmt: skip


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
    return found if found is not None else next(line for line in _LINE_END.split(text)
                                                if line.strip())  # fmt: skip


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
