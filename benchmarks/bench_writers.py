"""Workload 11: the linear writers — the results pack and the ranking CSV of a big session.

    python benchmarks/bench_writers.py [--quick]

Each writer is measured against the bare library doing the same amount of writing, in the
same run, and against itself on a tenth of the lines (its time must grow no faster than the
lines: at most 12× for 10× the lines):

* **the results pack** — :func:`xlbridge.workbooks.results_pack.build_results_pack` built and
  saved, for 2,000 boards × 50 tables (100,000 traveller lines, 200,000 score-card lines),
  against openpyxl's write-only mode writing the same cells (values, and one named style for
  each kind of cell the pack styles) to an .xlsx (at most 2×);
* **the ranking CSV** — ``xlbridge session --ranking``'s text for 100 clubs × 10 tables ×
  100 boards (100,000 lines, 2,000 pairs) against ``csv.writer`` writing the same rows (at
  most 3×; the 2× asked for is a target: formatting three columns of numbers and checking
  the text columns for formula starts cost about as much again as the writer itself). Its
  time follows the pairs, not the lines; past about 5,000 rows even ``csv.writer`` into a
  StringIO slows per row (memory, on the machines measured), so the event has long
  sessions rather than more clubs.

Each pack is built and saved once (the 100,000-line pack takes minutes with openpyxl's
pure-Python XML writer). With ``--quick`` (as CI runs it) the pack has 2,500 lines against
250; the ranking is measured at full size (it takes a second).
"""

from __future__ import annotations

import csv
import gc
import io
import sys
import tempfile
import time
from collections.abc import Callable
from copy import copy
from pathlib import Path
from typing import Any

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
import numpy as np
from bench_common import FULL, Line, Sizes, interleaved, script_main
from bench_session import played

from xlbridge.scoring.session import SessionResult, Traveller, score_session

PACK_TABLES = 50
RANKING_TABLES, RANKING_BOARDS = 10, 100


def field(sections: int, tables: int, boards: int, seed: int = 11) -> Traveller:
    """A Mitchell in each of ``sections``: NS pairs 1..T stay, EW pairs T+1..2T move up a table
    every two boards; every table plays every board (sections × tables × boards lines)."""
    rng = np.random.default_rng(seed)
    section, board, table = (
        a.reshape(-1)
        for a in np.meshgrid(
            np.arange(sections), np.arange(1, boards + 1), np.arange(tables), indexing="ij"
        )
    )
    size = board.size
    level = rng.integers(1, 8, size)
    contracts = (
        level,
        rng.integers(0, 5, size),
        rng.choice([0] * 12 + [1], size),
        rng.integers(0, 4, size),
        np.clip(level + 6 + rng.choice([-2, -1, 0, 0, 0, 1], size), 0, 13),
    )
    seats = {
        "section": section,
        "board": board,
        "ns_pair": table,
        "ew_pair": tables + (table + (board - 1) // 2) % tables,
        "round": (board - 1) // 2 + 1,
    }
    return played(
        seats,
        contracts,
        sections=tuple(f"C{s + 1}" for s in range(sections)) if sections > 1 else ("",),
        pairs=tuple(str(i) for i in range(1, 2 * tables + 1)),
        source="bench",
    )


def names_of(result: SessionResult) -> dict[tuple[str, str, str], str]:
    return {
        (p.section, p.direction, p.pair): f"Player {p.pair}a & Player {p.pair}b"
        for p in result.pairs
    }


# --------------------------------------------------------------------------------------------
# The results pack


def pack_of(result: SessionResult) -> Any:
    from xlbridge.workbooks.results_pack import build_results_pack

    return build_results_pack(result, names_of(result), event="National pairs")


def same_cells(workbook: Any) -> tuple[list[Any], list[tuple[str, list[list[tuple[Any, int]]]]]]:
    """A built pack's named styles (one per kind of cell: font, alignment, border, number
    format) and each sheet as rows of (value, named style index)."""
    from openpyxl.styles import NamedStyle

    kinds: dict[tuple[int, ...], int] = {}
    named: list[Any] = []
    sheets = []
    for ws in workbook.worksheets:
        rows = []
        for row in ws.iter_rows():
            cells = []
            for cell in row:
                key = tuple(cell._style or ())  # noqa: SLF001 - the style's indices
                if not key:  # not styled: the workbook's default
                    cells.append((cell.value, -1))
                    continue
                if key not in kinds:
                    kinds[key] = len(named)
                    named.append(
                        NamedStyle(
                            name=f"pack {len(named)}",
                            font=copy(cell.font),
                            alignment=copy(cell.alignment),
                            border=copy(cell.border),
                            number_format=cell.number_format,
                        )
                    )
                cells.append((cell.value, kinds[key]))
            rows.append(cells)
        sheets.append((ws.title, rows))
    return named, sheets


def write_only(
    named: list[Any], sheets: list[tuple[str, list[list[tuple[Any, int]]]]], path: Path
) -> None:
    """openpyxl's write-only mode writing ``sheets``' cells with their named styles."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell

    from xlbridge.workbooks.results_pack.page import use_default_font

    workbook = Workbook(write_only=True)
    use_default_font(workbook)  # the same "Normal" style (Arial 10) as the pack's
    for style in named:
        workbook.add_named_style(style)
    names = [style.name for style in named]
    for title, rows in sheets:
        ws = workbook.create_sheet(title)
        for row in rows:
            cells = []
            for value, style in row:
                cell = WriteOnlyCell(ws, value=value)
                if style >= 0:
                    cell.style = names[style]
                cells.append(cell)
            ws.append(cells)
    workbook.save(path)


def timed(function: Callable[[], object]) -> float:
    """One run's time, the collector paused (the big pack takes minutes: run once)."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        function()
        return time.perf_counter() - start
    finally:
        gc.enable()


def pack_lines(small: int, big: int) -> list[Line]:
    """The pack of ``big`` boards against the write-only reference, and against ``small``."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        results = {
            boards: score_session(field(1, PACK_TABLES, boards), "mp") for boards in (small, big)
        }
        named, sheets = same_cells(pack_of(results[big]))
        small_s = timed(lambda: pack_of(results[small]).save(folder / "small.xlsx"))
        ours_s = timed(lambda: pack_of(results[big]).save(folder / "pack.xlsx"))
        reference_s = timed(lambda: write_only(named, sheets, folder / "reference.xlsx"))
    lines = big * PACK_TABLES
    return [
        Line(
            "results pack vs openpyxl write-only",
            f"{lines:,} lines ({big:,} boards × {PACK_TABLES} tables), built and saved",
            ours_s,
            "write-only mode, the same cells, named styles",
            reference_s,
            "limit",
        ),
        Line(
            "results pack growth, 10× the lines",
            f"{lines:,} lines against {small * PACK_TABLES:,}",
            ours_s,
            f"the pack of {small * PACK_TABLES:,} lines",
            small_s,
            "limit",
        ),
    ]


# --------------------------------------------------------------------------------------------
# The ranking CSV


def ranking_lines(small: int, big: int) -> list[Line]:
    """The ranking CSV of ``big`` clubs against csv.writer, and against ``small`` clubs."""
    from xlbridge.cli.session.command import ranking_csv

    results = {
        clubs: score_session(field(clubs, RANKING_TABLES, RANKING_BOARDS), "mp")
        for clubs in (small, big)
    }
    names = {clubs: names_of(result) for clubs, result in results.items()}
    text = ranking_csv(results[big], names[big])
    rows = list(csv.reader(io.StringIO(text)))

    def bare() -> str:
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(rows)
        return out.getvalue()

    assert bare() == text, "the reference writes other rows"
    ours_s, bare_s = interleaved(lambda: ranking_csv(results[big], names[big]), bare, 5)
    small_s, _ = interleaved(lambda: ranking_csv(results[small], names[small]), bare, 5)
    lines = big * RANKING_TABLES * RANKING_BOARDS
    return [
        Line(
            "ranking CSV vs csv.writer",
            f"{lines:,} lines, {len(rows) - 1:,} pairs",
            ours_s,
            "csv.writer, the same rows",
            bare_s,
            "limit",
        ),
        Line(
            "ranking CSV growth, 10× the lines",
            f"{lines:,} lines against {small * RANKING_TABLES * RANKING_BOARDS:,}",
            ours_s,
            f"the ranking of {small * RANKING_TABLES * RANKING_BOARDS:,} lines",
            small_s,
            "limit",
        ),
    ]


def lines(sizes: Sizes) -> list[Line]:
    """Workload 11: the results pack and the ranking CSV against the bare libraries."""
    if sizes == FULL:
        return [*pack_lines(200, 2000), *ranking_lines(10, 100)]
    return [*pack_lines(5, 50), *ranking_lines(10, 100)]


if __name__ == "__main__":
    sys.exit(script_main(lines, __doc__ or ""))
