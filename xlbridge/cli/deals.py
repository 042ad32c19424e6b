"""``xlbridge deals``: a hand record with double-dummy analysis from a PBN deal file.

    xlbridge deals DEALS.pbn [-o HANDS.xlsx] [--pbn OUT.pbn] [--event TEXT] [--force]

Reads the deals (every one checked: 52 different cards, 13 a hand), solves them double dummy
in one batch (the optional extra ``pip install 'xlbridge[dd]'``), prints each board's par and
writes the printable hand record (four boards a page, with their tables and par) and/or the
deals as PBN 2.1 with the OptimumScore, ParContract and OptimumResultTable tags.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.cli.common import Commands, event_text, require_new, require_xlsx
from xlbridge.cli.progress import Progress
from xlbridge.cli.progress import add_options as add_progress_options
from xlbridge.errors import InputError
from xlbridge.io.files import require_file

if TYPE_CHECKING:
    from xlbridge.scoring.double_dummy import BoardAnalysis, DealtBoard


def add_deals_parser(commands: Commands) -> None:
    """Register ``xlbridge deals`` on the command line's sub-commands."""
    deals = commands.add_parser(
        "deals",
        help="hand record with double-dummy tables and par from a PBN deal file",
        description="Solve the deals of a PBN deal file double dummy (needs the optional "
        "extra: pip install 'xlbridge[dd]') and print each board's par; -o writes the "
        "printable hand record, --pbn the deals with their double-dummy tags.",
    )
    deals.add_argument("deals", type=Path, help="the PBN deal file ([Board], [Deal] per board)")
    deals.add_argument(
        "-o", "--output", type=Path, help="the hand record (.xlsx) (default: not written)"
    )
    deals.add_argument(
        "--pbn",
        type=Path,
        metavar="OUT.pbn",
        help="the deals as PBN 2.1 with double-dummy tags (default: not written)",
    )
    deals.add_argument("--event", default="", help="the event's name, in the page header")
    deals.add_argument("--force", action="store_true", help="overwrite an existing file")
    add_progress_options(deals, "when the solving takes 5 seconds or more")
    deals.set_defaults(run=run_deals)


def run_deals(args: argparse.Namespace) -> int:
    from xlbridge.io.files import write_atomically
    from xlbridge.io.pbn.deals import deals_pbn_bytes, read_deals
    from xlbridge.scoring import double_dummy

    double_dummy.require("xlbridge deals")
    event = event_text(args.event, "--event")
    if args.output is not None:
        require_xlsx(args.output)
        if args.pbn is not None and args.output.resolve() == args.pbn.resolve():
            raise InputError(f"-o and --pbn name the same file {args.output}")
    if args.pbn is not None and args.pbn.resolve() == args.deals.resolve():
        raise InputError(f"--pbn {args.pbn} is the deal file read: write to another name")
    for path in (args.output, args.pbn):
        if path is not None:
            require_new(path, args.force)
    require_file(args.deals)
    records = read_deals(args.deals)
    analyses = analysed([record.dealt() for record in records.values()], Progress.for_run(args, []))
    workbook = None
    if args.output is not None:
        from xlbridge.workbooks.hand_record import build_hand_record

        workbook = build_hand_record(records, analyses, event=event)
    data = deals_pbn_bytes(records, analyses) if args.pbn is not None else b""
    if workbook is not None:
        write_atomically(args.output, workbook.save, force=args.force)
    if args.pbn is not None:

        def write(tmp: Path) -> None:
            tmp.write_bytes(data)

        write_atomically(args.pbn, write, force=args.force)
    for board in sorted(analyses):
        print(f"Board {board}: {analyses[board].par_text}")
    for path in (args.output, args.pbn):
        if path is not None:
            print(f"wrote {path}", file=sys.stderr)
    return 0


def analysed(boards: list[DealtBoard], progress: Progress) -> dict[int, BoardAnalysis]:
    """Each board's double-dummy analysis, the solving shown on ``progress`` when it will
    take a while (about a quarter of a second a new deal)."""
    from xlbridge.scoring import double_dummy

    progress.expect(double_dummy.unsolved(b.deal for b in boards) * double_dummy.SECONDS_A_DEAL)
    return double_dummy.analyse(boards, progress.solving)


def add_session_options(session: argparse.ArgumentParser) -> None:
    """``xlbridge session``'s options for deals and double-dummy analysis."""
    session.add_argument(
        "--deals",
        type=Path,
        metavar="DEALS.pbn",
        help="the boards' deals from a PBN deal file (they replace the session file's own); "
        "deals of boards the session does not have are left out, with a note (default: none)",
    )
    session.add_argument(
        "--double-dummy",
        action="store_true",
        help="show each board's double-dummy table and par, and each line's tricks against "
        "them, in the results pack (needs pip install 'xlbridge[dd]')",
    )


def check_session_options(args: argparse.Namespace) -> None:
    """Before any work: --double-dummy needs the extra, --deals an existing file."""
    if getattr(args, "double_dummy", False):
        from xlbridge.scoring.double_dummy import require

        require("--double-dummy")
        if getattr(args, "output", None) is None and getattr(args, "html", None) is None:
            raise InputError(
                "--double-dummy shows the analysis on the results pack or the site: give "
                "-o RESULTS.xlsx or --html DIR too"
            )
    deals = getattr(args, "deals", None)
    if deals is not None:
        require_file(deals, "--deals: ")


def session_deals(
    args: argparse.Namespace, hands: dict[int, str], boards: set[int], progress: Progress
) -> tuple[dict[int, str], dict[int, BoardAnalysis]]:
    """The session's hands with ``--deals`` read into them, and each board's double-dummy
    analysis when ``--double-dummy`` asks for it (the solving shown on ``progress`` when it
    takes a while)."""
    from xlbridge.io.pbn.deals import DealRecord, checked_hands, read_deals

    records: dict[int, DealRecord] = {}
    if getattr(args, "deals", None) is not None:
        records = read_deals(args.deals)
        unknown = sorted(set(records) - boards)
        if unknown:
            listed = ", ".join(map(str, unknown))
            print(
                f"note: {args.deals}: the session has no board {listed}; those deals are left out",
                file=sys.stderr,
            )
        records = {board: record for board, record in records.items() if board in boards}
        hands = {**hands, **{board: record.deal for board, record in records.items()}}
    if not getattr(args, "double_dummy", False):
        return hands, {}
    from xlbridge.scoring.double_dummy import DealtBoard

    own = checked_hands({b: d for b, d in hands.items() if b not in records}, str(args.travellers))
    dealt = [record.dealt() for record in records.values()]
    dealt += [DealtBoard(board, deal) for board, deal in own.items()]
    return hands, analysed(dealt, progress)
