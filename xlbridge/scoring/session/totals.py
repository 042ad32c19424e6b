"""Pair totals, places and the result objects of a scored session (used by
:mod:`xlbridge.scoring.session`; nothing here is public)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from xlbridge.errors import InputError
from xlbridge.scoring.boards.datums import datum
from xlbridge.scoring.session.data import (
    ADJUSTED,
    DIRECTIONS,
    NOT_PLAYED_KIND,
    SCORE,
    Adjusted,
    BoardTraveller,
    PairResult,
    ScoreCardRow,
    ScoredLine,
    Traveller,
)

#: Decimals to which scores are compared for ties (and shown).
PLACE_DECIMALS = 2


@dataclass
class LineTables:
    """The lines grouped into tables (the components of a weighted score are one table)."""

    first: np.ndarray  # each table's first row
    of_row: np.ndarray  # each row's table
    rows_each: bool  # every row is a table of its own (of_row is arange)


@dataclass(frozen=True)
class BoardGroups:
    """The scoring groups (a board, in one section or across the field) and their tables."""

    of_table: np.ndarray  # group of each table, −1 for a table that did not play
    kind: np.ndarray  # kind of each table
    results: np.ndarray  # real results of each group
    entries: np.ndarray  # real results and adjusted scores of each group
    section: np.ndarray  # section of each group, −1 across the field


@dataclass(frozen=True)
class ResultRows:
    """The rows of real results to score, their group and table; ``rows`` None: every row,
    in order (no copies)."""

    rows: np.ndarray | None
    group: np.ndarray
    table: np.ndarray

    def take(self, values: np.ndarray) -> np.ndarray:
        return values if self.rows is None else values[self.rows]


def real_result_rows(
    traveller: Traveller, tables: LineTables, groups: BoardGroups, least: int
) -> ResultRows:
    """The rows of real results on groups with at least ``least`` of them."""
    row_group = groups.of_table if tables.rows_each else groups.of_table[tables.of_row]
    real = traveller.kind == SCORE
    if tables.rows_each and real.all() and groups.results.min() >= least:
        return ResultRows(None, row_group, tables.of_row)
    keep = real & (groups.results[np.maximum(row_group, 0)] >= least) & (row_group >= 0)
    rows = np.flatnonzero(keep)
    return ResultRows(rows, row_group[rows], tables.of_row[rows])


@dataclass
class ScoredSession:
    """A scored session as arrays; builds the result objects on demand."""

    traveller: Traveller
    method: str
    two_winners: bool
    across_field: bool
    tables: LineTables
    table_ns: np.ndarray  # NS pair id of each table
    table_ew: np.ndarray
    table_group: np.ndarray  # scoring group (board) of each table; -1 not played
    table_kind: np.ndarray  # kind of each table
    group_board: np.ndarray
    group_section: np.ndarray  # -1 across the field
    group_top: np.ndarray  # NaN at IMPs
    group_results: np.ndarray  # real results per group
    ns_value: np.ndarray  # per table, NaN not played
    ew_value: np.ndarray
    pair_ids: int
    datum_rounding: str = "away"  # butler: an exact 5 away from zero, or "even"
    totals: str = "factored"  # matchpoint totals shown factored to B_max, or "raw"
    #: Pairs known by direction (NS 3 and EW 3 are two pairs) but ranked together: a Mitchell
    #: scored with one winner; their labels show the direction ("3NS").
    joint_directions: bool = False
    pair_total: np.ndarray = field(init=False)
    pair_boards: np.ndarray = field(init=False)
    pair_top: np.ndarray = field(init=False)
    pair_rank: np.ndarray = field(init=False)
    pair_tied: np.ndarray = field(init=False)
    pair_order: np.ndarray = field(init=False)
    pair_most: np.ndarray = field(init=False)  # the most boards any pair of its ranking played
    #: Each table's line once built (travellers and score cards share them).
    _lines: dict[int, ScoredLine] = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        played = self.table_group >= 0
        every = bool(played.all())
        ns = self.table_ns if every else self.table_ns[played]
        ew = self.table_ew if every else self.table_ew[played]
        ns_value = self.ns_value if every else self.ns_value[played]
        ew_value = self.ew_value if every else self.ew_value[played]
        ids = self.pair_ids
        self.pair_total = np.bincount(ns, ns_value, ids) + np.bincount(ew, ew_value, ids)
        self.pair_boards = np.bincount(ns, minlength=ids) + np.bincount(ew, minlength=ids)
        if self.imps:
            self.pair_top = np.full(ids, np.nan)
        elif (self.group_top == self.group_top[0]).all():  # every board has the same top
            self.pair_top = self.pair_boards * self.group_top[0]
        else:
            top = self.group_top[self.table_group[played]]
            self.pair_top = np.bincount(ns, top, ids) + np.bincount(ew, top, ids)
        self._rank()

    @property
    def imps(self) -> bool:
        return self.method in ("ximp", "butler")

    def _pair_section(self, pid: Any) -> Any:
        return self._pair_number(pid) // max(len(self.traveller.pairs), 1)

    def _pair_direction(self, pid: Any) -> Any:
        """0 NS, 1 EW when pairs are known by direction; 0 for everyone otherwise."""
        if not self.by_direction:
            return np.zeros_like(pid)
        return pid // (self.pair_ids // 2)

    def _pair_label(self, pid: Any) -> Any:
        return self._pair_number(pid) % max(len(self.traveller.pairs), 1)

    def _pair_number(self, pid: Any) -> Any:
        """section × labels + label, whatever the direction."""
        return pid % (self.pair_ids // 2) if self.by_direction else pid

    @property
    def by_direction(self) -> bool:
        """Whether pair ids count NS pairs, then EW pairs (two winners, or joint directions)."""
        return self.two_winners or self.joint_directions

    def _rank(self) -> None:
        """Places within each ranking (ties to PLACE_DECIMALS share a place)."""
        pid = np.flatnonzero(self.pair_boards)
        section = np.zeros_like(pid) if self.across_field else self._pair_section(pid)
        direction = self._pair_direction(pid) if self.two_winners else np.zeros_like(pid)
        ranking = section * 2 + direction
        total, boards = self.pair_total[pid], self.pair_boards[pid]
        if self.imps:  # IMPs per board in a ranking whose pairs played unequal numbers
            value = np.where(self._uneven_boards(ranking, boards), total / boards, total)
        else:  # every board has a top of at least 2
            value = total / self.pair_top[pid] * 100
        # One key: the ranking, then the value to the shown decimals, best first.
        key = (ranking << 42) + (1 << 41)  # values within ±2**41 keep to the low 42 bits
        key -= spreadsheet_hundredths(value).astype(np.int64)
        natural = _natural_order(self.traveller.pairs)
        if np.array_equal(natural, np.arange(natural.size)):  # pid order is the tiebreak
            order = np.argsort(key, kind="stable")
        else:  # equal values by section, then pair number
            tiebreak = natural[self._pair_label(pid)] + section * natural.size
            order = np.lexsort((tiebreak, key))
        sorted_key = key[order]
        first, last = _runs(sorted_key)
        ranking_first, _ = _runs(sorted_key >> 42)
        self.pair_order = pid[order]
        self.pair_rank = np.zeros(self.pair_ids, dtype=np.int64)
        self.pair_tied = np.zeros(self.pair_ids, dtype=bool)
        self.pair_rank[self.pair_order] = first - ranking_first + 1
        self.pair_tied[self.pair_order] = last - first > 1
        most = np.zeros(int(ranking.max()) + 1 if ranking.size else 1, dtype=np.int64)
        np.maximum.at(most, ranking, boards)
        self.pair_most = np.zeros(self.pair_ids, dtype=np.int64)
        self.pair_most[pid] = most[ranking]

    @staticmethod
    def _uneven_boards(ranking: np.ndarray, boards: np.ndarray) -> np.ndarray:
        """For each pair, whether the pairs of its ranking played different numbers of boards."""
        low = np.full(int(ranking.max()) + 1, np.iinfo(np.int64).max)
        high = np.zeros(int(ranking.max()) + 1, dtype=np.int64)
        np.minimum.at(low, ranking, boards)
        np.maximum.at(high, ranking, boards)
        uneven: NDArray[np.bool_] = (low != high)[ranking]
        return uneven

    # Result objects ---------------------------------------------------------------------

    def pair_results(self) -> tuple[PairResult, ...]:
        traveller = self.traveller
        results = []
        for pid in self.pair_order.tolist():
            boards = int(self.pair_boards[pid])
            total = float(self.pair_total[pid])
            top = float(self.pair_top[pid])
            direction = DIRECTIONS[int(self._pair_direction(np.int64(pid)))]
            rank = int(self.pair_rank[pid])
            shown = total
            if not self.imps and self.totals == "factored":
                shown = factored_total(total, int(self.pair_most[pid]), boards)
            results.append(
                PairResult(
                    section=traveller.sections[int(self._pair_section(np.int64(pid)))],
                    pair=traveller.pairs[int(self._pair_label(np.int64(pid)))],
                    direction=direction if self.by_direction else "",
                    joint=self.joint_directions,
                    boards=boards,
                    score=shown,
                    top=top,
                    percentage=total / top * 100 if top > 0 else math.nan,
                    per_board=total / boards,
                    place=f"{rank}=" if self.pair_tied[pid] else str(rank),
                    rank=rank,
                    raw_score=total,
                )
            )
        return tuple(results)

    def _pair_id(self, pair: PairResult) -> int:
        traveller = self.traveller
        try:
            section = traveller.sections.index(pair.section)
            label = traveller.pairs.index(pair.pair)
        except ValueError:
            raise InputError(f"pair {pair.pair} is not in this session") from None
        number = section * max(len(traveller.pairs), 1) + label
        if not self.by_direction:
            return number
        return number + DIRECTIONS.index(pair.direction) * (self.pair_ids // 2)

    def _line(self, table: int) -> ScoredLine:
        line = self._lines.get(table)
        if line is None:
            line = self._lines[table] = self._new_line(table)
        return line

    def _new_line(self, table: int) -> ScoredLine:
        traveller = self.traveller
        row = int(self.tables.first[table])
        group = int(self.table_group[table])
        top = self.group_top[group] if group >= 0 else math.nan
        ns_value, ew_value = float(self.ns_value[table]), float(self.ew_value[table])
        text, ns_score = self._score_text(table, row)
        kind = traveller.kind[row]
        ew_own = float(traveller.ew_score[row])
        split = ns_score == ns_score and ew_own == ew_own and ew_own != -ns_score
        return ScoredLine(
            section=traveller.sections[int(traveller.section[row])],
            board=int(traveller.board[row]),
            ns_pair=traveller.pairs[int(traveller.ns_pair[row])],
            ew_pair=traveller.pairs[int(traveller.ew_pair[row])],
            round=int(traveller.round[row]),
            contract=str(traveller.contract[row]) if ns_score == ns_score else "",
            declarer=str(traveller.declarer[row]) if ns_score == ns_score else "",
            lead=str(traveller.lead[row]),
            tricks=int(traveller.tricks[row]) if ns_score == ns_score else -1,
            ns_score=ns_score,
            score_text=text,
            adjusted=text if kind == ADJUSTED else "",
            ns_value=ns_value,
            ew_value=ew_value,
            ns_percent=float(ns_value / top * 100) if top > 0 else math.nan,
            ew_percent=float(ew_value / top * 100) if top > 0 else math.nan,
            ew_score=ew_own if split else math.nan,
            line=int(traveller.lines[row]),
        )

    def _score_text(self, table: int, row: int) -> tuple[str, float]:
        """The table's score as shown, and NS's score when it is a single one (else NaN)."""
        traveller = self.traveller
        kind = traveller.kind[row]
        if kind == ADJUSTED:
            return str(Adjusted(traveller.ns_share[row], traveller.ew_share[row])), math.nan
        if kind == NOT_PLAYED_KIND:
            return "NP", math.nan
        rows = [row] if self.tables.rows_each else np.flatnonzero(self.tables.of_row == table)
        if len(rows) > 1:
            parts = [f"{traveller.weight[r] * 100:g}% {traveller.ns_score[r]:g}" for r in rows]
            return " + ".join(parts), math.nan
        score = float(traveller.ns_score[row])
        ew = traveller.ew_score[row]
        if ew == ew and ew != -score:
            return f"{score:g} / EW {ew:g}", score
        return f"{score:g}", score

    def travellers(self) -> tuple[BoardTraveller, ...]:
        traveller = self.traveller
        tables = np.flatnonzero(self.table_group >= 0)
        by_group = tables[np.argsort(self.table_group[tables], kind="stable")]
        datum = self._datums()
        groups = np.split(by_group, np.flatnonzero(np.diff(self.table_group[by_group])) + 1)
        boards = []
        for members in groups:
            if not members.size:
                continue
            group = int(self.table_group[members[0]])
            lines = sorted(
                (self._line(int(t)) for t in members),
                key=lambda line: (
                    line.ns_score != line.ns_score,
                    -line.ns_score if line.ns_score == line.ns_score else 0,
                    -line.ns_value,
                ),
            )
            section = int(self.group_section[group])
            boards.append(
                BoardTraveller(
                    section="" if section < 0 else traveller.sections[section],
                    board=int(self.group_board[group]),
                    top=float(self.group_top[group]),
                    datum=float(datum[group]),
                    results=int(self.group_results[group]),
                    lines=tuple(lines),
                )
            )
        return tuple(boards)

    def _datums(self) -> np.ndarray:
        """The Butler datum of each group (NaN for other methods or without two results)."""
        datums = np.full(self.group_board.size, np.nan)
        if self.method != "butler":
            return datums
        traveller = self.traveller
        groups = BoardGroups(
            self.table_group,
            self.table_kind,
            self.group_results,
            self.group_results,
            self.group_section,
        )
        rows = real_result_rows(traveller, self.tables, groups, 2)
        if rows.group.size:
            scores, weights = rows.take(traveller.ns_score), rows.take(traveller.weight)
            values = datum(rows.group, rows.table, scores, weights, rounding=self.datum_rounding)
            datums[values.board] = values.value
        return datums

    def score_card(self, pair: PairResult) -> list[ScoreCardRow]:
        pid = self._pair_id(pair)
        mine = np.flatnonzero(
            ((self.table_ns == pid) | (self.table_ew == pid)) & (self.table_group >= 0)
        )
        first = self.tables.first[mine]
        traveller = self.traveller
        mine = mine[np.lexsort((traveller.round[first], traveller.board[first]))]
        return self._card_rows(pid, mine.tolist())

    def score_cards(
        self, pairs: Sequence[PairResult]
    ) -> dict[tuple[str, str, str], list[ScoreCardRow]]:
        """The score card of each of ``pairs`` (:meth:`pair_results`, in that order), keyed by
        :attr:`PairResult.key`, in one pass over the tables (the rows :meth:`score_card`
        gives one pair at a time)."""
        traveller = self.traveller
        played = np.flatnonzero(self.table_group >= 0)
        first = self.tables.first[played]
        played = played[np.lexsort((traveller.round[first], traveller.board[first]))]
        pids = np.concatenate((self.table_ns[played], self.table_ew[played]))
        tables = np.concatenate((played, played))
        place = np.tile(np.arange(played.size), 2)  # a pair's tables in board order
        order = np.lexsort((place, pids))
        pids, tables = pids[order], tables[order]
        starts = np.flatnonzero(np.diff(pids)) + 1
        by_pid = dict(
            zip(
                pids[np.r_[0, starts]].tolist() if pids.size else [],
                np.split(tables, starts),
                strict=True,
            )
        )
        return {
            pair.key: self._card_rows(pid, by_pid[pid].tolist())
            for pid, pair in zip(self.pair_order.tolist(), pairs, strict=True)
        }

    def _card_rows(self, pid: int, mine: list[int]) -> list[ScoreCardRow]:
        """The score card rows of pair ``pid`` from its tables ``mine`` (in board order)."""
        traveller = self.traveller
        rows, running = [], 0.0
        for table in mine:
            line = self._line(table)
            ns = bool(self.table_ns[table] == pid)
            value = line.ns_value if ns else line.ew_value
            running += value
            row = int(self.tables.first[table])
            ew_own = traveller.ew_score[row]
            if ns:
                score = line.ns_score
            else:
                score = 0.0 - line.ns_score if ew_own != ew_own else float(ew_own)  # not -0
            rows.append(
                ScoreCardRow(
                    board=line.board,
                    round=line.round,
                    opponents=line.ew_pair if ns else line.ns_pair,
                    direction="NS" if ns else "EW",
                    contract=line.contract,
                    declarer=line.declarer,
                    tricks=line.tricks,
                    result=line.result,
                    score=score,
                    score_text=line.score_text if ns or score != score else f"{score:g}",
                    value=value,
                    percent=line.ns_percent if ns else line.ew_percent,
                    running_total=running,
                )
            )
        return rows


def spreadsheet_hundredths(value: Any) -> np.ndarray:
    """``value`` in whole hundredths (PLACE_DECIMALS), halves away from zero as a spreadsheet's
    ROUND gives them: a value that is an exact half in exact arithmetic but a hair below it in
    binary (2153/40 = 53.825 computed as 53.824999999999996) is rounded as the half it is, to
    within 1E-6 of a hundredth."""
    scaled = np.round(np.abs(np.asarray(value, dtype=float)) * 10**PLACE_DECIMALS, 6)
    hundredths: np.ndarray = np.copysign(np.floor(scaled + 0.5), value)
    return hundredths


def factored_total(total: float, most: int, played: int) -> float:
    """A matchpoint total over ``played`` boards shown on the footing of ``most`` boards (the
    most any pair of the ranking played): total × most / played to 2 decimals, halves away
    from zero (:func:`spreadsheet_hundredths`); unchanged when the pair played them all (124
    over 26 of 27 boards shows 128.77; 35 53/60 over 6 of 9 boards is 53.825 and shows
    53.83)."""
    if played >= most or played <= 0:
        return total
    hundredths = float(spreadsheet_hundredths(total * most / played))
    scale: float = 10.0**PLACE_DECIMALS
    return hundredths / scale


def _runs(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For sorted values: where each value's run of equal values starts, and where it ends
    (one past its last position)."""
    new = np.empty(values.size, dtype=bool)
    new[:1] = True
    np.not_equal(values[1:], values[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    run = np.cumsum(new) - 1
    return starts[run], np.append(starts[1:], values.size)[run]


def _natural_order(labels: Sequence[str]) -> np.ndarray:
    """Each label's position when labels are sorted naturally ("2" before "10")."""
    keys = [
        (0, int(label), "") if label.isascii() and label.isdigit() else (1, 0, label.lower())
        for label in labels
    ]
    order = sorted(range(len(labels)), key=keys.__getitem__)
    position = np.empty(len(labels), dtype=np.int64)
    position[order] = np.arange(len(labels))
    return position
