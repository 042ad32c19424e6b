"""`xlbridge deals` and `xlbridge session --deals/--double-dummy`: the hand record, the PBN
tags and the results pack's double-dummy tables, checked against DDS's published deals; and
every command without the optional extra."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dds_data import dds_deals as all_dds_deals
from openpyxl import load_workbook

from xlbridge.cli.main import main

DATA = Path(__file__).resolve().parents[1] / "scoring" / "data" / "dds" / "list100_subset.txt"
SEATS = "NESW"
VULNERABLE = ("None", "All", "NS", "EW")
STRAINS = ("S", "H", "D", "C", "NT")


def dds_deals(count: int) -> list[dict[str, object]]:
    """The first deals of DDS's test file: deal, dealer, vulnerability, table and par score."""
    return all_dds_deals()[:count]


DEALS = dds_deals(3)
#: The boards whose dealer and vulnerability (Law 2) are those of the three DEALS: North and
#: None (board 1), South and EW (board 3), West and All (board 4).
LAW_2_BOARDS = [1, 3, 4]


def deal_file(tmp_path: Path, boards: list[int]) -> Path:
    games = [
        f'[Board "{board}"]\n[Dealer "{deal["dealer"]}"]\n[Vulnerable "{deal["vulnerable"]}"]\n'
        f'[Deal "{deal["deal"]}"]\n'
        for board, deal in zip(boards, DEALS, strict=False)
    ]
    path = tmp_path / "deals.pbn"
    path.write_text("\n".join(games), encoding="utf-8")
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def par_words(score: int) -> str:
    return "Par 0" if score == 0 else f"Par {'NS' if score > 0 else 'EW'} +{abs(score)}"


def test_deals_prints_par_writes_the_hand_record_and_the_pbn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("endplay")
    hands, pbn = tmp_path / "hands.xlsx", tmp_path / "out.pbn"
    code, out, err = run(
        ["deals", deal_file(tmp_path, LAW_2_BOARDS), "-o", hands, "--pbn", pbn], capsys
    )
    assert code == 0, err
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["Board 1", "Board 3", "Board 4"]
    for line, deal in zip(lines, DEALS, strict=True):
        assert par_words(int(deal["score"])) in line  # type: ignore[call-overload]
    written = pbn.read_text()
    scores = re.findall(r'\[OptimumScore "NS (-?\d+)"\]', written)
    assert [int(s) for s in scores] == [deal["score"] for deal in DEALS]
    sheet = load_workbook(hands).active
    assert sheet is not None
    # The first board's table: under the "DD" heading, North's row, strains NT, ♠, ♥, ♦, ♣.
    heading = next(cell for row in sheet.iter_rows() for cell in row if cell.value == "DD")
    north = [sheet.cell(heading.row + 1, heading.column + j).value for j in range(6)]
    table = DEALS[0]["table"]
    assert north == ["N", *[table["N"][s] for s in ("NT", "S", "H", "D", "C")]]  # type: ignore[index]


SESSION = """Board,Table,NS,EW,Contract,By,Tricks
1,1,1,1,2S,E,9
1,2,2,2,1NT,N,5
3,1,1,2,4SX,E,9
3,2,2,1,3NT,S,9
"""


def session_file(tmp_path: Path) -> Path:
    path = tmp_path / "session.csv"
    path.write_text(SESSION, encoding="utf-8")
    return path


def test_the_pack_shows_the_table_the_par_and_each_line_against_double_dummy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("endplay")
    pack = tmp_path / "pack.xlsx"
    argv = ["session", session_file(tmp_path), "--deals", deal_file(tmp_path, LAW_2_BOARDS)]
    code, _, err = run([*argv, "--double-dummy", "-o", pack], capsys)
    assert code == 0, err
    assert "the session has no board 4; those deals are left out" in err
    sheet = load_workbook(pack)["Travellers"]
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    headings = rows[1]
    assert headings[-1] == "vs DD"
    texts = [value for row in rows for value in row if isinstance(value, str)]
    for deal in DEALS[:2]:
        assert any(text.startswith(par_words(int(deal["score"]))) for text in texts)  # type: ignore[call-overload]
    # Board 1: 2♠ by East took 9 tricks; board 3: 3NT by South took 9.
    lines = [row for row in rows if row[2] in ("2♠", "3NT")]
    table1, table2 = DEALS[0]["table"], DEALS[1]["table"]
    assert [row[-1] for row in lines] == [9 - table1["E"]["S"], 9 - table2["S"]["NT"]]  # type: ignore[index]


@pytest.mark.usefixtures("no_endplay")
@pytest.mark.parametrize(
    "argv",
    [["deals", "{deals}"], ["session", "{session}", "--double-dummy"]],
)
def test_without_the_extra_an_option_that_needs_it_says_how_to_install_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    paths = {"deals": deal_file(tmp_path, [1]), "session": session_file(tmp_path)}
    code, out, err = run([arg.format(**paths) for arg in argv], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert err.endswith("needs the optional extra: pip install 'xlbridge[dd]'\n")


@pytest.mark.usefixtures("no_endplay")
def test_without_the_extra_sessions_work_and_say_nothing_of_double_dummy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "pack.xlsx"
    deals = deal_file(tmp_path, [*LAW_2_BOARDS[:2]])
    argv = ["session", session_file(tmp_path), "--deals", deals, "-o", pack]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert "double" not in (out + err).lower()
    rows = [[c.value for c in row] for row in load_workbook(pack)["Travellers"].iter_rows()]
    texts = " ".join(str(value) for row in rows for value in row if value is not None)
    north = str(DEALS[0]["deal"]).split(":")[1].split()[0].split(".")[0]  # North's spades
    assert f"North   ♠ {north}  ♥" in texts  # the hands are shown
    assert "DD" not in texts and "Par" not in texts


def test_a_usebio_files_own_deals_are_analysed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("endplay")
    usebio = Path(__file__).resolve().parents[1] / "io" / "data" / "quirks-usebio.xml"
    pack = tmp_path / "pack.xlsx"
    code, _, err = run(["session", usebio, "--double-dummy", "-o", pack], capsys)
    assert code == 0, err
    rows = [[c.value for c in row] for row in load_workbook(pack)["Travellers"].iter_rows()]
    assert any(isinstance(v, str) and v.startswith("Par ") for row in rows for v in row)
    assert rows[1][-1] == "vs DD"


def test_double_dummy_without_a_results_pack_says_where_it_shows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("endplay")
    code, _, err = run(["session", session_file(tmp_path), "--double-dummy"], capsys)
    assert code == 2
    assert err == (
        "xlbridge: error: --double-dummy shows the analysis on the results pack or the site: "
        "give -o RESULTS.xlsx or --html DIR too\n"
    )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["-o", "{out}", "--pbn", "{out}"], "-o and --pbn name the same file {out}"),
        (["-o", "{out}", "--event", "Club\x01night"], "--event: character U+0001"),
        (["--pbn", "{deals}", "--force"], "--pbn {deals} is the deal file read"),
    ],
)
def test_deals_refuses_before_writing_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], message: str
) -> None:
    """-o and --pbn naming one file (the hand record was written, then the PBN refused as
    "already exists"), or a control character in --event: one line, exit 2, nothing written."""
    pytest.importorskip("endplay")
    out, deals = tmp_path / "hands.xlsx", deal_file(tmp_path, [1])
    before = deals.read_bytes()
    argv = ["deals", deals, *(o.format(out=out, deals=deals) for o in options)]
    code, _, err = run(argv, capsys)
    assert code == 2 and err.count("\n") == 1
    assert message.format(out=out, deals=deals) in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deals.pbn"]
    assert deals.read_bytes() == before


def test_a_folder_given_for_the_deals_is_named_as_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "deals.pbn"
    folder.mkdir()
    code, _, err = run(["session", session_file(tmp_path), "--deals", folder], capsys)
    assert code == 2 and err.strip().endswith(f"--deals: {folder} is a folder; name a file in it")
    pytest.importorskip("endplay")
    code, _, err = run(["deals", folder], capsys)
    assert code == 2 and err.strip().endswith(f"{folder} is a folder; name a file in it")


@pytest.mark.parametrize("command", ["deals", "session"])
def test_a_vulnerability_against_law_2_is_refused_by_deals_and_session(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    """The issue's board 3 given as All vulnerable: its par would be for All while the page
    says E-W (Law 2). Refused naming the board, with or without the double-dummy extra."""
    monkeypatch.setattr("xlbridge.scoring.double_dummy.require", lambda what="": None)
    deals = deal_file(tmp_path, LAW_2_BOARDS)
    text = deals.read_text(encoding="utf-8").replace('[Vulnerable "EW"]', '[Vulnerable "All"]')
    deals.write_text(text, encoding="utf-8")
    pack = tmp_path / "pack.xlsx"
    argv = ["deals", deals] if command == "deals" else ["session", session_file(tmp_path)]
    if command == "session":
        argv += ["--deals", deals, "-o", pack]
    code, out, err = run(argv, capsys)
    assert (code, out) == (2, "")
    assert f"{deals}: line 9: board 3: Vulnerable All contradicts Law 2: on board 3 EW are" in err
    assert not pack.exists()


def test_a_session_files_own_vulnerability_against_law_2_is_a_warning_and_par_is_law_2s(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A results file's board 2 tagged All vulnerable, where Law 2 makes NS vulnerable: the
    file is still read (real files must), with a warning naming the board, and the par is
    found for NS vulnerable, as the board was scored (the solver is replaced: no extra)."""
    from xlbridge.scoring import double_dummy

    quirks = Path(__file__).resolve().parents[1] / "io" / "data" / "quirks.pbn"
    text = quirks.read_text(encoding="utf-8").replace('[Vulnerable "NS"]', '[Vulnerable "All"]')
    results = tmp_path / "results.pbn"
    results.write_text(text, encoding="utf-8")
    asked: list[tuple[str, str]] = []
    table = {seat: dict.fromkeys(STRAINS, 6) for seat in SEATS}

    def par(_: object, dealer: str, vulnerable: str) -> double_dummy.BoardAnalysis:
        asked.append((dealer, vulnerable))
        return double_dummy.BoardAnalysis(0, "", table, 0, ())

    monkeypatch.setattr(double_dummy, "require", lambda what="": None)
    monkeypatch.setattr(double_dummy, "solve", lambda deals, solving=None: [table for _ in deals])
    monkeypatch.setattr(double_dummy, "par", par)
    code, _, err = run(["session", results, "--double-dummy", "-o", tmp_path / "pack.xlsx"], capsys)
    assert code == 0, err
    assert (
        f"xlbridge: warning: {results}: line 18: board 2: Vulnerable All contradicts Law 2: "
        "on board 2 NS are vulnerable; the board is scored by its number"
    ) in err
    assert sorted(asked) == [("E", "NS"), ("N", "None")]
