"""The ready-made workbooks committed under ``workbooks/``, by file name.

``xlbridge workbooks`` writes each of them; a test rebuilds them and checks the committed
files are current.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from openpyxl import Workbook

from xlbridge.templates.cards import build_cards

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


READY_MADE: dict[str, Callable[[], Workbook]] = {"vp-cards.xlsx": vp_cards}
