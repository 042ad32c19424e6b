"""``xlbridge swiss standings EVENT.xlsx [--html DIR] [--event NAME] [--force]``: the standings
of a Swiss event workbook (``template swiss-teams`` or ``swiss-pairs``) or of a league workbook
(``template league``), from what was typed in it: place, entry, total VPs and the tie-break,
ranked as the workbook's own Ranking sheet ranks (:func:`xlbridge.scoring.team_standings.
team_standings`); with ``--html`` also as web pages (ranking, round-by-round VPs, each round's
matches, see :mod:`xlbridge.web.standings`), the same places. The pages are headed by the
event's name: ``--event``, else the workbook's Event cell, else the file's name.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.cli.common import Commands, event_text
from xlbridge.cli.session.site import add_html_option, check_html
from xlbridge.io.files import require_file
from xlbridge.scoring.wording import plural

if TYPE_CHECKING:
    from openpyxl.workbook.workbook import Workbook

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
        "event_file",
        metavar="event",
        type=Path,
        help="a Swiss event .xlsx made by 'template swiss-teams|swiss-pairs', or a league "
        ".xlsx made by 'template league'",
    )
    add_html_option(standings, "the standings, VPs round by round, and a page per round")
    standings.add_argument(
        "--event",
        help="the event's name, heading every page (default, or blank: the workbook's Event "
        "cell, else the file's name)",
    )
    standings.add_argument("--force", action="store_true", help="replace an existing folder")
    standings.set_defaults(run=run_standings)


def run_standings(args: argparse.Namespace) -> int:
    from xlbridge.web.standings import Event, write_standings
    from xlbridge.workbooks.league.results import is_league, league_standings
    from xlbridge.workbooks.swiss_event.loop import read_event, swiss_standings

    given = None if args.event is None else event_text(args.event, "--event") or None
    check_html(args)
    path: Path = args.event_file
    require_file(path)
    if is_league(path):
        standings, kind = league_standings(path), Event("", "League")
        name = given if given is not None else event_name(path, None)
    else:
        swiss, workbook, _ = read_event(path)
        title, entry, unit = KINDS[swiss.form]
        standings, kind = swiss_standings(swiss), Event("", title, unit, entry)
        name = given if given is not None else event_name(path, workbook)
    event = replace(kind, name=name)
    print(standings_text(standings, event.entry))
    if args.html is not None:
        pages = write_standings(args.html, standings, event, force=args.force)
        print(f"site written: {args.html} ({plural(pages, 'page')})", file=sys.stderr)
    return 0


def event_name(path: Path, workbook: Workbook | None) -> str:
    """The event's name typed in the workbook's Event cell (``workbook``: ``path`` opened
    already, or None to open it), bounded as ``--event`` is; the file's name when blank."""
    from xlbridge.io.typed_workbook import cell_where, open_workbook
    from xlbridge.workbooks.kit.event import typed_event

    typed = typed_event(workbook if workbook is not None else open_workbook(path))
    if typed is None:
        return path.stem
    text, sheet, ref = typed
    return event_text(text, f"{cell_where(path, sheet, ref)}: the Event")


def standings_text(standings: Standings, entry: str) -> str:
    """The standings as printed: place, number, name (control characters shown escaped),
    total VPs and the tie-break (the IMP margin signed, or the average matchpoint % to two
    decimals), in the order and places of the workbook's Ranking sheet."""
    from xlbridge.io.bounds import terminal_text
    from xlbridge.scoring.team_standings import TIEBREAK_HEADINGS, tiebreak_text

    rows = [("Place", "No", entry, "VPs", TIEBREAK_HEADINGS[standings.tiebreak])]
    rows += [
        (
            e.place,
            str(e.number),
            terminal_text(e.name),
            f"{e.total:.2f}",
            tiebreak_text(e.tiebreak, standings.tiebreak),
        )
        for e in standings.entries
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    return "\n".join(
        f"{p:<{widths[0]}}  {n:>{widths[1]}}  {name:<{widths[2]}}  {vps:>{widths[3]}}  "
        f"{tie:>{widths[4]}}".rstrip()
        for p, n, name, vps, tie in rows
    )
