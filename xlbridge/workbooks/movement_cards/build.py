"""Builds the movement cards (see :mod:`xlbridge.workbooks.movement_cards`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.io.bounds import stored_text
from xlbridge.scoring import checks
from xlbridge.scoring.movement.build import Movement, Pair
from xlbridge.scoring.movement.checks import Balance
from xlbridge.workbooks.kit import layout, styles
from xlbridge.workbooks.kit.event import event_heading
from xlbridge.workbooks.kit.layout import Column, wrapped_lines
from xlbridge.workbooks.kit.printing import PAPER_SIZES, set_row_breaks
from xlbridge.workbooks.kit.shared_styles import SharedStyles
from xlbridge.workbooks.movement_cards.page import (
    CARD_FONT,
    CARD_PER_WIDTH,
    CARD_TITLE_FONT,
    HEADING_HEIGHT,
    LINE_POINTS,
    ROW_POINTS,
    TITLE_POINTS,
    cards_per_page,
    set_up_page,
)
from xlbridge.workbooks.movement_cards.routes import (
    board_list,
    note,
    pair_name,
    pair_next,
    seat_of,
)
from xlbridge.workbooks.movement_cards.summary import write_balance, write_summary
from xlbridge.workbooks.movement_cards.table_cards import card_text, write_table_cards

TABLE_SHEET, GUIDE_SHEET, SUMMARY_SHEET = "Table cards", "Guide cards", "Movement"
BALANCE_SHEET = "Balance"
GUIDE_COLUMNS = (
    Column("round", "Round", 6),
    Column("table", "Table", 7, "General"),
    Column("direction", "Sit", 6, "General"),
    Column("against", "Against", 8, "General"),
    Column("boards", "Boards", 12, "General"),  # halves of two sets: "13-14,19-20"
    Column("next", "Next round", 13, "General"),
    Column("note", "Note", 29, "General"),
)
#: Columns whose text wraps.
WRAPPED = ("note", "next")
#: Rows a card takes besides its rounds: the title, the headings and a gap below.
CARD_EXTRA_ROWS = 3


@dataclass(frozen=True)
class MovementCards:
    """The cards' workbook and what it holds (guide cards only for pairs numbered 1 to N)."""

    workbook: Workbook
    movement: Movement
    guide_cards: bool


def build_movement_cards(
    movement: Movement,
    *,
    balance: Balance,
    warnings: Sequence[str] = (),
    event: str | None = None,
    date: str = "",
    club: str = "",
    paper: str = "a4",
) -> MovementCards:
    """The cards of ``movement``; ``event`` (else the movement's name), ``date`` and ``club``
    head every page."""
    paper = checks.choice("paper", paper, PAPER_SIZES)
    title = stored_text(event, "--event") if event else movement.name
    heading = event_heading(title, stored_text(date, "--date"), stored_text(club, "--club"))
    workbook, summary = layout.new_workbook(SUMMARY_SHEET)
    shared = SharedStyles(workbook, "Card")
    write_summary(summary, movement, balance, warnings, shared)
    set_up_page(summary, paper, heading)
    tables = workbook.create_sheet(TABLE_SHEET)
    text = card_text(movement, paper)
    set_up_page(tables, paper, heading, points=text.points)
    # after the page set-up: many rounds set a smaller scale
    write_table_cards(tables, movement, paper, shared, text)
    guide = not movement.is_mitchell
    if guide:
        sheet = workbook.create_sheet(GUIDE_SHEET)
        _guide_cards(sheet, movement, paper, shared)
        set_up_page(sheet, paper, heading)
    sheet = workbook.create_sheet(BALANCE_SHEET)
    write_balance(sheet, movement, balance, shared)
    set_up_page(sheet, paper, heading)
    for ws in workbook.worksheets:
        styles.protect(ws)
    return MovementCards(workbook, movement, guide)


def _card_title(ws: Worksheet, row: int, text: str, width: int) -> None:
    cell = layout.title(ws, text, width, row=row)
    cell.font = CARD_TITLE_FONT
    ws.row_dimensions[row].height = TITLE_POINTS


def _card_rows(
    ws: Worksheet,
    first: int,
    columns: Sequence[Column],
    rows: list[dict[str, object]],
    shared: SharedStyles,
) -> int:
    """The headings in row ``first`` and ``rows`` below; returns the last row written."""
    layout.headings(ws, first, columns, height=HEADING_HEIGHT)
    kinds = shared.column_styles(CARD_FONT, columns, WRAPPED)
    for offset, values in enumerate(rows, start=1):
        lines = 1
        for i, (column, kind) in enumerate(zip(columns, kinds, strict=True), start=1):
            cell = shared.put(ws.cell(first + offset, i), values.get(column.key), kind)
            if column.key in WRAPPED:
                lines = max(lines, wrapped_lines(cell.value, column.width * CARD_PER_WIDTH))
        ws.row_dimensions[first + offset].height = max(ROW_POINTS, lines * LINE_POINTS + 4)
    return first + len(rows)


def _guide_cards(ws: Worksheet, movement: Movement, paper: str, shared: SharedStyles) -> None:
    """A card per pair, as many to a page as fit whole."""
    per_page = cards_per_page(paper, movement.rounds + CARD_EXTRA_ROWS)
    row, breaks = 1, []
    for count, pair in enumerate(movement.pairs, start=1):
        _card_title(ws, row, f"Pair {pair_name(pair)} · {movement.name}", len(GUIDE_COLUMNS))
        last = _card_rows(ws, row + 1, GUIDE_COLUMNS, _guide_rows(movement, pair), shared)
        ws.row_dimensions[last + 1].height = ROW_POINTS
        if count % per_page == 0:
            breaks.append(last + 1)
        row = last + 2
    set_row_breaks(ws, [b for b in breaks if b < row - 1])
    ws.print_area = f"A1:{layout.letters(GUIDE_COLUMNS)['note']}{row - 2}"


def _guide_rows(movement: Movement, pair: Pair) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for round_ in range(1, movement.rounds + 1):
        found = seat_of(movement, pair, round_)
        if found is None:
            rows.append(
                {"round": round_, "table": "sit out", "next": pair_next(movement, pair, round_)}
            )
            continue
        seating, direction = found
        against = seating.ew if direction == "NS" else seating.ns
        rows.append(
            {
                "round": round_,
                "table": seating.table,
                "direction": direction,
                "against": pair_name(against),
                "boards": board_list(seating, ","),
                "next": pair_next(movement, pair, round_),
                "note": note(seating),
            }
        )
    return rows
