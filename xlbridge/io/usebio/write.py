"""Writing USEBIO 1.2 as results sites and other programs read it.

Every file has one layout, the one results sites that take uploads read:
``USEBIO › CLUB, EVENT › (PARTICIPANTS, BOARD…), HANDSET``. The CLUB (CLUB_NAME, empty when
not known, and CLUB_ID_NUMBER when known) comes first; the EVENT carries the DATE as
dd/mm/yyyy (always: an event without a date is refused), one PARTICIPANTS holding every pair
and one BOARD per board number holding every section's lines; the deals follow in a HANDSET
whenever they are known. Several sections stay in that one PARTICIPANTS, each pair's number
carrying its section in brackets, ``(A) 7`` or ``(A) 7 NS``, as the NZ Scorer converter writes
a multi-section event, so every PAIR_NUMBER is unique and the reader gives each pair its
section back. Every pair has two PLAYERs, each with a PLAYER_NAME and a NATIONAL_ID_NUMBER
(empty when not known), PLACE as a whole number (ties repeat it), TOTAL_SCORE, PERCENTAGE and,
when awarded, MASTER_POINTS_AWARDED (hundredths) with MASTER_POINT_TYPE; lines carry
``NS_MATCH_POINTS``, ``NS_CROSS_IMP_POINTS`` or ``NS_BUTLER_POINTS`` (and EW), and an
artificial adjusted score as ``A6040``. EVENT_TYPE is MP_PAIRS, CROSS_IMPS or BUTLER_PAIRS,
the USEBIO DTD's names.

The text is written directly, line by line (one pass over the lines, grouped by board once),
so the time grows with the number of lines. Every text is checked before anything is written:
a character XML 1.0 cannot hold is an error naming the element, never a broken file. The file
is ASCII, every other character a character reference, so a receiver reads the same names
whichever encoding it assumes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from xlbridge import __version__
from xlbridge.errors import InputError
from xlbridge.io.bounds import stored_text
from xlbridge.io.event_files.contents import EventFile, Line, Pair, parse_deal
from xlbridge.io.event_files.whole_scores import WhyWhole, refuse_unwhole_score
from xlbridge.io.usebio.dates import usebio_date
from xlbridge.io.usebio.read import SUITS
from xlbridge.scoring.checks import shown
from xlbridge.scoring.contract import SEAT_NAMES, SEATS
from xlbridge.scoring.session import Adjusted, artificial

#: Scoring method → EVENT_TYPE, BOARD_SCORING_METHOD and the line tags' stem.
#: Cross-IMPs are CROSS_IMPS, the USEBIO DTD's name (the ABF's results site knows CROSS_IMP
#: only; the Scottish federation's importer, CROSS_IMPS as the DTD).
EVENT_TYPE = {"mp": "MP_PAIRS", "ximp": "CROSS_IMPS", "butler": "BUTLER_PAIRS"}
SCORING = {"mp": "MATCH_POINTS", "ximp": "CROSS_IMPS", "butler": "BUTLER_IMPS"}
POINTS = {"mp": "MATCH_POINTS", "ximp": "CROSS_IMP_POINTS", "butler": "BUTLER_POINTS"}
DTD = "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd"
_TAG = re.compile(r"\s*<(\w+)")
_MARKUP = re.compile(r"<[^>]*>")
#: Elements that say which pair or board the elements after them belong to (for messages).
_CONTEXT = {"PAIR_NUMBER": "pair", "BOARD_NUMBER": "board"}


def _escape(text: object) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class _Out:
    """The lines of the file being written, indented two spaces a level, encoded a board at a
    time (:meth:`flush`): what is being built stays small, whatever the event's size."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.texts: list[str] = []  # the texts of ``parts``, checked in one go
        self.chunks: list[bytes] = []

    def flush(self) -> None:
        """Check and encode what was written since the last flush."""
        _check_text(self.parts, self.texts)
        # ASCII, anything else as a character reference (&#233;): read the same whichever
        # encoding a receiver assumes (one decodes every file as UTF-8 before parsing it).
        self.chunks.append("\n".join(self.parts).encode("ascii", "xmlcharrefreplace"))
        self.parts, self.texts = [], []

    def data(self) -> bytes:
        self.flush()
        return b"\n".join(self.chunks)

    def add(self, depth: int, name: str, value: object) -> None:
        text = str(value)
        self.texts.append(text)
        self.parts.append(f"{'  ' * depth}<{name}>{_escape(text)}</{name}>")

    def some(self, depth: int, items: Iterable[tuple[str, object]]) -> None:
        """The elements whose value is not blank."""
        for name, value in items:
            if value != "":
                self.add(depth, name, value)

    def open(self, depth: int, name: str, attributes: str = "") -> None:
        self.parts.append(f"{'  ' * depth}<{name}{attributes}>")

    def close(self, depth: int, name: str) -> None:
        self.parts.append(f"{'  ' * depth}</{name}>")


def usebio_bytes(
    event: EventFile,
    method: str,
    lines: Sequence[Line],
    pairs: Iterable[Pair],
    winners: int,
) -> bytes:
    """A USEBIO 1.2 file of a scored event: ``lines`` and ``pairs`` carry our numbers (in
    ``theirs_ns``/``theirs_ew`` and ``total``/``percentage``/``place``). ``method`` is mp,
    ximp or butler. The event's date is required (USEBIO has no event without one); a date
    that is no calendar date, or a section name a pair's number cannot carry, is refused."""
    date = usebio_date(event.date)
    if date is None:
        given = f"got {shown(event.date)}" if event.date else "none was given"
        raise InputError(
            "USEBIO output: DATE: the event's date is required, as a calendar date "
            f"(YYYY-MM-DD or DD/MM/YYYY); {given}"
        )
    listed = list(pairs)
    labels = _Labels(listed, lines)
    out = _Out()
    out.parts.append('<?xml version="1.0" encoding="iso-8859-1"?>')
    out.parts.append(f'<!DOCTYPE USEBIO SYSTEM "{DTD}">')
    out.parts.append('<USEBIO Version="1.2">')
    out.open(1, "CLUB")
    out.add(2, "CLUB_NAME", event.club)  # always there, empty when the club is not known
    out.some(2, (("CLUB_ID_NUMBER", event.club_id),))
    out.close(1, "CLUB")
    out.open(1, "EVENT", f' EVENT_TYPE="{EVENT_TYPE[method]}"')
    out.some(
        2,
        (
            ("PROGRAM_NAME", "xlbridge"),
            ("PROGRAM_VERSION", __version__),
            ("EVENT_DESCRIPTION", event.description),
            ("DATE", date),
            ("BOARD_SCORING_METHOD", SCORING[method]),
            ("WINNER_TYPE", winners),
        ),
    )
    out.open(2, "PARTICIPANTS")
    for pair in sorted(listed, key=lambda p: labels.order.get(p.section, 0)):
        _pair(out, 3, pair, labels.pair(pair))
    out.close(2, "PARTICIPANTS")
    _boards(out, 2, lines, labels, POINTS[method])
    out.close(1, "EVENT")
    _handset(out, event.hands)
    out.parts.append("</USEBIO>\n")
    return out.data()


class _Labels:
    """Every pair's PAIR_NUMBER, unique in the file: ``7`` (a Howell), ``7NS``/``7EW`` (a
    Mitchell, whose numbers are both an NS and an EW pair's, as Compscore3 writes them), and
    with several sections the section in brackets first, ``(A) 7`` and ``(A) 7 NS``, as the NZ
    Scorer converter writes a multi-section event, so one PARTICIPANTS holds every pair."""

    def __init__(self, pairs: list[Pair], lines: Sequence[Line]) -> None:
        sections = sorted({pair.section for pair in pairs} | {line.section for line in lines})
        self.order = {section: i for i, section in enumerate(sections)}
        self.several = len(sections) > 1
        if self.several:
            for section in sections:
                _check_section(section)
        self.directed = {section: _directed(pairs, section) for section in sections}

    def label(self, section: str, number: int, direction: str) -> str:
        if not self.directed.get(section):
            direction = ""
        if not self.several:
            return f"{number}{direction}"
        return f"({section}) {number} {direction}".rstrip()

    def pair(self, pair: Pair) -> str:
        return self.label(pair.section, pair.number, pair.direction)

    def line(self, line: Line) -> tuple[str, str]:
        return (
            self.label(line.section, line.ns_pair, "NS"),
            self.label(line.section, line.ew_pair, "EW"),
        )


def _check_section(section: str) -> None:
    """Refuse a section name that cannot stand in brackets before a pair's number."""
    stored_text(section, f"USEBIO output: section {section!r}")
    if not section or section != section.strip() or "(" in section or ")" in section:
        raise InputError(
            f"USEBIO output: section {shown(section)}: with several sections each pair is "
            "written with its section in brackets, as (A) 7 NS, so a section's name must not "
            "be blank, hold a bracket, or start or end with a space; rename the section"
        )


def _directed(pairs: list[Pair], section: str) -> bool:
    """Whether a pair number of ``section`` is both an NS and an EW pair's (a Mitchell): then
    every pair of it is labelled with its direction (1NS, 1EW), in PARTICIPANTS and on the
    traveller lines, as Compscore3 writes them (and the NZ converter "1 NS"); results sites
    key pairs by PAIR_NUMBER alone."""
    ns = {pair.number for pair in pairs if pair.section == section and pair.direction == "NS"}
    return any(
        pair.number in ns for pair in pairs if pair.section == section and pair.direction == "EW"
    )


def _boards(out: _Out, depth: int, lines: Sequence[Line], labels: _Labels, points: str) -> None:
    """One BOARD per board number, with every section's lines (receivers look a board up by
    its number and read the first BOARD that has it)."""
    by_board: dict[int, list[Line]] = {}
    for line in lines:  # grouped once: the time grows with the number of lines
        by_board.setdefault(line.board, []).append(line)
    out.flush()
    writer = _Lines(points, "  " * (depth + 1))
    for number in sorted(by_board):
        out.open(depth, "BOARD")
        out.add(depth + 1, "BOARD_NUMBER", number)
        writer.texts = out.texts
        board = sorted(by_board[number], key=lambda line: labels.order.get(line.section, 0))
        out.parts.extend(writer.text(line, *labels.line(line)) for line in board)
        out.close(depth, "BOARD")
        out.flush()


def _pair(out: _Out, depth: int, pair: Pair, label: str) -> None:
    out.open(depth, "PAIR")
    out.some(depth + 1, (("PAIR_NUMBER", label), ("DIRECTION", pair.direction)))
    names = list(pair.names) + [""] * (2 - len(pair.names))
    ids = list(pair.ids) + [""] * (len(names) - len(pair.ids))
    for name, national_id in zip(names, ids, strict=False):
        # Two PLAYERs always (receivers read the first and second of every pair), each with
        # its PLAYER_NAME and NATIONAL_ID_NUMBER, empty when not known: producers write one
        # for every player and results sites read one for every player.
        out.open(depth + 1, "PLAYER")
        out.add(depth + 2, "PLAYER_NAME", name)
        out.add(depth + 2, "NATIONAL_ID_NUMBER", national_id)
        out.close(depth + 1, "PLAYER")
    out.some(
        depth + 1,
        (
            ("PLACE", pair.place.rstrip("= ")),  # ties repeat the number; "=" is for print
            ("TOTAL_SCORE", pair.total),
            ("PERCENTAGE", pair.percentage),
            ("MASTER_POINTS_AWARDED", pair.masterpoints),
            ("MASTER_POINT_TYPE", pair.masterpoint_type if pair.masterpoints else ""),
        ),
    )
    out.close(depth, "PAIR")


_FIELDS = ("CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE")


class _Lines:
    """Writes TRAVELLER_LINEs at one indentation: one text template per combination of the
    fields a line has, made once, filled in with ``%`` (the lines' text grows with their
    number and nothing else)."""

    def __init__(self, points: str, pad: str) -> None:
        self.points, self.pad = points, pad
        self.texts: list[str] = []  # where each line's texts go (the file's, for checking)
        self.templates: dict[tuple[bool, ...], str] = {}

    def template(self, present: tuple[bool, ...]) -> str:
        pad, inner, points = self.pad, self.pad + "  ", self.points
        rows = [
            f"{pad}<TRAVELLER_LINE>",
            f"{inner}<NS_PAIR_NUMBER>%s</NS_PAIR_NUMBER>",
            f"{inner}<EW_PAIR_NUMBER>%s</EW_PAIR_NUMBER>",
        ]
        rows += [
            f"{inner}<{name}>%s</{name}>"
            for name, on in zip(_FIELDS, present[:5], strict=True)
            if on
        ]
        if present[5]:  # a split score: each side's own, after the SCORE receivers read
            rows += [f"{inner}<NS_SCORE>%s</NS_SCORE>", f"{inner}<EW_SCORE>%s</EW_SCORE>"]
        if present[-1]:
            rows += [
                f"{inner}<NS_{points}>%s</NS_{points}>",
                f"{inner}<EW_{points}>%s</EW_{points}>",
            ]
        rows.append(f"{pad}</TRAVELLER_LINE>")
        return "\n".join(rows).replace("%s", "\0").replace("%", "%%").replace("\0", "%s")

    def text(self, line: Line, ns_label: str, ew_label: str) -> str:
        """One TRAVELLER_LINE between the pairs labelled ``ns_label`` and ``ew_label``; its
        free texts go on ``texts`` (checked in one go)."""
        contract, declarer, lead, result, score = (
            line.contract,
            line.declarer,
            line.lead,
            line.result,
            line.score,
        )
        ns, ew = line.theirs_ns, line.theirs_ew
        text = contract + declarer + lead + result + score + ns + ew
        self.texts.append(text)
        if score[:1] in ("A", "a") and line.adjusted is not None:
            contract = declarer = lead = result = ""
            score = usebio_adjusted(Adjusted(*line.adjusted))
        else:
            refuse_unwhole_score(line, "USEBIO", _USEBIO_WHY)
        split = bool(line.ew_score)
        given = (contract, declarer, lead, result, score)
        present = (*(bool(value) for value in given), split, bool(ns))
        template = self.templates.get(present)
        if template is None:
            template = self.templates[present] = self.template(present)
        values: list[object] = [ns_label, ew_label]
        values += [v for v in (contract, declarer, lead, result, score) if v]
        if split:
            values += (score, line.ew_score)
        if ns:
            values += (ns, ew)
        text += ns_label  # a section's name is in the label
        if "&" in text or "<" in text or ">" in text:
            values = [_escape(value) for value in values]
        return template % tuple(values)


#: Why USEBIO has no form for a weighted score, and for one with decimals.
_USEBIO_WHY = WhyWhole(
    weighted="a TRAVELLER_LINE holds one score for each side, and results sites read its SCORE "
    "as a number or as an artificial adjusted score such as A6040",
    decimals="its SCORE is a whole number",
)


def usebio_adjusted(adjusted: Adjusted) -> str:
    """An artificial adjusted score as USEBIO writes it (A6040); only the shares 60, 50 and
    40 % exist there, anything else is refused with the reason."""
    artificial(adjusted)
    return f"A{adjusted.ns_percent:02.0f}{adjusted.ew_percent:02.0f}"


def _handset(out: _Out, hands: dict[tuple[str, int], str]) -> None:
    """The hand records after the EVENT, one BOARD per board number (as Compscore3 writes)."""
    by_board: dict[int, str] = {}
    for (_, number), deal in sorted(hands.items()):
        by_board.setdefault(number, deal)
    if not by_board:
        return
    out.open(1, "HANDSET")
    for number, deal in sorted(by_board.items()):
        out.open(2, "BOARD")
        out.add(3, "BOARD_NUMBER", number)
        seats = parse_deal(deal)
        for seat in SEATS:
            out.open(3, "HAND")
            out.add(4, "DIRECTION", SEAT_NAMES[seat])
            for suit, ranks in reversed(list(zip(SUITS, seats[seat], strict=True))):
                out.add(4, suit, ranks)
            out.close(3, "HAND")
        out.close(2, "BOARD")
    out.close(1, "HANDSET")


def _check_text(rows: list[str], texts: list[str]) -> None:
    """Refuse text XML 1.0 cannot hold, naming the element and the pair or board it belongs
    to (one search over the ``texts`` of ``rows``; the rows are looked at only when one is
    found)."""
    try:
        stored_text("".join(texts), "USEBIO")
    except InputError:
        pass
    else:
        return
    context = ""
    for row in "\n".join(rows).split("\n"):
        tag = _TAG.match(row)
        name = tag.group(1) if tag else "USEBIO"
        content = _MARKUP.sub("", row).strip()
        if name in _CONTEXT:
            context = f" of {_CONTEXT[name]} {content}"
        stored_text(content or row.strip(), f"USEBIO output: {name}{context}")
