"""Junk in the files of the older commands (audit, score, handicap update, swiss draw): each
bad row is named by its file and line, and junk that is valid is scored right."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.cli.main import main

SEASON = "".join(f"{m},8\n" for m in (5, -3, 12, 0, 7, -9, 2, -14) * 6)


def _error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize(
    ("row", "form", "message"),
    [
        ("3,0", "teams", "line 6: boards must be a whole number from 1 to 200, got 0"),
        ("3,-8", "teams", "line 6: boards must be a whole number from 1 to 200, got -8"),
        ("3,1000000000", "teams", "line 6: boards must be a whole number from 1 to 200, got 10000"),
        ("101,8", "pairs", "line 6: margin must be a matchpoint % from 0 to 100 for form pairs"),
    ],
)
def test_audit_names_the_line_of_a_bad_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], row: str, form: str, message: str
) -> None:
    rows = SEASON.splitlines()
    if form == "pairs":
        rows = [f"{50 + int(r.split(',')[0])},8" for r in rows]
    rows.insert(4, row)
    path = tmp_path / "season.csv"
    path.write_text("margin,boards\n" + "\n".join(rows) + "\n", encoding="utf-8")
    assert message in _error(capsys, ["audit", str(path), "--form", form])


REGISTER = "id,handicap\n101,13\n102,13\n103,34.7\n104,34.7\n"
RESULTS = (
    "competition,date,boards,players,result\n"
    "c1,2026-11-03,24,101+102,62.5\nc1,2026-11-03,24,103+104,37.5\n"
)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["-o", "x.csv", "--history", "x.csv"], "-o and --history name the same file"),
        (["-o", "results.csv", "--force"], "--results results.csv is also the file written"),
        (["--history", "results.csv"], "--results results.csv is also the file written"),
        (["--history", "players.csv"], "--history players.csv is the register"),
    ],
)
def test_handicap_update_never_writes_one_file_as_two(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    options: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("players.csv").write_text(REGISTER)
    Path("results.csv").write_text(RESULTS)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    argv = ["handicap", "update", "--register", "players.csv", "--results", "results.csv"]
    assert message in _error(capsys, argv + options)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize("content", ["", "\n\n", "  \r\n"])
def test_an_emptied_history_does_not_apply_everything_again(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    content: str,
) -> None:
    """A history emptied by hand (or by another program) no longer says c1 was applied: applying
    it again would move every handicap twice, so the run stops and names the file."""
    monkeypatch.chdir(tmp_path)
    Path("players.csv").write_text(REGISTER)
    Path("results.csv").write_text(RESULTS)
    argv = ["handicap", "update", "--register", "players.csv", "--results", "results.csv"]
    assert main(argv) == 0
    capsys.readouterr()
    Path("players-history.csv").write_text(content)
    register = Path("players.csv").read_bytes()
    message = _error(capsys, argv)
    assert "players-history.csv is empty" in message
    assert Path("players.csv").read_bytes() == register


@pytest.mark.parametrize(
    ("row", "message"),
    [
        # 1e9 boards moved Anna from 13 to -13,749,987: a register the next run refuses.
        ("c1,2026-11-03,pairs,topscore,1000000000,,101+102,62.5", "line 2: boards must be a"),
        ("c1,2026-11-03,pairs,topscore,1001,,101+102,62.5", "whole number from 1 to 1000"),
        # No board is worth more than 24 IMPs (the IMP scale's top).
        ("c1,2026-11-03,pairs,imp,24,,101+102,1e6", "line 2: result must be IMPs per board"),
        ("c1,2026-11-03,pairs,imp,24,,101+102,-24.5", "from -24 to 24 for method imp, got -24.5"),
    ],
)
def test_handicap_results_no_event_can_have_are_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    row: str,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("players.csv").write_text(REGISTER)
    other = row.split(",")
    other[6], other[7] = "103+104", "0" if other[3] == "imp" else "40"
    header = "competition,date,form,method,boards,played,players,result\n"
    Path("results.csv").write_text(header + row + "\n" + ",".join(other) + "\n")
    argv = ["handicap", "update", "--register", "players.csv", "--results", "results.csv"]
    assert message in _error(capsys, argv)
    assert Path("players.csv").read_text() == REGISTER


def test_handicap_update_never_writes_a_handicap_the_register_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each number in range, together extreme: 1000 boards at +24 IMPs a board, a pair of 13
    against one of 34.7 (r̂ = 2·(23.85 − 13)/12 = 1.81), moves 13 by (1000/480)·(1000/1000.1)
    ·2·12·(1.81 − 24) ≈ −1109 (Project 52's formula), below the −100 a register may hold: the
    run stops, the register as it was."""
    monkeypatch.chdir(tmp_path)
    Path("players.csv").write_text(REGISTER)
    Path("results.csv").write_text(
        "competition,date,method,boards,players,result\n"
        "c1,2026-11-03,imp,1000,101+102,24\nc1,2026-11-03,imp,1000,103+104,-24\n"
    )
    argv = ["handicap", "update", "--register", "players.csv", "--results", "results.csv"]
    message = _error(capsys, argv)
    assert "results.csv, line 2: a handicap would fall to -1" in message
    assert "below -100" in message
    assert Path("players.csv").read_text() == REGISTER
