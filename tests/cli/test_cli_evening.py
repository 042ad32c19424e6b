"""`xlbridge session`'s outputs never name its inputs or each other: with --force the
scorer's typed evening workbook would be replaced by its own results pack, a traveller file
by its ranking; two outputs on one name wrote the first, then refused the second."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from xlbridge.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_an_output_naming_the_input_is_refused_even_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    travellers = tmp_path / "mitchell.csv"
    shutil.copy(EXAMPLES / "mitchell.csv", travellers)
    names = tmp_path / "names.csv"
    shutil.copy(EXAMPLES / "mitchell-names.csv", names)
    before = travellers.read_bytes(), names.read_bytes()
    for option, target in (("--ranking", travellers), ("--ranking", names), ("--html", names)):
        argv = ["session", str(travellers), "--names", str(names), option, str(target)]
        assert main([*argv, "--force"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1
        assert f"{option} {target} is an input of this run" in err
    assert (travellers.read_bytes(), names.read_bytes()) == before


@pytest.mark.parametrize(
    ("first", "second", "name"),
    [("--ranking", "--html", "out.csv"), ("-o", "--html", "out.xlsx")],
)
def test_two_outputs_on_one_name_are_refused_before_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], first: str, second: str, name: str
) -> None:
    target = tmp_path / name
    argv = ["session", str(EXAMPLES / "howell.csv"), first, str(target), second, str(target)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{first} and {second} both name {target}" in err
    assert list(tmp_path.iterdir()) == []
