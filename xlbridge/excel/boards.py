"""The Excel functions that score a board: matchpoints (MATCHPOINTS, WEIGHTED_MP, NEUBERG),
cross-IMPs (CROSS_IMPS), Butler and Bastille against a datum (DATUM, BUTLER_IMPS), and the
score of a contract (CONTRACT_SCORE)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
from xlwings import arg

from xlbridge.errors import InputError
from xlbridge.excel.cells import (
    MAX_RESULTS,
    Grid,
    args_with_help,
    blank,
    blank_range,
    cell_errors,
    excel_function,
    text_option,
    to_cells,
)
from xlbridge.scoring import checks
from xlbridge.scoring.boards.cross_imps import cross_imps
from xlbridge.scoring.boards.datums import butler_imps, datum
from xlbridge.scoring.boards.frequencies import WEIGHT_TOLERANCE
from xlbridge.scoring.boards.matchpoints import matchpoints, neuberg

_R = TypeVar("_R")


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
    if blank_range(weights):
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


#: Board results are sums of fractions (11.4 may come out as 11.399999999999999); they are
#: rounded to this many decimals so that equal results look and compare equal in a sheet.
RESULT_DECIMALS = 10


def _per_row(result: Any, rows: int) -> Grid:
    """One result per traveller row (a column), blank for rows that did not play."""
    column = np.full(rows, np.nan)
    column[result.entry - 1] = np.round(result.value, RESULT_DECIMALS)
    return to_cells(column[:, None])


def _one_board(entry: np.ndarray) -> np.ndarray:
    return np.zeros(entry.shape, dtype=int)


#: The ``scoring`` argument of the matchpoint functions: the command line's --method names.
SCORING_DOC = "mp (2 per win, default; also spelt english), acbl (1 per win), percent or ascherman."

_TRAVELLER_DOCS = {
    "scores": "Traveller: one row per table, one column per component of an assigned score "
    "(scores of the side being scored).",
    "weights": "Weights of the components, same shape as scores (blank = 1 for a single result).",
}


_traveller_args = args_with_help(_TRAVELLER_DOCS, ndim=2)


@excel_function
@_traveller_args
@arg("scoring", doc=SCORING_DOC)
@arg("expected", doc="Neuberg: the number of results the board should have had.")
@cell_errors
def MATCHPOINTS(
    scores: Any, weights: Any = None, scoring: Any = None, expected: Any = None
) -> Grid:
    """Matchpoints of each table on one board, assigned weighted scores scored right (each
    component as a fractional frequency, Law 12C1(c)); one value per row."""
    target = None if blank(expected) else checks.whole_number("expected", expected, 2, MAX_RESULTS)
    entry, score, weight, rows = _components(
        scores, weights, results_needed=2 if target is None else 1
    )
    played = np.unique(entry).size
    if target is not None and target < played:
        raise InputError(
            f"expected must be at least the number of results ({played}), got {target}"
        )
    result = matchpoints(
        _one_board(entry), entry, score, weight, text_option("scoring", scoring, "mp"), target
    )
    return _per_row(result, rows)


@excel_function
@arg("field", ndim=2, doc="The board's other results (one cell each; blanks ignored).")
@arg("scores", ndim=2, doc="The components of the assigned score.")
@arg("weights", ndim=2, doc="Their weights, adding up to 1.")
@arg("scoring", doc=SCORING_DOC)
@cell_errors
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
    result = matchpoints(
        _one_board(entry), entry, score, weight, text_option("scoring", scoring, "mp")
    )
    return [[round(float(result.value[-1]), RESULT_DECIMALS)]]


@excel_function
@arg("mp", ndim=2, doc="Matchpoints scored among the results the board had (a cell or a range).")
@arg("results", doc="How many results the board had.")
@arg("expected", doc="How many results it should have had.")
@arg("scoring", doc=SCORING_DOC)
@cell_errors
def NEUBERG(mp: Any, results: Any, expected: Any, scoring: Any = None) -> Grid:
    """Neuberg's formula: matchpoints on a board with fewer results than expected, factored to
    the full field: (MP + 1)·E/A − 1 on the 2-per-win scale; same shape as mp."""
    points = checks.margins("mp", mp)
    actual = checks.whole_number("results", results, 1, MAX_RESULTS)
    target = checks.whole_number("expected", expected, 2, MAX_RESULTS)
    present = ~np.isnan(points)
    factored = np.full(points.shape, np.nan)
    factored[present] = neuberg(
        points[present], actual, target, text_option("scoring", scoring, "mp")
    )
    return to_cells(factored)


@excel_function
@_traveller_args
@arg(
    "divisor",
    doc="comparisons (N−1, default; EBU, BBO), scores (N, De Wael) or none (the sum).",
)
@cell_errors
def CROSS_IMPS(scores: Any, weights: Any = None, divisor: Any = None) -> Grid:
    """Cross-IMPs of each table on one board: every component against every other table's
    components, weighted; one value per row."""
    entry, score, weight, rows = _components(scores, weights)
    result = cross_imps(
        _one_board(entry), entry, score, weight, text_option("divisor", divisor, "comparisons")
    )
    return _per_row(result, rows)


_DATUM_DOCS = {
    "trim": "Weight dropped from each end before averaging (default 1 with more than 3 "
    "results, else 0).",
    "method": "butler (rounded to 10, default) or bastille (unrounded, continuous IMPs).",
    "rounding": "Butler: an exact 5 goes away from zero (away, default: 425 → 430, −445 → "
    "−450) or to the even ten (even: 425 → 420, 435 → 440).",
}


_datum_args = args_with_help(_DATUM_DOCS)


@excel_function
@_traveller_args
@_datum_args
@cell_errors
def DATUM(
    scores: Any, weights: Any = None, trim: Any = None, method: Any = None, rounding: Any = None
) -> Grid:
    """The board's datum: the weighted mean of its scores after trimming each end, rounded to
    the nearest 10 for Butler (an exact 5 away from zero, or to the even ten), unrounded for
    Bastille."""
    result, _ = _against_datum(datum, scores, weights, trim, method, rounding)
    return [[float(result.value[0])]]


@excel_function
@_traveller_args
@_datum_args
@cell_errors
def BUTLER_IMPS(
    scores: Any, weights: Any = None, trim: Any = None, method: Any = None, rounding: Any = None
) -> Grid:
    """IMPs of each table against the board's datum (Butler: IMP table; Bastille: continuous
    IMPs); one value per row."""
    result, rows = _against_datum(butler_imps, scores, weights, trim, method, rounding)
    return _per_row(result, rows)


def _against_datum(
    scorer: Callable[..., _R], scores: Any, weights: Any, trim: Any, method: Any, rounding: Any
) -> tuple[_R, int]:
    """``scorer`` (datum or butler_imps) of the one board in ``scores``, with the datum's
    options read from their cells; its result and the number of traveller rows."""
    entry, score, weight, rows = _components(scores, weights)
    options = (
        _trim(trim),
        text_option("method", method, "butler"),
        text_option("rounding", rounding, "away"),
    )
    return scorer(_one_board(entry), entry, score, weight, *options), rows


def _trim(value: Any) -> float | None:
    return None if blank(value) else checks.number("trim", value)


@excel_function
@arg("contract", ndim=2, doc="Contracts: 4S, 4♠, 3NT, 3N, 4HX, 4H*, 4HXX or PASS (a column).")
@arg("declarer", ndim=2, doc="Declarer of each contract: N, E, S or W.")
@arg("result", ndim=2, doc="Tricks taken (10), or the result as text: =, +1, -2.")
@arg("board", ndim=2, doc="Board number of each row, or one for all (sets vulnerability).")
@cell_errors
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
    played = np.array([not blank(cell) for cell in flat[0]], dtype=bool)
    stray = ~played & np.array(
        [not (blank(d) and blank(r)) for d, r in zip(flat[1], flat[2], strict=True)], dtype=bool
    )
    if stray.any():
        row = int(np.flatnonzero(stray)[0]) + 1
        raise InputError(f"row {row}: a declarer or result without a contract (contract blank)")
    for row, cell in enumerate(flat[3].tolist()):
        if not played[row] and not blank(cell) and board_problem(cell):
            raise InputError(f"row {row + 1}: {board_problem(cell)}")
    scores = np.full(rows, np.nan)
    if played.any():
        index = np.flatnonzero(played)
        try:
            scores[index] = contract_scores(*(value[index] for value in flat))
        except RowError as error:
            raise InputError(f"row {index[error.row] + 1}: {error.detail}") from None
    return to_cells(scores.reshape(cells[0].shape))
