"""Checks of a movement, built or read from a file, and its balance.

:func:`check_movement` refuses a movement that cannot be played, naming the round and table:
a pair against itself, two seatings at one table, a pair at two tables in a round, a pair
playing a board twice, two pairs meeting twice (unless every two pairs that can meet meet
equally often, as in a published 2-table Howell of six rounds: then a warning), boards at two
tables in a round that are not named as sharing them (a relay), a relay whose tables play
different boards or a table sharing with itself, a round with no table, a table number never
used. It returns warnings for what can be played but is uneven: boards played unequal
numbers of times (a half table or a shortened session; Neuberg evens it out when scoring),
and boards played at only one table, which can never be scored (a matchpoint compares a
result with others on the board).

:func:`balance` counts, for each two pairs of one ranking, the boards on which they sat the
same direction (so were compared), as published for Howells: the fewer the spread between
the least and most compared, the fairer the movement.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from xlbridge.errors import InputError
from xlbridge.scoring.movement.build import Movement, Pair, Seating
from xlbridge.scoring.movement.comparisons import together


def where_played(seating: Seating) -> str:
    """ "round 2, table 3"."""
    return f"round {seating.round}, table {seating.table}"


def check_movement(movement: Movement, source: Callable[[Seating], str] | None = None) -> list[str]:
    """Refuse a movement that cannot be played (InputError naming the round and table, after
    the ``source`` of the seating when given, such as "movement.csv, line 4"); return
    warnings about an uneven one."""

    def where(seating: Seating) -> str:
        if source is None:
            return where_played(seating)
        return f"{source(seating)}: {where_played(seating)}"

    _check_rounds(movement)
    seen_table: dict[tuple[int, int], Seating] = {}
    seen_pair: dict[tuple[int, Pair], Seating] = {}
    played: dict[tuple[Pair, int], Seating] = {}
    met: dict[frozenset[Pair], Seating] = {}
    again: list[tuple[Seating, Seating]] = []  # (a seating, where its pairs met first)
    for s in movement.seatings:
        fail = _failer(s, where)
        if s.ns == s.ew:
            raise fail(f"pair {s.ns.label} sits on both sides")
        if (s.round, s.table) in seen_table:
            raise fail(f"table {s.table} is given twice in round {s.round}")
        seen_table[(s.round, s.table)] = s
        for pair in (s.ns, s.ew):
            other = seen_pair.setdefault((s.round, pair), s)
            if other is not s:
                raise fail(f"pair {pair.label} is also at table {other.table} in this round")
            for board in s.boards:
                before = played.setdefault((pair, board), s)
                if before is not s:
                    raise fail(
                        f"pair {pair.label} plays board {board} twice ({where_played(before)})"
                    )
        before = met.setdefault(frozenset((s.ns, s.ew)), s)
        if before is not s:
            again.append((s, before))
    _check_sharing(movement, where)
    return _meeting_again(movement, again, where) + _warnings(movement)


def _meeting_again(
    movement: Movement, again: list[tuple[Seating, Seating]], where: Callable[[Seating], str]
) -> list[str]:
    """Refuse pairs meeting again (InputError at the first ``again``: a seating and where its
    pairs met before) unless every two pairs that can meet meet equally often, as in the
    published 2-table Howell of six rounds (every two pairs meet twice): then a warning."""
    if not again:
        return []
    times = Counter(frozenset((s.ns, s.ew)) for s in movement.seatings)
    if movement.is_mitchell:  # an NS pair against an EW pair
        ns = [p for p in movement.pairs if p.home == "NS"]
        ew = [p for p in movement.pairs if p.home == "EW"]
        possible = {frozenset((a, b)) for a in ns for b in ew}
    else:
        possible = {frozenset(two) for two in combinations(movement.pairs, 2)}
    if set(times) == possible and len(set(times.values())) == 1:
        count = next(iter(times.values()))
        return [f"every two pairs meet {_times(count)}, as often as each other: read as written"]
    s, before = again[0]
    raise _failer(s, where)(
        f"pairs {s.ns.label} and {s.ew.label} meet twice ({where_played(before)})"
    )


def _times(count: int) -> str:
    return {2: "twice", 3: "three times"}.get(count, f"{count} times")


def _failer(seating: Seating, where: Callable[[Seating], str]) -> Callable[[str], InputError]:
    return lambda message: InputError(f"{where(seating)}: {message}")


def _check_rounds(movement: Movement) -> None:
    if not movement.seatings:
        raise InputError("the movement has no tables")
    rounds = {s.round for s in movement.seatings}
    missing = [r for r in range(1, movement.rounds + 1) if r not in rounds]
    if missing:
        raise InputError(
            f"round {missing[0]} is missing: rounds must run from 1 to {movement.rounds}"
        )
    tables = {s.table for s in movement.seatings}
    unused = [t for t in range(1, movement.tables + 1) if t not in tables]
    if unused:
        raise InputError(
            f"table {unused[0]} is never used: tables must run from 1 to {movement.tables}"
        )


def _check_sharing(movement: Movement, where: Callable[[Seating], str]) -> None:
    """Boards at two tables of a round only where both name the other as sharing them, and
    then both play the same boards."""
    at: dict[tuple[int, int], Seating] = {}
    by_table = {(s.round, s.table): s for s in movement.seatings}
    for s in movement.seatings:
        fail = _failer(s, where)
        for table in s.shares:
            if table == s.table:
                raise fail("shares boards with itself: a relay names the other table")
            other = by_table.get((s.round, table))
            if other is None or s.table not in other.shares:
                raise fail(f"shares boards with table {table}, which does not share with it")
            if other.boards != s.boards:
                raise fail(f"shares boards with table {table}, which plays other boards")
        for board in s.boards:
            other = at.setdefault((s.round, board), s)
            if other is not s and other.table not in s.shares:
                raise fail(
                    f"board {board} is also at table {other.table} in this round and no "
                    "relay names the two tables"
                )


def _warnings(movement: Movement) -> list[str]:
    times = Counter(board for s in movement.seatings for board in s.boards)
    once = [board for board, count in times.items() if count == 1]
    warnings = []
    if once:
        verb = "is" if len(once) == 1 else "are"
        warnings.append(
            f"board{'s' * (len(once) > 1)} {_runs(once)} {verb} played once: "
            f"{'they' if len(once) > 1 else 'it'} cannot be scored (nothing to compare)"
        )
    counts = sorted(set(times.values()))
    if len(counts) < 2:
        return warnings
    fewest = sorted(b for b, n in times.items() if n == counts[0])
    shown = ", ".join(map(str, fewest[:8])) + (" …" if len(fewest) > 8 else "")
    return [
        *warnings,
        f"boards are played {counts[0]} to {counts[-1]} times (board{'s' * (len(fewest) > 1)} "
        f"{shown} {counts[0]} times); the scoring factors them by Neuberg",
    ]


def _runs(numbers: list[int]) -> str:
    """Board numbers as runs, in order: "1-4, 9" for 9, 1, 2, 3 and 4."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


@dataclass(frozen=True)
class Balance:
    """For each two pairs of one ranking, the boards on which they sat the same direction;
    the fewest, the most and the spread between them."""

    compared: dict[tuple[Pair, Pair], int]

    @property
    def least(self) -> int:
        return min(self.compared.values(), default=0)

    @property
    def most(self) -> int:
        return max(self.compared.values(), default=0)

    @property
    def spread(self) -> int:
        return self.most - self.least


def balance(movement: Movement) -> Balance:
    """How often each two pairs of one ranking were compared (same board, same direction).
    With two winners only pairs of the same direction are counted."""
    pairs = sorted(movement.pairs)
    plays = [(s.ns, s.ew, s.boards) for s in movement.seatings]
    counts = together(plays, pairs).tolist()
    two = movement.winners == 2
    compared = {
        (pairs[i], pairs[j]): counts[i][j]
        for i, j in combinations(range(len(pairs)), 2)
        if not two or pairs[i].home == pairs[j].home
    }
    return Balance(compared)
