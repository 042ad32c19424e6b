"""Whole travellers with split scores (the Butler worked example): separate tables and halves."""

from __future__ import annotations

import numpy as np
import pytest
from board_rows import (
    ONE_BOARD,
    SEED_004_EW,
    SEED_004_NS,
    SEED_004_SPLIT_50,
    TABLES,
    boards,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.scoring.boards.frequencies import frequency_table
from xlbridge.scoring.boards.matchpoints import matchpoints
from xlbridge.scoring.boards.split_scores import (
    halves_components,
    score_traveller,
    separate_components,
)


def test_ascherman_seed_004_split_at_minus_150_is_2_5_percent():
    result = score_traveller(
        ONE_BOARD, TABLES, SEED_004_NS, SEED_004_EW, split="halves", scoring="ascherman"
    )
    assert result.ns[-1] == pytest.approx(2.5)
    assert result.ns[:-1] + result.ew[:-1] == pytest.approx(np.full(9, 100.0))
    assert result.ew[-1] == pytest.approx(100 - (2 * 5.5 + 3.5) / 20 * 100)  # EW's +450


def test_seed_004_halves_frequencies():
    board, _, score, weight = halves_components(ONE_BOARD, TABLES, SEED_004_NS, SEED_004_EW)
    table = frequency_table(board, score, weight)
    expected = {480: 1, 450: 3.5, 420: 2, -50: 2, -100: 1, -150: 0.5}
    assert dict(zip(table.score.tolist(), table.frequency.tolist(), strict=True)) == expected


def test_seed_004_halves_mitchell():
    split_50 = score_traveller(ONE_BOARD, TABLES, SEED_004_SPLIT_50, SEED_004_EW, split="halves")
    assert split_50.ns[-1] == pytest.approx(3.5)
    assert split_50.ew[-1] == pytest.approx(18 - 13.5)
    split_150 = score_traveller(ONE_BOARD, TABLES, SEED_004_NS, SEED_004_EW, split="halves")
    assert split_150.ns[-1] == pytest.approx(-0.5)  # "The NS pair scores a negative result!"


def test_seed_004_cross_imps_plus_420_gets_3_1():
    result = score_traveller(
        ONE_BOARD,
        TABLES,
        SEED_004_NS,
        SEED_004_EW,
        method="cross_imps",
        split="halves",
        divisor="scores",
    )
    assert result.ns[4] == pytest.approx(3.1)  # (−2 − 3.5 + 0 + 20 + 11 + 5.5) / 10
    assert result.ew[4] == pytest.approx(-3.1)
    # Worked by hand the same way: NS −150 against 480, 450×3.5, 420×2, −50×2, −100 is
    # −12 − 42 − 22 − 6 − 2; EW's +450 also meets its own table's −150 at weight ½ (+6).
    assert result.ns[-1] == pytest.approx(-8.4)
    assert result.ew[-1] == pytest.approx(-(-1 + 6 + 2 + 22 + 11) / 10)


def test_separate_split_scores_each_side_among_its_own():
    ns, ew = separate_components(ONE_BOARD, TABLES, SEED_004_SPLIT_50, SEED_004_EW)
    assert ew.score.tolist() == [-s for s in SEED_004_SPLIT_50[:-1]] + [-450]
    result = score_traveller(ONE_BOARD, TABLES, SEED_004_SPLIT_50, SEED_004_EW)
    assert result.ns[-1] == pytest.approx(2 * 1 + 3 - 1)  # −50 among NS scores
    assert result.ew[-1] == pytest.approx(2 * 1 + 4 - 1)  # −450 among EW scores
    assert result.ns[-1] + result.ew[-1] != pytest.approx(18)  # need not make a top


def test_without_splits_halves_and_separate_agree():
    for method in ("matchpoints", "cross_imps", "butler", "bastille"):
        halves = score_traveller(ONE_BOARD, TABLES, SEED_004_NS, method=method, split="halves")
        separate = score_traveller(ONE_BOARD, TABLES, SEED_004_NS, method=method)
        assert halves.ns == pytest.approx(separate.ns)
        assert halves.ew == pytest.approx(separate.ew)


# --------------------------------------------------------------------------------------------
# Properties


@settings(max_examples=40, deadline=None)
@given(boards(weighted=False))
def test_without_splits_ew_is_the_complement_of_ns(rows):
    result = score_traveller(rows["board"], rows["entry"], rows["score"])
    n = np.array([np.sum(result.board == b) for b in result.board])
    assert result.ns + result.ew == pytest.approx(2 * (n - 1))


@st.composite
def _plain_travellers(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    """Boards of 2–7 tables, one result each (ties likely), rows in order or shuffled."""
    boards = draw(st.integers(1, 4))
    board, entry, score = [], [], []
    for b in range(1, boards + 1):
        tables = draw(st.integers(2, 7))
        board += [b] * tables
        entry += list(range(1, tables + 1))
        score += [10 * draw(st.integers(-3, 3)) for _ in range(tables)]
    order = draw(st.permutations(range(len(board))))
    return (
        np.array(board)[order],
        np.array(entry)[order],
        np.array(score, float)[order],
        draw(st.booleans()),
    )


@settings(max_examples=150, deadline=None)
@given(_plain_travellers(), st.sampled_from(["english", "acbl", "percent", "ascherman"]))
def test_a_traveller_without_splits_scores_ew_as_its_own_field(traveller, scoring):
    """EW's results, found as the complement of NS's on each board, are bit for bit those of
    scoring EW's own scores (NS's negated) among themselves, Neuberg-factored or not."""
    board, entry, score, factored = traveller
    expected = int(np.bincount(board).max()) + 2 if factored else None
    both = score_traveller(board, entry, score, scoring=scoring, expected=expected)
    ns = matchpoints(board, entry, score, scoring=scoring, expected=expected)
    ew = matchpoints(board, entry, -score, scoring=scoring, expected=expected)
    assert np.array_equal(both.ns, ns.value) and np.array_equal(both.ew, ew.value)
