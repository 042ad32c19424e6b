"""Pieces the handicap workbook's sheets share: formula tests, constant names, records and
validation rules."""

from __future__ import annotations

from collections.abc import Mapping

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.handicap_book.book import NAME_OF
from xlbridge.workbooks.kit import layout, validation
from xlbridge.workbooks.kit.layout import Column

# --------------------------------------------------------------------------------------------
# References and formula pieces


def not_whole(ref: str, low: str, high: str | None = None) -> str:
    """True unless ``ref`` holds a whole number from ``low`` (to ``high``)."""
    bounds = [f"{ref}<{low}", f"{ref}<>INT({ref})"] + ([f"{ref}>{high}"] if high else [])
    return f"IF(ISNUMBER({ref}),OR({','.join(bounds)}),TRUE)"


def named(field: str) -> str:
    """The workbook name of a constant."""
    return NAME_OF[field]


# --------------------------------------------------------------------------------------------
# Sheets in general


def write_row(
    ws: Worksheet,
    row: int,
    columns: tuple[Column, ...],
    values: Mapping[str, object],
    first: int = 1,
) -> None:
    """One record from column ``first``, text columns left-aligned."""
    layout.write_row(ws, row, columns, values, first=first, left=layout.text_columns)


def validate(
    ws: Worksheet, cells: list[str], kind: str, operator: str, bounds: tuple[str, ...], error: str
) -> None:
    """A data validation rule of type ``kind`` (whole, decimal, textLength) on ``cells``."""
    validation.rule(ws, cells, kind, operator, bounds, "Not allowed", error)


def put_value(ws: Worksheet, ref: str, value: object, number_format: str) -> None:
    layout.put(ws[ref], value, number_format)
