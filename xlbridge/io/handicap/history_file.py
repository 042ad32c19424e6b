"""The history file of the handicap batch (see :mod:`xlbridge.io.handicap`): one line per
player per competition applied, read for the competitions already applied and appended to in
its own text format."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from xlbridge.errors import InputError
from xlbridge.io.csv.cells import TEXT_MARK, columns_text, csv_cells, written_fields
from xlbridge.io.csv.table import normalised, parse_table, paused_gc, read_text_format
from xlbridge.io.handicap.apply import Update
from xlbridge.io.handicap.register_file import DECIMALS
from xlbridge.io.text_file import TextFormat

HISTORY_COLUMNS = ("competition", "date", "player", "before", "delta", "after")


def default_history_path(register: Path) -> Path:
    """players.csv → players-history.csv, beside the register."""
    return register.with_name(f"{register.stem}-history{register.suffix or '.csv'}")


@dataclass(frozen=True)
class HistoryFile:
    """A history file as read: its text (empty when there is none yet) and storage format."""

    path: Path
    text: str
    format: TextFormat
    applied: set[str]


def read_history(path: Path, default: TextFormat | None = None) -> HistoryFile:
    """The history at ``path`` and the competition ids already in it (none without a file)."""
    if not path.exists():
        return HistoryFile(path, "", default or TextFormat(), set())
    text, stored = read_text_format(path)
    if not text.strip():  # the program always writes the header: emptied since
        raise InputError(
            f"{path} is empty, so it no longer says which competitions were applied and every "
            "one would be applied again; restore it, or delete it if none ever was"
        )
    with paused_gc():  # a million rows, none of them garbage until the chunk is done
        applied = _applied_plainly(text)
    if applied is None:  # read as a table, which names the line of anything amiss
        table = parse_table(text, str(path), HISTORY_COLUMNS, empty_ok=True)
        header = tuple(normalised(cell) for cell in table.header)
        if header != HISTORY_COLUMNS:
            raise InputError(
                f"{path}, line 1: a history file must have the columns "
                f"{', '.join(HISTORY_COLUMNS)}, got {', '.join(header) or 'nothing'}"
            )
        applied = set(table.texts("competition"))
    return HistoryFile(path, text, stored, applied)


def _applied_plainly(text: str) -> set[str] | None:
    """The competition ids of a history file as the program writes it (its header first, every
    row six fields, no blank line, no competition blank or marked as text), read in one pass
    of the csv module that keeps only each row's first field; None when the file is not so,
    and :func:`read_history` reads it as a table."""
    reader = csv.reader(io.StringIO(text), strict=True)
    try:
        if tuple(normalised(cell) for cell in next(reader)) != HISTORY_COLUMNS:
            return None
        firsts: set[object] = set(map(_competition, reader))
    except csv.Error:
        return None
    if _NOT_SIX in firsts:
        return None
    ids = {str(cell).strip() for cell in firsts}
    return None if "" in ids or any(cell.startswith(TEXT_MARK) for cell in ids) else ids


#: What :func:`_competition` gives for a row that is not six fields wide.
_NOT_SIX = object()


def _competition(row: list[str]) -> object:
    """A history row's first field (its competition), or :data:`_NOT_SIX`."""
    return row[0] if len(row) == len(HISTORY_COLUMNS) else _NOT_SIX


#: New history rows written at a time by :func:`history_bytes` (a month adds 800,000).
_CHUNK_ROWS = 1 << 16


def read_applied(path: Path) -> set[str]:
    """The competition ids already in the history file (none if there is no file yet)."""
    return read_history(path).applied


def history_bytes(
    history_file: HistoryFile, update: Update, ids: list[str], competitions: list[str]
) -> bytes:
    """The history file's bytes with this batch's changes appended, in its own format.

    The text cells (few distinct values) are made safe from formula injection and written by
    ``csv.writer`` once each (:func:`written_fields`); the numbers need no quoting. Each new
    row is then one line of a ``%``-format over a chunk of rows: the text fields taken by
    numpy, the numbers formatted with :data:`DECIMALS` decimals as ``csv.writer`` of their
    text writes them.
    """
    text = history_file.text
    if text and not text.endswith("\n"):
        text += "\n"
    history = update.history
    days, day = np.unique(history.date, return_inverse=True)
    safe = [
        (csv_cells(list(competitions)), history.competition.reshape(-1)),
        (csv_cells(days.astype(str).tolist()), day.reshape(-1)),
        (csv_cells(list(ids)), history.player.reshape(-1)),
    ]
    carriage_return = any("\r" in "".join(distinct) for distinct, _ in safe)
    # Each text column's fields as an array of objects: a chunk's fields are taken from it
    # by numpy (the same str objects, not copied), not looked up one by one.
    coded = [
        (np.array(written_fields(distinct, ",", carriage_return), dtype=object), codes)
        for distinct, codes in safe
    ]
    coded[:2] = _joined_fields(coded[0], coded[1])
    numbers = [history.before, history.delta, history.after]  # each made once
    formats = ["%s"] * len(coded) + [_NUMBER] * len(numbers)
    for column, values in enumerate(numbers):  # an entry's players share their change
        runs = _runs_formatted(values)
        if runs is not None:
            numbers[column], formats[len(coded) + column] = runs, "%s"
    line = ",".join(formats) + "\n"
    parts = [text or columns_text(HISTORY_COLUMNS, [[] for _ in HISTORY_COLUMNS])]
    with paused_gc():
        for first in range(0, numbers[0].size, _CHUNK_ROWS):
            rows = slice(first, first + _CHUNK_ROWS)
            size = numbers[0][rows].size
            fields = np.empty((size, len(coded) + len(numbers)), dtype=object)
            for column, (texts, codes) in enumerate(coded):
                fields[:, column] = texts[codes[rows]]
            for column, values in enumerate(numbers, len(coded)):
                fields[:, column] = values[rows]
            parts.append((line * size) % tuple(fields.reshape(-1).tolist()))
    return history_file.format.encode("".join(parts), str(history_file.path))


Coded = tuple[np.ndarray, np.ndarray]


def _joined_fields(competitions: Coded, days: Coded) -> list[Coded]:
    """The competition and date fields as one field of "competition,date" per competition
    when every competition has one date (as the results are checked to): a field fewer to
    put into each line. Each is (the distinct fields, each row's index among them)."""
    (names, competition), (dates, day) = competitions, days
    day_of = np.zeros(names.size, dtype=np.int64)
    day_of[competition] = day
    if not day.size or not (day_of[competition] == day).all():
        return [competitions, days]
    pairs = zip(names.tolist(), dates[day_of].tolist(), strict=True)
    joined = [f"{name},{date}" for name, date in pairs]
    return [(np.array(joined, dtype=object), competition)]


#: A number of the history as written.
_NUMBER = f"%.{DECIMALS}f"


def _runs_formatted(values: np.ndarray) -> np.ndarray | None:
    """A column of numbers as text when runs of equal values (bit for bit: -0.0 is not 0.0)
    stand together, each run formatted once; None when most runs are a single value."""
    bits = values.view(np.int64)
    starts = np.flatnonzero(np.concatenate([[True], bits[1:] != bits[:-1]]))
    if values.size < 2 or starts.size > 0.7 * values.size:
        return None
    texts = ((_NUMBER + "\n") * starts.size % tuple(values[starts].tolist())).split("\n")[:-1]
    lengths = np.diff(np.append(starts, values.size))
    return np.repeat(np.array(texts, dtype=object), lengths)
