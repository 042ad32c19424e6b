"""xlbridge's Excel functions.

A thin adapter over :mod:`xlbridge.scoring`: it coerces cells, lets the core validate, calls it,
and turns bad input into an Excel error whose message names the argument. The same module
serves the classic Windows add-in, xlwings Lite and xlwings Server, so it uses only
``xlwings.func``/``arg``/``ret`` and positional parameters with defaults. Blank optional
cells arrive as None and mean "the default"; blank cells inside a range give blank results.

Every function answers with a right number or an error naming the argument, never a raw
Python exception: Excel error cells (#N/A, #DIV/0! …) in any argument are an error (not
blanks: every argument is read with xlwings' ``err_to_str``, see the end of the module);
TRUE/FALSE are never numbers, and FALSE or 0 never stands for "the default" of a text
option; every number is bounded (see :data:`xlbridge.scoring.checks.LARGEST`), so no call
allocates without limit; and no result holds inf or NaN.
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
import xlwings
from xlwings import arg, func

from xlbridge.errors import InputError
from xlbridge.scoring import checks, handicap
from xlbridge.scoring.cross_imps import cross_imps
from xlbridge.scoring.datums import butler_imps, datum
from xlbridge.scoring.fit import audit, average_plus, fit_k
from xlbridge.scoring.frequencies import WEIGHT_TOLERANCE
from xlbridge.scoring.imps import imps
from xlbridge.scoring.matchpoints import matchpoints, neuberg
from xlbridge.scoring.scales import VPScale, vp_scale
from xlbridge.scoring.swiss import LAST_ADD, late_entry, played_matrix, swiss_draw
from xlbridge.scoring.wbf import wbf_vp
from xlbridge.scoring.wbf_discrete import wbf_discrete_vp

_F = TypeVar("_F", bound=Callable[..., Any])

#: The category the classic add-in files the functions under in Excel's function wizard.
CATEGORY = "xlbridge"

Grid = list[list[Any]]

#: Upper bounds of the size arguments (every other number is bounded by checks.LARGEST):
#: results a board has or should have had, boards of a handicap competition, sessions of a
#: Swiss. Far above any event; they keep a typing error from computing nonsense.
MAX_RESULTS = checks.MAX_RESULTS
MAX_COMPETITION_BOARDS = 1_000
MAX_SESSIONS = 100


#: Excel's error values, as they reach a function read with ``err_to_str``.
EXCEL_ERRORS = frozenset(
    (
        "#NULL!",
        "#DIV/0!",
        "#VALUE!",
        "#REF!",
        "#NAME?",
        "#NUM!",
        "#N/A",
        "#GETTING_DATA",
        "#SPILL!",
        "#CONNECT!",
        "#BLOCKED!",
        "#UNKNOWN!",
        "#FIELD!",
        "#CALC!",
        "#BUSY!",
        "#DATA!",
        "#PYTHON!",
    )
)

#: The words of an error that is no fault of the user's input; tests look for them.
INTERNAL_ERROR = "could not compute this (an internal error)"


def _excel_error(cell: Any) -> str | None:
    """The Excel error a cell holds (its text, or Office.js's error object), else None."""
    if isinstance(cell, str):
        return cell if cell in EXCEL_ERRORS else None
    if isinstance(cell, dict) and cell.get("type") == "Error":
        return str(cell.get("basicValue") or f"#{cell.get('errorType', 'ERROR')}")
    return None


def _junk(cell: Any) -> str | None:
    """Why a cell can be no argument at all (an Excel error, NaN, inf, a number beyond any
    cell's), else None."""
    error = _excel_error(cell)
    if error is not None:
        return f"the Excel error {error}"
    if isinstance(cell, float) and not math.isfinite(cell):
        return f"{cell}, which is not a number a cell holds"
    if isinstance(cell, int) and not isinstance(cell, bool) and abs(cell) > checks.LARGEST:
        return f"{checks.shown(cell)}, beyond the largest number accepted (1e12)"
    return None


def _reject_junk(names: list[str], args: tuple[Any, ...]) -> None:
    """An InputError naming the argument (and cell) of the first junk cell of ``args``.

    The usual one-cell arguments are let through inline (this runs on every call, and a
    cached VPSCALE costs little more than a dictionary lookup); the rest go the careful way.
    """
    for name, value in zip(names, args, strict=False):
        kind = type(value)
        if kind is float:
            if value - value == 0.0:  # NaN and ±inf give NaN
                continue
        elif value is None or kind is bool:
            continue
        elif kind is int:
            if -checks.LARGEST <= value <= checks.LARGEST:
                continue
        elif kind is str and value not in EXCEL_ERRORS:
            continue
        _reject_junk_in(name, value)


def _reject_junk_in(name: str, value: Any) -> None:
    if not isinstance(value, list):
        why = _junk(value)
        if why is not None:
            raise InputError(f"{name} is {why}")
        return
    for r, row in enumerate(value):
        for c, cell in enumerate(row if isinstance(row, list) else [row]):
            why = _junk(cell)
            if why is not None:
                raise InputError(f"{name} holds {why} (row {r + 1}, column {c + 1})")


def _finite(name: str, result: Any) -> Any:
    """``result`` unless a number in it is inf or NaN (a safety net: bounds come first)."""
    rows = result if isinstance(result, list) else [[result]]
    for row in rows:
        for cell in row if isinstance(row, list) else [row]:
            if isinstance(cell, float) and not math.isfinite(cell):
                raise InputError(f"{name}: the result is too large to show; check the inputs")
    return result


#: Results already computed from checked arguments, by function name: a function's lookup
#: gives the result for these arguments, or None (VPSCALE's card cache).
_CACHED: dict[str, Callable[[tuple[Any, ...]], Any]] = {}


def _cell_errors(function: _F) -> _F:
    """Report an :class:`InputError` as an Excel error carrying its message; any other
    failure as an error saying so, never a Python exception in a cell."""
    names = list(inspect.signature(function).parameters)
    name = function.__name__

    @functools.wraps(function)
    def wrapper(*args: Any) -> Any:
        cached = _CACHED.get(name)
        if cached is not None:
            result = cached(args)
            if result is not None:  # only checked arguments got into the cache
                return result
        try:
            _reject_junk(names, args)
            return _finite(name, function(*args))
        except InputError as error:
            raise xlwings.XlwingsError(str(error)) from None
        except Exception as error:  # noqa: BLE001 - a cell must never show a traceback
            raise xlwings.XlwingsError(
                f"{function.__name__} {INTERNAL_ERROR}: {type(error).__name__}"
            ) from None

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


def _text(name: str, value: Any, default: str) -> str:
    """A text option: ``default`` when blank; anything but text (FALSE, 0) is an error."""
    if _blank(value):
        return default
    if not isinstance(value, str):
        raise InputError(f"{name} must be text (or blank for {default}), got {checks.shown(value)}")
    return value


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
    values = [_optional(cell) for cell in cells]
    for position, (name, default) in _SCALE_TEXT.items():
        if position < len(values) and values[position] is not None:
            values[position] = _text(name, values[position], default)
    if len(values) > 6:
        _tables(values[6])  # checked even where the form does not use it
    return vp_scale(*values)


def _tables(tables: Any) -> int | None:
    """Tables in play, when given: a whole number of at least 2 (any form)."""
    return None if _blank(tables) else checks.whole_number("tables", tables, 2)


def _args_with_help(docs: dict[str, str], **options: Any) -> Callable[[_F], _F]:
    """A decorator attaching the help text (and conversion ``options``) of shared arguments."""

    def attach(function: _F) -> _F:
        for name, doc in docs.items():
            function = arg(name, doc=doc, **options)(function)
        return function

    return attach


_scale_args = _args_with_help(_SCALE_DOCS)


@func(category=CATEGORY)
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
    if True in cells or False in cells:  # cheap: == finds 1 and 0 as well as TRUE and FALSE
        # To a dictionary TRUE is 1: the key says which cells were TRUE/FALSE, so that
        # VPSCALE(TRUE) is never served the card of VPSCALE(1).
        return (*cells, *(type(cell) is bool for cell in cells))
    return cells


def _cached_scale_rows(cells: tuple[Any, ...]) -> Grid | None:
    """A copy of the rows of the scale for these VPSCALE cells if built already, else None."""
    try:
        rows = _SCALE_ROWS.get(_scale_key(cells))
    except TypeError:  # a range where one cell belongs: the checks will say so
        return None
    return None if rows is None else [row.copy() for row in rows]


_VPSCALE_ARGS = len(inspect.signature(VPSCALE).parameters)  # every argument, blanks included
_BLANKS = [(None,) * (_VPSCALE_ARGS - given) for given in range(_VPSCALE_ARGS)]
_CACHED["VPSCALE"] = _cached_scale_rows


def _scale_rows(cells: tuple[Any, ...]) -> Grid:
    """A copy of the rows of the scale for these VPSCALE cells, built once."""
    cached = _cached_scale_rows(cells)
    if cached is not None:
        return cached
    rows = _finite("VPSCALE", [list(row) for row in _scale(*cells).rows()])
    key = _scale_key(cells)
    try:
        hash(key)
    except TypeError:  # a range where one cell belongs (the checks said so already)
        return rows
    if len(_SCALE_ROWS) >= _SCALE_ROWS_SIZE:
        _SCALE_ROWS.clear()
    _SCALE_ROWS[key] = rows
    return [row.copy() for row in rows]


@func(category=CATEGORY)
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
    bounds: Any = None,
) -> Grid:
    """Victory points for each margin on a Gaussian scale; same shape as margin, blank
    cells stay blank. A negative margin gets the loser's VPs."""
    scale = _scale(boards, k, form, vp_total, negative, rounding, tables, bounds)
    return _to_cells(scale.vp(checks.margins("margin", margin)))


@func(category=CATEGORY)
@arg("margin", ndim=2, doc="IMP margin: a cell or range.")
@arg("boards", doc="Boards in the match (1–200).")
@arg("discrete", doc="TRUE for whole VPs from the WBF discrete table (the EBU's teams tables).")
@_cell_errors
def VP_WBF(margin: Any, boards: Any, discrete: Any = None) -> Grid:
    """Victory points on the WBF 2013 scale: continuous to 2 decimals, or with discrete
    TRUE whole VPs from the discrete table; same shape as margin, blank cells stay blank."""
    values = checks.margins("margin", margin)
    if checks.flag("discrete", _optional(discrete)):
        return _to_cells(wbf_discrete_vp(values, boards))
    return _to_cells(wbf_vp(values, boards))


@func(category=CATEGORY)
@arg("points", ndim=2, doc="Point difference: a cell or range.")
@_cell_errors
def IMPS(points: Any) -> Grid:
    """IMPs for each point difference (Law 78B table); same shape, blank cells stay blank."""
    return _to_cells(imps(checks.margins("points", points)))


# --- scoring a board ------------------------------------------------------------------------


def _components(
    scores: Any, weights: Any, *, results_needed: int = 2
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """An N×K traveller block as component arrays (entry row, score, weight) and N.

    A row holds one table's result: a plain result fills the first column, an assigned
    weighted score one column per component. A blank score cell is no component; a row with no
    score is a table that did not play and gets a blank result. A blank weight next to a
    row's only score means 1. Weights are checked here so that messages name the sheet's rows.
    """
    score_grid = np.atleast_2d(checks.margins("scores", scores))
    rows = score_grid.shape[0]
    weight_grid = _weight_grid(weights, score_grid.shape)
    present = ~np.isnan(score_grid)
    given = ~np.isnan(weight_grid)
    single = present.sum(axis=1) == 1
    weight_grid = np.where(~given & present & single[:, None], 1.0, weight_grid)
    _first_bad_row(present & np.isnan(weight_grid), "weights must be given for every component")
    _first_bad_row(given & ~present, "weights must stand beside a score")
    _first_bad_row(given & (weight_grid < 0), "weights must be at least 0")
    sums = np.where(present, weight_grid, 0).sum(axis=1)
    off = present.any(axis=1) & (np.abs(sums - 1) > WEIGHT_TOLERANCE)
    if off.any():
        row = int(np.flatnonzero(off)[0])
        raise InputError(f"weights of row {row + 1} must add up to 1, got {sums[row]:.12g}")
    played = int(present.any(axis=1).sum())
    if played < results_needed:
        need = f"{results_needed} result{'' if results_needed == 1 else 's'}"
        raise InputError(f"scores must hold at least {need}, got {played}")
    entry, column = np.nonzero(present)
    return entry + 1, score_grid[entry, column], weight_grid[entry, column], rows


def _weight_grid(weights: Any, shape: tuple[int, ...]) -> np.ndarray:
    """The weights block (all NaN when left out), the same shape as the scores."""
    if _blank_range(weights):
        return np.full(shape, np.nan)
    grid = np.atleast_2d(checks.margins("weights", weights))
    if grid.shape != shape:
        want, got = "×".join(map(str, shape)), "×".join(map(str, grid.shape))
        raise InputError(f"weights must be the same shape as scores ({want}), got {got}")
    return grid


def _first_bad_row(bad: np.ndarray, message: str) -> None:
    if bad.any():
        row, column = (int(i) for i in np.argwhere(bad)[0])
        raise InputError(f"{message}: row {row + 1}, column {column + 1}")


def _range(value: Any) -> Grid:
    """A range argument as rows of cells (one cell, a blank, is a 1×1 range)."""
    if not isinstance(value, list):
        return [[value]]
    return [row if isinstance(row, list) else [row] for row in value]


def _blank_range(value: Any) -> bool:
    cells = value if isinstance(value, list) else [[value]]
    return all(_blank(cell) for row in cells for cell in (row if isinstance(row, list) else [row]))


#: Board results are sums of fractions (11.4 may come out as 11.399999999999999); they are
#: rounded to this many decimals so that equal results look and compare equal in a sheet.
RESULT_DECIMALS = 10


def _per_row(result: Any, rows: int) -> Grid:
    """One result per traveller row (a column), blank for rows that did not play."""
    column = np.full(rows, np.nan)
    column[result.entry - 1] = np.round(result.value, RESULT_DECIMALS)
    return _to_cells(column[:, None])


def _one_board(entry: np.ndarray) -> np.ndarray:
    return np.zeros(entry.shape, dtype=int)


#: The ``scoring`` argument of the matchpoint functions: the command line's --method names.
SCORING_DOC = "mp (2 per win, default; also spelt english), acbl (1 per win), percent or ascherman."

_TRAVELLER_DOCS = {
    "scores": "Traveller: one row per table, one column per component of an assigned score "
    "(scores of the side being scored).",
    "weights": "Weights of the components, same shape as scores (blank = 1 for a single result).",
}


_traveller_args = _args_with_help(_TRAVELLER_DOCS, ndim=2)


@func(category=CATEGORY)
@_traveller_args
@arg("scoring", doc=SCORING_DOC)
@arg("expected", doc="Neuberg: the number of results the board should have had.")
@_cell_errors
def MATCHPOINTS(
    scores: Any, weights: Any = None, scoring: Any = None, expected: Any = None
) -> Grid:
    """Matchpoints of each table on one board, assigned weighted scores scored right (each
    component as a fractional frequency, Law 12C1(c)); one value per row."""
    target = None if _blank(expected) else checks.whole_number("expected", expected, 2, MAX_RESULTS)
    entry, score, weight, rows = _components(
        scores, weights, results_needed=2 if target is None else 1
    )
    played = np.unique(entry).size
    if target is not None and target < played:
        raise InputError(
            f"expected must be at least the number of results ({played}), got {target}"
        )
    result = matchpoints(
        _one_board(entry), entry, score, weight, _text("scoring", scoring, "mp"), target
    )
    return _per_row(result, rows)


@func(category=CATEGORY)
@arg("field", ndim=2, doc="The board's other results (one cell each; blanks ignored).")
@arg("scores", ndim=2, doc="The components of the assigned score.")
@arg("weights", ndim=2, doc="Their weights, adding up to 1.")
@arg("scoring", doc=SCORING_DOC)
@_cell_errors
def WEIGHTED_MP(field: Any, scores: Any, weights: Any, scoring: Any = None) -> Grid:
    """Matchpoints of one assigned weighted score against the board's other results, each
    component counted as a fractional frequency (Law 12C1(c): 60 % of 430 and 40 % of 400 → 7.00
    of a top of 16)."""
    others = checks.margins("field", field).ravel()
    others = others[~np.isnan(others)]
    parts = checks.margins("scores", scores).ravel()
    shares = checks.margins("weights", weights).ravel()
    if parts.size != shares.size:
        raise InputError(f"weights must have one cell per score ({parts.size}), got {shares.size}")
    keep = ~np.isnan(parts)
    if (~keep & ~np.isnan(shares)).any():
        raise InputError("weights must stand beside a score, got a weight next to a blank")
    if others.size == 0:
        raise InputError("field must hold at least 1 other result, got none")
    entry = np.concatenate([np.arange(others.size), np.full(int(keep.sum()), others.size)])
    score = np.concatenate([others, parts[keep]])
    weight = np.concatenate([np.ones(others.size), shares[keep]])
    result = matchpoints(_one_board(entry), entry, score, weight, _text("scoring", scoring, "mp"))
    return [[round(float(result.value[-1]), RESULT_DECIMALS)]]


@func(category=CATEGORY)
@arg("mp", ndim=2, doc="Matchpoints scored among the results the board had (a cell or a range).")
@arg("results", doc="How many results the board had.")
@arg("expected", doc="How many results it should have had.")
@arg("scoring", doc=SCORING_DOC)
@_cell_errors
def NEUBERG(mp: Any, results: Any, expected: Any, scoring: Any = None) -> Grid:
    """Neuberg's formula: matchpoints on a board with fewer results than expected, factored to
    the full field: (MP + 1)·E/A − 1 on the 2-per-win scale; same shape as mp."""
    points = checks.margins("mp", mp)
    actual = checks.whole_number("results", results, 1, MAX_RESULTS)
    target = checks.whole_number("expected", expected, 2, MAX_RESULTS)
    present = ~np.isnan(points)
    factored = np.full(points.shape, np.nan)
    factored[present] = neuberg(points[present], actual, target, _text("scoring", scoring, "mp"))
    return _to_cells(factored)


@func(category=CATEGORY)
@_traveller_args
@arg("divisor", doc="comparisons (N−1, default; EBU, BBO) or scores (N, De Wael).")
@_cell_errors
def CROSS_IMPS(scores: Any, weights: Any = None, divisor: Any = None) -> Grid:
    """Cross-IMPs of each table on one board: every component against every other table's
    components, weighted; one value per row."""
    entry, score, weight, rows = _components(scores, weights)
    result = cross_imps(
        _one_board(entry), entry, score, weight, _text("divisor", divisor, "comparisons")
    )
    return _per_row(result, rows)


_DATUM_DOCS = {
    "trim": "Weight dropped from each end before averaging (default 1 with more than 3 "
    "results, else 0).",
    "method": "butler (rounded to 10, default) or bastille (unrounded, continuous IMPs).",
    "rounding": "Butler: an exact 5 goes away from zero (away, default: 425 → 430, −445 → "
    "−450) or to the even ten (even: 425 → 420, 435 → 440).",
}


_datum_args = _args_with_help(_DATUM_DOCS)


@func(category=CATEGORY)
@_traveller_args
@_datum_args
@_cell_errors
def DATUM(
    scores: Any, weights: Any = None, trim: Any = None, method: Any = None, rounding: Any = None
) -> Grid:
    """The board's datum: the weighted mean of its scores after trimming each end, rounded to
    the nearest 10 for Butler (an exact 5 away from zero, or to the even ten), unrounded for
    Bastille."""
    entry, score, weight, _ = _components(scores, weights)
    result = datum(
        _one_board(entry),
        entry,
        score,
        weight,
        _trim(trim),
        _text("method", method, "butler"),
        _text("rounding", rounding, "away"),
    )
    return [[float(result.value[0])]]


@func(category=CATEGORY)
@_traveller_args
@_datum_args
@_cell_errors
def BUTLER_IMPS(
    scores: Any, weights: Any = None, trim: Any = None, method: Any = None, rounding: Any = None
) -> Grid:
    """IMPs of each table against the board's datum (Butler: IMP table; Bastille: continuous
    IMPs); one value per row."""
    entry, score, weight, rows = _components(scores, weights)
    result = butler_imps(
        _one_board(entry),
        entry,
        score,
        weight,
        _trim(trim),
        _text("method", method, "butler"),
        _text("rounding", rounding, "away"),
    )
    return _per_row(result, rows)


def _trim(value: Any) -> float | None:
    return None if _blank(value) else checks.number("trim", value)


# --- handicaps (Project 52) -----------------------------------------------------------------

_HANDICAP_DOCS = {
    "form": "pairs (default), individual, or teams (a single team match; also spelt team).",
    "method": "topscore (matchpoint %, default) or imp (IMPs per board).",
    "datum": "TRUE when the event was scored against a datum (Butler).",
}
_handicap_args = _args_with_help(_HANDICAP_DOCS)


def _handicap_options(form: Any, method: Any, datum: Any) -> tuple[str, str, bool]:
    return (
        checks.choice("form", _text("form", form, "pairs"), handicap.FORMS),
        checks.choice("method", _text("method", method, "topscore"), handicap.METHODS),
        checks.flag("datum", _optional(datum)),
    )


def _field(field: Any, form: str, rows: np.ndarray) -> np.ndarray:
    """Every entry's handicap (pairs, individual; blanks ignored), or the opponents' (team)."""
    values = checks.margins("field", field)
    if form != "team":
        return values[~np.isnan(values)]
    if values.size == 1:
        return np.full(rows.shape, values.item())
    if values.shape != rows.shape:
        raise InputError("field must be one cell or the same shape as own for form team")
    return values


def _played(played: Any, shape: tuple[int, ...], boards: int) -> np.ndarray:
    """Boards each entry played: one cell or one per entry, blank meaning all ``boards``."""
    if _blank_range(played):
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
        return values
    outside = (values < 0) | (values > 100)
    if outside.any():
        raise InputError(
            "achieved must be a percentage from 0 to 100 for method topscore, "
            f"got {checks.shown(float(values[outside][0]))}"
        )
    return values - handicap.AVERAGE_PERCENT


@func(category=CATEGORY)
@arg("masterpoints", ndim=2, doc="Master points (a cell or range).")
@_cell_errors
def HANDICAP_START(masterpoints: Any) -> Grid:
    """Start handicap of a newcomer from master points, 52/(1 + 0.01·M) (Project 52): 50
    master points give 34.7, 300 give 13.0. Blank cells stay blank."""
    points = checks.margins("masterpoints", masterpoints)
    start = np.full(points.shape, np.nan)
    known = ~np.isnan(points)
    start[known] = handicap.start_handicap(points[known])
    return _to_cells(start)


@func(category=CATEGORY)
@arg("own", ndim=2, doc="The entry's handicap (a pair's is its players' mean): a cell or range.")
@arg("field", ndim=2, doc="Every entry's handicap, own included; for team the opponents'.")
@_handicap_args
@_cell_errors
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
    return _to_cells(expected + (handicap.AVERAGE_PERCENT if method_ == "topscore" else 0.0))


@func(category=CATEGORY)
@arg("own", ndim=2, doc="The entry's handicap (a pair's is its players' mean): a cell or range.")
@arg("field", ndim=2, doc="Every entry's handicap, own included; for team the opponents'.")
@arg("achieved", ndim=2, doc="The result achieved, same shape as own: % (topscore) or IMPs/board.")
@arg("boards", doc="Boards in the competition.")
@arg("played", ndim=2, doc="Boards the player played (default: all); a cell or like own.")
@_handicap_args
@_cell_errors
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
    return _to_cells(change)


# --- scale science ----------------------------------------------------------------------------

_FIT_DOCS = {
    "margins": "Match margins: IMPs (points for aggregate, the matchpoint % for pairs).",
    "boards": "Boards of each match: one cell, or one per margin.",
}
_fit_args = _args_with_help(_FIT_DOCS, ndim=2)


@func(category=CATEGORY)
@_fit_args
@arg("form", doc="teams (default), teams8, pairs, aggregate or patton.")
@arg("level", doc="Confidence of the interval, from 0 to 1 (default 0.9).")
@_cell_errors
def FIT_K(margins: Any, boards: Any, form: Any = None, level: Any = None) -> Grid:
    """K fitted from observed match margins (S8 for pairs), pooling match lengths by the √n
    rule, with its χ² confidence interval: one row of K, low, high."""
    fit = fit_k(margins, boards, _text("form", form, "teams"), _optional(level))
    return [[fit.k, fit.low, fit.high]]


@func(category=CATEGORY)
@_fit_args
@arg("k", doc="The scale's K (the form's default when blank).")
@arg("form", doc="teams (default), teams8, pairs, aggregate or patton.")
@arg("vp_total", doc="VPs shared by the two sides (default 20).")
@arg(
    "expected_from",
    doc="fitted (default): expected counts from the K fitted to these "
    "margins; scale: from the scale's own K (what the scale was designed to give).",
)
@_cell_errors
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
        "expected_from", _text("expected_from", expected_from, "fitted"), ("fitted", "scale")
    )
    model_k = None
    form_ = _text("form", form, "teams")
    if source == "scale":
        first = np.ravel(checks.margins("boards", boards))
        model_k = vp_scale(first[0], _optional(k), form_, _optional(vp_total)).k
    report = audit(margins, boards, _optional(k), form_, _optional(vp_total), model_k=model_k)
    rows: Grid = []
    for i, label in enumerate(report.labels):
        p_value = report.p_value if i == 0 and not np.isnan(report.p_value) else None
        rows.append([label, float(report.observed[i]), float(report.expected[i]), p_value])
    return rows


@func(category=CATEGORY)
@arg("form", doc="teams (default), teams8, butler, pairs, aggregate or patton.")
@arg("boards", doc="Boards of the match (default 1).")
@arg("tables", doc="Tables in play, for form butler.")
@arg(
    "margin",
    doc="TRUE for the margin above average (pairs: 14.36 %-points) instead of the "
    "score (pairs: 64.36 %); the same number in every other form.",
)
@_cell_errors
def AVERAGE_PLUS(
    form: Any = None, boards: Any = None, tables: Any = None, margin: Any = None
) -> Grid:
    """A+ in the unit of the form's results: 3 IMPs in teams of four (Law 86A), IMPs in Butler,
    points in aggregate, a matchpoint % in Swiss pairs (64.36 for one board), carried over by
    σ of the form over σ of teams of four. For pairs this is the VP scale's equivalent of 3
    IMPs, not the 60 % of an adjusted score at matchpoints (Law 12C2)."""
    _tables(tables)
    as_margin = checks.flag("margin", _optional(margin))
    form_ = _text("form", form, "teams")
    return [[average_plus(form_, _optional(boards), _optional(tables), score=not as_margin)]]


# --- Swiss events ---------------------------------------------------------------------------


@func(category=CATEGORY)
@arg("teams", ndim=2, doc="The teams (names or numbers), one per cell.")
@arg("scores", ndim=2, doc="Each team's score so far (VPs), in the same order.")
@arg(
    "played",
    ndim=2,
    doc="Earlier matches: two columns (team, team), one row per match "
    "(BYE for a bye); or a teams × teams cross table of who met whom.",
)
@arg("seed", doc="A whole number for the random order within score groups (default 0).")
@_cell_errors
def SWISS_DRAW(teams: Any, scores: Any, played: Any = None, seed: Any = None) -> Grid:
    """The next round of a Swiss: score groups top down, random within a group, no team meeting
    another twice while that can be avoided, a bye for an odd field; one row per table (table,
    home, away), then the bye."""
    names, points = _teams_and_scores(teams, scores)
    history = _matches_played(played, names)
    order = None if _blank(seed) else checks.whole_number("seed", seed, 0)
    draw = swiss_draw(names, points, history, order)
    rows: Grid = [[table, home, away] for table, (home, away) in enumerate(draw.tables, 1)]
    if draw.bye is not None:
        rows.append(["bye", draw.bye, None])
    return rows


def _teams_and_scores(teams: Any, scores: Any) -> tuple[list[Any], list[Any]]:
    """Each team with the score beside it (same shape); rows blank in both are skipped, a
    team without a score or a score without a team is an error naming the cell."""
    team_cells = [cell for row in _range(teams) for cell in row]
    score_cells = [cell for row in _range(scores) for cell in row]
    if len(team_cells) != len(score_cells):
        raise InputError(
            f"scores must have one cell per team ({len(team_cells)}), got {len(score_cells)}"
        )
    names, points = [], []
    for i, (team, score) in enumerate(zip(team_cells, score_cells, strict=True), 1):
        if _blank(team) and _blank(score):
            continue
        if _blank(team) or _blank(score):
            missing = "teams" if _blank(team) else "scores"
            raise InputError(f"{missing} must not be blank beside a filled cell: cell {i}")
        if isinstance(team, bool):
            raise InputError(f"teams must be names or numbers, got {checks.shown(team)}")
        names.append(team)
        points.append(score)
    return names, points


def _matches_played(played: Any, teams: list[Any]) -> list[Any]:
    """Earlier matches as (team, team) pairs: two columns, or a square cross table."""
    if _blank_range(played):
        return []
    width = len(played[0])
    if width == len(played) == len(teams) and width != 2:
        return played_matrix(teams, played)
    if width != 2:
        raise InputError(
            f"played must be two columns (team, team) or a {len(teams)} × {len(teams)} cross "
            f"table, got {len(played)} × {width}"
        )
    return [tuple(row) for row in played if not all(_blank(cell) for cell in row)]


@func(category=CATEGORY)
@arg("session", ndim=2, doc="The session (round) at which the pair joins: a cell or range.")
@arg("sessions", doc="Sessions in the event.")
@arg("last_add", doc="What the last session adds (default 17).")
@_cell_errors
def LATE_ENTRY(session: Any, sessions: Any, last_add: Any = None) -> Grid:
    """Entry score of a pair joining a Swiss pairs late (J. Probst): with 6 sessions, 14,
    29, 45, 62 for sessions 3 to 6; 0 for sessions 1 and 2. Same shape as session."""
    entered = checks.margins("session", session)
    total = checks.whole_number("sessions", sessions, 1, MAX_SESSIONS)
    add = LAST_ADD if _blank(last_add) else last_add
    scores = np.full(entered.shape, np.nan)
    known = ~np.isnan(entered)
    scores[known] = late_entry(entered[known], total, add)
    return _to_cells(scores)


@func(category=CATEGORY)
@arg("contract", ndim=2, doc="Contracts: 4S, 4♠, 3NT, 3N, 4HX, 4H*, 4HXX or PASS (a column).")
@arg("declarer", ndim=2, doc="Declarer of each contract: N, E, S or W.")
@arg("result", ndim=2, doc="Tricks taken (10), or the result as text: =, +1, -2.")
@arg("board", ndim=2, doc="Board number of each row, or one for all (sets vulnerability).")
@_cell_errors
def CONTRACT_SCORE(contract: Any, declarer: Any, result: Any, board: Any) -> Grid:
    """North–South's score of each contract (Law 77), vulnerability from the board number;
    a passed-out board scores 0 and a row with a blank contract gives a blank. Type a result
    relative to the contract as text ('+1), or tricks taken as a number (a negative number
    is undertricks). One value per row."""
    from xlbridge.scoring.contract import RowError, board_problem, contract_scores

    cells = [np.asarray(value, dtype=object) for value in (contract, declarer, result, board)]
    rows = cells[0].size
    if cells[3].size == 1:
        cells[3] = np.full(cells[0].shape, cells[3].reshape(-1)[0], dtype=object)
    for name, value in zip(("declarer", "result", "board"), cells[1:], strict=True):
        if value.size != rows:
            raise InputError(f"{name} must have one cell per contract ({rows}), got {value.size}")
    flat = [value.reshape(-1) for value in cells]
    played = np.array([not _blank(cell) for cell in flat[0]], dtype=bool)
    stray = ~played & np.array(
        [not (_blank(d) and _blank(r)) for d, r in zip(flat[1], flat[2], strict=True)], dtype=bool
    )
    if stray.any():
        row = int(np.flatnonzero(stray)[0]) + 1
        raise InputError(f"row {row}: a declarer or result without a contract (contract blank)")
    for row, cell in enumerate(flat[3].tolist()):
        if not played[row] and not _blank(cell) and board_problem(cell):
            raise InputError(f"row {row + 1}: {board_problem(cell)}")
    scores = np.full(rows, np.nan)
    if played.any():
        index = np.flatnonzero(played)
        try:
            scores[index] = contract_scores(*(value[index] for value in flat))
        except RowError as error:
            raise InputError(f"row {index[error.row] + 1}: {error.detail}") from None
    return _to_cells(scores.reshape(cells[0].shape))


def _read_error_cells_as_text(namespace: dict[str, Any]) -> None:
    """Have xlwings hand every argument's Excel error cells over as their text ("#N/A")
    instead of blanks, for every Excel function defined above (those added later included),
    so that :func:`_cell_errors` can name them."""
    for function in list(namespace.values()):
        for argument in getattr(function, "__xlfunc__", {}).get("args", []):
            argument.setdefault("options", {})["err_to_str"] = True


_read_error_cells_as_text(globals())


#: Every Excel function of this module (UPPER-case names), for ``from xlbridge.udfs import *``
#: and for ``xlbridge install``, which writes modules that import them all.
__all__ = sorted(name for name, obj in list(globals().items()) if name.isupper() and callable(obj))
