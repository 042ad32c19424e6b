"""A1 references as the builders' formulas and rules spell them."""

from __future__ import annotations

from openpyxl.utils import get_column_letter


def absolute(column: str, first: int, last: int | None = None) -> str:
    """``$C$3``, or ``$C$3:$C$10`` when ``last`` is given."""
    ref = f"${column}${first}"
    return ref if last is None else f"{ref}:${column}${last}"


def fixed(ref: str) -> str:
    """A cell reference made absolute: D2 → $D$2."""
    column = ref.rstrip("0123456789")
    return absolute(column, int(ref[len(column) :]))


def block(first_column: str, last_column: str, top: int, bottom: int) -> str:
    """An absolute block such as $W$7:$Y$21."""
    return f"${first_column}${top}:${last_column}${bottom}"


def column_range(column: str, first: int, last: int) -> str:
    """Rows ``first`` to ``last`` of one column, relative: C3:C10."""
    return f"{column}{first}:{column}{last}"


def span(row: int, first_column: int, last_column: int, last_row: int | None = None) -> str:
    """The cells of ``row`` (to ``last_row``) from column ``first_column`` to ``last_column``
    (numbers from 1), relative: ``span(4, 1, 6)`` is A4:F4."""
    first, last = get_column_letter(first_column), get_column_letter(last_column)
    return f"{first}{row}:{last}{row if last_row is None else last_row}"


def on(sheet: str, ref: str) -> str:
    """A reference on another sheet."""
    return f"'{sheet}'!{ref}"
