"""The WBF continuous VP scale of 2013 (WBF General Conditions of Contest; docs/scales.md).

τ = (√5 − 1)/2 and the blitz B = 15·√n. For a margin of M ≥ 0 IMPs the winner scores
10 + 10·(1 − τ^(3M/B)) / (1 − τ³) below the blitz and 20 from it, rounded to hundredths; the
published tables are then made concave (no IMP worth more than the one before it).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import numpy as np

from xlbridge.scoring import checks
from xlbridge.scoring.names import MAX_BOARDS
from xlbridge.scoring.scales.gaussian import round_half_away

TAU = (math.sqrt(5) - 1) / 2
BLITZ_PER_ROOT_BOARD = 15.0
WBF_TOTAL = 20
CENTS = 100  # the scale is published to 2 decimals


def blitz(boards: float) -> float:
    """The margin B = 15·√n from which the winner scores 20 VPs."""
    return BLITZ_PER_ROOT_BOARD * math.sqrt(boards)


def raw_vp(margin: np.ndarray | float, boards: float) -> np.ndarray:
    """The winner's VPs from the formula, unrounded, for margins M ≥ 0."""
    b = blitz(boards)
    m = np.asarray(margin, dtype=float)
    curve = 10 + 10 * (1 - TAU ** (3 * m / b)) / (1 - TAU**3)
    return np.where(m >= b, float(WBF_TOTAL), curve)


def _make_concave(cents: np.ndarray) -> np.ndarray:
    """Raise V(M) by 0.01 wherever V(M+1) − V(M) > V(M) − V(M−1), until none remains."""
    v = cents.copy()
    changed = True
    while changed:
        steps = np.diff(v)
        bad = np.flatnonzero(steps[1:] > steps[:-1]) + 1
        changed = bad.size > 0
        # Raise the first offender of each run only: raising one changes its neighbours' steps.
        if changed:
            v[bad[0]] += 1
    return v


@lru_cache(maxsize=256)
def wbf_table(boards: int) -> np.ndarray:
    """Winner VPs for whole-IMP margins 0 … ⌈B⌉ (read-only), as the WBF prints them."""
    top = math.ceil(blitz(boards))
    margins = np.arange(top + 1)
    cents = round_half_away(raw_vp(margins, boards) * CENTS).astype(np.int64)
    table = _make_concave(cents) / CENTS
    table.setflags(write=False)
    return table


def wbf_vp(margin: Any, boards: Any) -> np.ndarray:
    """WBF VPs of the side with IMP margin ``margin`` (scalar or array; NaN stays NaN).

    A fractional margin is rounded to the nearest whole IMP, halves away from zero; a losing
    side scores 20 minus the winner's VPs.
    """
    n = checks.whole_number("boards", boards, 1, MAX_BOARDS)
    table = wbf_table(n)
    values = np.asarray(margin, dtype=float)
    whole = round_half_away(values)
    index = np.minimum(np.abs(np.nan_to_num(whole)), len(table) - 1).astype(np.int64)
    winner = table[index]
    vp = np.where(whole >= 0, winner, WBF_TOTAL - winner)
    return np.where(np.isnan(values), np.nan, np.round(vp, 2))
