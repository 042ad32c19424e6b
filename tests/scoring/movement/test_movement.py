"""Movements: every generated Mitchell and Howell keeps the invariants of a playable movement,
worked rounds by hand, the checks refuse what cannot be played, and the balance report."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from movement_rules import assert_playable

from xlbridge.errors import InputError
from xlbridge.scoring.movement.build import Movement, Pair, Seating, howell, mitchell
from xlbridge.scoring.movement.checks import balance, check_movement

MITCHELLS = [
    (tables, pairs, even, arrow)
    for tables in range(3, 16)
    for pairs in (2 * tables - 1, 2 * tables)
    for even in ((None,) if tables % 2 else ("skip", "relay"))
    for arrow in (False, True)
]


def _ids(case: tuple[object, ...]) -> str:
    tables, pairs, even, arrow = case
    return f"{tables}t-{pairs}p-{even or 'odd'}{'-arrow' if arrow else ''}"


@pytest.mark.parametrize("case", MITCHELLS, ids=_ids)
def test_every_mitchell_is_playable(case: tuple[int, int, str | None, bool]) -> None:
    tables, pairs, even, arrow = case
    movement = mitchell(
        tables=tables, pairs=pairs, even=even, arrow_switch=arrow, boards_per_round=2
    )
    warnings = check_movement(movement)
    assert_playable(movement)
    rounds = tables - 1 if even == "skip" else tables
    assert movement.rounds == rounds and movement.tables == tables
    assert len(movement.pairs) == pairs
    times = Counter(b for s in movement.seatings for b in s.boards)
    if pairs % 2 == 0:
        # Every board is played once a round by the T tables (a relay's two tables share one
        # set while another rests on the bye stand): T times in T rounds, T - 1 with a skip.
        assert set(times.values()) == {rounds} and warnings == []
        assert set(times) == set(range(1, 2 * tables + 1))
    else:  # a half table: an empty table every round
        assert len(movement.seatings) == rounds * (tables - 1)
        assert all(s.ns != Pair(s.table, "NS") or s.ew.number != tables for s in movement.seatings)
    assert movement.winners == (1 if arrow else 2)
    if not arrow:  # NS pairs stay put
        assert all(s.ns == Pair(s.table, "NS") for s in movement.seatings)
    if even == "relay":
        assert all(s.shares == (tables,) for s in movement.seatings if s.table == 1 and s.shares)


@pytest.mark.parametrize("pairs", range(4, 17))
def test_every_howell_is_complete(pairs: int) -> None:
    movement = howell(pairs=pairs, boards_per_round=2)
    assert check_movement(movement) == []
    assert_playable(movement)
    even = pairs + pairs % 2
    assert movement.rounds == even - 1 and movement.tables == pairs // 2
    meetings = {frozenset((s.ns, s.ew)) for s in movement.seatings}
    assert meetings == {
        frozenset((Pair(a), Pair(b))) for a, b in combinations(range(1, pairs + 1), 2)
    }
    every_board = list(range(1, 2 * (even - 1) + 1))
    for pair in movement.pairs:
        played = [s.boards for s in movement.seatings if pair in (s.ns, s.ew)]
        if pairs % 2:
            assert len(played) == even - 2  # sits out once
            assert (
                sum(1 for r in range(1, movement.rounds + 1) if pair in movement.sitting_out(r))
                == 1
            )
        else:  # every board exactly once
            assert sorted(b for boards in played for b in boards) == every_board
    shared = [s for s in movement.seatings if s.shares]
    # No Room square of side 3: the 4-pair Howell shares. With 2 boards a round the 5- and
    # 6-pair Howells play half-sets and share nothing.
    assert bool(shared) == (even == 4)
    assert movement.winners == 1


def test_three_table_mitchell_by_hand() -> None:
    """NS t stays at table t; EW pairs move up a table (3 to 1), boards down (1 to 3)."""
    m = mitchell(tables=3, boards_per_round=2)
    got = {(s.round, s.table): (s.ns.label, s.ew.label, s.boards) for s in m.seatings}
    assert got[(1, 1)] == ("1NS", "1EW", (1, 2))
    assert got[(2, 1)] == ("1NS", "3EW", (3, 4))  # EW 3 came up from table 3; set 2 down
    assert got[(2, 3)] == ("3NS", "2EW", (1, 2))  # set 1 went from table 1 to table 3
    assert got[(3, 2)] == ("2NS", "3EW", (1, 2))


def test_relay_and_bye_stand_by_hand() -> None:
    """Four tables: tables 1 and 4 share, a bye stand between tables 2 and 3. Round 1: sets 1
    (tables 1, 4), 2 (table 2), 3 (bye), 4 (table 3). Sets move down a place: round 2 has set
    2 at tables 1 and 4, set 3 at table 2, set 4 on the bye stand, set 1 at table 3."""
    m = mitchell(tables=4, boards_per_round=1, even="relay")
    sets = {(s.round, s.table): s.boards[0] for s in m.seatings}
    assert [sets[(1, t)] for t in (1, 2, 3, 4)] == [1, 2, 4, 1]
    assert [sets[(2, t)] for t in (1, 2, 3, 4)] == [2, 3, 1, 2]
    assert m.bye_stand and m.rounds == 4
    assert [m.seating(2, t).ew.number for t in (1, 2, 3, 4)] == [4, 1, 2, 3]  # type: ignore[union-attr]


def test_skip_by_hand() -> None:
    """Four tables with a skip: after round 2 EW pairs move two tables; 3 rounds."""
    m = mitchell(tables=4, boards_per_round=1, even="skip")
    assert m.rounds == 3
    ew = {(s.round, s.table): s.ew.number for s in m.seatings}
    assert [ew[(2, t)] for t in (1, 2, 3, 4)] == [4, 1, 2, 3]
    assert [ew[(3, t)] for t in (1, 2, 3, 4)] == [2, 3, 4, 1]


def test_arrow_switch_turns_the_rounds_given() -> None:
    short = mitchell(tables=7, arrow_switch=True)
    assert {s.round for s in short.seatings if s.switched} == {7}
    long = mitchell(tables=11, arrow_switch=True)
    assert {s.round for s in long.seatings if s.switched} == {10, 11}
    chosen = mitchell(tables=7, arrow_switch=[3, 5])
    switched = [s for s in chosen.seatings if s.switched]
    assert {s.round for s in switched} == {3, 5}
    assert all(s.ns.home == "EW" and s.ew == Pair(s.table, "NS") for s in switched)


def test_shortened_howell_warns_about_unequal_boards() -> None:
    movement = howell(pairs=10, rounds=4, boards_per_round=2)
    assert movement.rounds == 4
    (warning,) = check_movement(movement)
    assert "played 0 to" not in warning and "Neuberg" in warning


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: mitchell(tables=2), "3 to 15 tables"),
        (lambda: mitchell(tables=16), "a Mitchell is for 3 to 15 tables, got 16"),
        (lambda: howell(tables=8, pairs=10), "--tables 8 seats 15 or 16 pairs, not --pairs 10"),
        (lambda: mitchell(tables=5, pairs=12), "--tables 5 seats 9 or 10 pairs"),
        (lambda: mitchell(tables=5, even="skip"), "--skip is for an even number"),
        (lambda: mitchell(tables=6, even="skip", rounds=6), "rounds must be"),
        (lambda: mitchell(tables=7, arrow_switch=[8]), "arrow-switch must be"),
        (lambda: mitchell(tables=7, boards_per_round=9), "boards-per-round must be"),
        (lambda: mitchell(), "give --tables or --pairs"),
        (lambda: howell(pairs=3), "4 to 16 pairs"),
        (lambda: howell(pairs=17), "4 to 16 pairs"),
        (lambda: howell(pairs=8, rounds=8), "rounds must be"),
    ],
)
def test_sizes_out_of_range_are_refused(build: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        build()  # type: ignore[operator]


def _movement(
    *rows: tuple[int, int, int, int, tuple[int, ...]], shares: dict | None = None
) -> Movement:
    shares = shares or {}
    seatings = tuple(
        Seating(r, t, Pair(ns), Pair(ew), boards, shares.get((r, t), ()))
        for r, t, ns, ew, boards in rows
    )
    pairs = sorted({p for s in seatings for p in (s.ns, s.ew)})
    return Movement("hand-made", seatings, tuple(pairs))


@pytest.mark.parametrize(
    ("movement", "message"),
    [
        (
            _movement((1, 1, 1, 2, (1, 2)), (1, 2, 1, 3, (3, 4))),
            "round 1, table 2: pair 1 is also at table 1 in this round",
        ),
        (
            _movement(
                (1, 1, 1, 2, (1, 2)),
                (2, 1, 1, 3, (1, 2)),
                (1, 2, 3, 4, (3, 4)),
                (2, 2, 2, 4, (3, 4)),
            ),
            "round 2, table 1: pair 1 plays board 1 twice (round 1, table 1)",
        ),
        (
            _movement((1, 1, 1, 2, (1,)), (2, 1, 2, 1, (2,)), (3, 1, 1, 3, (3,))),
            "round 2, table 1: pairs 2 and 1 meet twice (round 1, table 1)",
        ),
        (
            _movement((1, 1, 1, 2, (1,)), (1, 2, 3, 4, (1,))),
            "round 1, table 2: board 1 is also at table 1 in this round and no relay",
        ),
        (
            _movement((1, 1, 1, 2, (1,)), (3, 1, 1, 3, (2,))),
            "round 2 is missing",
        ),
        (_movement((1, 1, 2, 2, (1,))), "round 1, table 1: pair 2 sits on both sides"),
        (
            _movement((1, 1, 1, 2, (1,)), (1, 1, 3, 4, (2,))),
            "round 1, table 1: table 1 is given twice in round 1",
        ),
        (
            _movement((1, 1, 1, 2, (1,)), (1, 2, 3, 4, (1,)), shares={(1, 1): (2,)}),
            "round 1, table 1: shares boards with table 2, which does not share with it",
        ),
        (
            _movement((1, 1, 1, 2, (1,)), (1, 2, 3, 4, (2,)), shares={(1, 1): (2,), (1, 2): (1,)}),
            "shares boards with table 2, which plays other boards",
        ),
    ],
)
def test_unplayable_movements_are_refused_naming_round_and_table(
    movement: Movement, message: str
) -> None:
    with pytest.raises(InputError) as error:
        check_movement(movement)
    assert message in str(error.value)


def test_a_named_relay_is_accepted() -> None:
    movement = _movement(
        (1, 1, 1, 2, (1,)), (1, 2, 3, 4, (1,)), shares={(1, 1): (2,), (1, 2): (1,)}
    )
    assert check_movement(movement) == []


def test_balance_counts_boards_in_the_same_direction() -> None:
    """Two tables, one board each round, worked by hand: round 1 pairs 1 and 3 sit NS on board
    1 (2 and 4 EW); round 2 pairs 1 and 4 NS on board 2 (2, 3 EW). Pairs (1,3), (2,4), (1,4),
    (2,3) are compared once, (1,2) and (3,4) never: 0 to 1, spread 1."""
    movement = _movement(
        (1, 1, 1, 2, (1,)),
        (1, 2, 3, 4, (1,)),
        (2, 1, 1, 3, (2,)),
        (2, 2, 4, 2, (2,)),
        shares={(1, 1): (2,), (1, 2): (1,), (2, 1): (2,), (2, 2): (1,)},
    )
    found = balance(movement)
    assert found.compared[(Pair(1), Pair(3))] == 1
    assert found.compared[(Pair(1), Pair(2))] == 0
    assert (found.least, found.most, found.spread) == (0, 1, 1)


@pytest.mark.parametrize("pairs", range(4, 17, 2))
def test_howell_balance_adds_up(pairs: int) -> None:
    """Each board is played by N/2 tables: C(N/2, 2) pairs compared in each direction, so the
    counts over all C(N, 2) pairs add up to boards × 2 × C(N/2, 2). The 8-, 12- and 16-pair
    Howells are built perfectly balanced (every two pairs compared equally often)."""
    movement = howell(pairs=pairs, boards_per_round=1)
    found = balance(movement)
    half = pairs // 2
    assert sum(found.compared.values()) == (pairs - 1) * 2 * half * (half - 1) // 2
    assert len(found.compared) == pairs * (pairs - 1) // 2
    if pairs in (8, 12, 16):
        assert found.spread == 0


def test_mitchell_balance_compares_within_a_direction() -> None:
    movement = mitchell(tables=5, boards_per_round=1)
    found = balance(movement)
    assert all(a.home == b.home for a, b in found.compared)
    # Every NS pair plays every board: any two NS pairs are compared on all 5 boards.
    assert found.least == found.most == 5


@settings(max_examples=30, deadline=None)
@given(
    tables=st.integers(3, 15),
    rounds=st.integers(1, 15),
    per_round=st.integers(1, 8),
    data=st.data(),
)
def test_shortened_mitchells_stay_playable(
    tables: int, rounds: int, per_round: int, data: st.DataObject
) -> None:
    even = None if tables % 2 else data.draw(st.sampled_from(["skip", "relay"]))
    most = tables - 1 if even == "skip" else tables
    rounds = min(rounds, most)
    switched = data.draw(st.lists(st.integers(1, rounds), max_size=3, unique=True))
    movement = mitchell(
        tables=tables, rounds=rounds, boards_per_round=per_round, even=even, arrow_switch=switched
    )
    check_movement(movement)
    assert_playable(movement)
    assert movement.rounds == rounds
    assert all(len(s.boards) == per_round for s in movement.seatings)
    # One winner when some pair sits both ways: some rounds switched, not all.
    assert movement.winners == (1 if 0 < len(switched) < rounds else 2)
