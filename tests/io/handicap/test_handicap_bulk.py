"""The handicap batch reads its columns in bulk (runs of equal values, players split in one
pass, dates parsed once per distinct cell); each bulk path gives what the value-by-value path
gives."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.io.csv.table import parse_table
from xlbridge.io.handicap.results_file import (
    _codes,
    _codes_one_by_one,
    _dates,
    _members,
    _members_one_by_one,
)

ID = st.sampled_from(["7", "12", "007", "0", "123456789", "A7", "x y", "'+3"])
PLAYERS = st.lists(ID, min_size=1, max_size=3).flatmap(
    lambda ids: st.sampled_from(["+", "/", " & ", "++"]).map(lambda sep: sep.join(ids))
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "c", "a1"]), min_size=0, max_size=30))
def test_codes_by_runs_equal_codes_one_by_one(values: list[str]) -> None:
    distinct, codes = _codes(values)
    expected = _codes_one_by_one(values)
    assert distinct == expected[0] and codes.tolist() == expected[1].tolist()


@settings(max_examples=300, deadline=None)
@given(st.lists(PLAYERS, min_size=1, max_size=12))
def test_members_in_bulk_equal_members_one_by_one(cells: list[str]) -> None:
    table = parse_table("c,players\n" + "".join(f"c,{cell}\n" for cell in cells), "r.csv", ())
    try:
        expected = _members_one_by_one(table)
    except InputError as error:
        with pytest.raises(InputError, match=str(error)):
            _members(table)
        return
    ids, rows, codes = _members(table)
    assert ids == expected[0]
    assert rows.tolist() == expected[1].tolist() and codes.tolist() == expected[2].tolist()


def test_numbered_players_in_bulk() -> None:
    table = parse_table("c,players\nc,10+7\nc,7+30\nc,5\n", "r.csv", ())
    ids, rows, codes = _members(table)
    assert ids == ["10", "7", "30", "5"]
    assert rows.tolist() == [0, 0, 1, 1, 2] and codes.tolist() == [0, 1, 1, 2, 3]


@pytest.mark.parametrize(
    "date", ["2026-02-29", "2026-13-01", "0000-01-01", "2026-11-2", "2026-11-02x", "2026/11/02"]
)
@pytest.mark.parametrize("mark", ["", '"'])  # quoted: the column is held as cells, not coded
def test_a_bad_date_names_its_line_in_bulk_too(date: str, mark: str) -> None:
    rows = ["2026-11-02"] * 50 + [date] + ["2026-11-03"] * 10
    text = "c,date\n" + "".join(f"c,{mark}{row}{mark}\n" for row in rows)
    table = parse_table(text, "r.csv", ())
    with pytest.raises(InputError, match=r"r.csv, line 52: date must be a date such as"):
        _dates(table)


@pytest.mark.parametrize("mark", ["", '"'])
def test_dates_in_bulk(mark: str) -> None:
    cells = ["2026-11-02", "2024-02-29", " 2026-11-02"]  # stripped, as every text column
    text = "c,date\n" + "".join(f"c,{mark}{cell}{mark}\n" for cell in cells)
    table = parse_table(text, "r.csv", ())
    assert (
        _dates(table).tolist()
        == np.array(["2026-11-02", "2024-02-29", "2026-11-02"], dtype="datetime64[D]").tolist()
    )
