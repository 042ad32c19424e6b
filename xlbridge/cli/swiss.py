"""``xlbridge swiss draw``: draw the next round of a Swiss event from its standings (an
event workbook made by ``xlbridge template``, or a .csv)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from xlbridge.cli.common import Commands, require_new, text_writer
from xlbridge.io.files import write_atomically


def add_swiss_parser(commands: Commands) -> None:
    """Register ``xlbridge swiss`` and its ``draw``."""
    swiss = commands.add_parser(
        "swiss", help="Swiss events", description="Run a Swiss event: draw each round."
    )
    swiss_commands = swiss.add_subparsers(dest="swiss_command", required=True)
    draw = swiss_commands.add_parser(
        "draw",
        help="draw the next round from the standings",
        description="Pair the next round: score groups top down, random within a group, no "
        "repeat meetings while avoidable, a bye for an odd field (see the README).",
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


def run_swiss_draw(args: argparse.Namespace) -> int:
    from xlbridge.io.standings import draw_csv, draw_from_file, draw_text

    if args.output is not None:
        require_new(args.output, args.force)
    if args.standings.suffix.lower() == ".xlsx":
        from xlbridge.workbooks.swiss_loop import draw_into_workbook

        number, draw, backup = draw_into_workbook(args.standings, args.seed, args.force)
        print(f"Round {number}")
        print(f"wrote the draw into Round {number} of {args.standings}", file=sys.stderr)
        print(f"backup of the file before: {backup}", file=sys.stderr)
    else:
        draw = draw_from_file(args.standings, args.seed)
    print(draw_text(draw))
    if args.output is not None:
        write_atomically(args.output, text_writer(draw_csv(draw)), force=args.force)
        print(f"wrote {args.output}", file=sys.stderr)
    return 0
