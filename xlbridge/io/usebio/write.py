"""Writing USEBIO 1.2 as results sites and other programs read it.

One section goes flat, ``USEBIO › EVENT › PARTICIPANTS, BOARD…`` (as Compscore3 writes, and the
only layout upload sites read); several sections go as ``EVENT › SESSION › SECTION``. A
``CLUB`` (CLUB_NAME, CLUB_ID_NUMBER) comes before the EVENT when the club is known, the deals
in a ``HANDSET`` after it. Pairs carry PLACE as a whole number (ties repeat it), TOTAL_SCORE,
PERCENTAGE and, when awarded, MASTER_POINTS_AWARDED (hundredths) with MASTER_POINT_TYPE; lines
carry ``NS_MATCH_POINTS``, ``NS_CROSS_IMP_POINTS`` or ``NS_BUTLER_POINTS`` (and EW), and an
artificial adjusted score as ``A6040``.

The text is written directly, line by line (one pass over the lines, grouped by board once),
so the time grows with the number of lines. Every text is checked before anything is written:
a character XML 1.0 cannot hold is an error naming the element, never a broken file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from xlbridge import __version__
from xlbridge.errors import InputError
from xlbridge.io.bounds import stored_text
from xlbridge.io.event_files.contents import EventFile, Line, Pair, parse_deal
from xlbridge.io.usebio.read import SUITS
from xlbridge.scoring.contract import SEAT_NAMES, SEATS
from xlbridge.scoring.session import Adjusted, artificial

#: Scoring method → EVENT_TYPE, BOARD_SCORING_METHOD and the line tags' stem.
EVENT_TYPE = {"mp": "MP_PAIRS", "ximp": "CROSS_IMP", "butler": "BUTLER_PAIRS"}
SCORING = {"mp": "MATCH_POINTS", "ximp": "CROSS_IMPS", "butler": "BUTLER_IMPS"}
POINTS = {"mp": "MATCH_POINTS", "ximp": "CROSS_IMP_POINTS", "butler": "BUTLER_POINTS"}
DTD = "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd"
_TAG = re.compile(r"\s*<(\w+)")
_MARKUP = re.compile(r"<[^>]*>")
#: Elements that say which pair or board the elements after them belong to (for messages).
_CONTEXT = {"PAIR_NUMBER": "pair", "BOARD_NUMBER": "board", "SECTION": "section"}


def _escape(text: object) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attribute(text: str) -> str:
    return _escape(text).replace('"', "&quot;")


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
        self.chunks.append("\n".join(self.parts).encode("iso-8859-1", "xmlcharrefreplace"))
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
    ximp or butler."""
    out = _Out()
    out.parts.append('<?xml version="1.0" encoding="iso-8859-1"?>')
    out.parts.append(f'<!DOCTYPE USEBIO SYSTEM "{DTD}">')
    out.parts.append('<USEBIO Version="1.2">')
    if event.club or event.club_id:
        out.open(1, "CLUB")
        out.some(2, (("CLUB_NAME", event.club), ("CLUB_ID_NUMBER", event.club_id)))
        out.close(1, "CLUB")
    out.open(1, "EVENT", f' EVENT_TYPE="{EVENT_TYPE[method]}"')
    out.some(
        2,
        (
            ("PROGRAM_NAME", "xlbridge"),
            ("PROGRAM_VERSION", __version__),
            ("EVENT_DESCRIPTION", event.description),
            ("DATE", event.date),
            ("BOARD_SCORING_METHOD", SCORING[method]),
            ("WINNER_TYPE", winners),
        ),
    )
    by_section: dict[str, list[Pair]] = {}
    for pair in pairs:
        by_section.setdefault(pair.section, []).append(pair)
    by_board: dict[tuple[str, int], list[Line]] = {}
    for line in lines:  # grouped once: the time grows with the number of lines
        by_board.setdefault((line.section, line.board), []).append(line)
    sections = sorted({section for section, _ in by_board} | set(by_section)) or [""]
    if len(sections) == 1:
        _section(out, 2, by_section.get(sections[0], []), by_board, POINTS[method])
    else:
        out.open(2, "SESSION", ' SESSION_ID="1"')
        for section in sections:
            out.texts.append(section)
            out.open(3, "SECTION", f' SECTION_ID="{_attribute(section)}"')
            _section(out, 4, by_section.get(section, []), by_board, POINTS[method], section)
            out.close(3, "SECTION")
        out.close(2, "SESSION")
    out.close(1, "EVENT")
    _handset(out, event.hands)
    out.parts.append("</USEBIO>\n")
    return out.data()


def _section(
    out: _Out,
    depth: int,
    pairs: list[Pair],
    by_board: dict[tuple[str, int], list[Line]],
    points: str,
    section: str | None = None,
) -> None:
    """PARTICIPANTS then every BOARD of one section (``section`` None: the only one)."""
    directed = _directed(pairs)
    out.open(depth, "PARTICIPANTS")
    for pair in pairs:
        _pair(out, depth + 1, pair, directed)
    out.close(depth, "PARTICIPANTS")
    keys = sorted(key for key in by_board if section is None or key[0] == section)
    out.flush()
    writer = _Lines(points, "  " * (depth + 1), directed)
    for key in keys:
        out.open(depth, "BOARD")
        out.add(depth + 1, "BOARD_NUMBER", key[1])
        writer.texts = out.texts
        out.parts.extend(map(writer.text, by_board[key]))
        out.close(depth, "BOARD")
        out.flush()


def _directed(pairs: list[Pair]) -> bool:
    """Whether a pair number is both an NS and an EW pair's (a Mitchell): then every pair is
    labelled with its direction (1NS, 1EW), in PARTICIPANTS and on the traveller lines, as
    Compscore3 writes them (and the NZ converter "1 NS"); results sites key pairs by
    PAIR_NUMBER alone."""
    ns = {pair.number for pair in pairs if pair.direction == "NS"}
    return any(pair.number in ns for pair in pairs if pair.direction == "EW")


def _pair(out: _Out, depth: int, pair: Pair, directed: bool) -> None:
    out.open(depth, "PAIR")
    label = f"{pair.number}{pair.direction}" if directed else pair.number
    out.some(depth + 1, (("PAIR_NUMBER", label), ("DIRECTION", pair.direction)))
    for name, national_id in zip(pair.names, pair.ids or ("",) * len(pair.names), strict=True):
        out.open(depth + 1, "PLAYER")
        out.some(depth + 2, (("PLAYER_NAME", name),))
        # Always there, empty when unknown: producers write one for every player and results
        # sites read one for every player.
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

    def __init__(self, points: str, pad: str, directed: bool = False) -> None:
        self.points, self.pad = points, pad
        self.directions = ("NS", "EW") if directed else ("", "")  # pair labels' suffixes
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
        if present[-1]:
            rows += [
                f"{inner}<NS_{points}>%s</NS_{points}>",
                f"{inner}<EW_{points}>%s</EW_{points}>",
            ]
        rows.append(f"{pad}</TRAVELLER_LINE>")
        return "\n".join(rows).replace("%s", "\0").replace("%", "%%").replace("\0", "%s")

    def text(self, line: Line) -> str:
        """One TRAVELLER_LINE; its free texts go on ``texts`` (checked in one go)."""
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
        present = (bool(contract), bool(declarer), bool(lead), bool(result), bool(score), bool(ns))
        template = self.templates.get(present)
        if template is None:
            template = self.templates[present] = self.template(present)
        ns_label, ew_label = self.directions
        values: list[object] = [f"{line.ns_pair}{ns_label}", f"{line.ew_pair}{ew_label}"]
        values += [v for v in (contract, declarer, lead, result, score) if v]
        if ns:
            values += (ns, ew)
        if "&" in text or "<" in text or ">" in text:
            values = [_escape(value) for value in values]
        return template % tuple(values)


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
