"""Event workbooks for the standings tests, typed as a director types them: a league (names,
then each match's IMP margin on the Matches sheet) and a Swiss teams or pairs event (names,
then each round's draw and home margins typed into its round sheet).

Results are given by the entries that met, so an expected ranking can be worked out by hand:
a league result is (team, opponent, the first team's own IMP margin), whichever of them is at
home; a Swiss table is (home, away or None for a bye, the home margin or None).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from openpyxl import load_workbook

from xlbridge.cli.main import main
from xlbridge.workbooks.league.build import MATCHES, MATCHES_SHEET, TEAMS, TEAMS_SHEET, build_league
from xlbridge.workbooks.swiss_event import build_swiss_event
from xlbridge.workbooks.swiss_event.book import ENTRIES_SHEET

#: A Swiss table as typed: home, away (None: a bye), home margin (None: not played yet).
Table = tuple[int, int | None, float | None]


def league_book(
    path: Path,
    names: Sequence[str],
    results: Sequence[tuple[int, int, int]],
    *,
    boards: int = 16,
    event: str | None = None,
) -> Path:
    """A single league of ``len(names)`` teams (K 6.5) with ``results`` typed: each
    (team, opponent, the team's own margin) on the row of their fixture."""
    teams = len(names)
    options = ["--event", event] if event is not None else []
    argv = ["template", "league", "-o", str(path), "--teams", str(teams), "--boards", str(boards)]
    assert main([*argv, *options]) == 0
    book = build_league(teams=teams, boards=boards)
    workbook = load_workbook(path)
    for team, name in enumerate(names, 1):
        workbook[TEAMS_SHEET][f"{TEAMS['name']}{book.team_row(team)}"] = name
    for team, opponent, margin in results:
        fixture = next(f for f in book.fixtures if {f.home, f.away} == {team, opponent})
        own = margin if fixture.home == team else -margin
        workbook[MATCHES_SHEET][f"{MATCHES['margin']}{fixture.row}"] = own
    workbook.save(path)
    return path


def swiss_book(
    path: Path,
    form: str,
    names: Sequence[str],
    rounds: Sequence[Sequence[Table]],
    *,
    planned: int = 3,
    event: str | None = None,
    enters: dict[int, int] | None = None,
) -> Path:
    """A Swiss ``form`` ("teams" or "pairs") event of ``len(names)`` entries and ``planned``
    rounds (8 boards, the default K), with each of ``rounds`` typed: its tables in order, the
    draw and the home margin. Pairs with ``enters`` (entry → the round it enters at) have
    the late-entry column (the add 17), others none."""
    entries = len(names)
    options = ["--event", event] if event is not None else []
    template = "swiss-teams" if form == "teams" else "swiss-pairs"
    late = enters is not None
    if form == "pairs" and not late:
        options.append("--no-late-entry")
    argv = ["template", template, "-o", str(path), "--teams", str(entries)]
    assert main([*argv, "--rounds", str(planned), *options]) == 0
    book = build_swiss_event(form=form, teams=entries, rounds=planned, late_entry=late)
    workbook = load_workbook(path)
    for entry, name in enumerate(names, 1):
        workbook[ENTRIES_SHEET][book.entries_cell("name", entry)] = name
    for entry, number in (enters or {}).items():
        workbook[ENTRIES_SHEET][book.entries_cell("enters", entry)] = number
    for number, tables in enumerate(rounds, 1):
        sheet = workbook[book.round_sheet(number)]
        for table, (home, away, margin) in enumerate(tables, 1):
            sheet[book.round_cell("home", table)] = home
            sheet[book.round_cell("away", table)] = away
            sheet[book.round_cell("home_margin", table)] = margin
    workbook.save(path)
    return path
