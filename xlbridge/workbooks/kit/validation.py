"""Data validation of input cells: what a user may type, and the message when it is not."""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

#: Largest NS score a board can give (7NT redoubled, vulnerable, down 13).
MAX_NS_SCORE = 7600


def rule(
    ws: Worksheet,
    cells: Sequence[str],
    kind: str,
    operator: str | None,
    bounds: Sequence[str],
    title: str,
    error: str,
    *,
    allow_blank: bool = True,
) -> None:
    """A rule of type ``kind`` (whole, decimal, textLength, list, custom) on the cells or
    ranges ``cells``: ``bounds`` are its one or two formulas, ``title`` and ``error`` the
    message a user sees when the rule refuses what they typed."""
    validation = DataValidation(
        type=kind,
        operator=operator,
        formula1=bounds[0],
        formula2=bounds[1] if len(bounds) > 1 else None,
        allow_blank=allow_blank,
        showErrorMessage=True,
        errorTitle=title,
        error=error,
    )
    for ref in cells:
        validation.add(CellRange(ref))
    if cells:
        ws.add_data_validation(validation)


def whole(ws: Worksheet, cells: Sequence[str], low: int, high: int, what: str) -> None:
    """Whole numbers from ``low`` to ``high`` only, with a message naming ``what``."""
    error = f"{what} must be a whole number from {low} to {high}."
    rule(ws, cells, "whole", "between", (str(low), str(high)), what, error, allow_blank=False)


def positive(ws: Worksheet, cells: Sequence[str], what: str) -> None:
    """Numbers greater than zero only."""
    error = f"{what} must be a number greater than 0."
    rule(ws, cells, "decimal", "greaterThan", ("0",), what, error, allow_blank=False)


def text_length(
    ws: Worksheet,
    cells: Sequence[str],
    length: int,
    title: str,
    error: str,
    *,
    allow_blank: bool = True,
) -> None:
    """Text of at most ``length`` characters (names, event and date lines)."""
    bounds = (str(length),)
    rule(ws, cells, "textLength", "lessThanOrEqual", bounds, title, error, allow_blank=allow_blank)


def ns_scores(ws: Worksheet, ref: str, error: str, *, allow_blank: bool) -> None:
    """NS scores in the range ``ref``: multiples of 10 from −MAX_NS_SCORE to MAX_NS_SCORE."""
    first = ref.split(":")[0]
    top = MAX_NS_SCORE
    formula = f"AND(MOD({first},10)=0,{first}>=-{top},{first}<={top})"
    rule(ws, [ref], "custom", None, (formula,), "NS score", error, allow_blank=allow_blank)
