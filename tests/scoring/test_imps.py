"""The IMP table (Law 78B) and continuous Bastille IMPs against Law 78B and the Bastille rules."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.scoring.imps import continuous_imps, imps

# Law 78B, band by band: (low, high, IMPs).
LAW_78B = [
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, 7600, 24),
]


@pytest.mark.parametrize(("low", "high", "expected"), LAW_78B)
def test_every_band_of_the_table(low: int, high: int, expected: int) -> None:
    points = np.arange(low, high + 10, 10)
    assert np.all(imps(points) == expected)
    assert np.all(imps(-points) == -expected)


def test_between_table_rows_take_band_reached() -> None:
    assert imps([15, 45, 19.99, 20, 286.25 - 0, 3999.9]).tolist() == [0, 1, 0, 1, 7, 23]


def test_blank_stays_blank() -> None:
    assert math.isnan(imps(np.nan))


def bastille_spec(s: float) -> float:
    """the cross-IMP rules's continuous scale written piece by piece."""
    size = abs(s)
    pieces = [
        (45, lambda x: x / 30),
        (165, lambda x: (x + 15) / 40),
        (365, lambda x: (x + 60) / 50),
        (425, lambda x: (x + 145) / 60),
        (495, lambda x: (x + 240) / 70),
        (595, lambda x: (x + 555) / 100),
        (895, lambda x: (x + 1130) / 150),
        (1495, lambda x: (x + 1805) / 200),
        (2495, lambda x: (x + 2630) / 250),
    ]
    for upper, piece in pieces:
        if size <= upper:
            return math.copysign(piece(size), s)
    return math.copysign(min(24.0, (size + 7755) / 500), s)


@given(st.floats(-6000, 6000))
def test_bastille_matches_spec_pieces(s: float) -> None:
    assert continuous_imps(s) == pytest.approx(bastille_spec(s), abs=1e-12)


def test_bastille_knots_and_cap() -> None:
    assert continuous_imps([45, 165, 2495, 4245, 9000, -9000]).tolist() == pytest.approx(
        [1.5, 4.5, 20.5, 24, 24, -24]
    )


@given(st.lists(st.floats(-5000, 5000), min_size=2, max_size=30))
def test_both_scales_monotone_and_odd(points: list[float]) -> None:
    x = np.sort(np.array(points))
    for scale in (imps, continuous_imps):
        assert np.all(np.diff(scale(x)) >= 0)
        assert np.array_equal(scale(-x), -scale(x))
