"""Reading USEBIO results files (versions 1.1–1.3) as producers write them.

Layouts read: (a) ``USEBIO › EVENT › PARTICIPANTS, BOARD…`` (Compscore3, the NZ Scorer
converter for one section, xlbridge); (b) ``EVENT › SECTION › …`` (the NZ converter, several
sections); (c) ``EVENT › SESSION › SECTION › …`` (USEBIO 1.2's multi-session form). Dialects
read: an EVENT_TYPE of MP_PAIRS, CROSS_IMPS or CROSS_IMP, BUTLER_PAIRS, or PAIRS / none (the
method then follows from BOARD_SCORING_METHOD, else from the line tags, else from
``--method``); line values as ``NS_MATCH_POINTS``, ``NS_CROSS_IMP_POINTS``,
``NS_BUTLER_POINTS``, ``NS_IMPS`` or ``NS_POINTS``; pair numbers ``7``, ``7NS``, ``7 NS`` and,
with several sections, ``(A) 7`` or ``(A) 7 NS`` (the section in brackets: the NZ converter,
and xlbridge's own files, where it gives each pair and line its section); a pair's
TOTAL_SCORE that is its percentage (the NZ converter); a HANDICAP per pair (NZ Scorer's
handicap pairs); PLACE before or after the players; masterpoints directly under PAIR or inside
MASTER_POINTS; a CLUB element; artificial scores ``A6040``, ``A60/40`` or ``A+/A-``;
iso-8859-1 as well as UTF-8. A teams or individual event is refused with what it holds and
what xlbridge can do with it.

Every number is bounded by its meaning (:mod:`xlbridge.io.bounds`) and every text must be
one a workbook and an XML file can hold, so a bad value is one line naming the file and the
element. The file's own results (matchpoints, totals, percentages) that are not numbers at all
(``NaN``, text) are kept as written, for ``--compare`` to report. Parsing uses defusedxml: the
DTD is never fetched, entity declarations and external entities are refused.
"""

from __future__ import annotations

import re
from os import PathLike
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from xlbridge.errors import InputError
from xlbridge.io.bounds import bounded, bounded_int, stored_text
from xlbridge.io.event_files.contents import (
    EventFile,
    FileError,
    Line,
    Pair,
    complete,
    deal_text,
    normal_seat,
    parse_deal,
)
from xlbridge.io.pair_labels import normal_label
from xlbridge.io.text_file import exported_instead, file_bytes
from xlbridge.scoring.checks import shown
from xlbridge.scoring.contract import SEATS
from xlbridge.scoring.session import artificial, parse_adjusted

#: EVENT_TYPE → scoring method (pairs events; PAIRS and none: see :func:`_method`). Cross-IMPs
#: are CROSS_IMPS in the USEBIO DTD and CROSS_IMP as Compscore3 writes them: both are read.
EVENT_TYPES = {
    "MP_PAIRS": "mp",
    "CROSS_IMPS": "ximp",
    "CROSS_IMP": "ximp",
    "BUTLER_PAIRS": "butler",
}
#: BOARD_SCORING_METHOD values met, and the method each means.
SCORING_METHODS = {
    "MATCH_POINTS": "mp",
    "MATCHPOINTS": "mp",
    "CROSS_IMPS": "ximp",
    "CROSS_IMP": "ximp",
    "CROSS_IMP_POINTS": "ximp",
    "BUTLER_IMPS": "butler",
    "BUTLER": "butler",
    "BUTLER_POINTS": "butler",
}
#: Elements holding a traveller line's points for NS (EW with the prefix swapped), and the
#: method each names (None: it does not say).
LINE_TAGS = {
    "NS_MATCH_POINTS": "mp",
    "NS_CROSS_IMP_POINTS": "ximp",
    "NS_BUTLER_POINTS": "butler",
    "NS_IMPS": "butler",
    "NS_POINTS": None,
}
SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
#: What xlbridge says of the events it does not score from USEBIO, by EVENT_TYPE.
TEAMS_EVENT = (
    "a teams event: xlbridge scores teams matches in its teams workbooks (xlbridge template "
    "teams-match, swiss-teams or league), not from USEBIO yet"
)
INDIVIDUAL_EVENT = "an individual event: xlbridge scores pairs events only, not individuals"
SWISS_PAIRS_EVENT = (
    "a Swiss pairs event: xlbridge runs a Swiss pairs event in its workbook (xlbridge template "
    "swiss-pairs), not from USEBIO yet"
)
OTHER_EVENTS = {
    "TEAMS_OF_FOUR": TEAMS_EVENT,
    "SWISS_TEAMS": TEAMS_EVENT,
    "TEAMS": TEAMS_EVENT,
    "INDIVIDUAL": INDIVIDUAL_EVENT,
    "SWISS_PAIRS": SWISS_PAIRS_EVENT,
    "SWISS_PAIRS_CROSS_IMPS": SWISS_PAIRS_EVENT,
    "SWISS_PAIRS_BUTLER_IMPS": SWISS_PAIRS_EVENT,
}
#: A pair number as writers give it: 7, or 7NS / 7 NS / 7EW in a Mitchell; with several
#: sections the section in brackets first, (A) 7 or (A) 7 NS (the NZ Scorer converter).
_PAIR_LABEL = re.compile(
    r"\s*(?:\(\s*([^()]*?)\s*\)\s*)?(\d+)\s*(NS|EW|N-S|E-W)?\s*", re.IGNORECASE
)
_ENCODING = re.compile(rb"^\s*<\?xml[^>]*encoding", re.IGNORECASE)
#: Text that looks like a number (bounded by meaning); anything else is kept as written.
_NUMERIC = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*")


def _parse(path: Path, data: bytes) -> Element:
    """The root element; refuses entity tricks, reads undeclared iso-8859-1 too."""
    try:
        try:
            root: Element = fromstring(data)
        except ParseError:
            if _ENCODING.match(data) or _is_utf8(data):
                raise
            root = fromstring(data.decode("iso-8859-1"))  # no declaration, not UTF-8
        return root
    except DefusedXmlException as error:
        raise FileError(f"{path}: refused: {type(error).__name__} ({error})") from None
    except ParseError as error:
        line, column = error.position
        raise FileError(f"{path}: line {line}, column {column + 1}: not well-formed XML") from None


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


class _Reader:
    """Reads one file: every text checked, every number bounded, errors naming the element."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def where(self, where: str, name: str) -> str:
        return f"{self.path}: {where}: {name}"

    def text(self, element: Element | None, name: str, where: str) -> str:
        """The stripped text of ``element``'s child ``name`` ("" when absent), checked."""
        child = element.find(name) if element is not None else None
        if child is None or not child.text:
            return ""
        return stored_text(child.text.strip(), self.where(where, name))

    def whole(self, element: Element | None, name: str, kind: str, where: str) -> int:
        text = self.text(element, name, where)
        if not text and element is not None:
            text = element.get(name, "")
        return bounded_int(text, kind, self.where(where, name))

    def result(self, element: Element | None, name: str, kind: str, where: str) -> str:
        """One of the file's own results, as written: a number is bounded by its meaning, a
        text that is no number (NaN, "n/a") is kept for ``--compare`` to report."""
        text = self.text(element, name, where)
        if _NUMERIC.fullmatch(text):
            bounded(text.replace(" ", ""), kind, self.where(where, name))
        return text

    def pair_number(self, text: str, where: str, name: str) -> tuple[int, str, str | None]:
        """A pair number, the direction it may carry and its section in brackets, if any
        ((A) 7 NS → 7, NS, A; 7NS → 7, NS, None)."""
        match = _PAIR_LABEL.fullmatch(text)
        if match is None:
            raise FileError(
                f"{self.where(where, name)}: must be a pair number such as 7, 7NS or (A) 7 NS, "
                f"got {shown(text)}"
            )
        number = int(normal_label(match.group(2), self.where(where, name)))  # 01 is pair 1
        return number, direction_of(match.group(3) or ""), match.group(1)

    def section_of(self, container: str, labelled: str | None, where: str) -> str:
        """The section of a pair or line: the one its number names in brackets, else its
        SECTION's; the two must not disagree."""
        if labelled is None or labelled == container:
            return container
        if container:
            raise FileError(
                f"{self.path}: {where}: the pair number names section {shown(labelled)}, "
                f"inside SECTION {shown(container)}"
            )
        return stored_text(labelled, self.where(where, "section"))


def direction_of(text: str) -> str:
    """NS or EW from NS, N-S, EW, E/W … ("" otherwise)."""
    compact = text.upper().replace("-", "").replace("/", "").replace(" ", "")
    return compact if compact in ("NS", "EW") else ""


def read_usebio(path: str | PathLike[str]) -> EventFile:
    """Read a USEBIO pairs event: every section's pairs, boards, hands and traveller lines."""
    path = Path(path)
    root = _parse(path, file_bytes(path, exported_instead("USEBIO")))
    if root.tag != "USEBIO":
        raise FileError(f"{path}: the root element must be USEBIO, got {root.tag}")
    element = root.find("EVENT")
    if element is None:
        raise FileError(f"{path}: USEBIO: no EVENT element")
    reader = _Reader(path)
    club = root.find("CLUB")
    event = EventFile(
        str(path),
        description=reader.text(element, "EVENT_DESCRIPTION", "EVENT"),
        date=reader.text(element, "DATE", "EVENT"),
        club=reader.text(club, "CLUB_NAME", "CLUB"),
        club_id=reader.text(club, "CLUB_ID_NUMBER", "CLUB"),
        program=" ".join(
            filter(
                None,
                (
                    reader.text(element, "PROGRAM_NAME", "EVENT"),
                    reader.text(element, "PROGRAM_VERSION", "EVENT"),
                ),
            )
        ),
    )
    event.method = _method(reader, element)
    event.winners = _winners(reader, element)
    containers = _containers(reader, element)
    for section, container in containers:
        for i, pair in enumerate(container.findall("PARTICIPANTS/PAIR"), start=1):
            event.pairs.append(_pair(reader, section, pair, f"SECTION {section or '-'} PAIR {i}"))
        for board in container.findall("BOARD"):
            _board(reader, event, section, board)
    for board in root.findall("HANDSET/BOARD"):  # hand records after the EVENT
        number = reader.whole(board, "BOARD_NUMBER", "board", "HANDSET BOARD")
        _read_hands(reader, event, ("", number), board, f"HANDSET BOARD {number}")
    if len(containers) > 1:  # participants listed once for the whole event
        for i, pair in enumerate(element.findall("PARTICIPANTS/PAIR"), start=1):
            event.pairs.append(_pair(reader, "", pair, f"EVENT PAIR {i}"))
    if not event.lines:
        raise FileError(f"{path}: EVENT: no TRAVELLER_LINE in any BOARD")
    event.total_is_percentage = _totals_are_percentages(event.pairs)
    return event


def _method(reader: _Reader, event: Element) -> str | None:
    """The scoring method: from EVENT_TYPE; for PAIRS or none, from BOARD_SCORING_METHOD, else
    from the first line tag that names one, else None (``--method`` decides)."""
    kind = (event.get("EVENT_TYPE") or reader.text(event, "EVENT_TYPE", "EVENT")).upper()
    _refuse_other_events(reader, event, kind)
    if kind in EVENT_TYPES:
        return EVENT_TYPES[kind]
    if kind not in ("", "PAIRS"):
        raise FileError(
            f"{reader.path}: EVENT: EVENT_TYPE must be one of {', '.join(EVENT_TYPES)} or PAIRS "
            f"(pairs events), got {shown(kind)}"
        )
    scoring = reader.text(event, "BOARD_SCORING_METHOD", "EVENT").upper().replace(" ", "_")
    if scoring in SCORING_METHODS:
        return SCORING_METHODS[scoring]
    for line in event.iter("TRAVELLER_LINE"):
        for tag, method in LINE_TAGS.items():
            if method is not None and line.find(tag) is not None:
                return method
    return None


def _refuse_other_events(reader: _Reader, event: Element, kind: str) -> None:
    """Refuse a teams or individual event (by its EVENT_TYPE, or PARTICIPANTS holding TEAMs or
    PLAYERs rather than PAIRs), saying what the file holds and what xlbridge can do with it."""
    said = f"EVENT_TYPE {kind}"
    what = OTHER_EVENTS.get(kind)
    if what is None:
        held = {child.tag for held in event.iter("PARTICIPANTS") for child in held}
        for tag, meaning in (("TEAM", TEAMS_EVENT), ("PLAYER", INDIVIDUAL_EVENT)):
            if tag in held and "PAIR" not in held:
                said, what = f"its PARTICIPANTS hold {tag} elements, not PAIRs", meaning
    if what is not None:
        raise FileError(
            f"{reader.path}: EVENT: {what} ({said}); xlbridge session reads pairs events "
            "(EVENT_TYPE MP_PAIRS, CROSS_IMPS, BUTLER_PAIRS or PAIRS)"
        )


def _winners(reader: _Reader, event: Element) -> int | None:
    text = reader.text(event, "WINNER_TYPE", "EVENT")
    if not text:
        return None
    if text not in ("1", "2"):
        raise FileError(f"{reader.path}: EVENT: WINNER_TYPE must be 1 or 2, got {shown(text)}")
    return int(text)


def _section_id(reader: _Reader, section: Element, index: int, count: int) -> str:
    """The section's id; a lone section without one or called A is "" (no sections), else
    A, B, … by position where the file gives none."""
    given = section.get("SECTION_ID") or reader.text(section, "SECTION_ID", "SECTION")
    given = stored_text(given, f"{reader.path}: SECTION {index + 1}: SECTION_ID")
    if count == 1 and given in ("", "A"):
        return ""
    return given or chr(ord("A") + index)


def _containers(reader: _Reader, event: Element) -> list[tuple[str, Element]]:
    """(section id, element holding PARTICIPANTS and BOARDs) for every section of the event."""
    sections = list(event.iter("SECTION"))
    if not sections:
        return [("", event)]
    ids = [_section_id(reader, section, i, len(sections)) for i, section in enumerate(sections)]
    return list(zip(ids, sections, strict=True))


def _pair(reader: _Reader, container: str, pair: Element, where: str) -> Pair:
    label = reader.text(pair, "PAIR_NUMBER", where)
    number, direction, labelled = reader.pair_number(label, where, "PAIR_NUMBER")
    section = reader.section_of(container, labelled, where)
    players = [
        (
            reader.text(player, "PLAYER_NAME", where),
            reader.text(player, "NATIONAL_ID_NUMBER", where),
        )
        for player in pair.findall("PLAYER")
    ]
    while players and players[-1] == ("", ""):
        players.pop()  # a PLAYER with neither a name nor an id says nothing of its player
    awards = pair.find("MASTER_POINTS")
    award_at = pair if pair.find("MASTER_POINTS_AWARDED") is not None else awards
    masterpoints = reader.text(award_at, "MASTER_POINTS_AWARDED", where)
    if masterpoints:
        hundredths = bounded(masterpoints, "masterpoints", f"{reader.path}: {where}")
        if not hundredths.is_integer():
            raise FileError(
                f"{reader.path}: {where}: MASTER_POINTS_AWARDED must be a whole number of "
                f"hundredths of a masterpoint (8 is 0.08), got {shown(masterpoints)}"
            )
        masterpoints = str(int(hundredths))
    place = reader.text(pair, "PLACE", where)
    if place:
        bounded_int(place.rstrip("= "), "place", reader.where(where, "PLACE"))
    boards = reader.text(pair, "BOARDS_PLAYED", where)
    if boards:
        bounded_int(boards, "boards", reader.where(where, "BOARDS_PLAYED"))
    return Pair(
        section=section,
        number=number,
        direction=direction_of(reader.text(pair, "DIRECTION", where)) or direction,
        names=tuple(name for name, _ in players),
        ids=tuple(national_id for _, national_id in players),
        total=reader.result(pair, "TOTAL_SCORE", "points", where)
        or reader.result(pair, "MATCH_POINTS", "points", where),
        percentage=reader.result(pair, "PERCENTAGE", "percentage", where),
        place=place,
        boards=boards,
        masterpoints=masterpoints,
        masterpoint_type=reader.text(award_at, "MASTER_POINT_TYPE", where),
        handicap=_handicap(reader, pair, where),
    )


def _handicap(reader: _Reader, pair: Element, where: str) -> str:
    """The pair's HANDICAP as written (NZ Scorer's handicap pairs), bounded; "" when none."""
    text = reader.text(pair, "HANDICAP", where)
    if text:
        bounded(text, "handicap", reader.where(where, "HANDICAP"))
    return text


def _totals_are_percentages(pairs: list[Pair]) -> bool:
    """Whether every pair with a percentage gives it as its total too, and one of them is not
    0 (the NZ converter's dialect)."""
    given = [pair for pair in pairs if pair.percentage]
    try:
        return (
            bool(given)
            and all(p.total and float(p.total) == float(p.percentage) for p in given)
            and any(float(p.total) != 0 for p in given)
        )
    except ValueError:
        return False


def _board(reader: _Reader, event: EventFile, section: str, board: Element) -> None:
    where = f"SECTION {section or '-'} BOARD"
    number = reader.whole(board, "BOARD_NUMBER", "board", where)
    where = f"{where} {number}"
    _read_hands(reader, event, (section, number), board, where)
    for i, line in enumerate(board.findall("TRAVELLER_LINE"), start=1):
        event.lines.append(_line(reader, section, number, line, f"{where} TRAVELLER_LINE {i}"))


def _read_hands(
    reader: _Reader, event: EventFile, key: tuple[str, int], board: Element, where: str
) -> None:
    """The hands of a board element (a HANDSET's, or a BOARD's own), when all four are there."""
    seats = {}
    for hand in board.findall("HAND"):
        seat = normal_seat(hand.get("DIRECTION") or reader.text(hand, "DIRECTION", where))
        seats[seat] = ".".join(reader.text(hand, suit, f"{where} HAND") for suit in SUITS)
    if not seats:
        return
    try:
        deal = parse_deal("N:" + " ".join(seats.get(seat, "-") for seat in SEATS))
    except ValueError as error:
        raise event.error(f"{where} HAND", str(error)) from None
    if complete(deal):
        event.hands[key] = deal_text(deal)


def _line(reader: _Reader, section: str, board: int, line: Element, where: str) -> Line:
    score = reader.text(line, "SCORE", where).replace(" ", "")
    score = score or reader.text(line, "ARTIFICIAL_SCORE", where).replace(" ", "")
    contract = " ".join(reader.text(line, "CONTRACT", where).split())
    if not score and not contract:
        raise FileError(f"{reader.path}: {where}: the line has neither a SCORE nor a CONTRACT")
    _check_score(reader, score, where)
    ew_score = _split_score(reader, line, score, where)
    tricks = reader.text(line, "TRICKS", where).replace(" ", "")
    if tricks not in ("", "="):
        bounded_int(tricks.lstrip("+-"), "tricks", reader.where(where, "TRICKS"))
    tag = next((name for name in LINE_TAGS if line.find(name) is not None), "")
    ns_pair, _, ns_section = reader.pair_number(
        reader.text(line, "NS_PAIR_NUMBER", where), where, "NS_PAIR_NUMBER"
    )
    ew_pair, _, ew_section = reader.pair_number(
        reader.text(line, "EW_PAIR_NUMBER", where), where, "EW_PAIR_NUMBER"
    )
    if ns_section != ew_section:
        raise FileError(
            f"{reader.path}: {where}: NS_PAIR_NUMBER and EW_PAIR_NUMBER name different "
            f"sections ({shown(ns_section or '')} and {shown(ew_section or '')})"
        )
    return Line(
        section=reader.section_of(section, ns_section, where),
        board=board,
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        contract=contract,
        declarer=normal_seat(reader.text(line, "PLAYED_BY", where)),
        result=tricks,
        lead=reader.text(line, "LEAD", where),
        score=score,
        theirs_ns=reader.result(line, tag, "points", where) if tag else "",
        theirs_ew=reader.result(line, "EW" + tag[2:], "points", where) if tag else "",
        where=where,
        ew_score=ew_score,
    )


def _split_score(reader: _Reader, line: Element, score: str, where: str) -> str:
    """EW's own score of a split score (EW_SCORE, with NS's in NS_SCORE, equal to the SCORE
    when both are there); "" for a line without one."""
    ns, ew = (reader.text(line, name, where).replace(" ", "") for name in ("NS_SCORE", "EW_SCORE"))
    if not ns and not ew:
        return ""
    if ns != score or not ew:
        raise FileError(
            f"{reader.path}: {where}: a split score has a SCORE and an NS_SCORE that agree "
            f"and an EW_SCORE, got {shown(score)}, {shown(ns)} and {shown(ew)}"
        )
    bounded(score, "score", reader.where(where, "NS_SCORE"))
    return str(int(bounded(ew, "score", reader.where(where, "EW_SCORE"))))


def _check_score(reader: _Reader, score: str, where: str) -> None:
    """A SCORE is a bridge score, an artificial adjusted score of the one set, NP, or blank."""
    if not score or score.upper() in ("NP", "NOT PLAYED"):
        return
    name = reader.where(where, "SCORE")
    if score[:1] in ("A", "a"):
        try:
            adjusted = parse_adjusted(score)
            if adjusted is None:
                raise InputError(f"must be an adjusted score such as A6040, got {shown(score)}")
            artificial(adjusted)
        except InputError as error:
            raise FileError(f"{name}: {error}") from None
        return
    bounded(score, "score", name)
