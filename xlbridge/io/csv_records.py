"""The records of a CSV file: a plain file (no quotes, no carriage returns) located in its
bytes in bulk (:func:`plain_records`), any other read record by record with the csv module
(:func:`quoted_records`), which names the line of anything malformed. Blank lines are skipped
either way.
"""

from __future__ import annotations

import csv
import io
import re

import numpy as np

from xlbridge.errors import InputError
from xlbridge.io.plain_fields import PlainFields

DELIMITERS = ",;\t"
#: The longest field read (Python's csv default); a longer one is an error naming the line.
FIELD_LIMIT = csv.field_size_limit()

#: The header's line, the header, the columns' cells (for a plain file: its fields, the cells
#: made when needed), each data row's line; and for a plain file its UTF-8 bytes with where
#: each record's line starts and ends (header first).
Parsed = tuple[int, list[str], "list[list[str]] | PlainFields", np.ndarray, "Source | None"]
Source = tuple[bytes, np.ndarray, np.ndarray]


def quoted_records(text: str, name: str, delimiter: str) -> Parsed:
    """Any CSV, record by record: quoted fields may hold separators, quotes and line breaks."""
    records = [
        (number, row) for number, row in _records(text, name, delimiter) if "".join(row).strip()
    ]
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


def plain_records(text: str, delimiter: str) -> Parsed | None:
    """A file without quotes, in bulk: every line a record, split at the separator.

    The fields are found in the file's bytes (:class:`PlainFields`); no cell is made here.
    None when the file has a quote, a carriage return, a line too long for the csv module
    or a line with the wrong number of fields: :func:`quoted_records` then reads it and
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
            [
                line
                for line in blank.tolist()
                if not raw[starts[line] : ends[line]]
                .decode("utf-8", "surrogatepass")
                .replace(delimiter, "")
                .strip()
            ],
            dtype=np.int64,
        )
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
    fields = PlainFields(
        data,
        field_starts[1:],
        field_ends[1:],
        delimiter,
        loadable=not (between < numbers[-1] - 1).any(),
    )
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
            [
                line
                for line in lines.tolist()
                if whole_line.fullmatch(raw, int(starts[line]), int(ends[line]))
            ],
            dtype=np.int64,
        )
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
