"""``xlbridge session``: score a pairs session from its traveller file and rank the pairs.

    xlbridge session TRAVELLERS.csv [--method mp|acbl|ximp|butler] [--winners auto|1|2]
        [--names PAIRS.csv] [--across-field] [--factoring most-played|available]
        [--datum-rounding away|even] [--trim] [--divisor comparisons|scores|none]
        [--totals factored|raw]
        [--ranking RANKING.csv] [-o RESULTS.xlsx] [--html DIR] [--pbn OUT.pbn] [--force]
        [--handicap-results MONTH.csv]

Prints the ranking per section and direction (place, pair, names, score, %); ``--ranking``
writes it as CSV (section, direction, pair, names, boards, score, top, percentage, place);
``-o`` writes the printable results pack (ranking, travellers, personal score cards);
``--html DIR`` the same as a web site (see :mod:`xlbridge.cli.session.site`); ``--pbn OUT.pbn``
the scored session as PBN results, from any input (see :mod:`xlbridge.cli.session.pbn_output`);
``--handicap-results MONTH.csv`` adds the evening to a month's handicap results, once (see
:mod:`xlbridge.cli.session.handicap_results`).
TRAVELLERS may also be a USEBIO (.xml) or PBN (.pbn) event file, with ``--compare`` and
``--usebio OUT.xml`` (see :mod:`xlbridge.cli.session.event_files`); its deals go on the pack; or the
typed pairs-session workbook (.xlsx, see :mod:`xlbridge.cli.session.workbook`). ``--event``,
``--date`` and ``--club`` head the pack and go into USEBIO.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, cast

from xlbridge.cli.common import (
    WORKBOOK,
    Commands,
    about,
    add_event_options,
    require_csv,
    require_new,
    require_suffix,
    text_writer,
)
from xlbridge.cli.deals import add_session_options as add_deals_options
from xlbridge.cli.progress import Progress
from xlbridge.cli.progress import add_options as add_progress_options
from xlbridge.cli.session.handicap_results import (
    add_handicap_option,
    check_handicap_option,
    handicap_first,
    write_handicap_results,
)
from xlbridge.cli.session.pbn_output import add_pbn_option, check_pbn, pbn_first, write_pbn_file
from xlbridge.cli.session.site import add_html_option, check_html, write_html
from xlbridge.io.files import write_atomically

# Building the options imports nothing heavy (see xlbridge.cli.parser); the scoring loads on use.
from xlbridge.scoring.names import FACTORINGS, TOTALS, shown_options
from xlbridge.scoring.names import SESSION_METHODS as METHODS

if TYPE_CHECKING:
    from xlbridge.io.event_files.contents import EventFile
    from xlbridge.scoring.session import PairResult, SessionOptions, SessionResult

Names = Mapping[tuple[str, str, str], str]
RANKING_COLUMNS = (
    "section",
    "direction",
    "pair",
    "names",
    "boards",
    "score",
    "top",
    "percentage",
    "place",
)


def add_session_parser(commands: Commands) -> None:
    """Register ``xlbridge session`` on the command line's sub-commands."""
    session = commands.add_parser(
        "session",
        help="score and rank a pairs session (traveller .csv, USEBIO .xml, PBN .pbn)",
        description="Score a pairs session: traveller lines with pair numbers and a score, an "
        "adjusted score (A60/40), NP, or a contract, declarer and result (see "
        "docs/file-formats.md); prints the ranking per direction.",
    )
    session.add_argument(
        "travellers",
        type=Path,
        help="the session: a traveller .csv, a USEBIO .xml or PBN .pbn file, or a typed "
        "pairs-session .xlsx",
    )
    _add_scoring_options(session)
    session.add_argument(
        "--names", type=Path, help="a .csv of pair names (pair, names) (default: none)"
    )
    session.add_argument(
        "--ranking", type=Path, help="also write the ranking as .csv (default: not written)"
    )
    session.add_argument(
        "-o",
        "--output",
        type=Path,
        help="also write the printable results pack (.xlsx) (default: not written)",
    )
    session.add_argument(
        "--compare",
        action="store_true",
        help="event files: list every difference from the file's own results (exit 3 if any)",
    )
    session.add_argument(
        "--usebio",
        type=Path,
        metavar="OUT.xml",
        help="also write USEBIO 1.2, dated by --date (YYYY-MM-DD or DD/MM/YYYY) or the "
        "input's own date (default: not written)",
    )
    add_html_option(session)
    add_pbn_option(session)
    add_handicap_option(session)
    session.add_argument("--force", action="store_true", help="overwrite an existing file")
    add_deals_options(session)
    add_event_options(session)
    add_progress_options(session)
    session.set_defaults(run=run_session)


def _add_scoring_options(session: argparse.ArgumentParser) -> None:
    """The options of :class:`~xlbridge.scoring.session.SessionOptions`, each of its name."""
    session.add_argument(
        "--method", help=f"one of {shown_options(METHODS)} (default: mp, or the event file's)"
    )
    session.add_argument("--winners", default="auto", help="auto, 1 or 2")
    session.add_argument(
        "--across-field", action="store_true", help="compare and rank every section together"
    )
    session.add_argument(
        "--factoring",
        default="most-played",
        help=f"one of {shown_options(FACTORINGS)}: "
        "boards played fewer times are Neuberg-factored to the most-played board's count, or "
        "scored over their own top; none: no Neuberg at all, not even on a board with an "
        "artificial score (as BBO's result pages)",
    )
    session.add_argument(
        "--totals",
        default="factored",
        help=f"one of {shown_options(TOTALS)}: a pair that played fewer boards than the most "
        "played in its ranking shows its matchpoint total factored to that number (total x "
        "most / its boards; its %% unchanged), or the plain sum",
    )
    session.add_argument(
        "--datum-rounding",
        metavar="away|even",
        help="butler: a datum's exact 5 goes away from zero (default: away) or to the even ten",
    )
    session.add_argument(
        "--trim",
        action="store_true",
        default=None,
        help="butler: the datum drops the top and bottom score from 3 results (the median at "
        "three tables, as PBN's Butler-2) (default: from 4 results; a PBN file's Butler-2 "
        "sets it)",
    )
    session.add_argument(
        "--divisor",
        metavar="comparisons|scores|none",
        help="ximp: cross-IMPs divided by the comparisons (N-1), the scores (N) or not at all "
        "(none: the sum, PBN's Cross) (default: comparisons, or what a PBN file's Scoring "
        "tag says)",
    )


def run_session(args: argparse.Namespace) -> int:
    from xlbridge.cli.deals import session_deals
    from xlbridge.cli.session.event_files import (
        award_columns_of,
        awards_of,
        finish_file_options,
        usebio_first,
        with_deals,
    )
    from xlbridge.cli.session.queries import print_queries
    from xlbridge.cli.session.workbook import pack_heading, with_event_options
    from xlbridge.cli.summary import session_summary

    options = session_options(args)
    _check_outputs(args)
    progress = Progress.for_run(args, [args.travellers, args.names])
    progress.reading(args.travellers)
    event, result, names, hands, named, queries = _scored(args, options, progress)
    boards = {board.board for board in result.travellers}
    hands, analyses = session_deals(args, hands, boards, progress)
    event = with_deals(with_event_options(args, event), hands)
    text = ranking_text(result, names)
    usebio = usebio_first(args, event, result)  # refused before anything is written
    pbn = pbn_first(args, event, result, hands, analyses)
    handicap = handicap_first(args, event, result, named or args.event is not None)
    outputs = [path for path in (args.ranking, args.output) if path is not None]
    if outputs:
        progress.writing(*outputs)
    workbook = None
    if args.output is not None:  # built before anything is written: a failure writes nothing
        from xlbridge.workbooks.results_pack.pack import build_results_pack

        workbook = build_results_pack(
            result,
            cast("Mapping[object, str]", names),
            hands,
            **pack_heading(event, named or args.event is not None),
            analyses=analyses,
            awards=awards_of(event),
            queries=queries,
        )
    site_written = write_html(args, result, names, hands, event, analyses)
    if args.ranking is not None:
        csv_text = ranking_csv(result, names, award_columns_of(event))
        write_atomically(args.ranking, text_writer(csv_text), force=args.force)
    if workbook is not None:
        write_atomically(args.output, workbook.save, force=args.force)
    print(text, flush=True)  # the ranking before the notes on stderr
    print_queries(queries)
    write_pbn_file(args, pbn, result)
    handicap_written = write_handicap_results(args, handicap)
    code = finish_file_options(args, event, result, usebio)
    paths: list[Path | str] = [
        path for path in (args.ranking, args.output, args.usebio, args.pbn) if path is not None
    ]
    paths += handicap_written
    if site_written is not None:
        paths.append(site_written)
    if paths or not args.compare:  # --compare ends with its own summary line
        print(session_summary(result, paths), file=sys.stderr)
    return code


def _check_outputs(args: argparse.Namespace) -> None:
    """Before any work: every output's suffix, nothing replaced without --force, the options
    that go together."""
    from xlbridge.cli.deals import check_session_options as check_deals_options
    from xlbridge.cli.session.event_files import check_file_options
    from xlbridge.cli.session.workbook import check_distinct

    check_distinct(args)
    if args.output is not None:
        require_suffix(args.output, "-o", WORKBOOK, "; the ranking as CSV is --ranking FILE.csv")
    if args.ranking is not None:
        require_csv(args.ranking, "--ranking")
    for path in (args.ranking, args.output):
        if path is not None:
            require_new(path, args.force)
    check_file_options(args)
    check_pbn(args)
    check_handicap_option(args)
    check_deals_options(args)
    check_html(args)


def _scored(
    args: argparse.Namespace, options: SessionOptions, progress: Progress
) -> tuple[EventFile, SessionResult, Names, dict[int, str], bool, list[str]]:
    """The input read and scored: the event, the result, the names, the deals by board,
    whether the input names its event (an event file or the typed workbook), and the results
    a director would query (typed inputs: the workbook and a traveller file)."""
    from xlbridge.cli.session.event_files import (
        csv_event,
        hands_by_board,
        names_of,
        score_event_file,
    )
    from xlbridge.cli.session.queries import file_queries
    from xlbridge.cli.session.workbook import score_workbook
    from xlbridge.io.pairs_session_workbook import is_session_workbook
    from xlbridge.io.score_event import is_event_file
    from xlbridge.io.travellers.session_csv import read_names, read_session
    from xlbridge.scoring.session import score_session

    if is_event_file(args.travellers):
        event, result = score_event_file(args, options)
        return event, result, names_of(event), hands_by_board(event), True, event.warnings
    if is_session_workbook(args.travellers):
        event, result, names, queries = score_workbook(args, options)
        return event, result, names, {}, True, queries
    traveller = read_session(args.travellers)
    names = read_names(args.names) if args.names is not None else {}
    progress.say("scoring")
    with about(args.travellers):
        result = score_session(traveller, options=options)
    return csv_event(args.travellers, names), result, names, {}, False, file_queries(traveller)


def session_options(args: argparse.Namespace) -> SessionOptions:
    """The scoring options as given on the command line, checked before anything is read (an
    error names the option, ``--winners must be …``): each
    field of :class:`~xlbridge.scoring.session.SessionOptions` from the option of its name, so a
    new option is a field there and an option of the parser."""
    from dataclasses import fields

    from xlbridge.errors import InputError
    from xlbridge.scoring.session import SessionOptions

    given = {option.name: getattr(args, option.name) for option in fields(SessionOptions)}
    try:
        return SessionOptions(**given)
    except InputError as error:  # "winners must be …" names its option as typed: --winners
        message = str(error)
        for option in fields(SessionOptions):
            spelled = option.name.replace("_", " ")
            if message.startswith((option.name, spelled)):
                flag = "--" + option.name.replace("_", "-")
                rest = message.removeprefix(option.name).removeprefix(spelled)
                raise InputError(flag + rest) from None
        raise


def ranking_csv(
    result: SessionResult, names: Names, awards: tuple[Names, Names] | None = None
) -> str:
    """The ranking as CSV text; names and labels never become live formulas. ``awards``
    (each pair's masterpoints as a number and their type, as
    :func:`xlbridge.cli.session.event_files.award_columns_of` gives them) add the columns
    ``masterpoints`` (0.08; blank for no award) and ``masterpoint_type`` (Green) when any pair
    has one.

    Written a column at a time (each distinct number formatted once, text columns checked for
    formula starts in one search), so its time grows linearly with the pairs, close to
    csv.writer's own (see benchmarks/bench_writers.py)."""
    from xlbridge.io.csv.cells import columns_text, trimmed_cells
    from xlbridge.io.travellers.session_csv import pair_names

    pairs = result.pairs
    sections, directions, labels = (list(map(attrgetter(key), pairs)) for key in _NAME_KEYS)
    found = list(map(names.get, zip(sections, directions, labels, strict=True)))  # in C
    named = cast("list[str]", found)
    if None in found:  # then without the direction, without the section (see pair_names)
        named = [
            text if text is not None else pair_names(names, pair)
            for text, pair in zip(found, pairs, strict=True)
        ]
    boards = list(map(attrgetter("boards"), pairs))
    board_texts = {count: str(count) for count in set(boards)}
    columns = [
        sections,
        directions,
        list(map(attrgetter("label"), pairs)) if pairs and pairs[0].joint else labels,  # 3NS
        named,
        list(map(board_texts.__getitem__, boards)),
        trimmed_cells(list(map(attrgetter("score"), pairs)), 4),
        trimmed_cells(list(map(attrgetter("top"), pairs)), 4),
        trimmed_cells(list(map(attrgetter("percentage"), pairs)), 2),
        list(map(attrgetter("place"), pairs)),
    ]
    headings = list(RANKING_COLUMNS)
    numeric: tuple[int, ...] = (4, 5, 6, 7, 8)
    if awards and awards[0]:
        amounts, kinds = awards
        headings += ["masterpoints", "masterpoint_type"]
        numeric += (len(columns),)  # formatted here from whole hundredths
        columns.append([pair_names(amounts, pair) for pair in pairs])
        columns.append([pair_names(kinds, pair) for pair in pairs])
    return columns_text(headings, columns, numeric=numeric, numbers_plain=True)


#: The keys of a pair's names: section, direction and pair number.
_NAME_KEYS = ("section", "direction", "pair")


def _heading(result: SessionResult, section: str, direction: str) -> str:
    parts = []
    if section:
        parts.append(f"Section {section}")
    if direction:
        parts.append(f"{direction} pairs")
    if not parts:
        parts.append("All pairs")
    method = {
        "mp": "matchpoints",
        "acbl": "matchpoints (ACBL)",
        "ximp": "cross-IMPs",
        "butler": "Butler IMPs",
    }[result.method]
    return f"{' - '.join(parts)} ({method})"


def ranking_text(result: SessionResult, names: Names) -> str:
    """The ranking as printed: one block per section and direction."""
    blocks = []
    sections = ("",) if result.across_field else result.sections
    for section in sections:
        for direction in result.directions:
            pairs = result.ranking(None if result.across_field else section, direction)
            if pairs:
                blocks.append(_block(result, _heading(result, section, direction), pairs, names))
    return "\n\n".join(blocks)


def _block(result: SessionResult, heading: str, pairs: list[PairResult], names: Names) -> str:
    """One ranking as a table; the names column only when names were given."""
    from xlbridge.io.travellers.session_csv import pair_names

    imps = result.unit == "IMPs"
    section = result.across_field
    labels = [f"{pair.section}{pair.label}" if section else pair.label for pair in pairs]
    columns: list[tuple[str, list[str], str]] = [
        ("Place", [pair.place for pair in pairs], "<"),
        ("Pair", labels, ">"),
    ]
    if names:
        columns.append(("Names", [pair_names(names, pair) for pair in pairs], "<"))
    columns.append(("Boards", [str(pair.boards) for pair in pairs], ">"))
    if imps:
        columns.append(("IMPs", [f"{pair.score:.2f}" for pair in pairs], ">"))
        columns.append(("Per board", [f"{pair.per_board:.2f}" for pair in pairs], ">"))
    else:
        columns.append(("MP", [f"{pair.score:.2f}" for pair in pairs], ">"))
        columns.append(("%", [f"{pair.percentage:.2f}" for pair in pairs], ">"))
    widths = [max(len(title), *(len(cell) for cell in cells)) for title, cells, _ in columns]

    def line(cells: list[str]) -> str:
        parts = [
            f"{cell:{align}{width}}"
            for cell, (_, _, align), width in zip(cells, columns, widths, strict=True)
        ]
        return "  ".join(parts).rstrip()

    rows = [line([title for title, _, _ in columns])]
    rows += [line([cells[i] for _, cells, _ in columns]) for i in range(len(pairs))]
    return "\n".join([heading, *rows])
