"""The event's name on every printed page: an Event cell in the title row, and the page header.

Every workbook xlbridge makes has a title merged across the top row of each sheet.
:func:`add_event` gives the workbook one **Event** cell, an input in the title row of its first
sheet wide enough to hold it (the title keeps the rest of the row), and makes every other
sheet's title show the event before it. The title row repeats on every printed page, so a name
typed later prints on every page too. When the event, date or club are known as the file is
made, they also go into every sheet's page header, cut to Excel's limit (:func:`header_text`).
"""

from __future__ import annotations

import re

from openpyxl import Workbook
from openpyxl.styles import Alignment
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import range_boundaries
from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.kit import layout, styles

#: Excel's limit on a page header or footer, &-codes counted.
HEADER_LIMIT = 255
ELLIPSIS = "…"
EVENT_LABEL = "Event"
TITLE_ROW = 1
#: Width (in characters) the Event cell is given at least, from the title row's last columns.
EVENT_WIDTH = 24
#: Widths (in characters) the Date and Club cells of :func:`add_event_details` take at least.
DATE_WIDTH, CLUB_WIDTH = 10, 14
#: Width (in characters) the "Event" label in bold is given at least.
LABEL_WIDTH = 6
#: A title narrower than this (in characters) keeps its whole row: the cell goes elsewhere.
NARROWEST_TITLE = 30
SEPARATOR = " · "
#: An event's name as long as the layouts are made for (40 characters): the other sheets'
#: titles, shown after the event, get the room it takes.
ROOM_FOR_EVENT = "Xxxxxxxxxxxxx Xxxxxxxxxxxxx Xxxxxxxxxxxx"
#: Inches from the paper's edge to the page header, and the least height it takes.
HEADER_MARGIN, HEADER_HEIGHT = 0.2, 0.3


def header_text(text: str, used: int = 0, limit: int = HEADER_LIMIT) -> str:
    """``text`` for a page header or footer: "&" doubled (so it is not read as a code) and cut
    with "…" so that it and the ``used`` characters of the header's other codes fit ``limit``."""
    room = limit - used
    coded = text.replace("&", "&&")
    if len(coded) <= room:
        return coded
    cut = coded[: max(room - len(ELLIPSIS), 0)]
    if (len(cut) - len(cut.rstrip("&"))) % 2:  # never half of an "&&"
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS if room > 0 else ""


def set_page_header(ws: Worksheet, text: str, *, font: str = "Arial,Bold", size: int = 10) -> None:
    """``text`` in the centre of ``ws``'s page header, cut so the whole header (its codes, and
    the left and right parts already set) stays within Excel's limit."""
    part = ws.oddHeader.center
    part.text, part.font, part.size = "", font, size
    margins = ws.page_margins  # room for the header above the sheet's top margin
    margins.header = min(margins.header or HEADER_MARGIN, HEADER_MARGIN)
    margins.top = max(margins.top or 0.0, margins.header + HEADER_HEIGHT)
    part.text = "x"  # the codes the header carries with a centre part
    used = len(str(ws.oddHeader)) - 1
    part.text = header_text(text, used)


def event_heading(event: str = "", date: str = "", club: str = "") -> str:
    """The event, date and club as one header line ("" when none is known)."""
    return " — ".join(part for part in (event, date, club) if part)


def add_event(workbook: Workbook, event: str = "", date: str = "", club: str = "") -> Workbook:
    """Give ``workbook`` its Event cell (holding ``event``), every title the event before it,
    every sheet's title row repeated on each printed page, and (when any is given) the event,
    date and club in every page header. Returns the workbook."""
    titled = [(ws, span) for ws in workbook.worksheets if (span := _title_span(ws)) is not None]
    ref, host = _own_event_cell(workbook, event), None
    if ref is None:
        host = next((ws for ws, span in titled if _split(ws, span) is not None), None)
        ref = None if host is None else _event_cell(host, _title_span(host), event)
    if ref is not None:
        for ws, span in titled:
            if ws is not host:
                _prefix_title(ws, span, ref)
    heading = event_heading(event, date, club)
    for ws in workbook.worksheets:
        _repeat_title_row(ws)
        if heading:
            set_page_header(ws, heading)
    return workbook


def _own_event_cell(workbook: Workbook, event: str) -> str | None:
    """The reference of an Event input the first sheet already has below its title (a teams
    match asks for the event beside its date), filled with ``event``; None if it has none."""
    ws = workbook.worksheets[0]
    for row in ws.iter_rows(min_row=TITLE_ROW + 1, max_row=TITLE_ROW + 5, max_col=1):
        label = row[0]
        cell = ws.cell(label.row, 2)
        if label.value == EVENT_LABEL and not cell.protection.locked:
            if event:
                cell.value, cell.data_type = event, "s"
            return f"'{ws.title}'!$B${label.row}"
    return None


def _title_span(ws: Worksheet) -> CellRange | None:
    """The merged title at the top left, if the sheet has one."""
    for span in ws.merged_cells.ranges:
        if span.min_row == span.max_row == TITLE_ROW and span.min_col == 1:
            return CellRange(span.coord)
    return None


def _width(ws: Worksheet, column: int) -> float:
    dimension = ws.column_dimensions.get(get_column_letter(column))
    return float(dimension.width) if dimension is not None and dimension.width else 8.43


def _widths(ws: Worksheet, first: int, end: int) -> float:
    """The width of columns ``first`` up to (not including) ``end``."""
    return sum(_width(ws, column) for column in range(first, end))


def _split(ws: Worksheet, span: CellRange) -> tuple[int, int] | None:
    """The first columns of the "Event" label and of the Event cell at the right of the title:
    the cell at least :data:`EVENT_WIDTH` wide, the label :data:`LABEL_WIDTH` (as many narrow
    columns as that takes), and a title of at least :data:`NARROWEST_TITLE` characters left;
    None if there is no room."""
    first = _columns_left_of(ws, _printed_end(ws, span) + 1, EVENT_WIDTH, span.min_col)
    label = None if first is None else _columns_left_of(ws, first, LABEL_WIDTH, span.min_col)
    if first is None or label is None or label <= span.min_col:
        return None
    if _widths(ws, span.min_col, label) < NARROWEST_TITLE:
        return None
    return label, first


def _printed_end(ws: Worksheet, span: CellRange) -> int:
    """The title's last column on the printed page: the span's, or the print area's last
    column when that ends first (a screen-only column at the right, as the Register's Check,
    must not take the Event cell off the page)."""
    last = int(span.max_col)
    if not ws.print_area:
        return last
    ends = [range_boundaries(part.split("!")[-1])[2] for part in str(ws.print_area).split(",")]
    return min(last, max(int(end) for end in ends if end is not None))


def _columns_left_of(ws: Worksheet, end: int, width: float, least: int) -> int | None:
    """The first of the columns just left of ``end`` that together are ``width`` wide, or None
    when the columns from ``least`` on are too narrow."""
    first, taken = end, 0.0
    while first > least and taken < width:
        first -= 1
        taken += _width(ws, first)
    return first if taken >= width else None


def _event_cell(ws: Worksheet, span: CellRange | None, event: str) -> str:
    """Split the title row: title, "Event" label, the input; returns the input's absolute
    reference for the other sheets' titles."""
    assert span is not None
    split = _split(ws, span)
    assert split is not None
    (label, first), last = split, _printed_end(ws, span)
    _labelled_input(ws, span, (label, first, last), EVENT_LABEL, event)
    return f"'{ws.title}'!${get_column_letter(first)}${TITLE_ROW}"


def _labelled_input(
    ws: Worksheet, span: CellRange, columns: tuple[int, int, int], label: str, value: str
) -> None:
    """Cut the title ``span`` short before ``columns`` (the label's first column, the input's
    first and last) and put the bold ``label`` and a text input holding ``value`` there."""
    at, first, last = columns
    ws.unmerge_cells(span.coord)
    ws.merge_cells(start_row=TITLE_ROW, start_column=1, end_row=TITLE_ROW, end_column=at - 1)
    _wrap_title(ws, _widths(ws, 1, at))
    if first - 1 > at:
        ws.merge_cells(
            start_row=TITLE_ROW, start_column=at, end_row=TITLE_ROW, end_column=first - 1
        )
    tag = ws.cell(TITLE_ROW, at, label)
    tag.font, tag.alignment = styles.TITLE_FONT, styles.RIGHT
    if last > first:
        ws.merge_cells(start_row=TITLE_ROW, start_column=first, end_row=TITLE_ROW, end_column=last)
    cell = ws.cell(TITLE_ROW, first, value or None)
    cell.data_type = "s" if value else cell.data_type  # a name starting with = stays text
    cell.font, cell.fill, cell.border = styles.TITLE_FONT, styles.INPUT_FILL, styles.BOX
    cell.alignment = Alignment(horizontal="left", vertical="center", shrink_to_fit=True)
    cell.number_format = "@"
    cell.protection = styles.UNLOCKED


def add_event_details(workbook: Workbook, date: str = "", club: str = "") -> None:
    """**Date** and **Club** inputs (holding ``date`` and ``club``) in the title row of
    ``workbook``'s first sheet, left of its Event cell (see :func:`add_event`, called first),
    each where the title keeps :data:`NARROWEST_TITLE` characters; a reader of the workbook
    finds the three by their labels. The date is text, as typed (2026-11-30 or 30/11/2026),
    so no spreadsheet turns it into a date of its own locale."""
    ws = workbook.worksheets[0]
    for label, value, width in (("Club", club, CLUB_WIDTH), ("Date", date, DATE_WIDTH)):
        span = _title_span(ws)
        if span is None:
            return
        first = _columns_left_of(ws, span.max_col + 1, width, span.min_col)
        at = None if first is None else _columns_left_of(ws, first, LABEL_WIDTH, span.min_col)
        if first is None or at is None or _widths(ws, span.min_col, at) < NARROWEST_TITLE:
            return
        _labelled_input(ws, span, (at, first, int(span.max_col)), label, value)


def _wrap_title(ws: Worksheet, width: float, text: str | None = None) -> int:
    """Let a title too long for the row's narrower merge wrap onto as many lines as it takes
    (in its own font size); a title made by a formula is left as it is. ``text`` is the title
    as printed when the cell holds a formula that makes it. Returns the lines it takes."""
    cell = ws.cell(TITLE_ROW, 1)
    if text is None:
        if not isinstance(cell.value, str) or cell.value.startswith("="):
            return 1
        text = cell.value
    size = float(cell.font.sz or 9)
    lines = layout.wrapped_lines(text, width, layout.CHARACTERS_PER_WIDTH * 9 / size)
    if lines > 1:
        horizontal = cell.alignment.horizontal
        cell.alignment = Alignment(horizontal=horizontal, vertical="center", wrap_text=True)
        needed = layout.text_height(lines) * size / 9
        ws.row_dimensions[TITLE_ROW].height = max(needed, ws.row_dimensions[TITLE_ROW].height or 0)
    return lines


def _prefix_title(ws: Worksheet, span: CellRange, ref: str) -> None:
    """The sheet's title shown after the event: "Club night · Swiss teams · standings".

    The event's name is known only when it is typed, so the row is made tall enough for the
    title after an event of :data:`ROOM_FOR_EVENT`'s length, wrapped, when that does not fit
    the printed width; a title that fits on one line shrinks to fit a longer event instead of
    being cut at the page's edge."""
    cell = ws.cell(TITLE_ROW, 1)
    value = cell.value
    if value is None:
        return
    text = str(value)
    title = f"({text[1:]})" if text.startswith("=") else '"' + text.replace('"', '""') + '"'
    cell.value = f'=IF({ref}="","",{ref}&"{SEPARATOR}")&{title}'
    width = _widths(ws, span.min_col, _printed_end(ws, span) + 1)
    shown = _formula_text(text) if text.startswith("=") else text
    if _wrap_title(ws, width, f"{ROOM_FOR_EVENT}{SEPARATOR}{shown}") == 1:
        old = cell.alignment
        cell.alignment = Alignment(
            horizontal=old.horizontal, vertical=old.vertical, shrink_to_fit=True
        )


def _formula_text(formula: str) -> str:
    """About the text a title's formula shows, for its length: the formula's quoted texts
    (each branch of an IF, so never too short) and two digits for the values it refers to."""
    return "".join(re.findall(r'"([^"]*)"', formula)) + "99"


def _repeat_title_row(ws: Worksheet) -> None:
    """Print titles from the title row down to the rows already repeated (the title row alone
    when none were)."""
    rows = ws.print_title_rows
    last = TITLE_ROW
    if rows:
        last = max(int(part.strip("$")) for part in rows.split(":"))
    ws.print_title_rows = f"{TITLE_ROW}:{last}"


def typed_event(workbook: Workbook) -> tuple[str, str, str] | None:
    """What is typed in the workbook's Event cell (see :func:`add_event`): the text, the
    sheet and the cell (``"County Swiss Teams", "Matches", "F1"``); None when no title row has
    an "Event" label or the cell beside it is blank or holds a formula. The cell beside the
    label is the first after the label's merged span."""
    for ws in workbook.worksheets:
        spans = {(s.min_row, s.min_col): int(s.max_col) for s in ws.merged_cells.ranges}
        for label in ws[TITLE_ROW]:
            if label.value != EVENT_LABEL:
                continue
            column = spans.get((TITLE_ROW, int(label.column)), int(label.column)) + 1
            cell = ws.cell(TITLE_ROW, column)
            value = cell.value
            if (
                isinstance(value, str | int | float)
                and cell.data_type != "f"
                and str(value).strip()
            ):
                return str(value).strip(), ws.title, cell.coordinate
    return None
