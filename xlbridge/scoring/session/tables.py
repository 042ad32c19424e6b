"""A pairs session's traveller lines checked and grouped: pair numbers, tables, boards played.

Used by :func:`xlbridge.scoring.session.score_session` before any board is scored: every score
must be one a contract can make; each line's NS and EW pairs get one number each
(:func:`pair_ids`), which also tells one winner from two (:func:`sits_both_ways`,
:func:`numbered_by_direction`); the lines are grouped into tables (several lines of one table
are an assigned weighted score, :func:`check_components`), and the tables into the boards (or
section boards) that are scored together (:func:`board_groups`). Nothing here is public.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from xlbridge.errors import InputError, InputErrors
from xlbridge.scoring.boards.frequencies import WEIGHT_TOLERANCE
from xlbridge.scoring.checks import shown
from xlbridge.scoring.session.data import ADJUSTED, NOT_PLAYED_KIND, SCORE, Traveller
from xlbridge.scoring.session.totals import BoardGroups, LineTables

#: No contract scores more than this either way (7NTXX vulnerable, all 13 tricks lost).
MAX_SCORE = 7600


def check_scores(traveller: Traveller) -> None:
    """Every score line has a score, within what a contract can score."""
    scores = traveller.ns_score
    if -MAX_SCORE <= scores.min() and scores.max() <= MAX_SCORE:  # False with any NaN
        return
    score_line = traveller.kind == SCORE
    bad = score_line & ~(np.abs(scores) <= MAX_SCORE)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise traveller.fail(
            row,
            f"ns_score must be a bridge score from -{MAX_SCORE} to {MAX_SCORE}, "
            f"got {shown(float(scores[row]))}",
        )


def dense_codes(key: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct values of a key of whole numbers from 0 (ascending), each value's index
    into them, and how often each occurs."""
    if key.max() < 4 * key.size + 1024:
        counts = np.bincount(key)
        distinct = np.flatnonzero(counts)
        index = np.cumsum(counts > 0) - 1
        return distinct, index[key], counts[distinct]
    distinct, codes, counts = np.unique(key, return_inverse=True, return_counts=True)
    return distinct, codes.reshape(-1), counts


def joint_key(*columns: np.ndarray) -> np.ndarray:
    """One int64 per row of equally long columns of whole numbers, equal exactly when every
    column is, and in the order of the rows sorted column by column (the first column first):
    each column's offset from its least in mixed radix, or, when those would not fit in 62
    bits, each distinct row's rank."""
    if not columns[0].size:
        return columns[0]
    key = np.zeros(columns[0].size, dtype=np.int64)
    span_product = 1
    for column in columns:
        low, span = int(column.min()), int(column.max()) - int(column.min()) + 1
        span_product *= span
        if span_product >= 2**62:
            inverse: np.ndarray = np.unique(np.column_stack(columns), axis=0, return_inverse=True)[
                1
            ]
            return inverse.reshape(-1)
        key = key * span + (column - low)
    return key


def pair_ids(traveller: Traveller) -> tuple[np.ndarray, np.ndarray, int]:
    """Each line's NS and EW pair as a number from (section, label): section × labels + label;
    and how many such numbers there can be."""
    labels = max(len(traveller.pairs), 1)
    ns = traveller.section * labels
    ew = ns + traveller.ew_pair
    ns += traveller.ns_pair
    return ns, ew, len(traveller.sections) * labels


def sits_both_ways(ns: np.ndarray, ew: np.ndarray, ids: int) -> bool:
    """Whether some pair sits NS on one line and EW on another (``pair_ids`` numbers)."""
    seen_ns = np.zeros(ids, dtype=bool)
    seen_ns[ns] = True
    return bool(seen_ns[ew].any())


def numbered_by_direction(traveller: Traveller) -> bool:
    """Whether NS and EW pairs are numbered separately (a Mitchell numbered 1…N both ways).

    In such a Mitchell every board is played by NS pair p and by EW pair p, so on every board
    most NS numbers are EW numbers too; with pairs numbered once (a Howell) a number appears
    on a board only once. Every board must show it, so one mistyped line does not make a
    Howell a Mitchell (it is reported as a pair playing a board twice instead).
    """
    pairs = max(len(traveller.pairs), 1)
    board = traveller.section * (int(traveller.board.max()) + 1) + traveller.board
    ns_key = board * pairs + traveller.ns_pair
    ew_key = board * pairs + traveller.ew_pair
    shared = np.isin(ns_key, ew_key)
    _, group = np.unique(board, return_inverse=True)
    lines = np.bincount(group.reshape(-1))
    both = np.bincount(group.reshape(-1), weights=shared)
    return bool((both * 2 > lines).all())


def _one_table_per_line(size: int) -> LineTables:
    rows = np.arange(size)
    return LineTables(rows, rows, True)


def line_tables(traveller: Traveller, ns_id: np.ndarray, ew_id: np.ndarray, ids: int) -> LineTables:
    """Group rows into tables; reject a pair on both sides of a line or playing a board twice."""
    same = np.flatnonzero(ns_id == ew_id)
    if same.size:
        raise _every(
            traveller,
            [
                (
                    int(row),
                    f"pair {traveller.pairs[traveller.ns_pair[row]]} is on both sides of the "
                    "line (NS and EW); if NS and EW pairs are numbered separately (a "
                    "Mitchell), score with two winners",
                )
                for row in same.tolist()
            ],
        )
    size = len(traveller)
    board_span = int(traveller.board.max()) + 1
    if float(board_span) * ids * 2 >= 2.0**62:
        raise InputError(f"{traveller.source}: too many boards and pairs to score")
    ns_key = traveller.board * ids
    ew_key = ns_key + ew_id
    ns_key += ns_id
    if board_span * ids <= 64 * size:  # every (board, pair) met once: the usual case
        seen = np.zeros(board_span * ids, dtype=bool)
        seen[ns_key] = True
        seen[ew_key] = True
        if np.count_nonzero(seen) == 2 * size:
            return _one_table_per_line(size)
    keys = np.concatenate([ns_key, ew_key])
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    repeat = np.flatnonzero(sorted_keys[1:] == sorted_keys[:-1])
    if repeat.size == 0:
        return _one_table_per_line(size)
    first_row, second_row = order[repeat] % size, order[repeat + 1] % size
    same_table = (ns_id[first_row] == ns_id[second_row]) & (ew_id[first_row] == ew_id[second_row])
    bad = np.flatnonzero(~same_table)
    if bad.size:
        problems: list[tuple[int | list[int], str]] = []
        for index in bad.tolist():
            a, b = sorted((int(first_row[index]), int(second_row[index])))
            pid = keys[order[repeat[index]]] % ids
            label = traveller.pairs[int(pid % max(len(traveller.pairs), 1))]
            problems.append(([a, b], f"pair {label} plays board {traveller.board[a]} on two lines"))
        raise _every(traveller, problems)
    _, of_row = np.unique(ns_key, return_inverse=True)
    of_row = of_row.reshape(-1)
    first = np.full(int(of_row.max()) + 1, size, dtype=np.int64)
    np.minimum.at(first, of_row, np.arange(size))
    return LineTables(first, of_row, False)


def check_components(traveller: Traveller, tables: LineTables) -> None:
    """Only scores may have several lines (a weighted score); weights of a table add to 1."""
    weight = traveller.weight
    if tables.rows_each and weight.min() == weight.max() == 1:  # NaN compares unequal
        return
    if not tables.rows_each:
        count = np.bincount(tables.of_row)[tables.of_row]
        blank = np.flatnonzero(np.isnan(weight) & (count > 1))
        if blank.size:
            rows = np.flatnonzero(tables.of_row == tables.of_row[blank[0]])
            label = traveller.pairs[int(traveller.ns_pair[rows[0]])]
            raise traveller.fail(
                rows,
                f"pair {label} plays board {traveller.board[rows[0]]} on {rows.size} lines "
                "(lines of one table need a weight each: an assigned weighted score)",
            )
    weight[np.isnan(weight)] = 1.0
    bad_weight = np.flatnonzero(~np.isfinite(weight) | (weight < 0))
    if bad_weight.size:
        row = int(bad_weight[0])
        raise traveller.fail(row, f"weight must be a number of at least 0, got {weight[row]:g}")
    if tables.rows_each:
        off = np.flatnonzero(np.abs(weight - 1) > WEIGHT_TOLERANCE)
        if off.size:
            row = int(off[0])
            raise traveller.fail(
                row, f"a table's weights must add up to 1, got {weight[row]:.12g} on one line"
            )
        return
    count = np.bincount(tables.of_row)
    several = count[tables.of_row] > 1
    not_scores = np.flatnonzero(several & (traveller.kind != SCORE))
    if not_scores.size:
        rows = np.flatnonzero(tables.of_row == tables.of_row[not_scores[0]])
        raise traveller.fail(
            rows, "an adjusted score or NP must be the table's only line on the board"
        )
    sums = np.bincount(tables.of_row, weights=weight)
    off = np.flatnonzero(np.abs(sums - 1) > WEIGHT_TOLERANCE)
    if off.size:
        rows = np.flatnonzero(tables.of_row == off[0])
        raise traveller.fail(rows, f"a table's weights must add up to 1, got {sums[off[0]]:.12g}")


def board_groups(
    traveller: Traveller,
    tables: LineTables,
    kind: np.ndarray,
    board: np.ndarray,
    section: np.ndarray,
    across_field: bool,
) -> tuple[BoardGroups, np.ndarray]:
    """The groups of tables scored together (a board in one section, or across the field) and
    each group's board. ``kind``, ``board`` and ``section`` are those of each table; a table
    that did not play is in group −1. Every board played needs two results, or an adjusted
    score, to compare."""
    in_play = kind != NOT_PLAYED_KIND
    every_table_played = bool(in_play.all())
    board_span = int(board.max()) + 1
    group_key = board if across_field else section * board_span + board
    if every_table_played:
        distinct, group, entries = dense_codes(group_key)
    else:  # key 0 marks the tables that did not play, group −1
        distinct, group, entries = dense_codes(np.where(in_play, group_key + 1, 0))
        group, distinct, entries = group - 1, distinct[1:] - 1, entries[1:]
    groups = distinct.size
    if groups == 0:
        raise InputError(f"{traveller.source}: no board was played")
    group_board = distinct % board_span
    group_section = np.full(groups, -1) if across_field else distinct // board_span
    if (kind == ADJUSTED).any():
        results = entries - np.bincount(group[kind == ADJUSTED], minlength=groups)
    else:
        results = entries
    lonely = np.flatnonzero((results == 1) & (entries == 1))
    if lonely.size:
        problems = []
        for alone in lonely.tolist():
            table = int(np.flatnonzero(group == alone)[0])
            rows = np.flatnonzero(tables.of_row == table) if not tables.rows_each else [table]
            problems.append(
                (
                    [int(row) for row in rows],
                    f"board {group_board[alone]} has one result and no adjusted score: there "
                    "is nothing to compare it with",
                )
            )
        raise _every(traveller, problems)
    return BoardGroups(group, kind, results, entries, group_section), group_board


def _every(traveller: Traveller, problems: Sequence[tuple[int | list[int], str]]) -> InputErrors:
    """One error holding every problem found by one check, each naming its lines, in the
    order of the entries (a problem named twice, as two pairs of one line, is listed once)."""
    found: dict[str, tuple[int, str]] = {}
    for rows, message in problems:
        text = str(traveller.fail(rows, message))
        first = int(np.min(rows))
        found.setdefault(text, (first, text))
    return InputErrors([text for _, text in sorted(found.values())])
