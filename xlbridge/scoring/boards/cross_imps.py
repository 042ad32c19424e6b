"""Cross-IMPs of a board: every component IMPed against every component of the other entries.

Weighted components count with their weights, and an entry's total is divided by N − 1
(divisor "comparisons"), by N ("scores") or not at all ("none": the sum). Counting uses the
frequency table of :mod:`~xlbridge.scoring.boards.frequencies`, so a board played 10,000 times
costs O(N log N) (docs/board-scoring.md).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from xlbridge.scoring.boards.frequencies import (
    ComponentRows,
    CumulativeFrequencies,
    EntryIndex,
    EntryScores,
    lexorder,
    parse_components,
    require_two_entries,
)
from xlbridge.scoring.checks import choice
from xlbridge.scoring.imps import IMP_EDGES, imps
from xlbridge.scoring.names import DIVISORS


def _imps_against(table: CumulativeFrequencies, group: np.ndarray, score: np.ndarray) -> np.ndarray:
    """Σ weight · IMPs(score − table score) over the table rows of each query's group.

    IMPs are a step function of the difference: each of the 24 lower edges e adds one IMP for
    every table score at most s − e and takes one away for every table score at least s + e.
    Queries with the same (group, score) share one answer, so a board played 10,000 times
    with a few hundred distinct scores costs a few hundred lookups per edge.
    """
    distinct_group, distinct_score, of_query = _distinct_pairs(group, score)
    total = table.total[distinct_group]
    result = np.zeros(distinct_score.size)
    for edge in IMP_EDGES:
        beaten = table.at_most(distinct_group, distinct_score - edge)
        beating = total - table.below(distinct_group, distinct_score + edge)
        result += beaten - beating
    per_query: NDArray[np.float64] = result[of_query]
    return per_query


def _distinct_pairs(
    group: np.ndarray, score: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct (group, score) pairs and, for each input, the index of its pair."""
    order = lexorder(group, score)
    new = np.ones(order.size, dtype=bool)
    new[1:] = (group[order][1:] != group[order][:-1]) | (score[order][1:] != score[order][:-1])
    of_input = np.empty(order.size, dtype=np.int64)
    of_input[order] = np.cumsum(new) - 1
    first = order[new]
    return group[first], score[first], of_input


def _own_entry_imps(table: ComponentRows, queries: ComponentRows, entries: int) -> np.ndarray:
    """Σ weight · IMPs(query score − score) over the table rows of each query's own entry.

    An entry has a few components, so every (query, own component) pair is listed.
    """
    order = np.argsort(table.entry, kind="stable")
    count = np.bincount(table.entry, minlength=entries)
    start = np.concatenate([[0], np.cumsum(count)[:-1]])
    per_query = count[queries.entry]
    query = np.repeat(np.arange(per_query.size), per_query)
    offset = np.arange(query.size) - np.repeat(np.cumsum(per_query) - per_query, per_query)
    row = order[start[queries.entry][query] + offset]
    values = table.weight[row] * imps(queries.score[query] - table.score[row])
    return np.bincount(query, weights=values, minlength=per_query.size)


def cross_imp_values(
    entries: EntryIndex,
    table: ComponentRows,
    queries: ComponentRows,
    divisor: str,
    own_rows_kept: np.ndarray | None = None,
) -> np.ndarray:
    """Each entry's cross-IMPs of its ``queries`` rows against the other entries' ``table``.

    The own entry's table rows are taken out again (IMPs against the whole board minus IMPs
    against the own entry); ``own_rows_kept`` adds back, per query row, own-entry comparisons
    that do count (the other half of a split table).
    """
    by_board = CumulativeFrequencies(table.board, table.score, table.weight, entries.count.size)
    per_row = _imps_against(by_board, queries.board, queries.score) - _own_entry_imps(
        table, queries, entries.entry.size
    )
    if own_rows_kept is not None:
        per_row = per_row + own_rows_kept
    n = entries.on_own_board
    comparisons = {"comparisons": n - 1, "scores": n}.get(divisor, np.ones_like(n))
    per_entry: NDArray[np.float64] = entries.total(per_row * queries.weight) / comparisons
    return per_entry


def cross_imps(
    board: ArrayLike,
    entry: ArrayLike,
    score: ArrayLike,
    weight: ArrayLike | None = None,
    divisor: str = "comparisons",
) -> EntryScores:
    """Cross-IMPs of every entry (docs/board-scoring.md).

    Each component is IMPed against every component of every other entry, weighted by that
    component's weight; an entry's total is the weighted sum over its own components divided
    by N − 1 (divisor "comparisons", EBU/BBO), by N (divisor "scores", De Wael) or not divided
    (divisor "none": the sum, PBN's "Cross"). Every board
    needs at least 2 entries. Runs in O(N log N) per board, however often it was played.
    """
    divisor = choice("divisor", divisor, DIVISORS)
    entries, rows = parse_components(board, entry, score, weight)
    require_two_entries(entries)
    return entries.scores(cross_imp_values(entries, rows, rows, divisor))
