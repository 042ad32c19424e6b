"""Columns held as their distinct cells and each row's index among them
(xlbridge.io.csv.columns): a table read that way gives every cell, number, text and error the
plain way gives, and writes the same text.

Oracles: Python's csv module reading the file (the cells), Python's ``float`` of each cell
(the numbers), ``str.strip`` (the texts), and :func:`csv_text` of the rows (the text written
back, every cell through the formula guard).
"""

from __future__ import annotations

import csv
import io
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.io.csv import columns as csv_columns
from xlbridge.io.csv.cells import csv_text
from xlbridge.io.csv.table import parse_table

#: Cells of a column: few distinct ones (coded), or many (held as cells).
FEW = st.sampled_from(["1", "2", "-3", " 4", "=x", "a b", "", "7.5"])
MANY = st.integers(-(10**6), 10**6).map(str)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(FEW, MANY, FEW), min_size=0, max_size=40),
    st.sampled_from([1, 3, 8]),
    st.sampled_from([2, 5, 1000]),
)
def test_a_coded_column_reads_and_writes_as_its_cells(
    rows: list[tuple[str, str, str]], chunk: int, first_rows: int
) -> None:
    """Whatever the chunk of rows and the row from which a column of mostly distinct cells is
    held as cells: the cells, the texts, the numbers and the text written back are the csv
    module's, ``str.strip``'s, ``float``'s and :func:`csv_text`'s."""
    rows = [row for row in rows if "".join(row).strip()]  # a blank line is read another way
    text = "a,b,c\n" + "".join(",".join(row) + "\n" for row in rows)
    with (
        mock.patch.object(csv_columns, "CHUNK_ROWS", chunk),
        mock.patch.object(csv_columns, "FIRST_ROWS", first_rows),
    ):
        table = parse_table(text, "f.csv", ("a",), empty_ok=True)
    expected = list(csv.reader(io.StringIO(text)))[1:]
    assert table.texts("a", blank_allowed=True) == [row[0].strip() for row in expected]
    for key, index in (("a", 0), ("b", 1)):
        try:
            want = [float(row[index]) if row[index].strip() else np.nan for row in expected]
        except ValueError:
            with pytest.raises(InputError, match="must be a number"):
                table.numbers(key, blank_allowed=True)
        else:
            got = table.numbers(key, blank_allowed=True)
            np.testing.assert_array_equal(got, np.array(want, dtype=float))
    assert table.cells == [[row[index] for row in expected] for index in range(3)]
    table.set_numbers("added", np.arange(table.size) / 4)
    written = [[*row, f"{i / 4:g}"] for i, row in enumerate(expected)]
    assert table.text() == csv_text([["a", "b", "c", "added"], *written])


def test_a_column_of_few_cells_stays_coded_and_one_of_many_becomes_cells() -> None:
    found = csv_columns.line_columns(
        "board,id\n" + "".join(f"{i % 3},{i}\n" for i in range(10_000)), ","
    )
    assert found is not None
    header, columns, size = found
    board, ids = columns
    assert header == ["board", "id"] and size == 10_000
    assert isinstance(board, csv_columns.CodedCells) and board.distinct == ["0", "1", "2"]
    assert board.cells() == [str(i % 3) for i in range(10_000)]
    assert ids == [str(i) for i in range(10_000)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a,b\n1,2\n3,x\n", "f.csv, line 3: b must be a number, got 'x'"),
        ("a,b\n1,2\n3,\n", "f.csv, line 3: b must be a number, got ''"),
        ("a,b\n1,2\n3,4,5\n", "f.csv, line 3: 3 fields, the header has 2"),
        ("a,b\n1,2\n3,2e13\n", "f.csv, line 3: b must be a number from -1e12 to 1e12"),
    ],
)
def test_a_bad_cell_of_a_coded_column_is_named_by_its_line(text: str, message: str) -> None:
    with pytest.raises(InputError) as error:
        parse_table(text, "f.csv", ("a",)).numbers("b", blank_allowed=False)
    assert str(error.value).startswith(message)


def test_coded_texts_are_the_texts_as_distinct_values_and_codes() -> None:
    """Cells that strip to one text are one value (in order of first appearance); a blank is
    an error naming its line, as :meth:`texts` names it."""
    table = parse_table("c,n\n B,1\nA,2\nB ,3\n'=x,4\nA,5\n", "f.csv", ("c",))
    distinct, codes = table.coded_texts("c") or ([], np.zeros(0))
    assert (distinct, codes.tolist()) == (["B", "A", "=x"], [0, 1, 0, 2, 1])
    assert [distinct[code] for code in codes.tolist()] == table.texts("c")
    blank = parse_table("c,n\nA,1\n ,2\n", "f.csv", ("c",))
    with pytest.raises(InputError, match="f.csv, line 3: c must not be blank"):
        blank.coded_texts("c")
