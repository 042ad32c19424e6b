"""A Ranking sheet: an event's entries sorted by place, by formulas, ready to pin up.

The sheet an event computes on (Standings, Table, Pairs, Tournament) lists its entries in
number order with a place column; sheet protection keeps the user from sorting it, and the
Excel 2010 function set has no SORT. The Ranking sheet sorts it with formulas instead:

- a hidden working column gives each entry of the source a distinct position in the sorted
  list: its place plus the entries with the same place above it in the source (so entries
  sharing 3rd take positions 3 and 4, in entry-number order); blank without a place;
- row k of the ranking finds the source row whose position is k (``MATCH``, exact) and shows
  that entry's place — with "=" when it is shared (``COUNTIF`` of the place) —, number, names
  and scores (``INDEX``); a row with no entry at position k (fewer entries have a place than
  the sheet has rows) stays blank, never 0.

Only IF, ISNUMBER, IFERROR, INDEX, MATCH, ROWS and COUNTIF are used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.kit import layout, refs, styles
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import ROW_HEIGHT

SHEET = "Ranking"
HEADING_ROW = 2
FIRST_ROW = 3
PLACE = Column("place", "Place", 6, "@")
#: Width of a column holding a name: 40 characters of 9-point Arial, capitals too (widths in
#: digits of the 10-point Arial default font, the same in Excel and LibreOffice).
NAME_WIDTH = 42


@dataclass(frozen=True)
class Shown:
    """A column of the ranking: its heading (a :class:`Column`) and the source column letter
    it copies. ``text`` columns (names) are copied as text, so an empty name stays empty."""

    column: Column
    source: str
    text: bool = False


@dataclass(frozen=True)
class Source:
    """Where the entries are ranked: a sheet, its first and last entry rows, and the letter of
    its place column (a number, blank for an entry without a place)."""

    sheet: str
    first_row: int
    last_row: int
    place: str

    @property
    def size(self) -> int:
        return self.last_row - self.first_row + 1

    def column(self, letter: str) -> str:
        """A whole entry column of the source, absolute, with its sheet name."""
        return refs.on(self.sheet, refs.absolute(letter, self.first_row, self.last_row))


@dataclass(frozen=True)
class RankingCells:
    """Where a written ranking is: the letter of each shown column by key, and its rows."""

    letters: dict[str, str]
    first_row: int
    last_row: int

    def cell(self, key: str, position: int) -> str:
        """The cell of column ``key`` on the ``position``-th line (from 1)."""
        return f"{self.letters[key]}{self.first_row + position - 1}"


def write_ranking(
    ws: Worksheet,
    title: object,
    source: Source,
    shown: Sequence[Shown],
    paper: str,
    *,
    note: str | None = None,
) -> RankingCells:
    """Write the ranking of ``source`` on ``ws``: Place, then the ``shown`` columns.

    ``note`` (optional) is printed under the last line. Returns where the columns are.
    """
    columns = (PLACE, *(_shown_column(s) for s in shown))
    texts = {s.column.key for s in shown if s.text}  # names, left-aligned
    width = len(columns)
    layout.start_sheet(ws, title, columns, heading_row=HEADING_ROW, repeat_title=True)
    working = width + 2  # a blank column, then the two working columns
    order_letter, row_letter = get_column_letter(working), get_column_letter(working + 1)
    for letter, text in ((order_letter, "Position of source row"), (row_letter, "Source row")):
        cell = layout.heading(ws[f"{letter}{HEADING_ROW}"], text)
        cell.font = styles.GREY_FONT
        ws.column_dimensions[letter].width = 9
    places = source.column(source.place)
    orders = refs.absolute(order_letter, FIRST_ROW, FIRST_ROW + source.size - 1)
    last = FIRST_ROW + source.size - 1
    for i in range(source.size):
        row = FIRST_ROW + i
        place = refs.on(source.sheet, f"${source.place}${source.first_row + i}")
        above = refs.on(
            source.sheet,
            f"${source.place}${source.first_row}:${source.place}${source.first_row + i}",
        )
        order = f'=IF(ISNUMBER({place}),{place}+COUNTIF({above},{place})-1,"")'
        position = f"ROWS(${row_letter}${FIRST_ROW}:${row_letter}{row})"  # i + 1
        found = f'=IFERROR(MATCH({position},{orders},0),"")'
        at = f"${row_letter}{row}"
        values: dict[str, object] = {}
        for item in shown:
            got = f"INDEX({source.column(item.source)},{at})"
            suffix = '&""' if item.text else ""
            values[item.column.key] = f'=IF({at}="","",{got}{suffix})'
        place_at = f"INDEX({places},{at})"
        values["place"] = f'=IF({at}="","",{place_at}&IF(COUNTIF({places},{place_at})>1,"=",""))'
        layout.write_row(ws, row, columns, values, left=lambda column: column.key in texts)
        for letter, formula in ((order_letter, order), (row_letter, found)):
            cell = layout.put(ws[f"{letter}{row}"], formula, "0", font=styles.GREY_FONT)
            cell.fill = styles.WORKING_FILL
    ws.column_dimensions.group(order_letter, row_letter, hidden=True, outline_level=1)
    last_printed = last
    if note is not None:
        last_printed = last + 2
        layout.merged_text(ws, refs.span(last_printed, 1, width), note, height=2 * ROW_HEIGHT)
    layout.finish(ws, paper, last_printed, width, freeze=f"A{FIRST_ROW}")
    return RankingCells(layout.letters(columns), FIRST_ROW, last)


def _shown_column(item: Shown) -> Column:
    """The source's column as the ranking shows it: never an input, names as General text."""
    number_format = "General" if item.text else item.column.number_format
    return item.column._replace(is_input=False, number_format=number_format)
