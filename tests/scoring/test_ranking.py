"""Places in a ranking: worked examples and the invariants of a ranking with shared places."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from xlbridge.scoring.ranking import TOLERANCE, places, ranking


def test_a_league_table_with_ties_broken_and_shared() -> None:
    """VPs 51, 47, 47, 47, 30 with IMP margins +5, +20, +33, +20, −9: the margin places the
    teams on 47 (+33 second), the two on 47 and +20 share third, the next is fifth."""
    vps = [51, 47, 47, 47, 30]
    margins = [5, 20, 33, 20, -9]
    assert places(vps, margins) == [1, 3, 2, 3, 5]
    labels = [(line.entry, line.label) for line in ranking(vps, margins)]
    assert labels == [(0, "1"), (2, "2"), (1, "3="), (3, "3="), (4, "5")]


def test_entries_without_a_score_have_no_place() -> None:
    assert places([None, 12.5, math.nan, 12.5]) == [None, 1, None, 1]
    assert [line.label for line in ranking([None, 12.5, math.nan, 12.5])] == ["1=", "1="]


def test_sums_equal_on_paper_are_equal() -> None:
    """0.1 + 0.2 and 0.3 differ in the last bits: within the tolerance they tie."""
    assert places([0.1 + 0.2, 0.3]) == [1, 1]
    assert places([0.3 + 2 * TOLERANCE, 0.3]) == [1, 2]


scores = st.lists(st.one_of(st.none(), st.integers(-5, 5).map(float)), min_size=1, max_size=30)


@given(scores, st.data())
def test_places_are_a_competition_ranking(values: list[float | None], data) -> None:
    tiebreaks = data.draw(
        st.lists(st.integers(-3, 3).map(float), min_size=len(values), max_size=len(values))
    )
    placed = places(values, tiebreaks)
    scored = [p for p in placed if p is not None]
    assert len(scored) == sum(v is not None for v in values)
    for place in set(scored):
        assert sum(p < place for p in scored) == place - 1  # "3=" twice, then 5
    lines = ranking(values, tiebreaks)
    assert [line.place for line in lines] == sorted(scored)
    for line in lines:
        shared = scored.count(line.place) > 1
        assert line.shared is shared and line.label.endswith("=") is shared
    for i, a in enumerate(values):
        for j, b in enumerate(values):
            if a is None or b is None:
                continue
            if a > b or (a == b and tiebreaks[i] > tiebreaks[j]):
                assert placed[i] < placed[j]  # type: ignore[operator]
            if a == b and tiebreaks[i] == tiebreaks[j]:
                assert placed[i] == placed[j]
