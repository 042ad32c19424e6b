"""Columns of the results read in one go: distinct numbers in order of first appearance
(with or without the sort-free table) and dates written YYYY-MM-DD."""

from __future__ import annotations

import datetime as dt

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.handicap_batch import _iso_days, first_appearance_codes


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


@given(st.lists(st.tuples(st.integers(0, 9999), st.integers(0, 13), st.integers(0, 32)),
                min_size=1, max_size=20))  # fmt: skip
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
