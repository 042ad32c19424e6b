"""The ``xlbridge`` command line.

    xlbridge scale --boards 8 [--k 6.5] [--form teams] [--negative] [--bounds white-book] [--json]
    xlbridge scale --boards 8 --scale wbf-discrete [--vp-total 10]
    xlbridge cards -o vp-cards.xlsx [--boards 4-32] [--scale wbf-discrete] [--wbf] [--force]
    xlbridge workbooks [--dir workbooks] [--force]
    xlbridge score TRAVELLER.csv [--method mp] [--split separate] [--expected E] [-o OUT.csv]
    xlbridge handicap update --register players.csv --results results.csv [-o new.csv]
    xlbridge install (--classic | --lite DIR --wheel-url URL | --server DIR) [--force]
    xlbridge audit RESULTS.csv [--form teams] [--k 6.5] [--level 0.9] [-o audit.xlsx]
    xlbridge template NAME -o FILE.xlsx [--teams T] [--rounds R] [--boards B] [--k K]
    xlbridge swiss draw EVENT.xlsx|STANDINGS.csv [--seed N] [-o DRAW.csv]
    xlbridge session TRAVELLERS.csv [--method mp] [--names N.csv] [--ranking R.csv] [-o R.xlsx]
    xlbridge session EVENT.xml|EVENT.pbn [--compare] [--usebio OUT.xml]

Bad input gives one line on stderr and exit code 2; nothing is overwritten without --force.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

# Only what building the options needs is imported here: numpy, SciPy, openpyxl and xlwings
# load when the command that needs them runs (``xlbridge --version`` costs no numpy).
from xlbridge import __version__
from xlbridge.cli.help import HelpFormatter, remember_parsers, unknown_arguments
from xlbridge.errors import InputError
from xlbridge.io.files import with_fixed_zip_times, write_atomically
from xlbridge.io.progress import Progress
from xlbridge.io.progress import add_options as add_progress_options
from xlbridge.scoring.names import (
    BOUNDS,
    FITTED_FORMS,
    FORMS,
    MAX_BOARDS,
    ROUNDINGS,
    SCALE_KINDS,
    SCORE_METHODS,
    shown_options,
)
from xlbridge.scoring.wording import plural

if TYPE_CHECKING:
    from xlbridge.scoring.fit import Audit, Fit
    from xlbridge.scoring.scales import VPScale
    from xlbridge.scoring.wbf_discrete import DiscreteScale

EXIT_BAD_INPUT = 2
EXIT_FAILURE = 1
DEFAULT_CARD_BOARDS = "4-32"


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, got {text!r}") from None


def parse_boards(text: str) -> list[int]:
    """Board counts from "8", "4-32" or "8,12,16-20" (ascending, without repeats)."""
    counts: set[int] = set()
    for part in text.split(","):
        low, sep, high = part.strip().partition("-")
        try:
            first = int(low)
            last = int(high) if sep else first
        except ValueError:
            raise InputError(
                f"boards must be a number or a range such as 4-32, got {text!r}"
            ) from None
        if not 1 <= first <= last <= MAX_BOARDS:
            raise InputError(
                f"boards must be whole numbers from 1 to {MAX_BOARDS} (low-high ascending), "
                f"got {text!r}"
            )
        counts.update(range(first, last + 1))
    return sorted(counts)


def _add_scale_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scale", help=f"one of {shown_options(SCALE_KINDS)} (default: gaussian)")
    parser.add_argument("--form", help=f"one of {shown_options(FORMS)} (default: teams)")
    parser.add_argument(
        "--k",
        type=_number,
        help="spread of one board: K in IMPs, S8 in %% for pairs, K in points for aggregate "
        "(default: the form's, 6.5 for teams, 7 butler, 11 pairs, 365 aggregate)",
    )
    parser.add_argument(
        "--vp-total",
        type=_number,
        help="VPs per match, even (default: 20; 12 aggregate, 2 x boards patton)",
    )
    parser.add_argument("--negative", action="store_true", help="negative VPs (to -5)")
    parser.add_argument("--rounding", help=f"one of {shown_options(ROUNDINGS)} (default: nearest)")
    parser.add_argument(
        "--bounds",
        help=f"one of {shown_options(BOUNDS)}: a margin on a bound starts "
        "(lower) or ends (white-book) its band (default: lower)",
    )
    parser.add_argument(
        "--tables",
        type=_number,
        help="tables in play; form butler only (no default: butler needs it)",
    )
    parser.add_argument(
        "--comparisons",
        type=_number,
        help="C, comparisons per board; form cross only (no default: cross needs it)",
    )
    parser.add_argument(
        "--results",
        type=_number,
        help="R, results per board; form cross only (no default: cross needs it)",
    )


def _scale_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "form": args.form,
        "k": args.k,
        "vp_total": args.vp_total,
        "negative": args.negative,
        "rounding": args.rounding,
        "bounds": args.bounds,
        "tables": args.tables,
        "comparisons": args.comparisons,
        "results": args.results,
    }


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error as one line ("xlbridge: error: …", exit 2) like the rest,
    every option's default in the help, and an unknown option reported by the command it was
    given to, with the nearest valid option and that command's usage."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        unknown = [arg for arg in self._given if arg.startswith("--") and not self._knows(arg)]
        if self._subparsers is not None:  # a command's options are its sub-command's to judge
            unknown = []
        if unknown and not message.startswith("unknown option"):  # say it with the first error
            message = f"{message}; {unknown_arguments(self, unknown)}"
        self.exit(EXIT_BAD_INPUT, f"xlbridge: error: {self.prog}: {message}\n")

    _given: Sequence[str] = ()

    def _knows(self, arg: str) -> bool:
        name = arg.split("=", 1)[0]
        return any(o.startswith(name) for a in self._actions for o in a.option_strings)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        self._given = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            owner = getattr(parsed, "command_parser", self)
            owner.error(unknown_arguments(owner, extras))
        return parsed


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="xlbridge", description="Duplicate-bridge scoring for the spreadsheet.")
    parser.add_argument("--version", action="version", version=f"xlbridge {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    scale = commands.add_parser(
        "scale",
        help="print a VP scale (card)",
        description="Print the VP card of a match: one line per result from the draw up, the "
        "margins that give it and the VPs of both sides (Probst's Gaussian scale, or the WBF "
        "discrete table). Options that do not apply to the chosen form or scale are refused.",
    )
    scale.add_argument("--boards", type=_number, required=True, help="boards in the match")
    _add_scale_options(scale)
    scale.add_argument("--json", action="store_true", help="rows as JSON")
    scale.set_defaults(run=run_scale)

    cards = commands.add_parser(
        "cards",
        help="write printable VP cards (.xlsx)",
        description="Write a workbook of printable VP cards, one per board count, several to "
        "a page, with the same scale options as 'xlbridge scale'.",
    )
    cards.add_argument("-o", "--output", type=Path, required=True, help="the .xlsx to write")
    cards.add_argument(
        "--boards", default=DEFAULT_CARD_BOARDS, help="board counts, e.g. 8, 4-32 or 7,8,12-16"
    )
    _add_scale_options(cards)
    cards.add_argument("--wbf", action="store_true", help="add WBF continuous tables")
    cards.add_argument("--paper", default="a4", help="a4 or letter")
    cards.add_argument("--force", action="store_true", help="overwrite an existing file")
    cards.set_defaults(run=run_cards)

    score = commands.add_parser(
        "score",
        help="score a traveller file (.csv)",
        description="Score a traveller CSV (columns board, table, ns_score, and optionally "
        "ew_score and weight; see the README) and write it back with NS and EW results.",
    )
    score.add_argument("traveller", type=Path, help="the traveller .csv")
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
        type=_number,
        help="Neuberg: factor every board to E results; matchpoint methods only (default: "
        "each board's own results)",
    )
    score.add_argument(
        "--divisor",
        help="ximp: divide by comparisons (N-1; EBU, BBO) or scores (N; De Wael) "
        "(default: comparisons)",
    )
    score.add_argument(
        "--trim",
        type=_number,
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

    handicaps = commands.add_parser(
        "handicap",
        help="Project 52 handicaps",
        description="Keep a register of players' Project 52 handicaps up to date.",
    )
    handicap_commands = handicaps.add_subparsers(dest="handicap_command", required=True)
    update = handicap_commands.add_parser(
        "update",
        help="apply competitions' results to a player register",
        description="Apply every competition in RESULTS that is not yet in the history to the "
        "register, in date order (see the README for the file formats).",
    )
    update.add_argument("--register", type=Path, required=True, help="the players .csv")
    update.add_argument("--results", type=Path, required=True, help="the results .csv")
    update.add_argument(
        "-o", "--output", type=Path, help="write the new register here (default: in place)"
    )
    update.add_argument(
        "--history", type=Path, help="the history .csv (default: REGISTER-history.csv)"
    )
    update.add_argument("--force", action="store_true", help="overwrite an existing -o file")
    update.add_argument(
        "--add-new",
        action="store_true",
        help="add players not in the register at 52 (without it they are an error)",
    )
    add_progress_options(update)
    update.set_defaults(run=run_handicap_update)

    install = commands.add_parser(
        "install",
        help="set the Excel functions up in an xlwings runtime",
        description="Set xlbridge's Excel functions up: the classic Windows add-in, xlwings "
        "Lite (Excel on Windows, Mac and the web) or a self-hosted xlwings Server. See "
        "install/README.md.",
    )
    runtime = install.add_mutually_exclusive_group(required=True)
    runtime.add_argument("--classic", action="store_true", help="classic add-in (Windows)")
    runtime.add_argument("--lite", type=Path, metavar="DIR", help="write Lite's main.py here")
    runtime.add_argument("--server", type=Path, metavar="DIR", help="write Server files here")
    install.add_argument(
        "--wheel-url",
        metavar="URL",
        help="Lite or Server: the https address of the xlbridge wheel (no default)",
    )
    install.add_argument(
        "--wheel", type=Path, metavar="FILE", help="Server: a local xlbridge .whl file (no default)"
    )
    install.add_argument("--force", action="store_true", help="overwrite existing files")
    install.set_defaults(run=run_install)

    audit = commands.add_parser(
        "audit",
        help="fit K from a season's results and audit a VP scale",
        description="Fit K from match margins (columns margin, boards) with its confidence "
        "interval, and compare how often each VP result occurred with how often the Gaussian "
        "model expects it.",
    )
    audit.add_argument("results", type=Path, help="a .csv with columns margin, boards")
    audit.add_argument(
        "--form",
        default="teams",
        help=f"one of {shown_options(FITTED_FORMS)} (butler and "
        "cross cannot be fitted from margins alone)",
    )
    audit.add_argument("--k", type=_number, help="the scale's K (default: the form's)")
    audit.add_argument("--vp-total", type=_number, help="VPs per match (default: 20; 12 aggregate)")
    audit.add_argument(
        "--level", type=_number, default=0.9, help="confidence of K's interval, from 0 to 1"
    )
    audit.add_argument(
        "--expected-from",
        default="fitted",
        help="fitted: expected counts from the K fitted to these results; "
        "scale: from the scale's own K, i.e. what the scale was designed to give",
    )
    audit.add_argument(
        "-o",
        "--output",
        type=Path,
        help="also write a workbook with a chart (default: not written)",
    )
    audit.add_argument("--force", action="store_true", help="overwrite an existing workbook")
    audit.set_defaults(run=run_audit)

    template = commands.add_parser(
        "template",
        help="write an event workbook (teams-match, swiss-teams, swiss-pairs, league)",
        description="Write an event workbook for a given event, ready to fill in.",
    )
    template.add_argument(
        "name", help="teams-match, swiss-teams, swiss-pairs, league or pairs-session"
    )
    template.add_argument("-o", "--output", type=Path, required=True, help="the .xlsx to write")
    template.add_argument(
        "--teams", type=_number, help="teams (or pairs) in the event (default: the template's)"
    )
    template.add_argument(
        "--rounds", type=_number, help="rounds of a Swiss (default: the template's)"
    )
    template.add_argument(
        "--boards", type=_number, help="boards per match (default: the template's)"
    )
    template.add_argument(
        "--pairs", type=_number, help="pairs-session: pairs in the session (default: 20)"
    )
    template.add_argument(
        "--movement", help="pairs-session: mitchell or howell (default: mitchell)"
    )
    template.add_argument(
        "--k", type=_number, help="the VP scale's K, S8 for pairs (default: the form's)"
    )
    template.add_argument(
        "--scale",
        help="gaussian, wbf-discrete (not swiss-pairs) or wbf (teams-match) (default: gaussian)",
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
    template.set_defaults(run=run_template)

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
    draw.add_argument("--force", action="store_true", help="overwrite an existing file")
    draw.set_defaults(run=run_swiss_draw)

    from xlbridge.cli.session import add_parser as add_session_parser

    add_session_parser(commands)

    books = commands.add_parser(
        "workbooks",
        help="regenerate every ready-made workbook",
        description="Write every ready-made workbook (VP cards, traveller, event sheets, "
        "handicap register ...) into a folder.",
    )
    books.add_argument("--dir", type=Path, default=Path("workbooks"), help="output folder")
    books.add_argument("--force", action="store_true", help="overwrite existing files")
    books.set_defaults(run=run_workbooks)
    remember_parsers(parser)
    return parser


def format_scale(scale: VPScale | DiscreteScale) -> str:
    """The scale as a plain-text card: a title, then one line per result."""
    from xlbridge.scoring.scales import vp_result

    decimals = 2 if not scale.is_card or scale.granularity < 1 else 0
    lines = [scale.title, f"{scale.unit:>19}   VPs"]
    for start, end, winner, loser in scale.rows():
        low = f"{start:.{decimals}f}"
        if end is None:
            span = f"{low} +"
        elif end == start:
            span = low
        else:
            span = f"{low} - {end:.{decimals}f}"
        lines.append(f"{span:>19}   {vp_result(winner, loser)}")
    return "\n".join(lines)


def run_scale(args: argparse.Namespace) -> int:
    from xlbridge.scoring.scale_choice import choose_scale

    scale = choose_scale(args.boards, args.scale, **_scale_kwargs(args))
    if args.json:
        rows = [
            {"from": start, "to": end, "winner": winner, "loser": loser}
            for start, end, winner, loser in scale.rows()
        ]
        print(json.dumps(rows))
    else:
        print(format_scale(scale))
    return 0


def _require_xlsx(path: Path) -> None:
    if path.suffix.lower() != ".xlsx":
        raise InputError(f"output must be an .xlsx file, got {str(path)!r}")


def run_cards(args: argparse.Namespace) -> int:
    from xlbridge.workbooks.cards import build_cards

    _require_xlsx(args.output)
    book = build_cards(
        parse_boards(args.boards),
        wbf=args.wbf,
        paper=args.paper,
        scale=args.scale,
        **_scale_kwargs(args),
    )
    write_atomically(args.output, book.workbook.save, force=args.force)
    print(f"wrote {plural(len(book.cards), 'VP card')} to {args.output}")
    return 0


def _text_writer(text: str) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        path.write_text(text, encoding="utf-8")

    return write


@contextlib.contextmanager
def _about(path: Path) -> Iterator[None]:
    """Name the file in an error from the core that does not name it yet."""
    try:
        yield
    except InputError as error:
        if str(error).startswith(str(path)):
            raise
        raise InputError(f"{path}: {error}") from None


def run_score(args: argparse.Namespace) -> int:
    import numpy as np

    from xlbridge.io.travellers import read_traveller, score_rows, scored_csv
    from xlbridge.scoring.checks import choice

    method = choice("method", args.method, tuple(SCORE_METHODS))  # english is mp
    progress = Progress.for_run(args, [args.traveller])
    progress.reading(args.traveller)
    traveller = read_traveller(args.traveller)
    progress.say(f"read {traveller.board.size:,} rows; scoring")
    with _about(args.traveller):
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
        return 0
    write_atomically(args.output, _text_writer(text), force=args.force)
    tables = int(np.count_nonzero(~np.isnan(scored.ns)))
    print(f"scored {plural(tables, 'table')}; wrote {args.output}", file=sys.stderr)
    return 0


def run_handicap_update(args: argparse.Namespace) -> int:
    import numpy as np

    from xlbridge.io import register as batch
    from xlbridge.io.files import check_writable
    from xlbridge.io.journal import journal_path, roll_forward

    output = args.output or args.register
    # The history belongs with the register it was applied to: competitions recorded in the
    # input register's history are skipped, and the output's history gets them all.
    source_history = args.history or batch.default_history_path(args.register)
    target_history = args.history or batch.default_history_path(output)
    journal = journal_path(target_history)
    for earlier in dict.fromkeys((journal_path(source_history), journal)):
        finished = roll_forward(earlier)  # a run killed part-way is completed first
        if finished:
            names = " and ".join(str(path) for path in finished)
            print(f"completed an interrupted update: wrote {names}", file=sys.stderr)
    if output.resolve() != args.register.resolve():
        _require_new(output, args.force)
    for path in (output, target_history, journal):  # check all before anything is written
        check_writable(path, force=True)
    progress = Progress.for_run(args, [args.register, args.results, source_history])
    progress.reading(args.register)
    register = batch.read_register(args.register)
    progress.reading(args.results)
    results = batch.read_results(args.results)
    progress.say(f"read {len(results.competition):,} result rows")
    if source_history.exists():
        progress.reading(source_history)
    history_file = batch.read_history(source_history, register.format)
    days = np.unique(results.date).size
    progress.say(f"applying {len(results.competition_ids):,} competitions on {days:,} dates")
    update = batch.apply_results(
        register, results, history_file.applied, progress=progress.dates, add_new=args.add_new
    )
    applied, skipped = update.applied_codes.size, update.skipped_codes.size
    if not applied:
        print(
            f"nothing to apply: the results' {plural(skipped, 'competition')} "
            f"{'is' if skipped == 1 else 'are'} already in {source_history}",
            file=sys.stderr,
        )
        return 0
    progress.writing(output, target_history)
    new_register = batch.register_bytes(register, update)
    ids = register.ids + update.newcomers
    new_history = batch.history_bytes(history_file, update, ids, results.competition_ids)
    from xlbridge.io.journal import commit

    commit(journal, [(target_history, new_history), (output, new_register)])
    added = f": {', '.join(update.newcomers)}" if update.newcomers else ""
    print(
        f"applied {plural(applied, 'competition')} ({skipped} already applied) "
        f"to {plural(int(update.touched.sum()), 'player')}, {len(update.newcomers)} of them "
        f"new{added}; "
        f"wrote {output} and {target_history}",
        file=sys.stderr,
    )
    return 0


def _require_new(path: Path, force: bool) -> None:
    """Stop before any work if ``path`` exists and may not be replaced, or cannot be written."""
    from xlbridge.io.files import check_writable

    check_writable(path, force=force)


def _require_folder(path: Path) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"output folder {folder} does not exist")


def run_install(args: argparse.Namespace) -> int:
    from xlbridge.excel import install

    if args.wheel_url is not None and args.lite is None and args.server is None:
        raise InputError("--wheel-url goes with --lite or --server")
    if args.wheel is not None and args.server is None:
        raise InputError("--wheel goes with --server")
    if args.lite is not None:
        written = install.install_lite(args.lite, args.wheel_url, force=args.force)
    elif args.server is not None:
        written = install.install_server(
            args.server, force=args.force, wheel_url=args.wheel_url, wheel=args.wheel
        )
    else:
        written = install.install_classic()
    for path in written.files:
        print(f"wrote {path}")
    print(written.next_steps)
    return 0


def run_audit(args: argparse.Namespace) -> int:
    from xlbridge.io.csv import parse_table, read_text
    from xlbridge.scoring.checks import choice
    from xlbridge.scoring.fit import audit, fit_k
    from xlbridge.scoring.scales import vp_scale

    if args.output is not None:
        _require_xlsx(args.output)
        _require_new(args.output, args.force)
    table = parse_table(read_text(args.results), str(args.results), ("margin", "boards"))
    margins = table.numbers("margin", blank_allowed=False)
    boards = table.whole_numbers("boards")
    source = choice("expected-from", args.expected_from, ("fitted", "scale"))
    with _about(args.results):
        fit = fit_k(margins, boards, args.form, args.level)
        scale_k = vp_scale(int(boards[0]), args.k, args.form, args.vp_total).k
        model_k = scale_k if source == "scale" else None
        report = audit(margins, boards, args.k, args.form, args.vp_total, model_k=model_k)
    print(format_audit(fit, report, scale_k))
    if args.output is not None:
        from xlbridge.workbooks.audit_book import build_audit_book

        book = build_audit_book(
            report, fit, form=fit.form, scale_k=scale_k, title=f"Audit of {args.results.name}"
        )
        write_atomically(args.output, book.workbook.save, force=args.force)
        print(f"wrote {args.output}")
    return 0


def format_audit(fit: Fit, report: Audit, scale_k: float) -> str:
    """The fit and the audit table as plain text."""
    name = "S8" if fit.form == "pairs" else "K"
    lines = [
        f"{fit.count} results, form {fit.form}: fitted {name} {fit.k:.3f} "
        f"({fit.level:.0%} interval {fit.low:.3f} to {fit.high:.3f})",
        f"scale {name} {scale_k:g}; expected counts from a Gaussian model with {name} "
        f"{report.model_k:.3f}",
        "",
        f"{'result':>8} {'observed':>9} {'expected':>9}",
    ]
    for label, seen, expected in zip(report.labels, report.observed, report.expected, strict=True):
        lines.append(f"{label:>8} {seen:9.0f} {expected:9.1f}")
    lines += [
        "",
        f"chi-square {report.chi2:.2f} on {report.dof} degrees of freedom, "
        f"p = {report.p_value:.3g}",
        f"expected share of T-0 results: {report.top_share:.1%}",
    ]
    return "\n".join(lines)


def run_template(args: argparse.Namespace) -> int:
    from xlbridge.workbooks.ready_made import make_template

    _require_xlsx(args.output)
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
    made = make_template(args.name, **options)
    write_atomically(args.output, made.workbook.save, force=args.force)
    print(f"wrote {args.output}: {args.name}, {made.sizes}")
    for warning in made.warnings:
        print(f"xlbridge: warning: {warning}", file=sys.stderr)
    return 0


def run_swiss_draw(args: argparse.Namespace) -> int:
    from xlbridge.io.standings import draw_csv, draw_from_file, draw_text

    if args.output is not None:
        _require_new(args.output, args.force)
    if args.standings.suffix.lower() == ".xlsx":
        from xlbridge.workbooks.swiss_loop import draw_into_workbook

        number, draw, backup = draw_into_workbook(args.standings, args.seed)
        print(f"Round {number}")
        print(f"wrote the draw into Round {number} of {args.standings}", file=sys.stderr)
        print(f"backup of the file before: {backup}", file=sys.stderr)
    else:
        draw = draw_from_file(args.standings, args.seed)
    print(draw_text(draw))
    if args.output is not None:
        write_atomically(args.output, _text_writer(draw_csv(draw)), force=args.force)
        print(f"wrote {args.output}", file=sys.stderr)
    return 0


def run_workbooks(args: argparse.Namespace) -> int:
    from xlbridge.workbooks.ready_made import READY_MADE

    if args.dir.exists() and not args.dir.is_dir():
        raise InputError(f"--dir must be a folder, got the file {args.dir}")
    args.dir.mkdir(parents=True, exist_ok=True)
    for name, build in READY_MADE.items():
        write_atomically(args.dir / name, with_fixed_zip_times(build().save), force=args.force)
        print(f"wrote {args.dir / name}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = int(args.run(args))
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return code
    except BrokenPipeError:
        return _closed_pipe()
    except InputError as error:
        message = " ".join(str(error).splitlines())  # one line, whatever the message holds
        print(f"xlbridge: error: {message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except FileNotFoundError as error:  # an input file the user named is not there
        print(f"xlbridge: error: {error.filename}: no such file", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as error:
        print(f"xlbridge: error: {error}", file=sys.stderr)
        return EXIT_FAILURE


#: The exit code of a run whose output pipe was closed by its reader (128 + SIGPIPE).
EXIT_CLOSED_PIPE = 141


def _closed_pipe() -> int:
    """The reader of stdout went away (``xlbridge scale … | head -3``): stop quietly, as Unix
    tools do, without Python's "Broken pipe" message at exit."""
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return EXIT_CLOSED_PIPE
