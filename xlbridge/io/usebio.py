"""USEBIO results files (versions 1.1–1.3): read an event, write one for submission.

USEBIO is the XML results format the EBU requires of club scoring programs and that scorers in
Scotland, Australia (Compscore3) and New Zealand write too. The reader takes pairs events
scored by matchpoints (EVENT_TYPE MP_PAIRS), cross-IMPs (CROSS_IMP) or Butler (BUTLER_PAIRS),
one or several sections (EVENT › SESSION › SECTION), and the quirks of real files: artificial
scores written ``A6040``, tricks written ``+2`` or ``=``, contracts ``4 S``, iso-8859-1 as well
as UTF-8. Parsing uses defusedxml: the DOCTYPE's DTD is never fetched, and entity declarations
(billion laughs) and external entities are refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from os import PathLike
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError, SubElement, tostring

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from xlbridge import __version__
from xlbridge.io.event_file import (
    SEATS,
    EventFile,
    FileError,
    Line,
    Pair,
    complete,
    deal_text,
    normal_seat,
    parse_deal,
)
from xlbridge.scoring.checks import shown

#: EVENT_TYPE → scoring method, and back for writing.
EVENT_TYPES = {"MP_PAIRS": "mp", "CROSS_IMP": "ximp", "BUTLER_PAIRS": "butler"}
_TYPE_OF_METHOD = {method: kind for kind, method in EVENT_TYPES.items()}
_SCORING_OF_METHOD = {"mp": "MATCH_POINTS", "ximp": "CROSS_IMPS", "butler": "BUTLER_IMPS"}
#: Elements holding a traveller line's points for NS (and EW with the prefix swapped).
_NS_POINTS = ("NS_MATCH_POINTS", "NS_CROSS_IMP_POINTS", "NS_IMPS", "NS_BUTLER_POINTS", "NS_POINTS")
_POINTS_OF_METHOD = {"mp": "MATCH_POINTS", "ximp": "CROSS_IMP_POINTS", "butler": "IMPS"}
_SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: A pair number as USEBIO writers give it: 7, or 7NS / 7EW in a Mitchell (Compscore3).
_PAIR_LABEL = re.compile(r"\s*(\d+)\s*(NS|EW|N-S|E-W)?\s*", re.IGNORECASE)
_ENCODING = re.compile(rb"^\s*<\?xml[^>]*encoding", re.IGNORECASE)
DTD = "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd"


# --------------------------------------------------------------------------------------------
# Reading


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


def _text(element: Element | None, name: str) -> str:
    child = element.find(name) if element is not None else None
    return (child.text or "").strip() if child is not None else ""


def _pair_number(event: EventFile, where: str, what: str, text: str) -> tuple[int, str]:
    """A pair number and the direction it may carry (7NS → 7, NS)."""
    match = _PAIR_LABEL.fullmatch(text)
    if match is None:
        raise event.error(
            where, f"{what} must be a pair number such as 7 or 7NS, got {shown(text)}"
        )
    return int(match.group(1)), _direction(match.group(2) or "")


def _number(event: EventFile, where: str, what: str, text: str) -> int:
    if not re.fullmatch(r"\d+", text):
        raise event.error(where, f"{what} must be a whole number, got {shown(text)}")
    return int(text)


def _section_id(section: Element, index: int, count: int) -> str:
    """The section's id; a lone section without one or called A is "" (no sections), else
    A, B, … by position where the file gives none."""
    given = section.get("SECTION_ID") or _text(section, "SECTION_ID")
    if count == 1 and given in ("", "A"):
        return ""
    return given or chr(ord("A") + index)


def _containers(root: Element) -> list[tuple[str, Element]]:
    """(section id, element holding PARTICIPANTS and BOARDs) for every section of the event."""
    sections = list(root.iter("SECTION"))
    if not sections:
        return [("", root)]
    ids = [_section_id(section, i, len(sections)) for i, section in enumerate(sections)]
    return list(zip(ids, sections, strict=True))


def _event_type(path: Path, event: Element) -> str:
    kind = (event.get("EVENT_TYPE") or _text(event, "EVENT_TYPE")).upper()
    if kind not in EVENT_TYPES:
        raise FileError(
            f"{path}: EVENT: EVENT_TYPE must be one of {', '.join(EVENT_TYPES)} (pairs events), "
            f"got {kind or 'none'!r}"
        )
    return EVENT_TYPES[kind]


def read_usebio(path: str | PathLike[str]) -> EventFile:
    """Read a USEBIO pairs event: every section's pairs, boards, hands and traveller lines."""
    path = Path(path)
    root = _parse(path, path.read_bytes())
    if root.tag != "USEBIO":
        raise FileError(f"{path}: the root element must be USEBIO, got {root.tag}")
    event_element = root.find("EVENT")
    if event_element is None:
        raise FileError(f"{path}: USEBIO: no EVENT element")
    event = EventFile(
        str(path),
        method=_event_type(path, event_element),
        description=_text(event_element, "EVENT_DESCRIPTION"),
        date=_text(event_element, "DATE"),
        program=" ".join(
            filter(
                None,
                (_text(event_element, "PROGRAM_NAME"), _text(event_element, "PROGRAM_VERSION")),
            )
        ),
    )
    winners = _text(event_element, "WINNER_TYPE")
    event.winners = int(winners) if winners in ("1", "2") else None
    containers = _containers(event_element)
    for section, container in containers:
        for i, pair in enumerate(container.findall("PARTICIPANTS/PAIR"), start=1):
            event.pairs.append(_pair(event, section, pair, f"SECTION {section or '-'} PAIR {i}"))
        for board in container.findall("BOARD"):
            _board(event, section, board)
    for board in root.findall("HANDSET/BOARD"):  # hand records after the EVENT
        number = _number(event, "HANDSET BOARD", "BOARD_NUMBER", _text(board, "BOARD_NUMBER"))
        _read_hands(event, ("", number), board, f"HANDSET BOARD {number}")
    if len(containers) > 1:  # participants listed once for the whole event
        for i, pair in enumerate(event_element.findall("PARTICIPANTS/PAIR"), start=1):
            event.pairs.append(_pair(event, "", pair, f"EVENT PAIR {i}"))
    if not event.lines:
        raise FileError(f"{path}: EVENT: no TRAVELLER_LINE in any BOARD")
    return event


def _pair(event: EventFile, section: str, pair: Element, where: str) -> Pair:
    players = pair.findall("PLAYER")
    number, direction = _pair_number(event, where, "PAIR_NUMBER", _text(pair, "PAIR_NUMBER"))
    return Pair(
        section=section,
        number=number,
        direction=_direction(_text(pair, "DIRECTION")) or direction,
        names=tuple(_text(player, "PLAYER_NAME") for player in players),
        ids=tuple(_text(player, "NATIONAL_ID_NUMBER") for player in players),
        total=_text(pair, "TOTAL_SCORE") or _text(pair, "MATCH_POINTS"),
        percentage=_text(pair, "PERCENTAGE"),
        place=_text(pair, "PLACE"),
    )


def _direction(text: str) -> str:
    compact = text.upper().replace("-", "").replace("/", "").replace(" ", "")
    return compact if compact in ("NS", "EW") else ""


def _board(event: EventFile, section: str, board: Element) -> None:
    where = f"SECTION {section or '-'} BOARD"
    number_text = _text(board, "BOARD_NUMBER") or board.get("BOARD_NUMBER", "")
    number = _number(event, where, "BOARD_NUMBER", number_text)
    where = f"{where} {number}"
    _read_hands(event, (section, number), board, where)
    for i, line in enumerate(board.findall("TRAVELLER_LINE"), start=1):
        event.lines.append(_line(event, section, number, line, f"{where} TRAVELLER_LINE {i}"))


def _read_hands(event: EventFile, key: tuple[str, int], board: Element, where: str) -> None:
    """The hands of a board element (a HANDSET's, or a BOARD's own), when all four are there."""
    hands = _hands(board)
    if not hands:
        return
    try:
        deal = parse_deal(hands)
    except ValueError as error:
        raise event.error(f"{where} HAND", str(error)) from None
    if complete(deal):
        event.hands[key] = deal_text(deal)


def _hands(board: Element) -> str:
    """The board's hands as a PBN deal string, from HAND elements (DIRECTION, four suits)."""
    seats = {}
    for hand in board.findall("HAND"):
        seat = normal_seat(hand.get("DIRECTION") or _text(hand, "DIRECTION"))
        seats[seat] = ".".join(_text(hand, suit) for suit in _SUITS)
    if not seats:
        return ""
    return "N:" + " ".join(seats.get(seat, "-") for seat in SEATS)


def _line(event: EventFile, section: str, board: int, line: Element, where: str) -> Line:
    score = _text(line, "SCORE").replace(" ", "")
    artificial = _text(line, "ARTIFICIAL_SCORE")
    if artificial and not score:
        score = artificial
    contract = " ".join(_text(line, "CONTRACT").split())
    if not score and not contract:
        raise event.error(where, "the line has neither a SCORE nor a CONTRACT")
    ns_points = next((name for name in _NS_POINTS if line.find(name) is not None), "")
    return Line(
        section=section,
        board=board,
        ns_pair=_pair_number(event, where, "NS_PAIR_NUMBER", _text(line, "NS_PAIR_NUMBER"))[0],
        ew_pair=_pair_number(event, where, "EW_PAIR_NUMBER", _text(line, "EW_PAIR_NUMBER"))[0],
        contract=contract,
        declarer=normal_seat(_text(line, "PLAYED_BY")),
        result=_text(line, "TRICKS").replace(" ", ""),
        lead=_text(line, "LEAD"),
        score=score,
        theirs_ns=_text(line, ns_points) if ns_points else "",
        theirs_ew=_text(line, "EW" + ns_points[2:]) if ns_points else "",
        where=where,
    )


# --------------------------------------------------------------------------------------------
# Writing


def _add(parent: Element, name: str, value: object) -> Element:
    child = SubElement(parent, name)
    child.text = str(value)
    return child


def usebio_bytes(
    event: EventFile,
    method: str,
    lines: Sequence[Line],
    pairs: Iterable[Pair],
    winners: int,
) -> bytes:
    """A USEBIO 1.2 file of a scored event: ``lines`` and ``pairs`` carry our numbers (in
    ``theirs_ns``/``theirs_ew`` and ``total``/``percentage``/``place``)."""
    root = Element("USEBIO", Version="1.2")
    element = SubElement(root, "EVENT", EVENT_TYPE=_TYPE_OF_METHOD[method])
    _add(element, "PROGRAM_NAME", "xlbridge")
    _add(element, "PROGRAM_VERSION", __version__)
    if event.description:
        _add(element, "EVENT_DESCRIPTION", event.description)
    if event.date:
        _add(element, "DATE", event.date)
    _add(element, "BOARD_SCORING_METHOD", _SCORING_OF_METHOD[method])
    _add(element, "WINNER_TYPE", winners)
    session = SubElement(element, "SESSION", SESSION_ID="1")
    by_section: dict[str, list[Pair]] = {}
    for pair in pairs:
        by_section.setdefault(pair.section, []).append(pair)
    sections = sorted({line.section for line in lines} | set(by_section))
    points = _POINTS_OF_METHOD[method]
    for section in sections:
        # Every SECTION carries an id: a one-section session's is "A".
        container = SubElement(session, "SECTION", SECTION_ID=section or "A")
        participants = SubElement(container, "PARTICIPANTS")
        for pair in by_section.get(section, []):
            _write_pair(participants, pair)
        boards = sorted({line.board for line in lines if line.section == section})
        for number in boards:
            board = SubElement(container, "BOARD")
            _add(board, "BOARD_NUMBER", number)
            for line in (x for x in lines if x.section == section and x.board == number):
                _write_line(board, line, points)
    _write_handset(root, event.hands)
    body = tostring(root, encoding="unicode")
    text = (
        '<?xml version="1.0" encoding="iso-8859-1"?>\n'
        f'<!DOCTYPE USEBIO SYSTEM "{DTD}">\n{_indent(body)}\n'
    )
    return text.encode("iso-8859-1", errors="xmlcharrefreplace")


def _indent(body: str) -> str:
    from xml.dom.minidom import parseString

    pretty = parseString(body).toprettyxml(indent="  ")
    return pretty.split("\n", 1)[1].rstrip()  # without minidom's own declaration


def _write_pair(parent: Element, pair: Pair) -> None:
    element = SubElement(parent, "PAIR")
    _add(element, "PAIR_NUMBER", pair.number)
    if pair.direction:
        _add(element, "DIRECTION", pair.direction)
    for key, value in (
        ("PLACE", pair.place),
        ("TOTAL_SCORE", pair.total),
        ("PERCENTAGE", pair.percentage),
    ):
        if value:
            _add(element, key, value)
    for name, national_id in zip(pair.names, pair.ids or ("",) * len(pair.names), strict=True):
        player = SubElement(element, "PLAYER")
        _add(player, "PLAYER_NAME", name)
        if national_id:
            _add(player, "NATIONAL_ID_NUMBER", national_id)


def _write_handset(root: Element, hands: dict[tuple[str, int], str]) -> None:
    """The hand records after the EVENT, one BOARD per board number (as Compscore3 writes)."""
    by_board: dict[int, str] = {}
    for (_, number), deal in sorted(hands.items()):
        by_board.setdefault(number, deal)
    if not by_board:
        return
    handset = SubElement(root, "HANDSET")
    for number, deal in sorted(by_board.items()):
        board = SubElement(handset, "BOARD")
        _add(board, "BOARD_NUMBER", number)
        seats = parse_deal(deal)
        for seat in SEATS:
            hand = SubElement(board, "HAND")
            _add(hand, "DIRECTION", _SEAT_NAMES[seat])
            for suit, ranks in reversed(list(zip(_SUITS, seats[seat], strict=True))):
                _add(hand, suit, ranks)


def _write_line(board: Element, line: Line, points: str) -> None:
    element = SubElement(board, "TRAVELLER_LINE")
    _add(element, "NS_PAIR_NUMBER", line.ns_pair)
    _add(element, "EW_PAIR_NUMBER", line.ew_pair)
    adjusted = line.adjusted
    if adjusted is not None:
        _add(element, "SCORE", f"A{adjusted[0]:02.0f}{adjusted[1]:02.0f}")
    else:
        for key, value in (
            ("CONTRACT", line.contract),
            ("PLAYED_BY", line.declarer),
            ("LEAD", line.lead),
            ("TRICKS", line.result),
            ("SCORE", line.score),
        ):
            if value:
                _add(element, key, value)
    if line.theirs_ns:
        _add(element, f"NS_{points}", line.theirs_ns)
        _add(element, f"EW_{points}", line.theirs_ew)
