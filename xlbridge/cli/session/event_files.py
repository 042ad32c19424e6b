"""What event files add to ``xlbridge session``: USEBIO and PBN input, --compare, --usebio.

``xlbridge session FILE`` reads a USEBIO ``.xml`` or a PBN ``.pbn`` file as well as a traveller
CSV. The scoring method comes from the file (USEBIO EVENT_TYPE MP_PAIRS → mp, CROSS_IMPS or
CROSS_IMP → ximp, BUTLER_PAIRS → butler; a PBN file's Scoring tag) unless ``--method`` says
otherwise, and one or two winners from USEBIO's WINNER_TYPE unless ``--winners`` says otherwise.
``--compare`` prints every difference between the file's own numbers and ours, then a summary
line, and exits 3 when there is one (0 when all agree); ``--usebio OUT.xml`` writes the scored
session as USEBIO 1.2 (atomically; an existing file only with ``--force``), from any input, in
the one layout results sites read (see :mod:`xlbridge.io.usebio.write`), with the deals of the
input and of ``--deals`` in its HANDSET. It needs the event's date: ``--date`` (YYYY-MM-DD or
DD/MM/YYYY), else the input's own (a USEBIO DATE, a PBN Date, the typed workbook's date cell);
any other ``--date``, or no date at all, is refused before anything is written.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

from xlbridge.cli.common import bytes_writer, require_suffix
from xlbridge.errors import InputError
from xlbridge.io.event_files.compare import compare
from xlbridge.io.event_files.contents import EventFile, Pair, award, award_text
from xlbridge.io.files import write_atomically
from xlbridge.io.score_event import is_event_file, read_event, score_event, usebio_of
from xlbridge.io.usebio.dates import typed_date, usebio_date
from xlbridge.scoring.checks import shown
from xlbridge.scoring.session import SessionOptions, SessionResult

#: Said when ACBL matchpoints go to USEBIO, which knows 2 per win only.
ACBL_NOTE = (
    "note: USEBIO has no 1-per-win matchpoints: the file gives them at 2 per win (every "
    "matchpoint and total doubled; percentages and places the same)"
)
#: Exit status of ``--compare`` when the numbers differ.
EXIT_DIFFERENT = 3
#: Pair names by (section, direction, pair), as the session command prints them.
Names = Mapping[tuple[str, str, str], str]


def check_file_options(args: argparse.Namespace) -> None:
    """Before any work: the --usebio file may be written (and --date is a date it can hold),
    --compare has something to use."""
    if args.usebio is not None:
        if args.usebio.exists() and not args.force:
            raise InputError(f"{args.usebio} already exists; use --force to overwrite it")
        require_suffix(args.usebio, "--usebio", {".xml": "USEBIO XML"})
        if getattr(args, "date", None) is not None and typed_date(args.date) is None:
            raise InputError(
                f"--date: USEBIO needs a calendar date, written YYYY-MM-DD or DD/MM/YYYY, got "
                f"{shown(args.date)}"
            )
    if args.compare and not _has_own_results(args.travellers):
        raise InputError(
            f"{args.travellers}: --compare needs an event file (USEBIO .xml or PBN .pbn) that "
            "carries its program's results, or a pairs-session workbook saved by a spreadsheet"
        )


def score_event_file(
    args: argparse.Namespace, options: SessionOptions
) -> tuple[EventFile, SessionResult]:
    """Read the event file and score it with the file's method unless --method is given."""
    path: Path = args.travellers
    event = read_event(path)
    if args.compare and not _has_results(event):
        raise InputError(f"{path}: --compare: the file carries no results of its own")
    return event, score_event(event, options=options)


#: A pair's key: (section, direction, pair).
Key = tuple[str, str, str]


def awards_of(event: EventFile) -> dict[Key, str]:
    """The masterpoints awarded in the file ("0.08 Green"), keyed as names are."""
    return _keyed(event, award_text)


def award_columns_of(event: EventFile) -> tuple[dict[Key, str], dict[Key, str]]:
    """The ranking CSV's two award columns, keyed as names are: each awarded pair's
    masterpoints as a number ("0.08") and their type ("Green"); a pair with none is absent."""
    awarded = {pair: given for pair in event.pairs if (given := award(pair)) is not None}
    amounts = _keyed(event, lambda pair: f"{awarded[pair][0]:.2f}" if pair in awarded else "")
    return amounts, _keyed(event, lambda pair: awarded[pair][1] if pair in awarded else "")


def names_of(event: EventFile) -> dict[tuple[str, str, str], str]:
    """The file's pair names, keyed as the session command looks them up."""
    return _keyed(event, lambda pair: " & ".join(n for n in pair.names if n))


def _keyed(event: EventFile, value: Callable[[Pair], str]) -> dict[tuple[str, str, str], str]:
    """Each pair's ``value`` (left out when blank) under (section, direction, pair), and also
    under (section, "", pair) when no other pair of the section has that number: a file may
    give the direction a pair sat where its ranking has none (Ruter's "N-S" in a Howell)."""
    numbers = Counter((pair.section, pair.number) for pair in event.pairs)
    keyed: dict[tuple[str, str, str], str] = {}
    for pair in event.pairs:
        text = value(pair)
        if not text:
            continue
        keyed[(pair.section, pair.direction, str(pair.number))] = text
        if pair.direction and numbers[(pair.section, pair.number)] == 1:
            keyed.setdefault((pair.section, "", str(pair.number)), text)
    return keyed


def hands_by_board(event: EventFile) -> dict[int, str]:
    """The file's deals by board number (PBN deal strings), as the results pack takes them;
    sections sharing board numbers are expected to share the boards' deals."""
    return {board: deal for (_, board), deal in sorted(event.hands.items())}


def csv_event(path: Path, names: Names) -> EventFile:
    """What a traveller CSV gives a USEBIO file besides its lines: the pairs' names."""
    pairs = [
        Pair(section, int(pair), direction, tuple(n.strip() for n in text.split("&")))
        for (section, direction, pair), text in names.items()
        if pair.isascii() and pair.isdigit()  # pair numbers: the names reader bounds them
    ]
    return EventFile(str(path), description=path.stem, pairs=pairs)


def usebio_first(args: argparse.Namespace, event: EventFile, result: SessionResult) -> bytes | None:
    """The --usebio file's bytes, made before any output is written (None: not asked for).
    The event's date is --date, else the input's own (a USEBIO DATE, a PBN Date, the typed
    workbook's date cell); without one that is a calendar date, nothing is written."""
    if args.usebio is None:
        return None
    if usebio_date(event.date) is None:
        said = (
            f"the date of {args.travellers}, {shown(event.date)}, is not a calendar date"
            if event.date
            else f"{args.travellers} gives none"
        )
        raise InputError(
            f"--usebio needs the event's date and {said}: give --date YYYY-MM-DD or DD/MM/YYYY"
        )
    return usebio_of(result, event)


def with_deals(event: EventFile, hands: Mapping[int, str]) -> EventFile:
    """``event`` with the session's deals by board (the file's own and --deals), for the
    HANDSET of --usebio."""
    return replace(event, hands={("", board): deal for board, deal in sorted(hands.items())})


def finish_file_options(
    args: argparse.Namespace, event: EventFile, result: SessionResult, usebio: bytes | None
) -> int:
    """Write --usebio (``usebio``: its bytes, from :func:`usebio_first`), then print
    --compare's differences; the command's exit status."""
    if args.usebio is not None and usebio is not None:
        write_atomically(args.usebio, bytes_writer(usebio), force=args.force)
        if result.method == "acbl":
            print(ACBL_NOTE, file=sys.stderr)
        unnamed = usebio.count(b"<PLAYER_NAME></PLAYER_NAME>")
        if unnamed:
            print(unnamed_note(unnamed, args.usebio), file=sys.stderr)
    if not args.compare:
        return 0
    comparison = compare(event, result)
    for difference in comparison.differences:
        print(difference)
    print(comparison.summary(event.program))
    return 0 if comparison.agree else EXIT_DIFFERENT


def unnamed_note(players: int, path: Path) -> str:
    """Said when the USEBIO file has players without a name: the ABF's results site needs
    every name (it title-cases each one as it records the players' results)."""
    who = "1 player has" if players == 1 else f"{players} players have"
    return (
        f"note: {who} no name in {path}; results sites such as the ABF's need every "
        "player's name (give them with --names PAIRS.csv)"
    )


def _has_own_results(path: Path) -> bool:
    """Whether the input can carry its program's results: an event file, or a workbook whose
    formulas a spreadsheet calculated."""
    from xlbridge.io.pairs_session_workbook import is_session_workbook

    return is_event_file(path) or is_session_workbook(path)


def _has_results(event: EventFile) -> bool:
    return any(line.theirs_ns or line.theirs_ew for line in event.lines) or any(
        pair.total or pair.percentage or pair.place for pair in event.pairs
    )
