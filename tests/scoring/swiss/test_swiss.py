"""Swiss late entry and the Swiss draw (Probst's "VP scales").

The draw is checked against a brute force that enumerates every pairing of a small field in
the order of the naive backtracking search the rules describe (bye first, then top down,
partners in draw order, never-met first): the draw must be the first pairing with the fewest
repeats. That one check covers "no repeat while avoidable", the bye rule and the top-down
score-group order; the other properties are checked directly as well.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import FrozenInstanceError

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.scoring.swiss import draw as swiss
from xlbridge.scoring.swiss.draw import BYE, Draw, late_entry, played_matrix, swiss_draw

# --------------------------------------------------------------------------------------------
# Late entry: Probst's VP scales


@pytest.mark.parametrize(
    ("sessions", "scores"),
    [(6, [14, 29, 45, 62]), (7, [13, 27, 42, 58, 75])],
)
def test_late_entry_spec_checks(sessions, scores):
    session = np.arange(3, sessions + 1)
    assert late_entry(session, sessions).tolist() == scores
    for s, expected in zip(session, scores, strict=True):
        assert float(late_entry(int(s), sessions)) == expected


def test_late_entry_eight_sessions_starts_on_12_and_the_last_entrant_adds_17():
    entry = late_entry(np.arange(1, 9), 8)
    assert entry.tolist() == [0, 0, 12, 25, 39, 54, 70, 87]
    assert entry[-1] - entry[-2] == 17  # "add 17" for the last entry


def test_late_entry_first_two_sessions_start_on_zero():
    assert late_entry([1, 2], 6).tolist() == [0, 0]
    assert float(late_entry(1, 1)) == 0
    assert float(late_entry(2, 2)) == 0


def test_late_entry_last_add_is_a_parameter():
    # Σ_{j=3..6} (20 − 6 + j) = 17 + 18 + 19 + 20
    assert float(late_entry(6, 6, last_add=20)) == 74
    assert float(late_entry(4, 6, last_add=12.5)) == (12.5 - 6 + 3) + (12.5 - 6 + 4)


def test_late_entry_broadcasts_session_against_sessions():
    entry = late_entry([[3], [4]], [6, 7])
    assert entry.shape == (2, 2)
    assert entry.tolist() == [[14, 13], [29, 27]]
    assert late_entry(3.0, 6.0).shape == ()  # whole numbers from cells are fine


@given(sessions=st.integers(1, 40), last_add=st.integers(-50, 50))
def test_late_entry_matches_the_sum(sessions, last_add):
    session = np.arange(1, sessions + 1)
    direct = [sum(last_add - sessions + j for j in range(3, s + 1)) for s in session]
    if last_add > max(0, sessions - 3):  # every late session adds more than 0
        assert late_entry(session, sessions, last_add).tolist() == direct
        assert min(direct) >= 0
    else:  # an add that would make an entry score negative (or all 0) is refused
        with pytest.raises(InputError, match="last_add must be a number greater than"):
            late_entry(session, sessions, last_add)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0, 6), "session must be a whole number of at least 1, got 0"),
        ((2.5, 6), "session must be a whole number of at least 1, got 2.5"),
        (("x", 6), "session must be a whole number of at least 1, got 'x'"),
        ((None, 6), "session must be a whole number of at least 1, got blank"),
        (([3, True], 6), "session must be a whole number of at least 1, got TRUE"),
        ((7, 6), "session must be a whole number from 1 to sessions (6), got 7"),
        (([3, 9], [8, 8]), "session must be a whole number from 1 to sessions (8), got 9"),
        ((3, 0), "sessions must be a whole number of at least 1, got 0"),
        ((3, "six"), "sessions must be a whole number of at least 1, got 'six'"),
        ((3, 6, "x"), "last_add must be a number, got 'x'"),
        ((3, 6, None), "last_add must be a number, got blank"),
        (([3, 4, 5], [6, 7]), "session and sessions must have matching shapes"),
    ],
)
def test_late_entry_bad_input(args, message):
    with pytest.raises(InputError) as error:
        late_entry(*args)
    assert message in str(error.value)


# --------------------------------------------------------------------------------------------
# The draw: helpers


def _met(draw: Draw, played, byes=()) -> tuple[list[list[int]], list[int]]:
    """Meetings between ranks (draw order) and byes per rank, from the history."""
    rank = {team: i for i, team in enumerate(draw.order)}
    n = len(rank)
    met = [[0] * n for _ in range(n)]
    bye_count = [0] * n
    for a, b in played:
        if a == BYE or b == BYE:
            bye_count[rank[b if a == BYE else a]] += 1
        else:
            met[rank[a]][rank[b]] += 1
            met[rank[b]][rank[a]] += 1
    for team in byes:
        bye_count[rank[team]] += 1
    return met, bye_count


def _all_pairings(met, bye_count):
    """Every pairing of the field (ranks; n = the bye), in the naive backtracking order.

    The bye first, lowest rank first among those with the fewest byes; then the highest team
    left, partners by fewest meetings, then draw order. Yields (pairs, repeats).
    """
    n = len(met)
    odd = n % 2 == 1

    def search(left: frozenset[int], pairs: list[tuple[int, int]], repeats: int):
        if not left:
            yield pairs, repeats
            return
        if odd and n in left:
            t, partners = n, sorted(left - {n}, key=lambda c: (bye_count[c], -c))
        else:
            t = min(left)
            partners = sorted(left - {t}, key=lambda c: (met[t][c], c))
        for c in partners:
            times = bye_count[c] if t == n else met[t][c]
            yield from search(left - {t, c}, [*pairs, (t, c)], repeats + (times > 0))

    yield from search(frozenset(range(n + odd)), [], 0)


def _reference(met, bye_count):
    """The first pairing in backtracking order among those with the fewest repeats."""
    pairings = list(_all_pairings(met, bye_count))
    fewest = min(repeats for _, repeats in pairings)
    return next(pairs for pairs, repeats in pairings if repeats == fewest), fewest, pairings


def _as_ranks(draw: Draw) -> list[tuple[int, int]]:
    rank = {team: i for i, team in enumerate(draw.order)}
    n = len(rank)
    pairs = [(n, rank[draw.bye])] if draw.bye is not None else []
    return pairs + [(rank[a], rank[b]) for a, b in draw.tables]


def _natural(draw: Draw, bye_count: list[int]) -> tuple[int | None, list[tuple[int, int]]]:
    """Bye to the lowest team without one, the rest paired 1-2, 3-4, … in draw order."""
    ranks = list(range(len(draw.order)))
    bye = None
    if len(ranks) % 2:
        bye = max((r for r in ranks if bye_count[r] == 0), default=ranks[-1])
        ranks.remove(bye)
    return bye, list(zip(ranks[::2], ranks[1::2], strict=True))


def _check_round(draw: Draw, teams, scores, played, byes) -> None:
    """Invariants that hold for any field size."""
    n = len(teams)
    seen = [team for table in draw.tables for team in table]
    seen += [] if draw.bye is None else [draw.bye]
    assert sorted(map(str, seen)) == sorted(map(str, teams))  # each team exactly once
    assert len(draw.tables) == n // 2
    assert (draw.bye is None) == (n % 2 == 0)
    score = dict(zip(teams, scores, strict=True))
    # draw order: scores descending
    assert all(score[a] >= score[b] for a, b in itertools.pairwise(draw.order))
    position = {team: i for i, team in enumerate(draw.order)}
    # home team ranked higher; tables top down
    assert all(position[a] < position[b] for a, b in draw.tables)
    homes = [position[a] for a, _ in draw.tables]
    assert homes == sorted(homes)
    assert homes[:1] == [0] or (n % 2 and draw.bye == draw.order[0])
    met, bye_count = _met(draw, played, byes)
    ranks = _as_ranks(draw)
    repeats = sum((bye_count[c] if t == n else met[t][c]) > 0 for t, c in ranks)
    assert draw.repeats == repeats
    assert draw.floats == sum(score[a] != score[b] for a, b in draw.tables)
    # Score groups: when the natural top-down pairing has no repeat, it is the draw.
    bye, natural = _natural(draw, bye_count)
    if bye is None or bye_count[bye] == 0:
        if all(met[a][b] == 0 for a, b in natural):
            assert draw.bye == (None if bye is None else draw.order[bye])
            assert ranks[1 if bye is not None else 0 :] == natural
            assert draw.repeats == 0


def _simulate(teams, rounds, results: random.Random, seed: int, vps, check, bye_vps=12):
    """Play ``rounds`` rounds with random results, checking every draw with ``check``."""
    scores = dict.fromkeys(teams, 0)
    played: list[tuple] = []
    byes: list = []
    draws = []
    for round_ in range(rounds):
        current = [scores[t] for t in teams]
        draw = swiss_draw(teams, current, played, seed=seed + round_, byes=byes)
        _check_round(draw, teams, current, played, byes)
        check(draw, teams, current, played, byes)
        draws.append(draw)
        for home, away in draw.tables:
            vp = results.choice(vps)
            scores[home] += vp
            scores[away] += 20 - vp
            played.append((home, away))
        if draw.bye is not None:
            scores[draw.bye] += bye_vps
            byes.append(draw.bye)
    return draws


COARSE = (20, 15, 10, 5, 0)
FINE = tuple(range(21))


# --------------------------------------------------------------------------------------------
# The draw: worked examples


def test_round_two_winners_meet_and_losers_meet():
    draw = swiss_draw(["A", "B", "C", "D"], [20, 0, 20, 0], [("A", "B"), ("C", "D")])
    assert {frozenset(t) for t in draw.tables} == {frozenset("AC"), frozenset("BD")}
    assert set(draw.tables[0]) == {"A", "C"}  # table 1: the leaders
    assert draw.tables[0][0] == draw.order[0]
    assert (draw.bye, draw.repeats, draw.floats) == (None, 0, 0)


def test_round_one_pairs_the_random_order_one_two_three_four():
    teams = [f"T{i}" for i in range(8)]
    draw = swiss_draw(teams, [0] * 8, [], seed=3)
    order = draw.order
    assert sorted(order) == teams
    assert draw.tables == [
        (order[0], order[1]),
        (order[2], order[3]),
        (order[4], order[5]),
        (order[6], order[7]),
    ]
    assert (draw.repeats, draw.floats) == (0, 0)


def test_leaders_who_have_met_both_float_down():
    # A and B lead on 30 but have met: each plays a team from the group below.
    draw = swiss_draw(["A", "B", "C", "D"], [30, 30, 20, 20], [("A", "B")], seed=1)
    top, second = draw.order[0], draw.order[1]
    assert {top, second} == {"A", "B"}
    assert draw.tables == [(top, draw.order[2]), (second, draw.order[3])]
    assert (draw.repeats, draw.floats) == (0, 2)


def test_odd_group_floats_its_last_team_to_the_top_of_the_next():
    teams = list("ABCDEF")
    draw = swiss_draw(teams, [20, 20, 20, 10, 10, 10], [], seed=5)
    o = draw.order
    assert set(o[:3]) == {"A", "B", "C"}
    assert draw.tables == [(o[0], o[1]), (o[2], o[3]), (o[4], o[5])]
    assert draw.floats == 1


def test_backtracks_when_the_bottom_would_repeat():
    # 30 30 | 20 20 | 10 10 with every group's pair met: the top-down greedy draw
    # A–(20), B–(20) would leave the two 10s to meet again.
    teams = list("ABCDEF")
    scores = [30, 30, 20, 20, 10, 10]
    played = [("A", "B"), ("C", "D"), ("E", "F")]
    draw = swiss_draw(teams, scores, played, seed=2)
    o = draw.order
    # A's first choice, the top 20, still fits; B must then skip the other 20 and take the
    # top 10, leaving the other 20 with the other 10.
    assert draw.tables == [(o[0], o[2]), (o[1], o[4]), (o[3], o[5])]
    assert (draw.repeats, draw.floats) == (0, 3)


def test_odd_field_bye_goes_to_the_lowest_team_without_one():
    teams = ["A", "B", "C", "D", "E"]
    scores = [40, 30, 20, 10, 0]
    draw = swiss_draw(teams, scores, [])
    assert draw.bye == "E"
    assert draw.tables == [("A", "B"), ("C", "D")]
    draw = swiss_draw(teams, scores, [], byes=["E"])
    assert draw.bye == "D"
    assert draw.tables == [("A", "B"), ("C", "E")]
    # a bye recorded in played as a pair with BYE counts the same
    assert swiss_draw(teams, scores, [("E", "BYE"), ("bye", "D")]).bye == "C"
    assert swiss_draw(teams, scores, [], byes=["E", "D", None, "C"]).bye == "B"


def test_every_team_has_had_a_bye_the_lowest_with_fewest_byes_gets_another():
    teams = ["A", "B", "C"]
    draw = swiss_draw(teams, [20, 10, 0], [], byes=["A", "B", "C", "C"])
    assert draw.bye == "B"
    assert draw.tables == [("A", "C")]
    assert draw.repeats == 1  # a second bye is a repeat


def test_bye_moves_up_rather_than_force_a_repeat():
    # C is lowest, but A and B have met: C plays A and B sits out.
    draw = swiss_draw(["A", "B", "C"], [20, 10, 0], [("A", "B")])
    assert draw.bye == "B"
    assert draw.tables == [("A", "C")]
    assert draw.repeats == 0


def test_round_robin_complete_every_pairing_repeats_twice():
    teams = ["A", "B", "C", "D"]
    played = [("A", "B"), ("C", "D"), ("A", "C"), ("B", "D"), ("A", "D"), ("B", "C")]
    draw = swiss_draw(teams, [40, 30, 20, 10], played)
    assert draw.repeats == 2
    assert draw.tables == [("A", "B"), ("C", "D")]


def test_fewest_repeats_fall_to_the_lowest_teams():
    # A, B, C, D have all met; E and F have met. Repeat-free is impossible. E–F again
    # would leave A–D two repeats; the fewest is one: A and B take E and F, C–D repeat.
    teams = list("ABCDEF")
    played = [(a, b) for a, b in itertools.combinations("ABCD", 2)] + [("E", "F")]
    draw = swiss_draw(teams, [30, 30, 20, 20, 10, 10], played, seed=4)
    o = draw.order
    assert draw.repeats == 1
    assert draw.tables == [(o[0], o[4]), (o[1], o[5]), (o[2], o[3])]
    assert {o[2], o[3]} == {"C", "D"}


def test_third_meeting_avoided_when_a_second_will_do():
    teams = ["A", "B", "C", "D"]
    played = [("A", "B"), ("A", "B"), ("C", "D"), ("A", "C"), ("B", "D"), ("A", "D"), ("B", "C")]
    draw = swiss_draw(teams, [40, 30, 20, 10], played)
    assert draw.tables == [("A", "C"), ("B", "D")]
    assert draw.repeats == 2


def test_numbers_as_teams_and_float_ids_in_played():
    draw = swiss_draw([1, 2, 3, 4], [20, 0, 20, 0], [(1.0, 2), (3, 4.0)])
    assert {frozenset(t) for t in draw.tables} == {frozenset((1, 3)), frozenset((2, 4))}


def test_numpy_inputs_and_worksheet_columns():
    teams = np.array(["A", "B", "C", "D"])
    draw = swiss_draw(teams, np.array([20.0, 0, 20, 0]), np.array([["A", "B"], ["C", "D"]]))
    assert all(type(team) is str for table in draw.tables for team in table)
    column = swiss_draw(
        [["A"], ["B"], ["C"], ["D"]], [[20], [0], [20], [0]], [("A", "B"), (None, None), ("C", "D")]
    )
    assert column == draw


def test_scores_equal_to_six_decimals_share_a_group():
    assert 0.1 + 0.2 != 0.3
    draw = swiss_draw(["A", "B", "C", "D"], [0.1 + 0.2, 0.3, 0, 0], [("A", "B")], seed=7)
    assert {draw.order[0], draw.order[1]} == {"A", "B"}
    assert draw.floats == 2  # A and B are one group on 0.3 and have met
    orders = {swiss_draw(list("AB"), [0.1 + 0.2, 0.3], [], seed=s).order for s in range(20)}
    assert len(orders) == 2  # a tie: either may head the draw


def test_draw_is_frozen():
    draw = swiss_draw(["A", "B"], [0, 0], [])
    assert draw == Draw(
        tables=[(draw.order[0], draw.order[1])], bye=None, repeats=0, floats=0, order=draw.order
    )
    with pytest.raises(FrozenInstanceError):
        draw.bye = "A"  # type: ignore[misc]


def test_two_teams_that_have_met_must_meet_again():
    draw = swiss_draw(["A", "B"], [10, 10], [("A", "B")])
    assert draw.repeats == 1
    assert len(draw.tables) == 1


# --------------------------------------------------------------------------------------------
# Seeds


def test_same_seed_same_draw_and_seeds_differ():
    rng = random.Random(11)
    teams = [f"T{i}" for i in range(16)]
    scores = [rng.choice((0, 10, 20, 30)) for _ in teams]
    played = [(teams[i], teams[i + 1]) for i in range(0, 16, 2)]
    first = swiss_draw(teams, scores, played, seed=5)
    assert swiss_draw(teams, scores, played, seed=5) == first
    assert swiss_draw(teams, scores, played) == swiss_draw(teams, scores, played, seed=0)
    assert swiss_draw(teams, scores, played, seed=None) == swiss_draw(teams, scores, played, 0)
    assert swiss_draw(teams, scores, played, seed="") == swiss_draw(teams, scores, played, 0)
    draws = {tuple(swiss_draw(teams, scores, played, seed=s).tables) for s in range(20)}
    assert len(draws) >= 15


def test_the_random_order_within_a_group_is_uniform():
    # Over many seeds each of 4 tied teams heads the draw order about a quarter of the time.
    heads = Counter(swiss_draw(list("ABCD"), [0] * 4, [], seed=s).order[0] for s in range(800))
    assert set(heads) == set("ABCD")
    assert all(150 <= count <= 250 for count in heads.values())


# --------------------------------------------------------------------------------------------
# Properties over simulated events


def _check_against_brute_force(draw, teams, scores, played, byes):
    met, bye_count = _met(draw, played, byes)
    reference, fewest, pairings = _reference(met, bye_count)
    assert draw.repeats == fewest  # no repeat while avoidable, else the fewest
    assert _as_ranks(draw) == reference  # the backtracking search's first pairing
    # When the natural pairing is repeat-free it is the draw, and no pairing with the same bye
    # has a smaller total score gap (the top-down draw keeps score groups together).
    n = len(teams)
    bye, natural = _natural(draw, bye_count)
    if (bye is None or bye_count[bye] == 0) and all(met[a][b] == 0 for a, b in natural):
        position_score = [scores[teams.index(t)] for t in draw.order]

        def gap(pairs):
            return sum(abs(position_score[a] - position_score[b]) for a, b in pairs if a != n)

        same_bye = [pairs for pairs, _ in pairings if bye is None or pairs[0] == (n, bye)]
        assert gap(_as_ranks(draw)) == min(gap(pairs) for pairs in same_bye)


@settings(max_examples=300, deadline=None)
@given(
    n=st.integers(2, 9),
    extra_rounds=st.integers(-8, 3),
    results=st.integers(0, 2**32 - 1),
    seed=st.integers(0, 10**6),
    fine=st.booleans(),
    numbered=st.booleans(),
)
def test_small_events_match_the_brute_force(n, extra_rounds, results, seed, fine, numbered):
    teams = list(range(101, 101 + n)) if numbered else [f"T{i}" for i in range(n)]
    rounds = max(1, n - 1 + extra_rounds)  # up to a few rounds past a full round robin
    _simulate(
        teams,
        rounds,
        random.Random(results),
        seed,
        FINE if fine else COARSE,
        _check_against_brute_force,
    )


def _fewest_repeats(teams, played, byes) -> int:
    """n/2 minus a maximum matching of the never-met graph (networkx)."""
    nx = pytest.importorskip("networkx")
    graph = nx.Graph()
    n = len(teams)
    graph.add_nodes_from(range(n + n % 2))
    index = {t: i for i, t in enumerate(teams)}
    met = {frozenset((index[a], index[b])) for a, b in played}
    graph.add_edges_from(
        (a, b) for a, b in itertools.combinations(range(n), 2) if frozenset((a, b)) not in met
    )
    if n % 2:
        graph.add_edges_from((a, n) for a in range(n) if teams[a] not in byes)
    return (n + n % 2) // 2 - len(nx.max_weight_matching(graph, maxcardinality=True))


def _check_fewest_repeats(draw, teams, scores, played, byes):
    assert draw.repeats == _fewest_repeats(teams, played, byes)


@settings(max_examples=20, deadline=None)
@given(n=st.integers(10, 41), results=st.integers(0, 2**32 - 1), seed=st.integers(0, 10**6))
def test_larger_events_have_the_fewest_repeats(n, results, seed):
    teams = [f"T{i}" for i in range(n)]
    rounds = min(n + 1, 14) if n < 14 else 10
    _simulate(teams, rounds, random.Random(results), seed, COARSE, _check_fewest_repeats)


def test_search_budget_fallback_still_has_the_fewest_repeats(monkeypatch):
    monkeypatch.setattr(swiss, "SEARCH_BUDGET", 0)
    rng = random.Random(3)
    for n in (9, 12, 15, 24):
        _simulate([f"T{i}" for i in range(n)], n + 1, rng, n, COARSE, _check_fewest_repeats)


def test_pathological_field_is_paired_quickly():
    # The bottom 101 of 200 have all met each other: the top 99 must each take one of them,
    # and two of the 101 meet again.
    teams = list(range(200))
    played = [(a, b) for a, b in itertools.combinations(range(99, 200), 2)]
    draw = swiss_draw(teams, [100] * 99 + [0] * 101, played, seed=1)
    assert draw.repeats == 1
    assert all(a < 99 <= b for a, b in draw.tables[:99])


@pytest.mark.parametrize("n", [16, 64, 200, 201])
def test_big_fields_draw_with_the_fewest_repeats_whatever_the_seed(n):
    # How fast is for benchmarks/run.py; here only what the draw is.
    teams = [f"Team {i}" for i in range(n)]

    def again(draw, teams, scores, played, byes):
        redraw = swiss_draw(teams, scores, played, seed=99, byes=byes)
        assert redraw.repeats == draw.repeats  # the fewest repeats do not depend on the seed

    _simulate(teams, 10, random.Random(n), n, FINE, again)


# --------------------------------------------------------------------------------------------
# played_matrix


def test_played_matrix_reads_a_cross_table():
    teams = ["A", "B", "C"]
    matrix = [[None, True, 0], [1, "", 0], [False, 0, None]]
    assert played_matrix(teams, matrix) == [("A", "B")]
    counts = np.array([[0, 2, 1], [2, 0, 0], [1, 0, 0]])
    assert played_matrix(teams, counts) == [("A", "B"), ("A", "B"), ("A", "C")]


@given(n=st.integers(2, 9), data=st.data())
def test_played_matrix_gives_the_same_draw_as_the_pairs(n, data):
    teams = [f"T{i}" for i in range(n)]
    pairs = data.draw(
        st.lists(st.sampled_from(list(itertools.combinations(teams, 2))), max_size=2 * n)
    )
    index = {t: i for i, t in enumerate(teams)}
    matrix = np.zeros((n, n), dtype=int)
    for a, b in pairs:
        matrix[index[a], index[b]] += 1
        matrix[index[b], index[a]] += 1
    again = played_matrix(teams, matrix)
    assert Counter(frozenset(p) for p in again) == Counter(frozenset(p) for p in pairs)
    scores = [0] * n
    assert swiss_draw(teams, scores, again) == swiss_draw(teams, scores, pairs)


@pytest.mark.parametrize(
    ("matrix", "message"),
    [
        (
            [[0, 1], [1, 0]],
            "played must be a square table with one row and one column per "
            "team (3 × 3), got shape 2 × 2",
        ),
        (
            [[0, 1, 0], [0, 0, 0], [0, 0, 0]],
            "played must be symmetric, got 1 in row 'A', column 'B' but 0 in row 'B', column 'A'",
        ),
        ([[1, 0, 0], [0, 0, 0], [0, 0, 0]], "played must have blanks or 0 on the diagonal"),
        (
            [[0, "x", 0], ["x", 0, 0], [0, 0, 0]],
            "played must hold TRUE/FALSE, whole counts or blanks, got 'x' in row 'A', column 'B'",
        ),
        ([[0, -1, 0], [-1, 0, 0], [0, 0, 0]], "got -1 in row 'A', column 'B'"),
        ([[0, 0.5, 0], [0.5, 0, 0], [0, 0, 0]], "got 0.5 in row 'A', column 'B'"),
        (5, "played must be a square table"),
    ],
)
def test_played_matrix_bad_input(matrix, message):
    with pytest.raises(InputError) as error:
        played_matrix(["A", "B", "C"], matrix)
    assert message in str(error.value)


# --------------------------------------------------------------------------------------------
# Bad input to the draw


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"teams": ["A", "B", "A"]}, "teams must all be different, got 'A' twice (rows 1 and 3)"),
        ({"teams": ["A", " B", "B"]}, "teams must all be different, got 'B' twice"),
        ({"teams": [1, 2, 1.0]}, "teams must all be different, got 1 twice"),
        ({"teams": ["A", "", "C"]}, "teams must not hold blanks, got '' in row 2"),
        ({"teams": ["A", None, "C"]}, "teams must not hold blanks, got blank in row 2"),
        ({"teams": ["A", "bye", "C"]}, "teams must not use the name BYE"),
        ({"teams": ["A", True, "C"]}, "teams must hold team names or numbers, got TRUE"),
        ({"teams": ["A", float("inf"), "C"]}, "teams must hold team names or numbers, got inf"),
        ({"teams": "ABC"}, "teams must be a list of team names or numbers, got 'ABC'"),
        ({"teams": ["A"], "scores": [0]}, "teams must hold at least 2 teams, got 1"),
        ({"scores": [1, 2]}, "scores must have one value per team (3 teams), got 2"),
        ({"scores": [1, "x", 3]}, "scores must hold a number for every team, got 'x' for team 'B'"),
        ({"scores": [1, None, 3]}, "scores must hold a number for every team, got blank"),
        ({"scores": [1, 2, True]}, "got TRUE for team 'C'"),
        ({"scores": [1, 2, float("nan")]}, "scores must hold a number for every team, got nan"),
        ({"played": [("A", "Z")]}, "played names 'Z' in pair 1, which is not one of teams"),
        ({"played": [("A", "B"), ("A", 7)]}, "played names 7 in pair 2, which is not one of"),
        ({"played": [("A", "A")]}, "played must pair two different teams, got 'A' twice in pair 1"),
        ({"played": [("BYE", "bye")]}, "played must pair two different teams, got BYE twice"),
        (
            {"played": [("A", "B", "C")]},
            "played must be a list of (team, team) pairs, got "
            "('A', 'B', 'C') in pair 1 (for a cross-table use "
            "played_matrix)",
        ),
        ({"played": [[0, 1, 0], [1, 0, 0], [0, 0, 0]]}, "for a cross-table use played_matrix"),
        ({"played": ["AB"]}, "played must be a list of (team, team) pairs, got 'AB' in pair 1"),
        ({"played": 3}, "played must be a list of (team, team) pairs, got 3"),
        ({"played": [("A", None)]}, "played must name a team, got blank in pair 1"),
        ({"byes": ["Q"]}, "byes names 'Q' in row 1, which is not one of teams"),
        ({"byes": ["BYE"]}, "byes must name teams, got 'BYE' in row 1"),
        ({"seed": -1}, "seed must be a whole number of at least 0, got -1"),
        ({"seed": 1.5}, "seed must be a whole number of at least 0, got 1.5"),
        ({"seed": "x"}, "seed must be a whole number of at least 0, got 'x'"),
    ],
)
def test_swiss_draw_bad_input(kwargs, message):
    args = {"teams": ["A", "B", "C"], "scores": [0, 0, 0], "played": []} | kwargs
    with pytest.raises(InputError) as error:
        swiss_draw(**args)
    assert message in str(error.value)
