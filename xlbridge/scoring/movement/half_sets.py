"""Half-sets: the 3-table Howell (6 pairs, or 5 with the phantom's table left out) with no
boards shared in any round.

With whole sets a 6-pair Howell must share boards in some round (there is no Room square of
side 5). Splitting every set in two halves removes the sharing, as the published 3-table
Howells do: a half is played by three tables in three different rounds, seating all six
pairs once, so it is a perfect matching of the six pairs (a *matching*: three tables, no pair
twice). The matchings that are not a round of the Howell are exactly ten, and every table of
the Howell (two pairs meeting) lies in exactly two of them: that table plays those two halves.
Set r is the two halves through round r's first table (the stationary pair against pair r),
which therefore plays the whole of set r; the other tables play half of two other sets.

Each half is played by every pair once, so every board is played three times; with the
Howell's seating every two pairs sit the same way on 4 of the 10 halves (8 boards of 20 with
4 boards a round: 8–8, perfectly balanced), and with the phantom's table left out (5 pairs)
on 2 (4–4). An odd number of boards a round cannot be halved so that every table plays the
same number (each half would need half the boards), so the half-sets need an even number.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

Meeting = frozenset[int]


def half_set_boards(
    grid: Sequence[Sequence[tuple[int, int]]], per_round: int
) -> list[list[tuple[int, ...]]]:
    """The boards of every table of every round of a 3-table Howell: ``grid`` holds, for
    each round, the two pairs at each table (the first table seats the stationary pair);
    ``per_round`` (even) boards a round, set r (from 1) being boards (r − 1)·B + 1 … r·B."""
    half = per_round // 2
    rounds = [frozenset(frozenset(table) for table in row) for row in grid]
    everyone = sorted(pair for table in grid[0] for pair in table)
    halves = [m for m in _matchings(everyone) if m not in rounds]
    boards_of: dict[frozenset[Meeting], tuple[int, ...]] = {}
    for number, row in enumerate(grid):
        first = frozenset(row[0])
        mine = sorted((m for m in halves if first in m), key=_order)
        start = number * per_round + 1
        for k, matching in enumerate(mine):
            boards_of[matching] = tuple(range(start + k * half, start + (k + 1) * half))
    return [
        [
            tuple(sorted(b for m in halves if frozenset(table) in m for b in boards_of[m]))
            for table in row
        ]
        for row in grid
    ]


def _order(matching: frozenset[Meeting]) -> list[list[int]]:
    return sorted(sorted(table) for table in matching)


def _matchings(pairs: list[int]) -> Iterator[frozenset[Meeting]]:
    """Every way of seating ``pairs`` (an even number) at tables of two."""
    if not pairs:
        yield frozenset()
        return
    first, rest = pairs[0], pairs[1:]
    for other in rest:
        left = [pair for pair in rest if pair != other]
        for matching in _matchings(left):
            yield matching | {frozenset((first, other))}
