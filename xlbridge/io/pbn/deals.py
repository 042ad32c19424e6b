"""Deal files: the hands of each board, as a dealing machine or a hand-record program writes them.

A PBN deal file is a list of games, one per board, each with ``[Board "1"]``, ``[Dealer "N"]``,
``[Vulnerable "None"]`` and ``[Deal "N:AKQ2.KJ3.Q54.A32 …"]``; the deal may start from any seat
(PBN 2.1 writes it from the dealer). Other tags, commentary and auctions are skipped. Every deal
must be whole: 52 different cards, 13 in each hand, and a ``[Dealer]`` or ``[Vulnerable]`` given
must be the board number's by Law 2 (:mod:`xlbridge.io.pbn.board_law`); anything else is a
one-line error naming the file, the line and the board.

:func:`deals_pbn_bytes` writes deals back as a PBN 2.1 file, with the double-dummy tags
(``OptimumScore``, ``ParContract``, ``OptimumResultTable``) of each analysed board.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.errors import InputError
from xlbridge.io.bounds import bounded_int
from xlbridge.io.event_files.contents import FileError, deal_text, normal_seat, parse_deal
from xlbridge.io.pbn.board_law import VULNERABLE, against_law2
from xlbridge.io.pbn.read import TAG, pbn_text
from xlbridge.scoring.checks import shown
from xlbridge.scoring.contract import SEAT_NAMES, SEATS

if TYPE_CHECKING:
    from xlbridge.scoring.double_dummy import BoardAnalysis, DealtBoard


@dataclass(frozen=True)
class DealRecord:
    """One board of a deal file: ``deal`` from North ("N:…"), ``dealer`` N/E/S/W and
    ``vulnerable`` None/NS/EW/All ("" when the file does not say), ``where`` for messages."""

    board: int
    deal: str
    dealer: str = ""
    vulnerable: str = ""
    where: str = ""

    def dealt(self) -> DealtBoard:
        """The board as :func:`xlbridge.scoring.double_dummy.analyse` takes it."""
        from xlbridge.scoring.double_dummy import DealtBoard

        return DealtBoard(self.board, self.deal, self.dealer, self.vulnerable)


def whole_deal(text: str, where: str) -> str:
    """A full deal (52 different cards, 13 a hand), from North; else an InputError naming
    ``where`` (the file, line and board) and what is wrong."""
    first, _, rest = text.strip().partition(":")
    hands = rest.split()
    seat = normal_seat(first)
    if seat in SEATS and len(hands) == 4:
        start = SEATS.index(seat)
        for i, hand in enumerate(hands):
            held = len(hand.upper().replace("10", "T").replace(".", ""))
            if hand != "-" and held != 13:
                name = SEAT_NAMES[SEATS[(start + i) % 4]]
                raise InputError(f"{where}: {name} holds {held} cards; each hand needs 13")
            if hand == "-":
                name = SEAT_NAMES[SEATS[(start + i) % 4]]
                raise InputError(f"{where}: {name}'s hand is not given; a deal needs all four")
    try:
        return deal_text(parse_deal(text))
    except ValueError as error:
        raise InputError(f"{where}: {error}") from None


def read_deals(path: str | PathLike[str]) -> dict[int, DealRecord]:
    """Every board of a PBN deal file, by board number."""
    path = Path(path)
    text = pbn_text(path)
    records: dict[int, DealRecord] = {}
    game: dict[str, tuple[int, str]] = {}
    in_comment = False
    for number, raw in enumerate([*text.splitlines(), ""], start=1):
        line = raw.strip()
        if in_comment or line.startswith("{"):
            in_comment = "}" not in line
            continue
        if line.startswith(("%", ";")):
            continue
        tag = TAG.match(line)
        if tag is not None and tag.group(1) in game and tag.group(1) in ("Board", "Deal"):
            _add(records, path, game)  # a new game without an empty line between
            game = {}
        if tag is not None:
            game[tag.group(1)] = (number, tag.group(2))
        elif not line:
            _add(records, path, game)
            game = {}
    if not records:
        raise FileError(f"{path}: no [Deal] with a [Board]: the file holds no deals")
    return records


def _add(records: dict[int, DealRecord], path: Path, game: dict[str, tuple[int, str]]) -> None:
    """The game's board, checked, into ``records``; a game without a Deal is skipped."""
    if "Deal" not in game or not game["Deal"][1].strip():
        return
    line, deal = game["Deal"]
    if "Board" not in game:
        raise FileError(f"{path}: line {line}: a Deal needs a Board tag with it")
    board_line, board_text = game["Board"]
    board = bounded_int(board_text, "board", f"{path}: line {board_line}: Board")
    where = f"{path}: line {line}: board {board}"
    dealer = normal_seat(game.get("Dealer", (0, ""))[1])
    if dealer not in (*SEATS, ""):
        raise FileError(f"{where}: Dealer must be N, E, S or W, got {shown(dealer)}")
    vulnerable = game.get("Vulnerable", (0, ""))[1].strip()
    if vulnerable and vulnerable.lower() not in VULNERABLE:
        raise FileError(f"{where}: Vulnerable must be None, NS, EW or All, got {shown(vulnerable)}")
    whole = whole_deal(deal, where)
    contradiction = against_law2(board, dealer, vulnerable)
    if contradiction:
        raise FileError(
            f"{where}: {contradiction}; xlbridge scores a board by its number, so correct the "
            "tag, or the Board if the deal is another board's"
        )
    record = DealRecord(
        board,
        whole,
        dealer,
        VULNERABLE.get(vulnerable.lower(), ""),
        f"line {line}",
    )
    earlier = records.get(board)
    if earlier is None:
        records[board] = record
    elif replace(record, where=earlier.where) != earlier:
        raise FileError(
            f"{where}: the file gives board {board} twice, with another deal ({earlier.where})"
        )
    # else: the board again with its deal, as files of results give it for every table


def checked_hands(hands: Mapping[int, str], where: str) -> dict[int, str]:
    """Hands by board (a session file's own deals), each checked as a whole deal."""
    return {board: whole_deal(deal, f"{where}: board {board}") for board, deal in hands.items()}


def deals_pbn_bytes(
    records: Mapping[int, DealRecord], analyses: Mapping[int, BoardAnalysis], event: str = ""
) -> bytes:
    """A PBN 2.1 file (export format) of the deals, each board a game with its double-dummy
    tags when it was analysed (:func:`xlbridge.io.pbn.write.analysis_tags`)."""
    from xlbridge.io.pbn.write import analysis_tags, board_tags

    out = ["% PBN 2.1", "% EXPORT"]
    for board in sorted(records):
        record = records[board]
        out.append("")
        out += board_tags(
            event, "????.??.??", board, record.deal, "?", record.dealer, record.vulnerable
        )
        out += analysis_tags(analyses.get(board))
    return ("\r\n".join(out) + "\r\n").encode("utf-8")
