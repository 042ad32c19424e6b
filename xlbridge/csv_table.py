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
import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from xlbridge.core.validate import InputError

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
    """Rows as CSV text ("\n" line ends), every cell through :func:`csv_cell`."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerows([csv_cell(cell) for cell in row] for row in rows)
    return out.getvalue()


def normalised(cell: str) -> str:
    """A column name as a key: "NS score" → "ns_score"."""
    return "_".join(cell.strip().lower().replace("-", " ").split())


@dataclass
class CsvTable:
    """A CSV file's cells as typed, with the file line of every data row."""

    name: str  # how messages refer to the file
    header: list[str]
    rows: list[list[str]]  # data rows, padded to the header's width
    lines: np.ndarray
    delimiter: str
    columns: dict[str, int]  # normalised column name → index
    decimal_comma: bool = field(default=False)  # whether any number used one

    def has(self, key: str) -> bool:
        return key in self.columns

    def column(self, key: str) -> list[str]:
        """The cells of a column ("" for every row if the file has no such column)."""
        index = self.columns.get(key)
        return [row[index] if index is not None else "" for row in self.rows]

    def fail(self, row: int, message: str) -> InputError:
        """An error naming the file and the line of data row ``row``."""
        return InputError(f"{self.name}, line {self.lines[row]}: {message}")

    def fail_rows(self, rows: Sequence[int] | np.ndarray, message: str) -> InputError:
        numbers = [str(n) for n in self.lines[np.asarray(rows)].tolist()]
        where = f"line {numbers[0]}" if len(numbers) == 1 else f"lines {', '.join(numbers)}"
        return InputError(f"{self.name}, {where}: {message}")

    def reject_repeats(self, values: Sequence[str], what: str) -> None:
        """An error naming both lines if any value appears twice ("player id '7' appears twice")."""
        first: dict[str, int] = {}
        for row, value in enumerate(values):
            if value in first:
                raise self.fail_rows([first[value], row], f"{what} {value!r} appears twice")
            first[value] = row

    def numbers(self, key: str, blank_allowed: bool) -> np.ndarray:
        """A column as floats (NaN where blank and allowed)."""
        cells = self.column(key)
        if cells and all(cells):
            try:  # the usual case, converted in one go; any doubt goes the careful way below
                values = np.array(cells, dtype=float)
                if np.isfinite(values).all():
                    return values
            except ValueError:
                pass
        values = np.full(len(cells), np.nan)
        comma_allowed = self.delimiter != ","
        for row, cell in enumerate(cells):
            text = cell.strip().replace("\u2212", "-")
            if not text:
                if not blank_allowed:
                    raise self.fail(row, f"{key} must be a number, got {cell!r}")
                continue
            if comma_allowed and "," in text:
                text = text.replace(",", ".")
                self.decimal_comma = True
            try:
                value = float(text)
            except ValueError:
                raise self.fail(row, f"{key} must be a number, got {cell!r}") from None
            if not np.isfinite(value):
                raise self.fail(row, f"{key} must be a number, got {cell!r}")
            values[row] = value
        return values

    def whole_numbers(self, key: str) -> np.ndarray:
        values = self.numbers(key, blank_allowed=False)
        bad = values != np.round(values)
        if bad.any():
            row = int(np.flatnonzero(bad)[0])
            raise self.fail(row, f"{key} must be a whole number, got {self.column(key)[row]!r}")
        return values.astype(np.int64)

    def texts(self, key: str, blank_allowed: bool = False) -> list[str]:
        cells = [unmarked(cell).strip() for cell in self.column(key)]
        if not blank_allowed:
            for row, cell in enumerate(cells):
                if not cell:
                    raise self.fail(row, f"{key} must not be blank")
        return cells

    def formatted(self, value: float, decimals: int = 10) -> str:
        """A number as this file writes numbers: trimmed, with its decimal mark; NaN → ""."""
        if np.isnan(value):
            return ""
        text = f"{round(value, decimals) + 0.0:.{decimals}f}".rstrip("0").rstrip(".")
        text = "0" if text in ("-0", "") else text
        return text.replace(".", ",") if self.decimal_comma else text

    def set_column(self, key: str, cells: Sequence[str]) -> None:
        """Replace the column named ``key``, or add it at the right."""
        index = self.columns.get(key)
        if index is None:
            index = len(self.header)
            self.header.append(key)
            self.columns[key] = index
            for row in self.rows:
                row.append("")
        for row, cell in zip(self.rows, cells, strict=True):
            row[index] = cell

    def text(self) -> str:
        """The table as CSV text with its own separator ("\n" line ends; see TextFormat)."""
        return csv_text([self.header, *self.rows], self.delimiter)


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
    text = text.replace("\r\n", "\n")
    return text, TextFormat(encoding, bom, newline)


def parse_table(
    text: str, name: str, required: Sequence[str | tuple[str, ...]], *, empty_ok: bool = False
) -> CsvTable:
    """Parse CSV text whose header must hold ``required`` columns (a tuple: any one of them)."""
    if not text.strip():
        raise InputError(f"{name}: the file is empty; it needs a header row")
    delimiter = _delimiter(text, name, required)
    records = [(number, row) for number, row in _records(text, name, delimiter)
               if "".join(row).strip()]  # fmt: skip
    (header_line, header), data = records[0], records[1:]
    columns = _columns(header, name, header_line, required)
    if not data and not empty_ok:
        raise InputError(f"{name}: no records below the header")
    width = len(header)
    for number, row in data:
        if len(row) != width:
            raise InputError(
                f"{name}, line {number}: {len(row)} field{'s' * (len(row) != 1)}, the header "
                f"has {width}{_other_delimiter(row, delimiter)}"
            )
    return CsvTable(
        name=name,
        header=header,
        rows=[row for _, row in data],
        lines=np.array([number for number, _ in data], dtype=np.int64),
        delimiter=delimiter,
        columns=columns,
    )


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
        elif "end of data" in str(error) or "new-line character" in str(error):
            problem = 'a quoted field is never closed (a " without its closing ")'
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
    first_line = next(line for line in text.splitlines() if line.strip())
    counts = {d: first_line.count(d) for d in DELIMITERS}
    best = max(counts, key=lambda d: counts[d])
    if counts[best] == 0:
        raise InputError(
            f"{name}, line 1: the header must name the columns {', '.join(_describe(required))} "
            f"separated by commas, semicolons or tabs, got {first_line[:60]!r}"
        )
    return best


def _columns(
    header: list[str], name: str, line: int, required: Sequence[str | tuple[str, ...]]
) -> dict[str, int]:
    columns: dict[str, int] = {}
    for index, cell in enumerate(header):
        key = normalised(cell)
        if key and key in columns:
            raise InputError(f"{name}, line {line}: column {cell.strip()!r} appears twice")
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
