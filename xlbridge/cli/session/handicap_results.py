"""``xlbridge session … --handicap-results MONTH.csv``: the evening added to a month's results
file for ``xlbridge handicap update --results`` (Project 52), once.

Each ranking of the evening is one competition: one for a Howell or a one-winner Mitchell, two
for a two-winner Mitchell (``ID-NS`` and ``ID-EW``), one per section unless ranked across the
field (``ID-A``, ``ID-A-NS``). The id ``ID`` is the event's name made a slug (lower case,
letters and digits, every other run of characters one ``-``) and the date in ISO form:
``--event "Tuesday Pairs" --date 2026-11-03`` gives ``tuesday-pairs-2026-11-03``. Each pair's
row is what a scorer would type from the ranking: matchpoints (mp, acbl) are ``topscore``
with the pair's percentage, cross-IMPs ``imp`` with its IMPs per board, Butler ``imp`` with
its IMPs per board and ``datum`` yes; ``boards`` the most boards a pair of the ranking played,
``played`` the pair's own when fewer. The players are the member ids of the names file's
``ids`` column (:mod:`xlbridge.io.travellers.pair_ids`). How the file is added to:
:mod:`xlbridge.io.handicap.results_append`.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.cli.common import require_csv
from xlbridge.errors import InputError

if TYPE_CHECKING:
    from xlbridge.io.event_files.contents import EventFile
    from xlbridge.io.handicap.results_append import Appended, Competition, Entry
    from xlbridge.io.travellers.pair_ids import PairIds
    from xlbridge.scoring.session import PairResult, SessionResult

OPTION = "--handicap-results"
#: The results file's method and datum for each session method.
METHODS = {
    "mp": ("topscore", False),
    "acbl": ("topscore", False),
    "ximp": ("imp", False),
    "butler": ("imp", True),
}


def add_handicap_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        OPTION,
        type=Path,
        metavar="MONTH.csv",
        help="also add the evening to a month's results for `xlbridge handicap update` "
        "(once; the member ids from --names' ids column) (default: not written)",
    )


def check_handicap_option(args: argparse.Namespace) -> None:
    """Before any work: a .csv that may be written, and a names file for the member ids."""
    from xlbridge.io.files import check_replaceable, check_writable

    path = args.handicap_results
    if path is None:
        return
    require_csv(path, OPTION)
    if args.names is None:
        raise InputError(
            f"{OPTION} needs the players' member ids: give --names PAIRS.csv with an ids "
            "column (1023+1187)"
        )
    if path.is_file():
        check_replaceable(path, force=args.force)
    else:
        check_writable(path)


def handicap_first(
    args: argparse.Namespace, event: EventFile, result: SessionResult, named: bool
) -> Appended | None:
    """What adding the evening makes of the --handicap-results file, worked out before any
    output is written (None: not asked for). ``named``: the event's name was given or read
    from the input (a traveller CSV's file name is not an event's)."""
    from xlbridge.io.handicap.results_append import appended_results
    from xlbridge.io.travellers.pair_ids import read_pair_ids

    if args.handicap_results is None:
        return None
    evening = competition_id(event.description if named else "", event.date, args.travellers)
    ids = read_pair_ids(args.names)
    competitions = list(_competitions(result, ids, evening, args.names))
    return appended_results(args.handicap_results, competitions)


def write_handicap_results(args: argparse.Namespace, appended: Appended | None) -> list[Path]:
    """Write the file (atomically; adding needs no --force) and say what was done; the file
    written, if any."""
    from xlbridge.cli.common import bytes_writer
    from xlbridge.io.files import write_atomically

    if appended is None:
        return []
    path: Path = args.handicap_results
    if appended.data is not None:
        write_atomically(path, bytes_writer(appended.data), force=True)
    if appended.appended:
        print(f"{path}: added {', '.join(appended.appended)}", file=sys.stderr)
    if appended.replaced:
        print(
            f"{path}: replaced the rows of {', '.join(appended.replaced)} with this scoring "
            "(a register that has applied them already keeps the earlier rows)",
            file=sys.stderr,
        )
    if appended.unchanged:
        print(f"{path}: already holds {', '.join(appended.unchanged)}; unchanged", file=sys.stderr)
    return [] if appended.data is None else [path]


def competition_id(event: str, day: str, travellers: Path) -> tuple[str, date]:
    """The evening's competition id (the event's slug and the date in ISO form) and date."""
    from xlbridge.io.usebio.dates import calendar_date

    slug = slug_of(event)
    if not slug:
        raise InputError(
            f"{OPTION} names the evening's competition by the event and date: give --event NAME"
        )
    found = calendar_date(day) if day else None
    if found is None:
        said = f"its date {day!r} is not a calendar date" if day else f"{travellers} gives none"
        raise InputError(f"{OPTION} needs the event's date and {said}: give --date YYYY-MM-DD")
    return f"{slug}-{found.isoformat()}", found


def slug_of(text: str, lower: bool = True) -> str:
    """``text`` (in lower case unless not ``lower``), its runs of letters and digits joined
    by "-"."""
    return "-".join(re.findall(r"[^\W_]+", text.lower() if lower else text))


def _competitions(
    result: SessionResult, ids: PairIds, evening: tuple[str, date], names: Path
) -> Iterator[Competition]:
    """The evening's competitions, one per ranking; every pair must have its member ids."""
    from xlbridge.io.handicap.results_append import Competition
    from xlbridge.io.travellers.session_csv import pair_names

    if result.method == "ximp" and result.divisor != "comparisons":
        raise InputError(
            f"{OPTION} takes cross-IMPs per comparison, as the handicap's IMPs per board: "
            f"score with --divisor comparisons (not {result.divisor})"
        )
    missing = [_shown_pair(result, pair) for pair in result.pairs if not pair_names(ids, pair)]
    if missing:
        raise InputError(
            f"{OPTION}: {names} gives no member ids for pair{'s' if len(missing) > 1 else ''} "
            f"{', '.join(missing)}; type them in its ids column (1023+1187)"
        )
    method, datum = METHODS[result.method]
    several = len(result.sections) > 1 and not result.across_field
    for section, direction, pairs in result.rankings():
        parts = [evening[0], slug_of(section, lower=False) if several else "", direction]
        yield Competition(
            id="-".join(part for part in parts if part),
            date=evening[1],
            method=method,
            datum=datum,
            boards=max(pair.boards for pair in pairs),
            entries=tuple(_entry(result, pair, pair_names(ids, pair)) for pair in pairs),
        )


def _entry(result: SessionResult, pair: PairResult, ids: str) -> Entry:
    from xlbridge.io.handicap.results_append import Entry

    value = pair.percentage if result.unit == "MP" else pair.per_board
    if not math.isfinite(value):
        raise InputError(f"{OPTION}: pair {_shown_pair(result, pair)} has no result to add")
    return Entry(tuple(ids.split("+")), pair.boards, value)


def _shown_pair(result: SessionResult, pair: PairResult) -> str:
    """A pair as a message names it: its section, direction and number ("A NS 3")."""
    direction = pair.direction if result.winners == 2 else ""
    return " ".join(part for part in (pair.section, direction, pair.label) if part)
