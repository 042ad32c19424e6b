"""A register is never silently damaged: bad files are named, good ones keep their format."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from xlbridge.cli.main import main

REGISTER = """id,name,handicap
101,Anna Berg,13.0
102,Bo Lind,13.0
103,Cecilia Ek,34.7
104,David Holm,34.7
"""
RESULTS = """competition,date,boards,players,result
c1,2026-11-03,24,101+102,62.5
c1,2026-11-03,24,103+104,37.5
"""


def _run(folder: Path, register: bytes | str, results: str = RESULTS, *options: str) -> int:
    path = folder / "players.csv"
    path.write_bytes(register if isinstance(register, bytes) else register.encode())
    (folder / "results.csv").write_text(results)
    return main(
        [
            "handicap",
            "update",
            "--register",
            str(path),
            "--results",
            str(folder / "results.csv"),
            *options,
        ]
    )


@pytest.mark.parametrize(
    ("register", "message"),
    [
        (REGISTER.replace("102,Bo Lind", '102,"Bo Lind'), "line 3: a quoted field is never closed"),
        (
            "id,name,handicap\n101;Anna Berg;13,0\n102;Bo Lind;13,0\n",
            "line 2: 2 fields, the header has 3 (the row holds semicolons; the header is separated "
            "by commas)",
        ),
        (
            REGISTER.replace("102,Bo Lind,13.0", "102,Bo Lind,13.0,x"),
            "line 3: 4 fields, the header has 3",
        ),
        (REGISTER.replace("102,Bo Lind,13.0", "102,Bo Lind"), "line 3: 2 fields, the header has 3"),
        (
            REGISTER.replace("13.0\n103", "-1300\n103"),
            "line 3: handicap must be from -100 to 52, got -1300",
        ),
        (REGISTER.replace("13.0\n103", "inf\n103"), "line 3: handicap must be a number"),
        (REGISTER.replace("13.0\n103", "nan\n103"), "line 3: handicap must be a number"),
        (
            REGISTER.replace("13.0\n103", "1e308\n103"),
            "line 3: handicap must be a number from -1e12 to 1e12, got 1e308",
        ),  # noqa: E501
        (REGISTER.replace("104,David", "101,David"), "lines 2, 5: player id '101' appears twice"),
        (
            'id,name,handicap\n101,"A' + "x" * 140_000 + '",13\n',
            "line 2: a field is longer than 131,072 characters",
        ),
    ],
)
def test_a_damaged_register_is_named_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], register: str, message: str
) -> None:
    assert _run(tmp_path, register) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err
    assert "players.csv" in err
    assert (tmp_path / "players.csv").read_text() == register
    assert sorted(p.name for p in tmp_path.iterdir()) == ["players.csv", "results.csv"]


def test_a_mistyped_id_is_an_error_listing_every_unknown_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = RESULTS.replace("101+102", "101+999").replace("103+104", "103+998")
    assert _run(tmp_path, REGISTER, results) == 2
    err = capsys.readouterr().err
    assert "2 player ids not in the register: '998' (line 3); '999' (line 2)" in err
    assert "--add-new" in err and err.count("\n") == 1
    assert (tmp_path / "players.csv").read_text() == REGISTER
    assert not (tmp_path / "players-history.csv").exists()


def test_add_new_adds_them_and_names_every_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = RESULTS.replace("101+102", "101+999").replace("103+104", "103+998")
    assert _run(tmp_path, REGISTER, results, "--add-new") == 0
    assert "2 of them new: 998, 999" in capsys.readouterr().err
    rows = list(csv.DictReader(io.StringIO((tmp_path / "players.csv").read_text())))
    assert [row["id"] for row in rows] == ["101", "102", "103", "104", "998", "999"]
    assert rows[1]["handicap"] == "13.0"  # 102 did not play: left as typed


@pytest.mark.parametrize(
    ("encoding", "bom", "newline", "delimiter"),
    [("cp1252", False, "\r\n", ","), ("utf-8", True, "\r\n", ";"), ("utf-8", False, "\n", "\t")],
)
def test_the_register_is_written_back_in_its_own_format(
    tmp_path: Path, encoding: str, bom: bool, newline: str, delimiter: str
) -> None:
    decimal = "," if delimiter != "," else "."
    lines = [
        ["id", "name", "handicap", "note"],
        ["101", "Åsa Sjö", f"13{decimal}0", "€5"],
        ["102", "Bo Lind", f"13{decimal}0", ""],
        ["103", "Cécile Ek", f"34{decimal}7", ""],
        ["104", "Dávid Holm", f"34{decimal}7", "«x»"],
        ["105", "Eva", "20", "did not play"],
    ]
    text = newline.join(delimiter.join(row) for row in lines) + newline
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode(encoding)
    assert _run(tmp_path, data) == 0
    out = (tmp_path / "players.csv").read_bytes()
    assert out.startswith(b"\xef\xbb\xbf") == bom
    body = out[3:] if bom else out
    decoded = body.decode(encoding)  # no mixed encodings
    assert decoded.count(newline) == len(lines)
    if newline == "\r\n":
        assert "\n" not in decoded.replace("\r\n", "")
    rows = [line.split(delimiter) for line in decoded.split(newline)[:-1]]
    assert rows[0] == lines[0]
    assert [row[1] for row in rows] == [row[1] for row in lines]  # names kept, accents and all
    assert rows[5] == lines[5]  # a player who did not play: exactly as typed
    assert rows[1][2] != lines[1][2] and decimal in rows[1][2]
    history = (tmp_path / "players-history.csv").read_bytes()
    assert history.startswith(b"\xef\xbb\xbf") == bom
    history.decode(encoding)
    # A second run reads the history back (in the same encoding) and applies nothing.
    assert _run(tmp_path, out) == 0
    assert (tmp_path / "players.csv").read_bytes() == out


def test_a_history_saved_by_excel_as_windows_1252_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    history = "competition,date,player,before,delta,after\r\nSommar-Å,2026-10-01,101,13,0,13\r\n"
    (tmp_path / "players-history.csv").write_bytes(history.encode("cp1252"))
    results = RESULTS.replace("c1,", "Sommar-Å,")
    assert _run(tmp_path, REGISTER, results) == 0
    assert "nothing to apply" in capsys.readouterr().err
    assert _run(tmp_path, REGISTER, RESULTS) == 0
    written = (tmp_path / "players-history.csv").read_bytes().decode("cp1252")
    assert written.startswith(history) and written.count("\r\n") == 2 + 4


def test_ids_and_names_that_start_a_formula_stay_text(tmp_path: Path) -> None:
    register = REGISTER.replace("101,Anna Berg", '=A1,=HYPERLINK("x")').replace(
        "102,Bo Lind", "@SUM(A1),-Bo"
    )
    results = RESULTS.replace("101+102", "'=A1 & '@SUM(A1)").replace("103+104", "103+\t+104")
    assert _run(tmp_path, register, results, "--add-new") == 0
    written = (tmp_path / "players.csv").read_text()
    history = (tmp_path / "players-history.csv").read_text()
    for text in (written, history):
        cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
        live = [
            cell
            for cell in cells
            if cell[:1] in ("=", "+", "@", "\t", "\r")
            or (cell.startswith("-") and not _number(cell))
        ]
        assert not live, live
    deltas = [row["delta"] for row in csv.DictReader(io.StringIO(history))]
    assert any(delta.startswith("-") and _number(delta) for delta in deltas)  # numbers stay
    assert "'=A1" in written and "'@SUM(A1)" in written and "'-Bo" in written
    # The ids were matched: no newcomers, and a rerun reads its own output back.
    assert written.count("\n") == 5
    assert _run(tmp_path, written, results) == 0
    assert (tmp_path / "players.csv").read_text() == written


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True
