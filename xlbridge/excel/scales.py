"""The Excel functions of VP scales and IMPs (VPSCALE, VP, VP_WBF, IMPS) and of the science
of scales: K fitted from a season's margins (FIT_K), a scale's audit (SCALE_AUDIT) and A+
(AVERAGE_PLUS)."""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np
from xlwings import arg

from xlbridge.excel.cells import (
    CACHED,
    Grid,
    args_with_help,
    blank,
    cell_errors,
    excel_function,
    finite,
    optional,
    text_option,
    to_cells,
)
from xlbridge.scoring import checks
from xlbridge.scoring.imps import imps
from xlbridge.scoring.scales.fit import audit, average_plus, fit_k
from xlbridge.scoring.scales.gaussian import VPScale, vp_scale
from xlbridge.scoring.scales.wbf import wbf_vp
from xlbridge.scoring.scales.wbf_discrete import wbf_discrete_vp

_SCALE_DOCS = {
    "boards": "Boards in the match (1–200).",
    "k": "Spread of one board: K in IMPs (teams 6.5, butler 7), S8 in % for pairs (11), "
    "K in points for aggregate (365).",
    "form": "teams (default), teams8, butler, pairs, aggregate or patton.",
    "vp_total": "VPs shared by the two sides: even, default 20 (12 aggregate, 2×boards Patton).",
    "negative": "TRUE for negative VPs (the loser of a rout gets −1 … −5).",
    "rounding": "nearest (default), floor, ceil, or none for the continuous edges.",
    "tables": "Tables in play, for form butler.",
    "bounds": "lower (default: a margin on a printed bound starts its band) or white-book (it "
    "ends the band below, as the EBU White Book prints; bands cut at Probst's printed z).",
}


_SCALE_TEXT = {2: ("form", "teams"), 5: ("rounding", "nearest")}


def _scale(*cells: Any) -> VPScale:
    """The scale for VPSCALE/VP arguments in their Excel order (blank = default)."""
    values = [optional(cell) for cell in cells]
    for position, (name, default) in _SCALE_TEXT.items():
        if position < len(values) and values[position] is not None:
            values[position] = text_option(name, values[position], default)
    if len(values) > 6:
        _tables(values[6])  # checked even where the form does not use it
    return vp_scale(*values)


def _tables(tables: Any) -> int | None:
    """Tables in play, when given: a whole number of at least 2 (any form)."""
    return None if blank(tables) else checks.whole_number("tables", tables, 2)


_scale_args = args_with_help(_SCALE_DOCS)


@excel_function
@_scale_args
@cell_errors
def VPSCALE(
    boards: Any,
    k: Any = None,
    form: Any = None,
    vp_total: Any = None,
    negative: Any = None,
    rounding: Any = None,
    tables: Any = None,
    bounds: Any = None,
) -> Grid:
    """Victory-point scale for a match: one row per result from the draw up (negative VPs
    after T-0), with columns from, to (blank on the open top band), winner VP, loser VP.
    Bounds are IMPs (points for aggregate, percentages for pairs)."""
    return _scale_rows((boards, k, form, vp_total, negative, rounding, tables, bounds))


#: VPSCALE's rows by the cells it was called with: a sheet recalculating the same scale costs
#: a dictionary lookup and a copy. Only valid arguments get in (bad ones raise first).
_SCALE_ROWS: dict[tuple[Any, ...], Grid] = {}
_SCALE_ROWS_SIZE = 4096


def _scale_key(cells: tuple[Any, ...]) -> tuple[Any, ...]:
    """VPSCALE's cells (blanks added up to all of its arguments) as a key of the card cache."""
    if len(cells) < _VPSCALE_ARGS:
        cells += _BLANKS[len(cells)]
    if not _TRUE_FALSE.isdisjoint(cells):  # by hash: finds 1 and 0 as well as TRUE and FALSE
        # To a dictionary TRUE is 1: the key says which cells were TRUE/FALSE, so that
        # VPSCALE(TRUE) is never served the card of VPSCALE(1).
        return (*cells, *(type(cell) is bool for cell in cells))
    return cells


#: TRUE and FALSE (and, to a set, 1 and 0).
_TRUE_FALSE = frozenset((True, False))


def _cached_scale_rows(cells: tuple[Any, ...]) -> Grid | None:
    """A copy of the rows of the scale for these VPSCALE cells if built already, else None."""
    try:
        rows = _SCALE_ROWS.get(_scale_key(cells))
    except TypeError:  # a range where one cell belongs: the checks will say so
        return None
    return None if rows is None else [row.copy() for row in rows]


_VPSCALE_ARGS = len(inspect.signature(VPSCALE).parameters)  # every argument, blanks included
_BLANKS = [(None,) * (_VPSCALE_ARGS - given) for given in range(_VPSCALE_ARGS)]
CACHED["VPSCALE"] = _cached_scale_rows


def _scale_rows(cells: tuple[Any, ...]) -> Grid:
    """A copy of the rows of the scale for these VPSCALE cells, built once."""
    cached = _cached_scale_rows(cells)
    if cached is not None:
        return cached
    rows = finite("VPSCALE", [list(row) for row in _scale(*cells).rows()])
    try:
        key = _scale_key(cells)
        hash(key)
    except TypeError:  # a range where one cell belongs (the checks said so already)
        return rows
    if len(_SCALE_ROWS) >= _SCALE_ROWS_SIZE:
        _SCALE_ROWS.clear()
    _SCALE_ROWS[key] = rows
    return [row.copy() for row in rows]


@excel_function
@arg("margin", ndim=2, doc="IMP margin (points for aggregate, MP % for pairs): a cell or range.")
@_scale_args
@cell_errors
def VP(
    margin: Any,
    boards: Any,
    k: Any = None,
    form: Any = None,
    vp_total: Any = None,
    negative: Any = None,
    rounding: Any = None,
    tables: Any = None,
    bounds: Any = None,
) -> Grid:
    """Victory points for each margin on a Gaussian scale; same shape as margin, blank
    cells stay blank. A negative margin gets the loser's VPs."""
    scale = _scale(boards, k, form, vp_total, negative, rounding, tables, bounds)
    return to_cells(scale.vp(checks.margins("margin", margin)))


@excel_function
@arg("margin", ndim=2, doc="IMP margin: a cell or range.")
@arg("boards", doc="Boards in the match (1–200).")
@arg("discrete", doc="TRUE for whole VPs from the WBF discrete table (the EBU's teams tables).")
@cell_errors
def VP_WBF(margin: Any, boards: Any, discrete: Any = None) -> Grid:
    """Victory points on the WBF 2013 scale: continuous to 2 decimals, or with discrete
    TRUE whole VPs from the discrete table; same shape as margin, blank cells stay blank."""
    values = checks.margins("margin", margin)
    if checks.flag("discrete", optional(discrete)):
        return to_cells(wbf_discrete_vp(values, boards))
    return to_cells(wbf_vp(values, boards))


@excel_function
@arg("points", ndim=2, doc="Point difference: a cell or range.")
@cell_errors
def IMPS(points: Any) -> Grid:
    """IMPs for each point difference (Law 78B table); same shape, blank cells stay blank."""
    return to_cells(imps(checks.margins("points", points)))


_FIT_DOCS = {
    "margins": "Match margins: IMPs (points for aggregate, the matchpoint % for pairs).",
    "boards": "Boards of each match: one cell, or one per margin.",
}
_fit_args = args_with_help(_FIT_DOCS, ndim=2)


@excel_function
@_fit_args
@arg("form", doc="teams (default), teams8, pairs, aggregate or patton.")
@arg("level", doc="Confidence of the interval, from 0 to 1 (default 0.9).")
@cell_errors
def FIT_K(margins: Any, boards: Any, form: Any = None, level: Any = None) -> Grid:
    """K fitted from observed match margins (S8 for pairs), pooling match lengths by the √n
    rule, with its χ² confidence interval: one row of K, low, high."""
    fit = fit_k(margins, boards, text_option("form", form, "teams"), optional(level))
    return [[fit.k, fit.low, fit.high]]


@excel_function
@_fit_args
@arg("k", doc="The scale's K (the form's default when blank).")
@arg("form", doc="teams (default), teams8, pairs, aggregate or patton.")
@arg("vp_total", doc="VPs shared by the two sides (default 20).")
@arg(
    "expected_from",
    doc="fitted (default): expected counts from the K fitted to these "
    "margins; scale: from the scale's own K (what the scale was designed to give).",
)
@cell_errors
def SCALE_AUDIT(
    margins: Any,
    boards: Any,
    k: Any = None,
    form: Any = None,
    vp_total: Any = None,
    expected_from: Any = None,
) -> Grid:
    """Audit of a VP scale: one row per result (draw first) with the result, how often it
    was observed, how often a Gaussian model expects it (K fitted to the margins, or the
    scale's own), and (first row) the χ² test's p-value."""
    source = checks.choice(
        "expected_from", text_option("expected_from", expected_from, "fitted"), ("fitted", "scale")
    )
    model_k = None
    form_ = text_option("form", form, "teams")
    if source == "scale":
        first = np.ravel(checks.margins("boards", boards))
        model_k = vp_scale(first[0], optional(k), form_, optional(vp_total)).k
    report = audit(margins, boards, optional(k), form_, optional(vp_total), model_k=model_k)
    rows: Grid = []
    for i, label in enumerate(report.labels):
        p_value = report.p_value if i == 0 and not np.isnan(report.p_value) else None
        rows.append([label, float(report.observed[i]), float(report.expected[i]), p_value])
    return rows


@excel_function
@arg("form", doc="teams (default), teams8, butler, pairs, aggregate or patton.")
@arg("boards", doc="Boards of the match (default 1).")
@arg("tables", doc="Tables in play, for form butler.")
@arg(
    "margin",
    doc="TRUE for the margin above average (pairs: 14.36 %-points) instead of the "
    "score (pairs: 64.36 %); the same number in every other form.",
)
@cell_errors
def AVERAGE_PLUS(
    form: Any = None, boards: Any = None, tables: Any = None, margin: Any = None
) -> Grid:
    """A+ in the unit of the form's results: 3 IMPs in teams of four (Law 86A), IMPs in Butler,
    points in aggregate, a matchpoint % in Swiss pairs (64.36 for one board), carried over by
    σ of the form over σ of teams of four. For pairs this is the VP scale's equivalent of 3
    IMPs, not the 60 % of an adjusted score at matchpoints (Law 12C2)."""
    _tables(tables)
    as_margin = checks.flag("margin", optional(margin))
    form_ = text_option("form", form, "teams")
    return [[average_plus(form_, optional(boards), optional(tables), score=not as_margin)]]
