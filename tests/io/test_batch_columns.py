"""The batch commands' files column by column: a month of results read (or a line named,
never a traceback), scored lines written as typed with cells added, numbers written as
Python writes them, the history's new rows, and a traveller's rows in order or shuffled."""

from __future__ import annotations

import csv
import dataclasses
import io
import re
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.io.csv.cells import csv_cell, csv_text, fixed, trimmed, trimmed_one
from xlbridge.io.csv.table import parse_table
from xlbridge.io.handicap import Results, history_file, parse_results
from xlbridge.io.handicap.history_file import HISTORY_COLUMNS, HistoryFile, history_bytes
from xlbridge.io.text_file import TextFormat
from xlbridge.io.travellers.board_results import (
    _table_of_row,
    parse_board_results,
    score_rows,
    scored_csv,
)
from xlbridge.scoring.boards.split_scores import score_traveller

# --------------------------------------------------------------------------------------------
# A month of results


def results_outcome(text: str) -> object:
    """Every array of the parsed results (as lists), or the error's message."""
    try:
        results = parse_results(text, "r.csv")
    except InputError as error:
        return f"InputError: {error}"
    out = {}
    for item in dataclasses.fields(Results):
        value = getattr(results, item.name)
        if isinstance(value, np.ndarray):
            out[item.name] = (value.dtype.str, value.tolist())
        elif item.name != "table":
            out[item.name] = value
    return out


GOOD_DATES = ["2026-11-01", "2026-11-02", "2024-02-29", "0001-01-01", "9999-12-31"]
BAD_DATES = ["2026-02-29", "2026-13-01", "2026-1-01", "2026-11-00", "0000-01-01", "20261101"]
BAD_DATES += ["2026/11/01", "2026-11-01x", "２０２６-11-01", " 2026-11-03", "2026-11-04 ", ""]
IDS = ["7", "12", "3", "450", "99999", "1234567890123", "0", "007", "012", "ñ1", "A7", "Ω"]
SEPARATORS = ["+", "+", "+", "/", "&", " ", " + ", " / "]
COMPETITIONS = ["A", "B7", "Ω", "C d", "é", "000", "A ", "'=X"]


PAIRS = st.tuples(st.sampled_from(IDS), st.sampled_from(SEPARATORS), st.sampled_from(IDS)).map(
    "".join
)


@st.composite
def months(draw: st.DrawFn) -> str:
    """A month of pairs results, mostly good, with at most a few nasty cells."""
    delimiter = draw(st.sampled_from(",;\t"))
    codes = draw(st.lists(st.sampled_from(COMPETITIONS[:5]), min_size=1, max_size=3, unique=True))
    rows = []
    for code in codes:
        date = draw(st.sampled_from(GOOD_DATES))
        count = draw(st.integers(2, 4))
        ids = draw(st.permutations(IDS[:9]))[: 2 * count]
        separator = draw(st.sampled_from(SEPARATORS[:3]))
        for entry in range(count):
            players = separator.join(ids[2 * entry : 2 * entry + 2])
            result = draw(st.sampled_from(["45", "55.5", "60", "50"]))
            rows.append([code, date, "24", players, result])
    if draw(st.booleans()):
        rows = draw(st.permutations(rows))
    for _ in range(draw(st.integers(0, 2))):  # nasty cells
        row = draw(st.integers(0, len(rows) - 1))
        column, value = draw(
            st.one_of(
                st.tuples(st.just(0), st.sampled_from(["", *COMPETITIONS])),
                st.tuples(st.just(1), st.sampled_from(BAD_DATES + GOOD_DATES)),
                st.tuples(st.just(3), PAIRS),
                st.tuples(
                    st.just(3),
                    st.sampled_from(
                        [
                            "+7+12",
                            "7+12+",
                            "7++12",
                            "+",
                            "7",
                            "",
                            " 7+12",
                            "7+12 ",
                            "'=7+12",
                            "7\x0012",
                        ]
                    ),
                ),
            )
        )
        rows[row][column] = value
    lines = [delimiter.join(["competition", "date", "boards", "players", "result"])]
    lines += [delimiter.join(row) for row in rows]
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None)
@given(months())
def test_every_month_is_read_or_a_line_named(text: str) -> None:
    """Nasty cells anywhere: the results are read, or an error names the file and a line."""
    outcome = results_outcome(text)
    if isinstance(outcome, str):
        assert re.match(r"InputError: r\.csv(, lines? \d+|: \d+ player)", outcome), outcome
    else:
        assert len(outcome["competition"][1]) == text.strip().count("\n")


def month_text(rows: list[list[str]]) -> str:
    header = "competition,date,boards,players,result\n"
    return header + "".join(",".join(row) + "\n" for row in rows)


GOOD_MONTH = [
    ["A", "2026-11-01", "24", "7+12", "55"],
    ["A", "2026-11-01", "24", "3+450", "45"],
    ["B", "2026-11-02", "24", "7+3", "60"],
    ["B", "2026-11-02", "24", "12+450", "40"],
]


@pytest.mark.parametrize(
    ("row", "column", "value", "message"),
    [
        (2, 1, "2026-02-29", "line 4: date must be a date such as 2026-11-29, got '2026-02-29'"),
        (3, 1, "2026-13-01", "line 5: date must be a date such as 2026-11-29, got '2026-13-01'"),
        (0, 1, "2026-1-01", "line 2: date must be a date such as 2026-11-29, got '2026-1-01'"),
        (1, 0, "", "line 3: competition must not be blank"),
        (1, 0, " ", "line 3: competition must not be blank"),
        (2, 3, "", "line 4: players must not be blank"),
        (2, 3, "+7+3", None),  # separators at the ends are no players
        (2, 3, "7+3+", None),
        (2, 3, "7 / 3", None),
        (2, 3, "007+3", None),  # a leading zero: another player
        (2, 3, "7+3+12", "line 4: players of a pairs entry must be 2 ids, got '7+3+12'"),
        (2, 3, "7", "line 4: players of a pairs entry must be 2 ids, got '7'"),
    ],
)
def test_hand_picked_results_cells(row: int, column: int, value: str, message: str | None) -> None:
    rows = [list(cells) for cells in GOOD_MONTH]
    rows[row][column] = value
    text = month_text(rows)
    expected = results_outcome(text)
    if message is None:
        assert isinstance(expected, dict)
    else:
        assert expected == f"InputError: r.csv, {message}"


def test_results_ids_as_written() -> None:
    rows = [["A", "2026-11-01", "24", "007+7", "55"], ["A", "2026-11-01", "24", "ñ1+Ω", "45"]]
    results = parse_results(month_text(rows), "r.csv")
    assert results.player_ids == ["007", "7", "ñ1", "Ω"]
    assert [results.players(row) for row in range(2)] == [["007", "7"], ["ñ1", "Ω"]]
    rows = [
        ["A", "2026-11-01", "24", "1234567890123+7", "55"],
        ["A", "2026-11-01", "24", "0+12", "45"],
    ]
    results = parse_results(month_text(rows), "r.csv")
    assert results.player_ids == ["1234567890123", "7", "0", "12"]
    assert results.date.tolist() == [np.datetime64("2026-11-01")] * 2


# --------------------------------------------------------------------------------------------
# Scored lines: the typed lines with cells added


@pytest.mark.parametrize(
    "text",
    [
        "a,b\n1,2\n3,4\n",
        "a,b\n1,2",
        "\na,b\n\n1,2\n \n3,4\n\n",
        "a;b\n" + "x;1\n" * 3000,
        "a,b\n" + "y" * 100_000 + ",1\n2,3\n",
    ],
)
def test_a_plain_file_scored_is_its_lines_with_cells_added(text: str) -> None:
    """A file without quotes is written back as its lines as typed (blank ones left out), each
    with the new cell (a 100,000-character cell among them)."""
    table = parse_table(text, "f.csv", ("a",))
    values = np.arange(table.size) * 0.375 - 2
    table.set_numbers("n", values, decimals=2)
    typed = [line for line in text.split("\n") if line.strip()]
    added = ["n", *[f"{round(v, 2):.2f}".rstrip("0").rstrip(".") for v in values.tolist()]]
    expected = [f"{line}{table.delimiter}{cell}\n" for line, cell in zip(typed, added, strict=True)]
    assert table.text() == "".join(expected)


# --------------------------------------------------------------------------------------------
# A traveller's rows in order or shuffled


@st.composite
def travellers(draw: st.DrawFn) -> list[tuple[int, int, str, str, str]]:
    """Rows (board, table, NS score, EW score, weight) board by board, table by table; some
    tables a weighted score of two rows, some scores split."""
    rows = []
    for board in draw(st.lists(st.integers(1, 40), min_size=1, max_size=4, unique=True)):
        tables = draw(st.lists(st.integers(1, 12), min_size=2, max_size=6, unique=True))
        for table in sorted(tables):
            ns = draw(st.sampled_from([-100, -50, 110, 140, 420, 450, 620]))
            ew = draw(st.sampled_from(["", "", "", str(-ns), "-420", "100"]))
            if draw(st.integers(0, 5)) == 0:  # an assigned weighted score
                other = draw(st.sampled_from([-50, 140, 420]))
                rows += [(board, table, str(ns), ew, "0.6"), (board, table, str(other), "", "0.4")]
            else:
                rows.append((board, table, str(ns), ew, ""))
    return sorted(rows, key=lambda row: (row[0], row[1]))


def traveller_text(rows: list[tuple[int, int, str, str, str]]) -> str:
    lines = ["board,table,ns_score,ew_score,weight"]
    lines += [",".join(map(str, row)) for row in rows]
    return "\n".join(lines) + "\n"


def results_per_table(
    text: str, method: str, split: str
) -> dict[tuple[int, int], tuple[float, float]]:
    traveller = parse_board_results(text, "t.csv")
    scored = score_rows(traveller, method, split)
    _, first, _ = _table_of_row(traveller)
    return {
        (int(traveller.board[row]), int(traveller.entry[row])): (scored.ns[row], scored.ew[row])
        for row in first.tolist()
    }


@settings(max_examples=120, deadline=None)
@given(travellers(), st.randoms(use_true_random=False))
def test_tables_of_rows_in_order_or_shuffled_alike(rows: list, random: object) -> None:
    shuffled = list(rows)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    for order in (rows, shuffled):
        traveller = parse_board_results(traveller_text(order), "t.csv")
        of_row, first, count = _table_of_row(traveller)
        pairs = np.column_stack([traveller.board, traveller.entry])
        distinct, first_seen, inverse, counts = np.unique(
            pairs, axis=0, return_index=True, return_inverse=True, return_counts=True
        )
        assert of_row.tolist() == inverse.reshape(-1).tolist()
        assert first.tolist() == first_seen.tolist() and count.tolist() == counts.tolist()


@settings(max_examples=60, deadline=None)
@given(
    travellers(),
    st.randoms(use_true_random=False),
    st.sampled_from(["mp", "acbl", "percent", "ximp", "butler", "bastille"]),
    st.sampled_from(["separate", "halves"]),
)
def test_a_traveller_scores_alike_in_order_or_shuffled(
    rows: list, random: object, method: str, split: str
) -> None:
    shuffled = list(rows)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    outcomes: list[object] = []
    for order in (rows, shuffled):
        try:
            outcomes.append(results_per_table(traveller_text(order), method, split))
        except InputError as error:  # the same error, naming the rows where they are
            outcomes.append(re.sub(r"lines? [0-9, ]+", "line", str(error)))
    expected, got = outcomes
    if not (isinstance(expected, dict) and isinstance(got, dict)):
        assert got == expected
        return
    assert got.keys() == expected.keys()
    for key, (ns, ew) in expected.items():
        assert got[key][0] == pytest.approx(ns, abs=1e-9, nan_ok=True)
        assert got[key][1] == pytest.approx(ew, abs=1e-9, nan_ok=True)


def test_tables_of_huge_and_negative_ids_in_order_or_not() -> None:
    """Board and table numbers too far apart for one int64 key per table (the other way)."""
    rows = [
        (-(10**12), 3, 140),
        (-(10**12), 4, 140),
        (1, 1, 420),
        (1, 5, -50),
        (1, 10**12 - 1, 450),
        (10**12, 1, 100),
        (10**12, 10**12 - 1, 110),
    ]
    expected = {
        (-(10**12), 3): 1,
        (-(10**12), 4): 1,
        (1, 1): 2,
        (1, 5): 0,
        (1, 10**12 - 1): 4,
        (10**12, 1): 0,
        (10**12, 10**12 - 1): 2,
    }
    for order in (rows, rows[::-1], rows[3:] + rows[:3]):
        text = "board,table,ns_score\n" + "".join(f"{b},{t},{s}\n" for b, t, s in order)
        traveller = parse_board_results(text, "t.csv")
        of_row, first, count = _table_of_row(traveller)
        assert sorted(of_row.tolist()) == list(range(7)) and count.tolist() == [1] * 7
        assert traveller.board[first].tolist() == sorted(b for b, _, _ in rows)
        scored = score_rows(traveller, "mp")
        pairs = zip(traveller.board.tolist(), traveller.entry.tolist(), strict=True)
        assert dict(zip(pairs, scored.ns.tolist(), strict=True)) == expected


@settings(max_examples=150, deadline=None)
@given(
    travellers(),
    st.data(),
    st.sampled_from(["matchpoints", "cross_imps", "butler", "bastille"]),
    st.sampled_from(["separate", "halves"]),
    st.sampled_from([None, 0, 0.5, 1, 1.5]),
)
def test_rows_of_weight_one_score_as_two_half_rows(
    rows: list, data: st.DataObject, method: str, split: str, trim: float | None
) -> None:
    """Rows that are whole tables of weight 1 (scored by the unit-weight shortcuts) score as
    the same tables each written as two rows of half weight and the same scores."""
    rows = [row for row in rows if not row[4]]  # no weighted score: every row its table
    boards = {row[0] for row in rows}
    assume(rows and all(sum(row[0] == board for row in rows) >= 2 for board in boards))
    if method == "cross_imps" and split == "halves":  # a split table's halves meet each other
        rows = [row[:3] + ("",) + row[4:] for row in rows]
    board, entry, ns = (np.array([row[i] for row in rows], dtype=float) for i in range(3))
    ew = np.array([float(row[3]) if row[3] else np.nan for row in rows])
    options: dict = {"method": method, "split": split}
    if method in ("butler", "bastille"):
        options["trim"] = trim  # weight dropped from each end, maybe part of a half row
        assume(trim is None or all(2 * trim < sum(r[0] == b for r in rows) for b in boards))
    whole = score_traveller(board, entry, ns, ew, **options)
    halved = data.draw(st.integers(0, len(rows) - 1))
    again = np.append(np.arange(len(rows)), halved)
    weight = np.ones(len(rows) + 1)
    weight[[halved, -1]] = 0.5
    halves = score_traveller(board[again], entry[again], ns[again], ew[again], weight, **options)
    assert halves.board.tolist() == whole.board.tolist()
    assert halves.entry.tolist() == whole.entry.tolist()
    np.testing.assert_allclose(halves.ns, whole.ns, atol=1e-9)
    np.testing.assert_allclose(halves.ew, whole.ew, atol=1e-9)


JUNK = [
    "",
    " ",
    "x",
    "1e3",
    "-0",
    "+5",
    "1,5",
    "\u22123",
    "nan",
    "1e308",
    "'=1",
    "=1",
    " 7 ",
    "0x1",
    "\u0661",
    "3.",
    ".5",
    "\u00a0",
    "é",
    "-420",
]


@st.composite
def traveller_files(draw: st.DrawFn) -> str:
    """Travellers with a column of names, a few junk cells, maybe a blank line, maybe shuffled."""
    delimiter = draw(st.sampled_from(",;\t"))
    score, ew_score = st.sampled_from(["-100", "110", "420", "450"]), st.sampled_from(["", "-420"])
    name = st.sampled_from(["N", "'=A", "-x", "é"])
    rows = [
        [str(board), str(table), draw(score), draw(ew_score), "", draw(name)]
        for board in range(1, draw(st.integers(2, 3)) + 1)
        for table in range(1, draw(st.integers(3, 4)) + 1)
    ]
    for _ in range(draw(st.integers(0, 2))):
        row = draw(st.integers(0, len(rows) - 1))
        rows[row][draw(st.integers(0, 5))] = draw(st.sampled_from(JUNK))
    if draw(st.booleans()):
        rows = draw(st.permutations(rows))
    header = ["board", "table", "ns_score", "ew_score", "weight", "name"]
    lines = [delimiter.join(row) for row in [header, *rows]]
    if draw(st.booleans()):
        blank = draw(st.sampled_from(["", delimiter * 3, " "]))
        lines.insert(draw(st.integers(1, len(lines))), blank)
    return "\n".join(lines) + draw(st.sampled_from(["", "\n"]))


def scored_outcome(text: str) -> str:
    try:
        traveller = parse_board_results(text, "t.csv")
        return scored_csv(traveller, score_rows(traveller, "mp"), "mp")
    except InputError as error:
        return f"InputError: {error}"


@settings(max_examples=200, deadline=None)
@given(traveller_files())
def test_a_traveller_is_scored_as_typed_or_a_line_named(text: str) -> None:
    """What ``xlbridge score`` writes reads back (csv module) as the records typed, blank ones
    left out, each cell through the formula guard, with two columns added; or an error names
    a line."""
    outcome = scored_outcome(text)
    if outcome.startswith("InputError"):
        assert re.match(r"InputError: t\.csv, lines? \d+", outcome), outcome
        return
    delimiter = next(d for d in ",;\t" if d in text.split("\n")[0])
    typed = [r for r in csv.reader(io.StringIO(text), delimiter=delimiter) if "".join(r).strip()]
    written = list(csv.reader(io.StringIO(outcome), delimiter=delimiter))
    assert [row[:-2] for row in written] == [[csv_cell(cell) for cell in row] for row in typed]
    assert written[0][-2:] == ["ns_mp", "ew_mp"]


@pytest.mark.parametrize("decimals", range(16))
def test_number_cells_are_pythons_text(decimals: int) -> None:
    """Columns of numbers at every number of decimals, large and small, as Python writes each
    (the values the byte-level writer once wrote four digits at a time)."""
    rng = np.random.default_rng(decimals)
    values = np.concatenate(
        [
            [0.0, -0.0, 1e12, -1e12, 9999.9999, 1e4, 1e8, 0.5, 2.5, -2.5, 1 / 3, np.nan, 1e-15],
            rng.uniform(-1e12, 1e12, 300),
            rng.integers(-(10**8), 10**8, 300) / 10.0 ** rng.integers(0, 16, 300),
            rng.normal(0, 1, 300) * 10.0 ** rng.integers(-16, 13, 300),
        ]
    )
    values = values[~(np.abs(values) * 10.0**decimals >= 2.0**51)]  # NaN stays
    small = values[~(np.abs(values) >= 2.0**18)]  # written in one go (NaN stays)
    for column in (values, small):
        for point in (".", ","):
            expected = [trimmed_one(v, decimals).replace(".", point) for v in column.tolist()]
            assert trimmed(column, decimals, point) == expected
        whole = column[~np.isnan(column)]
        assert fixed(whole, decimals) == [f"{value:.{decimals}f}" for value in whole.tolist()]


# np.float64 is a float; round() of one is numpy's (scaled, then rounded half to even), not
# Python's (on the exact binary value): 44440.05 is stored a little above the half.
NUMPY_ROUNDS_OTHERWISE = [(44440.05, 1), (-5742.7685, 3), (173597142876.2815, 3)]


@pytest.mark.parametrize(("value", "decimals"), NUMPY_ROUNDS_OTHERWISE)
def test_a_number_formatted_alone_as_in_its_column(value: float, decimals: int) -> None:
    """CsvTable.formatted of a value taken from a numpy array is what formatted_column
    writes for it (it was numpy's rounding: "44440" for 44440.05 to 1 place)."""
    table = parse_table("a,b\n1,2\n", "f.csv", ())
    values = np.array([value])
    expected = f"{round(value, decimals):.{decimals}f}".rstrip("0").rstrip(".")
    assert table.formatted_column(values, decimals) == [expected]
    assert table.formatted(values[0], decimals) == expected
    assert table.formatted(value, decimals) == expected


@pytest.mark.parametrize(("value", "decimals"), NUMPY_ROUNDS_OTHERWISE)
def test_trimmed_one_of_a_numpy_float_is_as_trimmed_writes_it(value: float, decimals: int) -> None:
    values = np.array([value])
    assert trimmed_one(values[0], decimals) == trimmed(values, decimals)[0]


# --------------------------------------------------------------------------------------------
# The history file's new rows


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 2),
            st.integers(0, 3),
            st.integers(0, 2),
            st.sampled_from([0.0, 12.5, -3.25, 20.123456, 1e-7, -0.0, 52.9999995]),
        ),
        max_size=12,
    ),
    st.sampled_from(["utf-8", "cp1252"]),
    st.sampled_from(["\n", "\r\n"]),
    st.sampled_from([1, 2, 3, 7, 1 << 15]),
    st.sampled_from([["7", "12", "007"], ["=A1", "-7", "é"], ["x y", "+", "'=1"]]),
)
def test_history_rows_as_csv_writer_writes_them(
    changes: list[tuple[int, int, int, float]],
    encoding: str,
    newline: str,
    chunk: int,
    ids: list[str],
) -> None:
    """Each change a row (text cells through the formula guard, numbers with 6 decimals) in the
    file's encoding and line ends, whatever the chunk of rows written at a time."""
    days = np.array(["2026-11-01", "2026-11-02", "2026-11-29"], dtype="datetime64[D]")
    competitions = ["A", "Ω", "-x"]
    history = SimpleNamespace(
        competition=np.array([c for c, _, _, _ in changes], dtype=np.int64),
        date=days[[d for _, _, d, _ in changes]],
        player=np.array([p % len(ids) for _, p, _, _ in changes], dtype=np.int64),
        before=np.array([v for *_, v in changes]),
        delta=np.array([-v / 3 for *_, v in changes]),
        after=np.array([v * 2 / 3 for *_, v in changes]),
    )
    update = SimpleNamespace(history=history)
    stored = TextFormat(encoding, False, newline)
    competitions = competitions if encoding == "utf-8" else ["A", "B", "-x"]
    ids = ids if encoding == "utf-8" or "é" not in ids else ["=A1", "-7", "e"]
    before = "competition,date,player,before,delta,after\n1,2026-10-01,7,1,2,3\n"
    start = HistoryFile(Path("history.csv"), before, stored, {"1"})
    with mock.patch.object(history_file, "_CHUNK_ROWS", chunk):
        got = history_bytes(start, update, ids, competitions)  # type: ignore[arg-type]
    rows = [
        [competitions[c], str(days[d]), ids[p % len(ids)], f"{v:.6f}", f"{-v / 3:.6f}"]
        + [f"{v * 2 / 3:.6f}"]
        for c, p, d, v in changes
    ]
    assert got == stored.encode(before + csv_text(rows), "history.csv")


@pytest.mark.parametrize("column", [0, 1])
def test_one_long_cell_among_short_codes_is_read_as_text(column: int) -> None:
    """A note typed into the competition or date column of a big month: the column is read
    as text (a byte array as wide as that cell for every row was 2,000 × 100,000 bytes here,
    40 GB for a federation's 400,000 rows)."""
    rows = [
        ["A" if i % 2 else "B", "2026-11-01", "24", f"{2 * i + 1}+{2 * i + 2}", "50"]
        for i in range(2000)
    ]
    rows[1234][column] = "x" * 100_000
    expected = results_outcome(month_text(rows))
    assert isinstance(expected, str) and "line 1236" in expected
    assert len(expected) < 300  # the cell shown cut short


def test_one_long_player_id_costs_the_history_no_more_than_its_bytes() -> None:
    import tracemalloc

    size = 2000
    ids = ["7", "12", "x" * 100_000]  # a note typed into the players column
    player = np.arange(size) % 2
    player[5] = 2
    history = SimpleNamespace(
        competition=np.zeros(size, dtype=np.int64),
        date=np.full(size, np.datetime64("2026-11-01")),
        player=player,
        before=np.full(size, 20.5),
        delta=np.full(size, -0.25),
        after=np.full(size, 20.25),
    )
    tracemalloc.start()
    try:
        rows = history_bytes(
            HistoryFile(Path("h.csv"), "", TextFormat(), set()),
            SimpleNamespace(history=history),  # type: ignore[arg-type]
            ids,
            ["A"],
        )
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert rows.count(b"\n") == size + 1 and rows.startswith(",".join(HISTORY_COLUMNS).encode())
    assert peak < 20_000_000  # the rows are about 150 kB


@pytest.mark.parametrize(
    ("rows", "applied", "message"),
    [
        (["A,2026-11-01,7,1,2,3", "B,2026-11-01,7,3,1,4"], {"A", "B"}, None),
        (["A,2026-11-01,7,1,2,3", "", " , ,,,,", "B,2026-11-01,7,3,1,4"], {"A", "B"}, None),
        (["'=A,2026-11-01,7,1,2,3", " B ,2026-11-01,7,3,1,4"], {"=A", "B"}, None),
        (['"A,1",2026-11-01,7,1,2,3'], {"A,1"}, None),
        (
            ["A,2026-11-01,7,1,2,3", "B,2026-11-01,7,3,1"],
            None,
            "line 3: 5 fields, the header has 6",
        ),
        (["A,2026-11-01,7,1,2,3", ",2026-11-01,7,3,1,4"], None, "line 3: competition must not be"),
        (['A,2026-11-01,7,1,2,"3'], None, "line 2: a quoted field is never closed"),
    ],
)
def test_the_competitions_already_in_the_history(
    tmp_path: Path, rows: list[str], applied: set[str] | None, message: str | None
) -> None:
    """Read in one pass of the csv module when the file is as the program writes it, else as
    a table: the same ids (stripped, text marks dropped), errors naming the line."""
    from xlbridge.io.handicap.history_file import read_history

    path = tmp_path / "h.csv"
    path.write_text("competition,date,player,before,delta,after\n" + "\n".join(rows) + "\n")
    if message is None:
        assert read_history(path).applied == applied
    else:
        with pytest.raises(InputError, match=re.escape(f"{path}, {message}")):
            read_history(path)
