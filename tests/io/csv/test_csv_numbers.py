"""Numbers written a column at a time (xlbridge.io.csv.cells) give exactly the text Python gives
them one by one."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.io.csv.cells import fixed, trimmed, trimmed_one


def one_by_one(value: float, decimals: int) -> str:
    """The rule as the CSV writers applied it value by value before columns were written."""
    if np.isnan(value):
        return ""
    text = f"{round(value, decimals) + 0.0:.{decimals}f}"
    if decimals:  # the decimals' trailing zeros, and then the point
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@pytest.mark.parametrize(
    ("value", "decimals", "text"),
    [
        (1998.0, 10, "1998"),  # whole matchpoints
        (-420.0, 10, "-420"),
        (7.5, 10, "7.5"),  # halves
        (-0.5, 10, "-0.5"),
        (53.84615384615385, 10, "53.8461538462"),
        (0.125, 2, "0.12"),  # exactly half way: to the even digit, as Python rounds
        (0.375, 2, "0.38"),
        (2.675, 2, "2.67"),  # 2.675 is stored a little below the half
        (-1e-11, 10, "0"),  # rounds to zero: no sign
        (1e-10, 10, "0.0000000001"),
        (1e12, 10, "1000000000000"),  # the largest value a file may hold
        (-1e12, 10, "-1000000000000"),
        (1e12 + 0.1, 10, "1000000000000.0999755859"),  # 819 steps of 2**-13: the stored digits
        (30.1234565, 6, "30.123456"),
        (float("nan"), 10, ""),
    ],
)
def test_worked_values(value: float, decimals: int, text: str) -> None:
    assert one_by_one(value, decimals) == text
    assert trimmed(np.array([value, value]), decimals) == [text, text]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (-0.0, "-0.000000"),
        (-1e-9, "-0.000000"),
        (0.0, "0.000000"),
        (51.9999995, "52.000000"),
        (-3.25, "-3.250000"),
        (float("inf"), "inf"),
    ],
)
def test_fixed_worked_values(value: float, text: str) -> None:
    assert f"{value:.6f}" == text
    assert fixed(np.array([value]), 6) == [text]


def _columns() -> list[np.ndarray]:
    rng = np.random.default_rng(17)
    return [
        rng.integers(-3000, 3000, 5000).astype(float),  # whole numbers
        rng.integers(-3000, 3000, 5000) / 2,  # halves
        rng.integers(-3000, 3000, 5000) / 8,
        rng.uniform(-60, 60, 5000),
        rng.uniform(-1e12, 1e12, 5000),
        rng.normal(0, 1e-6, 5000),
        (rng.integers(-(10**6), 10**6, 5000) + 0.5) / 10**6,  # near the half of the 6th place
        (rng.integers(-(10**9), 10**9, 5000) + 0.5) / 10**10,
        np.round(rng.uniform(0, 52, 5000), 6),  # handicaps as a register holds them
    ]


@pytest.mark.parametrize("decimals", range(16))
def test_random_columns_match_python(decimals: int) -> None:
    for values in _columns():
        expected = [one_by_one(v, decimals) for v in values.tolist()]
        assert trimmed(values, decimals) == expected
        assert fixed(values, decimals) == [f"{v:.{decimals}f}" for v in values.tolist()]


@given(
    st.lists(st.floats(allow_nan=True, allow_infinity=True), min_size=1, max_size=40),
    st.integers(0, 15),
)
def test_any_floats_match_python(values: list[float], decimals: int) -> None:
    array = np.array(values)
    assert trimmed(array, decimals) == [one_by_one(v, decimals) for v in values]
    assert fixed(array, decimals) == [f"{v:.{decimals}f}" for v in values]


def test_an_empty_column() -> None:
    assert trimmed(np.zeros(0), 10) == []
    assert fixed(np.zeros(0), 6) == []


@pytest.mark.parametrize("decimals", range(16))
def test_columns_match_python_at_every_number_of_decimals(decimals: int) -> None:
    """Columns formatted in one go (every value below 2**18) or one by one (a larger one
    among them) are Python's text, at 0 decimals too: no point after a whole number, no zero
    of it trimmed away; a decimal comma where asked for."""
    rng = np.random.default_rng(decimals)
    small = np.concatenate(
        [rng.uniform(-(2.0**18), 2.0**18, 2000), [276445.0, 5.0, -0.0, 2.5, 2.0**18 - 2**-34]]
    )
    for values in (small, np.append(small, 276445760.0)):
        expected = [one_by_one(v, decimals) for v in values.tolist()]
        assert trimmed(values, decimals) == expected
        assert trimmed(values, decimals, ",") == [cell.replace(".", ",") for cell in expected]
        assert [trimmed_one(v, decimals) for v in values.tolist()] == expected
        assert fixed(values, decimals) == [f"{v:.{decimals}f}" for v in values.tolist()]
    assert trimmed_one(276445760.0, 0) == "276445760" and trimmed_one(2.5, 0) == "2"


def test_more_than_15_decimals_or_fewer_than_0_are_refused() -> None:
    for decimals in (-1, 16):
        for call in (trimmed, fixed):
            with pytest.raises(ValueError, match="decimals must be from 0 to 15"):
                call(np.array([1.5]), decimals)
        with pytest.raises(ValueError, match="decimals must be from 0 to 15"):
            trimmed_one(1.5, decimals)
