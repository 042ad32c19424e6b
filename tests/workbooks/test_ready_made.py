"""The committed ready-made workbooks are current and recalculate cleanly."""

from __future__ import annotations

from pathlib import Path

import pytest
from libreoffice import error_cells
from openpyxl import load_workbook

from xlbridge.workbooks.ready_made import READY_MADE

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


def cell_contents(path_or_book) -> dict[str, dict[str, object]]:
    book = load_workbook(path_or_book) if isinstance(path_or_book, Path) else path_or_book
    return {
        sheet.title: {
            c.coordinate: c.value for row in sheet.iter_rows() for c in row if c.value is not None
        }
        for sheet in book.worksheets
    }


@pytest.mark.parametrize("name", sorted(READY_MADE))
def test_committed_workbook_is_current(tmp_path: Path, name: str) -> None:
    committed = WORKBOOKS / name
    assert committed.exists(), f"run `xlbridge workbooks --force` and commit {committed}"
    fresh = tmp_path / name
    READY_MADE[name]().save(fresh)
    assert cell_contents(committed) == cell_contents(fresh), (
        f"{name} is stale: run `xlbridge workbooks --force`"
    )


@pytest.mark.parametrize("name", sorted(READY_MADE))
def test_committed_workbook_recalculates_without_errors(libreoffice, name: str) -> None:
    assert error_cells(libreoffice.recalc(WORKBOOKS / name)) == []
