"""Printable VP cards: one card per board count, several to a page.

Each card holds its parameters in cells (boards and K are inputs; σ is a formula) and live
formulas for its bands, so a director who changes K sees the card redrawn offline. With
``wbf=True`` a second sheet holds the WBF 2013 continuous tables for the same board counts.
Cards of the WBF discrete scale (``scale="wbf-discrete"``) print the IMP range of each whole
VP, as the EBU's teams tables do; their bounds are read from the table of
:mod:`xlbridge.workbooks.scales.discrete_card` by the boards cell. Every page's heading says how a
margin exactly on a printed bound is scored (the ``bounds`` rule).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import InputError
from xlbridge.scoring import checks
from xlbridge.scoring.scales.choice import choose_scale
from xlbridge.scoring.scales.gaussian import VPScale
from xlbridge.scoring.scales.wbf import WBF_TOTAL, blitz, wbf_table
from xlbridge.scoring.scales.wbf_discrete import DiscreteScale
from xlbridge.scoring.wording import plural
from xlbridge.workbooks.kit import layout, refs, styles
from xlbridge.workbooks.kit.printing import PAPER_SIZES, ROWS_PER_PAGE, page_breaks, set_row_breaks
from xlbridge.workbooks.scales.discrete_card import TABLE_SHEET
from xlbridge.workbooks.scales.live_card import (
    CARD_WIDTH,
    COLUMN_WIDTHS,
    CardCells,
    card_height,
    write_card,
)

CARDS_SHEET = "VP cards"
WBF_SHEET = "WBF scale"
CARDS_ACROSS = 3
RULE_ROW = 1  # the bound rule, repeated at the top of every printed page
GAP_WIDTH = 2.0
WBF_GROUPS = 4  # column groups (IMPs, win, lose) per WBF table
WBF_GROUP_WIDTH = 4  # three columns and a gap
WBF_WIDTHS = (6.0, 7.0, 7.0)
WBF_FORMATS = ("0", "0.00", "0.00")


@dataclass
class WbfCells:
    """Where one WBF table's cells are: (margin, winner, loser) references per margin."""

    boards: int
    cells: list[tuple[str, str, str]] = field(default_factory=list)


@dataclass
class CardsBook:
    workbook: Workbook
    cards: list[CardCells]
    wbf: list[WbfCells]


def build_cards(
    boards: list[int],
    *,
    form: str | None = None,
    k: float | None = None,
    vp_total: int | None = None,
    negative: bool = False,
    rounding: str | None = None,
    tables: int | None = None,
    comparisons: float | None = None,
    results: float | None = None,
    wbf: bool = False,
    paper: str = "a4",
    scale: str | None = None,
    bounds: str | None = None,
    lookup: bool = False,
) -> CardsBook:
    """A workbook of VP cards for each board count in ``boards``.

    ``scale`` is gaussian (default) or wbf-discrete; the other arguments are those of
    :func:`xlbridge.scoring.scales.gaussian.vp_scale` (validated there, None meaning the default;
    only ``vp_total`` applies to wbf-discrete) plus ``wbf`` (add the WBF continuous tables) and
    ``paper`` (a4 or letter). A WBF discrete card's table sheet is hidden, so that the
    workbook prints the cards alone, unless ``lookup`` (wbf-discrete only) shows and prints it.
    """
    paper = checks.choice("paper", paper, PAPER_SIZES)
    if not boards:
        raise InputError("boards must name at least one board count")
    scales = [
        choose_scale(
            n,
            scale,
            k=k,
            form=form,
            vp_total=vp_total,
            negative=negative,
            rounding=rounding,
            bounds=bounds,
            tables=tables,
            comparisons=comparisons,
            results=results,
        )
        for n in boards
    ]
    if lookup and not isinstance(scales[0], DiscreteScale):
        raise InputError("--lookup applies to --scale wbf-discrete only (its table of bounds)")
    workbook, sheet = layout.new_workbook(CARDS_SHEET)
    cards = _lay_out_cards(sheet, scales, paper)
    wbf_cells = _lay_out_wbf(workbook.create_sheet(WBF_SHEET), boards, paper) if wbf else []
    if not lookup:
        for name in workbook.sheetnames:
            if name.startswith(TABLE_SHEET):  # the cards' formulas read it: kept, not printed
                hide_from_print(workbook[name])
    return CardsBook(workbook, cards, wbf_cells)


def hide_from_print(ws: Worksheet) -> None:
    """Hide ``ws`` and clear its print area: Excel prints no hidden sheet, but LibreOffice
    prints a hidden sheet's print area."""
    ws.sheet_state = "hidden"
    ws.print_area = None


def page_heading(scale: VPScale | DiscreteScale) -> str:
    """What a page of cards says about its bounds: where a margin exactly on one goes."""
    if isinstance(scale, DiscreteScale):
        return "WBF discrete VP scale: each whole VP covers the IMP range printed beside it"
    if scale.bounds == "white-book":
        return (
            "Bounds as the EBU White Book prints them: each band ends at its printed bound "
            "(a score exactly on a bound takes the VP nearer average)"
        )
    return "Each band starts at its printed bound (a score exactly on a bound takes that band)"


def _lay_out_cards(
    ws: Worksheet, scales: list[VPScale | DiscreteScale], paper: str
) -> list[CardCells]:
    for slot in range(CARDS_ACROSS):
        first = 1 + slot * (CARD_WIDTH + 1)
        for offset, width in enumerate(COLUMN_WIDTHS):
            ws.column_dimensions[get_column_letter(first + offset)].width = width
        ws.column_dimensions[get_column_letter(first + CARD_WIDTH)].width = GAP_WIDTH
    grid_rows = [scales[i : i + CARDS_ACROSS] for i in range(0, len(scales), CARDS_ACROSS)]
    heights = [max(card_height(s) for s in row) for row in grid_rows]
    # Row 1, printed at the top of every page, says how the cards' bounds are read.
    width = CARDS_ACROSS * (CARD_WIDTH + 1) - 1
    ws.merge_cells(refs.span(RULE_ROW, 1, width))
    rule = ws.cell(RULE_ROW, 1, page_heading(scales[0]))
    rule.font, rule.alignment = styles.SMALL_FONT, styles.CENTER
    ws.print_title_rows = f"{RULE_ROW}:{RULE_ROW}"
    cards: list[CardCells] = []
    top = RULE_ROW + 2
    for row_scales, height in zip(grid_rows, heights, strict=True):
        for slot, scale in enumerate(row_scales):
            cards.append(write_card(ws, scale, top, 1 + slot * (CARD_WIDTH + 1), paper))
        top += height
    layout.row_heights(ws, 1, top - 1)
    set_row_breaks(ws, page_breaks([RULE_ROW + 1, *heights], ROWS_PER_PAGE[paper] - RULE_ROW))
    layout.finish(ws, paper, top - 1, CARDS_ACROSS * (CARD_WIDTH + 1) - 1)
    return cards


def write_scale_sheet(
    ws: Worksheet, scale: VPScale | DiscreteScale, paper: str, note: str
) -> CardCells:
    """The Scale sheet of an event workbook: a live card at A1 and ``note`` under it."""
    for offset, width in enumerate(COLUMN_WIDTHS):
        ws.column_dimensions[get_column_letter(1 + offset)].width = width + 2
    card = write_card(ws, scale, 1, 1, paper)
    note_row = card.band_rows[-1] + 2
    layout.merged_text(ws, refs.span(note_row, 1, CARD_WIDTH, note_row + 2), note)
    layout.row_heights(ws, 1, note_row + 2)
    layout.finish(ws, paper, note_row + 2, CARD_WIDTH)
    return card


def _lay_out_wbf(ws: Worksheet, boards: list[int], paper: str) -> list[WbfCells]:
    """One section per board count: a title, then (IMPs, win, lose) in WBF_GROUPS columns."""
    wbf_column_widths(ws, last_gap=True)
    tables: list[WbfCells] = []
    heights: list[int] = []
    top = 1
    for n in boards:
        tables.append(write_wbf_table(ws, top, n))
        heights.append(2 + wbf_rows(n) + 1)
        top += heights[-1]
    layout.row_heights(ws, 1, top - 1)
    set_row_breaks(ws, page_breaks(heights, ROWS_PER_PAGE[paper]))
    layout.finish(ws, paper, top - 1, WBF_GROUPS * WBF_GROUP_WIDTH - 1)
    return tables


def wbf_rows(boards: int) -> int:
    """Rows of margins a WBF table for ``boards`` boards takes: ⌈(⌈B⌉ + 1)/WBF_GROUPS⌉."""
    return math.ceil(len(wbf_table(boards)) / WBF_GROUPS)


def wbf_column_widths(ws: Worksheet, *, last_gap: bool) -> None:
    """Widths of the WBF_GROUPS groups of (IMPs, win, lose) columns and the gaps between them
    (and after the last group if ``last_gap``)."""
    for g in range(WBF_GROUPS):
        widths = (*WBF_WIDTHS, GAP_WIDTH) if last_gap or g < WBF_GROUPS - 1 else WBF_WIDTHS
        for offset, width in enumerate(widths):
            ws.column_dimensions[get_column_letter(1 + g * WBF_GROUP_WIDTH + offset)].width = width


def write_wbf_table(
    ws: Worksheet, top: int, boards: int, *, boxed: bool = False, loser_formulas: bool = True
) -> WbfCells:
    """The WBF table for ``boards`` from row ``top``: a title, (IMPs, win, lose) headings (boxed
    if ``boxed``) and the margins 0 … ⌈B⌉, margin M in row M mod :func:`wbf_rows` of column
    group M div :func:`wbf_rows`. The loser's VPs are formulas (20 − win) or, without
    ``loser_formulas``, values."""
    winners = wbf_table(boards).tolist()
    rows = wbf_rows(boards)
    layout.title(ws, wbf_title(boards), WBF_GROUPS * WBF_GROUP_WIDTH - 1, row=top)
    section = WbfCells(boards=boards)
    for g in range(WBF_GROUPS):
        for offset, text in enumerate(("IMPs", "win", "lose")):
            cell = ws.cell(top + 1, 1 + g * WBF_GROUP_WIDTH + offset)
            layout.heading(cell, text, styles.CENTER, boxed=boxed)
    for margin, winner in enumerate(winners):
        g, i = divmod(margin, rows)
        row, left = top + 2 + i, 1 + g * WBF_GROUP_WIDTH
        cells = [f"{get_column_letter(left + j)}{row}" for j in range(3)]
        loser = f"={WBF_TOTAL}-{cells[1]}" if loser_formulas else round(WBF_TOTAL - winner, 2)
        for ref, value, fmt in zip(cells, (margin, winner, loser), WBF_FORMATS, strict=True):
            layout.put(ws[ref], value, fmt)
        section.cells.append((cells[0], cells[1], cells[2]))
    return section


def wbf_title(boards: int) -> str:
    """What a WBF table for ``boards`` boards is, and the margin that wins 20-0."""
    return (
        f"WBF 2013 continuous VP scale · {plural(boards, 'board')} · "
        f"20-0 from {math.ceil(blitz(boards))} IMPs"
    )
