"""Plain whole numbers read from the bytes are exactly what float() reads, or left alone."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.digit_runs import plain_integers


def _float(cell: str) -> float | None:
    try:
        return float(cell)
    except ValueError:
        return None


@given(st.lists(st.text(alphabet="0123456789-\n +.e", min_size=0, max_size=20), max_size=10))
def test_any_cells_read_as_float_reads_them_or_are_left_alone(cells: list[str]) -> None:
    values = plain_integers(cells)
    if values is None:
        return
    expected = [_float(cell) for cell in cells]
    assert None not in expected
    assert len(values) == len(cells)
    for got, want in zip(values.tolist(), expected, strict=True):
        assert got == want and math.copysign(1, got) == math.copysign(1, want)  # "-0" too


@given(st.lists(st.integers(-(10**15) + 1, 10**15 - 1), min_size=1, max_size=50))
def test_plain_numbers_are_read(numbers: list[int]) -> None:
    values = plain_integers([str(number) for number in numbers])
    assert values is not None and values.tolist() == [float(number) for number in numbers]


def test_worked_cells() -> None:
    got = plain_integers(["24", "-1430", "007", "-0", "0", "999999999999999"])
    assert got is not None
    assert got.tolist() == [24.0, -1430.0, 7.0, 0.0, 0.0, 999999999999999.0]
    assert np.signbit(got[3]) and not np.signbit(got[4])
    for cells in (["1", "-"], ["1-2"], ["--1"], ["1", ""], ["1\n2"], [" 1"], ["1.5"],
                  ["1e3"], ["1234567890123456"], [], ["١٢"]):  # fmt: skip
        assert plain_integers(cells) is None, cells
