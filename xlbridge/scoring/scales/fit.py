"""Scale science: fit K from observed results, audit a scale, A+ in any form (Probst, "VP scales").

A match of n boards has margin X ~ N(0, σ(n)) under the Gaussian model, with
σ(n) = K·g(n) for every form whose σ is proportional to its spread parameter (teams, teams8,
cross, aggregate, Patton: g(n) = √n…; Swiss pairs: S8·√8/√n in %). Matches of different
lengths are pooled by scaling each margin to one unit of K (the √n rule): u = X/g(n) ~ N(0, K²).

- :func:`fit_k`: K̂ = √(Σu²/N) (the mean is 0 by symmetry), with the χ² interval of a normal
  sample's standard deviation: N·K̂²/K² ~ χ²(N). Sheffield's 418 aggregate results with
  σ = 1790 over 24 boards give K = 1790/√24 = 365.
- :func:`audit`: the count of each VP result observed against the count the Gaussian model
  expects, with σ from the fitted K (as Probst's "VP scales" does: a T-0 starting at z·σ is expected
  in a share 2(1 − Φ(z)) of matches; z = 1.534 gives 12.5 %, i.e. 6.25 % each way, 449 of
  3,598), and a χ² goodness-of-fit test.
- :func:`average_plus`: A+ is 3 IMPs in teams of four (Law 86A); in another form it is 3 IMPs
  scaled by σ_form/σ_teams (docs/swiss.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from xlbridge.errors import InputError
from xlbridge.scoring import checks
from xlbridge.scoring.checks import shown
from xlbridge.scoring.names import FITTED_FORMS, FORMS
from xlbridge.scoring.scales.gaussian import DEFAULT_K, VPScale, sigma, vp_result, vp_scale

#: A+ in teams of four, head to head (Law 86A), in IMPs.
AVERAGE_PLUS_IMPS = 3.0
#: Forms whose K can be fitted from margins alone (:func:`fit_k` also fits cross, given its
#: comparisons and results per board).
FITTABLE = FITTED_FORMS
#: Categories with fewer expected results than this are pooled for the χ² test.
MIN_EXPECTED = 5.0


# --------------------------------------------------------------------------------------------
# Margins in, checked


def _matches(margins: ArrayLike, boards: ArrayLike, form: str) -> tuple[np.ndarray, np.ndarray]:
    """Margins (deviations from the draw) and boards as flat arrays; blanks dropped in pairs."""
    values = checks.margins("margins", margins).reshape(-1)
    counts = checks.margins("boards", boards).reshape(-1)
    if counts.size == 1:
        counts = np.full(values.size, counts[0])
    if counts.size != values.size:
        raise InputError(
            f"boards must be one number or one per margin ({values.size}), got {counts.size}"
        )
    keep = ~np.isnan(values)
    values, counts = values[keep], counts[keep]
    bad = np.isnan(counts) | (counts < 1) | (counts != np.round(counts))
    if bad.any():
        raise InputError(f"boards must be whole numbers of at least 1, got {shown(counts[bad][0])}")
    if values.size < 2:
        raise InputError(f"margins must hold at least 2 results, got {values.size}")
    if form == "pairs":
        outside = (values < 0) | (values > 100)
        if outside.any():
            raise InputError(
                f"margins must be matchpoint percentages from 0 to 100 for form pairs, "
                f"got {shown(values[outside][0])}"
            )
        values = values - 50.0
    return values, counts.astype(np.int64)


def _unit_sigma(form: str, boards: np.ndarray, options: dict[str, Any]) -> np.ndarray:
    """g(n): σ of each match for K = 1."""
    distinct, index = np.unique(boards, return_inverse=True)
    per_count = np.array([sigma(form, int(n), 1.0, **options) for n in distinct])
    return per_count[index.reshape(-1)]


def _form(form: Any, cross_sizes: bool = False) -> str:
    """The form to fit, refused with the reason when its K cannot be fitted (``cross`` only
    with ``cross_sizes``, its comparisons and results per board)."""
    name = checks.choice("form", "teams" if form is None else form, FORMS)
    if name in FITTABLE or (name == "cross" and cross_sizes):
        return name
    why = {
        "butler": "its σ adds a fixed 1-IMP allowance to K's part",
        "cross": "its σ needs the event's comparisons and results per board; for teams of "
        "eight cross-IMPed use teams8",
    }[name]
    raise InputError(f"form {name} cannot be fitted ({why}); use one of {', '.join(FITTABLE)}")


# --------------------------------------------------------------------------------------------
# Fitting K


@dataclass(frozen=True)
class Fit:
    """K̂ (S8 for pairs) with its confidence interval, from ``count`` results."""

    k: float
    low: float
    high: float
    level: float
    count: int
    form: str


def fit_k(
    margins: ArrayLike,
    boards: ArrayLike,
    form: Any = "teams",
    level: Any = 0.9,
    comparisons: float | None = None,
    results: float | None = None,
) -> Fit:
    """Estimate K from match margins with their board counts, and its χ² interval.

    Margins are IMPs (points for aggregate, the matchpoint % for pairs, whose draw is 50).
    level: the interval's confidence, from 0 to 1 (default 0.9).
    """
    name = _form(form, cross_sizes=comparisons is not None and results is not None)
    confidence = checks.number("level", 0.9 if level is None else level)
    if not 0 < confidence < 1:
        raise InputError(f"level must be a number between 0 and 1, got {shown(level)}")
    values, counts = _matches(margins, boards, name)
    options = {"comparisons": comparisons, "results": results}
    unit = values / _unit_sigma(name, counts, options)
    total, n = float(np.sum(unit**2)), unit.size
    if total == 0:
        raise InputError("margins must not all be draws: K cannot be fitted from no spread")
    from scipy import stats  # on first use: SciPy's import is slow and rarely needed

    upper_q, lower_q = stats.chi2.ppf([(1 + confidence) / 2, (1 - confidence) / 2], n)
    return Fit(
        k=float(np.sqrt(total / n)),
        low=float(np.sqrt(total / upper_q)),
        high=float(np.sqrt(total / lower_q)),
        level=confidence,
        count=n,
        form=name,
    )


def t0_share(z: ArrayLike) -> np.ndarray:
    """The share of matches won by at least z·σ either way: 2(1 − Φ(z))."""
    from scipy.special import ndtr  # on first use

    share: NDArray[np.float64] = 2 * (1 - ndtr(np.asarray(z, dtype=float)))
    return share


# --------------------------------------------------------------------------------------------
# Auditing a scale


@dataclass(frozen=True)
class Audit:
    """Observed and expected counts of each VP result, and the χ² test of the difference."""

    winner: np.ndarray  # the winner's VPs of each result, draw first
    loser: np.ndarray
    observed: np.ndarray
    expected: np.ndarray
    chi2: float
    dof: int
    p_value: float
    model_k: float  # the K of the Gaussian model the expected counts use
    count: int

    @property
    def labels(self) -> list[str]:
        pairs = zip(self.winner.tolist(), self.loser.tolist(), strict=True)
        return [vp_result(w, lo) for w, lo in pairs]

    @property
    def top_share(self) -> float:
        """The expected share of T-0 results (either way)."""
        top = int(np.flatnonzero(self.loser == 0)[0])
        return float(self.expected[top] / self.count)


def _band_edges(scale: VPScale) -> np.ndarray:
    """Lower edges of each result above the draw, in margin units, for a continuous |X|.

    A card rounds a margin to its step (halves away from zero) before looking it up, so a
    result whose card bound is L starts at (L − ½)·step.
    """
    if scale.is_card:
        return (scale.lower - 0.5) * scale.granularity
    return scale.lower.astype(float)


def audit(
    margins: ArrayLike,
    boards: ArrayLike,
    k: Any = None,
    form: Any = "teams",
    vp_total: Any = None,
    model_k: float | None = None,
    negative: Any = False,
    rounding: Any = "nearest",
) -> Audit:
    """Count each VP result of a scale observed in ``margins``, against the Gaussian model.

    ``k`` is the scale's K (the form's default when blank). Expected counts use a model with
    K = ``model_k``, by default the K fitted from these margins; the χ² test then loses one
    more degree of freedom. Categories expected fewer than 5 times are pooled for the test.
    """
    from scipy import stats  # on first use
    from scipy.special import ndtr

    name = _form(form)
    values, counts = _matches(margins, boards, name)
    fitted = model_k is None
    model = fit_k(margins, boards, name).k if fitted else checks.positive_number("model_k", model_k)
    observed = None
    expected = None
    first: VPScale | None = None
    for n in np.unique(counts).tolist():
        scale = vp_scale(n, k, name, vp_total, negative, rounding)
        first = first or scale
        if scale.winner.size != first.winner.size:
            raise InputError("the scale must have the same results for every match length")
        of_n = values[counts == n]
        row = np.searchsorted(scale.lower, _sizes(scale, of_n), side="right")
        seen = np.bincount(row, minlength=scale.winner.size).astype(float)
        edges = np.concatenate([[0.0], _band_edges(scale), [np.inf]])
        sd = model * sigma(name, n, 1.0)
        below = 2 * ndtr(np.maximum(edges, 0) / sd) - 1
        chance = np.diff(below)
        observed = seen if observed is None else observed + seen
        expected = of_n.size * chance if expected is None else expected + of_n.size * chance
    assert first is not None and observed is not None and expected is not None
    stat, dof = _chi2(observed, expected, fitted)
    if dof < 1:
        groups = dof + 1 + (1 if fitted else 0)
        raise InputError(
            f"margins must hold enough results for a chi-square test, got {values.size}: "
            f"pooling the results expected fewer than {MIN_EXPECTED:g} times leaves {groups} "
            f"group{'s' * (groups != 1)}, and the test needs {2 + fitted}"
        )
    p_value = float(stats.chi2.sf(stat, dof))
    return Audit(
        first.winner, first.loser, observed, expected, stat, dof, p_value, model, values.size
    )


def _sizes(scale: VPScale, deviations: np.ndarray) -> np.ndarray:
    """|margin| as the scale looks it up (rounded to a card's step)."""
    sizes: NDArray[np.float64]
    if scale.is_card:
        steps = np.abs(deviations) / scale.granularity
        sizes = np.floor(steps + 0.5)
        return sizes
    sizes = np.abs(deviations)
    return sizes


def _chi2(observed: np.ndarray, expected: np.ndarray, fitted: bool) -> tuple[float, int]:
    """Pearson's χ² after pooling, from the top result down, categories expected < 5 times."""
    groups: list[tuple[float, float]] = []
    o_sum = e_sum = 0.0
    for o, e in zip(observed[::-1].tolist(), expected[::-1].tolist(), strict=True):
        o_sum, e_sum = o_sum + o, e_sum + e
        if e_sum >= MIN_EXPECTED:
            groups.append((o_sum, e_sum))
            o_sum = e_sum = 0.0
    if e_sum > 0 or o_sum > 0:
        if groups:
            last_o, last_e = groups.pop()
            groups.append((last_o + o_sum, last_e + e_sum))
        else:
            groups.append((o_sum, e_sum))
    stat = sum((o - e) ** 2 / e for o, e in groups if e > 0)
    return float(stat), len(groups) - 1 - (1 if fitted else 0)


# --------------------------------------------------------------------------------------------
# A+


def average_plus(
    form: Any = "teams", boards: Any = 1, tables: Any = None, score: bool = False
) -> float:
    """A+ in the form's unit: 3 IMPs × σ_form/σ_teams for a match of ``boards`` boards.

    Teams of four: 3 IMPs (Law 86A). With the default K of each form: Butler 3·σ_butler(1)/
    σ_teams(1) IMPs, aggregate points, and for Swiss pairs a margin in matchpoint % above 50
    (14.36 for one board). With ``score`` it is the result a director writes down instead of
    the margin: for Swiss pairs the percentage itself (50 + 14.36 = 64.36 %), in every other
    form the margin (its average is 0). Not the 60 % of an artificial adjusted score at
    matchpoints (Law 12C2): this is the pairs scale's equivalent of 3 IMPs.
    """
    name = checks.choice("form", "teams" if form is None else form, FORMS)
    n = checks.whole_number("boards", 1 if boards is None else boards, 1, 200)
    scale = vp_scale(n, None, name, None, False, "none", tables)
    margin = AVERAGE_PLUS_IMPS * scale.sigma / sigma("teams", n, DEFAULT_K["teams"])
    return scale.offset + margin if score else margin
