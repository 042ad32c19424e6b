"""Every bad line of a traveller file in one run, in the order of the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.errors import InputErrors
from xlbridge.io.travellers.session_csv import parse_session

HEADER = "Board,NS,EW,Contract,By,Tricks,Score\n"


def test_every_bad_line_is_named_in_file_order() -> None:
    text = HEADER + (
        "1,1,2,4S,N,10,\n"  # line 2: good (+420)
        "1,3,4,3NY,S,9,\n"  # line 3: no such strain
        "1,5,6,4S,N,10,\n"  # line 4: good
        "2,1,3,,,,-55x\n"  # line 5: not a number
        "2,2,4,3NT,S,9,400\n"  # line 6: 3NT= vulnerable? board 2 NS vul: +600, not 400
        "x,5,6,1NT,E,7,\n"  # line 7: no board
    )
    with pytest.raises(InputErrors) as caught:
        parse_session(text, "night.csv")
    lines = caught.value.messages
    assert [line.split(":")[0] for line in lines] == [
        "night.csv, line 3",
        "night.csv, line 5",
        "night.csv, line 6",
        "night.csv, line 7",
    ]
    assert "does not match 3NT 9 by S on board 2, which scores +600" in lines[2]


def test_sixty_bad_lines_print_fifty_and_the_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "night.csv"
    good = "1,1,2,4S,N,10,\n1,3,4,4S,N,10,\n"
    path.write_text(HEADER + good + "".join("1,5,6,4Q,N,10,\n" for _ in range(60)))
    assert main(["session", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 51
    assert err[0].startswith(f"xlbridge: error: {path}, line 4: contract must be")
    assert err[0].endswith("got '4Q'")
    assert err[49].startswith(f"xlbridge: error: {path}, line 53: ")
    assert err[50] == "xlbridge: error: and 10 more"
