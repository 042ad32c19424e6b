"""Looks and protection shared by every ready-made workbook.

Inputs are unlocked and tinted; everything else is locked behind sheet protection without a
password, so a user can unprotect a sheet but cannot overwrite a formula by accident.
"""

from __future__ import annotations

from collections.abc import Iterable
from copy import copy

from openpyxl import Workbook
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection, Side
from openpyxl.utils.indexed_list import IndexedList
from openpyxl.worksheet.worksheet import Worksheet

INPUT_FILL = PatternFill("solid", fgColor="FFF2CC")
HEADER_FILL = PatternFill("solid", fgColor="D9E1F2")
#: Hidden working cells, and cells that take nothing (a bye's).
WORKING_FILL = PatternFill("solid", fgColor="EDEDED")
#: A Check cell that names a problem (see :func:`shade_problems`).
PROBLEM_FILL = PatternFill("solid", fgColor="F8CBAD")
#: One sans-serif face everywhere (Excel has Arial; LibreOffice maps it to Liberation Sans,
#: which has the same widths), so a sheet prints the same in both and never falls back to a
#: serif. Data and headings are at least 9 pt, notes at least 8 pt.
FONT_NAME = "Arial"
TITLE_FONT = Font(name=FONT_NAME, bold=True, size=10)
HEADER_FONT = Font(name=FONT_NAME, bold=True, size=9)
BODY_FONT = Font(name=FONT_NAME, size=9)
SMALL_FONT = Font(name=FONT_NAME, size=8, italic=True)  # notes
GREY_FONT = Font(name=FONT_NAME, size=8, italic=True, color="808080")  # working cells
MESSAGE_FONT = Font(name=FONT_NAME, bold=True, size=9, color="C00000")  # what is wrong
#: The workbook's default ("Normal") font. Column widths are counted in its digits: Calibri,
#: openpyxl's default, is missing where LibreOffice prints and its stand-in has wider digits,
#: so every column printed a third wider than in Excel and fit-to-width shrank the text below
#: its size. Arial 10 has Calibri 11's digit width in Excel (7 pixels) and the same in
#: LibreOffice (Liberation Sans), so a sheet is equally wide in both.
BASE_FONT = Font(name=FONT_NAME, size=10)
CENTER = Alignment(horizontal="center", vertical="center")
LEFT = Alignment(horizontal="left", vertical="center")
RIGHT = Alignment(horizontal="right", vertical="center")  # labels
WRAP = Alignment(horizontal="center", vertical="center", wrap_text=True)  # headings
WRAP_LEFT = Alignment(horizontal="left", vertical="center", wrap_text=True)  # long text
NOTE = Alignment(horizontal="left", vertical="top", wrap_text=True)  # notes
THIN = Side(style="thin", color="808080")
BOX = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
UNLOCKED = Protection(locked=False)


def use_base_font(workbook: Workbook) -> None:
    """Make :data:`BASE_FONT` the default font of a new ``workbook`` (before any cell is
    styled: openpyxl keeps the default as the first of its fonts and in the Normal style)."""
    workbook._fonts = IndexedList([BASE_FONT])  # noqa: SLF001 - no public API for this
    workbook._named_styles["Normal"].font = copy(BASE_FONT)  # noqa: SLF001


def mark_input(ws: Worksheet, ref: str) -> None:
    """Unlock and tint an input cell (or range)."""
    for row in ws[ref] if ":" in ref else ((ws[ref],),):
        for cell in row:
            cell.protection = UNLOCKED
            cell.fill = INPUT_FILL


def shade_problems(ws: Worksheet, column: str, first: int, last: int, fine: Iterable[str]) -> None:
    """Shade a cell of ``column`` (rows ``first`` to ``last``) whose text is none of ``fine``."""
    top = f"{column}{first}"
    problem = "AND(" + ",".join(f'{top}<>"{text}"' for text in fine) + ")"
    ws.conditional_formatting.add(
        f"{top}:{column}{last}", FormulaRule(formula=[problem], fill=PROBLEM_FILL)
    )


def protect(ws: Worksheet) -> None:
    """Sheet protection without a password: formulas locked, inputs (unlocked) editable."""
    ws.protection.sheet = True
    ws.protection.formatColumns = False
    ws.protection.formatRows = False
