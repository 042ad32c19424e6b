"""Pieces the Swiss event sheets share: a record's row, a note, the event's title."""

from __future__ import annotations

from collections.abc import Mapping

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.kit import layout
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import ROW_HEIGHT
from xlbridge.workbooks.kit.refs import span

# --------------------------------------------------------------------------------------------
# Sheets in general


def write_row(
    ws: Worksheet, row: int, columns: tuple[Column, ...], values: Mapping[str, object]
) -> None:
    """One record, the name columns left-aligned."""
    layout.write_row(ws, row, columns, values, left=layout.name_columns)


def write_note(ws: Worksheet, row: int, width: int, text: str, lines: int) -> None:
    layout.merged_text(ws, span(row, 1, width), text, height=lines * ROW_HEIGHT)


def event_title(form: str) -> str:
    return "Swiss teams" if form == "teams" else "Swiss pairs"
