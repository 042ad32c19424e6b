"""Example boards shared by the board-scoring tests (not a test module: no ``test_`` prefix).

The weighted-matchpoint example: eight results and a ninth pair ruled 60 % of 430 plus
40 % of 400; the Butler example: ten tables in NS terms, the last one split. ``boards`` draws
flat component arrays for the property tests.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

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
