"""Reading the typed pairs-session workbook: what is read, and every bad workbook refused in
one line that names the sheet and cell, with nothing written."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.io.pairs_session_workbook import read_session_workbook
from xlbridge.workbooks.kit.values import enter_text
from xlbridge.workbooks.pairs_session import build_pairs_session
from xlbridge.workbooks.pairs_session.book import (
    PAIRS,
    PAIRS_SHEET,
    TRAVELLER,
    TRAVELLER_COLUMNS,
    TRAVELLER_SHEET,
)

T = TRAVELLER


def _howell(tmp_path: Path, rows: dict[str, object], name: str = "EVENING.xlsx") -> Path:
    """A 4-pair Howell of 2 boards with ``rows`` typed into the Traveller (by cell)."""
    book = build_pairs_session(pairs=4, boards=2, movement="howell")
    sheet = book.workbook[TRAVELLER_SHEET]
    for ref, value in rows.items():
        if isinstance(value, str):
            enter_text(sheet[ref], value)
        else:
            sheet[ref] = value
    enter_text(book.workbook[PAIRS_SHEET][f"{PAIRS['name']}{book.pair_row(3)}"], "Ann & Bo")
    path = tmp_path / name
    book.workbook.save(path)
    return path


def _line(row: int, board: object, ns: object, ew: object, **typed: object) -> dict[str, object]:
    cells = {f"{TRAVELLER['board']}{row}": board, f"{TRAVELLER['ns_pair']}{row}": ns}
    cells[f"{TRAVELLER['ew_pair']}{row}"] = ew
    cells.update({f"{TRAVELLER[key]}{row}": value for key, value in typed.items()})
    return cells


GOOD = {
    **_line(4, 1, 1, 2, contract="4S", by="N", tricks=10),
    **_line(5, 1, 3, 4, entered=-50),
    **_line(6, 2, 1, 3, entered="A60/40"),
    **_line(7, 2, 2, 4, contract="3NT", by="S", tricks=9, entered=600),
}


def test_reads_typed_lines_names_and_the_movement(tmp_path: Path) -> None:
    book = read_session_workbook(_howell(tmp_path, GOOD))
    assert (book.winners, book.boards, book.pairs) == (1, 2, 4)
    assert book.names == {("", "", "3"): "Ann & Bo"}
    traveller = book.traveller
    assert traveller.board.tolist() == [1, 1, 2, 2]
    assert traveller.ns_score[[0, 1, 3]].tolist() == [
        420,
        -50,
        600,
    ]  # Law 77: 4S= NV +420, 3NT= V +600
    assert traveller.lines.tolist() == [4, 5, 6, 7]  # messages name the rows


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        (
            {**GOOD, f"{T['ns_pair']}5": "3"},
            f"Traveller!{T['ns_pair']}5: NS pair must be a whole number from 1 to 4",
        ),
        (
            {**GOOD, f"{T['board']}6": 3},
            f"Traveller!{T['board']}6: Board must be a whole number from 1 to 2, got 3",
        ),
        (
            {**GOOD, f"{T['entered']}5": "-50"},
            f"Traveller!{T['entered']}5: Score must be a number, an adjusted score (A60/40, A+/A-) "
            "or NP, got '-50' (typed as text)",
        ),
        (
            {**GOOD, f"{T['entered']}5": -55},
            f"Traveller!{T['entered']}5: Score must be a multiple of 10 from -7600 to 7600, "
            "got -55",
        ),
        (
            {**GOOD, f"{T['tricks']}4": 14},
            f"Traveller!{T['tricks']}4: Result must be the tricks taken (0-13) or a result such as",
        ),
        (
            {**GOOD, f"{T['entered']}7": 420},
            f"Traveller!{T['entered']}7: Contract scores 600 for NS, not 420 (3NT by S taking 9)",
        ),
        (
            {**GOOD, f"{T['entered']}6": "A6O/4O"},
            f"Traveller!{T['entered']}6: Adjusted score: 60, 50 or 40 a side (A60/40, A+/A-) "
            "or NP, "
            "got A6O/4O",
        ),
        (
            _line(4, 1, 1, 2),
            f"Traveller!{T['entered']}4: No result yet: type a contract, a score, an adjusted "
            "score",
        ),
        # A bad declarer or a missing result is named in its own column, not in Contract's.
        (
            {**GOOD, f"{T['by']}4": "X"},
            f"Traveller!{T['by']}4: By must be N, E, S or W, got 'X'",
        ),
        (
            {**GOOD, f"{T['tricks']}4": None},
            f"Traveller!{T['tricks']}4: Tricks is blank",
        ),
        (
            {**GOOD, f"{T['contract']}4": "PASS"},
            f"Traveller!{T['tricks']}4: A passed-out board takes no By or Tricks",
        ),
        # An adjusted score's shares: named by cell (A101/0 was a bare message), and only the
        # artificial ones (Law 12C2: 60, 50, 40 %) that the traveller CSV and USEBIO accept.
        (
            {**GOOD, f"{T['entered']}6": "A101/0"},
            f"Traveller!{T['entered']}6: Adjusted score: 60, 50 or 40 a side (A60/40, A+/A-) "
            "or NP, "
            "got A101/0",
        ),
        (
            {**GOOD, f"{T['entered']}6": "A70/70"},
            f"Traveller!{T['entered']}6: Adjusted score: 60, 50 or 40 a side (A60/40, A+/A-) "
            "or NP, "
            "got A70/70",
        ),
        (
            {**GOOD, f"{T['entered']}6": "A55.5/44.5"},
            f"Traveller!{T['entered']}6: Adjusted score: 60, 50 or 40 a side (A60/40, A+/A-) "
            "or NP, "
            "got A55.5/44.5",
        ),
        # What the workbook's own Check column refuses is refused here too, not scored.
        (
            {**GOOD, f"{T['contract']}4": "4S=", f"{T['tricks']}4": None},
            f"Traveller!{T['tricks']}4: Tricks is blank (the tricks declarer took, 0-13)",
        ),
        (
            {**GOOD, f"{T['contract']}4": "PASS", f"{T['tricks']}4": None},
            f"Traveller!{T['by']}4: A passed-out board takes no By or Tricks",
        ),
        (
            {**GOOD, f"{T['line']}5": 9},
            f"Traveller!{T['line']}5: line 2 belongs in this row, got 9",
        ),
    ],
)
def test_bad_cells_are_named(tmp_path: Path, typed: dict[str, object], message: str) -> None:
    path = _howell(tmp_path, typed)
    with pytest.raises(InputError, match="^" + str(path).replace(".", r"\.") + ": ") as caught:
        read_session_workbook(path)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_folder_named_xlsx_is_named_as_a_folder(tmp_path: Path) -> None:
    (tmp_path / "EVENING.xlsx").mkdir()
    with pytest.raises(InputError, match="EVENING.xlsx is a folder; name a file in it$"):
        read_session_workbook(tmp_path / "EVENING.xlsx")


@pytest.mark.parametrize("damage", [b"<v>&foo;</v>", b"<v>1</c>"])
def test_a_damaged_sheet_is_one_line_not_a_traceback(tmp_path: Path, damage: bytes) -> None:
    """A sheet whose XML breaks part-way (an undefined entity, tags cut off) is read lazily,
    row by row: its failure is the workbook's error, not a ParseError traceback."""
    good = _howell(tmp_path, GOOD)
    bad = tmp_path / "damaged.xlsx"
    with zipfile.ZipFile(good) as source, zipfile.ZipFile(bad, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                end = data.index(b"</sheetData>")
                data = data[:end] + b'<row r="900"><c r="B900">' + damage + data[end:]
            target.writestr(item, data)
    with pytest.raises(InputError) as caught:
        read_session_workbook(bad)
    assert str(caught.value).startswith(f"{bad}: not an .xlsx workbook: sheet Traveller")
    assert "\n" not in str(caught.value)


def test_not_a_pairs_session_workbook(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = Workbook()
    other.active.title = "Standings"  # type: ignore[union-attr]
    path = tmp_path / "swiss.xlsx"
    other.save(path)
    out = tmp_path / "pack.xlsx"
    assert main(["session", str(path), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "not a pairs-session workbook: no sheet Traveller, Boards, Pairs" in err
    assert not out.exists()
    # Headings renamed: the sheet is named with what is missing.
    book = build_pairs_session(pairs=4, boards=2, movement="howell")
    book.workbook[TRAVELLER_SHEET][f"{T['board']}3"].value = "Brd"
    book.workbook.save(path)
    with pytest.raises(InputError, match='sheet Traveller has no heading row with "Line", "Board"'):
        read_session_workbook(path)


def test_cli_reads_the_workbook_and_writes_nothing_on_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The .xlsx goes to the workbook reader (no "not a text file"); a bad cell: exit 2,
    one line, no results pack or ranking written."""
    good = _howell(tmp_path, GOOD)
    ranking = tmp_path / "ranking.csv"
    assert main(["session", str(good), "--ranking", str(ranking), "--event", "Club night"]) == 0
    out = capsys.readouterr().out
    assert "Ann & Bo" in out and ranking.is_file()
    bad = _howell(tmp_path, {**GOOD, f"{T['ns_pair']}5": "x"}, "bad.xlsx")
    pack = tmp_path / "pack.xlsx"
    assert main(["session", str(bad), "-o", str(pack), "--ranking", str(tmp_path / "r.csv")]) == 2
    err = capsys.readouterr().err.strip()
    assert f"bad.xlsx: Traveller!{T['ns_pair']}5:" in err and "\n" not in err
    assert not pack.exists() and not (tmp_path / "r.csv").exists()


def test_extra_columns_are_ignored(tmp_path: Path) -> None:
    """Columns added beside the typed ones (a scorer's notes, anything) do not matter; Round is
    kept for the score cards."""
    book = build_pairs_session(pairs=4, boards=2, movement="howell")
    sheet = book.workbook[TRAVELLER_SHEET]
    extra = len(TRAVELLER_COLUMNS) + 1  # the blank column before the working ones
    sheet.cell(3, extra).value = "Notes"
    for row, values in enumerate([(1, 1, 2, 420), (1, 3, 4, 400)], start=4):
        keys = ("board", "ns_pair", "ew_pair", "entered", "round")
        for key, value in zip(keys, (*values, row - 3), strict=True):
            sheet[f"{TRAVELLER[key]}{row}"] = value
        sheet.cell(row, extra).value = "late"
    path = tmp_path / "round.xlsx"
    book.workbook.save(path)
    assert read_session_workbook(path).traveller.round.tolist() == [1, 2]


def test_a_pair_meeting_two_pairs_in_one_round_is_named(tmp_path: Path) -> None:
    """A pair number mistyped on a line of a filled-in movement (pair 3 for pair 2) puts a
    pair at two tables in one round: named, where it was scored (a movement of fewer rounds
    need not make it play a board twice). A pair meets one pair a round."""
    book = build_pairs_session(pairs=8, boards=4, movement="howell")
    sheet = book.workbook[TRAVELLER_SHEET]
    typed = [(1, 1, 2, 420), (1, 3, 4, 400), (2, 1, 3, 100), (2, 2, 4, 110)]
    for row, values in enumerate(typed, start=4):
        keys = ("board", "ns_pair", "ew_pair", "entered", "round")
        for key, value in zip(keys, (*values, 1), strict=True):
            sheet[f"{TRAVELLER[key]}{row}"] = value
    path = tmp_path / "rounds.xlsx"
    book.workbook.save(path)
    with pytest.raises(InputError) as caught:
        read_session_workbook(path)
    assert str(caught.value).splitlines() == [
        f"{path}: Traveller!{T['ns_pair']}6: in round 1 pair 1 plays pair 2 (row 4), so it "
        "cannot also play pair 3 here",
        # Row 7 (2 v 4) is a second table of round 1 for pair 2; row 6 is not taken as met.
        f"{path}: Traveller!{T['ns_pair']}7: in round 1 pair 2 plays pair 1 (row 4), so it "
        "cannot also play pair 4 here",
    ]


def _mitchell(tmp_path: Path, sat: dict[tuple[str, int], object], cleared: str = "") -> Path:
    """A 3-table Mitchell of 2 boards, one line typed, with the Pairs sheet's Sat cells of
    ``sat`` (by direction and pair) changed and the rows of ``cleared`` direction blanked."""
    book = build_pairs_session(pairs=6, boards=2, movement="mitchell")
    sheet = book.workbook[TRAVELLER_SHEET]
    for key, value in _line(4, 1, 1, 1, contract="4S", by="N", tricks=10).items():
        if isinstance(value, str):
            enter_text(sheet[key], value)
        else:
            sheet[key] = value
    pairs = book.workbook[PAIRS_SHEET]
    for (direction, pair), value in sat.items():
        pairs[f"{PAIRS['sat']}{book.pair_row(pair, direction)}"] = value
    for direction, _, row in book.pair_rows():
        if direction == cleared:
            for key in ("pair", "name", "sat"):
                pairs[f"{PAIRS[key]}{row}"] = None
    path = tmp_path / "mitchell.xlsx"
    book.workbook.save(path)
    return path


@pytest.mark.parametrize(
    ("sat", "cleared", "message"),
    [
        ({("NS", 1): "XX"}, "", "Pairs!C3: Sat must be NS or EW, got 'XX'"),
        ({("NS", 2): None}, "", "Pairs!C4: Sat must be NS or EW, got blank"),
        ({}, "EW", "Pairs: the pairs are all listed as NS: a Mitchell lists NS and EW pairs"),
    ],
)
def test_a_damaged_sat_column_is_named(
    tmp_path: Path, sat: dict[tuple[str, int], object], cleared: str, message: str
) -> None:
    """A Mitchell's Pairs sheet says which pairs sit NS and which EW: a Sat cell retyped or
    cleared, or the EW rows deleted, is named (it was blamed on a traveller line, or was a
    KeyError); "ns" typed in lower case is read as NS."""
    path = _mitchell(tmp_path, sat, cleared)
    with pytest.raises(InputError) as caught:
        read_session_workbook(path)
    assert str(caught.value) == f"{path}: {message}"
    book = read_session_workbook(_mitchell(tmp_path, {("NS", 1): " ns "}))
    assert book.winners == 2 and book.pairs == 6


def test_a_stray_cell_far_below_is_named(tmp_path: Path) -> None:
    """A result typed a hundred thousand rows down (Ctrl+Down, then typing) is named by its
    cell; the rows left out between are read as blank, not cell by cell."""
    path = _howell(tmp_path, {**GOOD, f"{T['contract']}100000": "4S"})
    with pytest.raises(InputError) as caught:
        read_session_workbook(path)
    assert f"Traveller!{T['board']}100000: a line typed below the last row" in str(caught.value)
