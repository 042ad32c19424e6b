"""``--html DIR``: the results site of ``xlbridge session`` (see :mod:`xlbridge.web.site`).

The folder is checked before any work (an existing one is replaced only with ``--force``)
and written as a whole after the scoring, from the same scored session every input gives.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.scoring.wording import plural

if TYPE_CHECKING:  # the options are built before numpy loads
    from xlbridge.io.event_files.contents import EventFile
    from xlbridge.scoring.double_dummy import BoardAnalysis
    from xlbridge.scoring.session import SessionResult


def add_html_option(
    parser: argparse.ArgumentParser,
    pages: str = "the ranking, a page per board and a score card per pair",
) -> None:
    """The ``--html DIR`` option of a command that writes a results site of ``pages``."""
    parser.add_argument(
        "--html",
        type=Path,
        metavar="DIR",
        help=f"also write the results as a web site into the folder DIR: {pages} "
        "(default: not written)",
    )


def check_html(args: argparse.Namespace) -> None:
    """Before any work: the --html folder may be written (new, or --force)."""
    if args.html is not None:
        from xlbridge.io.folders import check_folder

        check_folder(args.html, force=args.force)


def write_html(
    args: argparse.Namespace,
    result: SessionResult,
    names: Mapping[tuple[str, str, str], str],
    hands: Mapping[int, str],
    event: EventFile,
    analyses: Mapping[int, BoardAnalysis] | None = None,
) -> str | None:
    """Write the --html site, if asked for; what the summary line says of it ("DIR (a site of
    N pages)"; None: not asked for)."""
    if args.html is None:
        return None
    from xlbridge.cli.session.event_files import awards_of
    from xlbridge.io.bounds import display_text
    from xlbridge.web.site import write_site

    pages = write_site(
        args.html,
        result,
        names,
        hands,
        event=display_text(event.description),
        date=display_text(event.date),
        club=display_text(event.club),
        masterpoints=awards_of(event),
        analyses=analyses,
        force=args.force,
    )
    return f"{args.html} (a site of {plural(pages, 'page')})"
