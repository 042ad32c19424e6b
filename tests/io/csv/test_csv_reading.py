"""Reading CSV files (xlbridge.io.csv.table): records, blank lines, line numbers, numbers and text
columns as Python's csv module and ``float`` read them, errors naming the file and line.

Oracles: the csv module reading the file itself (blank records skipped), each row written back
through :func:`csv_text` (every cell through the formula guard), and Python's ``float`` of each
stripped cell under the project's rules (decimal comma only with ";" or tab, "−" as minus,
bounds ±1e12).
"""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.io.csv import table as csv_table
from xlbridge.io.csv.cells import csv_text, trimmed_one, unmarked
from xlbridge.io.csv.table import parse_table, read_text


def outcome(text: str, required: tuple[str, ...] = ("a",), write: bool = True) -> object:
    """What reading ``text`` gives: header, lines, every cell, and the text written back with
    a column of numbers added (or the error's message)."""
    try:
        table = parse_table(text, "f.csv", required, empty_ok=True)
        read = list(table.header), table.lines.tolist(), [list(c) for c in table.cells]
        if not write:
            return read
        table.set_numbers("added", np.arange(table.size) / 4)
        return (*read, table.text())
    except InputError as error:
        return f"InputError: {error}"


def careful_outcome(text: str, required: tuple[str, ...] = ("a",), write: bool = True) -> object:
    """The oracle: the csv module's records (blank ones skipped) and those rows written back
    through :func:`csv_text` with the column of numbers added; None when the csv module cannot
    read the file, its records differ in width or a required column is missing (the program
    must then name the file)."""
    try:
        delimiter = csv_table._delimiter(text, "f.csv", required)
        header, columns, lines = csv_module_cells(text, delimiter)
    except (csv.Error, IndexError, InputError):
        return None
    if not all(len(row) == len(header) for row in csv_module_rows(text, delimiter)):
        return None
    keys = [csv_table.normalised(cell) for cell in header]
    if any(key not in keys for key in required) or len(set(filter(None, keys))) < len(
        list(filter(None, keys))
    ):
        return None
    if not columns:
        columns = [[] for _ in header]
    read = header, lines, columns
    if not write:
        return read
    rows = [list(row) for row in zip(*columns, strict=True)] if header else []
    added = [f"{i / 4:g}" for i in range(len(lines))]
    written = csv_text(
        [[*header, "added"], *[[*r, a] for r, a in zip(rows, added, strict=True)]], delimiter
    )
    return (*read, written)


def assert_read_as_csv_module(
    text: str, required: tuple[str, ...] = ("a",), write: bool = True
) -> None:
    expected = careful_outcome(text, required, write)
    got = outcome(text, required, write)
    if expected is None:
        assert isinstance(got, str) and got.startswith("InputError: f.csv"), got
    else:
        assert got == expected


def csv_module_rows(text: str, delimiter: str) -> list[list[str]]:
    """The records blank once stripped skipped, as the csv module reads the text."""
    rows = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    return [row for row in rows if "".join(row).strip()]


def csv_module_cells(text: str, delimiter: str) -> tuple[list[str], list[list[str]], list[int]]:
    """The header, the data rows' cells column by column and their lines, as the csv module
    reads the text (records blank once stripped are skipped; the files here have no quoted
    line breaks, so a record's line is its place)."""
    rows = [row for row in csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)]
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
        "a,b\r\n1,2\r\n\r\n3,4\r\n",  # carriage returns: record by record
        'a,b\n1,"2"\n',  # a quote: record by record
    ],
)
def test_hand_picked_files_read_as_the_csv_module_reads_them(text: str) -> None:
    assert_read_as_csv_module(text)


LINE_PIECE = st.sampled_from(
    [*BLANKISH, "x", "7", "é", " y ", "'=A1", "-3", "\x00", "=x", "@", "+"]
)


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
def test_files_read_as_the_csv_module_reads_them(text: str) -> None:
    assert_read_as_csv_module(text)


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
    assert_read_as_csv_module(text, write=False)
    header, columns, lines = csv_module_cells(text, delimiter)
    table = parse_table(text, "f.csv", ("a",))
    assert table.header == header and table.lines.tolist() == lines
    assert table.cells == columns


def test_line_numbers_count_every_blank_line() -> None:
    text = "\n \n,\na,b\n1,2\n\n\u00a0,\n3,4\n\n"
    table = parse_table(text, "f.csv", ("a",))
    assert table.lines.tolist() == [5, 8]
    assert table.cells == [["1", "3"], ["2", "4"]]


# --------------------------------------------------------------------------------------------
# Writing back: the records as typed, through the formula guard


@pytest.mark.parametrize(
    "text", ["a,b\n1,2\n", "a,b\n1,2", "\na,b\n\n1,2\n\n", "a;b\n1,5;x\n", "a,b\n-3,=x\n"]
)
def test_written_back_with_no_column_added(text: str) -> None:
    """A file written back as read (no column added) is its records as typed (this once
    raised IndexError in the added columns' bytes, there being none)."""
    expected = careful_outcome(text, write=False)
    table = parse_table(text, "f.csv", ("a",))
    assert (table.header, table.lines.tolist(), table.cells) == expected
    delimiter = table.delimiter
    assert table.text() == csv_text(csv_module_rows(text, delimiter), delimiter)


@settings(max_examples=200, deadline=None)
@given(plain_texts(), st.booleans())
def test_written_back_as_the_csv_module_writes(text: str, numbers_first: bool) -> None:
    """Every record as the csv module reads it, then the added numbers, through csv_text
    (a column read as numbers first is written the same: its cells are numbers)."""
    expected = careful_outcome(text, write=False)
    try:
        table = parse_table(text, "f.csv", ("a",))
        if numbers_first:
            table.numbers("a", blank_allowed=True)
    except InputError:
        return
    assert expected is not None
    values = np.linspace(-1, 1, table.size)
    table.set_numbers("added", values)
    added = [trimmed_one(value, 10) for value in values.tolist()]
    rows = csv_module_rows(text, table.delimiter)
    rows = [[*rows[0], "added"], *[[*r, a] for r, a in zip(rows[1:], added, strict=True)]]
    assert table.text() == csv_text(rows, table.delimiter)


# --------------------------------------------------------------------------------------------
# Numbers: converted by numpy a column at a time, or cell by cell; the same values and errors


def float_oracle(
    cells: list[str], key: str, lines: list[int], delimiter: str, blank_allowed: bool
) -> list[float] | str:
    """Python's ``float`` of each stripped cell, under the project's rules, or the first bad
    cell's error as the program words it."""
    values = []
    for cell, line in zip(cells, lines, strict=True):
        text = cell.strip().replace("\u2212", "-")
        if not text:
            if not blank_allowed:
                return f"InputError: f.csv, line {line}: {key} must be a number, got {cell!r}"
            values.append(math.nan)
            continue
        if delimiter != ",":
            text = text.replace(",", ".")
        try:
            value = float(text)
        except ValueError:
            return f"InputError: f.csv, line {line}: {key} must be a number, got {cell!r}"
        if not (abs(value) <= 1e12):
            got = cell.strip() if len(cell.strip()) <= 60 else cell.strip()[:57] + "..."
            return (
                f"InputError: f.csv, line {line}: {key} must be a number from -1e12 to 1e12, "
                f"got {got}"
            )
        values.append(value)
    return values


def read_numbers(text: str, key: str, blank_allowed: bool, before: tuple[str, ...] = ()) -> object:
    """The column as floats (NaN as None, so that lists compare), or the error; ``before``:
    columns asked for first (numbers are read several columns in one pass)."""
    table = parse_table(text, "f.csv", ())
    try:
        for other in before:
            try:
                table.numbers(other, blank_allowed=True)
            except InputError:
                pass
        values = table.numbers(key, blank_allowed)
    except InputError as error:
        return f"InputError: {error}"
    # (whether a decimal comma was read is the table's: columns asked for before count too)
    comma = table.decimal_comma if not before else None
    return [None if math.isnan(v) else v for v in values.tolist()], comma


def expected_numbers(
    text: str, key: str, blank_allowed: bool, before: tuple[str, ...] = ()
) -> object:
    delimiter = csv_table._delimiter(text, "f.csv", ())
    header, columns, lines = csv_module_cells(text, delimiter)
    cells = columns[header.index(key)]
    values = float_oracle(cells, key, lines, delimiter, blank_allowed)
    if isinstance(values, str):
        return values
    comma = delimiter != "," and any("," in cell for cell in cells) if not before else None
    return [None if math.isnan(v) else v for v in values], comma


def careful_numbers(text: str, key: str, blank_allowed: bool) -> object:
    """``CsvTable._careful_numbers`` of the column's cells."""
    table = parse_table(text, "f.csv", ())
    cells = table.column(key)
    try:
        values = table._careful_numbers(key, cells, blank_allowed)
    except InputError as error:
        return f"InputError: {error}"
    return [None if math.isnan(v) else v for v in values.tolist()], table.decimal_comma


NASTY_NUMBERS = [
    "5",
    "+5",
    "-0",
    ".5",
    "5.",
    "1e3",
    "1E-3",
    " 5 ",
    "1_000",
    "1__0",
    "_1",
    "\u0661\u0662",
    "\uff11\uff12",
    "inf",
    "-inf",
    "nan",
    "NaN",
    "infinity",
    "1e308",
    "1e12",
    "-1e12",
    "1000000000000.0001",
    "0x10",
    "0b1",
    "1d3",
    "e3",
    "1e",
    ".",
    "-",
    "+-5",
    "5 6",
    "\u22123",
    "\u2212",
    "12345678901234567",
    "9007199254740993",
    "0.30000000000000004",
    "1e-400",
    "5\x00",
    "\x005",
    "5\u00a0",
    "\u00a05",
    "5\u3000",
    "\x1c5",
    "5\x85",
    "1,5",
    "-1,5",
    ",5",
    "1,000.5",
    "",
    " ",
    "'5",
    "5'",
    "=5",
    "@5",
]


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
@pytest.mark.parametrize("blank_allowed", [False, True])
@pytest.mark.parametrize("where", [0, 1, 2])
def test_nasty_numbers_read_as_python_reads_them(
    delimiter: str, blank_allowed: bool, where: int
) -> None:
    for cell in NASTY_NUMBERS:
        if delimiter in cell:
            continue
        column = ["1", "2.5", "-3"]
        column[where] = cell
        text = f"k{delimiter}n{delimiter}m\n" + "".join(
            f"{i}{delimiter}{value}{delimiter}{7 - i}\n" for i, value in enumerate(column)
        )
        expected = expected_numbers(text, "n", blank_allowed)
        assert read_numbers(text, "n", blank_allowed) == expected, cell
        after = expected_numbers(text, "n", blank_allowed, before=("k", "m"))
        assert read_numbers(text, "n", blank_allowed, before=("k", "m")) == after, cell
        assert careful_numbers(text, "n", blank_allowed) == expected, cell


NUMBER_PIECE = st.sampled_from(
    [
        "1",
        "7",
        "0",
        "9",
        ".",
        ",",
        "e",
        "E",
        "-",
        "+",
        "_",
        " ",
        "\u2212",
        "\u0661",
        "\u00a0",
        "inf",
        "nan",
        "x",
        "5e3",
        "1e20",
        "00",
    ]
)
NUMBER_CELL = st.one_of(
    st.lists(NUMBER_PIECE, max_size=5).map("".join),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-2e12, max_value=2e12).map(repr),
    st.integers(-(10**17), 10**17).map(str),
    st.decimals(allow_nan=False, allow_infinity=False, places=6).map(str),
)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(",;\t"),
    st.lists(st.tuples(NUMBER_CELL, NUMBER_CELL), min_size=1, max_size=8),
    st.booleans(),
    st.sampled_from([(), ("a",), ("b",), ("a", "b")]),
)
def test_numbers_read_as_python_reads_them(
    delimiter: str, rows: list[tuple[str, str]], blank_allowed: bool, before: tuple[str, ...]
) -> None:
    if any(delimiter in cell for row in rows for cell in row):
        return
    text = f"a{delimiter}b{delimiter}t\n" + "".join(
        f"{a}{delimiter}{b}{delimiter}x\n" for a, b in rows
    )
    try:
        parse_table(text, "f.csv", ())
    except InputError:  # a row blank all through is no record: the oracle has none either
        return
    for key in ("a", "b"):
        expected = expected_numbers(text, key, blank_allowed)
        assert read_numbers(text, key, blank_allowed) == expected
        assert careful_numbers(text, key, blank_allowed) == expected
        after = expected_numbers(text, key, blank_allowed, before)
        assert read_numbers(text, key, blank_allowed, before) == after


def big_numbers_text(size: int, bad_row: int, bad: str, delimiter: str = ",") -> str:
    rows = [f"{i}{delimiter}{i % 97 - 40}.25{delimiter}{i * 3}" for i in range(size)]
    rows[bad_row] = rows[bad_row].split(delimiter, 1)[0] + f"{delimiter}{bad}{delimiter}1"
    return f"id{delimiter}n{delimiter}m\n" + "\n".join(rows) + "\n"


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("x", "n must be a number, got 'x'"),
        ("", "n must be a number, got ''"),
        ("1e13", "n must be a number from -1e12 to 1e12, got 1e13"),
        ("nan", "n must be a number from -1e12 to 1e12, got nan"),
        (" inf ", "n must be a number from -1e12 to 1e12, got inf"),
        pytest.param(
            "9" * 100_000,
            "n must be a number from -1e12 to 1e12, got " + "9" * 57 + "...",
            id="100,000 digits",
        ),
        ("1.5.5", "n must be a number, got '1.5.5'"),
        ("\u0661\u0662x", "n must be a number, got '\u0661\u0662x'"),
    ],
)
def test_a_bad_number_far_down_a_big_file_names_its_line(bad: str, message: str) -> None:
    text = big_numbers_text(30_000, 27_182, bad)
    table = parse_table(text, "f.csv", ())
    assert table.numbers("m", blank_allowed=False)[-1] == 3 * 29_999  # read with "n", maybe
    with pytest.raises(InputError) as error:
        table.numbers("n", blank_allowed=False)
    assert str(error.value) == f"f.csv, line 27184: {message}"


def test_a_big_file_of_good_numbers_is_read_exactly() -> None:
    text = big_numbers_text(30_000, 5, "\u22120,125", delimiter=";")
    table = parse_table(text, "f.csv", ())
    values = table.numbers("n", blank_allowed=False)
    expected = [float(f"{i % 97 - 40}.25") for i in range(30_000)]
    expected[5] = -0.125
    assert values.tolist() == expected and table.decimal_comma
    assert table.numbers("id", blank_allowed=False).tolist() == list(range(30_000))


def test_blank_numbers_where_allowed_are_nan_far_down_too() -> None:
    text = big_numbers_text(20_000, 19_999, " ")
    values = parse_table(text, "f.csv", ()).numbers("n", blank_allowed=True)
    assert np.isnan(values[-1]) and not np.isnan(values[:-1]).any()
    with pytest.raises(InputError, match=r"^f\.csv, line 20001: n must be a number, got ' '$"):
        parse_table(text, "f.csv", ()).numbers("n", blank_allowed=False)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.floats(allow_nan=False, min_value=-1e12, max_value=1e12), min_size=1, max_size=20)
)
def test_seventeen_digit_numbers_round_as_python_does(values: list[float]) -> None:
    cells = [f"{value:.17g}" for value in values]
    text = "a,b\n" + "".join(f"{cell},{cell}\n" for cell in cells)
    table = parse_table(text, "f.csv", ())
    assert table.numbers("a", blank_allowed=False).tolist() == [float(c) for c in cells]
    assert table.numbers("b", blank_allowed=False).tolist() == values


# --------------------------------------------------------------------------------------------
# Text columns: as typed, stripped and unmarked


TEXT_CELL = st.text(alphabet=list(" 'x=+-@7é😀\x00\u00a0\u3000\x1c\x85\x7fß\u2028"), max_size=5)


def text_columns_agree(text: str, delimiter: str) -> None:
    """Every way of reading the text column "t" gives what the csv module reads."""
    header, columns, lines = csv_module_cells(text, delimiter)
    typed = columns[header.index("t")]
    stripped = [unmarked(cell).strip() for cell in typed]
    table = parse_table(text, "f.csv", ("t",))
    assert table.lines.tolist() == lines
    assert parse_table(text, "f.csv", ("t",)).column("t") == typed
    assert parse_table(text, "f.csv", ("t",)).texts("t", blank_allowed=True) == stripped
    if all(stripped):
        assert parse_table(text, "f.csv", ("t",)).texts("t") == stripped
    else:
        with pytest.raises(InputError, match=rf"line {lines[stripped.index('')]}: t must not be"):
            parse_table(text, "f.csv", ("t",)).texts("t")


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(",;\t"), st.lists(TEXT_CELL, min_size=1, max_size=8))
def test_text_columns_read_as_the_csv_module_reads_them(delimiter: str, cells: list[str]) -> None:
    text = f"k{delimiter}t\n" + "".join(f"{i}{delimiter}{cell}\n" for i, cell in enumerate(cells))
    text_columns_agree(text, delimiter)


@pytest.mark.parametrize(
    "cell",
    [
        " x",
        "x ",
        "'=A1",
        "'x",
        "''=A1",
        "'=A1 ",
        " '=A1",
        "é",
        "😀",
        "a\x00b",
        "\x00",
        "x\x00",
        "\u00a0x",
        "x\u3000",
        "\x85",
        "x\x7f",
        "=A1",
        "-",
        "ﬀ",
        "",
    ],
)
def test_hand_picked_text_cells(cell: str) -> None:
    for delimiter in ",;\t":
        text = f"k{delimiter}t\n0{delimiter}plain\n1{delimiter}{cell}\n2{delimiter}z\n"
        text_columns_agree(text, delimiter)


def test_a_file_without_records_has_empty_columns() -> None:
    table = parse_table("a,b\n\n", "f.csv", (), empty_ok=True)
    assert table.size == 0 and table.cells == [[], []]
    assert table.texts("a") == [] and table.numbers("a", blank_allowed=False).size == 0
    assert table.text() == "a,b\n"


# --------------------------------------------------------------------------------------------
# Files as stored: UTF-8 with a byte-order mark, Windows-1252, CRLF line ends


@pytest.mark.parametrize(
    ("encoding", "newline"),
    [
        ("utf-8", "\n"),
        ("utf-8-sig", "\n"),
        ("utf-8", "\r\n"),
        ("utf-8-sig", "\r\n"),
        ("cp1252", "\n"),
        ("cp1252", "\r\n"),
    ],
)
def test_stored_files_read_as_the_csv_module_reads_them(
    tmp_path: Path, encoding: str, newline: str
) -> None:
    minus = "\u2212" if encoding != "cp1252" else "-"  # no "−" in Windows-1252
    rows = [
        ["k", "t", "n"],
        ["1", "Zoë ", "1,5"],
        ["", "", ""],
        ["2", "'=A1", f"{minus}2"],
        ["3", "café", "3"],
        ["4", " €uro", "1e3"],
    ]
    path = tmp_path / "f.csv"
    path.write_bytes("".join(";".join(row) + newline for row in rows).encode(encoding))
    text = read_text(path)
    with path.open(encoding=encoding, newline="") as file:  # the csv module, on the file
        expected = [row for row in csv.reader(file, delimiter=";") if "".join(row).strip()]
    table = parse_table(text, "f.csv", ("t",))
    assert [table.header, *table.rows] == expected
    assert table.lines.tolist() == [2, 4, 5, 6]
    assert table.texts("t") == ["Zoë", "=A1", "café", "€uro"]
    assert table.numbers("n", blank_allowed=False).tolist() == [1.5, -2.0, 3.0, 1000.0]
    assert table.decimal_comma


@pytest.mark.parametrize("text", [",,\n", ";", " , \n\n", "\u00a0,\u3000\n", "\t\t\n,\n"])
def test_a_file_of_separators_and_spaces_only_is_named_empty(text: str) -> None:
    """Such a file has no header: an error naming the file (this raised IndexError)."""
    assert outcome(text) == "InputError: f.csv: the file is empty; it needs a header row"


def test_a_file_of_separators_only_is_one_line_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from xlbridge.cli.main import main

    path = tmp_path / "t.csv"
    path.write_text(",,\n")
    assert main(["score", str(path), "-o", str(tmp_path / "out.csv")]) == 2
    assert capsys.readouterr().err == (
        f"xlbridge: error: {path}: the file is empty; it needs a header row\n"
    )
    assert not (tmp_path / "out.csv").exists()


def test_long_text_cells_read_as_the_csv_module_reads_them() -> None:
    """Cells long and empty, non-ASCII, the last cell blank."""
    cells = ["", "a", "Vår", "x" * 150, "", "b c", "é" * 9, ""]
    text = "n,note\n" + "".join(f"{i},{c}\n" for i, c in enumerate(cells))
    table = parse_table(text, "f.csv", ("n",))
    assert table.column("note") == [row[1] for row in list(csv.reader(io.StringIO(text)))[1:]]
    assert table.texts("n") == [str(i) for i in range(len(cells))]


def test_making_a_long_text_column_costs_a_few_times_its_bytes() -> None:
    """The texts of a column cost the cells themselves and a few lists of the column, not
    a copy of every byte per cell (the byte-level reader once held 16× the column)."""
    import tracemalloc

    rows, note = 100_000, "n" * 100
    table = parse_table("a,note\n" + f"1,{note}\n" * rows, "f.csv", ("a",))
    tracemalloc.start()
    try:
        cells = table.texts("note", blank_allowed=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert cells == [note] * rows
    column_bytes = rows * (len(note) + 1)
    assert peak < 4 * column_bytes, peak
