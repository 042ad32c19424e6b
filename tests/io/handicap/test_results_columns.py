"""Columns of the results read in one go: dates (each distinct one parsed once), and players'
ids split at "+" (ids are text: "007" and "7" are different players)."""

from __future__ import annotations

import datetime as dt
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.io.csv.table import parse_table
from xlbridge.io.handicap import parse_results
from xlbridge.io.handicap.results_file import _members


def _calendar(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


def _month(texts: list[str], quoted: bool) -> str:
    """A results file with a competition of two pairs on each date of ``texts``; quoted, its
    date cells are held as cells (not coded) when read."""
    mark = '"' if quoted else ""
    rows = "".join(
        f"c{i},{mark}{text}{mark},24,{4 * i}+{4 * i + 1},55\n"
        f"c{i},{mark}{text}{mark},24,{4 * i + 2}+{4 * i + 3},45\n"
        for i, text in enumerate(texts)
    )
    return "competition,date,boards,players,result\n" + rows


@given(
    st.lists(
        st.tuples(st.integers(0, 9999), st.integers(0, 13), st.integers(0, 32)),
        min_size=1,
        max_size=20,
    ),
    st.booleans(),
)
def test_dates_are_the_calendars(parts: list[tuple[int, int, int]], quoted: bool) -> None:
    """A day that is no date (2026-02-29, month 13, day 0, year 0) is refused, naming the
    first line that holds one; every other day is the calendar's, coded column or not."""
    texts = [f"{y:04d}-{m:02d}-{d:02d}" for y, m, d in parts]
    dates = [_calendar(text) for text in texts]
    text = _month(texts, quoted)
    if None in dates:
        first = dates.index(None)
        message = f"r.csv, line {2 + 2 * first}: date must be a date such as 2026-11-29, got "
        with pytest.raises(InputError, match=re.escape(f"{message}'{texts[first]}'")):
            parse_results(text, "r.csv")
    else:
        days = parse_results(text, "r.csv").date
        assert days.dtype == np.dtype("datetime64[D]")
        assert days.tolist() == [date for date in dates for _ in range(2)]


@pytest.mark.parametrize("quoted", [False, True])
def test_leap_days(quoted: bool) -> None:
    for good in ("2024-02-29", "2000-02-29"):
        assert (
            parse_results(_month([good], quoted), "r.csv").date.tolist()
            == [dt.date.fromisoformat(good)] * 2
        )
    for bad in ("2026-02-29", "1900-02-29"):
        with pytest.raises(InputError, match=f"r.csv, line 4: date must be .*, got '{bad}'"):
            parse_results(_month(["2026-11-02", bad], quoted), "r.csv")


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
