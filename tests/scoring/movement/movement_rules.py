"""The rules every movement must keep, counted here independently of the movement checks."""

from __future__ import annotations

from itertools import combinations

from xlbridge.scoring.movement.build import Movement


def assert_playable(movement: Movement) -> None:
    """The invariants, counted here independently of the checks: a pair at one table a round,
    never a board twice, never the same opponents twice; boards at two tables of a round only
    where both name the other as a relay."""
    for round_ in range(1, movement.rounds + 1):
        seated = [s for s in movement.seatings if s.round == round_]
        pairs = [p for s in seated for p in (s.ns, s.ew)]
        assert len(pairs) == len(set(pairs)), round_
        assert set(pairs) | set(movement.sitting_out(round_)) == set(movement.pairs)
        for a, b in combinations(seated, 2):
            if set(a.boards) & set(b.boards):
                assert a.boards == b.boards and b.table in a.shares and a.table in b.shares
    for pair in movement.pairs:
        boards = [b for s in movement.seatings if pair in (s.ns, s.ew) for b in s.boards]
        assert len(boards) == len(set(boards)), pair
    meetings = [frozenset((s.ns, s.ew)) for s in movement.seatings]
    assert len(meetings) == len(set(meetings))
