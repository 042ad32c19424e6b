"""The workbook commands: ``xlbridge template`` (an event workbook, ready to fill in) and
``xlbridge workbooks`` (every ready-made workbook into a folder)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from xlbridge.cli.common import (
    Commands,
    add_event_options,
    event_options,
    number_arg,
    require_xlsx,
)
from xlbridge.errors import InputError
from xlbridge.io.files import with_fixed_zip_times, write_atomically
from xlbridge.scoring.names import BOUNDS, shown_options
from xlbridge.scoring.wording import plural

#: The kinds of event workbook ``template`` writes (a test checks they are the builders'
#: names; the workbook modules load only when a template is written).
TEMPLATE_KINDS = ("teams-match", "swiss-teams", "swiss-pairs", "league", "pairs-session")


def add_template_parser(commands: Commands) -> None:
    """Register ``xlbridge template``: write an event workbook."""
    kinds = ", ".join(TEMPLATE_KINDS)
    template = commands.add_parser(
        "template",
        help=f"write an event workbook ({kinds})",
        description="Write an event workbook for a given event, ready to fill in.",
    )
    template.add_argument("name", help=f"the kind of event: {kinds}")
    template.add_argument("-o", "--output", type=Path, required=True, help="the .xlsx to write")
    template.add_argument(
        "--teams", type=number_arg, help="teams (or pairs) in the event (default: the template's)"
    )
    template.add_argument(
        "--rounds", type=number_arg, help="rounds of a Swiss (default: the template's)"
    )
    template.add_argument(
        "--boards", type=number_arg, help="boards per match (default: the template's)"
    )
    template.add_argument(
        "--pairs", type=number_arg, help="pairs-session: pairs in the session (default: 20)"
    )
    template.add_argument(
        "--movement",
        help="pairs-session: mitchell, howell or a movement .csv (default: mitchell)",
    )
    template.add_argument(
        "--tables",
        type=number_arg,
        help="pairs-session: tables of the movement; fills in its traveller lines "
        "(default: none, the scorer types every line)",
    )
    template.add_argument(
        "--boards-per-round",
        type=number_arg,
        help="pairs-session: boards a round; fills in the movement's traveller lines "
        "(default: none)",
    )
    template.add_argument(
        "--k", type=number_arg, help="the VP scale's K, S8 for pairs (default: the form's)"
    )
    template.add_argument(
        "--scale",
        help="gaussian, wbf-discrete (not swiss-pairs) or wbf (teams-match only) "
        "(default: gaussian)",
    )
    template.add_argument(
        "--bounds", help=f"one of {shown_options(BOUNDS)}; gaussian scale only (default: lower)"
    )
    template.add_argument("--negative", action="store_true", default=None, help="negative VPs")
    template.add_argument(
        "--no-late-entry",
        dest="late_entry",
        action="store_false",
        default=None,
        help="swiss-pairs: no late-entry column",
    )
    template.add_argument(
        "--double", action="store_true", default=None, help="league: home and away"
    )
    template.add_argument("--paper", help="a4 or letter (default: a4)")
    template.add_argument("--force", action="store_true", help="overwrite an existing file")
    add_event_options(template)
    template.set_defaults(run=run_template)


def add_workbooks_parser(commands: Commands) -> None:
    """Register ``xlbridge workbooks``: every ready-made one."""
    books = commands.add_parser(
        "workbooks",
        help="regenerate every ready-made workbook",
        description="Write every ready-made workbook (VP cards, traveller, event sheets, "
        "handicap register ...) into a folder.",
    )
    books.add_argument("--dir", type=Path, default=Path("workbooks"), help="output folder")
    books.add_argument("--force", action="store_true", help="overwrite existing files")
    books.set_defaults(run=run_workbooks)


def run_template(args: argparse.Namespace) -> int:
    from xlbridge.workbooks.ready_made import make_template

    require_xlsx(args.output)
    options = {
        "teams": args.teams,
        "rounds": args.rounds,
        "boards": args.boards,
        "k": args.k,
        "scale": args.scale,
        "bounds": args.bounds,
        "negative": args.negative,
        "late_entry": args.late_entry,
        "pairs": args.pairs,
        "movement": args.movement,
        "double": args.double,
        "paper": args.paper,
    }
    if args.name == "pairs-session":
        from xlbridge.cli.movement import session_plan

        options.update(session_plan(args))
    else:
        options.update(tables=args.tables, boards_per_round=args.boards_per_round)
    made = make_template(args.name, **event_options(args), **options)
    write_atomically(args.output, made.workbook.save, force=args.force)
    print(f"wrote {args.output}: {args.name}, {made.sizes}")
    for warning in made.warnings:
        print(f"xlbridge: warning: {warning}", file=sys.stderr)
    return 0


def run_workbooks(args: argparse.Namespace) -> int:
    from xlbridge.workbooks.ready_made import READY_MADE

    if args.dir.exists() and not args.dir.is_dir():
        raise InputError(f"--dir must be a folder, got the file {args.dir}")
    args.dir.mkdir(parents=True, exist_ok=True)
    for name, build in READY_MADE.items():
        write_atomically(args.dir / name, with_fixed_zip_times(build().save), force=args.force)
    books = plural(len(READY_MADE), "ready-made workbook")
    print(f"wrote {books} into {args.dir}: {', '.join(READY_MADE)}")
    return 0
