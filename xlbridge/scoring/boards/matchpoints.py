"""Matchpoints of a board, with weighted (assigned) scores, and Neuberg's factoring.

Matchpoints follow Probst's method (Law 12C1(c)): every component goes into one frequency table per
board with its weight as a fractional frequency, and each entry scores the weighted sum of its
components' matchpoints. Raw scores are never averaged. ``neuberg`` factors matchpoints to more
results; ``neuberg_then_weight`` is the wrong way, kept for comparison. The component arrays and
the frequency table are described in :mod:`~xlbridge.scoring.boards.frequencies`
(docs/board-scoring.md).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from xlbridge.errors import InputError
from xlbridge.scoring.boards.frequencies import (
    ComponentRows,
    CumulativeFrequencies,
    EntryIndex,
    EntryScores,
    flat_numbers,
    frequencies_by_board,
    lexorder,
    parse_components,
    reject_bad,
    require_two_entries,
    sort_key,
    whole_mask,
)
from xlbridge.scoring.checks import choice, shown
from xlbridge.scoring.names import SCORINGS


def plain_matchpoints(rows: ComponentRows) -> np.ndarray:
    """MP(s) = F(< s) + F(≤ s) − 1 of rows that are whole entries of weight 1.

    With unit weights the frequencies are positions in the board-and-score order: F(< s) is
    how far the row's run of equal scores starts into its board, F(≤ s) where it ends.
    """
    key = sort_key(rows.board, rows.score)
    order = lexorder(rows.board, rows.score, key)
    size = order.size
    new_run = np.ones(size, dtype=bool)
    if key is not None:
        sorted_key = key[order]
        np.not_equal(sorted_key[1:], sorted_key[:-1], out=new_run[1:])
    else:
        board, score = rows.board[order], rows.score[order]
        new_run[1:] = (board[1:] != board[:-1]) | (score[1:] != score[:-1])
    starts = np.flatnonzero(new_run)
    run = np.cumsum(new_run) - 1
    per_board = np.bincount(rows.board)
    board_start = (np.cumsum(per_board) - per_board)[rows.board[order]]
    ends = np.append(starts[1:], size)
    sorted_mp = (starts + ends)[run] - 2 * board_start - 1
    mp = np.empty(size)
    mp[order] = sorted_mp
    return mp


def _english_matchpoints(below: np.ndarray, at_most: np.ndarray) -> np.ndarray:
    """MP(s) = 2·F(< s) + F(= s) − 1 (2 per win) from F(< s) and F(<= s)."""
    mp: NDArray[np.float64] = below + at_most - 1
    return mp


def _factored(mp: np.ndarray, results: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """Neuberg on the 2-per-win scale: MP' = (MP + 1)·E/A − 1."""
    factored: NDArray[np.float64] = (mp + 1) * expected / results - 1
    return factored


def _english_from(values: np.ndarray, results: np.ndarray, scoring: str) -> np.ndarray:
    """Matchpoints in ``scoring`` of ``results`` results back on the 2-per-win scale."""
    english: NDArray[np.float64]
    if scoring == "acbl":
        return values * 2
    if scoring == "percent":
        english = values / 100 * 2 * (results - 1)
        return english
    if scoring == "ascherman":
        english = values / 100 * 2 * results - 1
        return english
    return values


def neuberg(
    mp: ArrayLike, results: ArrayLike, expected: ArrayLike, scoring: str = "english"
) -> np.ndarray:
    """Neuberg's formula: matchpoints of ``results`` results factored to ``expected`` results.

    ``mp`` is in ``scoring`` (english: 2 per win, top 2·(results − 1); acbl; percent;
    ascherman) for ``results`` results; the answer is in the same scoring for ``expected``
    results: on the 2-per-win scale MP' = (MP + 1)·E/A − 1, the same as scaling every
    frequency by E/A. Ascherman percentages do not change. ``expected`` must be at least
    ``results`` and at least 2, and ``mp`` within the top. Arguments broadcast.
    """
    scoring = choice("scoring", scoring, SCORINGS)
    points = flat_numbers("mp", mp)
    actual = flat_numbers("results", results)
    target = flat_numbers("expected", expected)
    reject_bad(
        "results", actual, ~whole_mask(actual) | (actual < 1), "hold whole numbers of at least 1"
    )
    reject_bad(
        "expected", target, ~whole_mask(target) | (target < 2), "hold whole numbers of at least 2"
    )
    try:
        points, actual, target = np.broadcast_arrays(points, actual, target)
    except ValueError:
        raise InputError(
            "mp, results and expected must be single values or ranges of the same size, "
            f"got {points.size}, {actual.size} and {target.size} values"
        ) from None
    reject_bad("expected", target, target < actual, "be at least the number of results")
    if scoring == "percent":
        reject_bad("results", actual, actual < 2, "be at least 2 for percent scoring")
    english = _english_from(points, actual, scoring)
    outside = ~np.isfinite(english) | (english < -1e-9) | (english > 2 * (actual - 1) + 1e-9)
    reject_bad("mp", points, outside, f"lie between the bottom and the top of {scoring} scoring")
    return _scaled(english, actual, scoring, target)[0]


def expected_per_board(expected: ArrayLike | None, entries: EntryIndex) -> np.ndarray | None:
    """``expected`` as one whole number per board (a single value serves every board).

    Without it every board needs 2 entries; with it, each board's value must be at least 2
    and at least the number of results the board has.
    """
    if expected is None:
        require_two_entries(entries)
        return None
    values = flat_numbers("expected", expected)
    boards = entries.board_ids.size
    if values.size not in (1, boards):
        raise InputError(
            f"expected must be one number or one per board ({boards}), got {values.size}"
        )
    reject_bad(
        "expected", values, ~whole_mask(values) | (values < 2), "hold whole numbers of at least 2"
    )
    values = np.broadcast_to(values, boards)
    short = values < entries.count
    if short.any():
        i = int(np.flatnonzero(short)[0])
        raise InputError(
            f"expected must be at least the number of results on board {entries.board_ids[i]} "
            f"({entries.count[i]}), got {shown(values[i])}"
        )
    return values


def _scaled(
    mp: np.ndarray, results: np.ndarray, scoring: str, expected: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray]:
    """English matchpoints of ``results`` results in the chosen ``scoring``.

    Returns the values and what NS and EW of one table add up to (the top for english, acbl
    and percent, 100 for ascherman). With ``expected`` the values are Neuberg-factored first.
    Every board has at least 2 results, or ``expected`` of at least 2 (see ``_check_sizes``).
    """
    target = results if expected is None else expected
    factored = mp if expected is None else _factored(mp, results, expected)
    top = 2.0 * (target - 1)
    if scoring == "english":
        return factored, top
    if scoring == "acbl":
        return factored / 2, top / 2
    if scoring == "ascherman":
        return (factored + 1) / (2 * target) * 100, np.full(mp.shape, 100.0)
    return factored / top * 100, np.full(mp.shape, 100.0)


def matchpoint_values(
    entries: EntryIndex,
    table: ComponentRows,
    queries: ComponentRows,
    scoring: str,
    expected: np.ndarray | None,
) -> tuple[np.ndarray, np.ndarray]:
    """Each entry's matchpoints of its ``queries`` rows against the board's ``table`` rows."""
    if queries is table and table.unit_weights:
        per_row = plain_matchpoints(table)
    elif queries is table:
        per_row = _english_matchpoints(
            *frequencies_by_board(table, entries.count.size).own_counts()
        )
    else:
        frequencies = frequencies_by_board(table, entries.count.size)
        per_row = _english_matchpoints(*frequencies.counts(queries.board, queries.score))
    return entry_matchpoints(entries, queries, per_row, scoring, expected)


def entry_matchpoints(
    entries: EntryIndex,
    rows: ComponentRows,
    per_row: np.ndarray,
    scoring: str,
    expected: np.ndarray | None,
) -> tuple[np.ndarray, np.ndarray]:
    """Each entry's matchpoints in ``scoring`` from its ``rows``' english matchpoints
    ``per_row`` (weighted, added up per entry, factored to ``expected``), and what NS and EW
    of a table add up to (see :func:`_scaled`)."""
    mp = entries.total(per_row if rows.unit_weights else per_row * rows.weight)
    factor_to = None if expected is None else expected[entries.board_index]
    return _scaled(mp, entries.on_own_board.astype(float), scoring, factor_to)


def matchpoints(
    board: ArrayLike,
    entry: ArrayLike,
    score: ArrayLike,
    weight: ArrayLike | None = None,
    scoring: str = "english",
    expected: ArrayLike | None = None,
) -> EntryScores:
    """Matchpoints of every entry, with weighted (assigned) scores scored the right way.

    Every component goes into its board's frequency table with its weight as frequency F;
    a component scores MP(s) = 2·F(< s) + F(= s) − 1 and an entry Σ weight·MP (Probst's method).
    scoring: english (2 per win, top 2(N−1)), acbl (1 per win), percent (MP/top·100),
    ascherman (compare with your own score too: (2F(< s) + F(= s))/(2N)·100).
    expected: Neuberg-factor each board to this many results (one number, or one per board in
    ascending board order, at least the board's number of results); matchpoints then use the
    top of ``expected`` results. A board needs 2 entries, or ``expected`` (a lone result
    factored to E results gets the average).
    """
    scoring = choice("scoring", scoring, SCORINGS)
    entries, rows = parse_components(board, entry, score, weight)
    factor_to = expected_per_board(expected, entries)
    value, _ = matchpoint_values(entries, rows, rows, scoring, factor_to)
    return entries.scores(value)


def neuberg_then_weight(
    board: ArrayLike,
    entry: ArrayLike,
    score: ArrayLike,
    weight: ArrayLike | None = None,
    scoring: str = "english",
) -> EntryScores:
    """For comparison only — NOT the right way: "Neuberg on the other results, then weight".

    The entries with a plain result (one component) are matchpointed among themselves and
    Neuberg-factored to all N entries; an assigned weighted score takes, for each component,
    the factored matchpoints of a plain result equal to it, weighted (Probst: "How David does
    it": 6.875 where ``matchpoints`` gives the correct 7.00). Every component score of a
    weighted entry must occur among the board's plain results. scoring: english, acbl, percent.
    """
    scoring = choice("scoring", scoring, SCORINGS[:3])
    entries, rows = parse_components(board, entry, score, weight)
    require_two_entries(entries)
    plain_row = np.bincount(rows.entry)[rows.entry] == 1
    plain_count = np.bincount(rows.board[plain_row], minlength=entries.count.size)
    if (plain_count == 0).any():
        missing = entries.board_ids[plain_count == 0][0]
        raise InputError(f"board {missing} must have at least one plain result, got none")
    plain = CumulativeFrequencies(
        rows.board[plain_row], rows.score[plain_row], rows.weight[plain_row], plain_count.size
    )
    below, at_most = plain.counts(rows.board, rows.score)
    unmatched = at_most - below <= 0
    reject_bad("score", rows.score, unmatched, "occur among the board's plain results")
    mp = entries.total(_english_matchpoints(below, at_most) * rows.weight)
    results = plain_count[entries.board_index].astype(float)
    value, _ = _scaled(mp, results, scoring, entries.on_own_board.astype(float))
    return entries.scores(value)
