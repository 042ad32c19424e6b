"""The standings site of a team event (a Swiss event or a league): ranking, round-by-round
VPs and who played whom.

:func:`write_standings` writes, into a new folder:

- ``index.html`` — the ranking "after N rounds" (N: the rounds with a match result, not the
  rounds planned): place, ``3=`` for ties, number, name, total VPs and the tie-break, in the
  places of :func:`xlbridge.scoring.team_standings.team_standings` (those of the workbook's
  Ranking sheet); then every entry's VPs round by round, for the rounds that have scored,
  with the opponent of each round (a bye and a match not played yet said so);
- ``round-N.html`` — each round drawn: its matches, the two entries, the home margin and both
  sides' VPs (blank until played; a round without a result is headed "not played yet").

Same rules as the session's site (:mod:`xlbridge.web.site`): no script, style inside, every
name escaped, an existing folder replaced only with ``force`` and never left half written.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np

from xlbridge.io.folders import write_folder
from xlbridge.scoring.team_standings import (
    TIEBREAK_HEADINGS,
    TIEBREAKS,
    Meeting,
    Standings,
    played_rounds,
    tiebreak_text,
)
from xlbridge.web.display import decimals_for, fixed
from xlbridge.web.render import render
from xlbridge.web.session_pages import Header


@dataclass(frozen=True)
class Event:
    """What heads the pages: the event's name, date and club, and what it is ("Swiss teams",
    "League"); ``unit`` is the margin's (IMPs, or % at Swiss pairs), ``entry`` the word for an
    entry (Team, Pair)."""

    name: str
    kind: str
    unit: str = "IMPs"
    entry: str = "Team"
    date: str = ""
    club: str = ""


class Cell(NamedTuple):
    """One round of an entry's line: VPs ("–" not played yet), opponent ("bye", "" none)."""

    vps: str
    opponent: str
    href: str


class MatchRow(NamedTuple):
    home: str
    away: str  # "bye" for a bye
    margin: str
    home_vps: str
    away_vps: str


def _cell(meeting: Meeting | None, decimals: int) -> Cell:
    """A round of an entry's line: "–" for a match not played yet, nothing for a bye that
    scores nothing (a league's)."""
    if meeting is None:
        return Cell("", "", "")
    href = f"round-{meeting.round}.html"
    if meeting.opponent is None:
        return Cell("" if meeting.vps is None else fixed(meeting.vps, decimals), "bye", href)
    vps = "–" if meeting.vps is None else fixed(meeting.vps, decimals)
    return Cell(vps, str(meeting.opponent), href)


def standings_pages(standings: Standings, event: Event) -> Iterator[tuple[str, str]]:
    """Every page as (file name, HTML); VPs to the fewest decimals (up to 2) that show them."""
    values = [e.total for e in standings.entries] + [
        m.vps for e in standings.entries for m in e.meetings if m is not None and m.vps is not None
    ]
    decimals = decimals_for(np.array(values, dtype=float))
    header = Header(event.name, event.date, event.club, event.kind, "VPs", False)
    common = {"header": header, "index": "index.html", "event": event}
    rounds = [
        r
        for r in range(1, standings.rounds + 1)
        if any(e.meetings[r - 1] is not None for e in standings.entries)
    ]
    scored = [
        r
        for r in rounds
        if any(
            (m := e.meetings[r - 1]) is not None and m.vps is not None for e in standings.entries
        )
    ]
    names = {e.number: e.name for e in standings.entries}
    lines = [
        (
            entry,
            fixed(entry.total, decimals),
            [_cell(entry.meetings[r - 1], decimals) for r in scored],
            tiebreak_text(entry.tiebreak, standings.tiebreak),
        )
        for entry in standings.entries
    ]
    yield (
        "index.html",
        render(
            "standings.html",
            common,
            lines=lines,
            rounds=rounds,
            scored=scored,
            played=standings.played,
            tiebreak=TIEBREAKS[standings.tiebreak],
            tiebreak_heading=TIEBREAK_HEADINGS[standings.tiebreak],
        ),
    )
    with_results = set(played_rounds(standings.entries))
    for number in rounds:
        yield (
            f"round-{number}.html",
            render(
                "round.html",
                common,
                number=number,
                played=number in with_results,
                matches=_matches(standings, number, names, decimals, 2 if event.unit == "%" else 0),
                previous=number - 1 if number - 1 in rounds else None,
                next=number + 1 if number + 1 in rounds else None,
            ),
        )


def _matches(
    standings: Standings, number: int, names: dict[int, str], decimals: int, margins: int
) -> list[MatchRow]:
    """The round's matches, each once, from the side of the lower-numbered entry (its own
    margin), then the byes."""
    by_number = {entry.number: entry for entry in standings.entries}
    rows, byes = [], []
    for entry in sorted(standings.entries, key=lambda e: e.number):
        meeting = entry.meetings[number - 1]
        if meeting is None:
            continue
        if meeting.opponent is None:
            vps = "" if meeting.vps is None else fixed(meeting.vps, decimals)
            byes.append(MatchRow(f"{entry.number} {entry.name}", "bye", "", vps, ""))
        elif entry.number < meeting.opponent:
            theirs = by_number[meeting.opponent].meetings[number - 1]
            rows.append(
                MatchRow(
                    f"{entry.number} {entry.name}",
                    f"{meeting.opponent} {names[meeting.opponent]}",
                    "" if meeting.margin is None else fixed(meeting.margin, margins),
                    "" if meeting.vps is None else fixed(meeting.vps, decimals),
                    "" if theirs is None or theirs.vps is None else fixed(theirs.vps, decimals),
                )
            )
    return rows + byes


def write_standings(
    folder: Path, standings: Standings, event: Event, *, force: bool = False
) -> int:
    """Write the standings site (see :func:`standings_pages`) as the folder ``folder``;
    returns the number of pages."""
    return write_folder(folder, standings_pages(standings, event), force=force)
