"""``xlbridge session FILE.xml|FILE.pbn``: rescore an event file, compare, write USEBIO.

The scoring method comes from the file (USEBIO EVENT_TYPE MP_PAIRS → mp, CROSS_IMP → ximp,
BUTLER_PAIRS → butler; a PBN file's Scoring tag) unless ``--method`` says otherwise.
``--compare`` prints every difference between the file's own numbers and ours and exits 3
when there is one (0 when all agree); ``--usebio OUT.xml`` writes the scored event as USEBIO
1.2 (atomically; an existing file only with ``--force``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from xlbridge.core.session import METHODS, SessionResult, score_session
from xlbridge.core.validate import InputError
from xlbridge.files import write_atomically
from xlbridge.formats.compare import compare
from xlbridge.formats.pbn import read_pbn
from xlbridge.formats.results import EventFile, Pair
from xlbridge.formats.session_io import number_text, scored_lines, scored_pairs, traveller_of
from xlbridge.formats.usebio import read_usebio, usebio_bytes

#: Exit status of ``--compare`` when the numbers differ.
EXIT_DIFFERENT = 3
READERS: dict[str, Callable[[Path], EventFile]] = {".xml": read_usebio, ".pbn": read_pbn}


def is_event_file(path: Path) -> bool:
    """Whether ``path`` is read by this module (USEBIO .xml or .pbn) rather than as CSV."""
    return path.suffix.lower() in READERS


def read_event(path: Path) -> EventFile:
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    return READERS[path.suffix.lower()](path)


def add_file_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``xlbridge session`` that event files add."""
    parser.add_argument(
        "--compare", action="store_true",
        help="list every difference from the file's own results (exit 3 if any)",
    )  # fmt: skip
    parser.add_argument("--usebio", type=Path, metavar="OUT.xml", help="write USEBIO 1.2 here")


def write_usebio(
    path: Path, result: SessionResult, event: EventFile, *, force: bool = False
) -> None:
    """Write ``result`` as a USEBIO 1.2 file (names, hands and title from ``event``)."""
    method = "mp" if result.method == "acbl" else result.method
    data = usebio_bytes(
        event, method, scored_lines(result), scored_pairs(result, event.pairs), result.winners
    )
    write_atomically(path, lambda tmp: tmp.write_bytes(data), force=force)


def format_ranking(result: SessionResult, listed: list[Pair]) -> str:
    """The ranking as printed: place, pair, names, score and percentage (at matchpoints)."""
    names = {(p.section, p.number): " & ".join(n for n in p.names if n) for p in listed}
    out = []
    for section in result.sections:
        for direction in result.directions:
            heading = " ".join(filter(None, (f"Section {section}" if section else "", direction)))
            out.append(heading or "Ranking")
            for pair in result.ranking(section, direction):
                name = names.get((pair.section, int(pair.pair)) if pair.pair.isdigit() else None, "")
                score = number_text(pair.score)
                percent = f"{pair.percentage:6.2f}%" if result.unit == "MP" else ""
                out.append(f"{pair.place:>4} {pair.pair:>4}  {name:<36.36} {score:>8} {percent}")
    return "\n".join(out) + "\n"


def run_event_file(args: argparse.Namespace) -> int:
    """Read, score, print the ranking; then ``--usebio`` and ``--compare``."""
    path: Path = args.file
    usebio: Path | None = getattr(args, "usebio", None)
    if usebio is not None and usebio.exists() and not args.force:
        raise InputError(f"{usebio} already exists; use --force to overwrite it")
    event = read_event(path)
    method = args.method or event.method or "mp"
    if method not in METHODS:
        raise InputError(f"--method must be one of {', '.join(METHODS)}, got {method!r}")
    if args.compare and not _has_results(event):
        raise InputError(f"{path}: --compare: the file carries no results of its own")
    try:
        result = score_session(
            traveller_of(event), method, winners=args.winners, across_field=args.across_field
        )
    except InputError as error:
        message = str(error)
        raise InputError(message if message.startswith(str(path)) else f"{path}: {message}") from None
    sys.stdout.write(format_ranking(result, event.pairs))
    if usebio is not None:
        write_usebio(usebio, result, event, force=args.force)
        print(f"wrote {usebio}", file=sys.stderr)
    if not args.compare:
        return 0
    comparison = compare(event, result)
    for difference in comparison.differences:
        print(difference)
    print(comparison.summary(event.program))
    return 0 if comparison.agree else EXIT_DIFFERENT


def _has_results(event: EventFile) -> bool:
    return any(line.theirs_ns or line.theirs_ew for line in event.lines) or any(
        pair.total or pair.percentage or pair.place for pair in event.pairs
    )


def add_session_parser(commands: argparse._SubParsersAction) -> None:
    """Register ``xlbridge session FILE`` for event files (USEBIO .xml, PBN .pbn)."""
    session = commands.add_parser(
        "session",
        help="rescore an event file (USEBIO .xml, PBN .pbn)",
        description="Score a pairs event from a USEBIO or PBN results file, print the ranking, "
        "compare with the file's own results (--compare) and write USEBIO (--usebio).",
    )
    session.add_argument("file", type=Path, help="the event file (.xml USEBIO, .pbn)")
    session.add_argument("--method", help=f"one of {', '.join(METHODS)} (default: the file's)")
    session.add_argument("--winners", default="auto", help="auto (default), 1 or 2")
    session.add_argument(
        "--across-field", action="store_true", help="score all sections as one field"
    )
    add_file_options(session)
    session.add_argument("--force", action="store_true", help="overwrite an existing file")
    session.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    if not is_event_file(args.file):
        raise InputError(f"{args.file}: the file must be USEBIO (.xml) or PBN (.pbn)")
    return run_event_file(args)
