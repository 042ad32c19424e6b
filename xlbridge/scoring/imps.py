"""International Match Points: the Law 78B table and the continuous Bastille scale.

Both are vectorised: pass a number or an array of point differences.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

#: Lower edges of 1, 2, … 24 IMPs (Law 78B). A difference between table rows (a datum or a
#: weighted average) takes the band whose lower edge it reaches: 15 → 0, 45 → 1.
IMP_EDGES = np.array(
    [
        20,
        50,
        90,
        130,
        170,
        220,
        270,
        320,
        370,
        430,
        500,
        600,
        750,
        900,
        1100,
        1300,
        1500,
        1750,
        2000,
        2250,
        2500,
        3000,
        3500,
        4000,
    ],
    dtype=float,
)
IMP_EDGES.setflags(write=False)
MAX_IMPS = 24

#: The continuous (Bastille, De Wael) scale is linear between these knots (difference,
#: IMPs): the half-way points of the IMP table, then 1/500 IMP per point up to 24 IMPs.
BASTILLE_KNOTS = np.array(
    [
        [0, 0.0],
        [45, 1.5],
        [165, 4.5],
        [365, 8.5],
        [425, 9.5],
        [495, 10.5],
        [595, 11.5],
        [895, 13.5],
        [1495, 16.5],
        [2495, 20.5],
        [24 * 500 - 7755, 24.0],
    ]
)
BASTILLE_KNOTS.setflags(write=False)


#: IMPs by tens of points: every edge is a multiple of 10, so a difference d scores
#: ``_IMPS_BY_TENS[min(|d|, 4000) // 10]`` exactly, whatever its units digit.
_IMPS_BY_TENS = np.searchsorted(IMP_EDGES, np.arange(0, IMP_EDGES[-1] + 10, 10), "right").astype(
    float
)
_IMPS_BY_TENS.setflags(write=False)


def imps(points: Any) -> np.ndarray:
    """IMPs for a point difference (scalar or array), signed; NaN stays NaN."""
    diff = np.asarray(points, dtype=float)
    tens = np.fmin(np.abs(diff), IMP_EDGES[-1]) // 10  # NaN becomes the top, then sign(NaN)
    signed: NDArray[np.float64] = np.sign(diff) * _IMPS_BY_TENS[tens.astype(np.intp)]
    return signed


def continuous_imps(points: Any) -> np.ndarray:
    """Bastille continuous IMPs for a point difference (scalar or array), signed, at most 24."""
    diff = np.asarray(points, dtype=float)
    size = np.interp(np.abs(diff), BASTILLE_KNOTS[:, 0], BASTILLE_KNOTS[:, 1])
    signed: NDArray[np.float64] = np.sign(diff) * size
    return signed
