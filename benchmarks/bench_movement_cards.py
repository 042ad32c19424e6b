"""Workload 16: the printable cards of a 99-table Mitchell movement file.

    python benchmarks/bench_movement_cards.py [--quick]

The movement: 99 tables and 99 rounds of one board (9,801 seatings, 198 pairs), read from a
movement CSV as a director's own would be (NS pair t stays at table t, EW pairs move up a
table a round, boards down one). Measured, ours and the reference in turns:

* **movement cards vs openpyxl write-only** — :func:`build_movement_cards` (the summary grid,
  a table card per table with where pairs and boards go next, the balance grid) built and
  saved, against openpyxl's write-only mode writing the same cells' values, each with one
  named style, and saving (at most 3×). ``--quick``: 45 tables and rounds.
"""

from __future__ import annotations

import io
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
from bench_common import Line, interleaved, script_main
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font, NamedStyle

from xlbridge.io.movement_file import read_movement
from xlbridge.scoring.movement.build import Movement
from xlbridge.scoring.movement.checks import balance
from xlbridge.workbooks.movement_cards import build_movement_cards

TABLES, QUICK_TABLES = 99, 45


def movement_csv(tables: int) -> str:
    """A Mitchell of ``tables`` tables and rounds, one board a round, as a movement CSV."""
    rows = ["round,table,ns,ew,boards"]
    for r in range(1, tables + 1):
        for t in range(1, tables + 1):
            rows.append(f"{r},{t},{t}NS,{(t - r) % tables + 1}EW,{(t + r - 2) % tables + 1}")
    return "\n".join(rows) + "\n"


def ours(movement: Movement, warnings: list[str]) -> bytes:
    cards = build_movement_cards(movement, balance=balance(movement), warnings=warnings)
    out = io.BytesIO()
    cards.workbook.save(out)
    return out.getvalue()


def cell_values(data: bytes) -> list[tuple[str, list[list[object]]]]:
    """Every sheet's name and rows of values (None for an empty cell)."""
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(data))
    return [(ws.title, [list(row) for row in ws.iter_rows(values_only=True)]) for ws in book]


def reference(sheets: list[tuple[str, list[list[object]]]]) -> bytes:
    """The same values through openpyxl's write-only mode, one named style a cell, saved."""
    workbook = Workbook(write_only=True)
    style = NamedStyle("card", font=Font(name="Arial", size=12))
    workbook.add_named_style(style)
    for title, rows in sheets:
        ws = workbook.create_sheet(title)
        for row in rows:
            cells: list[Any] = []
            for value in row:
                if value is None:
                    cells.append(None)
                    continue
                cell = WriteOnlyCell(ws, value)
                cell.style = "card"
                cells.append(cell)
            ws.append(cells)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def lines(sizes: Any) -> list[Line]:
    """Workload 16: the cards of a 99-table movement file against write-only openpyxl."""
    tables = QUICK_TABLES if sizes.repeats < 9 else TABLES
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.csv"
        path.write_text(movement_csv(tables), encoding="utf-8")
        movement, warnings = read_movement(path)
    sheets = cell_values(ours(movement, warnings))
    repeats = min(sizes.repeats, 3)  # seconds a run: three of each are plenty
    ours_s, reference_s = interleaved(
        lambda: ours(movement, warnings), lambda: reference(sheets), repeats
    )
    cells = sum(value is not None for _, rows in sheets for row in rows for value in row)
    return [
        Line(
            "movement cards vs openpyxl write-only",
            f"{tables} tables × {tables} rounds ({tables * tables:,} seatings), {cells:,} cells",
            ours_s,
            "openpyxl write-only mode writing the same values, one named style, saved",
            reference_s,
            "limit",
        )
    ]


def main(argv: Sequence[str] | None = None) -> int:
    return script_main(lines, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
