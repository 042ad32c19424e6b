"""USEBIO files of events xlbridge does not score from USEBIO (teams, individuals, Swiss pairs):
refused with what the file holds and what xlbridge can do with it, exit 2 on the command line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.io.usebio import read_usebio

LINE = (
    "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
    "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE></BOARD>"
)


def event_file(tmp_path: Path, kind: str, participants: str = "") -> Path:
    attribute = f' EVENT_TYPE="{kind}"' if kind else ""
    path = tmp_path / "event.xml"
    path.write_text(
        f'<USEBIO Version="1.2"><EVENT{attribute}><DATE>01/12/2026</DATE>'
        f"<PARTICIPANTS>{participants}</PARTICIPANTS>{LINE}</EVENT></USEBIO>",
        encoding="utf-8",
    )
    return path


TEAMS = "a teams event: xlbridge scores teams matches in its teams workbooks"
TEAM = '<TEAM TEAM_ID="1"><PLAYER><PLAYER_NAME>Ann Abel</PLAYER_NAME></PLAYER></TEAM>'
PLAYER = "<PLAYER><PLAYER_NUMBER>1</PLAYER_NUMBER><PLAYER_NAME>Ann Abel</PLAYER_NAME></PLAYER>"


@pytest.mark.parametrize(
    ("kind", "participants", "said"),
    [
        (
            "TEAMS_OF_FOUR",
            "",
            re.escape(
                f"{TEAMS} (xlbridge template teams-match, swiss-teams or league), not from "
                "USEBIO yet (EVENT_TYPE TEAMS_OF_FOUR)"
            ),
        ),
        ("SWISS_TEAMS", "", f"{TEAMS} .*\\(EVENT_TYPE SWISS_TEAMS\\)"),
        (
            "INDIVIDUAL",
            "",
            "an individual event: xlbridge scores pairs events only, not "
            "individuals \\(EVENT_TYPE INDIVIDUAL\\)",
        ),
        (
            "SWISS_PAIRS",
            "",
            "a Swiss pairs event: xlbridge runs a Swiss pairs event in its "
            "workbook \\(xlbridge template swiss-pairs\\), not from USEBIO yet",
        ),
        ("", TEAM, f"{TEAMS} .*\\(its PARTICIPANTS hold TEAM elements, not PAIRs\\)"),
        ("PAIRS", PLAYER, "an individual event: .*\\(its PARTICIPANTS hold PLAYER elements"),
    ],
    ids=["teams-of-four", "swiss-teams", "individual", "swiss-pairs", "team-elements", "players"],
)
def test_an_event_xlbridge_does_not_score_says_what_it_is(
    tmp_path: Path, kind: str, participants: str, said: str
) -> None:
    path = event_file(tmp_path, kind, participants)
    with pytest.raises(InputError, match=said) as raised:
        read_usebio(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: EVENT: ")
    assert message.endswith(
        "xlbridge session reads pairs events (EVENT_TYPE MP_PAIRS, CROSS_IMPS, BUTLER_PAIRS "
        "or PAIRS)"
    )


def test_a_teams_file_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event_file(tmp_path, "TEAMS_OF_FOUR")
    out = tmp_path / "out.xml"
    assert main(["session", str(path), "--usebio", str(out), "--date", "2026-12-01"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"xlbridge: error: {path}: EVENT: a teams event") and err.count("\n") == 1
    assert not out.exists()


@pytest.mark.parametrize("kind", ["CROSS_IMPS", "CROSS_IMP"])
def test_cross_imps_by_either_name(tmp_path: Path, kind: str) -> None:
    """CROSS_IMPS is the USEBIO DTD's name, CROSS_IMP Compscore3's: both are cross-IMPs."""
    assert read_usebio(event_file(tmp_path, kind)).method == "ximp"
