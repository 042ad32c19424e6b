"""The discrete (whole-VP) WBF scale, as federations print it for teams.

The WBF's 2013 tables come in two kinds: the continuous scale of :mod:`xlbridge.scoring.scales.wbf`
(VPs to 2 decimals) and a discrete scale that gives a range of IMPs for each whole VP. The
EBU's teams tables since 2013 (White Book §3.1.1) are the discrete scale. Both are cut from the
same curve V(M) = 10 + 10·(1 − τ^(3M/B)) / (1 − τ³), taken here before any rounding:

- the top margin of band 10+v (v = 0 … 9) is t_v, the largest whole M with V(M) ≤ 10.5 + v;
- a concavity pass then moves band edges in until every band is at least as wide as the band
  before it, the draw band −t_0 … t_0 (2·t_0 + 1 margins) counting as the band before 11-9:
  repeat { for v = 0 … 8: if v = 0 and t_1 − t_0 < 2·t_0 + 1, or v > 0 and
  t_{v+1} − t_v < t_v − t_{v−1}: t_v −= 1, start again };
- 20-0 starts at t_9 + 1.

For 8 boards this gives the EBU's 10-10 0, 11-9 1-3, 12-8 4-6, … 19-1 31-38, 20-0 39+.
A half of H boards (3 or 4, as in a 3-team "triangle" match) is scored on a 10-VP scale cut the
same way from V/2 taken at H/2 boards, as the EBU's generator of its tables does: band 5+v
ends at the largest M with V(M; H/2)/2 ≤ 5.5 + v. For a half of 4 boards that is the EBU's
5-5 0, 6-4 1-3, 7-3 4-7, 8-2 8-11, 9-1 12-17, 10-0 18+.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from xlbridge.errors import InputError
from xlbridge.scoring import checks
from xlbridge.scoring.names import MAX_BOARDS
from xlbridge.scoring.scales.gaussian import card_vp
from xlbridge.scoring.scales.wbf import WBF_TOTAL, blitz, raw_vp

#: VP totals the discrete scale is printed for: 20 for a match, 10 for a half of 3–4 boards.
DISCRETE_TOTALS: tuple[int, ...] = (20, 10)


def curve_boards(boards: int, vp_total: int = WBF_TOTAL) -> float:
    """The board count the curve V is taken at: the match's boards for the 20-VP scale, half
    the half's boards for the 10-VP scale of a half (the EBU's tables)."""
    return float(boards) if vp_total == WBF_TOTAL else boards / 2


def cut_tops(boards: int, vp_total: int = WBF_TOTAL) -> np.ndarray:
    """t_v before the concavity pass: the largest whole margin with (T/20)·V(M) ≤ T/2 + ½ + v,
    V taken at :func:`curve_boards` boards."""
    m = vp_total // 2
    at = curve_boards(boards, vp_total)
    margins = np.arange(math.ceil(blitz(at)) + 1)
    scaled = raw_vp(margins, at) * vp_total / WBF_TOTAL
    ceilings = m + 0.5 + np.arange(m)
    # V rises with M, so the count of margins at or below a ceiling, less one, is the last.
    return np.array([int(np.count_nonzero(scaled <= c)) - 1 for c in ceilings], dtype=np.int64)


def make_concave(tops: np.ndarray) -> np.ndarray:
    """The WBF concavity pass: move band edges in until no band is narrower than the one
    before it (the draw band −t_0 … t_0 counting as the band before the first win)."""
    t = [int(x) for x in tops]
    changed = True
    while changed:
        changed = False
        for v in range(len(t) - 1):
            before = 2 * t[0] + 1 if v == 0 else t[v] - t[v - 1]
            if t[v + 1] - t[v] < before:
                t[v] -= 1
                changed = True
                break
    return np.array(t, dtype=np.int64)


@dataclass(frozen=True, eq=False)
class DiscreteScale:
    """A discrete WBF scale: whole VPs, one IMP range per result.

    ``lower`` holds the first margin of each band above the draw (t_v + 1), ``winner`` and
    ``loser`` the VPs of each band from the draw up. The same protocol as a card of
    :class:`xlbridge.scoring.scales.gaussian.VPScale` (rows, vp, title), so CLI, Excel functions and
    workbooks treat both alike.
    """

    boards: int
    vp_total: int
    lower: np.ndarray
    winner: np.ndarray
    loser: np.ndarray

    form = "teams"
    unit = "IMPs"
    offset = 0.0
    granularity = 1.0
    is_card = True
    negative_steps = 0

    @property
    def title(self) -> str:
        what = (
            "WBF discrete VP scale"
            if self.vp_total == WBF_TOTAL
            else f"WBF discrete {self.vp_total}-VP scale (a half)"
        )
        noun = "board" if self.boards == 1 else "boards"
        return f"{what} · {self.boards} {noun} · {self.vp_total} VP"

    @property
    def tops(self) -> np.ndarray:
        """The last margin of each band below T-0 (t_0 … t_{m−1})."""
        return self.lower - 1

    def rows(self) -> list[tuple[float, float | None, int, int]]:
        """(from, to, winner VP, loser VP) per result from the draw up; ``to`` is None on
        the open top band."""
        starts = [0, *self.lower.tolist()]
        ends: list[int | None] = [s - 1 for s in starts[1:]] + [None]
        return [
            (float(s), None if e is None else float(e), int(w), int(lo))
            for s, e, w, lo in zip(starts, ends, self.winner, self.loser, strict=True)
        ]

    def vp(self, margin: Any) -> np.ndarray:
        """Whole VPs of the side whose IMP margin is ``margin`` (scalar or array; NaN stays
        NaN). A fractional margin is first rounded to the nearest IMP, halves away from zero;
        a losing side gets the loser's share of its size."""
        return card_vp(self.lower, self.winner, self.loser, margin, 1.0, 0.0)


def wbf_discrete(boards: Any, vp_total: Any = WBF_TOTAL) -> DiscreteScale:
    """The discrete WBF scale for a match of ``boards`` boards (1–200), or with ``vp_total``
    10 the scale for a half of ``boards`` boards. Raises InputError naming a bad argument."""
    n = checks.whole_number("boards", boards, 1, MAX_BOARDS)
    total = checks.whole_number("vp_total", vp_total, 0)
    if total not in DISCRETE_TOTALS:
        raise InputError(
            f"vp_total must be 20 (a match) or 10 (a half) for the WBF discrete scale, got {total}"
        )
    return _build(n, total)


@lru_cache(maxsize=512)
def _build(boards: int, vp_total: int) -> DiscreteScale:
    m = vp_total // 2
    lower = make_concave(cut_tops(boards, vp_total)) + 1
    winner = np.arange(m, vp_total + 1)
    loser = vp_total - winner
    for array in (lower, winner, loser):
        array.setflags(write=False)
    return DiscreteScale(boards, vp_total, lower, winner, loser)


def wbf_discrete_vp(margin: Any, boards: Any, vp_total: Any = WBF_TOTAL) -> np.ndarray:
    """Whole WBF VPs for IMP ``margin`` (scalar or array) on the discrete scale."""
    return wbf_discrete(boards, vp_total).vp(margin)
