"""A live card of the WBF discrete (whole-VP) scale, and the table it reads.

The card's bands are not computed by formulas from the boards cell, as a Gaussian card's are.
The plain cut could be (t_v = INT(B·LN(1 − (v + ½)(1 − τ³)/10) / (3·LN τ))), but the
discrete scale's last step is the concavity pass: find the first band narrower than the one
before it, move its lower edge in by one IMP, and start again. Excel 2010 formulas have no
loop. For 1–200 boards the pass moves at most two edges (46 board counts need a move), so it
could be unrolled into two copies of 9 width tests and 10 moved edges: about fifty hidden
working cells per card, whose correctness would rest on that measured count of passes and on
INT of a logarithm landing on the right side of each whole IMP. Instead the workbook carries
the finished table as values, one row per board count 1–200 on the sheet **WBF discrete**
(the core's :func:`xlbridge.scoring.scales.wbf_discrete.wbf_discrete` written out, so it is exactly
the scale the Excel functions and the command line use), and the card's bounds are
``INDEX``/``MATCH`` formulas that pick the row of the card's boards cell: a director who
changes boards sees the card redrawn, offline.
"""

from __future__ import annotations

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring.names import MAX_BOARDS
from xlbridge.scoring.scales.wbf_discrete import DiscreteScale, wbf_discrete
from xlbridge.workbooks.kit import layout, refs, styles
from xlbridge.workbooks.kit.printing import setup_page

TABLE_SHEET = "WBF discrete"
TABLE_FIRST_ROW = 3  # title, headings, then boards 1 … 200
BOARDS_WIDTH = 7.0
TOP_WIDTH = 6.0


def table_sheet_name(vp_total: int) -> str:
    """The table sheet of a total: "WBF discrete" (20 VPs) or "WBF discrete 10" (a half)."""
    return TABLE_SHEET if vp_total == 20 else f"{TABLE_SHEET} {vp_total}"


def table_refs(workbook: Workbook, vp_total: int, paper: str) -> tuple[str, str]:
    """The (boards column, block of band tops) of the table for ``vp_total`` in
    ``workbook``, written on its own sheet the first time it is asked for."""
    name = table_sheet_name(vp_total)
    m = vp_total // 2
    last_row = TABLE_FIRST_ROW + MAX_BOARDS - 1
    last_column = get_column_letter(1 + m)
    if name not in workbook.sheetnames:
        _write_table(workbook.create_sheet(name), vp_total, paper)
    boards = refs.on(name, refs.absolute("A", TABLE_FIRST_ROW, last_row))
    block = f"$B${TABLE_FIRST_ROW}:${last_column}${last_row}"
    return boards, refs.on(name, block)


def _write_table(ws: Worksheet, vp_total: int, paper: str) -> None:
    m = vp_total // 2
    # Shown after the event (kit/event.py), which wraps it where the table is narrower.
    layout.title(ws, f"WBF discrete {vp_total}-VP scale: the last IMP margin of each band", 1 + m)
    layout.heading(ws.cell(2, 1), "boards")
    ws.column_dimensions["A"].width = BOARDS_WIDTH
    for v in range(m):
        layout.heading(ws.cell(2, 2 + v), f"{m + v}-{m - v}")
        ws.column_dimensions[get_column_letter(2 + v)].width = TOP_WIDTH
    for boards in range(1, MAX_BOARDS + 1):
        row = TABLE_FIRST_ROW + boards - 1
        layout.put(ws.cell(row, 1), boards, "0")
        for v, top in enumerate(wbf_discrete(boards, vp_total).tops.tolist()):
            layout.put(ws.cell(row, 2 + v), top, "0")
    ws.print_title_rows = "1:2"
    ws.freeze_panes = f"B{TABLE_FIRST_ROW}"
    setup_page(ws, paper, TABLE_FIRST_ROW + MAX_BOARDS - 1, 1 + m)
    styles.protect(ws)


def band_start(boards_ref: str, table: tuple[str, str], band: int) -> str:
    """The first margin of band ``band`` ≥ 1 above the draw: the band below's last, plus 1."""
    boards_column, block = table
    return f"=INDEX({block},MATCH({boards_ref},{boards_column},0),{band})+1"


def title_formula(scale: DiscreteScale, boards_ref: str) -> str:
    """The card's live title, following its boards cell."""
    what = "WBF discrete" if scale.vp_total == 20 else f"WBF {scale.vp_total}-VP half"
    return f'="{what} · "&{boards_ref}&IF({boards_ref}=1," board"," boards")'
