"""A printable hand record: four boards a page, each with its hands, double-dummy table and par.

:func:`build_hand_record` lays the boards out two across and two down on each portrait page.
A board is a block of rows: a caption (board, dealer, vulnerability), the hand diagram (North
at the top, West and East either side, South below, a suit a line, hearts and diamonds in red),
then the double-dummy table (a row per declarer N, S, E, W; a column per strain NT, ♠, ♥, ♦,
♣: the tricks that declarer makes) and the par line. Boards without an analysis show their
hands only. The file holds values only; page breaks keep each page to four whole boards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring import checks
from xlbridge.scoring.contract import SEAT_NAMES
from xlbridge.scoring.double_dummy import STRAINS, SYMBOLS, TABLE_ORDER
from xlbridge.workbooks.kit import styles
from xlbridge.workbooks.kit.event import header_text
from xlbridge.workbooks.kit.printing import PAPER_SIZES, set_row_breaks, setup_page
from xlbridge.workbooks.kit.values import put_value

if TYPE_CHECKING:
    from xlbridge.io.pbn.deals import DealRecord
    from xlbridge.scoring.double_dummy import BoardAnalysis

SHEET = "Hand record"
#: Columns of one board (label and five strains), and the gap between the two boards of a row.
BOARD_COLUMNS = 6
COLUMN_WIDTH = 7.5
GAP_WIDTH = 3
#: Rows of one board: caption, 12 lines of hands, the table's heading and 4 declarers, par, gap.
BOARD_ROWS = 20
BOARDS_ACROSS = 2
BOARDS_DOWN = 2
ROW_HEIGHT = 17.25
SUITS = ("S", "H", "D", "C")
RED = {"H", "D"}

_FONT = Font(name=styles.FONT_NAME, size=11)
_RED_FONT = Font(name=styles.FONT_NAME, size=11, color="C00000")
_BOLD = Font(name=styles.FONT_NAME, size=11, bold=True)
_RED_BOLD = Font(name=styles.FONT_NAME, size=11, bold=True, color="C00000")
_CAPTION = Font(name=styles.FONT_NAME, size=12, bold=True)
_LEFT = Alignment(horizontal="left", vertical="center", shrink_to_fit=True)
_CENTER = Alignment(horizontal="center", vertical="center")
#: The first row of each seat's four suit lines, and its first column (of a board's six).
_HAND_PLACES = {"N": (1, 3), "W": (5, 1), "E": (5, 5), "S": (9, 3)}
_VULNERABLE = {"None": "None", "NS": "N-S", "EW": "E-W", "All": "All"}


def build_hand_record(
    records: Mapping[int, DealRecord],
    analyses: Mapping[int, BoardAnalysis],
    *,
    event: str = "",
    paper: str = "a4",
) -> Workbook:
    """The hand record of ``records`` (deals by board, as :func:`xlbridge.io.pbn.deals.read_deals`
    gives them) with each analysed board's table and par; ``event`` in the page header."""
    paper = checks.choice("paper", paper, PAPER_SIZES)
    workbook = Workbook()
    ws = workbook.active
    assert ws is not None
    ws.title = SHEET
    for index in range(BOARDS_ACROSS * (BOARD_COLUMNS + 1) - 1):
        gap = index % (BOARD_COLUMNS + 1) == BOARD_COLUMNS
        ws.column_dimensions[get_column_letter(index + 1)].width = (
            GAP_WIDTH if gap else COLUMN_WIDTH
        )
    boards = sorted(records)
    for index, board in enumerate(boards):
        row = 1 + (index // BOARDS_ACROSS) * BOARD_ROWS
        column = 1 + (index % BOARDS_ACROSS) * (BOARD_COLUMNS + 1)
        _board(ws, row, column, records[board], analyses.get(board))
    down = (len(boards) + BOARDS_ACROSS - 1) // BOARDS_ACROSS
    last_row = max(1, down * BOARD_ROWS)
    for row in range(1, last_row + 1):
        ws.row_dimensions[row].height = ROW_HEIGHT
    setup_page(ws, paper, last_row, BOARDS_ACROSS * (BOARD_COLUMNS + 1) - 1)
    set_row_breaks(ws, list(range(BOARDS_DOWN * BOARD_ROWS, last_row, BOARDS_DOWN * BOARD_ROWS)))
    ws.oddHeader.center.text = header_text(event or "Hand record")
    ws.oddHeader.center.font = f"{styles.FONT_NAME},Bold"
    ws.oddFooter.right.text = "Page &P of &N"
    return workbook


def _put(ws: Worksheet, row: int, column: int, value: object, font: Font, align: Alignment) -> None:
    cell = put_value(ws.cell(row, column), value)
    cell.font, cell.alignment = font, align


def _board(
    ws: Worksheet, row: int, column: int, record: DealRecord, analysis: BoardAnalysis | None
) -> None:
    """One board's block with its top-left corner at (``row``, ``column``)."""
    from xlbridge.scoring.double_dummy import standard_dealer, standard_vulnerable

    dealer = record.dealer or standard_dealer(record.board)
    vulnerable = record.vulnerable or standard_vulnerable(record.board)
    last = column + BOARD_COLUMNS - 1
    vul = _VULNERABLE[vulnerable]
    caption = f"Board {record.board}    Dealer {SEAT_NAMES[dealer]}    Vul {vul}"
    ws.merge_cells(start_row=row, start_column=column, end_row=row, end_column=last)
    _put(ws, row, column, caption, _CAPTION, _LEFT)
    rest = record.deal.partition(":")[2]
    hands = dict(zip(("N", "E", "S", "W"), rest.split(), strict=True))
    for seat, (offset, across) in _HAND_PLACES.items():
        for i, (suit, cards) in enumerate(zip(SUITS, hands[seat].split("."), strict=True)):
            at = row + offset + i
            ws.merge_cells(
                start_row=at,
                start_column=column + across - 1,
                end_row=at,
                end_column=column + across,
            )
            text = f"{SYMBOLS[suit]} {cards.replace('T', '10') or '—'}"
            _put(ws, at, column + across - 1, text, _RED_FONT if suit in RED else _FONT, _LEFT)
    for offset, across, seat in ((5, 2, "N"), (6, 2, "W"), (6, 3, "E"), (7, 2, "S")):
        align = _CENTER
        if seat in "NS":
            ws.merge_cells(
                start_row=row + offset,
                start_column=column + across,
                end_row=row + offset,
                end_column=column + across + 1,
            )
        _put(ws, row + offset, column + across, seat, _BOLD, align)
    if analysis is not None:
        _table(ws, row + 13, column, analysis)


def _table(ws: Worksheet, row: int, column: int, analysis: BoardAnalysis) -> None:
    """The double-dummy table (heading and a row per declarer) and the par line below it."""
    _put(ws, row, column, "DD", _BOLD, _CENTER)
    for j, strain in enumerate(STRAINS, start=1):
        font = _RED_BOLD if strain in RED else _BOLD
        _put(ws, row, column + j, SYMBOLS[strain], font, _CENTER)
    for i, seat in enumerate(TABLE_ORDER, start=1):
        _put(ws, row + i, column, seat, _BOLD, _CENTER)
        for j, strain in enumerate(STRAINS, start=1):
            _put(ws, row + i, column + j, analysis.table[seat][strain], _FONT, _CENTER)
    for i in range(5):
        for j in range(BOARD_COLUMNS):
            ws.cell(row + i, column + j).border = styles.BOX
            if i == 0 or j == 0:
                ws.cell(row + i, column + j).fill = styles.HEADER_FILL
    last = column + BOARD_COLUMNS - 1
    ws.merge_cells(start_row=row + 5, start_column=column, end_row=row + 5, end_column=last)
    _put(ws, row + 5, column, analysis.par_text, _FONT, _LEFT)
