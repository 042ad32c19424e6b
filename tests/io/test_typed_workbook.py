"""The one reader of workbooks a user typed: opening one (each mode, one message for a file
that is not a workbook), and a cell read as a name or a number, the bad one named by file,
sheet and cell."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook

from xlbridge.errors import InputError
from xlbridge.io.typed_workbook import (
    cell_where,
    open_workbook,
    read_grids,
    typed_name,
    typed_number,
)


def _saved(tmp_path: Path, cells: dict[str, object]) -> Path:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Entries"
    for ref, value in cells.items():
        sheet[ref] = value
    path = tmp_path / "EVENT.xlsx"
    book.save(path)
    return path


@pytest.mark.parametrize("read_only", [False, True])
@pytest.mark.parametrize("values", [False, True])
def test_a_file_that_is_not_a_workbook_is_one_line(
    tmp_path: Path, read_only: bool, values: bool
) -> None:
    damaged = tmp_path / "damaged.xlsx"
    damaged.write_bytes(b"PK\x03\x04 not really a workbook")
    with pytest.raises(InputError) as caught:
        open_workbook(damaged, read_only=read_only, values=values)
    assert str(caught.value).startswith(f"{damaged}: not an .xlsx workbook (")
    assert "\n" not in str(caught.value)


def test_read_grids_says_the_same_of_a_file_that_is_not_a_workbook(tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.xlsx"
    damaged.write_bytes(b"PK\x03\x04 not really a workbook")
    with pytest.raises(InputError, match=r"damaged\.xlsx: not an \.xlsx workbook \("):
        read_grids(damaged, ["Traveller"], kind="a pairs-session workbook")


def test_a_missing_file_is_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        open_workbook(tmp_path / "absent.xlsx")


def test_the_modes_are_openpyxls(tmp_path: Path) -> None:
    path = _saved(tmp_path, {"A1": "=1+1"})
    assert open_workbook(path)["Entries"]["A1"].value == "=1+1"
    book = open_workbook(path, read_only=True, values=True)
    assert book.read_only and book["Entries"]["A1"].value is None  # never calculated
    book.close()


def test_a_typed_name_and_number(tmp_path: Path) -> None:
    path = _saved(tmp_path, {"B2": "  Ann  ", "C2": 7, "B3": "=A1", "C3": "seven", "C4": 2.5})
    sheet = open_workbook(path)["Entries"]
    assert typed_name(path, sheet, "B2") == "Ann"
    assert typed_name(path, sheet, "B9") == ""
    assert typed_number(path, sheet, "C2", "boards", 1, 32, whole=True) == 7
    assert typed_number(path, sheet, "C9", "boards", 1, 32, whole=True) is None
    with pytest.raises(InputError, match=r"EVENT\.xlsx: Entries!B3: holds a formula; type"):
        typed_name(path, sheet, "B3")
    with pytest.raises(
        InputError, match=r"EVENT\.xlsx: Entries!C3: boards must be a whole number from 1 to 32"
    ):
        typed_number(path, sheet, "C3", "boards", 1, 32, whole=True)
    with pytest.raises(InputError, match=r"Entries!C4: boards must be a whole number"):
        typed_number(path, sheet, "C4", "boards", 1, 32, whole=True)
    assert cell_where(path, "Entries", "B5") == f"{path}: Entries!B5"
