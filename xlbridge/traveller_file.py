"""Traveller files for ``xlbridge score``: read a CSV of board results, write it back scored.

The file has a header row naming its columns (case and spaces do not matter, "NS score" is
``ns_score``):

- ``board`` — the board number;
- ``table`` (or ``entry``) — the table whose NS and EW pairs played it;
- ``ns_score`` — NS's score (+420, −50);
- ``ew_score`` — optional: EW's score from EW's side when it does not mirror NS's (a split
  score); blank means −ns_score;
- ``weight`` — optional: the share of an assigned weighted score. Such a table has one row per
  component (60 % of 430 and 40 % of 400 is two rows of the same board and table); a table
  with a single row needs no weight.

Other columns (pair numbers, names, contracts) are kept as they are. Commas, semicolons or tabs
separate the fields; with semicolons or tabs a decimal comma is read and written back. The
scored file has every input row plus two columns, ``ns_<method>`` and ``ew_<method>``, filled
on the first row of each table (a weighted score's other rows stay blank, so column sums are
right). Scoring a scored file again replaces those columns.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from xlbridge.core.boards import WEIGHT_TOLERANCE, score_traveller
from xlbridge.core.validate import InputError, shown

#: ``--method`` choices: the core method and the matchpoint scoring each one means.
METHODS: dict[str, tuple[str, str]] = {
    "mp": ("matchpoints", "english"),
    "acbl": ("matchpoints", "acbl"),
    "percent": ("matchpoints", "percent"),
    "ascherman": ("matchpoints", "ascherman"),
    "ximp": ("cross_imps", "english"),
    "butler": ("butler", "english"),
    "bastille": ("bastille", "english"),
}

REQUIRED = ("board", "ns_score")
ENTRY_COLUMNS = ("table", "entry")
DELIMITERS = ",;\t"


@dataclass(frozen=True)
class TravellerFile:
    """A traveller as read: the cells as typed, and the numbers the scoring needs."""

    name: str  # how messages refer to the file
    header: list[str]
    rows: list[list[str]]  # data rows, padded to the header's width
    lines: np.ndarray  # the file line of each data row
    delimiter: str
    decimal_comma: bool
    board: np.ndarray
    entry: np.ndarray
    ns_score: np.ndarray
    ew_score: np.ndarray  # NaN where blank
    weight: np.ndarray


def read_traveller(path: Path) -> TravellerFile:
    """Read and check a traveller file; every error names the file and line."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{name}: not a UTF-8 text file") from None
    return parse_traveller(text, name)


def parse_traveller(text: str, name: str = "traveller") -> TravellerFile:
    """A traveller from the text of a CSV file (see the module's description)."""
    if not text.strip():
        raise InputError(f"{name}: the file is empty; it needs a header row and results")
    delimiter = _delimiter(text, name)
    records = [
        (number, row)
        for number, row in enumerate(csv.reader(io.StringIO(text), delimiter=delimiter), 1)
        if any(cell.strip() for cell in row)
    ]
    if not records:
        raise InputError(f"{name}: the file is empty; it needs a header row and results")
    (_, header), data = records[0], records[1:]
    columns = _columns(header, name)
    if not data:
        raise InputError(f"{name}: no results below the header")
    width = len(header)
    for number, row in data:
        if len(row) > width:
            raise InputError(f"{name}, line {number}: {len(row)} fields, the header has {width}")
    rows = [row + [""] * (width - len(row)) for _, row in data]
    lines = np.array([number for number, _ in data])
    reader = _CellReader(name, lines, decimal_comma=delimiter != ",")

    def column(key: str) -> list[str]:
        index = columns.get(key)
        return [row[index] if index is not None else "" for row in rows]

    entry_key = next(key for key in ENTRY_COLUMNS if key in columns)
    board = reader.whole_numbers("board", column("board"))
    entry = reader.whole_numbers(entry_key, column(entry_key))
    ns_score = reader.numbers("ns_score", column("ns_score"), blank_allowed=False)
    ew_score = reader.numbers("ew_score", column("ew_score"), blank_allowed=True)
    weight = reader.numbers("weight", column("weight"), blank_allowed=True)
    traveller = TravellerFile(
        name=name,
        header=header,
        rows=rows,
        lines=lines,
        delimiter=delimiter,
        decimal_comma=reader.decimal_comma,  # known once every column is read
        board=board,
        entry=entry,
        ns_score=ns_score,
        ew_score=ew_score,
        weight=weight,
    )
    _check_weights(traveller, entry_key)
    return traveller


def _delimiter(text: str, name: str) -> str:
    """The delimiter of the header line: the first of , ; or tab it contains."""
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    counts = {d: first_line.count(d) for d in DELIMITERS}
    best = max(counts, key=lambda d: counts[d])
    if counts[best] == 0:
        raise InputError(
            f"{name}, line 1: the header must name the columns board, table, ns_score "
            f"separated by commas, semicolons or tabs, got {first_line[:60]!r}"
        )
    return best


def _normalised(cell: str) -> str:
    return "_".join(cell.strip().lower().replace("-", " ").split())


def _columns(header: list[str], name: str) -> dict[str, int]:
    """Column index of each known column, by normalised name."""
    columns: dict[str, int] = {}
    for index, cell in enumerate(header):
        key = _normalised(cell)
        if key in columns and key:
            raise InputError(f"{name}, line 1: column {cell.strip()!r} appears twice")
        columns.setdefault(key, index)
    missing = [key for key in REQUIRED if key not in columns]
    if not any(key in columns for key in ENTRY_COLUMNS):
        missing.insert(1, "table (or entry)")
    if missing:
        raise InputError(
            f"{name}, line 1: the header must have the column(s) {', '.join(missing)}, "
            f"got {', '.join(repr(c) for c in header)}"
        )
    return columns


class _CellReader:
    """Converts a column of cells to numbers, naming the file and line of a bad cell."""

    def __init__(self, name: str, lines: np.ndarray, decimal_comma: bool) -> None:
        self._name = name
        self._lines = lines
        self._comma_allowed = decimal_comma
        self.decimal_comma = False  # whether any cell used one

    def _fail(self, row: int, column: str, what: str, cell: str) -> InputError:
        return InputError(
            f"{self._name}, line {self._lines[row]}: {column} must be {what}, got {cell!r}"
        )

    def numbers(self, column: str, cells: Sequence[str], blank_allowed: bool) -> np.ndarray:
        values = np.full(len(cells), np.nan)
        for row, cell in enumerate(cells):
            text = cell.strip().replace("\u2212", "-")
            if not text:
                if not blank_allowed:
                    raise self._fail(row, column, "a number", cell)
                continue
            if self._comma_allowed and "," in text:
                text = text.replace(",", ".")
                self.decimal_comma = True
            try:
                value = float(text)
            except ValueError:
                raise self._fail(row, column, "a number", cell) from None
            if not np.isfinite(value):
                raise self._fail(row, column, "a number", cell)
            values[row] = value
        return values

    def whole_numbers(self, column: str, cells: Sequence[str]) -> np.ndarray:
        values = self.numbers(column, cells, blank_allowed=False)
        bad = values != np.round(values)
        if bad.any():
            row = int(np.flatnonzero(bad)[0])
            raise self._fail(row, column, "a whole number", cells[row])
        return values.astype(np.int64)


def _lines(traveller: TravellerFile, rows: np.ndarray) -> str:
    numbers = traveller.lines[rows].tolist()
    return f"line {numbers[0]}" if len(numbers) == 1 else f"lines {', '.join(map(str, numbers))}"


def _check_weights(traveller: TravellerFile, entry_key: str) -> None:
    """Fill blank weights of single-row tables with 1; check every table's weights add to 1."""
    weight = traveller.weight
    negative = weight < 0
    if negative.any():
        row = int(np.flatnonzero(negative)[0])
        raise InputError(
            f"{traveller.name}, {_lines(traveller, np.array([row]))}: weight must be at least 0, "
            f"got {shown(weight[row])}"
        )
    keys = np.column_stack([traveller.board, traveller.entry])
    _, table_of_row, rows_per_table = np.unique(
        keys, axis=0, return_inverse=True, return_counts=True
    )
    table_of_row = table_of_row.reshape(-1)
    alone = rows_per_table[table_of_row] == 1
    weight[np.isnan(weight) & alone] = 1.0
    blank = np.isnan(weight)
    if blank.any():
        table = table_of_row[np.flatnonzero(blank)[0]]
        rows = np.flatnonzero(table_of_row == table)
        raise InputError(
            f"{traveller.name}, {_lines(traveller, rows)}: board {traveller.board[rows[0]]}, "
            f"{entry_key} {traveller.entry[rows[0]]} has {rows.size} rows, so each needs a "
            "weight (or the table is listed twice)"
        )
    sums = np.bincount(table_of_row, weights=weight)
    off = np.abs(sums - 1) > WEIGHT_TOLERANCE
    if off.any():
        table = int(np.flatnonzero(off)[0])
        rows = np.flatnonzero(table_of_row == table)
        raise InputError(
            f"{traveller.name}, {_lines(traveller, rows)}: the weights of board "
            f"{traveller.board[rows[0]]}, {entry_key} {traveller.entry[rows[0]]} must add "
            f"up to 1, got {sums[table]:.12g}"
        )


def _check_board_sizes(traveller: TravellerFile) -> None:
    """Every board needs at least two tables (unless Neuberg-factored to more)."""
    tables = np.unique(np.column_stack([traveller.board, traveller.entry]), axis=0)
    boards, counts = np.unique(tables[:, 0], return_counts=True)
    if (counts < 2).any():
        board = boards[np.flatnonzero(counts < 2)[0]]
        rows = np.flatnonzero(traveller.board == board)
        raise InputError(
            f"{traveller.name}, {_lines(traveller, rows)}: board {board} must have at least "
            "2 tables to compare, got 1"
        )


@dataclass(frozen=True)
class ScoredRows:
    """NS and EW results on each input row (NaN on a weighted table's later rows)."""

    ns: np.ndarray
    ew: np.ndarray


def score_rows(
    traveller: TravellerFile,
    method: str = "mp",
    split: str = "separate",
    expected: float | None = None,
    divisor: str = "comparisons",
    trim: float | None = None,
) -> ScoredRows:
    """Score a traveller with ``--method`` ``method``; results on each table's first row."""
    if method not in METHODS:
        raise InputError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    core_method, scoring = METHODS[method]
    if expected is not None and core_method != "matchpoints":
        raise InputError(
            "--expected is for the matchpoint methods (mp, acbl, percent, ascherman), "
            f"got --method {method}"
        )
    if expected is None:
        _check_board_sizes(traveller)
    result = score_traveller(
        traveller.board,
        traveller.entry,
        traveller.ns_score,
        traveller.ew_score,
        traveller.weight,
        method=core_method,
        split=split,
        scoring=scoring,
        divisor=divisor,
        trim=trim,
        expected=expected,
    )
    keys = np.column_stack([traveller.board, traveller.entry])
    _, first_row = np.unique(keys, axis=0, return_index=True)
    ns = np.full(len(traveller.rows), np.nan)
    ew = np.full(len(traveller.rows), np.nan)
    ns[first_row] = result.ns
    ew[first_row] = result.ew
    return ScoredRows(ns, ew)


def _formatted(value: float, decimal_comma: bool) -> str:
    if np.isnan(value):
        return ""
    text = f"{round(value, 10) + 0.0:.10f}".rstrip("0").rstrip(".")
    text = "0" if text in ("-0", "") else text
    return text.replace(".", ",") if decimal_comma else text


def scored_csv(traveller: TravellerFile, scored: ScoredRows, method: str) -> str:
    """The traveller's rows as typed, with ``ns_<method>`` and ``ew_<method>`` set."""
    header = list(traveller.header)
    rows = [list(row) for row in traveller.rows]
    for name, values in ((f"ns_{method}", scored.ns), (f"ew_{method}", scored.ew)):
        index = next((i for i, cell in enumerate(header) if _normalised(cell) == name), None)
        if index is None:
            header.append(name)
            for row in rows:
                row.append("")
            index = len(header) - 1
        for row, value in zip(rows, values, strict=True):
            row[index] = _formatted(float(value), traveller.decimal_comma)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=traveller.delimiter, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()
