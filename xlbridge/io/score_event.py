"""Event files as a whole: read a USEBIO or PBN file, score it, write the result back out.

A scoring program's file (USEBIO ``.xml``, PBN ``.pbn``) carries the traveller lines, the pairs
and their names, often the deals, and the program's own numbers. :func:`read_event` reads
either by its suffix; :func:`score_event` scores it with the file's own method and number of
winners unless told otherwise; :func:`write_usebio` and :func:`write_pbn` write a scored session
as USEBIO 1.2 or PBN 2.1, atomically, replacing an existing file only with ``force``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.errors import InputError
from xlbridge.io.event_files.contents import EventFile, Line, Pair
from xlbridge.io.event_files.conversion import scored_lines, scored_pairs, traveller_of
from xlbridge.io.files import require_file, write_atomically
from xlbridge.io.pbn.read import read_pbn
from xlbridge.io.pbn.write import pbn_bytes, scoring_tag
from xlbridge.io.usebio import read_usebio, usebio_bytes
from xlbridge.scoring.checks import shown
from xlbridge.scoring.session import SessionOptions, SessionResult, score_session

if TYPE_CHECKING:
    from xlbridge.scoring.double_dummy import BoardAnalysis

READERS: dict[str, Callable[[Path], EventFile]] = {".xml": read_usebio, ".pbn": read_pbn}


def is_event_file(path: str | PathLike[str]) -> bool:
    """Whether ``path`` names a USEBIO (.xml) or PBN (.pbn) file rather than a traveller CSV."""
    return Path(path).suffix.lower() in READERS


def read_event(path: str | PathLike[str]) -> EventFile:
    """Read a USEBIO (.xml) or PBN (.pbn) results file, chosen by its suffix."""
    path = Path(path)
    reader = READERS.get(path.suffix.lower())
    if reader is None:
        raise InputError(f"{path}: an event file must be USEBIO (.xml) or PBN (.pbn)")
    require_file(path)
    return reader(path)


def score_event(
    event: EventFile,
    method: str | None = None,
    winners: str | int | None = None,
    across_field: bool | None = None,
    factoring: str | None = None,
    datum_rounding: str | None = None,
    totals: str | None = None,
    *,
    options: SessionOptions | None = None,
) -> SessionResult:
    """Score an event file's traveller lines: with its own method (mp, ximp or butler) unless
    one is given, its own number of winners when winners are left auto, and the cross-IMP
    divisor or Butler trim its Scoring tag declares (PBN) unless the options give one. The
    options come from ``options`` (a :class:`~xlbridge.scoring.session.SessionOptions`), each
    keyword given (not None) replacing the option of its name; a datum rounding is for butler
    only. Errors name the file. See :func:`xlbridge.scoring.session.score_session`."""
    try:
        given = SessionOptions.of_call(
            options, method, winners, across_field, factoring, datum_rounding, totals
        )
        chosen = given.for_file(event.method, event.winners, event.divisor, event.trim)
        return score_session(traveller_of(event), options=chosen)
    except InputError as error:
        message = str(error)
        if message.startswith(event.path):
            raise
        raise InputError(f"{event.path}: {message}") from None


def write_usebio(
    path: str | PathLike[str],
    result: SessionResult,
    event: EventFile | None = None,
    *,
    force: bool = False,
) -> None:
    """Write a scored session as a USEBIO 1.2 file, with names, deals, title, club and date
    from ``event``. The date is required, as USEBIO has no event without one: ``event.date``
    written YYYY-MM-DD or DD/MM/YYYY (or as a USEBIO or PBN file writes it); without a
    calendar date there, nothing is written and InputError says so. An existing file is
    replaced only with ``force``."""
    _write_event(path, result, event, usebio_bytes, force)


def write_pbn(
    path: str | PathLike[str],
    result: SessionResult,
    event: EventFile | None = None,
    *,
    force: bool = False,
) -> None:
    """Write a scored session as a PBN 2.1 results file (a score table per board, the ranking
    in a total score table), with names, deals, title and date from ``event`` when given. An
    existing file is replaced only with ``force``."""
    data = pbn_of(result, event if event is not None else EventFile(str(path)))

    def write(tmp: Path) -> None:
        tmp.write_bytes(data)

    write_atomically(Path(path), write, force=force)


def pbn_of(
    result: SessionResult,
    event: EventFile | None = None,
    analyses: Mapping[int, BoardAnalysis] | None = None,
) -> bytes:
    """The PBN 2.1 results file :func:`write_pbn` writes, as bytes (made before anything is
    written); each board in ``analyses`` gets its double-dummy tags. Pairs labelled otherwise
    than by a number are refused: a PairId is a number."""
    lettered = [
        pair.pair for pair in result.pairs if not pair.pair.isascii() or not pair.pair.isdigit()
    ]
    if lettered:
        raise InputError(f"PBN pair numbers must be whole numbers, got pair {shown(lettered[0])}")
    event = event if event is not None else EventFile("")
    return _event_bytes(result, event, _pbn_encoder(result, analyses))


def _pbn_encoder(
    result: SessionResult, analyses: Mapping[int, BoardAnalysis] | None
) -> Callable[[EventFile, str, list[Line], list[Pair], int], bytes]:
    """PBN's encoder of ``result``: its Scoring tag says how the session was scored, and each
    line's percentages are the session's, of its board's top as scored (ACBL matchpoints are
    written doubled, their top with them: the same percentages)."""
    method, _ = _written_method(result)
    three = any(board.results == 3 for board in result.travellers)
    scoring = scoring_tag(method, result.divisor, result.trim, three)
    percentages = {
        (line.section, line.board, int(line.ns_pair), int(line.ew_pair)): (
            line.ns_percent,
            line.ew_percent,
        )
        for board in result.travellers
        for line in board.lines
    }
    return partial(pbn_bytes, analyses=analyses, scoring=scoring, percentages=percentages)


def usebio_of(result: SessionResult, event: EventFile | None = None) -> bytes:
    """The USEBIO 1.2 file :func:`write_usebio` writes, as bytes: made before anything is
    written, an event USEBIO cannot hold is refused while nothing is on disk yet."""
    return _event_bytes(result, event if event is not None else EventFile(""), usebio_bytes)


def _write_event(
    path: str | PathLike[str],
    result: SessionResult,
    event: EventFile | None,
    encode: Callable[[EventFile, str, list[Line], list[Pair], int], bytes],
    force: bool,
) -> None:
    data = _event_bytes(result, event if event is not None else EventFile(str(path)), encode)

    def write(tmp: Path) -> None:
        tmp.write_bytes(data)

    write_atomically(Path(path), write, force=force)


def _event_bytes(
    result: SessionResult,
    event: EventFile,
    encode: Callable[[EventFile, str, list[Line], list[Pair], int], bytes],
) -> bytes:
    method, factor = _written_method(result)
    return encode(
        event,
        method,
        scored_lines(result, factor),
        scored_pairs(result, event.pairs, factor),
        result.winners,
    )


def _written_method(result: SessionResult) -> tuple[str, float]:
    """The method a file is written in and the factor of its numbers: USEBIO and PBN know
    matchpoints at 2 per win only, so ACBL's (1 per win, exactly half) are written doubled and
    a rescoring of the file gives the same numbers."""
    return ("mp", 2.0) if result.method == "acbl" else (result.method, 1.0)
