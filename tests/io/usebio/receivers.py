"""Two receivers of USEBIO files, as models in our own code, to read what --usebio writes.

- :func:`abf_site` follows the access pattern of the ABF's results site (cobalt, GPL-3.0; its
  upload and results views were read, nothing of them is copied): the file parsed with
  xmltodict (TRAVELLER_LINE always a list), then ``EVENT/@EVENT_TYPE`` (MP_PAIRS, CROSS_IMP or
  BUTLER_PAIRS, anything else refused), ``EVENT/DATE`` through ``strptime("%d/%m/%Y")``,
  ``EVENT/PARTICIPANTS/PAIR`` as a list and, for each pair, ``PLAYER[0]`` and ``PLAYER[1]``
  with their ``PLAYER_NAME`` (title-cased for its pages) and ``NATIONAL_ID_NUMBER``,
  ``int(PLACE)``, ``DIRECTION`` with two winners, ``PERCENTAGE`` (matchpoints) or
  ``float(TOTAL_SCORE)`` (IMPs); ``EVENT/BOARD`` and its lines; ``HANDSET/BOARD`` and the
  four HANDs of each.
- :func:`scottish_importer` follows the checks of the Scottish federation's importer
  (ImportUsebio, Swift; read, not copied): the bytes decoded as UTF-8 before parsing, a
  Version of 1.0, 1.2 or 1.3, exactly one CLUB and one EVENT, an EVENT_TYPE among its event
  types (which mirror the USEBIO DTD's names) and among those it supports, a
  BOARD_SCORING_METHOD it knows, a DATE as dd/MM/yyyy (unwrapped by force: anything else is
  a crash), every PAIR anywhere in the event with a PAIR_NUMBER no other pair has, two
  PLAYERs, a PLACE from 1 to (pairs + 1) / winners and a score.

Each returns what it read, so a test can hold it against the session that was written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any
from xml.etree.ElementTree import Element, fromstring

import xmltodict

#: The EVENT_TYPEs the ABF's results site takes.
ABF_EVENT_TYPES = ("MP_PAIRS", "CROSS_IMP", "BUTLER_PAIRS")
#: The line values the ABF's pages read, by EVENT_TYPE (matchpoints otherwise).
ABF_LINE_KEYS = {"CROSS_IMP": "CROSS_IMP_POINTS", "BUTLER_PAIRS": "BUTLER_POINTS"}
SEATS = ("North", "East", "South", "West")
SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


@dataclass
class AbfUpload:
    """What the ABF's results site reads of a file."""

    event_type: str
    accepted: bool  # its EVENT_TYPE is one the site takes
    date: date
    pairs: list[dict[str, Any]] = field(default_factory=list)
    lines: list[tuple[int, str, str, float, float]] = field(default_factory=list)
    boards: list[int] = field(default_factory=list)
    hands: dict[int, str] = field(default_factory=dict)
    #: Each line's SCORE as its traveller pages take it: a whole number, else an adjusted
    #: score whose NS percentage is the SCORE's 2nd and 3rd characters (A6040: 60).
    scores: list[int | str] = field(default_factory=list)
    #: A PLAYER_NAME was empty, which the site cannot title-case (at upload, and on its pages).
    names_needed: bool = False


def abf_site(data: bytes, imps: bool) -> AbfUpload:
    """Read ``data`` as the ABF's results site does (``imps``: a cross-IMP or Butler event)."""
    usebio = xmltodict.parse(data, force_list=("TRAVELLER_LINE",))["USEBIO"]
    event = usebio["EVENT"]
    kind = event["@EVENT_TYPE"]
    upload = AbfUpload(
        kind, kind in ABF_EVENT_TYPES, datetime.strptime(event["DATE"], "%d/%m/%Y").date()
    )
    winner_type = event["WINNER_TYPE"]
    pairs = event["PARTICIPANTS"]["PAIR"]
    assert isinstance(pairs, list), "PARTICIPANTS/PAIR is not a list"
    for pair in pairs:
        players = pair["PLAYER"]
        names = (players[0]["PLAYER_NAME"], players[1]["PLAYER_NAME"])
        try:
            shown = tuple(name.title() for name in names)
        except AttributeError:  # None: an empty PLAYER_NAME
            shown, upload.names_needed = names, True
        upload.pairs.append(
            {
                "label": pair["PAIR_NUMBER"],
                "names": shown,
                "ids": (players[0]["NATIONAL_ID_NUMBER"], players[1]["NATIONAL_ID_NUMBER"]),
                "place": int(pair["PLACE"]),
                "masterpoints": int(pair.get("MASTER_POINTS_AWARDED", 0)) / 100.0,
                "direction": pair["DIRECTION"] if winner_type == "2" else pair.get("DIRECTION"),
                "score": float(pair["TOTAL_SCORE"]) if imps else float(pair["PERCENTAGE"]),
            }
        )
    key = ABF_LINE_KEYS.get(kind, "MATCH_POINTS" if not imps else "CROSS_IMP_POINTS")
    for board in event["BOARD"]:
        number = int(board.get("BOARD_NUMBER"))
        upload.boards.append(number)
        for line in board.get("TRAVELLER_LINE"):
            ns, ew = line.get(f"NS_{key}"), line.get(f"EW_{key}")
            ns, ew = (float(ns or 0), float(ew or 0)) if imps else (float(ns), float(ew))
            pairs_at = (line.get("NS_PAIR_NUMBER"), line.get("EW_PAIR_NUMBER"))
            upload.lines.append((number, *pairs_at, ns, ew))
            upload.scores.append(_page_score(line.get("SCORE")))
    if "HANDSET" in usebio and "BOARD" in usebio["HANDSET"]:
        for board in usebio["HANDSET"]["BOARD"]:
            upload.hands[int(board["BOARD_NUMBER"])] = _deal(board["HAND"])
    return upload


def _page_score(score: str | None) -> int | str:
    """A SCORE as the site's traveller pages read it: ``int()``, and when that fails an
    adjusted score, ``int(score[1:3])`` (anything else stops the page: a ValueError here)."""
    try:
        return int(score)  # type: ignore[arg-type]
    except (ValueError, TypeError):
        return f"ADJ {int(str(score)[1:3])}"


def _deal(hands: list[dict[str, Any]]) -> str:
    """The four HANDs as a PBN deal from North, as the site builds one (a void is None)."""
    by_seat = {hand["DIRECTION"]: hand for hand in hands}
    text = "N:" + " ".join(".".join(str(by_seat[seat][suit]) for suit in SUITS) for seat in SEATS)
    return text.replace("None", "")


#: The event types the Scottish importer knows (its EventType: the DTD's names, and a few
#: of its own), and those it imports.
SCOTTISH_EVENT_TYPES = {
    "ko",
    "ladder",
    "mp_pairs",
    "butler_pairs",
    "individual",
    "swiss_pairs",
    "swiss_teams",
    "teams_of_four",
    "cross_imps",
    "aggregate",
    "swiss_pairs_cross_imps",
    "swiss_pairs_butler_imps",
    "pairs",
    "teams",
    "head_to_head",
}
SCOTTISH_SUPPORTED = {
    "swiss_pairs",
    "swiss_teams",
    "mp_pairs",
    "pairs",
    "cross_imps",
    "teams",
    "individual",
    "teams_of_four",
    "head_to_head",
}
#: The BOARD_SCORING_METHODs it knows.
SCOTTISH_SCORING = {"vps", "imps", "match_points", "percentage", "cross_imps", "aggregate"}


@dataclass
class ScottishImport:
    """What the Scottish importer reads of a file, and its errors."""

    errors: list[str] = field(default_factory=list)
    club: str | None = None
    date: date | None = None
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)


def scottish_importer(data: bytes) -> ScottishImport:
    """Read and check ``data`` as the Scottish federation's importer does."""
    # It decodes the bytes as UTF-8 (bad bytes replaced) and hands the text, as UTF-8, to a
    # parser that honours the file's declared encoding.
    root = fromstring(data.decode("utf-8", errors="replace").encode("utf-8"))
    found = ScottishImport()
    if root.get("Version") not in ("1.0", "1.2", "1.3"):
        found.errors.append("Only Usebio v1.0, v1.2 and v1.3 and supported")
    clubs, events = root.findall("CLUB"), root.findall("EVENT")
    if len(clubs) != 1:
        found.errors.append("No clubs found" if not clubs else "File contains more than 1 club")
    if len(events) != 1:
        found.errors.append("No events found" if not events else "More than 1 event")
        return found
    event = events[0]
    found.club = clubs[0].findtext("CLUB_NAME") if clubs else None
    kind = (event.get("EVENT_TYPE") or "INVALID").lower()
    if kind not in SCOTTISH_EVENT_TYPES:
        found.errors.append("No event type specified")
    elif kind not in SCOTTISH_SUPPORTED:
        found.errors.append(f"{kind.replace('_', ' ').title()} event type not currently supported")
    scoring = (event.findtext("BOARD_SCORING_METHOD") or "").lower().replace(" ", "_")
    if scoring not in SCOTTISH_SCORING:
        found.errors.append("Invalid board scoring method")
    found.date = datetime.strptime(event.findtext("DATE") or "", "%d/%m/%Y").date()
    winners = int(event.findtext("WINNER_TYPE") or "0")
    _check_pairs(found, event, max(winners, 1))
    return found


def _check_pairs(found: ScottishImport, event: Element, winners: int) -> None:
    pairs = list(event.iter("PAIR"))
    seen: set[str] = set()
    for pair in pairs:
        number = pair.findtext("PAIR_NUMBER")
        if number is None:
            found.errors.append("Participant found with no number")
            continue
        if number in seen:
            found.errors.append(f"Duplicate found for Pair '{number}'")
        seen.add(number)
        place = int((pair.findtext("PLACE") or "0").replace("=", ""))
        if not 1 <= place <= (len(pairs) + 1) // winners:
            found.errors.append(f"Invalid place ({place}) for {number}")
        score = pair.findtext("PERCENTAGE") or pair.findtext("TOTAL_SCORE")
        if score is None:
            found.errors.append(f"No score for {number}")
        else:
            float(score)
        players = pair.findall("PLAYER")
        if len(players) != 2:
            found.errors.append(f"Pair {number} has {len(players)} players")
        found.names[number] = tuple(player.findtext("PLAYER_NAME") or "" for player in players)
