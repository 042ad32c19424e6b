"""Columns of the results read in one go: dates written YYYY-MM-DD, and players' ids split
at "+" (ids are text: "007" and "7" are different players)."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.io.csv.table import parse_table
from xlbridge.io.handicap import parse_results
from xlbridge.io.handicap.results_file import _iso_days, _members


def _calendar(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


@given(
    st.lists(
        st.tuples(st.integers(0, 9999), st.integers(0, 13), st.integers(0, 32)),
        min_size=1,
        max_size=20,
    )
)
def test_dates_are_the_calendars(parts: list[tuple[int, int, int]]) -> None:
    """A day that is no date (2026-02-29, month 13, day 0, year 0) sends the column to the
    one-by-one reading that names it; every other day is the calendar's."""
    texts = [f"{y:04d}-{m:02d}-{d:02d}" for y, m, d in parts]
    dates = [_calendar(text) for text in texts]
    days = _iso_days("".join(texts).replace("-", ""))
    if None in dates:
        assert days is None
    else:
        assert days is not None and days.tolist() == dates


def test_leap_days() -> None:
    assert _iso_days("20240229") is not None and _iso_days("20260229") is None
    assert _iso_days("20000229") is not None and _iso_days("19000229") is None


def _numbered_reference(cells: list[str]) -> tuple[list[str], list[int], list[int]]:
    """Ids separated by "+", as text: rows and first-appearance codes (empty parts are no id)."""
    index: dict[str, int] = {}
    rows, codes = [], []
    for row, cell in enumerate(cells):
        for part in cell.split("+"):
            if part:
                rows.append(row)
                codes.append(index.setdefault(part, len(index)))
    return list(index), rows, codes


@given(st.lists(st.text(alphabet="0123456789+", min_size=1, max_size=30), min_size=1, max_size=8))
def test_numbered_members_are_read_as_text(cells: list[str]) -> None:
    table = parse_table("c,players\n" + "".join(f"c,{cell}\n" for cell in cells), "r.csv", ())
    ids, rows, codes = _members(table)
    assert (ids, rows.tolist(), codes.tolist()) == _numbered_reference(cells)


def test_leading_zeros_make_other_players() -> None:
    table = parse_table("c,players\nc,007+7\nc,7+0\nc,00+007\n", "r.csv", ())
    ids, rows, codes = _members(table)
    assert ids == ["007", "7", "0", "00"]
    assert rows.tolist() == [0, 0, 1, 1, 2, 2] and codes.tolist() == [0, 1, 1, 2, 3, 0]


def test_a_pair_left_open_on_the_last_row_is_named() -> None:
    """It once reached int('') and a traceback; now the row is named."""
    text = (
        "competition,date,boards,players,result\n"
        "c1,2026-11-03,24,100+101,50\nc1,2026-11-03,24,102+,50\n"
    )
    with pytest.raises(InputError, match=r"line 3: players of a pairs entry must be 2 ids"):
        parse_results(text, "results.csv")
