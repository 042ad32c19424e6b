"""Two runs on one output: while a first run (a real second process) holds the output's lock,
a second run refuses at once (exit 2) and leaves the file and the lock as they are."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from run_leftovers import another_run_writing

from xlbridge.cli.main import main

TRAVELLER = "board,table,ns_score,ew_score\n1,1,420,\n1,2,-50,\n"


def test_a_second_run_on_an_output_being_written_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    traveller, out = tmp_path / "traveller.csv", tmp_path / "scored.csv"
    traveller.write_text(TRAVELLER, encoding="utf-8")
    out.write_text("the first run's", encoding="utf-8")
    lock = tmp_path / ".scored.csv.xlbridge.lock"
    with another_run_writing(out) as first:
        held = lock.read_text(encoding="ascii")
        assert held.split()[0] == str(first)
        capsys.readouterr()
        assert main(["score", str(traveller), "-o", str(out), "--force"]) == 2
        err = capsys.readouterr().err
        assert f"xlbridge: error: another xlbridge run is writing {out}" in err
        assert err.count("\n") == 1 and "No such file" not in err
        assert out.read_text(encoding="utf-8") == "the first run's"
        assert lock.read_text(encoding="ascii") == held  # the first run's lock kept
    assert not lock.exists()  # the first run let go
    assert main(["score", str(traveller), "-o", str(out), "--force"]) == 0
    assert out.read_text(encoding="utf-8").startswith("board,")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scored.csv", "traveller.csv"]


def test_a_command_holds_its_outputs_from_its_checks_to_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`handicap update` reads the register, then writes it back: the lock is held while it
    reads (a second run could not slip in between), and let go when the command ends."""
    from xlbridge.io import handicap

    register, results = tmp_path / "players.csv", tmp_path / "results.csv"
    register.write_text("id,name,handicap\n100,Ann,10\n101,Bob,13\n102,Cy,16\n103,Di,19\n")
    results.write_text(
        "competition,date,boards,players,result\n"
        "c1,2026-11-03,24,100+101,60\nc1,2026-11-03,24,102+103,40\n"
    )
    seen: list[str] = []
    real = handicap.read_register

    def reading(path: Path) -> object:
        for name in ("players.csv", "players-history.csv"):
            seen.append((tmp_path / f".{name}.xlbridge.lock").read_text().split()[0])
        return real(path)

    monkeypatch.setattr(handicap, "read_register", reading)
    args = ["handicap", "update", "--register", str(register), "--results", str(results)]
    assert main(args) == 0
    assert seen == [str(os.getpid())] * 2
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "players-history.csv",
        "players.csv",
        "results.csv",
    ]
