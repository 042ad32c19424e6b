"""One sheet of the results pack: a title, a row of column headings repeated on every page,
then blocks of rows (a caption, records, notes) that are never split across pages.

Everything written is a value: text is stored as text even when it starts with "=" (a pair
called "=Smith" stays a name), numbers as numbers with a number format. Nothing is a formula.

A national simultaneous pairs fills millions of cells, so the records take the fast road
through openpyxl: each kind of cell's style (font, alignment, border, number format) is
created once and shared, and a record's cells are made with that style and their value
directly, not looked up and styled attribute by attribute. The time to build and save a pack
grows linearly with its lines.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Font
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.merge import MergedCellRange
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.io.bounds import stored_text
from xlbridge.workbooks.kit import styles
from xlbridge.workbooks.kit.values import put_value
from xlbridge.workbooks.results_pack import page

TITLE_ROW = 1
HEADING_ROW = 2
FIRST_ROW = 3
TITLE_LINES = 2
HEADING_LINES = 2
PERCENT_FORMAT = "0.00"

LEFT = Alignment(horizontal="left", vertical="center")
CENTER = Alignment(horizontal="center", vertical="center")
RIGHT = Alignment(horizontal="right", vertical="center")
HEADING = Alignment(horizontal="center", vertical="center", wrap_text=True)
TITLE = Alignment(horizontal="left", vertical="center")
#: Names, captions and text across several columns of a record: an unusually long one is
#: shrunk to fit rather than cut off.
FIT_LEFT = Alignment(horizontal="left", vertical="center", shrink_to_fit=True)
FIT_CENTER = Alignment(horizontal="center", vertical="center", shrink_to_fit=True)


class Col(NamedTuple):
    """A column: key in the records, heading, width (in digits of Arial 10), number format,
    alignment."""

    key: str
    header: str
    width: float
    number_format: str = "General"
    align: Alignment = CENTER


class PackSheet:
    """Writes one sheet row by row; :meth:`finish` sets up the page and the page breaks."""

    def __init__(self, ws: Worksheet, title: str, columns: Sequence[Col]) -> None:
        self.ws = ws
        self.columns = tuple(columns)
        self.row = FIRST_ROW
        self.blocks: list[int] = []
        self._block_start: int | None = None
        self._styles: dict[tuple[int, int, str], StyleArray] = {}
        self._texts: set[str] = set()  # texts already checked storable
        self._merged(TITLE_ROW, title, page.TITLE_FONT, TITLE, lines=TITLE_LINES)
        for index, column in enumerate(self.columns, start=1):
            cell = put_value(ws.cell(HEADING_ROW, index), column.header)
            cell.font, cell.fill = page.BOLD_FONT, styles.HEADER_FILL
            cell.alignment, cell.border = HEADING, styles.BOX
            ws.column_dimensions[get_column_letter(index)].width = column.width
        ws.row_dimensions[HEADING_ROW].height = HEADING_LINES * page.ROW
        ws.freeze_panes = f"A{FIRST_ROW}"

    @property
    def widths(self) -> list[float]:
        return [column.width for column in self.columns]

    def _merged(
        self, row: int, text: object, font: Font, alignment: Alignment, *, lines: int = 1
    ) -> Cell:
        ws = self.ws
        self._merge(row, 1, len(self.columns))
        cell = put_value(ws.cell(row, 1), text)
        cell.font, cell.alignment = font, alignment
        ws.row_dimensions[row].height = lines * page.ROW
        return cell

    def _merge(self, row: int, first: int, last: int) -> None:
        """Merge columns ``first`` to ``last`` of ``row`` (nothing when they are one).

        ``Worksheet.merge_cells`` first checks the new range against every merged range so far,
        which makes a large pack quadratic; the pack merges each row once, as it is written, so
        the range is added as openpyxl's own method would add it, without that check.
        """
        if last <= first:
            return
        ref = f"{get_column_letter(first)}{row}:{get_column_letter(last)}{row}"
        merged = MergedCellRange(self.ws, ref)
        self.ws.merged_cells.ranges.add(merged)
        self.ws._clean_merge_range(merged)  # noqa: SLF001 - see above

    # ---------------------------------------------------------------------------- blocks

    def start_block(self) -> None:
        """Rows written from here to :meth:`end_block` are kept on one page."""
        self._block_start = self.row

    def end_block(self) -> None:
        assert self._block_start is not None, "end_block without start_block"
        self.blocks.append(self.row - self._block_start)
        self._block_start = None

    # ---------------------------------------------------------------------------- rows

    def _style(self, font: Font, alignment: Alignment, number_format: str) -> StyleArray:
        """The style of a boxed cell with the given font, alignment and number format.

        Setting the four on every cell of a large pack is slow (openpyxl looks each one up in
        the workbook's style tables), so each kind of style is made once, on a cell that is
        not placed on the sheet, and shared (each cell takes a copy of its indices).
        """
        key = (id(font), id(alignment), number_format)
        style = self._styles.get(key)
        if style is None:
            model = Cell(self.ws)
            model.font, model.alignment, model.border = font, alignment, styles.BOX
            model.number_format = number_format
            style = self._styles[key] = model._style  # noqa: SLF001 - see above
        return style

    def _put(self, column: int, value: object, style: StyleArray) -> None:
        """A cell of this row holding ``value`` as :func:`put_value` writes it, with ``style``:
        made and placed directly (a text checked once for characters a workbook cannot hold)."""
        if isinstance(value, float) and not math.isfinite(value):
            value = None
        cell = Cell(self.ws, row=self.row, column=column, style_array=style)  # copied by Cell
        if isinstance(value, str):
            if value not in self._texts:
                stored_text(value, f"{self.ws.title}: row {self.row}")
                self._texts.add(value)
            cell._value, cell.data_type = value, "s"  # noqa: SLF001 - see above
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            cell._value = value + 0 if value == 0 else value  # noqa: SLF001 - never "-0"
        elif value is not None:
            put_value(cell, value)
        self.ws._cells[(self.row, column)] = cell  # noqa: SLF001 - see above

    def _next_row(self) -> None:
        """Close the current row (one line tall); outside a block it is a block of its own."""
        self.ws.row_dimensions[self.row].height = page.ROW
        self.row += 1
        if self._block_start is None:
            self.blocks.append(1)

    def caption(self, text: str) -> None:
        """A bold line across the sheet (a board's or a pair's heading)."""
        self._merged(self.row, text, page.CAPTION_FONT, FIT_LEFT)
        self._next_row()

    def note(self, text: str) -> None:
        """A line of small italic text across the sheet."""
        self._merged(self.row, text, page.NOTE_FONT, LEFT)
        self._next_row()

    def spans(self, parts: Sequence[tuple[int, int, str, Alignment]]) -> None:
        """A line of text pieces, each merged over columns ``first`` to ``last`` (1-based)."""
        for first, last, text, alignment in parts:
            self._merge(self.row, first, last)
            cell = put_value(self.ws.cell(self.row, first), text)
            cell.font, cell.alignment = page.DATA_FONT, alignment
        self._next_row()

    def record(
        self,
        values: Mapping[str, object],
        *,
        formats: Mapping[str, str] | None = None,
        marked: bool = False,
        span: tuple[str, str, str] | None = None,
        span_align: Alignment = FIT_LEFT,
    ) -> None:
        """One boxed line of ``values`` by column key (missing keys blank); ``formats`` override
        the columns' number formats; ``marked`` lines (adjusted, not played) in grey italics;
        ``span`` (first key, last key, text) writes one text across those columns instead."""
        font = page.MARKED_FONT if marked else page.DATA_FONT
        keys = [column.key for column in self.columns]
        merged: range = range(0)
        if span is not None:
            first, last, text = span
            merged = range(keys.index(first) + 1, keys.index(last) + 2)
            values = {**values, first: text}
        for index, column in enumerate(self.columns, start=1):
            value = values.get(column.key) if index not in merged[1:] else None
            alignment = span_align if index in merged else column.align
            number_format = (formats or {}).get(column.key, column.number_format)
            self._put(index, value, self._style(font, alignment, number_format))
        if merged:
            self._merge(self.row, merged[0], merged[-1])
        self._next_row()

    def blank(self) -> None:
        self._next_row()

    # ---------------------------------------------------------------------------- page

    def finish(self, paper: str, heading: str) -> list[int]:
        """Page set-up on ``paper`` with ``heading`` in the page header; page breaks between
        blocks. Returns the rows after which a page breaks."""
        last_row = max(self.row - 1, HEADING_ROW)
        scale = page.setup_page(
            self.ws,
            paper,
            self.widths,
            heading=heading,
            last_row=last_row,
            title_rows=f"{HEADING_ROW}:{HEADING_ROW}",
        )
        return page.keep_blocks_together(
            self.ws,
            paper,
            scale,
            self.blocks,
            first_row=FIRST_ROW,
            top_lines=TITLE_LINES + HEADING_LINES,
            repeated_lines=HEADING_LINES,
        )
