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
    xlbridge swiss draw STANDINGS.csv [--seed N] [-o DRAW.csv]
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
from xlbridge.core.names import BOUNDS, FORMS, MAX_BOARDS, ROUNDINGS, SCALE_KINDS, SCORE_METHODS
from xlbridge.errors import InputError
from xlbridge.files import with_fixed_zip_times, write_atomically
from xlbridge.progress import Progress
from xlbridge.progress import add_options as add_progress_options

if TYPE_CHECKING:
    from xlbridge.core.fit import Audit, Fit
    from xlbridge.core.scales import VPScale
    from xlbridge.core.wbf_discrete import DiscreteScale

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
    parser.add_argument("--scale", help=f"one of {', '.join(SCALE_KINDS)} (default gaussian)")
    parser.add_argument("--form", help=f"one of {', '.join(FORMS)} (default teams)")
    parser.add_argument("--k", type=_number, help="spread of one board (form's default)")
    parser.add_argument("--vp-total", type=_number, help="VPs per match (default 20)")
    parser.add_argument("--negative", action="store_true", help="negative VPs (to -5)")
    parser.add_argument("--rounding", help=f"one of {', '.join(ROUNDINGS)} (default nearest)")
    parser.add_argument(
        "--bounds", help=f"one of {', '.join(BOUNDS)}: a margin on a bound starts (lower, "
        "default) or ends (white-book) its band",
    )  # fmt: skip
    parser.add_argument("--tables", type=_number, help="tables in play (form butler)")
    parser.add_argument("--comparisons", type=_number, help="C, comparisons (form cross)")
    parser.add_argument("--results", type=_number, help="R, results per board (form cross)")


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
    """argparse, with a usage error as one line ("xlbridge: error: …", exit 2) like the rest."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"xlbridge: error: {self.prog}: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="xlbridge", description="Duplicate-bridge scoring for the spreadsheet.")
    parser.add_argument("--version", action="version", version=f"xlbridge {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    scale = commands.add_parser("scale", help="print a VP scale (card)")
    scale.add_argument("--boards", type=_number, required=True, help="boards in the match")
    _add_scale_options(scale)
    scale.add_argument("--json", action="store_true", help="rows as JSON")
    scale.set_defaults(run=run_scale)

    cards = commands.add_parser("cards", help="write printable VP cards (.xlsx)")
    cards.add_argument("-o", "--output", type=Path, required=True, help="the .xlsx to write")
    cards.add_argument(
        "--boards", default=DEFAULT_CARD_BOARDS, help="board counts, e.g. 4-32 or 7,8,12"
    )
    _add_scale_options(cards)
    cards.add_argument("--wbf", action="store_true", help="add WBF continuous tables")
    cards.add_argument("--paper", default="a4", help="a4 (default) or letter")
    cards.add_argument("--force", action="store_true", help="overwrite an existing file")
    cards.set_defaults(run=run_cards)

    score = commands.add_parser(
        "score",
        help="score a traveller file (.csv)",
        description="Score a traveller CSV (columns board, table, ns_score, and optionally "
        "ew_score and weight; see the README) and write it back with NS and EW results.",
    )
    score.add_argument("traveller", type=Path, help="the traveller .csv")
    score.add_argument("--method", default="mp", help=f"one of {', '.join(SCORE_METHODS)}")
    score.add_argument("--split", default="separate", help="separate (default) or halves")
    score.add_argument("--expected", type=_number, help="Neuberg: results each board should have")
    score.add_argument("--divisor", help="ximp: comparisons (default) or scores")
    score.add_argument("--trim", type=_number, help="butler/bastille: weight trimmed each end")
    score.add_argument(
        "--datum-rounding", help="butler: an exact 5 goes away from zero (away, default) or even"
    )
    score.add_argument("-o", "--output", type=Path, help="the .csv to write (default: stdout)")
    score.add_argument("--force", action="store_true", help="overwrite an existing file")
    add_progress_options(score)
    score.set_defaults(run=run_score)

    handicaps = commands.add_parser("handicap", help="Project 52 handicaps")
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
        "--add-new", action="store_true",
        help="add players not in the register at 52 (without it they are an error)",
    )  # fmt: skip
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
    install.add_argument("--wheel-url", help="Lite: where the xlbridge wheel is served")
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
    audit.add_argument("--form", default="teams", help="teams, teams8, pairs, aggregate, patton")
    audit.add_argument("--k", type=_number, help="the scale's K (the form's default)")
    audit.add_argument("--vp-total", type=_number, help="VPs per match (default 20)")
    audit.add_argument("--level", type=_number, default=0.9, help="confidence (default 0.9)")
    audit.add_argument(
        "--expected-from",
        default="fitted",
        help="fitted (default): expected counts from the K fitted to these results; "
        "scale: from the scale's own K, i.e. what the scale was designed to give",
    )
    audit.add_argument("-o", "--output", type=Path, help="also write a workbook with a chart")
    audit.add_argument("--force", action="store_true", help="overwrite an existing workbook")
    audit.set_defaults(run=run_audit)

    template = commands.add_parser(
        "template",
        help="write an event workbook (teams-match, swiss-teams, swiss-pairs, league)",
        description="Write an event workbook for a given event, ready to fill in.",
    )
    template.add_argument("name", help="teams-match, swiss-teams, swiss-pairs or league")
    template.add_argument("-o", "--output", type=Path, required=True, help="the .xlsx to write")
    template.add_argument("--teams", type=_number, help="teams (or pairs) in the event")
    template.add_argument("--rounds", type=_number, help="rounds of a Swiss")
    template.add_argument("--boards", type=_number, help="boards per match")
    template.add_argument("--k", type=_number, help="the VP scale's K (S8 for pairs)")
    template.add_argument(
        "--scale", help="gaussian (default), wbf-discrete (not swiss-pairs) or wbf (teams-match)"
    )
    template.add_argument("--bounds", help=f"one of {', '.join(BOUNDS)} (gaussian scale)")
    template.add_argument("--negative", action="store_true", default=None, help="negative VPs")
    template.add_argument(
        "--no-late-entry", dest="late_entry", action="store_false", default=None,
        help="swiss-pairs: no late-entry column",
    )  # fmt: skip
    template.add_argument("--paper", help="a4 (default) or letter")
    template.add_argument("--force", action="store_true", help="overwrite an existing file")
    template.set_defaults(run=run_template)

    swiss = commands.add_parser("swiss", help="Swiss events")
    swiss_commands = swiss.add_subparsers(dest="swiss_command", required=True)
    draw = swiss_commands.add_parser(
        "draw",
        help="draw the next round from the standings",
        description="Pair the next round: score groups top down, random within a group, no "
        "repeat meetings while avoidable, a bye for an odd field (see the README).",
    )
    draw.add_argument("standings", type=Path, help="a .csv with team, score, opponents, byes")
    draw.add_argument("--seed", type=int, help="random seed (use the round number)")
    draw.add_argument("-o", "--output", type=Path, help="also write the draw as .csv")
    draw.add_argument("--force", action="store_true", help="overwrite an existing file")
    draw.set_defaults(run=run_swiss_draw)

    from xlbridge.cli_session import add_parser as add_session_parser

    add_session_parser(commands)

    books = commands.add_parser("workbooks", help="regenerate every ready-made workbook")
    books.add_argument("--dir", type=Path, default=Path("workbooks"), help="output folder")
    books.add_argument("--force", action="store_true", help="overwrite existing files")
    books.set_defaults(run=run_workbooks)
    return parser


def format_scale(scale: VPScale | DiscreteScale) -> str:
    """The scale as a plain-text card: a title, then one line per result."""
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
        lines.append(f"{span:>19}   {winner}-{loser}")
    return "\n".join(lines)


def run_scale(args: argparse.Namespace) -> int:
    from xlbridge.scale_choice import choose_scale

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
    from xlbridge.templates.cards import build_cards

    _require_xlsx(args.output)
    book = build_cards(
        parse_boards(args.boards),
        wbf=args.wbf,
        paper=args.paper,
        scale=args.scale,
        **_scale_kwargs(args),
    )
    write_atomically(args.output, book.workbook.save, force=args.force)
    print(f"wrote {len(book.cards)} VP cards to {args.output}")
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

    from xlbridge.traveller_file import read_traveller, score_rows, scored_csv

    progress = Progress.for_run(args, [args.traveller])
    progress.reading(args.traveller)
    traveller = read_traveller(args.traveller)
    progress.say(f"read {traveller.board.size:,} rows; scoring")
    with _about(args.traveller):
        scored = score_rows(
            traveller, args.method, args.split, args.expected, args.divisor, args.trim,
            args.datum_rounding,
        )  # fmt: skip
    progress.writing(args.output or Path("stdout"))
    text = scored_csv(traveller, scored, args.method)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    write_atomically(args.output, _text_writer(text), force=args.force)
    tables = int(np.count_nonzero(~np.isnan(scored.ns)))
    print(f"scored {tables} tables; wrote {args.output}", file=sys.stderr)
    return 0


def run_handicap_update(args: argparse.Namespace) -> int:
    import numpy as np

    from xlbridge import handicap_batch as batch
    from xlbridge.files import check_writable
    from xlbridge.journal import journal_path, roll_forward

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
    update = batch.apply_results(register, results, history_file.applied,
                                 progress=progress.dates, add_new=args.add_new)  # fmt: skip
    applied, skipped = update.applied_codes.size, update.skipped_codes.size
    if not applied:
        print(
            f"nothing to apply: all {skipped} competitions are in {source_history}",
            file=sys.stderr,
        )
        return 0
    progress.writing(output, target_history)
    new_register = batch.register_bytes(register, update)
    ids = register.ids + update.newcomers
    new_history = batch.history_bytes(history_file, update, ids, results.competition_ids)
    from xlbridge.journal import commit

    commit(journal, [(target_history, new_history), (output, new_register)])
    added = f": {', '.join(update.newcomers)}" if update.newcomers else ""
    print(
        f"applied {applied} competitions ({skipped} already applied) "
        f"to {int(update.touched.sum())} players, {len(update.newcomers)} of them new{added}; "
        f"wrote {output} and {target_history}",
        file=sys.stderr,
    )
    return 0


def _require_new(path: Path, force: bool) -> None:
    """Stop before any work if ``path`` exists and may not be replaced, or cannot be written."""
    from xlbridge.files import check_writable

    check_writable(path, force=force)


def _require_folder(path: Path) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"output folder {folder} does not exist")


def run_install(args: argparse.Namespace) -> int:
    from xlbridge import install

    if args.wheel_url is not None and args.lite is None:
        raise InputError("--wheel-url goes with --lite")
    if args.lite is not None:
        written = install.install_lite(args.lite, args.wheel_url, force=args.force)
    elif args.server is not None:
        written = install.install_server(args.server, force=args.force)
    else:
        written = install.install_classic()
    for path in written.files:
        print(f"wrote {path}")
    print(written.next_steps)
    return 0


def run_audit(args: argparse.Namespace) -> int:
    from xlbridge.core.fit import audit, fit_k
    from xlbridge.core.scales import vp_scale
    from xlbridge.core.validate import choice
    from xlbridge.csv_table import parse_table, read_text

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
        from xlbridge.templates.audit_book import build_audit_book

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
    from xlbridge.templates.ready_made import build_template

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
        "paper": args.paper,
    }
    workbook = build_template(args.name, **options)
    write_atomically(args.output, workbook.save, force=args.force)
    print(f"wrote {args.output}")
    return 0


def run_swiss_draw(args: argparse.Namespace) -> int:
    from xlbridge.swiss_file import draw_csv, draw_from_file, draw_text

    if args.output is not None:
        _require_new(args.output, args.force)
    draw = draw_from_file(args.standings, args.seed)
    print(draw_text(draw))
    if args.output is not None:
        write_atomically(args.output, _text_writer(draw_csv(draw)), force=args.force)
        print(f"wrote {args.output}", file=sys.stderr)
    return 0


def run_workbooks(args: argparse.Namespace) -> int:
    from xlbridge.templates.ready_made import READY_MADE

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
