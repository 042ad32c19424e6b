"""The cards' print set-up: fonts big enough to read across a table, the page header with the
event's name, and how many cards a page holds."""

from __future__ import annotations

import math

from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.kit.event import header_text, set_page_header
from xlbridge.workbooks.kit.printing import PAPER_HEIGHT, PAPER_SIZES
from xlbridge.workbooks.kit.styles import FONT_NAME

CARD_FONT = Font(name=FONT_NAME, size=11)
CARD_TITLE_FONT = Font(name=FONT_NAME, size=14, bold=True)
ROW_POINTS = 18.0
#: A wrapped line of 11-point text, and the characters of it a column of width 1 holds.
LINE_POINTS = 13.5
CARD_PER_WIDTH = 0.95
HEADING_HEIGHT = 18.0
TITLE_POINTS = 22.0
MARGIN_TOP_BOTTOM = 0.7  # inches; the page header and footer print inside these
MARGIN_HEADER_FOOTER = 0.3
MARGIN_SIDE = 0.4


def set_up_page(ws: Worksheet, paper: str, heading: str, *, points: int | None = None) -> None:
    """Portrait ``paper``, fit to one page wide, ``heading`` in the page header (bold, 12
    points), the sheet's name and "Page n of m" in the footer (italic, 8 points); both
    ``points`` tall if given."""
    ws.page_setup.paperSize = PAPER_SIZES[paper]
    ws.page_setup.orientation = "portrait"
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.page_margins.left = ws.page_margins.right = MARGIN_SIDE
    ws.page_margins.top = ws.page_margins.bottom = MARGIN_TOP_BOTTOM
    ws.page_margins.header = ws.page_margins.footer = MARGIN_HEADER_FOOTER
    ws.print_options.horizontalCentered = True
    set_page_header(ws, heading, font=f"{FONT_NAME},Bold", size=points or 12)
    ws.oddFooter.left.text = header_text(ws.title)
    ws.oddFooter.right.text = "Page &P of &N"
    for part in (ws.oddFooter.left, ws.oddFooter.right):
        part.font, part.size = f"{FONT_NAME},Italic", points or 8


def printable_height(paper: str) -> float:
    """Points between a portrait page's top and bottom margins (the page header and footer
    print inside the margins)."""
    return PAPER_HEIGHT[paper] - 2 * 72 * MARGIN_TOP_BOTTOM


def cards_per_page(paper: str, rows: int) -> int:
    """Portrait cards of ``rows`` rows (title, headings, rounds, gap) that fit a page whole."""
    usable = printable_height(paper)
    height = TITLE_POINTS + HEADING_HEIGHT + (rows - 2) * ROW_POINTS
    return max(1, math.floor(usable / height))
