"""``xlbridge handicap update``'s printout: each changed player's handicap to one decimal,
while the register it writes keeps every handicap to six."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from xlbridge.cli.handicap import changes_text
from xlbridge.cli.main import main

CLUB = Path(__file__).resolve().parents[2] / "examples" / "club"


def test_a_changed_handicap_prints_to_one_decimal_with_its_sign() -> None:
    # 3.0 → 3.24999 prints 3.2, up 0.24999: +0.2; 9 is unchanged; 8, past the register's
    # handicaps, is new (after 52.0).
    text = changes_text(
        ["7", "9", "8"], ["Ann Lee"], [3.0, 20.0], [3.24999, 20.0, 52.0], [True, False, True]
    )
    assert text.splitlines() == [
        "player  name     before  after  change",
        "7       Ann Lee     3.0    3.2    +0.2",
        "8                   new   52.0",
    ]
    # 10.04 → 9.96: both print 10.0, and the change −0.08 prints −0.1.
    line = changes_text(["1"], [], [10.04], [9.96], [True]).splitlines()[1]
    assert line.split() == ["1", "10.0", "10.0", "-0.1"]


def test_the_printout_rounds_and_the_register_keeps_six_decimals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("players.csv", "results.csv"):
        shutil.copy(CLUB / name, tmp_path / name)
    args = ["handicap", "update", "--register", str(tmp_path / "players.csv")]
    args += ["--results", str(tmp_path / "results.csv"), "-o", str(tmp_path / "new.csv")]
    assert main([*args, "--add-new"]) == 0
    printed = capsys.readouterr().out.splitlines()
    # Eva Strand, 28 in the register: the line of the docs' example (docs/handicaps.md).
    assert "105     Eva Strand     28.0   28.7    +0.7" in printed
    written = (tmp_path / "new.csv").read_text(encoding="utf-8")
    eva = next(line for line in written.splitlines() if line.startswith("105,"))
    assert re.fullmatch(r"105,Eva Strand,28\.\d{6},", eva), eva
