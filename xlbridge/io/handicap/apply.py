"""Applying a month of results to the register, date by date (see :mod:`xlbridge.io.handicap`)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from xlbridge.errors import InputError
from xlbridge.io.handicap.register_file import LOWEST_HANDICAP, Register
from xlbridge.io.handicap.results_file import Results
from xlbridge.scoring import handicap
from xlbridge.scoring.checks import shown


@dataclass(frozen=True)
class History:
    """Changes, one per player per competition, in the order they were applied.

    Kept as each day's arrays; the columns are joined when first asked for (when the history
    file is written), not while the batch runs.
    """

    days: tuple[_DayChanges, ...]
    results: Results

    def _column(self, name: str) -> np.ndarray:
        parts = [getattr(day, name) for day in self.days]
        return np.concatenate(parts) if parts else np.zeros(0, np.int64)

    @property
    def competition(self) -> np.ndarray:  # index into Results.competition_ids
        codes: np.ndarray = self.results.competition[self._column("row")]
        return codes

    @property
    def date(self) -> np.ndarray:
        dates: np.ndarray = self.results.date[self._column("row")]
        return dates

    @property
    def player(self) -> np.ndarray:  # register index
        return self._column("player")

    @property
    def before(self) -> np.ndarray:
        return self._column("before").astype(float)

    @property
    def delta(self) -> np.ndarray:
        return self._column("delta").astype(float)

    @property
    def after(self) -> np.ndarray:
        return self._column("after").astype(float)


class _DayChanges(NamedTuple):
    """One date's changes, per member of an entry: its row, player, before, Δ and after."""

    row: np.ndarray
    player: np.ndarray
    before: np.ndarray
    delta: np.ndarray
    after: np.ndarray


@dataclass(frozen=True)
class Update:
    handicap: np.ndarray  # every register player's handicap after the batch (newcomers last)
    newcomers: list[str]
    applied_codes: np.ndarray  # competitions applied, in date order (indices of ids)
    skipped_codes: np.ndarray  # competitions already in the history
    competition_ids: list[str]
    history: History
    touched: np.ndarray  # bool per register player (newcomers included)

    @property
    def applied(self) -> list[str]:
        return [self.competition_ids[c] for c in self.applied_codes.tolist()]

    @property
    def skipped(self) -> list[str]:
        return [self.competition_ids[c] for c in self.skipped_codes.tolist()]


def apply_results(
    register: Register,
    results: Results,
    applied_before: set[str],
    constants: handicap.Constants = handicap.SPEC,
    progress: Callable[[int, int], None] | None = None,
    add_new: bool = True,
) -> Update:
    """Apply every competition not in ``applied_before``, date by date (see the module).

    Players of the applied competitions who are not in the register are added at 52 when
    ``add_new`` is true, and otherwise an InputError lists them.
    """
    skip = np.zeros(len(results.competition_ids), dtype=bool)
    if applied_before:
        skip[[i for i, c in enumerate(results.competition_ids) if c in applied_before]] = True
    skipping = bool(skip.any())
    day_of_row = _day_numbers(results.date)
    if skipping:
        day_of_row[skip[results.competition]] = -1
    rows = np.argsort(day_of_row, kind="stable")  # a radix sort: day numbers are small
    if skipping:
        rows = rows[day_of_row[rows] >= 0]
    player, newcomers = _register_index(register, results)
    if newcomers and not add_new:
        _reject_unknown(results, newcomers, rows)
    h = np.concatenate([register.handicap, np.full(len(newcomers), constants.cap)])
    # Each applied day's rows stand together in ``rows``: they start where the days before end.
    per_day = np.bincount(day_of_row[day_of_row >= 0] if skipping else day_of_row)
    bounds = np.concatenate(([0], np.cumsum(per_day[per_day > 0])))
    touched = np.zeros(h.size, dtype=bool)
    # The applied rows in date order, taken once: each day is then a slice of the field and
    # of the members (a day's rows and their members stand together).
    field = _field(results, rows, constants)
    members = _members_in_order(results, rows, player)
    changes: list[_DayChanges] = []
    first_day = np.full(len(results.competition_ids), -1, dtype=np.int64)
    for day in range(bounds.size - 1):
        start, end = int(bounds[day]), int(bounds[day + 1])
        part = field.part(slice(start, end))
        day_members = members.of_rows(start, end)
        changes.append(_apply_day(results, rows[start:end], day_members, part, h, constants))
        first_day[part.competition[first_day[part.competition] < 0]] = day
        touched[changes[-1].player] = True
        if progress is not None:
            progress(day + 1, bounds.size - 1)
    codes = np.flatnonzero(first_day >= 0)  # the competitions applied
    return Update(
        handicap=h,
        newcomers=newcomers,
        applied_codes=codes[np.argsort(first_day[codes], kind="stable")],
        skipped_codes=np.flatnonzero(skip),
        competition_ids=results.competition_ids,
        history=History(tuple(changes), results),
        touched=touched,
    )


class _Members(NamedTuple):
    """The members of some entries (rows), in the rows' order: each one's register index,
    and its row's position among those rows; ``None`` when every row has ``size`` members
    (pairs, say: the positions are then 0, 0, 1, 1, …, never made)."""

    players: np.ndarray
    position: np.ndarray | None
    size: int

    def of_rows(self, start: int, end: int) -> _Members:
        """The members of rows ``start`` to ``end`` (positions counted from ``start``)."""
        if self.position is None:
            return _Members(self.players[start * self.size : end * self.size], None, self.size)
        first, last = np.searchsorted(self.position, (start, end))
        return _Members(self.players[first:last], self.position[first:last] - start, 0)

    def entry_sums(self, values: np.ndarray, entries: int) -> np.ndarray:
        """Each entry's sum of ``values`` (one a member), added in the members' order."""
        if self.position is None:
            sums = values[0 :: self.size].copy()
            for member in range(1, self.size):
                sums += values[member :: self.size]
            return sums
        return np.bincount(self.position, weights=values, minlength=entries)

    def entry_means(self, values: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """Each entry's mean of ``values`` (one a member; ``counts`` members an entry)."""
        sums = self.entry_sums(values, counts.size)
        return sums / self.size if self.position is None else sums / counts

    def of_entries(self, values: np.ndarray) -> np.ndarray:
        """``values`` (one an entry) given to each member."""
        if self.position is None:
            return np.repeat(values, self.size)
        spread: np.ndarray = values[self.position]
        return spread


def _apply_day(
    results: Results,
    day_rows: np.ndarray,
    members: _Members,
    field: handicap.Field,
    h: np.ndarray,
    constants: handicap.Constants,
) -> _DayChanges:
    """Apply one date's rows (``field`` holds them, in that order; ``members`` their
    members) to the handicaps ``h`` in place; the date's changes, per member of an entry."""
    players = members.players
    before = h[players]
    entry_h = members.entry_means(before, results.member_count[day_rows])
    _, delta = handicap.field_changes(field, entry_h)
    member_delta = members.of_entries(delta)
    total = np.bincount(players, weights=member_delta, minlength=h.size)
    # A player in two competitions of the day appears twice, with the same new value.
    after = np.minimum(constants.cap, before + total[players])
    h[players] = after
    member_rows = members.of_entries(day_rows)
    _check_lowest(results, member_rows, after)
    return _DayChanges(member_rows, players, before, member_delta, after)


def _check_lowest(results: Results, rows: np.ndarray, after: np.ndarray) -> None:
    """No handicap below what a register may hold (results each in range, together extreme:
    1000 boards at 24 IMPs a board): the register written must read back."""
    low = np.flatnonzero(after < LOWEST_HANDICAP)
    if low.size:
        raise results.table.fail(
            int(rows[low[0]]),
            f"a handicap would fall to {after[low[0]]:.1f}, below {shown(LOWEST_HANDICAP)}: "
            "check the boards and the result",
        )


def _register_index(register: Register, results: Results) -> tuple[np.ndarray, list[str]]:
    """Register index of each of the results' players; ids not in the register are added."""
    known = register.positions
    ids = results.player_ids
    index = np.fromiter(map(known.get, ids, itertools.repeat(-1)), np.int64, len(ids))
    unknown = np.flatnonzero(index < 0)
    newcomers = sorted(results.player_ids[i] for i in unknown.tolist())
    position = {player: len(known) + i for i, player in enumerate(newcomers)}
    index[unknown] = [position[results.player_ids[i]] for i in unknown.tolist()]
    return index, newcomers


def _reject_unknown(results: Results, unknown: list[str], rows: np.ndarray) -> None:
    """An error listing the ids (and the lines) of players not in the register."""
    missing = set(unknown)
    applied = np.zeros(results.table.size, dtype=bool)
    applied[rows] = True
    lines: dict[str, list[int]] = {player: [] for player in unknown}
    for member, code in enumerate(results.member_code.tolist()):
        player, row = results.player_ids[code], int(results.member_row[member])
        if player in missing and applied[row]:
            lines[player].append(int(results.table.lines[row]))
    listed = [player for player in unknown if lines[player]]
    if not listed:
        return
    where = "; ".join(_player_lines(player, lines[player]) for player in listed[:20])
    more = f" and {len(listed) - 20} more" if len(listed) > 20 else ""
    raise InputError(
        f"{results.table.name}: {len(listed)} player id{'s' * (len(listed) > 1)} not in the "
        f"register: {where}{more}; correct them, or give --add-new to add them at 52"
    )


def _player_lines(player: str, lines: list[int]) -> str:
    shown_lines = ", ".join(map(str, lines[:5])) + (" …" if len(lines) > 5 else "")
    return f"{shown(player)} (line{'s' * (len(lines) > 1)} {shown_lines})"


def _day_numbers(dates: np.ndarray) -> np.ndarray:
    """Each date's rank among the distinct dates (0, 1, …), as a small integer type."""
    offset = (dates - dates.min()).astype(np.int64)
    present = np.bincount(offset) > 0
    rank = np.cumsum(present) - 1
    kind = np.int16 if rank[-1] < 2**15 - 1 else np.int64
    ranks: np.ndarray = rank[offset].astype(kind)
    return ranks


def _members_in_order(results: Results, rows: np.ndarray, player: np.ndarray) -> _Members:
    """The members of the rows ``rows``, in that order.

    A row's members are consecutive (they were read in row order), so the members of the
    reordered rows are the rows' blocks, taken in the new order.
    """
    count = results.member_count[rows]
    if count.size and count.min() == count.max():  # all pairs, say: a block of k each
        k = int(count[0])
        every = results.member_count
        if every.min() == every.max() and results.member_code.size == every.size * k:
            codes = results.member_code.reshape(-1, k)[rows]  # row r's members: r·k on
        else:
            codes = results.member_code[results.member_start[rows][:, None] + np.arange(k)]
        return _Members(player[codes.reshape(-1)], None, k)
    position = np.repeat(np.arange(rows.size), count)
    before = np.cumsum(count) - count
    member = np.repeat(results.member_start[rows] - before, count) + np.arange(position.size)
    return _Members(player[results.member_code[member]], position, 0)


def _field(
    results: Results, rows: np.ndarray | None, constants: handicap.Constants
) -> handicap.Field:
    """The rows' competitions (numbered as in the results) with everything but handicaps;
    ``rows`` None: every row, in the results' order."""
    # Codes were given in order of first appearance: a code's first row is where the running
    # highest code goes up.
    highest = np.maximum.accumulate(results.competition)
    first_row = np.flatnonzero(np.diff(highest, prepend=-1) > 0)
    taken = slice(None) if rows is None else rows
    competition = results.competition[taken]
    entries = handicap.Entries(
        competition=competition,
        handicap=np.zeros(competition.size),  # the field needs none: given date by date
        achieved=results.achieved[taken],
        boards=results.boards[taken],
        played=results.played[taken],
        form=results.form[first_row],
        method=results.method[first_row],
        datum=results.datum[first_row],
    )
    return handicap.prepare_field(entries, results.competition_ids, constants)
