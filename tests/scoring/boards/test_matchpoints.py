"""Matchpoints with weighted scores (Law 12C1(c), a worked example), Neuberg and Ascherman."""

from __future__ import annotations

import numpy as np
import pytest
from board_rows import (
    SEED_002,
    boards,
    by_entry,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.scoring.boards.matchpoints import matchpoints, neuberg, neuberg_then_weight


def test_seed_002_matchpoints_of_the_ruled_pair():
    result = by_entry(matchpoints(**SEED_002))
    assert result[9] == pytest.approx(7.00)  # 0.6·11.4 + 0.4·0.4, top 16
    assert [result[e] for e in (1, 2, 5, 8)] == pytest.approx([16, 11.4, 4.8, 0.4])


def test_seed_002_weighting_raw_scores_is_not_what_happens():
    raw = matchpoints([1] * 9, range(9), [460, 430, 430, 430, 420, 420, 420, 400, 418])
    assert by_entry(raw)[8] == 2  # 0.6·430 + 0.4·400 = 418 beats only the 400
    assert by_entry(matchpoints(**SEED_002))[9] == pytest.approx(7)


def test_seed_002_acbl_and_percent():
    assert by_entry(matchpoints(**SEED_002, scoring="acbl"))[9] == pytest.approx(3.5)
    assert by_entry(matchpoints(**SEED_002, scoring="percent"))[9] == pytest.approx(7 / 16 * 100)


def test_seed_002_neuberg_then_weight_is_davids_6_875():
    result = by_entry(neuberg_then_weight(**SEED_002))
    assert result[9] == pytest.approx(6.875)
    assert [result[e] for e in (1, 2, 5, 8)] == pytest.approx([15.875, 11.375, 4.625, 0.125])


def test_neuberg_then_weight_needs_component_scores_among_plain_results():
    with pytest.raises(InputError, match=r"score must occur .* got 410 in row 10"):
        neuberg_then_weight(**{**SEED_002, "score": SEED_002["score"][:-1] + [410]})


# --------------------------------------------------------------------------------------------
# Neuberg and Ascherman (Neuberg's formula)


def test_neuberg_formula():
    assert neuberg(14, 8, 9) == pytest.approx(15.875)
    assert neuberg([0, 14], 8, 8) == pytest.approx([0, 14])


@pytest.mark.parametrize(
    ("scoring", "mp", "factored"),
    [
        ("english", 14, 15.875),  # (14 + 1)·9/8 − 1
        ("acbl", 7, 7.9375),  # half of the english figures
        ("percent", 14 / 14 * 100, 15.875 / 16 * 100),  # top 14 of 8 results, 16 of 9
        ("ascherman", 15 / 16 * 100, 15 / 16 * 100),  # (MP + 1)/(2A) does not change
    ],
)
def test_neuberg_in_every_scoring(scoring, mp, factored):
    assert neuberg(mp, 8, 9, scoring=scoring) == pytest.approx(factored)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((15, 8, 9), r"mp must lie between the bottom and the top of english scoring, got 15"),
        ((-1, 8, 9), r"mp must lie between the bottom and the top of english scoring, got -1"),
        ((5, 8, 7), r"expected must be at least the number of results, got 7"),
        ((5, 8.5, 9), r"results must hold whole numbers of at least 1, got 8.5"),
        ((5, 8, 1), r"expected must hold whole numbers of at least 2, got 1"),
        (([5, 6], [8, 8, 8], 9), r"mp, results and expected must be single values or ranges"),
        (("x", 8, 9), r"mp must hold numbers or blank cells, got 'x'"),
    ],
)
def test_neuberg_rejects_bad_input(args, message):
    with pytest.raises(InputError, match=message):
        neuberg(*args)


def test_neuberg_is_scaling_the_frequencies():
    # A board played 8 times factored to 9 results equals scaling every frequency by 9/8.
    scores = [460, 430, 430, 430, 420, 420, 420, 400]
    factored = matchpoints([1] * 8, range(8), scores, expected=9).value
    table_scaled = [2 * (9 / 8) * sum(t < s for t in scores) for s in scores]
    ties = [(9 / 8) * sum(t == s for t in scores) - 1 for s in scores]
    assert factored == pytest.approx(np.add(table_scaled, ties))


def test_neuberg_single_entry_gets_average():
    assert matchpoints([1], [1], [420], expected=13, scoring="percent").value == pytest.approx([50])


def test_ascherman_is_field_size_free():
    small = matchpoints([1] * 3, range(3), [100, 200, 300], scoring="ascherman").value
    large = matchpoints([1] * 6, range(6), [100, 100, 200, 200, 300, 300], scoring="ascherman")
    assert small == pytest.approx(large.value[::2])
    assert small[-1] == pytest.approx(5 / 6 * 100)  # top (2N − 1)/(2N)


# --------------------------------------------------------------------------------------------
# Properties


@settings(max_examples=60, deadline=None)
@given(boards())
def test_matchpoint_totals_are_n_times_n_minus_1_with_any_weights(rows):
    result = matchpoints(**rows)
    for board in np.unique(result.board):
        on_board = result.board == board
        n = on_board.sum()
        assert result.value[on_board].sum() == pytest.approx(n * (n - 1))


@settings(max_examples=60, deadline=None)
@given(boards(), st.sampled_from(["percent", "ascherman"]))
def test_percentages_are_within_0_and_100(rows, scoring):
    value = matchpoints(**rows, scoring=scoring).value
    assert (value >= -1e-9).all() and (value <= 100 + 1e-9).all()
