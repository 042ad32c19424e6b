"""Movements as balanced as the published ones: the 5- and 6-pair Howells on half-sets (no
boards shared; 4–4 and 8–8 with 20 boards) and the skip Mitchell's revenge round. Each is
checked by the rules of a playable movement and its balance worked out by hand."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from movement_rules import assert_playable

from xlbridge.errors import InputError
from xlbridge.scoring.movement.build import Movement, Pair, Seating, howell, mitchell
from xlbridge.scoring.movement.checks import balance, check_movement


def test_five_pair_howell_shares_nothing_and_is_balanced_4_4() -> None:
    """2 tables, 5 rounds, 4 boards a round: 40 plays of 20 boards, each board at two tables
    in two rounds. Each board compares the two NS pairs and the two EW pairs: 40 comparisons
    of a board over the 10 pairs of pairs, 4 each when balanced (the published 4–4)."""
    movement = howell(pairs=5, boards_per_round=4)
    assert check_movement(movement) == []
    assert_playable(movement)
    assert not any(s.shares for s in movement.seatings)
    assert Counter(b for s in movement.seatings for b in s.boards) == dict.fromkeys(range(1, 21), 2)
    for round_ in range(1, 6):  # two different groups of boards at the two tables
        first, second = (movement.seating(round_, t) for t in (1, 2))
        assert first is not None and second is not None
        assert not set(first.boards) & set(second.boards)
    found = balance(movement)
    assert (found.least, found.most) == (4, 4)
    assert sum(found.compared.values()) == 40


def test_six_pair_howell_on_half_sets_is_balanced_8_8() -> None:
    """3 tables, 5 rounds, 20 boards: the stationary pair's table plays the whole of set r in
    round r; the other two tables each play half of two other sets. Every board is played
    by all six pairs, three tables: 3 NS and 3 EW comparisons a board, 120 over the 15 pairs
    of pairs, 8 each when balanced (the published 8–8; with whole sets, 4–12)."""
    movement = howell(pairs=6, boards_per_round=4)
    assert check_movement(movement) == []
    assert_playable(movement)
    assert not any(s.shares for s in movement.seatings)
    for round_ in range(1, 6):
        table_1 = movement.seating(round_, 1)
        assert table_1 is not None and table_1.ns == Pair(6)
        first = (round_ - 1) * 4 + 1
        assert table_1.boards == tuple(range(first, first + 4))  # set r, whole
        for table in (2, 3):
            seating = movement.seating(round_, table)
            assert seating is not None
            halves = sorted({(b - 1) // 4 for b in seating.boards})
            assert len(halves) == 2 and round_ - 1 not in halves  # halves of two other sets
            low, high = seating.boards[:2], seating.boards[2:]
            assert all(b - a == 1 for a, b in (low, high))  # two runs of two
    for pair in movement.pairs:  # every pair plays every board once
        played = sorted(b for s in movement.seatings if pair in (s.ns, s.ew) for b in s.boards)
        assert played == list(range(1, 21))
    found = balance(movement)
    assert (found.least, found.most) == (8, 8)
    assert sum(found.compared.values()) == 120


@pytest.mark.parametrize("pairs", [5, 6])
def test_odd_boards_a_round_keep_whole_sets_and_the_default_is_even(pairs: int) -> None:
    """With 5 boards a round a half-set cannot give every table the same boards: the whole
    sets and their one shared round stay. Without --boards-per-round the 5- and 6-pair
    Howells play 4 a round (20 boards, half-sets), not 5."""
    odd = howell(pairs=pairs, boards_per_round=5)
    assert {s.round for s in odd.seatings if s.shares} == {1}
    default = howell(pairs=pairs)
    assert default.boards == 20 and not any(s.shares for s in default.seatings)


@pytest.mark.parametrize("half_table", [False, True])
@pytest.mark.parametrize("tables", [4, 6, 8, 10, 12, 14])
def test_revenge_round_meets_the_skipped_pairs_on_new_boards(tables: int, half_table: bool) -> None:
    """The skip Mitchell's rounds unchanged, then round T: every EW pair meets the NS pair it
    skipped (so every EW pair has met every NS pair once) on boards nobody played before,
    every revenge set at two tables (three beside a half table)."""
    pairs = 2 * tables - half_table
    skip = mitchell(pairs=pairs, even="skip", boards_per_round=2)
    movement = mitchell(pairs=pairs, revenge=True, boards_per_round=2)
    check_movement(movement)
    assert_playable(movement)
    assert movement.rounds == tables
    assert [s for s in movement.seatings if s.round < tables] == list(skip.seatings)
    missed = {
        ew: {Pair(t, "NS") for t in range(1, tables + 1)}
        - {s.ns for s in skip.seatings if s.ew == ew}
        for ew in skip.pairs
        if ew.home == "EW"
    }
    last = [s for s in movement.seatings if s.round == tables]
    assert {s.ew: {s.ns} for s in last} == missed
    before = {b for s in skip.seatings for b in s.boards}
    assert all(not set(s.boards) & before for s in last)
    sizes = Counter(s.boards for s in last)
    playing = tables - half_table
    assert sorted(sizes.values()) == [2] * (playing // 2 - half_table) + [3] * half_table
    for s in last:
        assert {s.table, *s.shares} == {t.table for t in last if t.boards == s.boards}
    assert movement.name.endswith("revenge round" + (", half table" if half_table else ""))


def test_revenge_round_of_four_tables_by_hand() -> None:
    """4 tables: EW 1 meets NS 1, 2 and (after the skip) 4, so meets NS 3 in round 4; EW 2
    meets NS 4, EW 3 NS 1, EW 4 NS 2. Boards 1-4 (a board a round) are used up; round 4
    plays board 5 at tables 1 and 2 and board 6 at tables 3 and 4."""
    movement = mitchell(tables=4, revenge=True, boards_per_round=1)
    got = [(s.ns.number, s.ew.number, s.boards, s.shares) for s in movement.seatings[-4:]]
    assert got == [(1, 3, (5,), (2,)), (2, 4, (5,), (1,)), (3, 1, (6,), (4,)), (4, 2, (6,), (3,))]
    (warning,) = check_movement(movement)
    assert "boards are played 2 to 3 times" in warning  # the revenge boards twice
    # Balance by hand: NS t plays boards t, t + 1, t + 2 (of 1-4, round the circle) and EW e
    # every board but e - 1, so any two of one direction share two of boards 1-4; board 5
    # adds NS 1-NS 2 and EW 3-EW 4, board 6 NS 3-NS 4 and EW 1-EW 2: 2 to 3.
    found = balance(movement)
    assert (found.least, found.most) == (2, 3)
    three = {two for two, count in found.compared.items() if count == 3}
    assert three == {
        (Pair(1, "NS"), Pair(2, "NS")),
        (Pair(3, "NS"), Pair(4, "NS")),
        (Pair(1, "EW"), Pair(2, "EW")),
        (Pair(3, "EW"), Pair(4, "EW")),
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"tables": 5}, r"--revenge is for a skip Mitchell \(an even number of tables\), not 5"),
        ({"tables": 6, "even": "relay"}, "not --relay"),
        ({"tables": 6, "rounds": 4}, "leave out --rounds"),
    ],
)
def test_revenge_round_refused_where_there_is_no_skip(options: dict, message: str) -> None:
    with pytest.raises(InputError, match=message):
        mitchell(revenge=True, **options)


def test_every_two_pairs_of_the_revenge_mitchell_meet_once() -> None:
    movement = mitchell(tables=6, revenge=True)
    meetings = Counter(frozenset((s.ns, s.ew)) for s in movement.seatings)
    ns = [p for p in movement.pairs if p.home == "NS"]
    ew = [p for p in movement.pairs if p.home == "EW"]
    assert set(meetings) == {frozenset(two) for two in combinations(ns + ew, 2)} - {
        frozenset(two) for group in (ns, ew) for two in combinations(group, 2)
    }
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize(("pairs", "rounds", "per_round"), [(10, 8, 3), (12, 8, 2), (16, 7, 2)])
def test_shortened_howell_turns_tables_to_even_the_comparisons(
    pairs: int, rounds: int, per_round: int
) -> None:
    """A shortened Howell seats the pairs of the full one's first rounds, some tables turned
    round, never less balanced than without turning. A board played at k tables makes
    2 × C(k, 2) comparisons whichever way the pairs sit.
    10 pairs over 24 boards (8 rounds) is published with 6-15, a spread of 9."""
    full = howell(pairs=pairs, boards_per_round=per_round)
    first = [s for s in full.seatings if s.round <= rounds]
    movement = howell(pairs=pairs, rounds=rounds, boards_per_round=per_round)
    check_movement(movement)
    assert_playable(movement)
    assert [{s.ns, s.ew} for s in movement.seatings] == [{s.ns, s.ew} for s in first]
    assert [s.boards for s in movement.seatings] == [s.boards for s in first]
    found = balance(movement)
    untouched = balance(type(full)(full.name, tuple(first), full.pairs))
    assert found.spread <= untouched.spread
    times = Counter(b for s in movement.seatings for b in s.boards)
    assert sum(found.compared.values()) == sum(k * (k - 1) for k in times.values())
    if pairs == 10:
        assert untouched.spread == 12 and found.spread <= 9  # ours was 3-15 before


#: The Howells published with The Bridge Scorekeeper (thebridsk/bridgescorer): pairs, boards,
#: rounds, and their fewest-most boards on which two pairs are compared (docs/movements.md).
PUBLISHED = [
    (4, 18, 6, 6, 6),
    (4, 24, 6, 8, 8),
    (5, 20, 5, 4, 4),
    (6, 15, 5, 3, 9),
    (6, 20, 5, 8, 8),
    (6, 25, 5, 5, 15),
    (6, 30, 5, 6, 18),
    (7, 21, 7, 6, 6),
    (8, 14, 7, 6, 6),
    (8, 21, 7, 9, 9),
    (9, 18, 9, 4, 8),
    (10, 18, 9, 6, 10),
    (10, 24, 8, 6, 15),
    (11, 22, 11, 6, 10),
    (12, 22, 11, 10, 10),
    (13, 26, 13, 6, 12),
    (14, 26, 13, 10, 14),
]


@pytest.mark.parametrize(("pairs", "boards", "rounds", "least", "most"), PUBLISHED)
def test_at_least_as_balanced_as_the_published_howells(
    pairs: int, boards: int, rounds: int, least: int, most: int
) -> None:
    """Ours over the same boards (the 4-pair in 3 rounds, theirs 6 with pairs meeting twice;
    the 10-pair of 24 boards in their 8 rounds) spreads no wider than theirs."""
    full = pairs + pairs % 2 - 1
    played = 3 if pairs == 4 else rounds
    movement = howell(
        pairs=pairs, boards_per_round=boards // played, rounds=None if played == full else played
    )
    if played == full:
        assert movement.boards == boards
    else:  # boards a pair plays (ours leaves out no set: 27 boards, some played 4 times)
        assert movement.rounds * len(movement.seatings[0].boards) == boards
    found = balance(movement)
    assert found.spread <= most - least


def _two_table_mitchell(rounds: int) -> Movement:
    """NS 1 and NS 2 at tables 1 and 2; EW 1 and EW 2 swap tables every round, so in four
    rounds every NS pair meets every EW pair twice; each board is played at both tables, by
    pairs that have not played it (boards 1-2 in rounds 1 and 3, 3-4 in rounds 2 and 4)."""
    boards = {1: (1, 2), 2: (3, 4), 3: (2, 1), 4: (4, 3)}
    seatings = tuple(
        Seating(r, t, Pair(t, "NS"), Pair((t + r) % 2 + 1, "EW"), (boards[r][t - 1],))
        for r in range(1, rounds + 1)
        for t in (1, 2)
    )
    pairs = (Pair(1, "NS"), Pair(2, "NS"), Pair(1, "EW"), Pair(2, "EW"))
    return Movement("two tables", seatings, pairs)


def test_a_mitchell_of_equal_repeats_is_a_warning_and_unequal_refused() -> None:
    """Four rounds: every NS-EW two meet twice, a warning. Three: NS 1 meets EW 1 in rounds 1
    and 3 but EW 2 once (round 2), refused at round 3."""
    movement = _two_table_mitchell(4)
    meetings = Counter(frozenset((s.ns, s.ew)) for s in movement.seatings)
    assert len(meetings) == 4 and set(meetings.values()) == {2}
    assert check_movement(movement) == [
        "every two pairs meet twice, as often as each other: read as written"
    ]
    with pytest.raises(
        InputError, match=r"round 3, table 1: pairs 1NS and 1EW meet twice \(round 1, table 1\)"
    ):
        check_movement(_two_table_mitchell(3))
