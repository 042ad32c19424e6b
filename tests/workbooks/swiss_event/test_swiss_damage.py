"""A damaged Swiss event workbook is refused before anything is drawn or written.

The director edits the workbook by hand between rounds. A deleted or inserted row, a missing
sheet, an entry left out of a round, a drawing openpyxl would drop, a read-only file or a
folder that cannot be written: each gives one line on stderr, exit 2, the workbook's bytes
unchanged and no backup. A renamed sheet is found by what it holds.
"""

from __future__ import annotations

import os
import shutil
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook
from workbook_checks import chart_in_place_of

from xlbridge.cli.main import main

NAMES = {e: f"Team {e}" for e in range(1, 7)}


def event_after_round_one(tmp_path: Path) -> Path:
    """Six named teams, three rounds; round 1 drawn (1-2, 3-4, 5-6) and finished."""
    path = tmp_path / "event.xlsx"
    assert main(["template", "swiss-teams", "-o", str(path), "--teams", "6", "--rounds", "3"]) == 0
    workbook = load_workbook(path)
    for entry, name in NAMES.items():
        workbook["Entries"][f"B{5 + entry}"] = name
    ws = workbook["Round 1"]
    for row, (home, away, margin) in enumerate(((1, 2, 5), (3, 4, -12), (5, 6, 0)), start=3):
        ws[f"B{row}"], ws[f"D{row}"], ws[f"F{row}"] = home, away, margin
    workbook.save(path)
    return path


def refused(path: Path, capsys: pytest.CaptureFixture[str], *messages: str, force=()) -> None:
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["swiss", "draw", str(path), *force]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for message in messages:
        assert message in err, err
    assert path.read_bytes() == before
    assert not list(path.parent.glob("*.before-round-*"))


def damaged(path: Path, change) -> Path:
    workbook = load_workbook(path)
    change(workbook)
    workbook.save(path)
    return path


def test_the_whole_workbook_is_drawn_from(tmp_path: Path, capsys) -> None:
    path = event_after_round_one(tmp_path)
    assert main(["swiss", "draw", str(path)]) == 0
    assert "Round 2" in capsys.readouterr().out


def test_a_deleted_row_in_a_finished_round_is_refused(tmp_path: Path, capsys) -> None:
    path = damaged(event_after_round_one(tmp_path), lambda wb: wb["Round 1"].delete_rows(4))
    refused(path, capsys, "Round 1!A4: 3 where table 2 belongs", "row deleted")


def test_an_inserted_row_in_a_round_is_refused(tmp_path: Path, capsys) -> None:
    path = damaged(event_after_round_one(tmp_path), lambda wb: wb["Round 1"].insert_rows(4))
    refused(path, capsys, "Round 1!A5: table 2 below the blank row 4")


def test_a_deleted_entry_row_is_refused(tmp_path: Path, capsys) -> None:
    path = damaged(event_after_round_one(tmp_path), lambda wb: wb["Entries"].delete_rows(8))
    refused(path, capsys, "Entries!A8: 4 where entry 3 belongs")


def test_an_entry_left_out_of_a_drawn_round_is_refused(tmp_path: Path, capsys) -> None:
    def clear_last_table(workbook) -> None:
        for column in "BDF":
            workbook["Round 1"][f"{column}5"] = None

    path = damaged(event_after_round_one(tmp_path), clear_last_table)
    refused(path, capsys, "Round 1: entries 5, 6 neither drawn at a table nor given the bye")


def test_a_gap_between_drawn_tables_is_refused(tmp_path: Path, capsys) -> None:
    def clear_middle_table(workbook) -> None:
        for column in "BDF":
            workbook["Round 1"][f"{column}4"] = None

    path = damaged(event_after_round_one(tmp_path), clear_middle_table)
    refused(path, capsys, "Round 1: table 2 is empty but table 3 is drawn")


def test_a_formula_for_a_name_is_refused_naming_its_cell(tmp_path: Path, capsys) -> None:
    """Only a spreadsheet knows a formula's value: a name cell holding one is named (it was
    drawn, ranked and printed as the formula's text)."""

    def formula(workbook) -> None:
        workbook["Entries"]["B8"] = '=HYPERLINK("x")'

    path = damaged(event_after_round_one(tmp_path), formula)
    refused(path, capsys, "Entries!B8: holds a formula; type the name itself as text")
    league = tmp_path / "league.xlsx"
    assert main(["template", "league", "-o", str(league), "--teams", "4"]) == 0
    damaged(league, lambda workbook: workbook["Teams"].__setitem__("B4", "=A4"))
    capsys.readouterr()
    assert main(["swiss", "standings", str(league)]) == 2
    assert "Teams!B4: holds a formula" in capsys.readouterr().err


def test_renamed_sheets_are_found_by_what_they_hold(tmp_path: Path, capsys) -> None:
    def rename(workbook) -> None:
        workbook["Scale"].title = "VP scale"
        workbook["Round 1"].title = "First round"
        workbook["Entries"].title = "Teams"

    path = damaged(event_after_round_one(tmp_path), rename)
    assert main(["swiss", "draw", str(path)]) == 0
    drawn = load_workbook(path)["Round 2"]
    assert sorted(drawn[f"{c}{r}"].value for c in "BD" for r in (3, 4, 5)) == list(range(1, 7))


@pytest.mark.parametrize(
    ("sheet", "message"),
    [
        ("Scale", "the Scale sheet is missing"),
        ("Entries", "the Entries sheet is missing"),
        ("Round 1", "the Round 1 sheet is missing"),
        ("Round 2", "there is a Round 3 sheet but no Round 2 sheet"),
    ],
)
def test_a_missing_sheet_is_named(tmp_path: Path, capsys, sheet: str, message: str) -> None:
    def lose(workbook) -> None:
        ws = workbook[sheet]
        ws["A1"], ws["A2"] = "something else", None  # its title gone too
        ws.title = "Sheet9"

    refused(damaged(event_after_round_one(tmp_path), lose), capsys, message)


def test_a_chart_sheet_where_the_entries_sheet_belongs_is_named(tmp_path: Path, capsys) -> None:
    """The standings (which read the whole workbook) and the draw name the chart sheet; the
    draw refuses the chart sheet first without --force (it would be lost)."""
    path = chart_in_place_of(event_after_round_one(tmp_path), "Entries")
    message = "sheet Entries is a chart sheet, not the template's table: restore the sheet"
    assert main(["swiss", "standings", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err
    refused(path, capsys, message, force=("--force",))


def test_two_sheets_claiming_one_role_are_refused(tmp_path: Path, capsys) -> None:
    path = damaged(event_after_round_one(tmp_path), lambda wb: wb.copy_worksheet(wb["Round 1"]))
    refused(path, capsys, "both look like the Round 1 sheet")


def with_drawing(path: Path) -> Path:
    """The workbook with a text box's drawing part, as Excel saves one (openpyxl drops it)."""
    with zipfile.ZipFile(path) as source:
        parts = [(info, source.read(info)) for info in source.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for info, data in parts:
            target.writestr(info, data)
        target.writestr("xl/drawings/drawing1.xml", b"<xdr:wsDr/>")
    return path


def test_a_drawing_is_refused_without_force_and_kept_in_the_backup(tmp_path: Path, capsys) -> None:
    path = with_drawing(event_after_round_one(tmp_path))
    original = path.read_bytes()
    refused(path, capsys, "holds drawings (text boxes, shapes or pictures)", "--force")
    assert main(["swiss", "draw", str(path), "--force"]) == 0
    (backup,) = path.parent.glob("*.before-round-2*")
    assert backup.read_bytes() == original


def test_a_read_only_workbook_is_left_alone(tmp_path: Path, capsys) -> None:
    path = event_after_round_one(tmp_path)
    path.chmod(0o444)  # refused by its mode, even for root (who could write it anyway)
    try:
        refused(path, capsys, "is read-only, so it was left as it is")
    finally:
        path.chmod(0o644)


def test_a_folder_that_cannot_be_written_gives_a_plain_sentence(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = event_after_round_one(tmp_path)
    real_access = os.access
    monkeypatch.setattr(
        "os.access", lambda p, mode: False if Path(p) == tmp_path else real_access(p, mode)
    )
    refused(path, capsys, f"the folder {tmp_path} is read-only")


def test_a_permission_error_on_writing_exits_2(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = event_after_round_one(tmp_path)

    def denied(*_: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("os.replace", denied)
    refused(path, capsys, "cannot be written: permission denied")
    monkeypatch.setattr(shutil, "copy2", denied)
    refused(path, capsys, "the backup of")


@pytest.mark.parametrize(
    ("add", "message"),
    [
        (0, "last_add must be a number greater than 1"),
        (1e-9, "last_add must be a number greater than 1"),
        (1, "last_add must be a number greater than 1"),
        (-5, "late entry add must be a number from 0"),
    ],
)
def test_a_late_entry_add_that_makes_entry_scores_negative_is_refused(
    tmp_path: Path, capsys, add: float, message: str
) -> None:
    """With 4 rounds the add must exceed 4 - 3 = 1, else round 3's entrants start below 0."""
    path = tmp_path / "pairs.xlsx"
    assert main(["template", "swiss-pairs", "-o", str(path), "--teams", "6", "--rounds", "4"]) == 0
    workbook = load_workbook(path)
    workbook["Entries"]["C3"] = add
    workbook.save(path)
    refused(path, capsys, f"Entries!C3: {message}")
