"""The standings of a Swiss event or a league: each entry's VPs round by round, whom it met,
its total and its place.

:func:`team_standings` takes the matches as typed (round, home, away or a bye, the home side's
margin or nothing yet) and a function giving both sides' VPs for a margin; it adds each
entry's VPs (byes score ``bye_vps``; ``extra`` adds VPs an entry starts with, such as a late
entry's), and ranks by total VPs, equal totals sharing a place ("3="). A match without a
margin yet counts nothing and shows as drawn but not played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from xlbridge.scoring.ranking import ranking


@dataclass(frozen=True)
class Meeting:
    """One entry's match in one round: the opponent (None for a bye), its own margin (IMPs,
    or its matchpoint % at Swiss pairs; None for a bye or a match not played yet) and its
    VPs (None while not played)."""

    round: int
    opponent: int | None
    margin: float | None
    vps: float | None


@dataclass(frozen=True)
class StandingsEntry:
    """An entry's line of the standings: number, name, its meeting of each round (None when
    it had none), total VPs and place ("" without a match played)."""

    number: int
    name: str
    meetings: tuple[Meeting | None, ...]
    total: float
    place: str


@dataclass(frozen=True)
class Standings:
    """The standings after the rounds played: entries in place order (then by number)."""

    rounds: int
    entries: tuple[StandingsEntry, ...]


#: One match as typed: round, home, away (None: the home entry has a bye), home margin.
Match = tuple[int, int, int | None, float | None]


def team_standings(
    names: Mapping[int, str],
    rounds: int,
    matches: Iterable[Match],
    vps: Callable[[float], tuple[float, float]],
    *,
    opposite: Callable[[float], float] = lambda margin: -margin,
    bye_vps: float = 0.0,
    extra: Mapping[int, float] | None = None,
) -> Standings:
    """The standings of the entries ``names`` (number → name) after ``matches``.

    ``vps(margin)`` gives (home VPs, away VPs) for the home side's margin; ``opposite(margin)``
    is the away side's own margin (``-margin`` at IMPs, the default; ``100 - margin`` for a
    matchpoint %). An entry without a match played and no VPs of its own has no place.
    """
    meetings: dict[int, list[Meeting | None]] = {n: [None] * rounds for n in names}
    totals = {n: float((extra or {}).get(n, 0.0)) for n in names}
    for number, home, away, margin in matches:
        index = number - 1
        if away is None:
            meetings[home][index] = Meeting(number, None, None, bye_vps)
            totals[home] += bye_vps
            continue
        if margin is None:
            meetings[home][index] = Meeting(number, away, None, None)
            meetings[away][index] = Meeting(number, home, None, None)
            continue
        home_vps, away_vps = vps(margin)
        meetings[home][index] = Meeting(number, away, margin, home_vps)
        meetings[away][index] = Meeting(number, home, opposite(margin), away_vps)
        totals[home] += home_vps
        totals[away] += away_vps
    numbers = list(names)
    played = [any(m is not None and m.vps is not None for m in meetings[n]) for n in numbers]
    scores = [totals[n] if played[i] or totals[n] else None for i, n in enumerate(numbers)]
    placed = ranking(scores)
    order = [numbers[line.entry] for line in placed]
    order += [n for n in numbers if n not in set(order)]
    labels = {numbers[line.entry]: line.label for line in placed}
    return Standings(
        rounds,
        tuple(
            StandingsEntry(n, names[n], tuple(meetings[n]), totals[n], labels.get(n, ""))
            for n in order
        ),
    )
