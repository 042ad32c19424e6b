"""Cards, contracts and numbers as the results pages show them.

Everything here turns a value into what a template lays out: a number to the shown decimals,
a hand's suits, or a contract or a lead as markup (``Markup``, built with every part of the
text escaped, so a template shows it as it is and nothing a user typed becomes markup).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

import numpy as np
from markupsafe import Markup, escape

from xlbridge.io.event_files.contents import parse_deal
from xlbridge.scoring.contract import SEAT_NAMES, SEATS, VULNERABILITY, dealer

#: Suit letters, their symbols, and the red ones.
SUITS = "SHDC"
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}
RED = frozenset("HD")
VULNERABLE_NAMES = {"none": "None", "NS": "N-S", "EW": "E-W", "all": "All"}
#: How a void is shown, and what stands between two cards of a suit (a thin space).
VOID = "—"
CARD_GAP = "\u2009"
_LEAD = re.compile(r"([SHDC♠♥♦♣])\s*(10|[AKQJT2-9])", re.IGNORECASE)
_SUIT_OF = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def suit_html(suit: str) -> Markup:
    """The symbol of ``suit`` (S, H, D, C; NT as letters), hearts and diamonds in red."""
    if suit not in SYMBOLS or suit == "NT":
        return escape(suit)
    return Markup(f'<span class="suit{" red" if suit in RED else ""}">{SYMBOLS[suit]}</span>')


@lru_cache(maxsize=1024)
def contract_html(text: str) -> Markup:
    """A contract as written on a scored line ("4SX", "3NT", "PASS", "") for the page:
    "4♠X" with the suit's symbol, "Pass"; any other text escaped as it is."""
    if text == "PASS":
        return Markup("Pass")
    strain = text[1:].rstrip("X")
    if not text or not text[0].isdigit() or strain not in SYMBOLS:
        return escape(text)
    return escape(text[0]) + suit_html(strain) + escape(text[1 + len(strain) :])


@lru_cache(maxsize=4096)
def lead_html(text: str) -> Markup:
    """A lead ("DA", "CT", "♥10") as suit symbol and rank, ten written 10; any other text
    escaped as it is."""
    match = _LEAD.fullmatch(text.strip())
    if match is None:
        return escape(text)
    suit, rank = match.group(1).upper(), match.group(2).upper()
    return suit_html(_SUIT_OF.get(suit, suit)) + ("10" if rank == "T" else rank)


def fixed(value: float, decimals: int) -> str:
    """``value`` to ``decimals`` places ("" for NaN, never "-0")."""
    if value != value:
        return ""
    text = f"{value:.{decimals}f}"
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


def decimals_for(values: np.ndarray, most: int = 2) -> int:
    """The fewest decimals (up to ``most``) that show every finite value exactly."""
    finite = values[np.isfinite(values)]
    for decimals in range(most):
        scaled = finite * 10**decimals
        if bool((np.abs(scaled - np.round(scaled)) < 1e-6).all()):
            return decimals
    return most


class Suit(NamedTuple):
    """One suit of a hand: its letter and symbol, whether red, and the cards ("A K 10 2",
    thin spaces between them)."""

    suit: str
    symbol: str
    red: bool
    cards: str


class Hand(NamedTuple):
    """A seat's hand on the diagram (``suits`` empty when the hand is not known)."""

    seat: str
    name: str
    suits: tuple[Suit, ...]


def hands(deal: str) -> dict[str, Hand] | None:
    """The four hands of a PBN deal string by seat, for the diagram (None if it cannot be
    read: the readers have checked it)."""
    try:
        by_seat = parse_deal(deal)
    except ValueError:
        return None
    shown = {}
    for seat in SEATS:
        suits = by_seat.get(seat, ["", "", "", ""])
        known = any(suits)
        shown[seat] = Hand(
            seat,
            SEAT_NAMES[seat],
            tuple(
                Suit(
                    letter,
                    SYMBOLS[letter],
                    letter in RED,
                    CARD_GAP.join("10" if card == "T" else card for card in ranks) or VOID,
                )
                for letter, ranks in zip(SUITS, suits, strict=True)
            )
            if known
            else (),
        )
    return shown


def board_dealer(board: int) -> str:
    """The dealer's seat name of ``board`` (North deals board 1)."""
    return SEAT_NAMES[SEATS[int(dealer(board))]]


def board_vulnerability(board: int) -> str:
    """Who is vulnerable on ``board``: None, N-S, E-W or All."""
    return VULNERABLE_NAMES[VULNERABILITY[(board - 1) % len(VULNERABILITY)]]
