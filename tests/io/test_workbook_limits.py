"""A workbook another program saved, or a file that is not an .xlsx at all, given to the
workbook readers: every typed cell read whatever the sheet's ``<dimension>`` says, rows and
columns bounded, and a clear one-line refusal for what cannot be read (a row past Excel's
last, a zip that unpacks past 200 MB, an .xls, a password-protected file, a chart sheet, a
missing shared string, an inserted Traveller row)."""

from __future__ import annotations

import re
import struct
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from workbook_checks import chart_in_place_of

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.io.pairs_session_workbook import read_session_workbook
from xlbridge.io.travellers.session_csv import read_session
from xlbridge.io.typed_workbook import open_workbook, read_grids
from xlbridge.workbooks.kit.values import enter_text
from xlbridge.workbooks.pairs_session import build_pairs_session
from xlbridge.workbooks.pairs_session.book import TRAVELLER, TRAVELLER_SHEET

T = TRAVELLER
#: The first sheet's part: the Traveller in a pairs-session workbook.
SHEET = "xl/worksheets/sheet1.xml"


def _rewrite(path: Path, part: str, change: Callable[[bytes], bytes]) -> Path:
    """``path`` with its zip part ``part`` changed, written as it was otherwise."""
    with zipfile.ZipFile(path) as source:
        data = {item.filename: (item, source.read(item)) for item in source.infolist()}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for name, (item, content) in data.items():
            target.writestr(item, change(content) if name == part else content)
    return path


def _before_sheet_end(xml: bytes) -> Callable[[bytes], bytes]:
    """A change adding ``xml`` as the sheet's last rows."""
    return lambda data: data.replace(b"</sheetData>", xml + b"</sheetData>")


def _dimension(ref: bytes) -> Callable[[bytes], bytes]:
    """A change making the sheet's ``<dimension>`` say ``ref``."""
    return lambda data: re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="' + ref + b'"', data)


def _session(tmp_path: Path, lines: dict[int, tuple[int, int, int, int]], **size: object) -> Path:
    """A Howell (4 pairs, 2 boards unless ``size`` says) with a score typed on each row of
    ``lines``: row -> (board, NS, EW, NS score)."""
    book = build_pairs_session(**{"pairs": 4, "boards": 2, "movement": "howell", **size})
    sheet = book.workbook[TRAVELLER_SHEET]
    for row, values in lines.items():
        for key, value in zip(("board", "ns_pair", "ew_pair", "entered"), values, strict=True):
            sheet[f"{T[key]}{row}"] = value
    path = tmp_path / "EVENING.xlsx"
    book.workbook.save(path)
    return path


GOOD = {4: (1, 1, 2, 420), 5: (1, 3, 4, -50), 6: (2, 1, 3, 110), 7: (2, 2, 4, 140)}


def test_rows_and_columns_past_a_lying_dimension_are_read(tmp_path: Path) -> None:
    """A sheet that says it is A1:AJ50 (as some programs write it) still holds its rows 51 on
    and its columns AK and AL: all of them are read."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Entries"
    for row in range(1, 61):
        sheet.cell(row, 1).value = row
    sheet["AL10"] = "far"
    path = tmp_path / "other.xlsx"
    book.save(path)
    _rewrite(path, SHEET, _dimension(b"A1:AJ50"))
    assert b'ref="A1:AJ50"' in zipfile.ZipFile(path).read(SHEET)
    grid = read_grids(path, ["Entries"], kind="a test workbook")["Entries"]
    assert [row[0].value for row in grid] == list(range(1, 61))
    assert grid[9][37].value == "far"  # AL10


def test_a_session_line_past_a_lying_dimension_is_scored(tmp_path: Path) -> None:
    """The Traveller's dimension cut to A1:AJ5: the lines typed on rows 6 and 7 are still
    read."""
    path = _rewrite(_session(tmp_path, GOOD), SHEET, _dimension(b"A1:AJ5"))
    assert read_session_workbook(path).traveller.lines.tolist() == [4, 5, 6, 7]


def test_a_row_past_excels_last_is_refused_naming_sheet_and_row(tmp_path: Path) -> None:
    """Row 2,000,000 (Excel's last is 1,048,576): refused by the session reader, which reads
    the sheet row by row, and by a reader opening the workbook whole."""
    path = _session(tmp_path, GOOD)
    row = b'<row r="2000000"><c r="D2000000"><v>1</v></c></row>'
    _rewrite(path, SHEET, _before_sheet_end(row))
    words = "sheet Traveller: row 2,000,000 is past the last row a sheet can have (1,048,576)"
    with pytest.raises(InputError, match=re.escape(f"{path}: {words}")):
        read_session_workbook(path)
    with pytest.raises(InputError, match=re.escape(f"{path}: {words}")):
        open_workbook(path)


def test_a_value_in_column_xfd_is_ignored_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One value typed in XFD1 (the sheet's size then A1:XFD7, as Excel saves it): no row is
    padded to 16,384 cells (each holds at most the 64 columns read), the lines are scored, and
    one warning names the cell."""
    path = _session(tmp_path, GOOD)
    far = b'<c r="XFD1" t="inlineStr"><is><t>stray</t></is></c></row>'
    _rewrite(path, SHEET, lambda data: _dimension(b"A1:XFD7")(data.replace(b"</row>", far, 1)))
    grid = read_grids(path, [TRAVELLER_SHEET], kind="x")[TRAVELLER_SHEET]
    assert max(len(row) for row in grid) <= 64
    warnings: list[str] = []
    read_grids(path, [TRAVELLER_SHEET], kind="x", warnings=warnings)
    assert warnings == [
        f"{path}: Traveller!XFD1: ignored past column BL, where no table of the template "
        "reaches; delete what was typed there by mistake"
    ]
    book = read_session_workbook(path)
    assert book.traveller.lines.tolist() == [4, 5, 6, 7] and book.warnings == warnings
    assert main(["session", str(path)]) == 0
    assert "xlbridge: warning: " + warnings[0] in capsys.readouterr().err
    # Two more far to the right, on row 4: still one warning, counting them.
    row_4 = re.compile(rb'(<row r="4"[^>]*>.*?)</row>', re.S)
    more = rb'\1<c r="BM4"><v>1</v></c><c r="ZZ4"><v>2</v></c></row>'
    _rewrite(path, SHEET, lambda data: row_4.sub(more, data, count=1))
    warnings.clear()
    read_grids(path, [TRAVELLER_SHEET], kind="x", warnings=warnings)
    assert [w.split(": ", 2)[1:] for w in warnings] == [
        [
            "Traveller!XFD1",
            "ignored, with 2 other values past column BL, where no table of the "
            "template reaches; delete what was typed there by mistake",
        ]
    ]


def _declaring(path: Path, size: int) -> Path:
    """``path`` with a last part whose header declares ``size`` bytes unpacked (a zip bomb's
    header; the few bytes really stored are never unpacked, so nothing big is allocated)."""
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/filler.bin", bytes(1000))
    data = bytearray(path.read_bytes())
    central = data.rfind(b"PK\x01\x02")  # the last part's central directory entry
    data[central + 24 : central + 28] = struct.pack("<I", size)
    path.write_bytes(bytes(data))
    assert zipfile.ZipFile(path).getinfo("xl/media/filler.bin").file_size == size
    return path


def test_a_zip_declaring_more_than_200_mb_is_refused_before_it_is_opened(
    tmp_path: Path,
) -> None:
    """A part declaring 201 MB unpacked (a zip bomb) is refused, naming the limit, by the
    session reader and the whole-workbook reader; 200 MB in all is still opened."""
    path = _declaring(_session(tmp_path, GOOD), 201_000_000)
    words = "MB unpacked, more than the 200 MB a workbook may hold"
    with pytest.raises(InputError, match=re.escape(words)) as caught:
        read_session_workbook(path)
    assert str(caught.value).startswith(f"{path}: its parts hold 201 MB")
    with pytest.raises(InputError, match=re.escape(words)):
        open_workbook(path)


def test_running_out_of_memory_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A MemoryError while the sheets are read (memory capped) is one line naming the file."""
    from openpyxl.worksheet._reader import WorkSheetParser

    path = _session(tmp_path, GOOD)

    def exhausted(*_: object, **__: object) -> None:
        raise MemoryError

    monkeypatch.setattr(WorkSheetParser, "parse", exhausted)
    with pytest.raises(InputError, match=re.escape(f"{path}: too big to read in the memory")):
        read_session_workbook(path)


#: A compound file's first bytes, then padding as a directory sector would hold.
COMPOUND = bytes.fromhex("D0CF11E0A1B11AE1") + bytes(504)
XLS = COMPOUND + "Workbook".encode("utf-16-le") + bytes(2000)
ENCRYPTED = COMPOUND + "EncryptionInfo".encode("utf-16-le") + bytes(100)
ENCRYPTED += "EncryptedPackage".encode("utf-16-le") + bytes(2000)
XLS_WORDS = "an Excel 97–2003 workbook (.xls): open it in Excel and save it as .xlsx"
ENCRYPTED_WORDS = "password-protected: open it in Excel and save a copy without a password"


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [("EVENING.xls", XLS, XLS_WORDS), ("EVENING.xlsx", ENCRYPTED, ENCRYPTED_WORDS)],
    ids=["xls", "encrypted"],
)
def test_an_xls_and_a_password_protected_file_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: bytes, words: str
) -> None:
    """Both are OLE2 compound files: an .xls was read as CSV (its binary header quoted), an
    encrypted .xlsx was "not a zip file". Given to the session command, to the traveller
    reader and to a workbook reader, each is named with what to do."""
    path = tmp_path / name
    path.write_bytes(data)
    assert main(["session", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"xlbridge: error: {path}: {words}") and err.count("\n") == 1
    for reader in (read_session, open_workbook, read_session_workbook):
        with pytest.raises(InputError, match=re.escape(f"{path}: {words}")):
            reader(path)


def test_a_chart_sheet_where_the_boards_sheet_belongs_is_named(tmp_path: Path) -> None:
    """It was an AttributeError (a chart sheet has no rows)."""
    path = chart_in_place_of(_session(tmp_path, GOOD), "Boards")
    with pytest.raises(InputError) as caught:
        read_session_workbook(path)
    assert str(caught.value) == (
        f"{path}: sheet Boards is a chart sheet, not the template's table: restore the sheet "
        "from a backup (or from a new template) and delete the chart sheet"
    )


def test_a_shared_string_the_file_does_not_hold_is_named_by_cell(tmp_path: Path) -> None:
    """The contract typed in G4 points at shared string 999, which the workbook does not
    hold: the cell is named (it was an IndexError), and the file when it is opened whole."""
    book = build_pairs_session(pairs=4, boards=2, movement="howell")
    sheet = book.workbook[TRAVELLER_SHEET]
    for key, value in {"board": 1, "ns_pair": 1, "ew_pair": 2, "tricks": 10}.items():
        sheet[f"{T[key]}4"] = value
    enter_text(sheet[f"{T['contract']}4"], "4S")
    enter_text(sheet[f"{T['by']}4"], "N")
    path = tmp_path / "EVENING.xlsx"
    book.workbook.save(path)
    ref = f"{T['contract']}4"
    cell = re.compile(rb'<c r="' + ref.encode() + rb'".*?</c>')
    shared = f'<c r="{ref}" t="s"><v>999</v></c>'.encode()
    _rewrite(path, SHEET, lambda data: cell.sub(shared, data, count=1))
    with pytest.raises(InputError) as caught:
        read_session_workbook(path)
    assert str(caught.value).startswith(
        f"{path}: Traveller!{T['contract']}4: the file is damaged: this cell's text is missing "
        "from the workbook's shared strings"
    )
    with pytest.raises(InputError, match="a cell's text is missing from the workbook's shared"):
        open_workbook(path)


def test_an_inserted_row_is_named_by_its_row(tmp_path: Path) -> None:
    """A row inserted above line 3 (row 6) holds a line typed into it: that row is named as
    inserted, and the numbered lines below it, moved down a row, are read as they are."""
    path = _session(tmp_path, {4: (1, 1, 2, 420), 5: (1, 3, 4, -50)})
    book = load_workbook(path)
    sheet = book[TRAVELLER_SHEET]
    sheet.insert_rows(6)
    for key, value in zip(("board", "ns_pair", "ew_pair", "entered"), (2, 1, 3, 110), strict=True):
        sheet[f"{T[key]}6"] = value
    for key, value in zip(("board", "ns_pair", "ew_pair", "entered"), (2, 2, 4, 140), strict=True):
        sheet[f"{T[key]}7"] = value  # line 3, now on row 7
    book.save(path)
    with pytest.raises(InputError) as caught:
        read_session_workbook(path)
    assert str(caught.value).splitlines() == [
        f"{path}: Traveller!A6: a row was inserted here (it has no line number and none of the "
        "template's formulas, so the workbook does not score it): type this line in an empty "
        "numbered row at the foot of the table instead, and delete this row"
    ]
