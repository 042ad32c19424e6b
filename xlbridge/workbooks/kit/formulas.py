"""Spreadsheet-formula snippets that the workbook builders share.

They restate the formulas of docs/ in the Excel 2010 function set (NORMSINV, ROUND, INT, MAX,
SQRT) so a workbook recalculates offline; the LibreOffice tests hold them equal to the core.
"""

from __future__ import annotations

from xlbridge.scoring.scales.gaussian import (
    BUTLER_FACTOR,
    PAIRS_REFERENCE_BOARDS,
    SHOOTING_ALLOWANCE,
    TEAMS8_COMPARISONS,
    TEAMS8_RESULTS,
)

#: How much larger another total must be to rank above (sums of fractions, float noise).
RANK_TOLERANCE = "1E-9"


def sigma(
    form: str,
    boards: str,
    k: str,
    *,
    tables: str | None = None,
    comparisons: str | None = None,
    results: str | None = None,
    negative: bool = False,
) -> str:
    """σ of a match, as :func:`xlbridge.scoring.scales.gaussian.sigma` computes it, from cell
    refs."""
    if form in ("teams", "patton", "aggregate"):
        return f"={k}*SQRT({boards})"
    if form == "teams8":
        comparisons, results = str(TEAMS8_COMPARISONS), str(TEAMS8_RESULTS)
    if form in ("teams8", "cross"):
        return f"={k}*SQRT({boards}*{comparisons}*{results}/2)"
    if form == "butler":
        allowance = 0 if negative else SHOOTING_ALLOWANCE
        return f"={BUTLER_FACTOR!r}*{k}*SQRT({boards}*({tables}-1)/(2*{tables}))+{allowance!r}"
    if form == "pairs":
        return f"={k}*SQRT({PAIRS_REFERENCE_BOARDS})/SQRT({boards})"
    raise ValueError(f"no sigma formula for form {form!r}")


def band_probability(band: int, total: str) -> str:
    """Cumulative probability at the lower edge of band ``band`` ≥ 1 above the draw."""
    return f"0.5+(2*{band}-1)/(2*({total}+1))"


def negative_probability(step: int, steps: int, total: str) -> str:
    """Cumulative probability at the lower edge of the T-−``step`` band."""
    return f"1-(1-{step - 1}/{steps})/(2*({total}+1))"


def lower_bound(
    probability: str,
    sigma: str,
    previous: str,
    granularity: float,
    offset: float,
    rounding: str,
    *,
    z: float | None = None,
) -> str:
    """Lower bound of a band on a card, as :func:`xlbridge.scoring.scales.gaussian.card_bounds`
    makes it.

    ``previous`` is the cell holding the bound of the band below (the draw's is the offset);
    a bound is at least one step above it. With ``z`` (the White Book bound rule) the edge is
    that printed z times σ, and the rounded edge ends the band below, so this band starts one
    step above it.
    """
    edge = f"NORMSINV({probability})*{sigma}" if z is None else f"{z!r}*{sigma}"
    g = f"{granularity:g}"
    off = f"{offset:g}"
    if rounding == "none":
        return f"={off}+{edge}"
    if rounding == "nearest":
        units = f"ROUND({edge}/{g},0)"
    elif rounding == "floor":
        units = f"INT({edge}/{g}+1E-9)"
    elif rounding == "ceil":
        units = f"-INT(-ROUND({edge}/{g},1))"
    else:
        raise ValueError(f"unknown rounding {rounding!r}")
    if z is not None:
        units = f"({units}+1)"
    return f"=MAX({previous}+{g},{off}+{units}*{g})"


# --------------------------------------------------------------------------------------------
# IMPs, cross-IMPs and the Butler datum (see docs/). These return expressions without the
# leading "=", to be embedded in a larger formula.


def imps(difference: str, lower_edges: str, sizes: str) -> str:
    """IMPs (Law 78B) of a point difference: its sign times the size of the band |d| reaches.

    ``lower_edges`` is the column of band lower edges starting at 0 (0, 20, 50, … 4000) and
    ``sizes`` the IMPs beside it (0 … 24), as :data:`xlbridge.scoring.imps.IMP_EDGES` makes them.
    """
    return f"SIGN({difference})*LOOKUP(ABS({difference}),{lower_edges},{sizes})"


def cross_imp_sum(score: str, scores: str, edges: str) -> str:
    """Sum of the IMPs of ``score`` against every number in ``scores`` (blanks ignored).

    IMPs(d) for d ≥ 0 is the number of edges e (20, 50, … 4000) with d ≥ e, so the sum over
    the other scores o is Σ_e [#(o ≤ score − e) − #(o ≥ score + e)]: 24 pairs of COUNTIFs,
    whatever the number of scores. ``score`` itself may be in ``scores`` (it differs from itself
    by 0, below every edge). Exact for whole-number scores (the criteria are built as text).
    """
    return (
        f'SUMPRODUCT(COUNTIF({scores},"<="&({score}-{edges}))'
        f'-COUNTIF({scores},">="&({score}+{edges})))'
    )


def round_datum(value: str, rule: str) -> str:
    """``value`` rounded to the nearest 10, an exact 5 away from zero (425 → 430, −445 → −450;
    ROUND's own rule) unless the cell ``rule`` holds "even": then to the even ten (425 → 420,
    435 → 440).

    Like :func:`xlbridge.scoring.boards.datums.round_datum`, a value within 1E-6 of a 5 counts as a
    5.
    """
    half_even = f"IF(ABS(MOD({value},10)-5)<1E-6,20*ROUND({value}/20,0),10*ROUND({value}/10,0))"
    return f'IF({rule}="even",{half_even},10*ROUND(ROUND({value},6)/10,0))'


def vp_lookup(
    margin: str,
    bounds: str,
    winners: str,
    losers: str,
    granularity: float,
    offset: float,
    is_card: bool,
    *,
    edge_ends_band: bool = False,
) -> str:
    """VPs of the side whose margin is in ``margin``, looked up in a card's columns.

    As :meth:`xlbridge.scoring.scales.gaussian.VPScale.vp`: the size of the margin (its distance
    from the draw, ``offset``) is first rounded to the card's step, halves away from zero (Excel's
    ROUND), then found among the lower ``bounds``; a winning margin gets the winner's VPs, a
    losing one the loser's. A blank margin gives "". ``edge_ends_band`` (continuous edges
    under the White Book rule) puts a margin exactly on an edge in the band below it.
    """
    deviation = f"({margin}-{offset:g})"
    size = (
        f"ABS{deviation}"
        if not is_card
        else f"ROUND(ABS{deviation}/{granularity:g},0)*{granularity:g}"
    )
    key = f"{offset:g}+{size}"
    if edge_ends_band:
        row = f"MAX(1,SUMPRODUCT(--({bounds}<{key})))"
        return (
            f"IF(ISNUMBER({margin}),IF({deviation}>=0,INDEX({winners},{row}),"
            f'INDEX({losers},{row})),"")'
        )
    return (
        f"IF(ISNUMBER({margin}),IF({deviation}>=0,LOOKUP({key},{bounds},{winners}),"
        f'LOOKUP({key},{bounds},{losers})),"")'
    )


# --------------------------------------------------------------------------------------------
# Checks and ranks. These too return expressions without the leading "=".


def first_problem(checks: list[tuple[str, str]], otherwise: str) -> str:
    """Nested IFs: the message of the first true (condition, message), else ``otherwise``."""
    formula = otherwise
    for condition, message in reversed(checks):
        formula = f"IF({condition},{message},{formula})"
    return formula


def count_above(value: str, others: str, tolerance: str | None = RANK_TOLERANCE) -> str:
    """How many numbers in ``others`` are larger than ``value`` (by more than ``tolerance``);
    1 + this is a rank in which equal values rank equal."""
    above = value if tolerance is None else f"{value}+{tolerance}"
    return f"SUMPRODUCT(ISNUMBER({others})*({others}>{above}))"


def place(
    value: str, values: str, tiebreak: str | None = None, tiebreaks: str | None = None
) -> str:
    """1 + the numbers in ``values`` larger than ``value`` + (with a tie-break) those equal to
    it whose ``tiebreaks`` entry is larger than ``tiebreak``: a place in which entries equal on
    both share, as :func:`xlbridge.scoring.ranking.places`. "Larger" and "equal" are to within
    :data:`RANK_TOLERANCE`; blanks in ``values`` are left out."""
    above = count_above(value, values)
    if tiebreak is None or tiebreaks is None:
        return f"1+{above}"
    tol = RANK_TOLERANCE
    level = (
        f"SUMPRODUCT(ISNUMBER({values})*({values}>={value}-{tol})*({values}<={value}+{tol})"
        f"*({tiebreaks}>{tiebreak}+{tol}))"
    )
    return f"1+{above}+{level}"
