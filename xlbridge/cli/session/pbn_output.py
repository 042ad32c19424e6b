"""``--pbn OUT.pbn``: the scored session of ``xlbridge session`` as a PBN 2.1 results file.

From any input (a traveller CSV, a USEBIO or PBN file, the typed workbook), as ``--usebio``
writes USEBIO: the suffix and an existing file (replaced only with ``--force``) are checked
before any work, the file's bytes are made before anything is written (so a session PBN cannot
hold writes nothing), and the file is written atomically. Its names are the session's (the
file's, or ``--names``), its deals the file's or those of ``--deals``, with their double-dummy
tags under ``--double-dummy``. What the file holds: :mod:`xlbridge.io.pbn.write`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the options are built before numpy loads
    from xlbridge.io.event_files.contents import EventFile
    from xlbridge.scoring.double_dummy import BoardAnalysis
    from xlbridge.scoring.session import SessionResult

#: Said when ACBL matchpoints go to PBN, written as the standard's MP1 (2 a win).
ACBL_PBN_NOTE = (
    "note: the PBN file gives ACBL matchpoints at 2 per win (Scoring MatchPoints;MP1: every "
    "matchpoint and total doubled; percentages and places the same)"
)


def add_pbn_option(parser: argparse.ArgumentParser) -> None:
    """The ``--pbn OUT.pbn`` option of ``xlbridge session``."""
    parser.add_argument(
        "--pbn",
        type=Path,
        metavar="OUT.pbn",
        help="also write the results as PBN 2.1 (a score table per board, the ranking) "
        "(default: not written)",
    )


def check_pbn(args: argparse.Namespace) -> None:
    """Before any work: the --pbn file ends in .pbn and may be written (new, or --force)."""
    if args.pbn is not None:
        from xlbridge.cli.common import require_new, require_suffix

        require_suffix(args.pbn, "--pbn", {".pbn": "PBN"})
        require_new(args.pbn, args.force)


def pbn_first(
    args: argparse.Namespace,
    event: EventFile,
    result: SessionResult,
    hands: Mapping[int, str],
    analyses: Mapping[int, BoardAnalysis] | None = None,
) -> bytes | None:
    """The --pbn file's bytes, made before any output is written (None: not asked for); the
    deals of ``--deals`` (in ``hands``) replace the file's own."""
    if args.pbn is None:
        return None
    from xlbridge.io.score_event import pbn_of

    if args.deals is not None:
        event = replace(event, hands={("", board): deal for board, deal in hands.items()})
    return pbn_of(result, event, analyses)


def write_pbn_file(args: argparse.Namespace, data: bytes | None, result: SessionResult) -> None:
    """Write the --pbn file made by :func:`pbn_first`, atomically."""
    if args.pbn is None or data is None:
        return
    from xlbridge.cli.common import bytes_writer
    from xlbridge.io.files import write_atomically

    write_atomically(args.pbn, bytes_writer(data), force=args.force)
    if result.method == "acbl":
        print(ACBL_PBN_NOTE, file=sys.stderr)
