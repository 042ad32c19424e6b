"""USEBIO as the NZ Scorer converter writes it, read and checked against its own numbers.

The file mirrors what the public Python converter from New Zealand's Scorer to USEBIO 1.2
writes (its element order and conventions; the module was read, not copied, and its licence
is not known, so nothing of its text is here): EVENT_TYPE PAIRS, PROGRAM_NAME Scorer, a
PROGRAM_VERSION, EVENT_DESCRIPTION, DATE, WINNER_TYPE, BOARDS_PLAYED and MPS_AWARDED_FLAG;
contracts with a space between level and denomination (``4 S``); a TRICKS element on every
line, 0 for a passed-out board and for an adjusted score; an adjusted score written
``A{NS %}{EW %}`` with no contract; and each line's matchpoints as Scorer keeps them, in
tenths rounded down (the converter divides Scorer's floor(matchpoints x 10) by 10), so a
Neuberg-factored 5.667 is written 5.6. Clubs, pairs and results are invented; every number
was worked by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.io.usebio import read_usebio


def line(ns: int, ew: int, played: str, score: str, points: tuple[str, str]) -> str:
    """A line in the converter's order; ``played`` is "contract declarer lead tricks" with the
    contract's two parts joined by "_" (``4_S N HK 10``), or "" (TRICKS 0, no contract)."""
    fields = "<TRICKS>0</TRICKS>"
    if played:
        contract, declarer, lead, tricks = played.split()
        fields = (
            f"<CONTRACT>{contract.replace('_', ' ')}</CONTRACT><PLAYED_BY>{declarer}</PLAYED_BY>"
            + (f"<LEAD>{lead}</LEAD>" if lead != "-" else "")
            + f"<TRICKS>{tricks}</TRICKS>"
        )
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns} NS</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{ew} EW</EW_PAIR_NUMBER>{fields}<SCORE>{score}</SCORE>"
        f"<NS_MATCH_POINTS>{points[0]}</NS_MATCH_POINTS>"
        f"<EW_MATCH_POINTS>{points[1]}</EW_MATCH_POINTS></TRAVELLER_LINE>"
    )


def converted(tmp_path: Path, board_one: list[str]) -> Path:
    """Four tables of a Mitchell; board 1 is ``board_one``. Board 2 (NS vulnerable) is played
    by all four, one of them given A6040: the three results, 600, 0 (passed out) and -100,
    score 4, 2 and 0 of a top of 4 among themselves, factored to four tables (top 6):
    5.667, 3 and 0.333, written 5.6, 3 and 0.3; the adjusted table gets 60 % and 40 % of 6."""
    board_two = [
        line(1, 2, "3_NT S 2C 9", "600", ("5.6", "0.3")),
        line(2, 3, "3_NT S 2C 8", "-100", ("0.3", "5.6")),
        line(3, 4, "PASS - - 0", "0", ("3", "3")),
        line(4, 1, "", "A6040", ("3.6", "2.4")),
    ]
    boards = "".join(
        f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{''.join(lines)}</BOARD>"
        for number, lines in ((1, board_one), (2, board_two))
    )
    text = (
        '<?xml version="1.0" encoding="utf-8"?>\n<USEBIO Version="1.2"><CLUB>'
        "<CLUB_NAME>Placeholder Club</CLUB_NAME><CLUB_ID_NUMBER>77</CLUB_ID_NUMBER></CLUB>"
        '<EVENT EVENT_TYPE="PAIRS"><PROGRAM_NAME>Scorer</PROGRAM_NAME>'
        "<PROGRAM_VERSION>140104020</PROGRAM_VERSION><EVENT_DESCRIPTION>Placeholder Tuesday"
        "</EVENT_DESCRIPTION><DATE>06/01/2026</DATE><WINNER_TYPE>2</WINNER_TYPE>"
        "<BOARDS_PLAYED>2</BOARDS_PLAYED><MPS_AWARDED_FLAG>Y</MPS_AWARDED_FLAG>"
        f"<PARTICIPANTS></PARTICIPANTS>{boards}</EVENT></USEBIO>"
    )
    path = tmp_path / "scorer.xml"
    path.write_text(text, encoding="utf-8")
    return path


#: Board 1 (none vulnerable) played by three of the four tables: 420, 170 and -50 are 4, 2 and 0
#: of a top of 4, factored to four tables (top 6) by Neuberg: (4 + 1) x 4/3 - 1 = 5.667,
#: (2 + 1) x 4/3 - 1 = 3 and (0 + 1) x 4/3 - 1 = 0.333, written by Scorer in tenths rounded
#: down: 5.6, 3 and 0.3 (and 0.3, 3, 5.6 for EW).
BOARD_ONE = [
    line(1, 1, "4_S N HK 10", "420", ("5.6", "0.3")),
    line(2, 2, "2_S N HK 10", "170", ("3", "3")),
    line(3, 3, "4_S N - 9", "-50", ("0.3", "5.6")),
]


def test_the_converters_lines_read_as_written(tmp_path: Path) -> None:
    event = read_usebio(converted(tmp_path, BOARD_ONE))
    assert event.program == "Scorer 140104020"
    assert [(line.contract, line.result, line.score) for line in event.lines[3:]] == [
        ("3 NT", "9", "600"),
        ("3 NT", "8", "-100"),
        ("PASS", "0", "0"),
        ("", "0", "A6040"),
    ]


def test_matchpoints_in_tenths_rounded_down_agree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """5.6 for our 5.667 is Scorer's rounding down, not a difference (it was one: more than
    half a tenth away); a number that is neither ours rounded nor ours rounded down is still
    one."""
    assert main(["session", str(converted(tmp_path, BOARD_ONE)), "--compare", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "all 19 traveller numbers and 0 pair numbers agree" in out
    assert "4 traveller numbers are rounded down to their decimals, as Scorer prints them" in out
    wrong = [BOARD_ONE[0].replace(">5.6<", ">5.5<"), *BOARD_ONE[1:]]
    assert main(["session", str(converted(tmp_path, wrong)), "--compare", "--quiet"]) == 3
    assert "NS matchpoints theirs 5.5, ours 5.67" in capsys.readouterr().out
