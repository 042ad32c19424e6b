"""Values written into cells as values: text stays text even when it starts with "=".

A name typed as "=Smith" is a name, not a formula: :func:`enter_text` writes text as text (the
cell an input the user would have typed), :func:`put_value` any value a workbook of results
holds (text as text, a number that does not apply as a blank).
"""

from __future__ import annotations

import math

from openpyxl.cell.cell import Cell


def enter_text(cell: Cell, text: str) -> None:
    """Write ``text`` into ``cell`` as text, even when it starts with "=" (names are text)."""
    cell.value = text
    cell.data_type = "s"


def put_value(cell: Cell, value: object) -> Cell:
    """Write ``value`` as a value: text always as text (never read as a formula), a number
    that is not finite (NaN: "does not apply") as a blank, −0 as 0."""
    if isinstance(value, float) and not math.isfinite(value):
        value = None
    elif isinstance(value, float) and value == 0:
        value = 0.0  # never "-0"
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"
    return cell
