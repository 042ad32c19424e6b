"""``xlbridge swiss draw``: draw the next round of a Swiss event from its standings (an
event workbook made by ``xlbridge template``, or a .csv); ``xlbridge swiss standings``: the
standings (see :mod:`xlbridge.cli.swiss.standings`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from xlbridge.cli.common import Commands, require_csv, require_new, text_writer
from xlbridge.cli.swiss.standings import add_standings_command
from xlbridge.io.files import write_atomically
from xlbridge.scoring.wording import plural


def add_swiss_parser(commands: Commands) -> None:
    """Register ``xlbridge swiss`` and its ``draw``."""
    swiss = commands.add_parser(
        "swiss",
        help="Swiss events",
        description="Run a Swiss event: draw each round, show the standings.",
    )
    swiss_commands = swiss.add_subparsers(dest="swiss_command", required=True)
    draw = swiss_commands.add_parser(
        "draw",
        help="draw the next round from the standings",
        description="Pair the next round: score groups top down, random within a group, no "
        "repeat meetings while avoidable, a bye for an odd field (see docs/swiss.md).",
    )
    draw.add_argument(
        "standings",
        type=Path,
        help="a Swiss event .xlsx made by 'template' (the draw is written into its next round) "
        "or a .csv with team, score, opponents, byes",
    )
    draw.add_argument(
        "--seed",
        type=int,
        help="random seed: use the round number, or ties fall into the "
        "same order every round (default: the round number for an .xlsx, 0 for a .csv)",
    )
    draw.add_argument(
        "-o", "--output", type=Path, help="also write the draw as .csv (default: not written)"
    )
    draw.add_argument(
        "--force",
        action="store_true",
        help="overwrite an existing file; with an .xlsx, write the draw into it even if it "
        "is read-only or holds drawings or charts the writing would lose",
    )
    draw.set_defaults(run=run_swiss_draw)
    add_standings_command(swiss_commands)


def run_swiss_draw(args: argparse.Namespace) -> int:
    from xlbridge.io.standings_file import draw_csv, draw_from_file, draw_text

    if args.output is not None:
        require_csv(args.output)
        require_new(args.output, args.force)
    done: list[str] = []
    if args.standings.suffix.lower() == ".xlsx":
        from xlbridge.workbooks.swiss_event.checks import check_writing_back
        from xlbridge.workbooks.swiss_event.loop import draw_next, read_event, write_draw

        check_writing_back(args.standings, args.force)
        event, workbook, book = read_event(args.standings)
        number, draw = draw_next(event, args.seed)
        backup = write_draw(args.standings, workbook, book, number, draw)
        names: Mapping[Any, str] = event.names
        noun = book.noun
        seed = number if args.seed is None else args.seed
        print(f"Round {number}")
        done.append(f"wrote it into Round {number} of {args.standings} (backup {backup})")
        what = f"round {number} of {plural(len(draw.order), book.noun)}"
    else:
        draw = draw_from_file(args.standings, args.seed)
        names, seed, noun = {}, args.seed or 0, "team"
        what = f"the next round of {plural(len(draw.order), 'team')}"
    print(draw_text(draw, names, noun), flush=True)
    if args.output is not None:
        write_atomically(args.output, text_writer(draw_csv(draw)), force=args.force)
        done.append(f"wrote {args.output}")
    print(f"drew {what} (seed {seed}); " + ("; ".join(done) or "wrote nothing"), file=sys.stderr)
    return 0
