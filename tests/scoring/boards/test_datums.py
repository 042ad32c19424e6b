"""Butler and Bastille datums (the Butler worked example), their rounding, and teams IMPs."""

from __future__ import annotations

import pytest
from board_rows import (
    ONE_BOARD,
    SEED_004_EW,
    SEED_004_NS,
    SEED_004_SPLIT_50,
    TABLES,
)
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.scoring.boards.datums import butler_imps, datum, round_datum, teams_imps
from xlbridge.scoring.boards.split_scores import halves_components, score_traveller


def test_teams_weighted_score_imps_each_component_then_weights():
    # 60 % of +430 and 40 % of +400 against +400 at the other table: 0.6·10 + 0.4·0 = 6 IMPs,
    # not the IMPs of the weighted points (18 → 0).
    result = teams_imps([1, 1, 2], [30, 0, 50], [0.6, 0.4, 1])
    assert result.board.tolist() == [1, 2]
    assert result.value == pytest.approx([0.6 * 1, 2])
    assert teams_imps([1, 1], [430, 0], [0.6, 0.4]).value == pytest.approx([6.0])


def test_seed_004_bastille_datums():
    split_50 = halves_components(ONE_BOARD, TABLES, SEED_004_SPLIT_50, SEED_004_EW)
    assert datum(*split_50, method="bastille").value == pytest.approx([286.25])
    split_150 = halves_components(ONE_BOARD, TABLES, SEED_004_NS, SEED_004_EW)
    assert datum(*split_150, method="bastille").value == pytest.approx([283.125])
    assert datum(*split_150).value == pytest.approx([280])  # Butler rounds


def test_bastille_imps_against_the_unrounded_datum():
    result = score_traveller(
        ONE_BOARD, TABLES, SEED_004_SPLIT_50, SEED_004_EW, method="bastille", split="halves"
    )
    assert result.ns[0] == pytest.approx((480 - 286.25 + 60) / 50)  # 193.75 on the (s+60)/50 leg


# --------------------------------------------------------------------------------------------
# Butler datum


@pytest.mark.parametrize(
    ("scores", "away", "even"),
    [
        ([400, 450], 430, 420),  # 425
        ([420, 450], 440, 440),  # 435
        ([-400, -490], -450, -440),  # -445
        ([-430, -440], -440, -440),  # -435
        ([400, 440], 420, 420),  # 420: no 5, nothing to choose
        ([0, 10], 10, 0),  # 5
        ([0, -10], -10, 0),  # -5
    ],
)
def test_butler_datum_exact_5_away_from_zero_or_to_the_even_ten(scores, away, even):
    assert datum([1, 1], [1, 2], scores).value == pytest.approx([away])  # the default
    assert datum([1, 1], [1, 2], scores, rounding="away").value == pytest.approx([away])
    assert datum([1, 1], [1, 2], scores, rounding="even").value == pytest.approx([even])


def test_butler_datum_within_a_millionth_of_a_5_counts_as_a_5():
    # Three scores 1/3 apart in the mean: 425 − 1E-13 from the float sum still rounds as 425.
    third = [425.1, 424.9, 425.0]
    assert datum([1] * 3, range(3), third).value == pytest.approx([430])
    assert datum([1] * 3, range(3), third, rounding="even").value == pytest.approx([420])
    assert round_datum([424.99999, -444.99999]).tolist() == [420, -440]  # not within 1E-6


def test_butler_imps_follow_the_datum_rounding():
    # 645 and 605: mean 625. Away: datum 630, +15 → 0 and −25 → −1 IMPs. Even: datum 620,
    # +25 → 1 and −15 → 0.
    board, entry, score = [1, 1], [1, 2], [645, 605]
    assert butler_imps(board, entry, score).value.tolist() == [0, -1]
    assert butler_imps(board, entry, score, rounding="even").value.tolist() == [1, 0]
    away = score_traveller(board, entry, score, method="butler")
    even = score_traveller(board, entry, score, method="butler", rounding="even")
    assert (away.ns.tolist(), away.ew.tolist()) == ([0, -1], [0, 1])
    assert (even.ns.tolist(), even.ew.tolist()) == ([1, 0], [-1, 0])
    halves = score_traveller(board, entry, score, method="butler", split="halves", rounding="even")
    assert halves.ns.tolist() == [1, 0]


@given(st.lists(st.integers(-800, 800).map(lambda n: 10 * n), min_size=2, max_size=12))
def test_the_two_roundings_differ_only_at_an_exact_5(scores):
    n = len(scores)
    away = datum([1] * n, range(n), scores).value[0]
    even = datum([1] * n, range(n), scores, rounding="even").value[0]
    mean = datum([1] * n, range(n), scores, method="bastille").value[0]
    for value in (away, even):
        assert value % 10 == 0 and abs(value - mean) <= 5 + 1e-9
    if abs(abs(mean) % 10 - 5) > 1e-6:
        assert away == even
    else:
        assert abs(away) == abs(mean) + 5 and even % 20 == 0


def test_datum_rounding_is_checked():
    with pytest.raises(InputError, match="rounding must be one of away, even"):
        datum([1, 1], [1, 2], [0, 10], rounding="up")
    with pytest.raises(InputError, match="rounding must be one of away, even"):
        score_traveller([1, 1], [1, 2], [0, 10], method="butler", rounding="nearest")


def test_butler_datum_trims_one_from_each_end_with_more_than_3_entries():
    assert datum([1] * 4, range(4), [0, 100, 200, 1000]).value == pytest.approx([150])
    assert datum([1] * 3, range(3), [0, 100, 1000]).value == pytest.approx([370])
    # Plain mean 325: an exact 5, away from zero.
    assert datum([1] * 4, range(4), [0, 100, 200, 1000], trim=0).value == pytest.approx([330])


def test_butler_imps_weighted():
    # Entry 5 is 50 % of 100 plus 50 % of 300. Dropping 0 and 1000 leaves 100×1.5, 200, 300×½:
    # datum 500/3 → 170; entry 5 gets ½·IMPs(−70) + ½·IMPs(130) = ½·(−2) + ½·4.
    rows = {
        "board": [1] * 6,
        "entry": [1, 2, 3, 4, 5, 5],
        "score": [0, 100, 200, 1000, 100, 300],
        "weight": [1, 1, 1, 1, 0.5, 0.5],
    }
    assert datum(**rows).value == pytest.approx([170])
    result = score_traveller(
        rows["board"], rows["entry"], rows["score"], None, rows["weight"], method="butler"
    )
    assert result.ns == pytest.approx([-5, -2, 1, 13, 1])
    assert result.ew == pytest.approx([5, 2, -1, -13, -1])
