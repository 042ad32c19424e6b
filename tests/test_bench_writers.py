"""The writers' benchmark measures what it says: its reference writes the very cells of the
pack (values and styles) and the very rows of the ranking CSV. Timing is run.py's job."""

from __future__ import annotations

from pathlib import Path

from benchmark_modules import load
from openpyxl import load_workbook

from xlbridge.scoring.session import score_session


def test_the_write_only_reference_writes_the_pack_s_cells(tmp_path: Path) -> None:
    bench = load("bench_writers")
    result = score_session(bench.field(1, 4, 4), "mp")
    workbook = bench.pack_of(result)
    named, sheets = bench.same_cells(workbook)
    workbook.save(tmp_path / "ours.xlsx")
    bench.write_only(named, sheets, tmp_path / "reference.xlsx")
    ours, reference = (load_workbook(tmp_path / n) for n in ("ours.xlsx", "reference.xlsx"))
    assert ours.sheetnames == reference.sheetnames
    for mine, theirs in zip(ours.worksheets, reference.worksheets, strict=True):
        for row_a, row_b in zip(mine.iter_rows(), theirs.iter_rows(), strict=True):
            for a, b in zip(row_a, row_b, strict=True):
                assert looks(a) == looks(b), a.coordinate


def looks(cell: object) -> tuple[object, ...]:
    """A cell's value and how it looks: font, alignment, border, number format."""
    font, align, border = cell.font, cell.alignment, cell.border  # type: ignore[attr-defined]
    return (
        cell.value,  # type: ignore[attr-defined]
        (font.name, font.sz, font.b, font.i, font.color.rgb if font.color else None),
        (align.horizontal, align.vertical, align.wrap_text, align.shrink_to_fit),
        (border.left.style, border.right.style, border.top.style, border.bottom.style),
        cell.number_format,  # type: ignore[attr-defined]
    )


def test_the_events_have_the_lines_they_claim() -> None:
    bench = load("bench_writers")
    assert len(bench.field(1, bench.PACK_TABLES, 2000)) == 100_000
    big = bench.field(100, bench.RANKING_TABLES, bench.RANKING_BOARDS)
    assert len(big) == 100_000
