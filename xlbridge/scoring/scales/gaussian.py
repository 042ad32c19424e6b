"""Gaussian victory-point scales (J. Probst, "VP scales"; docs/scales.md).

A scale of T VPs has m = T/2 bands above the draw and 2m+1 equally likely results. The band
edges are standard-normal quantiles times the standard deviation σ of a match in the form of
scoring at hand. A *card* rounds the edges to whole units (1 IMP, 10 points, 0.01 %) the way
a published scale does; ``rounding="none"`` keeps the continuous edges.

Everything here is pure numpy/scipy. :func:`vp_scale` validates its arguments (raising
:class:`~xlbridge.scoring.checks.InputError` naming the argument) and returns a cached,
read-only :class:`VPScale`; :meth:`VPScale.vp` converts one margin or an array of margins.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from xlbridge.errors import InputError
from xlbridge.scoring import checks

# Re-exported (``X as X``): callers find the names a scale is built from beside vp_scale.
from xlbridge.scoring.names import BOUNDS as BOUNDS
from xlbridge.scoring.names import FORMS as FORMS
from xlbridge.scoring.names import MAX_BOARDS as MAX_BOARDS
from xlbridge.scoring.names import ROUNDINGS as ROUNDINGS
from xlbridge.scoring.scales.normal import normal_quantile
from xlbridge.scoring.wording import plural

#: z_0 … z_9 of a 20-VP scale as Probst's "VP scales" prints them (Table 2): read from a
#: printed Gauss table, so the first is 0.059 where exact Φ⁻¹ gives 0.0597.
PRINTED_Z_20: tuple[float, ...] = (
    0.059,
    0.180,
    0.303,
    0.431,
    0.566,
    0.712,
    0.876,
    1.068,
    1.309,
    1.668,
)

#: The form's spread parameter when none is given: K in IMPs (teams, cross-IMPs, Butler),
#: S8 in % for Swiss pairs, K in points for aggregate scoring.
DEFAULT_K: dict[str, float] = {
    "teams": 6.5,
    "teams8": 6.5,
    "cross": 6.5,
    "patton": 6.5,
    "butler": 7.0,
    "pairs": 11.0,
    "aggregate": 365.0,
}
#: What a margin is measured in, by form.
UNITS: dict[str, str] = {"pairs": "%", "aggregate": "points"}
#: Step of a printed card's bounds, by form (1 IMP otherwise).
GRANULARITY: dict[str, float] = {"pairs": 0.01, "aggregate": 10.0}
#: The long names used in card titles.
FORM_TITLES: dict[str, str] = {
    "teams": "Teams of four",
    "teams8": "Teams of eight (cross-IMPs)",
    "cross": "Cross-IMPs",
    "patton": "Patton",
    "butler": "Butler",
    "pairs": "Swiss pairs (MP %)",
    "aggregate": "Aggregate",
}

NEGATIVE_STEPS = 5
BUTLER_FACTOR = 6 / 5  # Bavin's factor B
SHOOTING_ALLOWANCE = 1.0  # s, IMPs added to a Butler σ unless negative VPs are used
PAIRS_REFERENCE_BOARDS = 8  # S8 is the standard deviation (in %) of an 8-board match
PAIRS_DRAW = 50.0  # a Swiss pairs margin is a percentage; 50 % is the draw
TEAMS8_COMPARISONS = 4
TEAMS8_RESULTS = 4


def vp_result(winner: float, loser: float) -> str:
    """A match's VPs as printed: ``20-0``, ``12-8``; with a negative side ``20 / −1`` (a minus
    sign, spaced apart), never ``20--1``."""
    if winner < 0 or loser < 0:
        return f"{winner:g} / {loser:g}".replace("-", "\u2212")
    return f"{winner:g}-{loser:g}"


def band_z(vp_total: int) -> np.ndarray:
    """Upper edges z_0 … z_{m-1} of the bands above the draw, in standard deviations.

    z_j = Φ⁻¹(0.5 + (2j+1) / (2(2m+1))) with m = vp_total / 2 (docs/scales.md).
    """
    m = vp_total // 2
    j = np.arange(m)
    return normal_quantile(0.5 + (2 * j + 1) / (2 * (2 * m + 1)))


def negative_z(vp_total: int, steps: int = NEGATIVE_STEPS) -> np.ndarray:
    """Edges that split the top band for negative VPs (Pomfrey, in Probst's "VP scales").

    The top band's first half stays T-0; its second half is cut into ``steps`` equally likely
    bands giving the loser −1 … −steps. Returned: the upper edge of T-0, then the upper edges
    of −1 … −(steps−1); the last band is open.
    """
    m = vp_total // 2
    half_top = 1 / (2 * (2 * m + 1))
    i = np.arange(steps)
    return normal_quantile(1 - half_top * (1 - i / steps))


def printed_z(vp_total: int) -> np.ndarray:
    """Band edges as a printed table gives them: Probst's z for 20 VPs (:data:`PRINTED_Z_20`);
    for other totals, which he printed from interpolation too, exact Φ⁻¹ rounded to three
    decimals."""
    if vp_total == 20:
        return np.array(PRINTED_Z_20)
    return np.round(band_z(vp_total), 3)


def default_vp_total(form: str, boards: int) -> int:
    """20 VPs, 12 for aggregate scoring, 2 per board for Patton."""
    if form == "aggregate":
        return 12
    if form == "patton":
        return 2 * boards
    return 20


def sigma(
    form: str,
    boards: int,
    k: float,
    *,
    tables: int | None = None,
    comparisons: float | None = None,
    results: float | None = None,
    negative: bool = False,
) -> float:
    """Standard deviation σ of a match of ``boards`` boards in ``form`` (docs/scales.md).

    teams, patton, aggregate: K·√n. cross: K·√(n·C·R/2) with C comparisons and R results per
    board; teams8 is cross with C = R = 4. butler: B·K·√(n·C/(2R)) + s with C = tables − 1,
    R = tables, B = 6/5 and s = 1 IMP (0 with negative VPs). pairs: S8·√8/√n in %.
    """
    if form in ("teams", "patton", "aggregate"):
        return k * math.sqrt(boards)
    if form == "teams8":
        comparisons, results = TEAMS8_COMPARISONS, TEAMS8_RESULTS
    if form in ("teams8", "cross"):
        if comparisons is None or results is None:
            raise InputError("form cross needs comparisons and results per board")
        return k * math.sqrt(boards * comparisons * results / 2)
    if form == "butler":
        if tables is None:
            raise InputError("form butler needs tables, a whole number of at least 2")
        allowance = 0.0 if negative else SHOOTING_ALLOWANCE
        return BUTLER_FACTOR * k * math.sqrt(boards * (tables - 1) / (2 * tables)) + allowance
    if form == "pairs":
        return k * math.sqrt(PAIRS_REFERENCE_BOARDS) / math.sqrt(boards)
    raise InputError(f"form must be one of {', '.join(FORMS)}; got {form!r}")


def round_half_away(values: np.ndarray) -> np.ndarray:
    """Round to whole numbers, halves away from zero (a spreadsheet's ROUND)."""
    # The tiny nudge absorbs binary noise such as 2.675/0.01 = 267.49999999999997.
    magnitude = np.floor(np.abs(values) + 0.5 + 1e-9)
    rounded: NDArray[np.float64] = np.copysign(magnitude, values)
    return rounded


def card_bounds(
    edges: np.ndarray, granularity: float, rounding: str, bounds: str = "lower"
) -> np.ndarray:
    """Lower bounds of the bands above the draw as whole multiples of ``granularity``.

    ``edges`` are the continuous lower edges (z·σ) of bands 1, 2, …. Returned in units of the
    granularity (int64). nearest: round(b/g); floor: ⌊b/g⌋; ceil: ⌈round(b/g, 1)⌉ (Probst's
    hand rule). With ``bounds="white-book"`` the rounded edge is the *last* margin of the band
    below, so the band starts one unit above it. The draw band always holds a margin of 0 and
    every band keeps at least one margin: a bound is raised to one unit above the bound before
    it when rounding would make them collide (this only happens for matches of a board or two).
    """
    scaled = edges / granularity
    if rounding == "nearest":
        units = np.floor(scaled + 0.5)
    elif rounding == "floor":
        units = np.floor(scaled + 1e-9)
    elif rounding == "ceil":
        units = np.ceil(np.round(scaled, 1))
    else:
        raise InputError(f"rounding must be one of {', '.join(ROUNDINGS[:3])} for a card")
    if bounds == "white-book":
        units = units + 1
    position = np.arange(1, len(units) + 1)
    lifted = np.maximum.accumulate(np.maximum(units - position, 0)) + position
    return lifted.astype(np.int64)


@dataclass(frozen=True, eq=False)
class VPScale:
    """A victory-point scale, continuous or as a printed card.

    Rows run from the draw up to T-0, then (with negative VPs) T-−1 … T-−k. ``lower`` holds
    the lower bound of rows 1 … (row 0, the draw, starts at 0): continuous edges z·σ, or for a
    card whole multiples of ``granularity``. Margins are in ``unit`` (IMPs, points, or for
    Swiss pairs the matchpoint percentage, whose draw is 50).
    """

    form: str
    boards: int
    k: float
    vp_total: int
    negative_steps: int
    rounding: str
    bounds: str
    tables: int | None
    comparisons: float | None
    results: float | None
    sigma: float
    granularity: float
    z: np.ndarray
    lower: np.ndarray
    winner: np.ndarray
    loser: np.ndarray

    @property
    def unit(self) -> str:
        return UNITS.get(self.form, "IMPs")

    @property
    def offset(self) -> float:
        """The margin that is a draw: 50 for Swiss pairs percentages, else 0."""
        return PAIRS_DRAW if self.form == "pairs" else 0.0

    @property
    def is_card(self) -> bool:
        return self.rounding != "none"

    @property
    def title(self) -> str:
        """A card heading with the parameters the scale was built from."""
        k_name = "S8" if self.form == "pairs" else "K"
        parts = [FORM_TITLES[self.form], plural(self.boards, "board")]
        if self.tables is not None:
            parts.append(plural(self.tables, "table"))
        parts += [f"{k_name} {self.k:g}", f"σ {self.sigma:.2f}", f"{self.vp_total} VP"]
        if self.negative_steps:
            parts.append(f"negative VPs to −{self.negative_steps}")
        parts.append(self.bounds_rule)
        return " · ".join(parts)

    @property
    def bounds_rule(self) -> str:
        """How a margin exactly on a printed bound is scored, as a card heading says it."""
        if self.bounds == "white-book":
            return "White Book bounds: a bound ends its band"
        return "a bound starts its band"

    def rows(self) -> list[tuple[float, float | None, int, int]]:
        """(from, to, winner VP, loser VP) per result from the draw up; ``to`` is None on
        the open top band. On a card ``to`` is the next bound less one unit; continuous
        scales give the next edge itself."""
        if self.is_card:
            starts = np.concatenate([[0], self.lower]).astype(float) * self.granularity
            decimals = max(0, -math.floor(math.log10(self.granularity)))
            step = self.granularity
        else:
            starts = np.concatenate([[0.0], self.lower])
            decimals, step = 12, 0.0
        out: list[tuple[float, float | None, int, int]] = []
        for r, start in enumerate(starts.tolist()):
            end = None
            if r + 1 < len(starts):
                end = round(float(starts[r + 1]) - step + self.offset, decimals)
            out.append(
                (round(start + self.offset, decimals), end, int(self.winner[r]), int(self.loser[r]))
            )
        return out

    def vp(self, margin: Any) -> np.ndarray:
        """VPs of the side whose margin is ``margin`` (scalar or array; NaN stays NaN).

        A negative margin (below 50 % for pairs) gets the loser's share of its size. On a
        card a margin between multiples of the granularity is first rounded to the nearest
        multiple, halves away from zero (26.1 IMPs is 26; −0.4 is a draw).
        """
        values = np.asarray(margin, dtype=float)
        if self.form == "pairs":
            present = values[~np.isnan(values)]
            if present.size and (present.min() < 0 or present.max() > 100):
                bad = present[(present < 0) | (present > 100)][0]
                raise InputError(
                    f"margin must be a matchpoint percentage from 0 to 100 for form pairs, "
                    f"got {bad:g}"
                )
        side = "left" if self.bounds == "white-book" and not self.is_card else "right"
        return card_vp(
            self.lower,
            self.winner,
            self.loser,
            values,
            self.granularity if self.is_card else None,
            self.offset,
            side=side,
        )


def card_vp(
    lower: np.ndarray,
    winner: np.ndarray,
    loser: np.ndarray,
    margin: Any,
    granularity: float | None,
    offset: float,
    *,
    side: str = "right",
) -> np.ndarray:
    """VPs of each margin on a scale whose bands above the draw start at ``lower`` (in units
    of ``granularity``; continuous edges when it is None). The margin's distance from the draw
    (``offset``) is first rounded to the granularity, halves away from zero; a negative one
    gets the loser's share of its size. ``side="left"`` puts a margin exactly on a continuous
    edge in the band below it. NaN stays NaN."""
    values = np.asarray(margin, dtype=float)
    signed = values - offset
    if granularity is not None:
        size = np.abs(round_half_away(signed / granularity))
    else:
        size = np.abs(signed)
    row = np.searchsorted(lower, np.nan_to_num(size), side=side)  # type: ignore[call-overload]
    won = np.where(signed >= 0, winner[row], loser[row]).astype(float)
    return np.where(np.isnan(values), np.nan, won)


def vp_scale(
    boards: Any,
    k: Any = None,
    form: Any = "teams",
    vp_total: Any = None,
    negative: Any = False,
    rounding: Any = "nearest",
    tables: Any = None,
    bounds: Any = "lower",
    *,
    negative_steps: Any = NEGATIVE_STEPS,
    comparisons: Any = None,
    results: Any = None,
) -> VPScale:
    """Validate the parameters of a VP scale and return it (built once per parameter set).

    ``k`` defaults to the form's own (``DEFAULT_K``); ``vp_total`` to 20 (12 aggregate,
    2·boards Patton); ``tables`` is required for butler; ``comparisons``/``results`` for the
    general cross-IMP form. Raises InputError naming the first bad argument.
    """
    form = checks.choice("form", "teams" if form is None else form, FORMS)
    boards = checks.whole_number("boards", boards, 1, MAX_BOARDS)
    k = DEFAULT_K[form] if k is None else checks.positive_number("k", k)
    total = (
        default_vp_total(form, boards)
        if vp_total is None
        else checks.even_total("vp_total", vp_total)
    )
    rounding = checks.choice("rounding", "nearest" if rounding is None else rounding, ROUNDINGS)
    bounds = checks.choice("bounds", "lower" if bounds is None else bounds, BOUNDS)
    negative = checks.flag("negative", negative)
    steps = checks.whole_number("negative_steps", negative_steps, 1, 20) if negative else 0
    if form == "butler":
        if tables is None:
            raise InputError(
                "tables must be a whole number of at least 2 for form butler, got blank"
            )
        tables = checks.whole_number("tables", tables, 2)
    else:
        tables = None
    c = r = None
    if form == "cross":
        c = checks.positive_number("comparisons", comparisons)
        r = checks.positive_number("results", results)
    return _build_scale(form, boards, float(k), total, steps, rounding, bounds, tables, c, r)


@lru_cache(maxsize=4096)
def _build_scale(
    form: str,
    boards: int,
    k: float,
    vp_total: int,
    steps: int,
    rounding: str,
    bounds: str,
    tables: int | None,
    comparisons: float | None,
    results: float | None,
) -> VPScale:
    m = vp_total // 2
    printed = bounds == "white-book"
    z = printed_z(vp_total) if printed else band_z(vp_total)
    if steps:
        extra = negative_z(vp_total, steps)
        z = np.concatenate([z, np.round(extra, 3) if printed else extra])
    s = sigma(
        form,
        boards,
        k,
        tables=tables,
        comparisons=comparisons,
        results=results,
        negative=bool(steps),
    )
    granularity = GRANULARITY.get(form, 1.0)
    edges = z * s
    lower = edges if rounding == "none" else card_bounds(edges, granularity, rounding, bounds)
    winner = np.concatenate([np.arange(m, vp_total + 1), np.full(steps, vp_total)])
    loser = np.concatenate([np.arange(m, -1, -1), -np.arange(1, steps + 1)])
    for array in (z, lower, winner, loser):
        array.setflags(write=False)
    return VPScale(
        form=form,
        boards=boards,
        k=k,
        vp_total=vp_total,
        negative_steps=steps,
        rounding=rounding,
        bounds=bounds,
        tables=tables,
        comparisons=comparisons,
        results=results,
        sigma=s,
        granularity=granularity,
        z=z,
        lower=lower,
        winner=winner,
        loser=loser,
    )
