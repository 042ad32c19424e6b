"""Project 52 handicaps against the published description's checks, and their invariants."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.scoring.handicap import (
    FORMS,
    METHODS,
    SPEC,
    Constants,
    Entries,
    capped,
    competition_changes,
    expected_result,
    guest_handicap,
    handicap_change,
    side_handicap,
    start_handicap,
    tournament_result,
)

# --------------------------------------------------------------------------------------------
# Project 52 checks


@pytest.mark.parametrize(
    ("masterpoints", "shown", "decimals"),
    [
        (0, 52.0, 1),
        (10, 47.3, 1),
        (30, 40.0, 1),
        (50, 34.7, 1),
        (100, 26.0, 1),
        (300, 13.0, 1),
        (1000, 4.7, 1),
        (3000, 1.68, 2),
    ],
)
def test_start_handicap_table(masterpoints, shown, decimals):
    assert round(float(start_handicap(masterpoints)), decimals) == shown


def test_pair_of_13_in_a_field_of_34_7_expects_60_8_percent():
    # 11 pairs of 34.7 and one of 13.0: the mean of the others minus own is 21.7 → 10.85 %.
    field = [34.7] * 11 + [13.0]
    assert float(expected_result(13.0, field)) == pytest.approx((34.7 - 13.0) / 2)
    assert 50 + float(expected_result(13.0, field)) == pytest.approx(60.8, abs=0.05)
    # From master points, as the Project 52 description puts it (50 vs 300 master points).
    h50, h300 = start_handicap([50, 300])
    assert 50 + float(expected_result(h300, [h50] * 11 + [h300])) == pytest.approx(60.8, abs=0.05)


def test_ten_percent_over_expectation_in_24_boards_among_12_pairs_moves_minus_1_06():
    field = np.full(12, 30.0)
    change = handicap_change(30.0, field, achieved=10.0, boards=24)
    # (24/480)·24/(24 + 0.6)·(12/11)·1·2·(0 − 10)
    assert float(change) == pytest.approx(24 / 480 * 24 / 24.6 * 12 / 11 * 2 * -10)
    assert round(float(change), 2) == -1.06


@pytest.mark.parametrize(("evenings", "share"), [(20, 0.335), (48, 0.07)])
def test_memory_of_old_results(evenings, share):
    """The share of the starting handicap left after playing steadily at one level.

    A pair always playing together at a level worth 20 in a 12-pair field of 30s starts at 40;
    each 24-board evening moves it towards 20, and (h − 20)/(40 − 20) is what is left of the
    start: 33.5 % after 20 evenings, 7 % after 48 (the Project 52 description).
    """
    field_others = np.full(11, 30.0)
    h = 40.0
    level = float(expected_result(20.0, np.append(field_others, 20.0)))  # what a 20 scores
    for _ in range(evenings):
        h = float(capped(h, handicap_change(h, np.append(field_others, h), level, 24)))
    assert (h - 20) / (40 - 20) == pytest.approx(share, abs=0.005)


def test_handicap_tournament_charge():
    # Players of 28 and 14 make a pair of 21; the others average 26: (26 − 21)/2 = +2.5 %.
    pair = float(side_handicap([28, 14]))
    field = [26.0] * 9 + [pair]
    expected = float(expected_result(pair, field))
    assert pair == 21 and expected == pytest.approx(2.5)
    assert float(tournament_result(56.0 - 50, expected)) == pytest.approx(3.5)


def test_individual_and_team_forms():
    # Individual: C_k = 2, so a unit is worth half as much as in pairs.
    field = [20.0, 30.0, 40.0]
    assert float(expected_result(20.0, field, form="individual")) == pytest.approx(
        (35 - 20) / (2 * 2)
    )
    # Team match by IMPs: (h_opponents − h_team)/(C_k·C_b) = (30 − 24)/(0.5·12) = 1 IMP/board.
    assert float(expected_result(24.0, 30.0, form="team", method="imp")) == pytest.approx(1.0)
    change = handicap_change(24.0, 30.0, achieved=1.0, boards=16, form="team", method="imp")
    assert float(change) == pytest.approx(0.0)
    change = handicap_change(24.0, 30.0, achieved=2.0, boards=16, form="team", method="imp")
    assert float(change) == pytest.approx(16 / 480 * 16 / 16.1 * 2 * 0.5 * 12 * -1)


def test_datum_scored_pairs_use_c_u_1():
    field = [20.0, 30.0, 40.0, 30.0]
    with_datum = expected_result(20.0, field, method="imp", datum=True)
    assert float(with_datum) == pytest.approx((30 - 20) / 12)


def test_cap_at_52_and_no_floor():
    assert capped(51.5, 2.0).tolist() == 52.0
    assert capped(0.5, -2.0).tolist() == -1.5


def test_constants_are_parameters():
    faster = Constants(impact=240.0)
    field = np.full(12, 30.0)
    assert float(handicap_change(30.0, field, 10.0, 24, constants=faster)) == pytest.approx(
        2 * float(handicap_change(30.0, field, 10.0, 24))
    )
    assert float(start_handicap(100, Constants(start_c=0.02))) == pytest.approx(52 / 3)


def test_guest_pair_expects_what_it_achieved():
    known = np.array([20.0, 25.0, 30.0, 35.0, 40.0])
    guests = np.array([4.0, -2.0])
    h_guests = guest_handicap(known, guests)
    field = np.concatenate([known, h_guests])
    assert expected_result(h_guests, field) == pytest.approx(guests)
    change = handicap_change(h_guests, field, guests, boards=24)
    assert change == pytest.approx([0, 0])


# --------------------------------------------------------------------------------------------
# Properties


@st.composite
def pairs_field(draw):
    n = draw(st.integers(2, 16))
    handicaps = draw(st.lists(st.floats(0, 52), min_size=n, max_size=n))
    raw = draw(st.lists(st.floats(-30, 30), min_size=n, max_size=n))
    results = np.array(raw) - np.mean(raw)  # matchpoint results average 50 %
    return np.array(handicaps), results


@settings(max_examples=80, deadline=None)
@given(pairs_field(), st.sampled_from(METHODS), st.integers(1, 60))
def test_changes_of_a_pairs_competition_sum_to_zero(field, method, boards):
    handicaps, results = field
    change = handicap_change(handicaps, handicaps, results, boards, method=method)
    assert change.sum() == pytest.approx(0, abs=1e-9)
    assert expected_result(handicaps, handicaps).sum() == pytest.approx(0, abs=1e-9)


@settings(max_examples=80, deadline=None)
@given(pairs_field(), st.sampled_from(FORMS[:2]), st.sampled_from(METHODS), st.booleans())
def test_an_entry_exactly_at_its_expectation_does_not_move(field, form, method, datum):
    handicaps, _ = field
    expected = expected_result(handicaps, handicaps, form, method, datum)
    change = handicap_change(handicaps, handicaps, expected, 24, None, form, method, datum)
    assert change == pytest.approx(np.zeros(handicaps.size), abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.lists(pairs_field(), min_size=1, max_size=5), st.data())
def test_many_competitions_at_once_equal_each_alone(fields, data):
    rows = {"competition": [], "handicap": [], "achieved": [], "boards": [], "played": []}
    forms, methods, datums, alone = [], [], [], []
    for i, (handicaps, results) in enumerate(fields):
        form = data.draw(st.sampled_from(FORMS[:2]))
        method = data.draw(st.sampled_from(METHODS))
        datum = data.draw(st.booleans())
        boards = data.draw(st.integers(1, 40))
        played = data.draw(st.integers(1, boards))
        forms.append(FORMS.index(form))
        methods.append(METHODS.index(method))
        datums.append(datum)
        rows["competition"] += [i] * handicaps.size
        rows["handicap"] += handicaps.tolist()
        rows["achieved"] += results.tolist()
        rows["boards"] += [boards] * handicaps.size
        rows["played"] += [played] * handicaps.size
        alone.append(
            handicap_change(handicaps, handicaps, results, boards, played, form, method, datum)
        )
    entries = Entries(
        **{key: np.array(values) for key, values in rows.items()},
        form=np.array(forms),
        method=np.array(methods),
        datum=np.array(datums),
    )
    _, together = competition_changes(entries)
    assert together == pytest.approx(np.concatenate(alone))


def test_team_matches_in_the_batch_equal_the_single_match_formula():
    entries = Entries(
        competition=np.array([0, 0]),
        handicap=np.array([24.0, 30.0]),
        achieved=np.array([2.0, -2.0]),
        boards=np.array([16, 16]),
        played=np.array([16, 16]),
        form=np.array([FORMS.index("team")]),
        method=np.array([METHODS.index("imp")]),
        datum=np.array([False]),
    )
    expected, change = competition_changes(entries)
    assert expected == pytest.approx([1.0, -1.0])
    single = handicap_change(24.0, 30.0, 2.0, 16, form="team", method="imp")
    assert change[0] == pytest.approx(float(single)) and change.sum() == pytest.approx(0)


# --------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: start_handicap(-5), "masterpoints must be at least 0, got -5"),
        (
            lambda: expected_result(13, [30], form="quads"),
            "form must be one of pairs, individual, teams",
        ),
        (lambda: expected_result(13, [30], method="mp"), "method must be one of topscore, imp"),
        (lambda: expected_result(13, [13]), "needs at least 2 entries, got 1"),
        (lambda: expected_result(13, []), "field must hold every entry's handicap, got none"),
        (lambda: expected_result(np.nan, [13, 20]), "own must hold numbers, got nan"),
        (lambda: handicap_change(13, [13, 20], 5, 0), "boards must hold whole numbers of at"),
        (lambda: handicap_change(13, [13, 20], 5, 24, 30), "played must be at most boards, got 30"),
        (lambda: handicap_change(13, [13, 20], 5, 24.5), "boards must hold whole numbers"),
        (lambda: guest_handicap([], [3.0]), "field must hold at least one handicap, got none"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        call()


def test_batch_names_the_competition():
    entries = Entries(
        competition=np.array([0, 0, 1]),
        handicap=np.array([24.0, 30.0, 20.0]),
        achieved=np.zeros(3),
        boards=np.full(3, 24),
        played=np.full(3, 24),
        form=np.array([0, 0]),
        method=np.array([0, 0]),
        datum=np.array([False, False]),
    )
    with pytest.raises(InputError, match="competition club-7 must have at least 2 entries, got 1"):
        competition_changes(entries, names=["club-6", "club-7"])
    assert SPEC.cap == 52
