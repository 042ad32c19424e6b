"""Sheet layout shared by the workbook builders: columns, titles, headings, records, notes.

Most sheets are tables: a title in row 1 merged across the columns, a row of headings (bold on
a tint, wrapped, boxed) that is frozen and printed on every page, then one record a row in the
body font, boxed, inputs unlocked and tinted. :func:`start_sheet` writes the title and the
headings, :func:`write_row` a record and :func:`finish` freezes, sets up the page and protects.
The smaller pieces (:func:`heading`, :func:`put`, :func:`label`, :func:`merged_text`) serve the
sheets laid out by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import range_boundaries
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.kit import styles
from xlbridge.workbooks.kit.printing import ROW_HEIGHT, setup_page

TITLE_ROW = 1
HEADER_HEIGHT = 2 * ROW_HEIGHT  # two lines of wrapped heading text
#: Height of one line of 9-point text in a wrapped cell, and the padding of the cell, in points.
LINE_HEIGHT = 11.5
CELL_PADDING = 3.0
#: Characters of 9-point text a column of width 1 holds (widths are in characters of the
#: workbook's 10-point Arial default font, styles.BASE_FONT; kept on the safe side for bold).
CHARACTERS_PER_WIDTH = 1.0
#: The same for 8-point italic notes, and the width of a column never given one.
NOTE_CHARACTERS_PER_WIDTH = 1.1
DEFAULT_WIDTH = 8.43
#: Number formats of text columns (left-aligned by :func:`text_columns`).
TEXT_FORMATS = ("@", "General")


class Column(NamedTuple):
    """One column of a sheet: key used in code, heading, width, number format, input or not."""

    key: str
    header: str
    width: float
    number_format: str = "0"
    is_input: bool = False


def letters(columns: Sequence[Column], first: int = 1) -> dict[str, str]:
    """Column letter of each key, in order from column ``first``."""
    return {column.key: get_column_letter(i) for i, column in enumerate(columns, start=first)}


# Which columns of a record are left-aligned (the others are centred).
def no_columns(column: Column) -> bool:
    return False


def text_columns(column: Column) -> bool:
    return column.number_format in TEXT_FORMATS


def name_columns(column: Column) -> bool:
    return column.key.endswith("name")


def new_workbook(title: str) -> tuple[Workbook, Worksheet]:
    """A workbook and its first sheet, titled ``title``, in the sheets' face (see
    :func:`styles.use_base_font`)."""
    workbook = Workbook()
    styles.use_base_font(workbook)
    ws = workbook.active
    assert ws is not None
    ws.title = title
    return workbook, ws


def title(ws: Worksheet, text: object, width: int, row: int = TITLE_ROW) -> Cell:
    """A title merged across columns 1 to ``width`` of ``row``."""
    ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=width)
    cell = ws.cell(row, 1, text)
    cell.font = styles.TITLE_FONT
    return cell


def heading(
    cell: Cell, text: object, alignment: Alignment = styles.WRAP, *, boxed: bool = True
) -> Cell:
    """A heading: bold on a tint, wrapped (or ``alignment``), boxed unless not ``boxed``."""
    cell.value = text
    cell.font, cell.fill, cell.alignment = styles.HEADER_FONT, styles.HEADER_FILL, alignment
    if boxed:
        cell.border = styles.BOX
    return cell


def wrapped_lines(text: object, width: float, per_width: float = CHARACTERS_PER_WIDTH) -> int:
    """Lines ``text`` takes when wrapped at word breaks in a cell ``width`` characters wide
    (a word longer than a line is broken, as spreadsheets do)."""
    per_line = max(1, int(width * per_width))
    lines = 0
    for paragraph in str(text if text is not None else "").split("\n"):
        used = -1
        lines += 1
        for word in paragraph.split():
            if used >= 0 and used + 1 + len(word) <= per_line:
                used += 1 + len(word)
                continue
            if used >= 0:
                lines += 1
            whole, rest = divmod(len(word), per_line)
            lines += whole - (0 if rest else 1)
            used = rest if rest else per_line
    return max(lines, 1)


def text_height(lines: int) -> float:
    """Height in points of a row showing ``lines`` lines of 9-point text."""
    return lines * LINE_HEIGHT + CELL_PADDING


def headings(
    ws: Worksheet,
    row: int,
    columns: Sequence[Column],
    *,
    first: int = 1,
    height: float | None = HEADER_HEIGHT,
) -> None:
    """The headings of ``columns`` in ``row`` from column ``first``, and their widths; the row
    at least ``height`` points tall and tall enough for every heading's wrapped text (None:
    leave the row's height alone)."""
    for i, column in enumerate(columns, start=first):
        heading(ws.cell(row, i), column.header)
        ws.column_dimensions[get_column_letter(i)].width = column.width
    if height is not None:
        needed = max(text_height(wrapped_lines(c.header, c.width)) for c in columns)
        current = ws.row_dimensions[row].height or 0
        ws.row_dimensions[row].height = max(height, needed, current)


def start_sheet(
    ws: Worksheet,
    text: object,
    columns: Sequence[Column],
    *,
    heading_row: int = TITLE_ROW + 1,
    width: int | None = None,
    height: float | None = HEADER_HEIGHT,
    repeat_title: bool = False,
) -> None:
    """Title (across ``width`` columns, default all), headings in ``heading_row``, printed on
    every page (with the title if ``repeat_title``)."""
    title(ws, text, len(columns) if width is None else width)
    headings(ws, heading_row, columns, height=height)
    ws.print_title_rows = f"{TITLE_ROW if repeat_title else heading_row}:{heading_row}"


def put(
    cell: Cell,
    value: object,
    number_format: str | None = None,
    *,
    alignment: Alignment = styles.CENTER,
    font: Font = styles.BODY_FONT,
) -> Cell:
    """Write ``value`` in the body font (or ``font``), boxed, centred (or ``alignment``)."""
    cell.value = value
    cell.font, cell.alignment, cell.border = font, alignment, styles.BOX
    if number_format is not None:
        cell.number_format = number_format
    return cell


def write_row(
    ws: Worksheet,
    row: int,
    columns: Sequence[Column],
    values: Mapping[str, object],
    *,
    first: int = 1,
    left: Callable[[Column], bool] = no_columns,
    height: float | None = ROW_HEIGHT,
) -> None:
    """One record from column ``first``: ``values`` by column key (missing keys stay blank),
    the ``left`` columns left-aligned, inputs unlocked."""
    for i, column in enumerate(columns, start=first):
        alignment = styles.LEFT if left(column) else styles.CENTER
        cell = put(
            ws.cell(row, i), values.get(column.key), column.number_format, alignment=alignment
        )
        if column.is_input:
            styles.mark_input(ws, cell.coordinate)
    if height is not None:
        ws.row_dimensions[row].height = height


def label(
    ws: Worksheet, first: str, last: str, text: str, alignment: Alignment = styles.RIGHT
) -> Cell:
    """A label in ``first``, merged to ``last`` when they differ."""
    if first != last:
        ws.merge_cells(f"{first}:{last}")
    cell = ws[first]
    cell.value, cell.font, cell.alignment = text, styles.HEADER_FONT, alignment
    return cell


def merged_text(
    ws: Worksheet,
    cells: str,
    text: object,
    *,
    font: Font = styles.SMALL_FONT,
    alignment: Alignment = styles.NOTE,
    height: float | None = None,
) -> Cell:
    """Text merged across the range ``cells`` (a note unless ``font`` and ``alignment`` say
    otherwise); ``height`` sets its first row's."""
    ws.merge_cells(cells)
    cell = ws[cells.split(":")[0]]
    cell.value, cell.font, cell.alignment = text, font, alignment
    if alignment.wrap_text and isinstance(text, str) and not text.startswith("="):
        lines = wrapped_lines(text, merged_width(ws, cells), NOTE_CHARACTERS_PER_WIDTH)
        needed = text_height(lines)
        height = needed if height is None else max(height, needed)
    if height is not None:
        ws.row_dimensions[cell.row].height = height
    return cell


def merged_width(ws: Worksheet, cells: str) -> float:
    """Total width (in characters) of the columns of the range ``cells``; columns not yet
    given a width count as the spreadsheet default."""
    left, _, right, _ = range_boundaries(cells)
    widths = ws.column_dimensions
    letters = [get_column_letter(c) for c in range(left, right + 1)]
    return sum(widths[x].width if x in widths else DEFAULT_WIDTH for x in letters)


def row_heights(ws: Worksheet, first: int, last: int, height: float = ROW_HEIGHT) -> None:
    """Rows ``first`` to ``last`` (inclusive) ``height`` points tall."""
    for row in range(first, last + 1):
        ws.row_dimensions[row].height = height


def finish(
    ws: Worksheet, paper: str, last_row: int, last_column: int, *, freeze: str | None = None
) -> None:
    """Freeze the panes above and left of ``freeze``, print A1 to the last cell on ``paper``
    and protect the sheet."""
    if freeze is not None:
        ws.freeze_panes = freeze
    setup_page(ws, paper, last_row, last_column)
    styles.protect(ws)
