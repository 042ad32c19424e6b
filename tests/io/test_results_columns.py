"""Columns of the results read in one go: distinct numbers in order of first appearance
(with or without the sort-free table) and dates written YYYY-MM-DD."""

from __future__ import annotations

import datetime as dt

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.io.register import _iso_days, _numbered_members, first_appearance_codes


def _expected(values: list[int]) -> tuple[list[int], list[int]]:
    distinct = list(dict.fromkeys(values))
    index = {value: code for code, value in enumerate(distinct)}
    return distinct, [index[value] for value in values]


@given(st.lists(st.integers(0, 50) | st.integers(0, 10**17), max_size=200))
def test_codes_follow_first_appearance(values: list[int]) -> None:
    distinct, codes = first_appearance_codes(np.array(values, dtype=np.int64))
    assert (distinct.tolist(), codes.tolist()) == _expected(values)


def test_a_federation_month_of_numbers() -> None:
    rng = np.random.default_rng(5)
    values = rng.integers(100_000, 130_000, 50_000).tolist()  # the table, not the sort
    distinct, codes = first_appearance_codes(np.array(values, dtype=np.int64))
    assert (distinct.tolist(), codes.tolist()) == _expected(values)
    assert codes.dtype == np.int64


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


def _numbered_reference(cells: list[str]) -> tuple[list[str], list[int], list[int]] | None:
    """Plain numbers separated by "+": every id as int() reads it, rows and first-appearance
    codes; None when an id is empty, has a leading zero or more than 18 digits."""
    index: dict[str, int] = {}
    rows, codes = [], []
    for row, cell in enumerate(cells):
        for part in cell.split("+"):
            if not part or (part[0] == "0" and len(part) > 1) or len(part) > 18:
                return None
            rows.append(row)
            codes.append(index.setdefault(str(int(part)), len(index)))
    return list(index), rows, codes


@given(st.lists(st.text(alphabet="0123456789+", min_size=1, max_size=30), min_size=1, max_size=8))
def test_numbered_members_read_as_int_reads_them(cells: list[str]) -> None:
    got = _numbered_members("\x00".join(cells).encode(), len(cells))
    expected = _numbered_reference(cells)
    if got is None:  # left to the reading by separators, which names bad ids
        assert expected is None
    else:
        ids, rows, codes = got
        assert expected is not None
        assert (ids, rows.tolist(), codes.tolist()) == expected


def test_a_pair_left_open_on_the_last_row_is_no_crash() -> None:
    assert _numbered_members(b"100+101\x00102+", 2) is None


def test_a_pair_left_open_on_the_last_row_is_named() -> None:
    """It once reached int('') and a traceback; now the row is named."""
    import pytest

    from xlbridge.errors import InputError
    from xlbridge.io.register import parse_results

    text = (
        "competition,date,boards,players,result\n"
        "c1,2026-11-03,24,100+101,50\nc1,2026-11-03,24,102+,50\n"
    )
    with pytest.raises(InputError, match=r"line 3: players of a pairs entry must be 2 ids"):
        parse_results(text, "results.csv")
