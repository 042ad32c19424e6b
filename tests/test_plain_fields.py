"""A plain CSV file read from its bytes (xlbridge.plain_fields and the fast paths of
xlbridge.csv_table) gives exactly what the careful readers give, errors included.

Oracles: the project's record-by-record reader (``_quoted_records``, Python's csv module),
Python's ``float`` of each stripped cell under the project's rules (decimal comma only with
";" or tab, "−" as minus, bounds ±1e12) as ``CsvTable._careful_numbers`` applies it, and
the csv module reading the file itself.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge import csv_table
from xlbridge.core.validate import InputError
from xlbridge.csv_table import CsvTable, parse_table, read_text, unmarked
from xlbridge.plain_fields import PlainFields


@contextmanager
def careful_reading() -> Iterator[None]:
    """Every file read record by record by the csv module (no byte paths at all)."""
    with mock.patch.object(csv_table, "_plain_records", lambda text, delimiter: None):
        yield


def outcome(text: str, required: tuple[str, ...] = ("a",), write: bool = True) -> object:
    """What reading ``text`` gives: header, lines, every cell, and the text written back with
    a column of numbers added (or the error's message)."""
    try:
        table = parse_table(text, "f.csv", required, empty_ok=True)
        read = table.header, table.lines.tolist(), table.cells
        if not write:
            return read
        table.set_numbers("added", np.arange(table.size) / 4)
        return (*read, table.text())
    except InputError as error:
        return f"InputError: {error}"


def careful_outcome(text: str, required: tuple[str, ...] = ("a",), write: bool = True) -> object:
    with careful_reading():
        return outcome(text, required, write)


def csv_module_cells(text: str, delimiter: str) -> tuple[list[str], list[list[str]], list[int]]:
    """The header, the data rows' cells column by column and their lines, as the csv module
    reads the text (records blank once stripped are skipped)."""
    rows = [row for row in csv.reader(io.StringIO(text), delimiter=delimiter)]
    numbered = [(line, row) for line, row in enumerate(rows, 1) if "".join(row).strip()]
    header = numbered[0][1]
    data = numbered[1:]
    columns = [[row[i] for _, row in data] for i in range(len(header))]
    return header, columns, [line for line, _ in data]


# --------------------------------------------------------------------------------------------
# Records, blank lines and line numbers

BLANKISH = ["", " ", "\u00a0", "\u3000", "\x1c", "\x1f", "\x0b", "\x0c", "\u2028", "\x85"]


@pytest.mark.parametrize(
    "text",
    [
        "a,b\n1,2\n",
        "a,b\n1,2",  # no line break at the end
        "a,b\n1,2\n\n",  # two
        "a,b\n",  # a header only
        "a,b",
        "\n\n \n,\na,b\n1,2\n",  # blank lines above the header
        "a,b\n1,2\n\n  \n,,\n\u00a0,\u3000\n",  # blank lines at the end
        "a,b\n1,2\n\n3,4\n ,\n\x1c\n5,6\n",  # blank lines between records
        "a;b\n1;2\n;\n \u00a0 ; \u3000\n3;4\n",
        "a\tb\n1\t2\n\t\n\x0b\t\x0c\n3\t4\n",
        "a,\n1,\n,\n2,\n",  # a column with no name, blank everywhere
        "a,b\n\x00,1\n",  # a NUL is no white space: not a blank line
        "a,b\n\x00\n",
        "a,b\n1,2\n3\n",  # a short line
        "a,b\n1,2\n3,4,5\n",  # a long line
        "a,b\n1;2\n",  # another separator
        "a,b\né,😀\n",
        "a,b\n" + "x" * 200_000 + ",1\n",  # a line longer than a field may be
    ],
)
def test_hand_picked_files_read_as_record_by_record(text: str) -> None:
    assert outcome(text) == careful_outcome(text)


LINE_PIECE = st.sampled_from([*BLANKISH, "x", "7", "é", " y ", "'=A1", "-3", "\x00"])


@st.composite
def plain_texts(draw: st.DrawFn) -> str:
    """Files of two columns with blank, almost blank and short lines anywhere."""
    delimiter = draw(st.sampled_from(",;\t"))
    cell = st.lists(LINE_PIECE, max_size=3).map("".join)
    line = st.one_of(
        st.tuples(cell, cell).map(delimiter.join),  # a record (or a blank one)
        st.lists(st.sampled_from([*BLANKISH, delimiter]), max_size=4).map("".join),
        cell,  # a short line, unless blank
    )
    lines = draw(st.lists(line, max_size=10))
    lines.insert(draw(st.integers(0, len(lines))), delimiter.join(["a", "b"]))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n"]))


@settings(max_examples=400, deadline=None)
@given(plain_texts())
def test_files_read_from_their_bytes_as_record_by_record(text: str) -> None:
    assert outcome(text) == careful_outcome(text)


def many_candidates_text(delimiter: str, count: int) -> str:
    """A file with ``count`` lines that start as a blank line might (a space, a separator,
    a non-ASCII byte): some blank, most not."""
    starts = [" ", delimiter, "\u00a0", "é", "\x1c", "\t" if delimiter != "\t" else "\x0b"]
    kinds = [
        lambda i, s: f"{s}{i}{delimiter}{i % 7}",  # a record starting blankish
        lambda i, s: f"{s}{delimiter}",  # blank
        lambda i, s: "",  # empty
        lambda i, s: f"{i}{delimiter}{s}",  # a plain record
        lambda i, s: f"{s}\u3000{delimiter}\u00a0",  # blank
        lambda i, s: f"{s}x{delimiter}{s}",
    ]
    lines = [f" {delimiter}", "", f"a{delimiter}b"]
    lines += [kinds[i % len(kinds)](i, starts[i % len(starts)]) for i in range(count)]
    return "\n".join(lines) + "\n\n"


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_more_than_a_thousand_candidate_lines(delimiter: str) -> None:
    text = many_candidates_text(delimiter, 2500)
    expected = careful_outcome(text, write=False)
    assert outcome(text, write=False) == expected
    # Both ways of finding blank lines: one by one, and the one pass for many candidates.
    for few in (0, 10**9):
        with mock.patch.object(csv_table, "_FEW_CANDIDATES", few):
            assert outcome(text, write=False) == expected
    header, columns, lines = csv_module_cells(text, delimiter)
    table = parse_table(text, "f.csv", ("a",))
    assert table.header == header and table.lines.tolist() == lines
    assert table.cells == columns


@settings(max_examples=200, deadline=None)
@given(plain_texts(), st.sampled_from([0, 1, 3]))
def test_blank_lines_found_one_by_one_or_in_one_pass_alike(text: str, few: int) -> None:
    expected = outcome(text, write=False)
    with mock.patch.object(csv_table, "_FEW_CANDIDATES", few):
        assert outcome(text, write=False) == expected


def test_line_numbers_count_every_blank_line() -> None:
    text = "\n \n,\na,b\n1,2\n\n\u00a0,\n3,4\n\n"
    table = parse_table(text, "f.csv", ("a",))
    assert table.lines.tolist() == [5, 8]
    assert table.cells == [["1", "3"], ["2", "4"]]


# --------------------------------------------------------------------------------------------
# Writing back: the typed lines copied byte for byte


@pytest.mark.parametrize(
    "text", ["a,b\n1,2\n", "a,b\n1,2", "\na,b\n\n1,2\n\n", "a;b\n1,5;x\n", "a,b\n-3,=x\n"]
)
def test_written_back_with_no_column_added(text: str) -> None:
    """A plain file written back as read (no column added) is its records as typed (this
    raised IndexError in the added columns' bytes, there being none)."""
    expected = careful_outcome(text, write=False)
    table = parse_table(text, "f.csv", ("a",))
    with careful_reading():
        careful = parse_table(text, "f.csv", ("a",))
    assert (table.header, table.lines.tolist(), table.cells) == expected
    assert table.text() == careful.text()


@settings(max_examples=200, deadline=None)
@given(plain_texts(), st.booleans())
def test_written_back_as_the_careful_reading_writes(text: str, numbers_first: bool) -> None:
    """Lines copied from the bytes (cells never made) or written from the cells, alike."""
    try:
        table = parse_table(text, "f.csv", ("a",))
        if numbers_first:
            table.numbers("a", blank_allowed=True)
        table.set_numbers("added", np.linspace(-1, 1, table.size))
        written = table.text()
    except InputError as error:
        written = str(error)
    with careful_reading():
        try:
            careful = parse_table(text, "f.csv", ("a",))
            if numbers_first:
                careful.numbers("a", blank_allowed=True)
            careful.set_numbers("added", np.linspace(-1, 1, careful.size))
            expected = careful.text()
        except InputError as error:
            expected = str(error)
    assert written == expected
