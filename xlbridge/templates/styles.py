"""Looks and protection shared by every ready-made workbook.

Inputs are unlocked and tinted; everything else is locked behind sheet protection without a
password, so a user can unprotect a sheet but cannot overwrite a formula by accident.
"""

from __future__ import annotations

from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection, Side
from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

INPUT_FILL = PatternFill("solid", fgColor="FFF2CC")
HEADER_FILL = PatternFill("solid", fgColor="D9E1F2")
TITLE_FONT = Font(bold=True, size=10)
HEADER_FONT = Font(bold=True, size=8)
BODY_FONT = Font(size=9)
SMALL_FONT = Font(size=7, italic=True)
CENTER = Alignment(horizontal="center", vertical="center")
LEFT = Alignment(horizontal="left", vertical="center")
WRAP = Alignment(horizontal="center", vertical="center", wrap_text=True)  # headings
THIN = Side(style="thin", color="808080")
BOX = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
UNLOCKED = Protection(locked=False)


def mark_input(ws: Worksheet, ref: str) -> None:
    """Unlock and tint an input cell (or range)."""
    for row in ws[ref] if ":" in ref else ((ws[ref],),):
        for cell in row:
            cell.protection = UNLOCKED
            cell.fill = INPUT_FILL


def validate_whole(ws: Worksheet, refs: list[str], low: int, high: int, what: str) -> None:
    """Whole numbers from ``low`` to ``high`` only, with a message naming ``what``."""
    rule = DataValidation(
        type="whole",
        operator="between",
        formula1=str(low),
        formula2=str(high),
        showErrorMessage=True,
        errorTitle=what,
        error=f"{what} must be a whole number from {low} to {high}.",
    )
    _add(ws, rule, refs)


def validate_positive(ws: Worksheet, refs: list[str], what: str) -> None:
    """Numbers greater than zero only."""
    rule = DataValidation(
        type="decimal",
        operator="greaterThan",
        formula1="0",
        showErrorMessage=True,
        errorTitle=what,
        error=f"{what} must be a number greater than 0.",
    )
    _add(ws, rule, refs)


def _add(ws: Worksheet, rule: DataValidation, refs: list[str]) -> None:
    for ref in refs:
        rule.add(CellRange(ref))
    if refs:
        ws.add_data_validation(rule)


def protect(ws: Worksheet) -> None:
    """Sheet protection without a password: formulas locked, inputs (unlocked) editable."""
    ws.protection.sheet = True
    ws.protection.formatColumns = False
    ws.protection.formatRows = False
