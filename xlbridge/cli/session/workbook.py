"""What the typed pairs-session workbook adds to ``xlbridge session``, and the event's name,
date and club on what it writes.

``xlbridge session EVENING.xlsx`` reads the lines typed into the workbook of ``xlbridge
template pairs-session`` (see :mod:`xlbridge.io.pairs_session_workbook`) and scores them with the
same core as a traveller CSV: one winner or two as the workbook's Pairs sheet says (a Mitchell lists
NS and EW pairs) unless ``--winners`` says otherwise, matchpoints unless ``--method`` says
otherwise, the names typed on its Pairs sheet unless ``--names`` is given, and the event, date
and club typed in its title row unless ``--event``, ``--date`` or ``--club`` are given.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from xlbridge.cli.common import about, event_options, event_text
from xlbridge.errors import InputError
from xlbridge.io.event_files.contents import EventFile
from xlbridge.scoring.session import SessionOptions, SessionResult


def score_workbook(
    args: argparse.Namespace, options: SessionOptions
) -> tuple[EventFile, SessionResult, dict[tuple[str, str, str], str], list[str]]:
    """Read and score the typed workbook (its number of winners unless ``options`` give one);
    the event (for USEBIO), result, names, and the warnings and results a director would
    query."""
    from xlbridge.cli.session.event_files import csv_event
    from xlbridge.cli.session.queries import workbook_queries
    from xlbridge.io.pairs_session_workbook import read_session_workbook
    from xlbridge.io.travellers.session_csv import read_names
    from xlbridge.scoring.session import score_session

    path: Path = args.travellers
    book = read_session_workbook(path)
    names = read_names(args.names) if args.names is not None else book.names
    with about(path):  # the workbook's own number of winners; a datum rounding for butler only
        chosen = options.for_file(None, book.winners)
    traveller = book.traveller
    both = [str(traveller.pairs[i]) for i in set(traveller.ns_pair) & set(traveller.ew_pair)]
    if book.winners == 1 and chosen.winners == "2" and both:
        raise InputError(
            f"{path}: pair {min(both, key=lambda p: (len(p), p))} sits both NS and EW (a Howell): "
            "--winners 2 would rank it twice, once a direction; leave it out"
        )
    with about(path):
        result = score_session(book.traveller, options=chosen)
    if args.compare:  # the workbook's own calculated results, to compare with ours
        from xlbridge.io.pairs_session_results import workbook_results

        if not all(str(pair).isdigit() for pair in traveller.pairs):
            raise InputError(
                f"{path}: --compare reads a workbook whose pairs are numbered; this one lists an "
                "arrow-switched Mitchell's pairs as 1NS, 1EW ... (compare its Ranking sheet)"
            )

        listed = workbook_results(book)
        event = replace(csv_event(path, names), lines=listed.lines, pairs=listed.pairs)
        event.program = "the workbook's formulas"
    else:
        event = csv_event(path, names)
    typed = {
        key: event_text(value, f"{path}: the {key.title()} typed in the title row")
        for key, value in book.event.items()
    }
    event = replace(
        event,
        description=typed.get("event", ""),
        date=typed.get("date", ""),
        club=typed.get("club", ""),
    )
    return event, result, names, [*book.warnings, *workbook_queries(book)]


def with_event_options(args: argparse.Namespace, event: EventFile) -> EventFile:
    """``event`` with --event, --date and --club where given (they win over the file's)."""
    given = event_options(args)
    return replace(
        event,
        description=given.get("event", event.description),
        date=given.get("date", event.date),
        club=given.get("club", event.club),
    )


def pack_heading(event: EventFile, named: bool) -> dict[str, str]:
    """The results pack's event and date: the event's name when ``named`` (given, or carried
    by the file: a CSV's own file name is not an event's), then the club; each cut for the
    page (:func:`xlbridge.io.bounds.display_text`)."""
    from xlbridge.io.bounds import display_text

    parts = [part for part in (event.description if named else "", event.club) if part]
    return {"event": " — ".join(map(display_text, parts)), "date": display_text(event.date)}


#: The files ``xlbridge session`` reads and writes, by option (the first is the session file).
INPUTS = ("travellers", "names", "deals")
OUTPUTS = {
    "output": "-o",
    "ranking": "--ranking",
    "usebio": "--usebio",
    "pbn": "--pbn",
    "html": "--html",
    "handicap_results": "--handicap-results",
}


def check_distinct(args: argparse.Namespace) -> None:
    """Before any work: no output names an input of the run (even with --force: the typed
    evening workbook would be replaced by its own results pack) or another output (the first
    would be written, then the second refused)."""
    inputs = {Path(p).resolve() for p in (getattr(args, k, None) for k in INPUTS) if p}
    seen: dict[Path, str] = {}
    for key, option in OUTPUTS.items():
        path = getattr(args, key, None)
        if path is None:
            continue
        where = Path(path).resolve()
        if where in inputs:
            raise InputError(f"{option} {path} is an input of this run: write to another name")
        if where in seen:
            raise InputError(f"{seen[where]} and {option} both name {path}: give each its own")
        seen[where] = option
