"""Cross-IMPs: the fast count against the O(N²) definition, weights and size."""

from __future__ import annotations

import numpy as np
import pytest
from board_rows import (
    boards,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.scoring.boards.cross_imps import cross_imps
from xlbridge.scoring.imps import imps


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
