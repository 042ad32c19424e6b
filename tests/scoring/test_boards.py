"""Scoring a board (SPEC.md §4, seeds 002 and 004): weights, splits, Neuberg, cross-IMPs, datums."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.scoring.boards import (
    butler_imps,
    cross_imps,
    datum,
    frequency_table,
    halves_components,
    matchpoints,
    neuberg,
    neuberg_then_weight,
    round_datum,
    score_traveller,
    separate_components,
    teams_imps,
)
from xlbridge.scoring.imps import imps

# Seed 002: eight results, and a ninth pair ruled 60 % of 430 plus 40 % of 400 (entry 9).
SEED_002 = {
    "board": [1] * 10,
    "entry": [1, 2, 3, 4, 5, 6, 7, 8, 9, 9],
    "score": [460, 430, 430, 430, 420, 420, 420, 400, 430, 400],
    "weight": [1, 1, 1, 1, 1, 1, 1, 1, 0.6, 0.4],
}

# Seed 004: ten tables in NS terms; the last is split (NS −150, EW +450 in NS terms, so EW's own
# score is −450). ``SEED_004_SPLIT_50`` is the same board with NS −50 instead of −150.
SEED_004_NS = [480, 450, 450, 450, 420, 420, -50, -50, -100, -150]
SEED_004_EW = [np.nan] * 9 + [-450]
SEED_004_SPLIT_50 = SEED_004_NS[:-1] + [-50]
TABLES = list(range(1, 11))
ONE_BOARD = [1] * 10


def by_entry(result) -> dict[int, float]:
    return dict(zip(result.entry.tolist(), result.value.tolist(), strict=True))


# --------------------------------------------------------------------------------------------
# Seed 002: weighted scores


def test_seed_002_frequencies():
    table = frequency_table(SEED_002["board"], SEED_002["score"], SEED_002["weight"])
    assert table.score.tolist() == [400, 420, 430, 460]
    assert table.frequency == pytest.approx([1.4, 3, 3.6, 1])


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


def test_teams_weighted_score_imps_each_component_then_weights():
    # 60 % of +430 and 40 % of +400 against +400 at the other table: 0.6·10 + 0.4·0 = 6 IMPs,
    # not the IMPs of the weighted points (18 → 0).
    result = teams_imps([1, 1, 2], [30, 0, 50], [0.6, 0.4, 1])
    assert result.board.tolist() == [1, 2]
    assert result.value == pytest.approx([0.6 * 1, 2])
    assert teams_imps([1, 1], [430, 0], [0.6, 0.4]).value == pytest.approx([6.0])


# --------------------------------------------------------------------------------------------
# Neuberg and Ascherman (SPEC §4.3)


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


def test_ascherman_seed_004_split_at_minus_150_is_2_5_percent():
    result = score_traveller(
        ONE_BOARD, TABLES, SEED_004_NS, SEED_004_EW, split="halves", scoring="ascherman"
    )
    assert result.ns[-1] == pytest.approx(2.5)
    assert result.ns[:-1] + result.ew[:-1] == pytest.approx(np.full(9, 100.0))
    assert result.ew[-1] == pytest.approx(100 - (2 * 5.5 + 3.5) / 20 * 100)  # EW's +450


def test_ascherman_is_field_size_free():
    small = matchpoints([1] * 3, range(3), [100, 200, 300], scoring="ascherman").value
    large = matchpoints([1] * 6, range(6), [100, 100, 200, 200, 300, 300], scoring="ascherman")
    assert small == pytest.approx(large.value[::2])
    assert small[-1] == pytest.approx(5 / 6 * 100)  # top (2N − 1)/(2N)


# --------------------------------------------------------------------------------------------
# Seed 004: split scores


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


# --------------------------------------------------------------------------------------------
# Input errors


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"weight": [1] * 8 + [0.6, 0.3]}, r"weight of board 1, entry 9 must add up to 1, got 0.9"),
        ({"weight": [1] * 8 + [1.4, -0.4]}, r"weight must hold numbers of at least 0, got -0.4"),
        ({"score": [460] * 9 + [np.nan]}, r"score must hold a number in every row, got nan"),
        ({"score": [460] * 9 + [None]}, r"score must hold a number in every row, got nan"),
        ({"score": [460] * 9 + ["x"]}, r"score must hold numbers or blank cells, got 'x'"),
        ({"board": [1.5] * 10}, r"board must hold whole numbers, got 1.5"),
        ({"entry": [1, 2]}, r"entry must have one value per row of board \(10 rows\), got 2"),
        ({"scoring": "swiss"}, r"scoring must be one of mp, acbl, percent, ascherman"),
        ({"expected": 0}, r"expected must hold whole numbers of at least 2, got 0$"),
        ({"expected": 9.5}, r"expected must hold whole numbers of at least 2, got 9.5$"),
        ({"expected": 8}, r"expected must be at least the number of results on board 1 \(9\)"),
        ({"expected": [11, 12]}, r"expected must be one number or one per board \(1\), got 2"),
    ],
)
def test_matchpoints_input_errors(change, message):
    with pytest.raises(InputError, match=message):
        matchpoints(**{**SEED_002, **change})


def test_other_input_errors():
    with pytest.raises(InputError, match="divisor must be one of comparisons, scores"):
        cross_imps([1, 1], [1, 2], [0, 10], divisor="tables")
    with pytest.raises(InputError, match="method must be one of butler, bastille"):
        datum([1, 1], [1, 2], [0, 10], method="mean")
    with pytest.raises(InputError, match="split must be one of separate, halves"):
        score_traveller([1, 1], [1, 2], [0, 10], split="thirds")
    with pytest.raises(InputError, match="trim must leave some weight .* board 1 with 2 entries"):
        datum([1, 1], [1, 2], [0, 10], trim=1)
    with pytest.raises(InputError, match="board must hold at least one row, got none"):
        matchpoints([], [], [])
    with pytest.raises(InputError, match="expected is for method matchpoints only"):
        score_traveller([1, 1], [1, 2], [0, 10], method="butler", expected=4)


@pytest.mark.parametrize(
    "score_board",
    [
        lambda: matchpoints([7, 7, 8], [1, 2, 1], [420, 400, 420]),
        lambda: matchpoints([8], [1], [420], scoring="ascherman"),
        lambda: cross_imps([8], [1], [420], divisor="scores"),
        lambda: datum([8, 8], [1, 1], [420, 400], [0.5, 0.5]),
        lambda: butler_imps([8], [3], [420], method="bastille"),
        lambda: neuberg_then_weight([8], [1], [420]),
        lambda: score_traveller([8, 9, 9], [1, 1, 2], [420, 400, 420], method="cross_imps"),
    ],
)
def test_a_board_with_one_entry_is_an_error(score_board):
    with pytest.raises(InputError, match="board 8 must have at least 2 entries to compare, got 1"):
        score_board()


# --------------------------------------------------------------------------------------------
# Properties

SCORE = st.integers(-300, 300).map(lambda s: s * 10)
COMMON_SCORE = st.sampled_from([-100, 0, 50, 420, 450, 480, 1430])  # so that ties occur


@st.composite
def boards(draw, max_boards: int = 4, max_entries: int = 7, weighted: bool = True):
    """Flat component arrays for a few boards; entries of 1–3 components when weighted."""
    rows = {"board": [], "entry": [], "score": [], "weight": []}
    for board in draw(st.lists(st.integers(-5, 50), min_size=1, max_size=max_boards, unique=True)):
        for entry in range(draw(st.integers(2, max_entries))):
            parts = draw(st.lists(st.integers(1, 5), min_size=1, max_size=3 if weighted else 1))
            for part in parts:
                rows["board"].append(board)
                rows["entry"].append(entry * 3 - 4)
                rows["score"].append(draw(st.one_of(COMMON_SCORE, SCORE)))
                rows["weight"].append(part / sum(parts))
    return {key: np.array(values) for key, values in rows.items()}


def naive_cross_imps(rows, divisor="comparisons"):
    """The O(N²) definition: every component against every component of every other entry."""
    totals = {}
    for board in np.unique(rows["board"]):
        on_board = np.flatnonzero(rows["board"] == board)
        entries = np.unique(rows["entry"][on_board])
        n = entries.size - 1 if divisor == "comparisons" else entries.size
        for entry in entries:
            own = on_board[rows["entry"][on_board] == entry]
            others = on_board[rows["entry"][on_board] != entry]
            total = sum(
                rows["weight"][i] * rows["weight"][j] * imps(rows["score"][i] - rows["score"][j])
                for i in own
                for j in others
            )
            totals[(int(board), int(entry))] = total / n
    return totals


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


@settings(max_examples=60, deadline=None)
@given(boards(weighted=False), st.sampled_from(["comparisons", "scores"]))
def test_cross_imps_sum_to_zero_without_weights(rows, divisor):
    result = cross_imps(**rows, divisor=divisor)
    for board in np.unique(result.board):
        assert result.value[result.board == board].sum() == pytest.approx(0, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(boards(), st.sampled_from(["comparisons", "scores"]))
def test_fast_cross_imps_equal_the_naive_definition(rows, divisor):
    result = cross_imps(**rows, divisor=divisor)
    naive = naive_cross_imps(rows, divisor)
    keys = list(zip(result.board.tolist(), result.entry.tolist(), strict=True))
    assert result.value == pytest.approx([naive[key] for key in keys])


SCORERS = [
    lambda rows: matchpoints(**rows).value,
    lambda rows: matchpoints(**rows, scoring="ascherman").value,
    lambda rows: cross_imps(**rows).value,
    lambda rows: datum(**rows, method="bastille").value,
    lambda rows: (
        score_traveller(
            rows["board"], rows["entry"], rows["score"], weight=rows["weight"], method="butler"
        ).ns
    ),
]


@settings(max_examples=40, deadline=None)
@given(boards(), st.randoms(use_true_random=False))
def test_results_do_not_depend_on_row_order(rows, random):
    order = list(range(rows["board"].size))
    random.shuffle(order)
    shuffled = {key: values[order] for key, values in rows.items()}
    for scorer in SCORERS:
        assert scorer(shuffled) == pytest.approx(scorer(rows))


@settings(max_examples=40, deadline=None)
@given(boards())
def test_many_boards_at_once_equal_each_board_alone(rows):
    for scorer in SCORERS:
        together = scorer(rows)
        alone = np.concatenate(
            [
                scorer({key: values[rows["board"] == board] for key, values in rows.items()})
                for board in np.unique(rows["board"])
            ]
        )
        assert together == pytest.approx(alone)


@settings(max_examples=40, deadline=None)
@given(boards(weighted=False))
def test_without_splits_ew_is_the_complement_of_ns(rows):
    result = score_traveller(rows["board"], rows["entry"], rows["score"])
    n = np.array([np.sum(result.board == b) for b in result.board])
    assert result.ns + result.ew == pytest.approx(2 * (n - 1))


@settings(max_examples=40, deadline=None)
@given(boards(weighted=False), st.data())
def test_a_weighted_entry_with_one_component_of_weight_1_is_a_normal_entry(rows, data):
    """Writing a result as "100 % of s" (plus components of weight 0) changes nothing."""
    n = rows["board"].size
    chosen = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True))
    extra = {key: values[chosen] for key, values in rows.items()}
    extra["score"] = np.asarray(
        data.draw(st.lists(SCORE, min_size=len(chosen), max_size=len(chosen)))
    )
    extra["weight"] = np.zeros(len(chosen))
    padded = {key: np.concatenate([rows[key], extra[key]]) for key in rows}
    for scorer in SCORERS:
        assert scorer(padded) == pytest.approx(scorer(rows))


def test_cross_imps_of_a_board_played_10000_times():
    rng = np.random.default_rng(2024)
    n = 10_000
    rows = {
        "board": np.ones(2 * n, dtype=int),
        "entry": np.repeat(np.arange(n), 2),
        "score": rng.integers(-150, 150, 2 * n) * 10,
        "weight": np.tile([0.7, 0.3], n),
    }
    result = cross_imps(**rows)
    assert result.value.size == n


@settings(max_examples=60, deadline=None)
@given(boards(weighted=False), st.randoms(use_true_random=False), st.sampled_from([None, 0, 1]))
def test_unweighted_fast_paths_equal_the_weighted_computation(rows, random, trim):
    """Without weights (one row per entry) the code takes shortcuts; they must agree."""
    order = list(range(rows["board"].size))
    random.shuffle(order)  # both in traveller order and shuffled
    for arrays in (rows, {key: values[order] for key, values in rows.items()}):
        plain = {key: arrays[key] for key in ("board", "entry", "score")}
        ones = {**plain, "weight": np.ones(arrays["board"].size)}
        for scoring in ("english", "percent", "ascherman"):
            assert matchpoints(**plain, scoring=scoring).value == pytest.approx(
                matchpoints(**ones, scoring=scoring).value
            )
        assert cross_imps(**plain).value == pytest.approx(cross_imps(**ones).value)
        for method in ("butler", "bastille"):
            if (
                trim == 1
                and np.bincount(np.unique(arrays["board"], return_inverse=True)[1]).min() < 3
            ):
                continue  # a trim of 1 needs 3 entries on every board
            assert datum(**plain, trim=trim, method=method).value == pytest.approx(
                datum(**ones, trim=trim, method=method).value
            )
            assert butler_imps(**plain, trim=trim, method=method).value == pytest.approx(
                butler_imps(**ones, trim=trim, method=method).value
            )


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
