"""CSV tables (xlbridge.io.csv.table) read column by column and written back: the same as reading
the file record by record with the csv module and writing every row with csv.writer, errors
included."""

from __future__ import annotations

import csv
import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.io.csv.cells import columns_text, csv_text, trimmed_one
from xlbridge.io.csv.table import parse_table

# Cells from characters that matter: separators, spaces of several kinds, formula starts,
# the text mark, letters and digits (no quote or carriage return).
CELL = st.text(alphabet=list(",;\t =+-@'a7.\u00a0\u3000\x1c\u00e9"), max_size=6)


@st.composite
def plain_files(draw: st.DrawFn) -> tuple[str, str]:
    delimiter = draw(st.sampled_from(",;\t"))
    width = draw(st.integers(1, 4))
    lines = [delimiter.join(f"h{i}" for i in range(width))]
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.sampled_from(["row", "row", "row", "blank", "spaces", "short"]))
        if kind == "blank":
            lines.append(draw(st.sampled_from(["", delimiter * (width - 1), " \u00a0 "])))
        elif kind == "short":
            lines.append(delimiter.join(draw(st.lists(CELL, min_size=1, max_size=width + 1))))
        else:
            lines.append(delimiter.join(draw(st.lists(CELL, min_size=width, max_size=width))))
    if draw(st.booleans()):
        lines.insert(0, "")  # a blank line above the header
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n"])), delimiter


def _records(text: str, delimiter: str) -> object:
    """The csv module's reading: the header's line, the header, the columns and the data
    lines (records blank once stripped skipped), or None if a record's width differs."""
    rows = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    numbered = [(n, row) for n, row in enumerate(rows, 1) if "".join(row).strip()]
    (line, header), data = numbered[0], numbered[1:]
    if any(len(row) != len(header) for _, row in data):
        return None
    columns = [[row[i] for _, row in data] for i in range(len(header))]
    return line, header, columns, [n for n, _ in data]


@settings(max_examples=300, deadline=None)
@given(plain_files())
def test_reading_equals_the_csv_module_record_by_record(case: tuple[str, str]) -> None:
    text, delimiter = case
    expected = _records(text, delimiter)
    if delimiter not in text.strip().split("\n")[0]:  # one column: no separator to find
        with pytest.raises(InputError, match=r"^f\.csv, line 1: the header must name"):
            parse_table(text, "f.csv", (), empty_ok=True)
        return
    if expected is None:  # a line with the wrong width: named
        with pytest.raises(InputError, match=r"^f\.csv, line \d+: \d+ fields?, the header has"):
            parse_table(text, "f.csv", (), empty_ok=True)
        return
    table = parse_table(text, "f.csv", (), empty_ok=True)
    assert (table.header, table.cells, table.lines.tolist()) == expected[1:]


def test_a_wrong_width_far_down_a_big_file_names_its_line() -> None:
    rows = [f"{i},{i % 7},{i * 10}" for i in range(200_000)]
    rows[150_000] = "1,2"
    with pytest.raises(InputError, match=r"f.csv, line 150002: 2 fields, the header has 3"):
        parse_table("a,b,c\n" + "\n".join(rows) + "\n", "f.csv", ("a",))


def test_a_bad_number_far_down_a_big_file_names_its_line() -> None:
    rows = [f"{i},{i * 10}" for i in range(200_000)]
    rows[123_456] = "5,12x"
    table = parse_table("a,b\n\n" + "\n".join(rows) + "\n", "f.csv", ("a", "b"))
    assert table.numbers("a", blank_allowed=False)[-1] == 199_999
    with pytest.raises(InputError, match=r"f.csv, line 123459: b must be a number, got '12x'"):
        table.numbers("b", blank_allowed=False)


def test_blank_cells_among_numbers_are_nan_where_allowed() -> None:
    table = parse_table("a,b\n1,\n2,-3.5\n3, \n", "f.csv", ("a",))
    assert np.isnan(table.numbers("b", blank_allowed=True)[[0, 2]]).all()
    assert table.numbers("b", blank_allowed=True)[1] == -3.5
    assert np.isnan(table.numbers("missing", blank_allowed=True)).all()


TEXT_CELL = st.text(alphabet=list(",;\t =+-@'\"a7.\r\n\u00e9"), max_size=5)
NUMBER_CELL = st.sampled_from(["-420", "+3", "1,5", "-inf", "", "-", "=1", "12"])


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda width: st.lists(
            st.lists(st.one_of(TEXT_CELL, NUMBER_CELL), min_size=width, max_size=width),
            max_size=6,
        ).map(lambda rows: (width, rows))
    ),
    st.sampled_from(",;\t"),
)
def test_bulk_writing_equals_csv_writer(case: tuple[int, list[list[str]]], delimiter: str) -> None:
    width, rows = case
    header = [f"h{i}" for i in range(width)]
    columns = [[row[i] for row in rows] for i in range(width)]
    assert columns_text(header, columns, delimiter) == csv_text([header, *rows], delimiter)
    assert columns_text(None, columns, delimiter) == csv_text(rows, delimiter)


@settings(max_examples=200, deadline=None)
@given(
    plain_files(),
    st.lists(st.floats(-1e12, 1e12) | st.just(float("nan")), min_size=1, max_size=1),
)
def test_scored_lines_are_the_typed_lines_with_cells_added(
    case: tuple[str, str], seed: list[float]
) -> None:
    """Writing back a file with added columns: the text is what writing every row with
    csv.writer gives (each cell through the formula guard)."""
    text, delimiter = case
    try:
        table = parse_table(text, "f.csv", ("h0",), empty_ok=True)
    except InputError:
        return
    values = np.resize(np.array(seed + [-2.5, 7.0, 0.125]), table.size)
    typed = [list(column) for column in table.cells]
    table.set_numbers("ns_x", values)
    table.set_numbers("ew_x", -values)
    columns = [*typed, table.formatted_column(values)]
    columns.append(table.formatted_column(-values))
    expected = csv_text([table.header, *zip(*columns, strict=True)], delimiter)
    assert table.text() == expected


@pytest.mark.parametrize(
    "odd", ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
)
def test_characters_str_splitlines_breaks_at_are_not_line_ends(odd: str) -> None:
    """A form feed or U+2028 in the header or a cell is part of it, as the csv module reads
    the file: the header is found whole and every cell read as typed."""
    text = f"board{odd},table,note\n1,1,a{odd}b\n1,2,{odd}\n"
    table = parse_table(text, "f.csv", ("board", "table"))
    rows = list(csv.reader(io.StringIO(text)))
    assert table.header == rows[0]
    assert [table.column(key) for key in ("board", "table", "note")] == [
        [row[i] for row in rows[1:]] for i in range(3)
    ]
    assert table.whole_numbers("table").tolist() == [1, 2]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["numbers", "text"]),
            st.sampled_from(["x", "y", "z", "ns_score"]),
            st.lists(
                st.one_of(st.floats(-1e6, 1e6), st.sampled_from([500000.5, -450361.25, 0.5])),
                min_size=3,
                max_size=3,
            ),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_columns_set_in_any_mix_are_all_written(changes) -> None:
    """Numbers, numbers that need Python's own formatting (beyond 2**18) and text columns,
    set in any order over a file, are each written as set (one such mix once wrote a
    column blank)."""
    text = "board,table,ns_score\n1,1,100\n1,2,-50\n2,1,420\n"
    table = parse_table(text, "t.csv", ("board",))
    expected = {
        name: cells
        for name, cells in zip(
            table.header,
            zip(*[row.split(",") for row in text.split("\n")[1:-1]], strict=True),
            strict=True,
        )
    }
    for kind, name, values in changes:
        if kind == "numbers":
            table.set_numbers(name, np.array(values))
            expected[name] = tuple(trimmed_one(v, 10) for v in values)
        else:
            cells = [f"t{v:.0f}" for v in values]
            table.set_column(name, cells)
            expected[name] = tuple(cells)
    rows = list(csv.reader(io.StringIO(table.text())))
    assert rows[0] == list(expected)
    assert [tuple(column) for column in zip(*rows[1:], strict=True)] == list(expected.values())
