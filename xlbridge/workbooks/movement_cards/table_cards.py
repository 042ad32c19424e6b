"""The table cards: one card a portrait page, its grid of rounds filling the page.

A table card lies on the table all evening and is read from a chair, so its text is 14 points
(12 when a card's rounds need more than a page at 14) and its grid (the headings and a row a
round) is as wide as a portrait page holds at full size, stretched down to
:data:`GRID_SHARE` of the page's printable height: no row is shorter than its wrapped text
needs, and the shorter rows are raised to one common height.

A card too tall for its page at 12 points (only a movement of about 20 rounds or more, read
from a CSV; xlbridge's own have at most 15) is printed at the scale that fits the tallest card
on its page, the one case where its text prints below 12 points.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring.movement.build import Movement
from xlbridge.workbooks.kit import layout, styles
from xlbridge.workbooks.kit.layout import Column, wrapped_lines
from xlbridge.workbooks.kit.printing import PAPER_WIDTH, printed_width, set_row_breaks
from xlbridge.workbooks.kit.shared_styles import SharedStyles
from xlbridge.workbooks.kit.styles import FONT_NAME
from xlbridge.workbooks.movement_cards.page import MARGIN_SIDE, printable_height
from xlbridge.workbooks.movement_cards.routes import (
    LINED,
    board_list,
    boards_next,
    note,
    pair_name,
    pairs_next,
)


class CardText(NamedTuple):
    """A size of the cards' text: the body and headings, and the title (points); a line of
    the body, the title's row (points); characters of the body a column of width 1 holds,
    at least (11-point text: 0.95)."""

    points: int
    title_points: int
    line: float
    title_row: float
    per_width: float


@cache
def card_font(points: int, *, bold: bool = False) -> Font:
    """The cards' font at ``points`` (one object per size, shared by every cell)."""
    return Font(name=FONT_NAME, size=points, bold=bold)


#: The sizes tried, largest first: the first whose tallest card fits its page is used.
CARD_TEXTS = (CardText(14, 18, 17.0, 28.0, 0.75), CardText(12, 16, 15.0, 26.0, 0.87))
#: Points a row holds besides its lines of text.
ROW_PADDING = 6.0
#: Share of the printable height the grid is stretched to.
GRID_SHARE = 0.85
#: Widths (characters of the default font) summing to what a portrait A4 page holds between
#: its margins at full size (:func:`xlbridge.workbooks.kit.printing.printed_width`).
TABLE_COLUMNS = (
    Column("round", "Round", 9),
    Column("ns", "NS", 7.5, "General"),
    Column("ew", "EW", 7.5, "General"),
    Column("boards", "Boards", 10, "General"),
    Column("pairs_next", "Pairs next round", 26, "General"),
    Column("boards_next", "Boards next round", 15.5, "General"),
    Column("note", "Note", 20.5, "General"),
)
#: Columns whose text wraps (left-aligned); the others are centred.
WRAPPED = ("pairs_next", "boards_next", "note")


def printable_width(paper: str) -> float:
    """Points between a portrait page's side margins."""
    return PAPER_WIDTH[paper] - 2 * 72 * MARGIN_SIDE


def grid_width() -> float:
    """Points the card's columns print at full size."""
    return printed_width([column.width for column in TABLE_COLUMNS])


def card_text(movement: Movement, paper: str) -> CardText:
    """The largest text size at which every table card fits its page (else the smallest)."""
    cards = [_table_rows(movement, table) for table in range(1, movement.tables + 1)]
    for text in CARD_TEXTS:
        tallest = max(text.title_row + sum(_needed(rows, text)) for rows in cards)
        if tallest <= printable_height(paper):
            return text
    return CARD_TEXTS[-1]


def write_table_cards(
    ws: Worksheet,
    movement: Movement,
    paper: str,
    shared: SharedStyles | None = None,
    text: CardText | None = None,
) -> CardText:
    """One card a page: the table's title, then its rounds; returns the text size used
    (``text``, else :func:`card_text`'s). ``shared``: the workbook's shared styles (else
    made here)."""
    shared = SharedStyles(ws.parent, "Table card") if shared is None else shared
    text = card_text(movement, paper) if text is None else text
    row, breaks, tallest = 1, [], 0.0
    for table in range(1, movement.tables + 1):
        title = layout.title(ws, f"Table {table} · {movement.name}", len(TABLE_COLUMNS), row=row)
        title.font = card_font(text.title_points, bold=True)
        ws.row_dimensions[row].height = text.title_row
        rows = _table_rows(movement, table)
        tallest = max(tallest, _write_grid(ws, row + 1, rows, paper, text, shared))
        row += 2 + len(rows)
        breaks.append(row - 1)
    set_row_breaks(ws, breaks[:-1])
    ws.print_area = f"A1:{layout.letters(TABLE_COLUMNS)['note']}{row - 1}"
    card = text.title_row + tallest
    if card > printable_height(paper):  # many rounds: the whole sheet printed smaller
        ws.sheet_properties.pageSetUpPr.fitToPage = False
        ws.page_setup.scale = math.floor(100 * printable_height(paper) / card)
    return text


def _write_grid(
    ws: Worksheet,
    first: int,
    rows: list[dict[str, object]],
    paper: str,
    text: CardText,
    shared: SharedStyles,
) -> float:
    """The headings in row ``first`` and a row a round below, stretched down the page;
    returns the grid's height in points."""
    heading = shared.name(card_font(text.points, bold=True), styles.WRAP, fill=styles.HEADER_FILL)
    body = card_font(text.points)
    kinds = shared.column_styles(body, TABLE_COLUMNS, WRAPPED, lines=LINED)
    for i, column in enumerate(TABLE_COLUMNS, start=1):
        shared.put(ws.cell(first, i), column.header, heading)
        ws.column_dimensions[get_column_letter(i)].width = column.width
    for offset, values in enumerate(rows, start=1):
        for i, (column, kind) in enumerate(zip(TABLE_COLUMNS, kinds, strict=True), start=1):
            shared.put(ws.cell(first + offset, i), values.get(column.key), kind)
    needed = _needed(rows, text)
    target = GRID_SHARE * printable_height(paper) - text.title_row
    heights = [needed[0], *stretched(needed[1:], target - needed[0])]
    for offset, height in enumerate(heights):
        ws.row_dimensions[first + offset].height = height
    return sum(heights)


def _needed(rows: list[dict[str, object]], text: CardText) -> list[float]:
    """Points the headings' row and each round's row need, their text wrapped."""
    headings: dict[str, object] = {column.key: column.header for column in TABLE_COLUMNS}
    records = [headings, *rows]
    return [_height([values.get(c.key) for c in TABLE_COLUMNS], text) for values in records]


def _height(texts: Iterable[object], text: CardText) -> float:
    """Points a row of these texts (one per column of TABLE_COLUMNS) needs, wrapped."""
    lines = max(
        wrapped_lines(value, column.width, text.per_width)
        for value, column in zip(texts, TABLE_COLUMNS, strict=True)
    )
    return lines * text.line + ROW_PADDING


def stretched(needed: list[float], total: float) -> list[float]:
    """Heights of at least ``needed`` summing to ``total`` (when they need less): the shorter
    rows raised to one common height, the taller kept as they are."""
    if sum(needed) >= total or not needed:
        return list(needed)
    rest, count = total, len(needed)
    for height in sorted(needed, reverse=True):
        if height <= rest / count:
            break
        rest, count = rest - height, count - 1
    level = rest / count
    return [max(height, level) for height in needed]


def _table_rows(movement: Movement, table: int) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for round_ in range(1, movement.rounds + 1):
        seating = movement.seating(round_, table)
        if seating is None:
            out = [p for p in movement.sitting_out(round_) if p.home == "NS" and p.number == table]
            text = f"{pair_name(out[0])} sits out" if out else "no play this round"
            rows.append({"round": round_, "ns": "–", "ew": "–", "boards": "–", "note": text})
            continue
        rows.append(
            {
                "round": round_,
                "ns": pair_name(seating.ns),
                "ew": pair_name(seating.ew),
                "boards": board_list(seating),
                "pairs_next": pairs_next(movement, seating),
                "boards_next": boards_next(movement, seating),
                "note": note(seating),
            }
        )
    return rows
