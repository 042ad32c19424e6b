"""The standings of a Swiss event or a league: each entry's VPs round by round, whom it met,
its total, its tie-break and its place, ranked as the event workbooks' Ranking sheets rank.

:func:`team_standings` takes the matches as typed (round, home, away or a bye, the home side's
margin or nothing yet) and a function giving both sides' VPs for a margin; it adds each
entry's VPs (``extra`` adds VPs an entry starts with, such as a late entry's) and ranks by
total VPs, then by a tie-break worked out from the entry's own margins in the matches it has
played (:data:`TIEBREAKS`), as :func:`xlbridge.scoring.ranking.ranking` places them. Entries
equal on both share a place ("3="). A match without a margin yet counts nothing and shows as
drawn but not played.

A bye scores ``bye_vps`` and counts as played (a Swiss event), or, with ``bye_vps`` None,
scores nothing and is no result (a league): an entry is placed once it has a result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from xlbridge.scoring.ranking import ranking

#: The tie-breaks, by name: what they are, as the pages and the docs say it. "margin": the
#: sum of the entry's own IMP margins; "average": the average of its own matchpoint
#: percentages (byes left out; :data:`NEUTRAL_PERCENT` when it has played only byes).
TIEBREAKS = {"margin": "IMP margin", "average": "average matchpoint %"}
#: The tie-break's short column heading, by name.
TIEBREAK_HEADINGS = {"margin": "IMPs", "average": "Avg %"}

#: The average percentage of an entry that has had only byes.
NEUTRAL_PERCENT = 50.0


@dataclass(frozen=True)
class Meeting:
    """One entry's match in one round: the opponent (None for a bye), its own margin (IMPs,
    or its matchpoint % at Swiss pairs; None for a bye or a match not played yet) and its
    VPs (None while not played, and for a bye that scores nothing)."""

    round: int
    opponent: int | None
    margin: float | None
    vps: float | None


@dataclass(frozen=True)
class StandingsEntry:
    """An entry's line of the standings: number, name, its meeting of each round (None when
    it had none), total VPs, tie-break (None without a result) and place ("" without a
    result)."""

    number: int
    name: str
    meetings: tuple[Meeting | None, ...]
    total: float
    place: str
    tiebreak: float | None = None


@dataclass(frozen=True)
class Standings:
    """The standings: entries in place order (then by number), then the entries without a
    result; ``rounds`` the rounds drawn or planned, ``played`` those with a match result
    (what "after N rounds" counts) and ``tiebreak`` the key of :data:`TIEBREAKS` used."""

    rounds: int
    entries: tuple[StandingsEntry, ...]
    played: int = 0
    tiebreak: str = "margin"


#: One match as typed: round, home, away (None: the home entry has a bye), home margin.
Match = tuple[int, int, int | None, float | None]


def tiebreak_value(meetings: Sequence[Meeting | None], tiebreak: str) -> float:
    """The tie-break of an entry with these meetings: the sum (``"margin"``) or the average
    (``"average"``) of its own margins in the matches played, byes left out."""
    margins = [
        m.margin
        for m in meetings
        if m is not None and m.opponent is not None and m.margin is not None
    ]
    if tiebreak == "margin":
        return float(sum(margins))
    if tiebreak == "average":
        return sum(margins) / len(margins) if margins else NEUTRAL_PERCENT
    raise _unknown(tiebreak)


def tiebreak_text(value: float | None, tiebreak: str) -> str:
    """A tie-break as shown: an IMP margin signed ("+47", "-3", "0"), an average matchpoint %
    to two decimals ("62.50"); "" for none."""
    if value is None:
        return ""
    if tiebreak == "average":
        return f"{value:.2f}"
    return f"{value:+.0f}" if round(value) else "0"


def _unknown(tiebreak: str) -> ValueError:
    return ValueError(f"unknown tie-break {tiebreak!r}; one of {', '.join(TIEBREAKS)}")


def team_standings(
    names: Mapping[int, str],
    rounds: int,
    matches: Iterable[Match],
    vps: Callable[[float], tuple[float, float]],
    *,
    opposite: Callable[[float], float] = lambda margin: -margin,
    bye_vps: float | None = None,
    extra: Mapping[int, float] | None = None,
    tiebreak: str = "margin",
) -> Standings:
    """The standings of the entries ``names`` (number → name) after ``matches``.

    ``vps(margin)`` gives (home VPs, away VPs) for the home side's margin; ``opposite(margin)``
    is the away side's own margin (``-margin`` at IMPs, the default; ``100 - margin`` for a
    matchpoint %). ``tiebreak`` names the tie-break (:data:`TIEBREAKS`). An entry without a
    result (a scored match, or a bye that scores) has no place and no tie-break.
    """
    if tiebreak not in TIEBREAKS:
        raise _unknown(tiebreak)
    meetings = _meetings(names, rounds, matches, vps, opposite, bye_vps)
    totals = {
        n: float((extra or {}).get(n, 0.0))
        + sum(m.vps for m in ms if m is not None and m.vps is not None)
        for n, ms in meetings.items()
    }
    numbers = list(names)
    breaks = {
        n: tiebreak_value(meetings[n], tiebreak)
        for n in numbers
        if any(m is not None and m.vps is not None for m in meetings[n])
    }
    scores = [totals[n] if n in breaks else None for n in numbers]
    lines = ranking(scores, [breaks.get(n) for n in numbers])
    order = [numbers[line.entry] for line in lines]
    placed = set(order)
    order += [n for n in numbers if n not in placed]
    labels = {numbers[line.entry]: line.label for line in lines}
    entries = tuple(
        StandingsEntry(n, names[n], tuple(meetings[n]), totals[n], labels.get(n, ""), breaks.get(n))
        for n in order
    )
    return Standings(rounds, entries, len(played_rounds(entries)), tiebreak)


def _meetings(
    names: Mapping[int, str],
    rounds: int,
    matches: Iterable[Match],
    vps: Callable[[float], tuple[float, float]],
    opposite: Callable[[float], float],
    bye_vps: float | None,
) -> dict[int, list[Meeting | None]]:
    """Every entry's meeting of each round (None: none that round)."""
    meetings: dict[int, list[Meeting | None]] = {n: [None] * rounds for n in names}
    for number, home, away, margin in matches:
        index = number - 1
        if away is None:
            meetings[home][index] = Meeting(number, None, None, bye_vps)
        elif margin is None:
            meetings[home][index] = Meeting(number, away, None, None)
            meetings[away][index] = Meeting(number, home, None, None)
        else:
            home_vps, away_vps = vps(margin)
            meetings[home][index] = Meeting(number, away, margin, home_vps)
            meetings[away][index] = Meeting(number, home, opposite(margin), away_vps)
    return meetings


def played_rounds(entries: Iterable[StandingsEntry]) -> list[int]:
    """The rounds in which a match has a result (a bye alone is not one), in order."""
    return sorted(
        {
            m.round
            for e in entries
            for m in e.meetings
            if m is not None and m.opponent is not None and m.margin is not None
        }
    )
