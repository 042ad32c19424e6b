"""Team standings: VPs added up round by round, byes, matches not played yet, places by VPs
then the tie-break (as the workbooks' Ranking sheets), places shared, rounds played.

The VPs come from a made-up card (home 10 + margin / 2, away 20 less that, within 0-20; at
pairs 10 + (% - 50) / 2 within 0-20) so every total and place below is worked out by hand.
"""

from __future__ import annotations

import pytest

from xlbridge.scoring.team_standings import (
    NEUTRAL_PERCENT,
    Match,
    Meeting,
    Standings,
    team_standings,
    tiebreak_text,
    tiebreak_value,
)


def card(margin: float) -> tuple[float, float]:
    home = min(max(10 + margin / 2, 0.0), 20.0)
    return home, 20 - home


NAMES = {1: "North", 2: "South", 3: "East", 4: "West", 5: "Late"}


def test_totals_places_byes_and_matches_not_played() -> None:
    matches = [
        (1, 1, 2, 8.0),  # 1: 14, 2: 6
        (1, 3, 4, -4.0),  # 3: 8, 4: 12
        (2, 1, 3, 0.0),  # 10 each
        (2, 4, None, None),  # 4 has a bye: 12 VPs
        (2, 2, 5, None),  # drawn, not played yet
    ]
    result = team_standings(NAMES, 3, matches, card, bye_vps=12.0)
    lines = {(e.number, e.place, e.total, e.tiebreak) for e in result.entries}
    # 1: 24 (+8 +0 IMPs); 4: 12 + 12 = 24 (+4, the bye left out); 3: 18 (-4 + 0); 2: 6 (-8);
    # 5: nothing played, no place. 1 and 4 are split by IMPs.
    assert lines == {
        (1, "1", 24.0, 8.0),
        (4, "2", 24.0, 4.0),
        (3, "3", 18.0, -4.0),
        (2, "4", 6.0, -8.0),
        (5, "", 0.0, None),
    }
    assert [e.number for e in result.entries] == [1, 4, 3, 2, 5]
    assert (result.rounds, result.played) == (3, 2)
    west = next(e for e in result.entries if e.number == 4)
    assert west.meetings == (Meeting(1, 3, 4.0, 12.0), Meeting(2, None, None, 12.0), None)
    south = next(e for e in result.entries if e.number == 2)
    assert south.meetings[1] == Meeting(2, 5, None, None)


def test_entry_vps_count_and_percentages_are_mirrored() -> None:
    result = team_standings(
        {1: "A", 2: "B"},
        1,
        [(1, 1, 2, 60.0)],
        lambda m: (m / 5, (100 - m) / 5),
        opposite=lambda m: 100 - m,
        extra={2: 5.0},
        tiebreak="average",
    )
    b = next(e for e in result.entries if e.number == 2)
    assert b.meetings[0] == Meeting(1, 1, 40.0, 8.0) and b.total == 13.0
    assert [(e.number, e.place) for e in result.entries] == [(2, "1"), (1, "2")]


def pairs_card(percent: float) -> tuple[float, float]:
    home = min(max(10 + (percent - 50) / 2, 0.0), 20.0)
    return home, 20 - home


def places(result: Standings) -> dict[int, str]:
    return {e.number: e.place for e in result.entries}


def test_equal_vps_split_by_imp_margin_and_left_tied_when_equal_on_both() -> None:
    """Past the blitz (a margin of 20 or more) every win scores 20-0: the VPs tie, the IMP
    margin splits them (Quarry Road +47 above Foxes +40), equal margins stay tied."""
    names = {1: "Quarry Road", 2: "Foxes", 3: "Hilltop", 4: "Lakeside", 5: "Castle", 6: "Mill"}
    matches = [(1, 1, 3, 47.0), (1, 2, 4, 40.0), (1, 5, 6, 47.0)]
    result = team_standings(names, 9, matches, card)
    assert places(result) == {1: "1=", 5: "1=", 2: "3", 4: "4", 3: "5=", 6: "5="}
    assert [e.number for e in result.entries] == [1, 5, 2, 4, 3, 6]


def test_equal_vps_split_by_the_unrounded_average_percentage() -> None:
    """At pairs 70% and more scores 20: 75% and 50% (30 VPs, 62.5%) is above 74% and 50%
    (30 VPs, 62%), however the percentages are rounded for show."""
    names = {1: "A", 2: "B", 3: "C", 4: "D"}
    matches = [(1, 1, 2, 75.0), (1, 3, 4, 74.0), (2, 1, 4, 50.0), (2, 3, 2, 50.0)]
    result = team_standings(
        names, 2, matches, pairs_card, opposite=lambda m: 100 - m, tiebreak="average"
    )
    # 2: 0 + 10 VPs at (25 + 50) / 2 = 37.5%; 4: 0 + 10 at (26 + 50) / 2 = 38%.
    assert places(result) == {1: "1", 3: "2", 4: "3", 2: "4"}
    assert {e.number: e.tiebreak for e in result.entries} == {1: 62.5, 3: 62.0, 4: 38.0, 2: 37.5}


def test_a_pair_with_only_byes_averages_fifty() -> None:
    """Byes are left out of the average; with nothing else it is the neutral 50%."""
    bye = Meeting(1, None, None, 12.0)
    assert tiebreak_value([bye, None], "average") == NEUTRAL_PERCENT == 50.0
    played = [bye, Meeting(2, 3, 61.0, 15.5), Meeting(3, 4, 40.0, 5.0)]
    assert tiebreak_value(played, "average") == 50.5
    assert tiebreak_value(played, "margin") == 101.0
    with pytest.raises(ValueError, match="unknown tie-break 'quotient'"):
        tiebreak_value(played, "quotient")


def test_a_league_bye_is_no_result_and_a_late_entry_waits_for_its_first() -> None:
    """With bye_vps None (a league) a bye scores nothing and places nobody; an entry's own
    VPs (a late entry's) count once it has a result, as the Standings sheet lists it."""
    matches = [(1, 1, 2, 4.0), (1, 3, None, None)]
    league = team_standings({1: "A", 2: "B", 3: "C"}, 3, matches, card)
    assert places(league) == {1: "1", 2: "2", 3: ""}
    assert league.entries[-1].meetings[0] == Meeting(1, None, None, None)
    late = team_standings({1: "A", 2: "B", 3: "C"}, 3, matches[:1], card, extra={3: 13.0})
    assert places(late) == {1: "1", 2: "2", 3: ""}


def test_rounds_played_are_those_with_a_match_result() -> None:
    """9 rounds planned, all drawn: after 2 with results (round 3 has only a scored bye) the
    standings are after 2 rounds."""
    names = {n: str(n) for n in range(1, 6)}
    matches: list[Match] = [(r, 1, 2, 3.0 if r <= 2 else None) for r in range(1, 10)]
    matches += [(r, 5, None, None) for r in range(1, 10)]
    result = team_standings(names, 9, matches, card, bye_vps=12.0)
    assert (result.rounds, result.played) == (9, 2)


@pytest.mark.parametrize(
    ("value", "tiebreak", "shown"),
    [
        (47.0, "margin", "+47"),
        (-3.0, "margin", "-3"),
        (0.0, "margin", "0"),
        (62.5, "average", "62.50"),
        (None, "margin", ""),
    ],
)
def test_tiebreaks_as_shown(value: float | None, tiebreak: str, shown: str) -> None:
    assert tiebreak_text(value, tiebreak) == shown
