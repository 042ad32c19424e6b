"""``xlbridge movement`` (printing, --csv, -o, refusals, --force) and ``xlbridge template
pairs-session`` filled in from a movement."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from xlbridge.cli.main import main
from xlbridge.io.movement_file import read_movement
from xlbridge.scoring.movement.build import howell, mitchell
from xlbridge.workbooks.pairs_session.book import FIRST_ROW, TRAVELLER, TRAVELLER_SHEET


def test_prints_the_movement(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "mitchell", "--tables", "5", "--boards-per-round", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Mitchell, 5 tables: 5 rounds, 5 tables, 10 pairs, 10 boards")
    assert "2 winners" in out[0]
    # Round 2 by hand: EW pairs moved up a table (EW 5 to table 1), boards down (set 2,
    # boards 3-4, to table 1; set 1, boards 1-2, from table 1 to table 5).
    round_2 = out[3].split()
    assert round_2[0] == "2"
    assert round_2[1:3] == ["1-5", "3-4"] and round_2[-2:] == ["5-4", "1-2"]


def test_writes_csv_and_cards_and_needs_force(tmp_path: Path) -> None:
    csv_path, cards = tmp_path / "m.csv", tmp_path / "cards.xlsx"
    args = ["movement", "howell", "--pairs", "7", "--csv", str(csv_path), "-o", str(cards)]
    assert main([*args, "--event", "Club & Co"]) == 0
    movement, warnings = read_movement(csv_path)
    assert movement.seatings == howell(pairs=7).seatings and warnings == []
    book = load_workbook(cards)
    assert book.sheetnames == ["Movement", "Table cards", "Guide cards", "Balance"]
    before = csv_path.read_bytes()
    assert main(args) == 2  # both exist: nothing replaced without --force
    assert csv_path.read_bytes() == before
    assert main(["movement", "howell", "--pairs", "8", "--csv", str(csv_path), "--force"]) == 0
    assert read_movement(csv_path)[0].seatings == howell(pairs=8).seatings


def test_reads_a_movement_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "mine.csv"
    source.write_text(
        "round,table,ns,ew,boards,relay\n1,1,1,2,1-2,2\n1,2,3,4,1-2,1\n"
        "2,1,1,3,3-4,2\n2,2,4,2,3-4,1\n",
        encoding="utf-8",
    )
    cards = tmp_path / "cards.xlsx"
    assert main(["movement", str(source), "-o", str(cards)]) == 0
    assert "mine.csv: 2 rounds, 2 tables, 4 pairs" in capsys.readouterr().out
    assert "Guide cards" in load_workbook(cards).sheetnames


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["mitchell", "--tables", "16"], "a Mitchell is for 3 to 15 tables, got 16 tables"),
        (["howell", "--tables", "4", "--pairs", "10"], "--tables 4 seats 7 or 8 pairs"),
        (["mitchell", "--tables", "8", "--pairs", "9"], "--tables 8 seats 15 or 16 pairs"),
        (["mitchell", "--tables", "5", "--skip"], "--skip is for an even number of tables"),
        (["howell", "--pairs", "8", "--arrow-switch"], "--arrow-switch is for a Mitchell"),
        (["mitchell", "--tables", "7", "--arrow-switch", "7,x"], "--arrow-switch takes"),
        (["mitchell", "--tables", "7", "--rounds", "8"], "rounds must be"),
        (["howell"], "give --tables or --pairs"),
        (["swiss.txt"], "movement must be mitchell, howell or a .csv file"),
        (["mitchell", "--tables", "5", "-o", "cards.pdf"], "-o writes .xlsx"),
        (["mitchell", "--tables", "5", "--csv", "m.txt"], "--csv writes .csv"),
        (["howell", "--pairs", "6", "--paper", "a3"], "paper must be one of a4, letter"),
    ],
)
def test_refusals_are_one_line_and_write_nothing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    outputs = (
        ["--csv", "out.csv", "-o", "out.xlsx"] if "-o" not in args and "--csv" not in args else []
    )
    assert main(["movement", *args, *outputs]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_bad_movement_file_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bad.csv"
    source.write_text("round,table,ns,ew,boards\n1,1,1,2,1-2\n1,2,1,3,3-4\n", encoding="utf-8")
    cards = tmp_path / "cards.xlsx"
    assert main(["movement", str(source), "-o", str(cards)]) == 2
    err = capsys.readouterr().err
    assert "bad.csv, line 3: round 1, table 2: pair 1 is also at table 1" in err
    assert not cards.exists()
    assert main(["movement", str(source), "--pairs", "4"]) == 2
    assert "is a movement file" in capsys.readouterr().err


def test_csv_naming_the_movement_read_is_refused_even_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The file read is never rewritten as its own --csv: the director's notes (other
    columns, ignored when read) would be lost."""
    source = tmp_path / "mine.csv"
    text = "round,table,ns,ew,boards,notes\n1,1,1,2,1-2,first\n1,2,3,4,3-4,\n"
    source.write_text(text, encoding="utf-8")
    assert main(["movement", str(source), "--csv", str(source), "--force"]) == 2
    err = capsys.readouterr().err
    assert f"--csv {source} is the movement file read: write to another name" in err
    assert source.read_text(encoding="utf-8") == text


# --------------------------------------------------------------------------------------------
# The pairs-session workbook filled in from a movement


def traveller_lines(path: Path) -> list[tuple[int, int, int, int, int]]:
    sheet = load_workbook(path)[TRAVELLER_SHEET]
    rows = []
    row = FIRST_ROW
    while sheet[f"{TRAVELLER['board']}{row}"].value is not None:
        keys = ("board", "round", "table", "ns_pair", "ew_pair")
        rows.append(tuple(sheet[f"{TRAVELLER[k]}{row}"].value for k in keys))
        row += 1
    return rows  # type: ignore[return-value]


def test_template_fills_in_a_mitchell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "evening.xlsx"
    options = ["--movement", "mitchell", "--tables", "5", "--boards-per-round", "2"]
    assert main(["template", "pairs-session", "-o", str(out), *options]) == 0
    assert "50 traveller lines filled in" in capsys.readouterr().out
    lines = traveller_lines(out)
    expected = [
        (board, s.round, s.table, s.ns.number, s.ew.number)
        for board, s in mitchell(tables=5, boards_per_round=2).lines()
    ]
    assert lines == expected
    # By hand: board 1 is played in round 1 at table 1 (NS 1 v EW 1), then moves down to table
    # 5 (NS 5 v EW 4, who came up from table 4), table 4 (NS 4 v EW 2) ...
    assert lines[:3] == [(1, 1, 1, 1, 1), (1, 2, 5, 5, 4), (1, 3, 4, 4, 2)]
    sheet = load_workbook(out)[TRAVELLER_SHEET]
    assert not sheet.column_dimensions[TRAVELLER["round"]].hidden
    assert sheet[f"{TRAVELLER['round']}{FIRST_ROW - 1}"].value == "Round"


def test_template_fills_in_from_a_file_and_checks_boards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "howell.csv"
    assert (
        main(
            ["movement", "howell", "--pairs", "6", "--boards-per-round", "3", "--csv", str(source)]
        )
        == 0
    )
    out = tmp_path / "evening.xlsx"
    base = ["template", "pairs-session", "-o", str(out), "--movement", str(source)]
    assert main([*base, "--boards", "12"]) == 2
    assert (
        "--boards 12 disagrees with the movement (howell.csv: boards 15)" in capsys.readouterr().err
    )
    assert not out.exists()
    assert main([*base, "--boards", "15"]) == 0
    assert len(traveller_lines(out)) == 15 * 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--movement", "howell", "--pairs", "3", "--boards-per-round", "2"], "4 to 16 pairs"),
        (["--tables", "4", "--boards-per-round", "2", "--pairs", "12"], "seats 7 or 8 pairs"),
    ],
)
def test_template_refuses_a_movement_it_cannot_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    out = tmp_path / "evening.xlsx"
    assert main(["template", "pairs-session", "-o", str(out), *args]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_template_fills_in_an_arrow_switched_mitchell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "switched.csv"
    assert (
        main(["movement", "mitchell", "--tables", "5", "--arrow-switch", "--csv", str(source)]) == 0
    )
    out = tmp_path / "evening.xlsx"
    assert main(["template", "pairs-session", "-o", str(out), "--movement", str(source)]) == 0
    assert "25 boards, 125 traveller lines filled in" in capsys.readouterr().out
    out = tmp_path / "league.xlsx"
    assert main(["template", "league", "-o", str(out), "--tables", "5"]) == 2
    assert "template league does not take --tables" in capsys.readouterr().err
    assert not out.exists()
