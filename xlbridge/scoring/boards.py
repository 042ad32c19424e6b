"""Scoring a board: frequency tables with weights and split scores (docs/board-scoring.md).

Every function works on many boards at once. A board's results come as flat *component* arrays,
one row per component:

- ``board``  — the board the row belongs to (any whole numbers),
- ``entry``  — the entry (table, pair or team) within that board (any whole numbers),
- ``score``  — the component's score, from the side being scored,
- ``weight`` — the component's weight; the components of one entry add up to 1.

A normal result is one row of weight 1 (``weight`` may then be left out). An assigned weighted
score ("60 % of 430 plus 40 % of 400") is several rows of the same entry. Results come back once
per entry, keyed by the (board, entry) pairs in ascending order.

Matchpoints follow Probst's method (Law 12C1(c)): every component goes into one frequency table per
board with its weight as a fractional frequency, and each entry scores the weighted sum of its
components' matchpoints. Raw scores are never averaged.

Counting is done by sorting and binary search, never by pairing scores, so a board played
10,000 times costs O(N log N), cross-IMPs included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from xlbridge.errors import InputError
from xlbridge.scoring.checks import choice, margins, number, shown
from xlbridge.scoring.imps import IMP_EDGES, continuous_imps, imps

SCORINGS = ("english", "acbl", "percent", "ascherman")
DIVISORS = ("comparisons", "scores")
DATUM_METHODS = ("butler", "bastille")
#: How a Butler datum's exact 5 is rounded: away from zero (425 → 430, −445 → −450; default) or
#: to the even ten (425 → 420, 435 → 440).
DATUM_ROUNDINGS = ("away", "even")
METHODS = ("matchpoints", "cross_imps", "butler", "bastille")
SPLITS = ("separate", "halves")
#: How far the weights of one entry may be from adding up to 1.
WEIGHT_TOLERANCE = 1e-9
#: Entries a board needs before the Butler/Bastille datum drops a weight of 1 from each end.
TRIM_FROM_ENTRIES = 4


class EntryScores(NamedTuple):
    """One value per entry: ``value[i]`` belongs to ``board[i]``, ``entry[i]``."""

    board: np.ndarray
    entry: np.ndarray
    value: np.ndarray


class BoardValues(NamedTuple):
    """One value per board, boards ascending."""

    board: np.ndarray
    value: np.ndarray


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


class Frequencies(NamedTuple):
    """A frequency table: each distinct score of each board with its (fractional) frequency."""

    board: np.ndarray
    score: np.ndarray
    frequency: np.ndarray


# --------------------------------------------------------------------------------------------
# Input checks


def _reject(name: str, values: np.ndarray, bad: np.ndarray, what: str) -> None:
    """Raise InputError naming ``name`` and its first bad value (rows counted from 1)."""
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        where = "" if values.size == 1 else f" in row {row + 1}"
        raise InputError(f"{name} must {what}, got {shown(values[row])}{where}")


def _numbers(name: str, values: ArrayLike) -> np.ndarray:
    """A flat float array; blank cells (None, "") become NaN, text is rejected."""
    array = np.asarray(values)
    if array.dtype.kind in "iuf":
        return array.astype(float).reshape(-1)
    return margins(name, np.asarray(values, dtype=object)).reshape(-1)


def _ids(name: str, values: ArrayLike) -> np.ndarray:
    """Board or entry numbers as int64 (8.0 from a cell is accepted)."""
    array = np.asarray(values)
    if array.dtype.kind in "iu":
        return array.astype(np.int64).reshape(-1)
    raw = _numbers(name, array)
    _reject(name, raw, ~np.isfinite(raw) | (raw != np.round(raw)), "hold whole numbers")
    return raw.astype(np.int64)


def _required_scores(name: str, values: ArrayLike) -> np.ndarray:
    scores = _numbers(name, values)
    _reject(name, scores, ~np.isfinite(scores), "hold a number in every row")
    return scores


def _optional_scores(name: str, values: ArrayLike | None, size: int) -> np.ndarray:
    """Scores where a blank (NaN) is allowed; None means all blank."""
    if values is None:
        return np.full(size, np.nan)
    scores = _numbers(name, values)
    _reject(name, scores, np.isinf(scores), "hold finite numbers or blanks")
    return scores


def _weights(values: ArrayLike | None, size: int) -> np.ndarray:
    if values is None:
        return np.ones(size)
    weights = _numbers("weight", values)
    _reject("weight", weights, ~np.isfinite(weights) | (weights < 0), "hold numbers of at least 0")
    return weights


def _same_length(**arrays: np.ndarray) -> None:
    (first, reference), *others = arrays.items()
    if reference.size == 0:
        raise InputError(f"{first} must hold at least one row, got none")
    for name, array in others:
        if array.size != reference.size:
            raise InputError(
                f"{name} must have one value per row of {first} ({reference.size} rows), "
                f"got {array.size}"
            )


# --------------------------------------------------------------------------------------------
# Sorting


#: Combined sort keys must stay below this (int64, with room to spare).
_KEY_LIMIT = 2.0**62


def _sort_key(major: np.ndarray, minor: np.ndarray) -> np.ndarray | None:
    """One int64 key ordering rows by (major, minor), or None when there is none.

    There is one when both are whole numbers whose ranges multiply to less than 2**62: board
    ids, entry ids and bridge scores always are.
    """
    if major.size == 0 or (minor.dtype.kind == "f" and not np.array_equal(minor, np.floor(minor))):
        return None
    low_major, low_minor = major.min(), minor.min()
    major_span = float(major.max()) - float(low_major) + 1
    minor_span = float(minor.max()) - float(low_minor) + 1
    if major_span * minor_span >= _KEY_LIMIT:
        return None
    key = (major - low_major).astype(np.int64) * int(minor_span)
    key += (minor - low_minor).astype(np.int64)
    return key


def _lexorder(major: np.ndarray, minor: np.ndarray, key: np.ndarray | None = None) -> np.ndarray:
    """Indices that sort rows by (major, minor), as ``np.lexsort((minor, major))`` would.

    Sorting one int64 key (see ``_sort_key``) is several times faster than a two-key lexsort.
    Rows equal in both keys may come in any order.
    """
    key = _sort_key(major, minor) if key is None else key
    return np.lexsort((minor, major)) if key is None else np.argsort(key)


# --------------------------------------------------------------------------------------------
# Which rows belong to which entry and board


@dataclass(frozen=True)
class _Entries:
    """The (board, entry) pairs in ascending order and where each row belongs."""

    board: np.ndarray  # board id of each entry
    entry: np.ndarray  # entry id of each entry
    of_row: np.ndarray  # entry index of each row
    board_index: np.ndarray  # board index (into board_ids) of each entry
    board_ids: np.ndarray  # the boards, ascending
    count: np.ndarray  # number of entries on each board, by board index
    one_row_each: bool = False  # rows are the entries themselves, in order

    @property
    def row_board(self) -> np.ndarray:
        """Board index of each row."""
        return self.board_index if self.one_row_each else self.board_index[self.of_row]

    @property
    def on_own_board(self) -> np.ndarray:
        """For each entry, the number of entries on its board."""
        return self.count[self.board_index]

    def total(self, row_values: np.ndarray) -> np.ndarray:
        """Sum of ``row_values`` over each entry's rows."""
        if self.one_row_each:
            return np.asarray(row_values, dtype=float)
        return np.bincount(self.of_row, weights=row_values, minlength=self.entry.size)

    def scores(self, value: np.ndarray) -> EntryScores:
        # board and entry are this object's own arrays (made from the caller's by _ids).
        return EntryScores(self.board, self.entry, value)


def _entries(board: np.ndarray, entry: np.ndarray) -> _Entries:
    """Index the rows by (board, entry) pair and the pairs by board, in ascending order.

    Rows that already come board by board and entry by entry (the usual traveller order) need
    no sort; others are sorted once (``_lexorder``).
    """
    size = board.size
    step_board, step_entry = np.diff(board), np.diff(entry)
    in_order = bool((step_board >= 0).all() and ((step_board > 0) | (step_entry >= 0)).all())
    if in_order and bool(((step_board > 0) | (step_entry > 0)).all()):
        return _one_row_each(board, entry, step_board)
    order = None if in_order else _lexorder(board, entry)
    sorted_board = board if order is None else board[order]
    sorted_entry = entry if order is None else entry[order]
    new_entry = np.ones(size, dtype=bool)
    new_entry[1:] = (sorted_board[1:] != sorted_board[:-1]) | (
        sorted_entry[1:] != sorted_entry[:-1]
    )
    entry_of_sorted_row = np.cumsum(new_entry) - 1
    if order is None:
        of_row = entry_of_sorted_row
    else:
        of_row = np.empty(size, dtype=np.int64)
        of_row[order] = entry_of_sorted_row
    pair_board, pair_entry = sorted_board[new_entry], sorted_entry[new_entry]
    new_board = np.ones(pair_board.size, dtype=bool)
    new_board[1:] = pair_board[1:] != pair_board[:-1]
    board_index = np.cumsum(new_board) - 1
    return _Entries(
        board=pair_board,
        entry=pair_entry,
        of_row=of_row,
        board_index=board_index,
        board_ids=pair_board[new_board],
        count=np.bincount(board_index, minlength=int(new_board.sum())),
    )


def _one_row_each(board: np.ndarray, entry: np.ndarray, step_board: np.ndarray) -> _Entries:
    """The entries of rows that are each a different entry, in (board, entry) order."""
    new_board = np.ones(board.size, dtype=bool)
    np.not_equal(step_board, 0, out=new_board[1:])
    board_index = np.cumsum(new_board) - 1
    return _Entries(
        board=board,
        entry=entry,
        of_row=np.arange(board.size),
        board_index=board_index,
        board_ids=board[new_board],
        count=np.bincount(board_index),
        one_row_each=True,
    )


def _check_weight_sums(entries: _Entries, weights: np.ndarray, per_board: bool = False) -> None:
    sums = entries.total(weights)
    bad = np.abs(sums - 1) > WEIGHT_TOLERANCE
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        where = f"board {entries.board[i]}"
        if not per_board:
            where += f", entry {entries.entry[i]}"
        raise InputError(f"weight of {where} must add up to 1, got {sums[i]:.12g}")


@dataclass(frozen=True)
class _Rows:
    """Components by index: board index, entry index, score and weight of each row."""

    board: np.ndarray
    entry: np.ndarray
    score: np.ndarray
    weight: np.ndarray
    unit_weights: bool = False  # every row is a whole entry of weight 1


def _parse(
    board: ArrayLike, entry: ArrayLike, score: ArrayLike, weight: ArrayLike | None
) -> tuple[_Entries, _Rows]:
    """Check component arrays and index them by entry and board."""
    boards, entry_ids = _ids("board", board), _ids("entry", entry)
    scores = _required_scores("score", score)
    weights = _weights(weight, boards.size)
    _same_length(board=boards, entry=entry_ids, score=scores, weight=weights)
    entries = _entries(boards, entry_ids)
    unit = weight is None and entries.entry.size == boards.size  # one row of weight 1 each
    if not unit:
        _check_weight_sums(entries, weights)
    return entries, _Rows(entries.row_board, entries.of_row, scores, weights, unit)


# --------------------------------------------------------------------------------------------
# Counting weights below and at a score


class _FrequencyTable:
    """Weighted scores in groups (boards, or entries), sorted once by (group, score).

    The table's own rows are counted from runs of equal (group, score) in the sorted order, in
    linear time after the sort. Other query scores (cross-IMPs ask about s ± an IMP edge) use
    keys ``group · stride + rank of the score`` and two ``searchsorted`` calls each:
    O((rows + queries) · log rows) either way.
    """

    def __init__(
        self,
        group: np.ndarray,
        score: np.ndarray,
        weight: np.ndarray,
        groups: int,
        unit_weights: bool = False,
    ):
        self._order = _lexorder(group, score)
        self._group = group[self._order]
        self._score = score[self._order]
        if unit_weights:  # every weight is 1: the weight before a row is its position
            self._cumulative = np.arange(score.size + 1, dtype=float)
            self.total = np.bincount(group, minlength=groups).astype(float)
        else:
            self._cumulative = np.concatenate([[0.0], np.cumsum(weight[self._order])])
            self.total = np.bincount(group, weights=weight, minlength=groups)
        self.group_start = np.searchsorted(self._group, np.arange(groups), "left")
        self._before_group = self._cumulative[self.group_start]
        self._keys: np.ndarray | None = None
        self._distinct = np.empty(0)

    def trimmed_means(self, cut: np.ndarray) -> np.ndarray:
        """Each group's mean after dropping ``cut[group]`` rows at each end (unit weights)."""
        running = np.concatenate([[0.0], np.cumsum(self._score)])
        end = np.append(self.group_start[1:], self._score.size)
        kept = running[end - cut] - running[self.group_start + cut]
        return kept / (end - self.group_start - 2 * cut)

    def own_counts(self) -> tuple[np.ndarray, np.ndarray]:
        """F(< s) and F(<= s) within its group for each of the table's own rows, in row order."""
        group, score = self._group, self._score
        size = score.size
        new_run = np.empty(size, dtype=bool)
        new_run[:1] = True
        np.not_equal(group[1:], group[:-1], out=new_run[1:])
        new_run[1:] |= score[1:] != score[:-1]
        starts = np.flatnonzero(new_run)
        run = np.cumsum(new_run) - 1
        before_group = self._before_group[group]
        below = np.empty(size)
        at_most = np.empty(size)
        below[self._order] = self._cumulative[starts][run] - before_group
        ends = np.append(starts[1:], size)
        at_most[self._order] = self._cumulative[ends][run] - before_group
        return below, at_most

    def _search_keys(self) -> tuple[np.ndarray, np.ndarray]:
        """The distinct scores and the sorted rows' keys (built on the first query)."""
        if self._keys is None:
            self._distinct = np.unique(self._score)
            rank = np.searchsorted(self._distinct, self._score, "left")
            self._keys = self._group * (self._distinct.size + 1) + rank
        return self._distinct, self._keys

    def _weight_before(self, group: np.ndarray, score: np.ndarray, side: str) -> np.ndarray:
        distinct, keys = self._search_keys()
        rank = np.searchsorted(distinct, score, side)  # type: ignore[call-overload]
        position = np.searchsorted(keys, group * (distinct.size + 1) + rank, "left")
        return self._cumulative[position] - self._before_group[group]

    def below(self, group: np.ndarray, score: np.ndarray) -> np.ndarray:
        """Weight in ``group`` with a score less than ``score``: F(< s)."""
        return self._weight_before(group, score, "left")

    def at_most(self, group: np.ndarray, score: np.ndarray) -> np.ndarray:
        """Weight in ``group`` with a score at most ``score``: F(< s) + F(= s)."""
        return self._weight_before(group, score, "right")

    def counts(self, group: np.ndarray, score: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """F(< s) and F(<= s) of query scores in their groups."""
        return self.below(group, score), self.at_most(group, score)


def _table(rows: _Rows, groups: int) -> _FrequencyTable:
    """The frequency table of ``rows`` by board."""
    return _FrequencyTable(rows.board, rows.score, rows.weight, groups, rows.unit_weights)


def _plain_matchpoints(rows: _Rows) -> np.ndarray:
    """MP(s) = F(< s) + F(≤ s) − 1 of rows that are whole entries of weight 1.

    With unit weights the frequencies are positions in the board-and-score order: F(< s) is
    how far the row's run of equal scores starts into its board, F(≤ s) where it ends.
    """
    key = _sort_key(rows.board, rows.score)
    order = _lexorder(rows.board, rows.score, key)
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
    return below + at_most - 1


def _imps_against(table: _FrequencyTable, group: np.ndarray, score: np.ndarray) -> np.ndarray:
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
    return result[of_query]


def _distinct_pairs(
    group: np.ndarray, score: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct (group, score) pairs and, for each input, the index of its pair."""
    order = _lexorder(group, score)
    new = np.ones(order.size, dtype=bool)
    new[1:] = (group[order][1:] != group[order][:-1]) | (score[order][1:] != score[order][:-1])
    of_input = np.empty(order.size, dtype=np.int64)
    of_input[order] = np.cumsum(new) - 1
    first = order[new]
    return group[first], score[first], of_input


def _own_entry_imps(table: _Rows, queries: _Rows, entries: int) -> np.ndarray:
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


# --------------------------------------------------------------------------------------------
# Matchpoints


def _factored(mp: np.ndarray, results: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """Neuberg on the 2-per-win scale: MP' = (MP + 1)·E/A − 1."""
    return (mp + 1) * expected / results - 1


def _english_from(values: np.ndarray, results: np.ndarray, scoring: str) -> np.ndarray:
    """Matchpoints in ``scoring`` of ``results`` results back on the 2-per-win scale."""
    if scoring == "acbl":
        return values * 2
    if scoring == "percent":
        return values / 100 * 2 * (results - 1)
    if scoring == "ascherman":
        return values / 100 * 2 * results - 1
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
    points = _numbers("mp", mp)
    actual = _numbers("results", results)
    target = _numbers("expected", expected)
    _reject("results", actual, ~_whole(actual) | (actual < 1), "hold whole numbers of at least 1")
    _reject("expected", target, ~_whole(target) | (target < 2), "hold whole numbers of at least 2")
    try:
        points, actual, target = np.broadcast_arrays(points, actual, target)
    except ValueError:
        raise InputError(
            "mp, results and expected must be single values or ranges of the same size, "
            f"got {points.size}, {actual.size} and {target.size} values"
        ) from None
    _reject("expected", target, target < actual, "be at least the number of results")
    if scoring == "percent":
        _reject("results", actual, actual < 2, "be at least 2 for percent scoring")
    english = _english_from(points, actual, scoring)
    outside = ~np.isfinite(english) | (english < -1e-9) | (english > 2 * (actual - 1) + 1e-9)
    _reject("mp", points, outside, f"lie between the bottom and the top of {scoring} scoring")
    return _scaled(english, actual, scoring, target)[0]


def _whole(values: np.ndarray) -> np.ndarray:
    return np.isfinite(values) & (values == np.round(values))


def _require_two_entries(entries: _Entries) -> None:
    """Every board needs at least 2 entries: a lone result has nothing to be compared with."""
    lonely = entries.count < 2
    if lonely.any():
        board = entries.board_ids[np.flatnonzero(lonely)[0]]
        raise InputError(f"board {board} must have at least 2 entries to compare, got 1")


def _expected_per_board(expected: ArrayLike | None, entries: _Entries) -> np.ndarray | None:
    """``expected`` as one whole number per board (a single value serves every board).

    Without it every board needs 2 entries; with it, each board's value must be at least 2
    and at least the number of results the board has.
    """
    if expected is None:
        _require_two_entries(entries)
        return None
    values = _numbers("expected", expected)
    boards = entries.board_ids.size
    if values.size not in (1, boards):
        raise InputError(
            f"expected must be one number or one per board ({boards}), got {values.size}"
        )
    _reject("expected", values, ~_whole(values) | (values < 2), "hold whole numbers of at least 2")
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


def _matchpoint_values(
    entries: _Entries, table: _Rows, queries: _Rows, scoring: str, expected: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray]:
    """Each entry's matchpoints of its ``queries`` rows against the board's ``table`` rows."""
    if queries is table and table.unit_weights:
        per_row = _plain_matchpoints(table)
    elif queries is table:
        per_row = _english_matchpoints(*_table(table, entries.count.size).own_counts())
    else:
        frequencies = _table(table, entries.count.size)
        per_row = _english_matchpoints(*frequencies.counts(queries.board, queries.score))
    return _entry_matchpoints(entries, queries, per_row, scoring, expected)


def _entry_matchpoints(
    entries: _Entries, rows: _Rows, per_row: np.ndarray, scoring: str, expected: np.ndarray | None
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
    entries, rows = _parse(board, entry, score, weight)
    factor_to = _expected_per_board(expected, entries)
    value, _ = _matchpoint_values(entries, rows, rows, scoring, factor_to)
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
    entries, rows = _parse(board, entry, score, weight)
    _require_two_entries(entries)
    plain_row = np.bincount(rows.entry)[rows.entry] == 1
    plain_count = np.bincount(rows.board[plain_row], minlength=entries.count.size)
    if (plain_count == 0).any():
        missing = entries.board_ids[plain_count == 0][0]
        raise InputError(f"board {missing} must have at least one plain result, got none")
    plain = _FrequencyTable(
        rows.board[plain_row], rows.score[plain_row], rows.weight[plain_row], plain_count.size
    )
    below, at_most = plain.counts(rows.board, rows.score)
    unmatched = at_most - below <= 0
    _reject("score", rows.score, unmatched, "occur among the board's plain results")
    mp = entries.total(_english_matchpoints(below, at_most) * rows.weight)
    results = plain_count[entries.board_index].astype(float)
    value, _ = _scaled(mp, results, scoring, entries.on_own_board.astype(float))
    return entries.scores(value)


def frequency_table(
    board: ArrayLike, score: ArrayLike, weight: ArrayLike | None = None
) -> Frequencies:
    """Each board's distinct scores with their total weight (fractional frequency)."""
    boards = _ids("board", board)
    scores = _required_scores("score", score)
    weights = _weights(weight, boards.size)
    _same_length(board=boards, score=scores, weight=weights)
    order = np.lexsort((scores, boards))
    boards, scores, weights = boards[order], scores[order], weights[order]
    starts = np.flatnonzero(
        np.concatenate([[True], (boards[1:] != boards[:-1]) | (scores[1:] != scores[:-1])])
    )
    return Frequencies(boards[starts], scores[starts], np.add.reduceat(weights, starts))


# --------------------------------------------------------------------------------------------
# Cross-IMPs


def _cross_imp_values(
    entries: _Entries,
    table: _Rows,
    queries: _Rows,
    divisor: str,
    own_rows_kept: np.ndarray | None = None,
) -> np.ndarray:
    """Each entry's cross-IMPs of its ``queries`` rows against the other entries' ``table``.

    The own entry's table rows are taken out again (IMPs against the whole board minus IMPs
    against the own entry); ``own_rows_kept`` adds back, per query row, own-entry comparisons
    that do count (the other half of a split table).
    """
    by_board = _FrequencyTable(table.board, table.score, table.weight, entries.count.size)
    per_row = _imps_against(by_board, queries.board, queries.score) - _own_entry_imps(
        table, queries, entries.entry.size
    )
    if own_rows_kept is not None:
        per_row = per_row + own_rows_kept
    n = entries.on_own_board
    comparisons = n - 1 if divisor == "comparisons" else n
    return entries.total(per_row * queries.weight) / comparisons


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
    by N − 1 (divisor "comparisons", EBU/BBO) or by N (divisor "scores", De Wael). Every board
    needs at least 2 entries. Runs in O(N log N) per board, however often it was played.
    """
    divisor = choice("divisor", divisor, DIVISORS)
    entries, rows = _parse(board, entry, score, weight)
    _require_two_entries(entries)
    return entries.scores(_cross_imp_values(entries, rows, rows, divisor))


# --------------------------------------------------------------------------------------------
# Butler and Bastille datums


def _trim_per_board(trim: float | None, entries: _Entries, total: np.ndarray) -> np.ndarray:
    """Weight to drop from each end of each board; by default 1 with more than 3 entries."""
    if trim is None:
        return np.where(entries.count >= TRIM_FROM_ENTRIES, 1.0, 0.0)
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
    entries: _Entries, table: _Rows, trim: float | None, method: str, rounding: str
) -> np.ndarray:
    """Each board's weighted mean after dropping ``trim`` weight from each end of its scores.

    Weight is dropped across components, fractionally where a cut falls inside one; equal
    scores share their tie's kept weight in proportion (it does not matter which is kept).
    Butler datums are rounded by ``rounding`` (see :func:`round_datum`).
    """
    if table.unit_weights and entries.one_row_each:
        cuts = _trim_per_board(trim, entries, entries.count.astype(float))
        if np.all((cuts == 0) | (cuts == 1)):
            mean = _mean_without_extremes(entries, table.score, cuts)
            return round_datum(mean, rounding) if method == "butler" else mean
    frequencies = _table(table, entries.count.size)
    total = frequencies.total
    cuts = _trim_per_board(trim, entries, total)
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


def _mean_without_extremes(entries: _Entries, score: np.ndarray, cut: np.ndarray) -> np.ndarray:
    """Each board's mean without its highest and lowest score where ``cut`` is 1 (else the
    plain mean), for rows that are the entries themselves, board by board: no sort needed."""
    starts = np.concatenate([[0], np.cumsum(entries.count)[:-1]])
    total = np.add.reduceat(score, starts)
    extremes = np.maximum.reduceat(score, starts) + np.minimum.reduceat(score, starts)
    return (total - cut * extremes) / (entries.count - 2 * cut)


def _datum_imp_values(
    entries: _Entries,
    table: _Rows,
    queries: _Rows,
    trim: float | None,
    method: str,
    rounding: str = "away",
) -> np.ndarray:
    """Each entry's IMPs against its board's datum (Butler table, or continuous Bastille)."""
    difference = queries.score - _datums(entries, table, trim, method, rounding)[queries.board]
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
) -> BoardValues:
    """Each board's datum: the weighted mean after dropping weight ``trim`` from each end.

    trim defaults to 1 when a board has more than 3 entries, else 0 (0 gives the plain mean);
    it may cut through components (De Wael drops −150×½ and half of −100).
    method butler: rounded to the nearest 10, an exact 5 going away from zero by default
    (425 → 430, −445 → −450) or, with ``rounding`` even, to the even ten (425 → 420,
    435 → 440); bastille: not rounded.
    """
    method = choice("method", method, DATUM_METHODS)
    rounding = choice("rounding", rounding, DATUM_ROUNDINGS)
    entries, rows = _parse(board, entry, score, weight)
    _require_two_entries(entries)
    return BoardValues(entries.board_ids.copy(), _datums(entries, rows, trim, method, rounding))


def butler_imps(
    board: ArrayLike,
    entry: ArrayLike,
    score: ArrayLike,
    weight: ArrayLike | None = None,
    trim: float | None = None,
    method: str = "butler",
    rounding: str = "away",
) -> EntryScores:
    """IMPs of every entry against its board's datum (see ``datum``, also for ``rounding``).

    Each component gets the IMPs of (score − datum), Law 78B table for butler, the continuous
    scale for bastille, and an entry the weighted sum of its components' IMPs.
    """
    method = choice("method", method, DATUM_METHODS)
    rounding = choice("rounding", rounding, DATUM_ROUNDINGS)
    entries, rows = _parse(board, entry, score, weight)
    _require_two_entries(entries)
    return entries.scores(_datum_imp_values(entries, rows, rows, trim, method, rounding))


# --------------------------------------------------------------------------------------------
# Teams


def teams_imps(board: ArrayLike, points: ArrayLike, weight: ArrayLike | None = None) -> BoardValues:
    """IMPs of each board of a team match whose result may be a weighted score.

    ``points`` holds one row per component: the point difference for the team (its score at
    one table minus its opponents' at the other); the components of a board add up to weight
    1. Each component is IMPed, then the IMPs are weighted (Law 12C1(c)). Never weight the points
    first, nor the VPs afterwards.
    """
    boards = _ids("board", board)
    differences = _required_scores("points", points)
    weights = _weights(weight, boards.size)
    _same_length(board=boards, points=differences, weight=weights)
    entries = _entries(boards, np.zeros_like(boards))
    _check_weight_sums(entries, weights, per_board=True)
    return BoardValues(entries.board.copy(), entries.total(imps(differences) * weights))


# --------------------------------------------------------------------------------------------
# Split scores: a traveller whose NS and EW scores need not mirror each other


def _traveller_rows(
    board: ArrayLike,
    entry: ArrayLike,
    ns_score: ArrayLike,
    ew_score: ArrayLike | None,
    weight: ArrayLike | None,
) -> tuple[_Entries, _Rows, np.ndarray]:
    """The NS rows, and each row's EW result in NS terms (−ew_score; −(−ns) where blank)."""
    boards, entry_ids = _ids("board", board), _ids("entry", entry)
    ns = _required_scores("ns_score", ns_score)
    ew = _optional_scores("ew_score", ew_score, boards.size)
    weights = _weights(weight, boards.size)
    _same_length(board=boards, entry=entry_ids, ns_score=ns, ew_score=ew, weight=weights)
    entries = _entries(boards, entry_ids)
    _check_weight_sums(entries, weights)
    ew_as_ns = np.where(np.isnan(ew), ns, -ew)
    unit = entries.entry.size == boards.size and bool((weights == 1).all())  # one row each
    return entries, _Rows(entries.row_board, entries.of_row, ns, weights, unit), ew_as_ns


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


def _halves_table(rows: _Rows, ew_as_ns: np.ndarray) -> tuple[_Rows, np.ndarray]:
    """The one frequency table of De Wael's method, in NS terms, and which rows are split.

    A split row contributes two components of half its weight (NS's score and the negated EW
    score); any other row one component of its full weight.
    """
    split = ew_as_ns != rows.score
    return (
        _Rows(
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


def _score_halves(
    entries: _Entries, rows: _Rows, ew_as_ns: np.ndarray, method: str, options: _Options
) -> tuple[np.ndarray, np.ndarray]:
    """NS and EW results when split tables contribute two half-weight components.

    NS is scored on its own component, EW on the complement of its own (NS-terms) component.
    """
    table, split = _halves_table(rows, ew_as_ns)
    ew_rows = _Rows(rows.board, rows.entry, ew_as_ns, rows.weight)
    if method == "matchpoints":
        args = (options.scoring, options.expected)
        ns, pair_total = _matchpoint_values(entries, table, rows, *args)
        ew, _ = _matchpoint_values(entries, table, ew_rows, *args)
        return ns, pair_total - ew
    if method == "cross_imps":
        # A split table's two halves are compared with each other (De Wael).
        other_half = np.where(split, rows.weight / 2 * imps(rows.score - ew_as_ns), 0.0)
        divisor = options.divisor
        ns = _cross_imp_values(entries, table, rows, divisor, other_half)
        ew = _cross_imp_values(entries, table, ew_rows, divisor, -other_half)
        return ns, -ew
    ns = _datum_imp_values(entries, table, rows, options.trim, method, options.rounding)
    ew = _datum_imp_values(entries, table, ew_rows, options.trim, method, options.rounding)
    return ns, -ew


def _score_side(entries: _Entries, rows: _Rows, method: str, options: _Options) -> np.ndarray:
    """One side's results when the side has a frequency table of its own."""
    if method == "matchpoints":
        return _matchpoint_values(entries, rows, rows, options.scoring, options.expected)[0]
    if method == "cross_imps":
        return _cross_imp_values(entries, rows, rows, options.divisor)
    return _datum_imp_values(entries, rows, rows, options.trim, method, options.rounding)


def _mirrored_matchpoints(
    entries: _Entries, rows: _Rows, options: _Options
) -> tuple[np.ndarray, np.ndarray]:
    """NS and EW matchpoints when every table has one result and no split score: EW's scores
    are NS's negated, so on a board of N results EW's english matchpoints are 2(N − 1) minus
    NS's, exactly (whole numbers); both sides are then scaled and factored as usual."""
    ns_per_row = _plain_matchpoints(rows)
    results = np.bincount(rows.board)[rows.board]
    ew_per_row = 2.0 * (results - 1) - ns_per_row
    args = (options.scoring, options.expected)
    ns, _ = _entry_matchpoints(entries, rows, ns_per_row, *args)
    ew, _ = _entry_matchpoints(entries, rows, ew_per_row, *args)
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
) -> TravellerScores:
    """NS and EW results of every table of a traveller, split scores allowed (EBU, De Wael).

    One row per component of a table's result: ``entry`` is the table, ``ns_score`` NS's
    score, ``ew_score`` EW's score from EW's side (blank/NaN: −ns_score, no split), ``weight``
    the component's weight (a table's rows add up to 1).
    method: matchpoints (with ``scoring``, ``expected``), cross_imps (``divisor``), butler or
    bastille (``trim``; butler also ``rounding`` of the datum's exact 5: away or even).
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
        expected=_expected_per_board(expected, entries),
        rounding=choice("rounding", rounding, DATUM_ROUNDINGS),
    )
    if split == "halves":
        ns, ew = _score_halves(entries, rows, ew_as_ns, method, options)
    elif method == "matchpoints" and rows.unit_weights and np.array_equal(ew_as_ns, rows.score):
        ns, ew = _mirrored_matchpoints(entries, rows, options)
    else:
        ns = _score_side(entries, rows, method, options)
        ew_rows = _Rows(rows.board, rows.entry, -ew_as_ns, rows.weight, rows.unit_weights)
        ew = _score_side(entries, ew_rows, method, options)
    return TravellerScores(entries.board.copy(), entries.entry.copy(), ns, ew)
