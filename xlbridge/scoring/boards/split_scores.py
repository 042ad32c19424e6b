"""Scoring a whole traveller: NS and EW results of every table, split scores allowed.

A split score is a table whose NS and EW scores do not mirror each other. ``score_traveller``
scores NS and EW by any method (matchpoints, cross-IMPs, Butler, Bastille) in one of two ways:
separate (EBU/Probst: an NS table of NS scores and an EW table of EW scores) or halves
(De Wael: one table in which a split table counts as two half-weight components).
``separate_components`` and ``halves_components`` give those tables as component arrays
(docs/board-scoring.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from xlbridge.errors import InputError
from xlbridge.scoring.boards.cross_imps import cross_imp_values
from xlbridge.scoring.boards.datums import TRIM_FROM_ENTRIES, datum_imp_values
from xlbridge.scoring.boards.frequencies import (
    ComponentRows,
    EntryIndex,
    check_weight_sums,
    component_weights,
    id_numbers,
    index_entries,
    optional_scores,
    require_same_length,
    required_scores,
)
from xlbridge.scoring.boards.matchpoints import (
    entry_matchpoints,
    expected_per_board,
    matchpoint_values,
    plain_matchpoints,
)
from xlbridge.scoring.checks import choice
from xlbridge.scoring.imps import imps
from xlbridge.scoring.names import DATUM_ROUNDINGS, DIVISORS, METHODS, SCORINGS, SPLITS


class TravellerScores(NamedTuple):
    """NS and EW results per table: ``ns[i]``, ``ew[i]`` belong to ``board[i]``, ``entry[i]``."""

    board: np.ndarray
    entry: np.ndarray
    ns: np.ndarray
    ew: np.ndarray


class Components(NamedTuple):
    """Flat component arrays, as the scoring functions take them."""

    board: np.ndarray
    entry: np.ndarray
    score: np.ndarray
    weight: np.ndarray


def _traveller_rows(
    board: ArrayLike,
    entry: ArrayLike,
    ns_score: ArrayLike,
    ew_score: ArrayLike | None,
    weight: ArrayLike | None,
) -> tuple[EntryIndex, ComponentRows, np.ndarray]:
    """The NS rows, and each row's EW result in NS terms (−ew_score; −(−ns) where blank)."""
    boards, entry_ids = id_numbers("board", board), id_numbers("entry", entry)
    ns = required_scores("ns_score", ns_score)
    ew = optional_scores("ew_score", ew_score, boards.size)
    weights = component_weights(weight, boards.size)
    require_same_length(board=boards, entry=entry_ids, ns_score=ns, ew_score=ew, weight=weights)
    entries = index_entries(boards, entry_ids)
    check_weight_sums(entries, weights)
    ew_as_ns = np.where(np.isnan(ew), ns, -ew)
    unit = entries.entry.size == boards.size and bool((weights == 1).all())  # one row each
    return entries, ComponentRows(entries.row_board, entries.of_row, ns, weights, unit), ew_as_ns


def separate_components(
    board: ArrayLike,
    entry: ArrayLike,
    ns_score: ArrayLike,
    ew_score: ArrayLike | None = None,
    weight: ArrayLike | None = None,
) -> tuple[Components, Components]:
    """Split scores, EBU/Probst way: an NS table of NS scores and an EW table of EW scores.

    ``ew_score`` is from EW's side (EW's +450 is −450 to NS); blank (NaN) means −ns_score.
    Returns (NS components, EW components); score each with any scoring function.
    """
    entries, rows, ew_as_ns = _traveller_rows(board, entry, ns_score, ew_score, weight)
    boards, ids = entries.board[rows.entry], entries.entry[rows.entry]
    return (
        Components(boards, ids, rows.score.copy(), rows.weight.copy()),
        Components(boards.copy(), ids.copy(), -ew_as_ns, rows.weight.copy()),
    )


def _halves_table(rows: ComponentRows, ew_as_ns: np.ndarray) -> tuple[ComponentRows, np.ndarray]:
    """The one frequency table of De Wael's method, in NS terms, and which rows are split.

    A split row contributes two components of half its weight (NS's score and the negated EW
    score); any other row one component of its full weight.
    """
    split = ew_as_ns != rows.score
    return (
        ComponentRows(
            board=np.concatenate([rows.board, rows.board[split]]),
            entry=np.concatenate([rows.entry, rows.entry[split]]),
            score=np.concatenate([rows.score, ew_as_ns[split]]),
            weight=np.concatenate(
                [np.where(split, rows.weight / 2, rows.weight), rows.weight[split] / 2]
            ),
        ),
        split,
    )


def halves_components(
    board: ArrayLike,
    entry: ArrayLike,
    ns_score: ArrayLike,
    ew_score: ArrayLike | None = None,
    weight: ArrayLike | None = None,
) -> Components:
    """Split scores, De Wael's way: the board's single frequency table, in NS terms.

    A split table contributes NS's score and the negated EW score, each with half the row's
    weight; blank ``ew_score`` (NaN) means no split. Use it for frequencies and datums; to score
    the NS and EW entries of such a table use ``score_traveller(..., split="halves")``.
    """
    entries, rows, ew_as_ns = _traveller_rows(board, entry, ns_score, ew_score, weight)
    table, _ = _halves_table(rows, ew_as_ns)
    return Components(
        entries.board[table.entry], entries.entry[table.entry], table.score, table.weight
    )


@dataclass(frozen=True)
class _Options:
    """The checked options of ``score_traveller`` that the scoring methods use."""

    scoring: str
    divisor: str
    trim: float | None
    expected: np.ndarray | None
    rounding: str = "away"
    trim_from: int = TRIM_FROM_ENTRIES

    def datum_values(
        self, entries: EntryIndex, table: ComponentRows, rows: ComponentRows, method: str
    ) -> np.ndarray:
        """IMPs of ``rows`` against the datum of ``table`` (butler or bastille)."""
        return datum_imp_values(
            entries, table, rows, self.trim, method, self.rounding, self.trim_from
        )


def _score_halves(
    entries: EntryIndex, rows: ComponentRows, ew_as_ns: np.ndarray, method: str, options: _Options
) -> tuple[np.ndarray, np.ndarray]:
    """NS and EW results when split tables contribute two half-weight components.

    NS is scored on its own component, EW on the complement of its own (NS-terms) component.
    """
    table, split = _halves_table(rows, ew_as_ns)
    ew_rows = ComponentRows(rows.board, rows.entry, ew_as_ns, rows.weight)
    if method == "matchpoints":
        args = (options.scoring, options.expected)
        ns, pair_total = matchpoint_values(entries, table, rows, *args)
        ew, _ = matchpoint_values(entries, table, ew_rows, *args)
        return ns, pair_total - ew
    if method == "cross_imps":
        # A split table's two halves are compared with each other (De Wael).
        other_half = np.where(split, rows.weight / 2 * imps(rows.score - ew_as_ns), 0.0)
        divisor = options.divisor
        ns = cross_imp_values(entries, table, rows, divisor, other_half)
        ew = cross_imp_values(entries, table, ew_rows, divisor, -other_half)
        return ns, -ew
    ns = options.datum_values(entries, table, rows, method)
    ew = options.datum_values(entries, table, ew_rows, method)
    return ns, -ew


def _score_side(
    entries: EntryIndex, rows: ComponentRows, method: str, options: _Options
) -> np.ndarray:
    """One side's results when the side has a frequency table of its own."""
    if method == "matchpoints":
        return matchpoint_values(entries, rows, rows, options.scoring, options.expected)[0]
    if method == "cross_imps":
        return cross_imp_values(entries, rows, rows, options.divisor)
    return options.datum_values(entries, rows, rows, method)


def _mirrored_matchpoints(
    entries: EntryIndex, rows: ComponentRows, options: _Options
) -> tuple[np.ndarray, np.ndarray]:
    """NS and EW matchpoints when every table has one result and no split score: EW's scores
    are NS's negated, so on a board of N results EW's english matchpoints are 2(N − 1) minus
    NS's, exactly (whole numbers); both sides are then scaled and factored as usual."""
    ns_per_row = plain_matchpoints(rows)
    results = np.bincount(rows.board)[rows.board]
    ew_per_row = 2.0 * (results - 1) - ns_per_row
    args = (options.scoring, options.expected)
    ns, _ = entry_matchpoints(entries, rows, ns_per_row, *args)
    ew, _ = entry_matchpoints(entries, rows, ew_per_row, *args)
    return ns, ew


def score_traveller(
    board: ArrayLike,
    entry: ArrayLike,
    ns_score: ArrayLike,
    ew_score: ArrayLike | None = None,
    weight: ArrayLike | None = None,
    method: str = "matchpoints",
    split: str = "separate",
    scoring: str = "english",
    divisor: str = "comparisons",
    trim: float | None = None,
    expected: ArrayLike | None = None,
    rounding: str = "away",
    trim_from: int = TRIM_FROM_ENTRIES,
) -> TravellerScores:
    """NS and EW results of every table of a traveller, split scores allowed (EBU, De Wael).

    One row per component of a table's result: ``entry`` is the table, ``ns_score`` NS's
    score, ``ew_score`` EW's score from EW's side (blank/NaN: −ns_score, no split), ``weight``
    the component's weight (a table's rows add up to 1).
    method: matchpoints (with ``scoring``, ``expected``), cross_imps (``divisor``), butler or
    bastille (``trim``, or with trim None the top and bottom dropped from ``trim_from``
    entries, default 4; butler also ``rounding`` of the datum's exact 5: away or even).
    split: separate (default; NS scored among NS scores, EW among EW scores — NS + EW of a
    table need not make a top) or halves (De Wael: one table in which a split table counts as
    two half-weight components; NS is scored on its own, EW on the complement of its own).
    """
    method = choice("method", method, METHODS)
    split = choice("split", split, SPLITS)
    if expected is not None and method != "matchpoints":
        raise InputError(f"expected is for method matchpoints only, got method {method}")
    entries, rows, ew_as_ns = _traveller_rows(board, entry, ns_score, ew_score, weight)
    options = _Options(
        scoring=choice("scoring", scoring, SCORINGS),
        divisor=choice("divisor", divisor, DIVISORS),
        trim=trim,
        expected=expected_per_board(expected, entries),
        rounding=choice("rounding", rounding, DATUM_ROUNDINGS),
        trim_from=trim_from,
    )
    if split == "halves":
        ns, ew = _score_halves(entries, rows, ew_as_ns, method, options)
    elif method == "matchpoints" and rows.unit_weights and np.array_equal(ew_as_ns, rows.score):
        ns, ew = _mirrored_matchpoints(entries, rows, options)
    else:
        ns = _score_side(entries, rows, method, options)
        ew_rows = ComponentRows(rows.board, rows.entry, -ew_as_ns, rows.weight, rows.unit_weights)
        ew = _score_side(entries, ew_rows, method, options)
    return TravellerScores(entries.board.copy(), entries.entry.copy(), ns, ew)
