"""``xlbridge score``: score a traveller file (.csv) and write it back with the results."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from xlbridge.cli.common import Commands, about, number_arg, require_csv, text_writer
from xlbridge.cli.progress import Progress
from xlbridge.cli.progress import add_options as add_progress_options
from xlbridge.cli.summary import METHOD_WORDS
from xlbridge.io.files import write_atomically
from xlbridge.scoring.names import SCORE_METHODS, shown_options
from xlbridge.scoring.wording import plural


def add_score_parser(commands: Commands) -> None:
    """Register ``xlbridge score``: score a traveller file."""
    score = commands.add_parser(
        "score",
        help="score a traveller file (.csv)",
        description="Score a traveller CSV (columns board, table, ns_score, and optionally "
        "ew_score and weight; see docs/file-formats.md) and write it back with NS and EW results.",
    )
    score.add_argument(
        "traveller", type=Path, help="the traveller .csv (board, table, ns_score or score)"
    )
    score.add_argument(
        "--method",
        default="mp",
        help=f"one of {shown_options(tuple(SCORE_METHODS))}: "
        "matchpoints 2 per win (mp; also spelt english), 1 per win (acbl), as a percentage, "
        "Ascherman; cross-IMPs; Butler; Bastille",
    )
    score.add_argument(
        "--split",
        default="separate",
        help="separate: NS scored among NS scores, EW among EW scores (EBU); halves: one table "
        "in which a split table is two half results (De Wael). With halves each side is also "
        "compared with its own table's other half, so a split table can score above the top "
        "or below 0 (4.5 on a 3-table board whose top is 4)",
    )
    score.add_argument(
        "--expected",
        type=number_arg,
        help="Neuberg: factor every board to E results; matchpoint methods only (default: "
        "each board's own results)",
    )
    score.add_argument(
        "--divisor",
        help="ximp: divide by comparisons (N-1; EBU, BBO), scores (N; De Wael) or not at all "
        "(none: the sum, PBN's Cross) (default: comparisons)",
    )
    score.add_argument(
        "--trim",
        type=number_arg,
        help="butler/bastille: weight dropped from each end of the "
        "datum (default: 1 with more than 3 tables, else 0)",
    )
    score.add_argument(
        "--datum-rounding",
        help="butler: the datum's exact 5 goes away from zero (away: 425 "
        "-> 430) or to the even ten (even: 425 -> 420) (default: away)",
    )
    score.add_argument("-o", "--output", type=Path, help="the .csv to write (default: stdout)")
    score.add_argument("--force", action="store_true", help="overwrite an existing file")
    add_progress_options(score)
    score.set_defaults(run=run_score)


def run_score(args: argparse.Namespace) -> int:
    import numpy as np

    from xlbridge.io.travellers.board_results import read_board_results, score_rows, scored_csv
    from xlbridge.scoring.checks import choice

    method = choice("method", args.method, tuple(SCORE_METHODS))  # english is mp
    if args.output is not None:
        require_csv(args.output)
    progress = Progress.for_run(args, [args.traveller])
    progress.reading(args.traveller)
    traveller = read_board_results(args.traveller)
    progress.say(f"read {traveller.board.size:,} rows; scoring")
    with about(args.traveller):
        scored = score_rows(
            traveller,
            method,
            args.split,
            args.expected,
            args.divisor,
            args.trim,
            args.datum_rounding,
        )
    progress.writing(args.output or Path("stdout"))
    text = scored_csv(traveller, scored, method)
    if args.output is None:
        sys.stdout.write(text)
        sys.stdout.flush()  # the data before the summary on stderr
    else:
        write_atomically(args.output, text_writer(text), force=args.force)
    tables = int(np.count_nonzero(~np.isnan(scored.ns)))
    where = args.output or "the CSV to stdout"
    print(
        f"scored {plural(tables, 'table')} by {METHOD_WORDS[method]}; wrote {where}",
        file=sys.stderr,
    )
    return 0
