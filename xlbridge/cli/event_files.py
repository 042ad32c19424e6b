"""What event files add to ``xlbridge session``: USEBIO and PBN input, --compare, --usebio.

``xlbridge session FILE`` reads a USEBIO ``.xml`` or a PBN ``.pbn`` file as well as a traveller
CSV. The scoring method comes from the file (USEBIO EVENT_TYPE MP_PAIRS → mp, CROSS_IMP → ximp,
BUTLER_PAIRS → butler; a PBN file's Scoring tag) unless ``--method`` says otherwise, and
one or two winners from USEBIO's WINNER_TYPE unless ``--winners`` says otherwise.
``--compare`` prints every difference between the file's own numbers and ours, then a summary
line, and exits 3 when there is one (0 when all agree); ``--usebio OUT.xml`` writes the scored
session as USEBIO 1.2 (atomically; an existing file only with ``--force``), from any input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from xlbridge.errors import InputError
from xlbridge.io.compare import compare
from xlbridge.io.event_file import EventFile, Pair
from xlbridge.io.files import write_atomically
from xlbridge.io.pbn import read_pbn
from xlbridge.io.session_io import scored_lines, scored_pairs, traveller_of
from xlbridge.io.usebio import read_usebio, usebio_bytes
from xlbridge.scoring.checks import choice
from xlbridge.scoring.session import METHODS, SessionResult, datum_rounding_for, score_session

#: Exit status of ``--compare`` when the numbers differ.
EXIT_DIFFERENT = 3
READERS: dict[str, Callable[[Path], EventFile]] = {".xml": read_usebio, ".pbn": read_pbn}
#: Pair names by (section, direction, pair), as the session command prints them.
Names = Mapping[tuple[str, str, str], str]


def is_event_file(path: Path) -> bool:
    """Whether ``path`` is a USEBIO (.xml) or PBN (.pbn) file rather than a traveller CSV."""
    return path.suffix.lower() in READERS


def read_event(path: Path) -> EventFile:
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    return READERS[path.suffix.lower()](path)


def check_file_options(args: argparse.Namespace) -> None:
    """Before any work: the --usebio file may be written, --compare has something to use."""
    if args.usebio is not None:
        if args.usebio.exists() and not args.force:
            raise InputError(f"{args.usebio} already exists; use --force to overwrite it")
        if args.usebio.suffix.lower() != ".xml":
            raise InputError(f"--usebio must name an .xml file, got {args.usebio}")
    if args.compare and not is_event_file(args.travellers):
        raise InputError(
            f"{args.travellers}: --compare needs an event file (USEBIO .xml or PBN .pbn) that "
            "carries its program's results"
        )


def score_event_file(args: argparse.Namespace) -> tuple[EventFile, SessionResult]:
    """Read the event file and score it with the file's method unless --method is given."""
    path: Path = args.travellers
    event = read_event(path)
    method = choice("method", args.method or event.method or "mp", METHODS)
    if args.compare and not _has_results(event):
        raise InputError(f"{path}: --compare: the file carries no results of its own")
    traveller = traveller_of(event)
    try:
        winners = event.winners if args.winners == "auto" and event.winners else args.winners
        rounding = datum_rounding_for(method, args.datum_rounding)
        result = score_session(
            traveller, method, winners, args.across_field, args.factoring, rounding
        )
    except InputError as error:
        message = str(error)
        raise InputError(
            message if message.startswith(str(path)) else f"{path}: {message}"
        ) from None
    return event, result


def names_of(event: EventFile) -> dict[tuple[str, str, str], str]:
    """The file's pair names, keyed as the session command looks them up."""
    return {
        (pair.section, pair.direction, str(pair.number)): " & ".join(n for n in pair.names if n)
        for pair in event.pairs
        if any(pair.names)
    }


def hands_by_board(event: EventFile) -> dict[int, str]:
    """The file's deals by board number (PBN deal strings), as the results pack takes them;
    sections sharing board numbers are expected to share the boards' deals."""
    return {board: deal for (_, board), deal in sorted(event.hands.items())}


def csv_event(path: Path, names: Names) -> EventFile:
    """What a traveller CSV gives a USEBIO file besides its lines: the pairs' names."""
    pairs = [
        Pair(section, int(pair), direction, tuple(n.strip() for n in text.split("&")))
        for (section, direction, pair), text in names.items()
        if pair.isdigit()
    ]
    return EventFile(str(path), description=path.stem, pairs=pairs)


def finish_file_options(args: argparse.Namespace, event: EventFile, result: SessionResult) -> int:
    """Write --usebio, then print --compare's differences; the command's exit status."""
    if args.usebio is not None:
        write_usebio(args.usebio, result, event, force=args.force)
        print(f"wrote {args.usebio}", file=sys.stderr)
    if not args.compare:
        return 0
    comparison = compare(event, result)
    for difference in comparison.differences:
        print(difference)
    print(comparison.summary(event.program))
    return 0 if comparison.agree else EXIT_DIFFERENT


def write_usebio(
    path: Path, result: SessionResult, event: EventFile, *, force: bool = False
) -> None:
    """Write ``result`` as a USEBIO 1.2 file (names, hands and title from ``event``)."""
    method = "mp" if result.method == "acbl" else result.method
    data = usebio_bytes(
        event, method, scored_lines(result), scored_pairs(result, event.pairs), result.winners
    )

    def write(tmp: Path) -> None:
        tmp.write_bytes(data)

    write_atomically(path, write, force=force)


def _has_results(event: EventFile) -> bool:
    return any(line.theirs_ns or line.theirs_ew for line in event.lines) or any(
        pair.total or pair.percentage or pair.place for pair in event.pairs
    )
