"""Butler and Bastille datums, IMPs against the datum, and the IMPs of a teams board.

A board's datum is the weighted mean of its scores after dropping weight ``trim`` from each end;
Butler rounds it to the nearest 10 (``round_datum``), Bastille does not. ``butler_imps`` IMPs each
entry against its board's datum; ``teams_imps`` IMPs a teams board whose result may be a weighted
score (docs/board-scoring.md, docs/imps.md).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from xlbridge.errors import InputError
from xlbridge.scoring.boards.frequencies import (
    ComponentRows,
    EntryIndex,
    EntryScores,
    check_weight_sums,
    component_weights,
    frequencies_by_board,
    id_numbers,
    index_entries,
    parse_components,
    require_same_length,
    require_two_entries,
    required_scores,
)
from xlbridge.scoring.checks import choice, number, shown
from xlbridge.scoring.imps import continuous_imps, imps
from xlbridge.scoring.names import DATUM_METHODS, DATUM_ROUNDINGS

#: Entries a board needs before the Butler/Bastille datum drops a weight of 1 from each end.
TRIM_FROM_ENTRIES = 4


class BoardValues(NamedTuple):
    """One value per board, boards ascending."""

    board: np.ndarray
    value: np.ndarray


def _trim_per_board(
    trim: float | None, entries: EntryIndex, total: np.ndarray, trim_from: int
) -> np.ndarray:
    """Weight to drop from each end of each board; by default 1 from ``trim_from`` entries."""
    if trim is None:
        return np.where(entries.count >= trim_from, 1.0, 0.0)
    amount = number("trim", trim)
    if amount < 0:
        raise InputError(f"trim must be a number of at least 0, got {shown(trim)}")
    too_much = 2 * amount >= total
    if too_much.any():
        i = int(np.flatnonzero(too_much)[0])
        raise InputError(
            f"trim must leave some weight on every board, got {shown(trim)} from each end "
            f"of board {entries.board_ids[i]} with {entries.count[i]} entries"
        )
    return np.full(total.shape, amount)


def round_datum(datum: ArrayLike, rounding: str = "away") -> np.ndarray:
    """To the nearest 10; an exact 5 (to within 1E-6) away from zero (425 → 430, −445 → −450)
    or, with ``rounding`` even, to the even ten (425 → 420, 435 → 440)."""
    rounding = choice("rounding", rounding, DATUM_ROUNDINGS)
    tens = np.round(np.asarray(datum, dtype=float), 6) / 10
    if rounding == "even":
        return np.round(tens) * 10
    return np.sign(tens) * np.floor(np.abs(tens) + 0.5) * 10


def _datums(
    entries: EntryIndex,
    table: ComponentRows,
    trim: float | None,
    method: str,
    rounding: str,
    trim_from: int = TRIM_FROM_ENTRIES,
) -> np.ndarray:
    """Each board's weighted mean after dropping ``trim`` weight from each end of its scores.

    Weight is dropped across components, fractionally where a cut falls inside one; equal
    scores share their tie's kept weight in proportion (it does not matter which is kept).
    Butler datums are rounded by ``rounding`` (see :func:`round_datum`).
    """
    if table.unit_weights and entries.one_row_each:
        cuts = _trim_per_board(trim, entries, entries.count.astype(float), trim_from)
        if np.all((cuts == 0) | (cuts == 1)):
            mean = _mean_without_extremes(entries, table.score, cuts)
            return round_datum(mean, rounding) if method == "butler" else mean
    frequencies = frequencies_by_board(table, entries.count.size)
    total = frequencies.total
    cuts = _trim_per_board(trim, entries, total, trim_from)
    if table.unit_weights and np.array_equal(cuts, np.round(cuts)):
        mean = frequencies.trimmed_means(cuts.astype(np.int64))
        return round_datum(mean, rounding) if method == "butler" else mean
    cut = cuts[table.board]
    start, end = frequencies.own_counts()
    kept_of_tie = np.clip(
        np.minimum(end, total[table.board] - cut) - np.maximum(start, cut), 0, None
    )
    tie = end - start
    kept = table.weight * np.divide(kept_of_tie, tie, out=np.zeros_like(tie), where=tie > 0)
    size = entries.count.size
    mean = np.bincount(table.board, kept * table.score, size) / np.bincount(table.board, kept, size)
    return round_datum(mean, rounding) if method == "butler" else mean


def _mean_without_extremes(entries: EntryIndex, score: np.ndarray, cut: np.ndarray) -> np.ndarray:
    """Each board's mean without its highest and lowest score where ``cut`` is 1 (else the
    plain mean), for rows that are the entries themselves, board by board: no sort needed."""
    starts = np.concatenate([[0], np.cumsum(entries.count)[:-1]])
    total = np.add.reduceat(score, starts)
    extremes = np.maximum.reduceat(score, starts) + np.minimum.reduceat(score, starts)
    means: NDArray[np.float64] = (total - cut * extremes) / (entries.count - 2 * cut)
    return means


def datum_imp_values(
    entries: EntryIndex,
    table: ComponentRows,
    queries: ComponentRows,
    trim: float | None,
    method: str,
    rounding: str = "away",
    trim_from: int = TRIM_FROM_ENTRIES,
) -> np.ndarray:
    """Each entry's IMPs against its board's datum (Butler table, or continuous Bastille);
    with ``trim`` None the datum drops 1 from each end from ``trim_from`` entries."""
    datums = _datums(entries, table, trim, method, rounding, trim_from)
    difference = queries.score - datums[queries.board]
    per_row = imps(difference) if method == "butler" else continuous_imps(difference)
    return entries.total(per_row if queries.unit_weights else per_row * queries.weight)


def datum(
    board: ArrayLike,
    entry: ArrayLike,
    score: ArrayLike,
    weight: ArrayLike | None = None,
    trim: float | None = None,
    method: str = "butler",
    rounding: str = "away",
    trim_from: int = TRIM_FROM_ENTRIES,
) -> BoardValues:
    """Each board's datum: the weighted mean after dropping weight ``trim`` from each end.

    trim defaults to 1 when a board has at least ``trim_from`` entries (default 4; 3 takes
    the median of three), else 0 (0 gives the plain mean);
    it may cut through components (De Wael drops −150×½ and half of −100).
    method butler: rounded to the nearest 10, an exact 5 going away from zero by default
    (425 → 430, −445 → −450) or, with ``rounding`` even, to the even ten (425 → 420,
    435 → 440); bastille: not rounded.
    """
    method = choice("method", method, DATUM_METHODS)
    rounding = choice("rounding", rounding, DATUM_ROUNDINGS)
    entries, rows = parse_components(board, entry, score, weight)
    require_two_entries(entries)
    datums = _datums(entries, rows, trim, method, rounding, trim_from)
    return BoardValues(entries.board_ids.copy(), datums)


def butler_imps(
    board: ArrayLike,
    entry: ArrayLike,
    score: ArrayLike,
    weight: ArrayLike | None = None,
    trim: float | None = None,
    method: str = "butler",
    rounding: str = "away",
    trim_from: int = TRIM_FROM_ENTRIES,
) -> EntryScores:
    """IMPs of every entry against its board's datum (see ``datum``, also for ``rounding``).

    Each component gets the IMPs of (score − datum), Law 78B table for butler, the continuous
    scale for bastille, and an entry the weighted sum of its components' IMPs. With ``trim``
    None, boards of at least ``trim_from`` entries (default 4) drop their top and bottom
    score; 3 drops them from three tables too (the median, as Magic Contest's Butler-2).
    """
    method = choice("method", method, DATUM_METHODS)
    rounding = choice("rounding", rounding, DATUM_ROUNDINGS)
    entries, rows = parse_components(board, entry, score, weight)
    require_two_entries(entries)
    values = datum_imp_values(entries, rows, rows, trim, method, rounding, trim_from)
    return entries.scores(values)


def teams_imps(board: ArrayLike, points: ArrayLike, weight: ArrayLike | None = None) -> BoardValues:
    """IMPs of each board of a team match whose result may be a weighted score.

    ``points`` holds one row per component: the point difference for the team (its score at
    one table minus its opponents' at the other); the components of a board add up to weight
    1. Each component is IMPed, then the IMPs are weighted (Law 12C1(c)). Never weight the points
    first, nor the VPs afterwards.
    """
    boards = id_numbers("board", board)
    differences = required_scores("points", points)
    weights = component_weights(weight, boards.size)
    require_same_length(board=boards, points=differences, weight=weights)
    entries = index_entries(boards, np.zeros_like(boards))
    check_weight_sums(entries, weights, per_board=True)
    return BoardValues(entries.board.copy(), entries.total(imps(differences) * weights))
