"""Component arrays: frequency tables, input checks, row order and weights."""

from __future__ import annotations

import numpy as np
import pytest
from board_rows import (
    SCORE,
    SEED_002,
    boards,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.scoring.boards.cross_imps import cross_imps
from xlbridge.scoring.boards.datums import butler_imps, datum
from xlbridge.scoring.boards.frequencies import frequency_table
from xlbridge.scoring.boards.matchpoints import matchpoints, neuberg_then_weight
from xlbridge.scoring.boards.split_scores import score_traveller


def test_seed_002_frequencies():
    table = frequency_table(SEED_002["board"], SEED_002["score"], SEED_002["weight"])
    assert table.score.tolist() == [400, 420, 430, 460]
    assert table.frequency == pytest.approx([1.4, 3, 3.6, 1])


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
# Properties: every scoring method alike


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
