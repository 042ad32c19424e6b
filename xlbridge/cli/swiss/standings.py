"""``xlbridge swiss standings EVENT.xlsx [--html DIR] [--force]``: the standings of a Swiss
event workbook (``template swiss-teams`` or ``swiss-pairs``) or of a league workbook
(``template league``), from what was typed in it: place, entry, total VPs; with ``--html``
also as web pages (ranking, round-by-round VPs, each round's matches, see
:mod:`xlbridge.web.standings`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.cli.common import Commands
from xlbridge.cli.session.site import add_html_option, check_html
from xlbridge.io.files import require_file
from xlbridge.scoring.wording import plural

if TYPE_CHECKING:
    from xlbridge.scoring.team_standings import Standings

KINDS = {"teams": ("Swiss teams", "Team", "IMPs"), "pairs": ("Swiss pairs", "Pair", "%")}


def add_standings_command(commands: Commands) -> None:
    """Register ``standings`` among the ``swiss`` sub-commands."""
    standings = commands.add_parser(
        "standings",
        help="the standings of a Swiss event or a league workbook",
        description="The standings of a Swiss event workbook or a league workbook, from the "
        "names and results typed in it: place, entry and VPs (and --html: web pages with the "
        "VPs round by round and each round's matches).",
    )
    standings.add_argument(
        "event",
        type=Path,
        help="a Swiss event .xlsx made by 'template swiss-teams|swiss-pairs', or a league "
        ".xlsx made by 'template league'",
    )
    add_html_option(standings, "the standings, VPs round by round, and a page per round")
    standings.add_argument("--force", action="store_true", help="replace an existing folder")
    standings.set_defaults(run=run_standings)


def run_standings(args: argparse.Namespace) -> int:
    from xlbridge.web.standings import Event, write_standings
    from xlbridge.workbooks.league.results import is_league, league_standings
    from xlbridge.workbooks.swiss_event.loop import read_event, swiss_standings

    check_html(args)
    path: Path = args.event
    require_file(path)
    if is_league(path):
        standings, event = league_standings(path), Event(path.stem, "League")
    else:
        swiss, _, _ = read_event(path)
        kind, entry, unit = KINDS[swiss.form]
        standings, event = swiss_standings(swiss), Event(path.stem, kind, unit, entry)
    print(standings_text(standings, event.entry))
    if args.html is not None:
        pages = write_standings(args.html, standings, event, force=args.force)
        print(f"site written: {args.html} ({plural(pages, 'page')})", file=sys.stderr)
    return 0


def standings_text(standings: Standings, entry: str) -> str:
    """The standings as printed: place, number, name (control characters shown escaped),
    total VPs."""
    from xlbridge.io.bounds import terminal_text

    rows = [("Place", "No", entry, "VPs")]
    rows += [
        (e.place, str(e.number), terminal_text(e.name), f"{e.total:.2f}") for e in standings.entries
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    return "\n".join(
        f"{p:<{widths[0]}}  {n:>{widths[1]}}  {name:<{widths[2]}}  {vps:>6}".rstrip()
        for p, n, name, vps in rows
    )
