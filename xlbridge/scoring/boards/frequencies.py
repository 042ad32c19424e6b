"""The ground every board-scoring module stands on: component arrays checked and indexed.

Every function works on many boards at once. A board's results come as flat *component* arrays,
one row per component:

- ``board``  — the board the row belongs to (any whole numbers),
- ``entry``  — the entry (table, pair or team) within that board (any whole numbers),
- ``score``  — the component's score, from the side being scored,
- ``weight`` — the component's weight; the components of one entry add up to 1.

A normal result is one row of weight 1 (``weight`` may then be left out). An assigned weighted
score ("60 % of 430 plus 40 % of 400") is several rows of the same entry. Results come back once
per entry, keyed by the (board, entry) pairs in ascending order.

This module holds the input checks of scores and weights, the sorting, which rows belong to
which entry and board, and the frequency table of weights below and at a score that
matchpoints, cross-IMPs and datums count with (``frequency_table`` shows it). Counting is done
by sorting and binary search, never by pairing scores, so a board played 10,000 times costs
O(N log N). The scoring itself is in :mod:`~xlbridge.scoring.boards.matchpoints`,
:mod:`~xlbridge.scoring.boards.cross_imps`, :mod:`~xlbridge.scoring.boards.datums` and
:mod:`~xlbridge.scoring.boards.split_scores` (docs/board-scoring.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from xlbridge.errors import InputError
from xlbridge.scoring.checks import margins, shown

#: How far the weights of one entry may be from adding up to 1.
WEIGHT_TOLERANCE = 1e-9


class EntryScores(NamedTuple):
    """One value per entry: ``value[i]`` belongs to ``board[i]``, ``entry[i]``."""

    board: np.ndarray
    entry: np.ndarray
    value: np.ndarray


class Frequencies(NamedTuple):
    """A frequency table: each distinct score of each board with its (fractional) frequency."""

    board: np.ndarray
    score: np.ndarray
    frequency: np.ndarray


# --------------------------------------------------------------------------------------------
# Input checks


def reject_bad(name: str, values: np.ndarray, bad: np.ndarray, what: str) -> None:
    """Raise InputError naming ``name`` and its first bad value (rows counted from 1)."""
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        where = "" if values.size == 1 else f" in row {row + 1}"
        raise InputError(f"{name} must {what}, got {shown(values[row])}{where}")


def flat_numbers(name: str, values: ArrayLike) -> np.ndarray:
    """A flat float array; blank cells (None, "") become NaN, text is rejected."""
    array = np.asarray(values)
    if array.dtype.kind in "iuf":
        return array.astype(float).reshape(-1)
    return margins(name, np.asarray(values, dtype=object)).reshape(-1)


def id_numbers(name: str, values: ArrayLike) -> np.ndarray:
    """Board or entry numbers as int64 (8.0 from a cell is accepted)."""
    array = np.asarray(values)
    if array.dtype.kind in "iu":
        return array.astype(np.int64).reshape(-1)
    raw = flat_numbers(name, array)
    reject_bad(name, raw, ~np.isfinite(raw) | (raw != np.round(raw)), "hold whole numbers")
    return raw.astype(np.int64)


def required_scores(name: str, values: ArrayLike) -> np.ndarray:
    """Scores as a flat float array, a number in every row (a blank is rejected)."""
    scores = flat_numbers(name, values)
    reject_bad(name, scores, ~np.isfinite(scores), "hold a number in every row")
    return scores


def optional_scores(name: str, values: ArrayLike | None, size: int) -> np.ndarray:
    """Scores where a blank (NaN) is allowed; None means all blank."""
    if values is None:
        return np.full(size, np.nan)
    scores = flat_numbers(name, values)
    reject_bad(name, scores, np.isinf(scores), "hold finite numbers or blanks")
    return scores


def component_weights(values: ArrayLike | None, size: int) -> np.ndarray:
    """The components' weights, each at least 0; None means weight 1 for each of ``size`` rows."""
    if values is None:
        return np.ones(size)
    weights = flat_numbers("weight", values)
    reject_bad(
        "weight", weights, ~np.isfinite(weights) | (weights < 0), "hold numbers of at least 0"
    )
    return weights


def require_same_length(**arrays: np.ndarray) -> None:
    """Raise InputError unless the first array has rows and the others as many, by name."""
    (first, reference), *others = arrays.items()
    if reference.size == 0:
        raise InputError(f"{first} must hold at least one row, got none")
    for name, array in others:
        if array.size != reference.size:
            raise InputError(
                f"{name} must have one value per row of {first} ({reference.size} rows), "
                f"got {array.size}"
            )


def whole_mask(values: np.ndarray) -> np.ndarray:
    """For each value, whether it is a finite whole number."""
    whole: NDArray[np.bool_] = np.isfinite(values) & (values == np.round(values))
    return whole


# --------------------------------------------------------------------------------------------
# Sorting


#: Combined sort keys must stay below this (int64, with room to spare).
_KEY_LIMIT = 2.0**62


def sort_key(major: np.ndarray, minor: np.ndarray) -> np.ndarray | None:
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
    key: NDArray[np.int64] = (major - low_major).astype(np.int64) * int(minor_span)
    key += (minor - low_minor).astype(np.int64)
    return key


def lexorder(major: np.ndarray, minor: np.ndarray, key: np.ndarray | None = None) -> np.ndarray:
    """Indices that sort rows by (major, minor), as ``np.lexsort((minor, major))`` would.

    Sorting one int64 key (see ``sort_key``) is several times faster than a two-key lexsort.
    Rows equal in both keys may come in any order.
    """
    key = sort_key(major, minor) if key is None else key
    return np.lexsort((minor, major)) if key is None else np.argsort(key)


# --------------------------------------------------------------------------------------------
# Which rows belong to which entry and board


@dataclass(frozen=True)
class EntryIndex:
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
        on_board: NDArray[np.int64] = self.count[self.board_index]
        return on_board

    def total(self, row_values: np.ndarray) -> np.ndarray:
        """Sum of ``row_values`` over each entry's rows."""
        if self.one_row_each:
            return np.asarray(row_values, dtype=float)
        return np.bincount(self.of_row, weights=row_values, minlength=self.entry.size)

    def scores(self, value: np.ndarray) -> EntryScores:
        """``value`` (one per entry) keyed by these entries' boards and entry ids."""
        # board and entry are this object's own arrays (made from the caller's by id_numbers).
        return EntryScores(self.board, self.entry, value)


def index_entries(board: np.ndarray, entry: np.ndarray) -> EntryIndex:
    """Index the rows by (board, entry) pair and the pairs by board, in ascending order.

    Rows that already come board by board and entry by entry (the usual traveller order) need
    no sort; others are sorted once (``lexorder``).
    """
    size = board.size
    step_board, step_entry = np.diff(board), np.diff(entry)
    in_order = bool((step_board >= 0).all() and ((step_board > 0) | (step_entry >= 0)).all())
    if in_order and bool(((step_board > 0) | (step_entry > 0)).all()):
        return _one_row_each(board, entry, step_board)
    order = None if in_order else lexorder(board, entry)
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
    return EntryIndex(
        board=pair_board,
        entry=pair_entry,
        of_row=of_row,
        board_index=board_index,
        board_ids=pair_board[new_board],
        count=np.bincount(board_index, minlength=int(new_board.sum())),
    )


def _one_row_each(board: np.ndarray, entry: np.ndarray, step_board: np.ndarray) -> EntryIndex:
    """The entries of rows that are each a different entry, in (board, entry) order."""
    new_board = np.ones(board.size, dtype=bool)
    np.not_equal(step_board, 0, out=new_board[1:])
    board_index = np.cumsum(new_board) - 1
    return EntryIndex(
        board=board,
        entry=entry,
        of_row=np.arange(board.size),
        board_index=board_index,
        board_ids=board[new_board],
        count=np.bincount(board_index),
        one_row_each=True,
    )


def check_weight_sums(entries: EntryIndex, weights: np.ndarray, per_board: bool = False) -> None:
    """Raise InputError unless each entry's weights add up to 1 (``per_board``: each board's,
    when every board is one entry, and the message names the board alone)."""
    sums = entries.total(weights)
    bad = np.abs(sums - 1) > WEIGHT_TOLERANCE
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        where = f"board {entries.board[i]}"
        if not per_board:
            where += f", entry {entries.entry[i]}"
        raise InputError(f"weight of {where} must add up to 1, got {sums[i]:.12g}")


def require_two_entries(entries: EntryIndex) -> None:
    """Every board needs at least 2 entries: a lone result has nothing to be compared with."""
    lonely = entries.count < 2
    if lonely.any():
        board = entries.board_ids[np.flatnonzero(lonely)[0]]
        raise InputError(f"board {board} must have at least 2 entries to compare, got 1")


@dataclass(frozen=True)
class ComponentRows:
    """Components by index: board index, entry index, score and weight of each row."""

    board: np.ndarray
    entry: np.ndarray
    score: np.ndarray
    weight: np.ndarray
    unit_weights: bool = False  # every row is a whole entry of weight 1


def parse_components(
    board: ArrayLike, entry: ArrayLike, score: ArrayLike, weight: ArrayLike | None
) -> tuple[EntryIndex, ComponentRows]:
    """Check component arrays and index them by entry and board."""
    boards, entry_ids = id_numbers("board", board), id_numbers("entry", entry)
    scores = required_scores("score", score)
    weights = component_weights(weight, boards.size)
    require_same_length(board=boards, entry=entry_ids, score=scores, weight=weights)
    entries = index_entries(boards, entry_ids)
    unit = weight is None and entries.entry.size == boards.size  # one row of weight 1 each
    if not unit:
        check_weight_sums(entries, weights)
    return entries, ComponentRows(entries.row_board, entries.of_row, scores, weights, unit)


# --------------------------------------------------------------------------------------------
# Counting weights below and at a score


class CumulativeFrequencies:
    """Weighted scores in groups (boards, or entries), sorted once by (group, score), with
    their cumulative weights: F(< s) and F(<= s) of any score s in its group.

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
        self._order = lexorder(group, score)
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
        means: NDArray[np.float64] = kept / (end - self.group_start - 2 * cut)
        return means

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
        weight: NDArray[np.float64] = self._cumulative[position] - self._before_group[group]
        return weight

    def below(self, group: np.ndarray, score: np.ndarray) -> np.ndarray:
        """Weight in ``group`` with a score less than ``score``: F(< s)."""
        return self._weight_before(group, score, "left")

    def at_most(self, group: np.ndarray, score: np.ndarray) -> np.ndarray:
        """Weight in ``group`` with a score at most ``score``: F(< s) + F(= s)."""
        return self._weight_before(group, score, "right")

    def counts(self, group: np.ndarray, score: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """F(< s) and F(<= s) of query scores in their groups."""
        return self.below(group, score), self.at_most(group, score)


def frequencies_by_board(rows: ComponentRows, groups: int) -> CumulativeFrequencies:
    """The frequency table of ``rows`` by board."""
    return CumulativeFrequencies(rows.board, rows.score, rows.weight, groups, rows.unit_weights)


def frequency_table(
    board: ArrayLike, score: ArrayLike, weight: ArrayLike | None = None
) -> Frequencies:
    """Each board's distinct scores with their total weight (fractional frequency)."""
    boards = id_numbers("board", board)
    scores = required_scores("score", score)
    weights = component_weights(weight, boards.size)
    require_same_length(board=boards, score=scores, weight=weights)
    order = np.lexsort((scores, boards))
    boards, scores, weights = boards[order], scores[order], weights[order]
    starts = np.flatnonzero(
        np.concatenate([[True], (boards[1:] != boards[:-1]) | (scores[1:] != scores[:-1])])
    )
    return Frequencies(boards[starts], scores[starts], np.add.reduceat(weights, starts))
