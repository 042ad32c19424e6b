"""The issue-38 benchmarks measure what they say: the movement cards' reference writes the
very values our cards hold, and the PBN file's tag line is read whole (checked here on small
sizes, so that a change the reference misses fails the tests, not the benchmark step)."""

from __future__ import annotations

import io
from pathlib import Path

from benchmark_modules import load
from openpyxl import load_workbook

from xlbridge.io.movement_file import read_movement
from xlbridge.io.pbn.read import read_pbn


def test_the_cards_reference_writes_the_cards_values(tmp_path: Path) -> None:
    bench = load("bench_movement_cards")
    path = tmp_path / "m.csv"
    path.write_text(bench.movement_csv(5), encoding="utf-8")
    movement, warnings = read_movement(path)
    assert (movement.tables, movement.rounds, movement.boards) == (5, 5, 5)
    sheets = bench.cell_values(bench.ours(movement, warnings))
    again = load_workbook(io.BytesIO(bench.reference(sheets)))
    assert [(ws.title, [list(r) for r in ws.iter_rows(values_only=True)]) for ws in again] == sheets


def test_the_tag_benchmark_file_holds_its_event_whole(tmp_path: Path) -> None:
    bench = load("bench_pbn_tags")
    event = read_pbn(bench.write_file(tmp_path, 1_300))
    assert event.description == "Spring pairs " * 100
    assert [line.score for line in event.lines] == ["420", "-100"]
