"""Page set-up shared by printable workbooks: paper, fit to width, print area, page breaks."""

from __future__ import annotations

from openpyxl.worksheet.pagebreak import Break, RowBreak
from openpyxl.worksheet.worksheet import Worksheet

PAPER_SIZES = {"a4": Worksheet.PAPERSIZE_A4, "letter": Worksheet.PAPERSIZE_LETTER}
ROW_HEIGHT = 11.25  # points (15 px); fits 9-point text
MARGIN_TOP_BOTTOM = 0.4  # inches
PAPER_HEIGHT = {"a4": 841.9, "letter": 792.0}  # points, portrait
PAPER_WIDTH = {"a4": 595.3, "letter": 612.0}  # points, portrait
#: Rows of ROW_HEIGHT that fit the printable height at 100 % (spreadsheets place their own
#: page breaks at full scale, whatever "fit to width" later shrinks), less one for safety.
ROWS_PER_PAGE = {
    paper: int((height - 2 * 72 * MARGIN_TOP_BOTTOM) / ROW_HEIGHT) - 1
    for paper, height in PAPER_HEIGHT.items()
}
#: The same on a landscape page.
ROWS_PER_LANDSCAPE_PAGE = {
    paper: int((width - 2 * 72 * MARGIN_TOP_BOTTOM) / ROW_HEIGHT) - 1
    for paper, width in PAPER_WIDTH.items()
}


def setup_page(ws: Worksheet, paper: str, last_row: int, last_col: int) -> None:
    """Portrait, one page wide, the given paper; print area A1 to the last cell."""
    from openpyxl.utils import get_column_letter

    ws.page_setup.paperSize = PAPER_SIZES[paper]
    ws.page_setup.orientation = "portrait"
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.page_margins.top = ws.page_margins.bottom = MARGIN_TOP_BOTTOM
    ws.print_options.horizontalCentered = True
    ws.print_area = f"A1:{get_column_letter(last_col)}{last_row}"


#: Points a column of width w prints: w digits of the 10-point Arial default font (7 pixels
#: each, in Excel and LibreOffice alike) plus 5 pixels of padding.
DIGIT_POINTS = 5.25
COLUMN_PADDING_POINTS = 3.75
#: Width a portrait page prints, between its side margins (A4, the narrower paper).
PORTRAIT_POINTS = min(PAPER_WIDTH.values()) - 2 * 72 * 0.4


def printed_width(widths: list[float]) -> float:
    """Points that columns of these widths take on the page at full size."""
    return sum(DIGIT_POINTS * width + COLUMN_PADDING_POINTS for width in widths)


def is_wide(widths: list[float]) -> bool:
    """Whether columns of these widths are printed landscape (see :func:`orient`): wider
    than a portrait page holds at full size, so that fit-to-width would shrink their text."""
    return printed_width(widths) > PORTRAIT_POINTS


def orient(ws: Worksheet, last_col: int) -> str:
    """Print ``ws`` landscape if columns 1 to ``last_col`` are wider than a portrait page
    holds (:func:`is_wide`), portrait otherwise; returns the orientation."""
    from openpyxl.utils import get_column_letter

    widths = ws.column_dimensions
    letters = [get_column_letter(c) for c in range(1, last_col + 1)]
    sizes = [widths[x].width if x in widths and widths[x].width else 8.43 for x in letters]
    ws.page_setup.orientation = "landscape" if is_wide(sizes) else "portrait"
    return str(ws.page_setup.orientation)


def page_breaks(section_heights: list[int], rows_per_page: int) -> list[int]:
    """Rows after which to break so that no section straddles two pages.

    Sections are stacked from row 1 in the given order; a section taller than a page starts
    a page of its own and runs over.
    """
    breaks: list[int] = []
    used = 0
    row = 0
    for height in section_heights:
        if used and used + height > rows_per_page:
            breaks.append(row)
            used = 0
        used += height
        row += height
    return breaks


def keep_sections_together(
    ws: Worksheet,
    paper: str,
    sections: list[int],
    first_row: int,
    header_height: float,
    *,
    landscape: bool = False,
) -> None:
    """Page breaks between the sections (heights in rows) of records stacked from
    ``first_row``, never inside one, on pages (``landscape`` or portrait) that repeat a
    heading row ``header_height`` points tall."""
    per_page = (ROWS_PER_LANDSCAPE_PAGE if landscape else ROWS_PER_PAGE)[paper]
    rows_per_page = per_page - round(header_height / ROW_HEIGHT) - 1
    heights = [first_row - 1 + sections[0], *sections[1:]]
    set_row_breaks(ws, page_breaks(heights, rows_per_page))


def set_row_breaks(ws: Worksheet, rows: list[int]) -> None:
    """Manual page breaks after each of ``rows``."""
    ws.row_breaks = RowBreak()
    for row in rows:
        ws.row_breaks.append(Break(id=row))
