"""The VP-scale commands: ``xlbridge scale`` (print a card), ``xlbridge cards`` (printable
cards, .xlsx) and ``xlbridge audit`` (fit K from a season's margins and audit a scale)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from xlbridge.cli.common import Commands, about, number_arg, require_new, require_xlsx
from xlbridge.cli.summary import cards_summary
from xlbridge.errors import InputError
from xlbridge.io.files import write_atomically
from xlbridge.scoring.names import (
    BOUNDS,
    FITTED_FORMS,
    FORMS,
    MAX_BOARDS,
    ROUNDINGS,
    SCALE_KINDS,
    shown_options,
)
from xlbridge.scoring.wording import plural

if TYPE_CHECKING:
    from xlbridge.io.csv.table import CsvTable
    from xlbridge.scoring.scales.fit import Audit, Fit
    from xlbridge.scoring.scales.gaussian import VPScale
    from xlbridge.scoring.scales.wbf_discrete import DiscreteScale

DEFAULT_CARD_BOARDS = "4-32"


def add_scale_parser(commands: Commands) -> None:
    """Register ``xlbridge scale``: print a VP scale (card)."""
    scale = commands.add_parser(
        "scale",
        help="print a VP scale (card)",
        description="Print the VP card of a match: one line per result from the draw up, the "
        "margins that give it and the VPs of both sides (Probst's Gaussian scale, or the WBF "
        "discrete table). Options that do not apply to the chosen form or scale are refused.",
    )
    scale.add_argument("--boards", type=number_arg, required=True, help="boards in the match")
    _add_scale_options(scale)
    scale.add_argument("--json", action="store_true", help="rows as JSON")
    scale.set_defaults(run=run_scale)


def add_cards_parser(commands: Commands) -> None:
    """Register ``xlbridge cards``: write printable VP cards."""
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
    cards.add_argument(
        "--lookup",
        action="store_true",
        help="with --scale wbf-discrete, also print the table of bounds the cards read "
        "(1-200 boards, four pages); without it the table is kept, hidden, and not printed",
    )
    cards.add_argument("--force", action="store_true", help="overwrite an existing file")
    cards.set_defaults(run=run_cards)


def add_audit_parser(commands: Commands) -> None:
    """Register ``xlbridge audit``: fit K and audit a VP scale."""
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
    audit.add_argument("--k", type=number_arg, help="the scale's K (default: the form's)")
    audit.add_argument(
        "--vp-total", type=number_arg, help="VPs per match (default: 20; 12 aggregate)"
    )
    audit.add_argument(
        "--level", type=number_arg, default=0.9, help="confidence of K's interval, from 0 to 1"
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
        type=number_arg,
        help="spread of one board: K in IMPs, S8 in %% for pairs, K in points for aggregate "
        "(default: the form's, 6.5 for teams, 7 butler, 11 pairs, 365 aggregate)",
    )
    parser.add_argument(
        "--vp-total",
        type=number_arg,
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
        type=number_arg,
        help="tables in play; form butler only (no default: butler needs it)",
    )
    parser.add_argument(
        "--comparisons",
        type=number_arg,
        help="C, comparisons per board; form cross only (no default: cross needs it)",
    )
    parser.add_argument(
        "--results",
        type=number_arg,
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


def format_scale(scale: VPScale | DiscreteScale) -> str:
    """The scale as a plain-text card: a title, then one line per result."""
    from xlbridge.scoring.scales.gaussian import vp_result

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
    from xlbridge.scoring.scales.choice import choose_scale

    scale = choose_scale(args.boards, args.scale, **_scale_kwargs(args))
    if args.json:
        rows = [
            {"from": start, "to": end, "winner": winner, "loser": loser}
            for start, end, winner, loser in scale.rows()
        ]
        print(json.dumps(rows), flush=True)
        print(scale.title, file=sys.stderr)  # the data alone on stdout
    else:
        print(format_scale(scale))
    return 0


def run_cards(args: argparse.Namespace) -> int:
    from xlbridge.workbooks.kit.event import add_event
    from xlbridge.workbooks.scales.cards import build_cards

    require_xlsx(args.output)
    counts = parse_boards(args.boards)
    book = build_cards(
        counts,
        wbf=args.wbf,
        paper=args.paper,
        scale=args.scale,
        lookup=args.lookup,
        **_scale_kwargs(args),
    )
    add_event(book.workbook)  # an Event cell, printed on every page
    write_atomically(args.output, book.workbook.save, force=args.force)
    extras = ["WBF continuous tables"] if args.wbf else []
    if args.lookup:
        extras.append("the table of bounds")
    extras.append(str(args.paper).upper())
    details = cards_summary([card.scale.title for card in book.cards], counts, extras)
    print(f"wrote {plural(len(book.cards), 'VP card')} to {args.output}: {details}")
    return 0


def run_audit(args: argparse.Namespace) -> int:
    from xlbridge.io.csv.table import parse_table, read_text
    from xlbridge.scoring.checks import choice
    from xlbridge.scoring.scales.fit import audit, fit_k
    from xlbridge.scoring.scales.gaussian import vp_scale

    if args.output is not None:
        require_xlsx(args.output)
        require_new(args.output, args.force)
    table = parse_table(read_text(args.results), str(args.results), ("margin", "boards"))
    margins = table.numbers("margin", blank_allowed=False)
    boards = table.whole_numbers("boards")
    _check_rows(table, margins, boards, args.form)
    source = choice("expected-from", args.expected_from, ("fitted", "scale"))
    with about(args.results):
        fit = fit_k(margins, boards, args.form, args.level)
        scale_k = vp_scale(int(boards[0]), args.k, args.form, args.vp_total).k
        model_k = scale_k if source == "scale" else None
        report = audit(margins, boards, args.k, args.form, args.vp_total, model_k=model_k)
    print(format_audit(fit, report, scale_k))
    if args.output is not None:
        from xlbridge.workbooks.scales.audit_book import build_audit_book

        book = build_audit_book(
            report, fit, form=fit.form, scale_k=scale_k, title=f"Audit of {args.results.name}"
        )
        write_atomically(args.output, book.workbook.save, force=args.force)
        print(f"wrote {args.output}")
    return 0


def _check_rows(table: CsvTable, margins: Any, boards: Any, form: Any) -> None:
    """The file and line of the first board count, or pairs margin, the fit would refuse."""
    import numpy as np

    bad = np.flatnonzero((boards < 1) | (boards > MAX_BOARDS))
    if bad.size:
        got = table.column("boards")[int(bad[0])].strip()
        raise table.fail(
            int(bad[0]), f"boards must be a whole number from 1 to {MAX_BOARDS}, got {got}"
        )
    bad = np.flatnonzero((margins < 0) | (margins > 100))
    if str(form).strip().lower() == "pairs" and bad.size:
        got = table.column("margin")[int(bad[0])].strip()
        raise table.fail(
            int(bad[0]), f"margin must be a matchpoint % from 0 to 100 for form pairs, got {got}"
        )


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
