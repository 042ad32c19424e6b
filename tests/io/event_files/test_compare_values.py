"""--compare: a value that is not a finite number where a number belongs is a difference."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.cli.session.event_files import EXIT_DIFFERENT

# One board, two tables of a Mitchell: NS1 v EW1 +420 (2 / 0), NS2 v EW2 +400 (0 / 2).
LINES = {"ns1": "2", "ew1": "0", "ns2": "0", "ew2": "2"}
PAIRS = {"total": "2.00", "percentage": "100.00"}


def event(lines: dict[str, str], pairs: dict[str, str]) -> str:
    def traveller(ns: str, score: str, mine: str, theirs: str) -> str:
        return (
            f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ns}"
            f"</EW_PAIR_NUMBER><SCORE>{score}</SCORE><NS_MATCH_POINTS>{mine}</NS_MATCH_POINTS>"
            f"<EW_MATCH_POINTS>{theirs}</EW_MATCH_POINTS></TRAVELLER_LINE>"
        )

    first = (
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION>"
        f"<TOTAL_SCORE>{pairs['total']}</TOTAL_SCORE>"
        f"<PERCENTAGE>{pairs['percentage']}</PERCENTAGE></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION>"
        "<TOTAL_SCORE>0</TOTAL_SCORE><PERCENTAGE>0</PERCENTAGE></PAIR>"
    )
    return (
        '<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"><PROGRAM_NAME>Tester</PROGRAM_NAME>'
        f"<WINNER_TYPE>2</WINNER_TYPE><PARTICIPANTS>{first}</PARTICIPANTS>"
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
        f"{traveller('1', '420', lines['ns1'], lines['ew1'])}"
        f"{traveller('2', '400', lines['ns2'], lines['ew2'])}</BOARD></EVENT></USEBIO>"
    )


def compare(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> tuple[int, str]:
    path = tmp_path / "event.xml"
    path.write_text(text, encoding="utf-8")
    status = main(["session", str(path), "--compare"])
    return status, capsys.readouterr().out


def test_the_file_as_it_is_agrees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = compare(tmp_path, capsys, event(LINES, PAIRS))
    assert status == 0 and "all 4 traveller numbers and 4 pair numbers agree" in out


@pytest.mark.parametrize("value", ["NaN", "nan", "inf", "-Infinity", "lots", "2 mp", ""])
@pytest.mark.parametrize("where", ["line", "total", "percentage"])
def test_what_is_not_a_finite_number_differs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str, where: str
) -> None:
    lines, pairs = dict(LINES), dict(PAIRS)
    if where == "line":
        lines["ns1"] = value
        expected = f"board 1 NS 1 v EW 1: NS matchpoints theirs {value or 'blank'}, ours 2"
    else:
        pairs[where] = value
        ours = "2" if where == "total" else "100"
        expected = f"pair 1 NS: {where} theirs {value or 'blank'}, ours {ours}"
    status, out = compare(tmp_path, capsys, event(lines, pairs))
    assert status == EXIT_DIFFERENT
    assert expected in out.splitlines()
    assert "compare: 1 differs" in out
