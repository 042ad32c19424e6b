"""The Excel functions of Project 52 handicaps: a newcomer's start (HANDICAP_START), an
entry's expected result (HANDICAP_EXPECTED) and each player's change (HANDICAP_DELTA)."""

from __future__ import annotations

from typing import Any

import numpy as np
from xlwings import arg

from xlbridge.errors import InputError
from xlbridge.excel.cells import (
    MAX_COMPETITION_BOARDS,
    Grid,
    args_with_help,
    blank_range,
    cell_errors,
    excel_function,
    optional,
    text_option,
    to_cells,
)
from xlbridge.scoring import checks, handicap
from xlbridge.scoring.imps import MAX_IMPS

_HANDICAP_DOCS = {
    "form": "pairs (default), individual, or teams (a single team match; also spelt team).",
    "method": "topscore (matchpoint %, default) or imp (IMPs per board).",
    "datum": "TRUE when the event was scored against a datum (Butler).",
}
_handicap_args = args_with_help(_HANDICAP_DOCS)


def _handicap_options(form: Any, method: Any, datum: Any) -> tuple[str, str, bool]:
    return (
        checks.choice("form", text_option("form", form, "pairs"), handicap.FORMS),
        checks.choice("method", text_option("method", method, "topscore"), handicap.METHODS),
        checks.flag("datum", optional(datum)),
    )


def _field(field: Any, form: str, rows: np.ndarray) -> np.ndarray:
    """Every entry's handicap (pairs, individual; blanks ignored), or the opponents' (team)."""
    values = checks.margins("field", field)
    if form != "team":
        given: np.ndarray = values[~np.isnan(values)]
        return given
    if values.size == 1:
        return np.full(rows.shape, values.item())
    if values.shape != rows.shape:
        raise InputError("field must be one cell or the same shape as own for form team")
    return values


def _played(played: Any, shape: tuple[int, ...], boards: int) -> np.ndarray:
    """Boards each entry played: one cell or one per entry, blank meaning all ``boards``."""
    if blank_range(played):
        return np.full(shape, float(boards))
    given = checks.margins("played", played)
    if given.size == 1:
        given = np.full(shape, given.item())
    elif given.shape != shape:
        raise InputError("played must be one cell or the same shape as own")
    return np.where(np.isnan(given), float(boards), given)


def _above_average(values: np.ndarray, method: str) -> np.ndarray:
    """Results as typed (60.8 % for topscore) as points above average."""
    if method != "topscore":
        outside = np.abs(values) > MAX_IMPS
        if outside.any():
            raise InputError(
                f"achieved must be IMPs per board from -{MAX_IMPS} to {MAX_IMPS} for method imp, "
                f"got {checks.shown(float(values[outside][0]))}"
            )
        return values
    outside = (values < 0) | (values > 100)
    if outside.any():
        raise InputError(
            "achieved must be a percentage from 0 to 100 for method topscore, "
            f"got {checks.shown(float(values[outside][0]))}"
        )
    return values - handicap.AVERAGE_PERCENT


@excel_function
@arg("masterpoints", ndim=2, doc="Master points (a cell or range).")
@cell_errors
def HANDICAP_START(masterpoints: Any) -> Grid:
    """Start handicap of a newcomer from master points, 52/(1 + 0.01·M) (Project 52): 50
    master points give 34.7, 300 give 13.0. Blank cells stay blank."""
    points = checks.margins("masterpoints", masterpoints)
    start = np.full(points.shape, np.nan)
    known = ~np.isnan(points)
    start[known] = handicap.start_handicap(points[known])
    return to_cells(start)


@excel_function
@arg("own", ndim=2, doc="The entry's handicap (a pair's is its players' mean): a cell or range.")
@arg("field", ndim=2, doc="Every entry's handicap, own included; for team the opponents'.")
@_handicap_args
@cell_errors
def HANDICAP_EXPECTED(
    own: Any, field: Any, form: Any = None, method: Any = None, datum: Any = None
) -> Grid:
    """Expected result of an entry from the handicaps (Project 52): a matchpoint % for
    topscore (a pair of 13.0 among pairs of 34.7 expects 60.8), IMPs per board for imp."""
    form_, method_, datum_ = _handicap_options(form, method, datum)
    own_h = checks.margins("own", own)
    known = ~np.isnan(own_h)
    opponents = _field(field, form_, own_h)
    field_h = opponents[known] if form_ == "team" else opponents
    expected = np.full(own_h.shape, np.nan)
    expected[known] = handicap.expected_result(own_h[known], field_h, form_, method_, datum_)
    return to_cells(expected + (handicap.AVERAGE_PERCENT if method_ == "topscore" else 0.0))


@excel_function
@arg("own", ndim=2, doc="The entry's handicap (a pair's is its players' mean): a cell or range.")
@arg("field", ndim=2, doc="Every entry's handicap, own included; for team the opponents'.")
@arg("achieved", ndim=2, doc="The result achieved, same shape as own: % (topscore) or IMPs/board.")
@arg("boards", doc="Boards in the competition.")
@arg("played", ndim=2, doc="Boards the player played (default: all); a cell or like own.")
@_handicap_args
@cell_errors
def HANDICAP_DELTA(
    own: Any,
    field: Any,
    achieved: Any,
    boards: Any,
    played: Any = None,
    form: Any = None,
    method: Any = None,
    datum: Any = None,
) -> Grid:
    """Handicap change of each player of each entry (Project 52), before the cap at 52: 10 %
    better than expected over 24 boards among 12 pairs gives −1.06. Blank results stay blank."""
    form_, method_, datum_ = _handicap_options(form, method, datum)
    own_h = checks.margins("own", own)
    result = checks.margins("achieved", achieved)
    if result.shape != own_h.shape:
        raise InputError("achieved must be the same shape as own")
    n_b = checks.whole_number("boards", boards, 1, MAX_COMPETITION_BOARDS)
    n_g = _played(played, own_h.shape, n_b)
    opponents = _field(field, form_, own_h)
    rows = ~np.isnan(own_h) & ~np.isnan(result)
    change = np.full(own_h.shape, np.nan)
    change[rows] = handicap.handicap_change(
        own_h[rows],
        opponents[rows] if form_ == "team" else opponents,
        _above_average(result[rows], method_),
        n_b,
        n_g[rows],
        form_,
        method_,
        datum_,
    )
    return to_cells(change)
