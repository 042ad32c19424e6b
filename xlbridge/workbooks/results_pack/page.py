"""The printed page of the results pack: type, row heights, paper, scale and page breaks.

The results pack is handed out, so its pages are laid out here rather than left to the
spreadsheet: every row has a known height (a whole number of :data:`ROW` lines), every sheet is
a column-heading row repeated on each page and then *blocks* (a ranking table, a board's
traveller, a pair's score card) that are kept whole by manual page breaks computed from their
heights.

Why no "Fit to page width": Excel ignores manual page breaks on a sheet set to "Fit to", so
the pack sets an explicit scale instead — 100 % when the columns fit the paper's width (they
are sized to fit A4 and Letter), less when they do not — and computes how many rows a page
holds at that scale. The workbook's default font is Arial 10, so that a column-width unit is
the width of an Arial digit in every spreadsheet (with Calibri as the default, LibreOffice
on a machine without Calibri draws every column wider than Excel does and prints smaller).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.kit import styles
from xlbridge.workbooks.kit.event import header_text, set_page_header
from xlbridge.workbooks.kit.printing import PAPER_SIZES, page_breaks, set_row_breaks

FONT_NAME = "Arial"
#: The workbook's default font, which sets the unit of column widths.
DEFAULT_FONT = styles.BASE_FONT
DATA_FONT = Font(name=FONT_NAME, size=9)
BOLD_FONT = Font(name=FONT_NAME, size=9, bold=True)
CAPTION_FONT = Font(name=FONT_NAME, size=10, bold=True)
TITLE_FONT = Font(name=FONT_NAME, size=12, bold=True)
NOTE_FONT = Font(name=FONT_NAME, size=8, italic=True)
#: Lines marked as adjusted or not played.
MARKED_FONT = Font(name=FONT_NAME, size=9, italic=True, color="595959")

#: Height of one line of 9-point type, in points; every row is a whole number of these.
ROW = 12.75
#: Paper height and width in points, portrait.
PAPER_POINTS = {"a4": (841.9, 595.3), "letter": (792.0, 612.0)}
MARGIN_SIDE = 0.5  # inches
MARGIN_TOP_BOTTOM = 0.75  # inches; the page header and footer print inside these
MARGIN_HEADER_FOOTER = 0.3  # inches
#: Points per column-width unit at 100 %: the width of a digit of Arial 10 (LibreOffice's
#: measure; Excel's is a little narrower, so a sheet that fits here fits there).
POINTS_PER_WIDTH_UNIT = 5.6
#: Lines left free at the foot of each page, against rounding in the spreadsheet's layout.
SAFETY_LINES = 1


def use_default_font(workbook: Workbook) -> None:
    """Make Arial 10 the workbook's default font (the "Normal" style), the unit of widths,
    as in every workbook xlbridge makes (:func:`xlbridge.workbooks.kit.styles.use_base_font`)."""
    styles.use_base_font(workbook)


def scale_for(paper: str, widths: Sequence[float]) -> int:
    """The print scale (percent, at most 100) at which columns of ``widths`` fit ``paper``."""
    usable = PAPER_POINTS[paper][1] - 2 * 72 * MARGIN_SIDE
    needed = sum(widths) * POINTS_PER_WIDTH_UNIT
    return min(100, math.floor(100 * usable / needed))


def lines_per_page(paper: str, scale: int) -> int:
    """Lines of :data:`ROW` points a page of ``paper`` holds at ``scale`` percent, less the
    safety lines."""
    usable = PAPER_POINTS[paper][0] - 2 * 72 * MARGIN_TOP_BOTTOM
    return math.floor(usable / (ROW * scale / 100)) - SAFETY_LINES


def setup_page(
    ws: Worksheet,
    paper: str,
    widths: Sequence[float],
    *,
    heading: str,
    last_row: int,
    title_rows: str,
) -> int:
    """Portrait ``paper`` at the scale that fits ``widths``, the print area from A1 to the last
    column and ``last_row``, rows ``title_rows`` ("2:2") repeated on every page, ``heading``
    in the page header and "Page n of m" in the footer. Returns the scale."""
    from openpyxl.utils import get_column_letter

    scale = scale_for(paper, widths)
    ws.page_setup.paperSize = PAPER_SIZES[paper]
    ws.page_setup.orientation = "portrait"
    ws.page_setup.scale = scale
    ws.sheet_properties.pageSetUpPr.fitToPage = False
    ws.page_margins.left = ws.page_margins.right = MARGIN_SIDE
    ws.page_margins.top = ws.page_margins.bottom = MARGIN_TOP_BOTTOM
    ws.page_margins.header = ws.page_margins.footer = MARGIN_HEADER_FOOTER
    ws.print_options.horizontalCentered = True
    ws.print_area = f"A1:{get_column_letter(len(widths))}{last_row}"
    ws.print_title_rows = title_rows
    set_page_header(ws, heading, font=f"{FONT_NAME},Bold", size=10)
    ws.oddFooter.left.text = header_text(ws.title)
    ws.oddFooter.right.text = "Page &P of &N"
    for part in (ws.oddFooter.left, ws.oddFooter.right):  # a note: 8-point italic
        part.font, part.size = f"{FONT_NAME},Italic", 8
    return scale


def keep_blocks_together(
    ws: Worksheet,
    paper: str,
    scale: int,
    blocks: Sequence[int],
    *,
    first_row: int,
    top_lines: int,
    repeated_lines: int,
) -> list[int]:
    """Manual page breaks so that no block straddles two pages; returns the rows after which
    a page breaks.

    ``blocks`` are heights in rows of one line each, stacked from ``first_row``; the rows
    above it take ``top_lines`` lines on the first page (title and headings), and every later
    page starts with the ``repeated_lines`` lines of repeated headings. A block taller than a
    page starts a page of its own and runs over.
    """
    page = lines_per_page(paper, scale) - repeated_lines
    # Stand the first page's extra rows (the title) in as a block before the others.
    extra = top_lines - repeated_lines
    breaks = [
        first_row - 1 + row - extra
        for row in page_breaks([extra, *blocks], page)
        if row >= extra and row > 0
    ]
    set_row_breaks(ws, breaks)
    return breaks
