"""The ready-made workbooks committed under ``workbooks/``, by file name.

``xlbridge workbooks`` writes each of them; a test rebuilds them and checks the committed
files are current.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from openpyxl import Workbook

from xlbridge.templates.butler_session import build_butler_session
from xlbridge.templates.cards import build_cards
from xlbridge.templates.handicap_book import build_handicap_book
from xlbridge.templates.traveller import build_traveller

#: Document properties are pinned so regenerating an unchanged workbook changes no content.
PINNED_TIME = dt.datetime(2026, 1, 1)


def _pinned(workbook: Workbook) -> Workbook:
    workbook.properties.creator = "xlbridge"
    workbook.properties.created = PINNED_TIME
    workbook.properties.modified = PINNED_TIME
    return workbook


def vp_cards() -> Workbook:
    """Teams-of-four VP cards (K 6.5) for 4–32 boards, with the WBF continuous tables."""
    return _pinned(build_cards(list(range(4, 33)), wbf=True).workbook)


def directors_traveller() -> Workbook:
    """One board's traveller for 15 tables: weighted and split scores, live matchpoints."""
    return _pinned(build_traveller(tables=15).workbook)


def butler_pairs_session() -> Workbook:
    """A pairs session of 24 boards at 8 tables (16 pairs): datums, Butler and cross-IMPs."""
    return _pinned(build_butler_session(boards=24, tables=8).workbook)


def handicap_register() -> Workbook:
    """A club's handicap register (200 players) and a handicap pairs tournament (20 pairs)."""
    return _pinned(build_handicap_book(players=200, pairs=20).workbook)


READY_MADE: dict[str, Callable[[], Workbook]] = {
    "vp-cards.xlsx": vp_cards,
    "directors-traveller.xlsx": directors_traveller,
    "butler-pairs-session.xlsx": butler_pairs_session,
    "handicap.xlsx": handicap_register,
}
