"""Team standings: VPs added up round by round, byes, matches not played yet, places shared.

The VPs come from a made-up card (home 10 + margin / 2, away 20 less that, within 0-20) so
every total below is worked out by hand.
"""

from __future__ import annotations

from xlbridge.scoring.team_standings import Meeting, team_standings


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
    lines = {(e.number, e.place, e.total) for e in result.entries}
    # 1: 24; 4: 12 + 12 = 24; 3: 18; 2: 6; 5: nothing played, no place.
    assert lines == {(1, "1=", 24.0), (4, "1=", 24.0), (3, "3", 18.0), (2, "4", 6.0), (5, "", 0.0)}
    assert [e.number for e in result.entries] == [1, 4, 3, 2, 5]
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
    )
    b = next(e for e in result.entries if e.number == 2)
    assert b.meetings[0] == Meeting(1, 1, 40.0, 8.0) and b.total == 13.0
    assert [(e.number, e.place) for e in result.entries] == [(2, "1"), (1, "2")]
