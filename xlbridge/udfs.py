"""xlbridge's Excel functions.

A thin adapter over :mod:`xlbridge.core`: it coerces cells, lets the core validate, calls it,
and turns bad input into an Excel error whose message names the argument. The same module
serves the classic Windows add-in, xlwings Lite and xlwings Server, so it uses only
``xlwings.func``/``arg``/``ret`` and positional parameters with defaults. Blank optional
cells arrive as None and mean "the default"; blank cells inside a range give blank results.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
import xlwings
from xlwings import arg, func

from xlbridge.core import validate
from xlbridge.core.imps import imps
from xlbridge.core.scales import VPScale, vp_scale
from xlbridge.core.validate import InputError
from xlbridge.core.wbf import wbf_vp

_F = TypeVar("_F", bound=Callable[..., Any])

Grid = list[list[Any]]


def _cell_errors(function: _F) -> _F:
    """Report an :class:`InputError` as an Excel error carrying its message."""

    @functools.wraps(function)
    def wrapper(*args: Any) -> Any:
        try:
            return function(*args)
        except InputError as error:
            raise xlwings.XlwingsError(str(error)) from None

    # Excel's function wizard shows the docstring as one paragraph.
    wrapper.__doc__ = " ".join((function.__doc__ or "").split())
    return wrapper  # type: ignore[return-value]


def _to_cells(values: np.ndarray) -> Grid:
    """A 2-D float array as rows of cells; NaN becomes a blank cell."""
    grid = np.atleast_2d(values)
    return [[None if np.isnan(v) else float(v) for v in row] for row in grid.tolist()]


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == "")


def _optional(value: Any) -> Any:
    """None for a blank optional argument (hosts send None or "")."""
    return None if _blank(value) else value


_SCALE_DOCS = {
    "boards": "Boards in the match (1–200).",
    "k": "Spread of one board: K in IMPs (teams 6.5, butler 7), S8 in % for pairs (11), "
    "K in points for aggregate (365).",
    "form": "teams (default), teams8, butler, pairs, aggregate or patton.",
    "vp_total": "VPs shared by the two sides: even, default 20 (12 aggregate, 2×boards Patton).",
    "negative": "TRUE for negative VPs (the loser of a rout gets −1 … −5).",
    "rounding": "nearest (default), floor, ceil, or none for the continuous edges.",
    "tables": "Tables in play, for form butler.",
}


def _scale(*cells: Any) -> VPScale:
    """The scale for VPSCALE/VP arguments in their Excel order (blank = default)."""
    return vp_scale(*(_optional(cell) for cell in cells))


def _scale_args(function: _F) -> _F:
    """Attach the help text of the scale parameters shared by VPSCALE and VP."""
    for name, doc in _SCALE_DOCS.items():
        function = arg(name, doc=doc)(function)
    return function


@func
@_scale_args
@_cell_errors
def VPSCALE(
    boards: Any,
    k: Any = None,
    form: Any = None,
    vp_total: Any = None,
    negative: Any = None,
    rounding: Any = None,
    tables: Any = None,
) -> Grid:
    """Victory-point scale for a match: one row per result from the draw up (negative VPs
    after T-0), with columns from, to (blank on the open top band), winner VP, loser VP.
    Bounds are IMPs (points for aggregate, percentages for pairs)."""
    scale = _scale(boards, k, form, vp_total, negative, rounding, tables)
    return [list(row) for row in scale.rows()]


@func
@arg("margin", ndim=2, doc="IMP margin (points for aggregate, MP % for pairs): a cell or range.")
@_scale_args
@_cell_errors
def VP(
    margin: Any,
    boards: Any,
    k: Any = None,
    form: Any = None,
    vp_total: Any = None,
    negative: Any = None,
    rounding: Any = None,
    tables: Any = None,
) -> Grid:
    """Victory points for each margin on a Gaussian scale; same shape as margin, blank
    cells stay blank. A negative margin gets the loser's VPs."""
    scale = _scale(boards, k, form, vp_total, negative, rounding, tables)
    return _to_cells(scale.vp(validate.margins("margin", margin)))


@func
@arg("margin", ndim=2, doc="IMP margin: a cell or range.")
@arg("boards", doc="Boards in the match (1–200).")
@_cell_errors
def VP_WBF(margin: Any, boards: Any) -> Grid:
    """Victory points on the WBF 2013 continuous scale, to 2 decimals; same shape as
    margin, blank cells stay blank."""
    values = validate.margins("margin", margin)
    return _to_cells(wbf_vp(values, boards))


@func
@arg("points", ndim=2, doc="Point difference: a cell or range.")
@_cell_errors
def IMPS(points: Any) -> Grid:
    """IMPs for each point difference (Law 78B table); same shape, blank cells stay blank."""
    return _to_cells(imps(validate.margins("points", points)))
