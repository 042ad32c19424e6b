"""The deal of a board, as the results pack prints it on the board's traveller.

A deal comes in one of two shapes (both as PBN writes hands: suits in the order spades,
hearts, diamonds, clubs, separated by dots, ranks ``AKQJT98765432``, ``10`` accepted for ``T``):

- a PBN deal string, ``"N:AKQ2.KJ3.Q54.A32 T98.AQ2.K32.KQJ5 ..."``: the first seat, a colon,
  then the four hands clockwise from it (``-`` for a hand not known);
- a mapping of seat to hand, ``{"N": "AKQ2.KJ3.Q54.A32", "E": ..., "S": ..., "W": ...}``
  (seats N, E, S, W or North, East, South, West; seats left out are not known).

:func:`read_deal` checks it (four suits a hand, at most 13 cards, no card twice) and returns
each known seat's hand written out for print, ``"♠ AKQ2  ♥ KJ3  ♦ Q54  ♣ A32"``.
"""

from __future__ import annotations

from collections.abc import Mapping

from xlbridge.errors import InputError
from xlbridge.scoring.checks import shown
from xlbridge.scoring.contract import SEAT_NAMES, SEATS

SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
RANKS = "AKQJT98765432"
CARDS_IN_HAND = 13
_SEAT_LOOKUP = {**{seat: seat for seat in SEATS}, **{n.upper(): s for s, n in SEAT_NAMES.items()}}
#: A hand that is not known.
UNKNOWN = "-"


def _seat(text: object, where: str) -> str:
    seat = _SEAT_LOOKUP.get(str(text).strip().upper())
    if seat is None:
        raise InputError(f"{where}: seat must be N, E, S or W, got {shown(text)}")
    return seat


def _hand(text: object, where: str) -> list[str] | None:
    """The four suits of a PBN hand (ranks in order), or None for ``-``."""
    if not isinstance(text, str):
        raise InputError(
            f"{where}: a hand must be text such as AKQ2.KJ3.Q54.A32, got {shown(text)}"
        )
    hand = text.strip().upper().replace("10", "T")
    if hand == UNKNOWN:
        return None
    suits = hand.split(".")
    if len(suits) != len(SUIT_SYMBOLS):
        raise InputError(f"{where}: a hand needs four suits separated by dots, got {shown(text)}")
    for suit in suits:
        if any(card not in RANKS for card in suit) or len(set(suit)) != len(suit):
            raise InputError(f"{where}: {shown(text)} is not a hand (ranks AKQJT98765432)")
    if sum(map(len, suits)) > CARDS_IN_HAND:
        raise InputError(f"{where}: {shown(text)} holds more than 13 cards")
    return ["".join(sorted(suit, key=RANKS.index)) for suit in suits]


def _hands_of_pbn(text: str, where: str) -> dict[str, object]:
    first, colon, rest = text.partition(":")
    parts = rest.split()
    if not colon or len(parts) != len(SEATS):
        raise InputError(
            f"{where}: a deal must read like N:AKQ2.KJ3.Q54.A32 followed by the other three "
            f"hands, got {shown(text)}"
        )
    start = SEATS.index(_seat(first, where))
    return {SEATS[(start + i) % len(SEATS)]: hand for i, hand in enumerate(parts)}


def read_deal(board: int, deal: object) -> dict[str, str]:
    """The known hands of ``board``'s ``deal`` (a PBN deal string or a seat → hand mapping),
    by seat, written out for print; raises InputError naming the board if the deal is wrong."""
    where = f"hands of board {board}"
    if isinstance(deal, str):
        by_seat = _hands_of_pbn(deal, where)
    elif isinstance(deal, Mapping):
        by_seat = {}
        for seat, hand in deal.items():
            key = _seat(seat, where)
            if key in by_seat:
                raise InputError(f"{where}: seat {key} is given twice")
            by_seat[key] = hand
    else:
        raise InputError(f"{where}: give a PBN deal string or a mapping of seat to hand")
    hands = {seat: _hand(hand, f"{where}, {SEAT_NAMES[seat]}") for seat, hand in by_seat.items()}
    seen: set[tuple[int, str]] = set()
    for hand in hands.values():
        for index, suit in enumerate(hand or ()):
            for card in suit:
                if (index, card) in seen:
                    raise InputError(f"{where}: {SUIT_SYMBOLS[index]}{card} is dealt twice")
                seen.add((index, card))
    return {seat: _written(hand) for seat in SEATS if (hand := hands.get(seat)) is not None}


def _written(suits: list[str]) -> str:
    return "  ".join(
        f"{symbol} {suit.replace('T', '10') or '—'}"
        for symbol, suit in zip(SUIT_SYMBOLS, suits, strict=True)
    )
