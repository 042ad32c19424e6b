"""USEBIO 1.2 as Compscore3 (Australia) writes it, read and checked against the file's results.

The files mirror the structure of the Compscore3 exports kept as test files by the ABF's Cobalt
(github.com/abftech/cobalt, results/tests/test_files, GPL-3.0): an XML declaration with no
encoding and a DOCTYPE naming the EBU's DTD, CRLF line ends, a CLUB before the EVENT, the
EVENT_TYPE repeated as an attribute of PARTICIPANTS and of every BOARD, EVENT_IDENTIFIER,
SCORING_METHOD and a CONTACT block, a PAIR's TOTAL_SCORE and PLACE before its players (each with
a CLUB_ID_NUMBER), an empty DIRECTION for every pair of a Howell, a Butler board's
BOARD_AVERAGE (the datum), a line's LEAD, an artificial score A6060, and a HANDSET whose hands
come East first with a void written as an empty element. Clubs, players, ids and results are
invented; the file's own numbers were worked by hand and --compare must agree with them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.io.usebio import read_usebio

HEAD = """<?xml version="1.0"?>
<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">
<USEBIO Version="1.2">
<CLUB>
    <CLUB_NAME>Placeholder Bridge Club</CLUB_NAME>
    <CLUB_ID_NUMBER>9001</CLUB_ID_NUMBER>
</CLUB>
<EVENT EVENT_TYPE="{kind}">
    <EVENT_IDENTIFIER>77</EVENT_IDENTIFIER>
    <EVENT_DESCRIPTION>Placeholder Monday</EVENT_DESCRIPTION>
    <PROGRAM_NAME>Compscore3</PROGRAM_NAME>
    <PROGRAM_VERSION>01-Jan-26</PROGRAM_VERSION>
    <WINNER_TYPE>{winners}</WINNER_TYPE>
    <TITLE>Monday</TITLE>
    <DATE>05/01/2026</DATE>
    <VENUE></VENUE>
    <MASTER_POINT_SCALE>Club</MASTER_POINT_SCALE>
    <MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE>
    <MPS_AWARDED_FLAG>Y</MPS_AWARDED_FLAG>
    <SESSION_COUNT>1</SESSION_COUNT>
    <SECTION_COUNT>1</SECTION_COUNT>
    <P2P_CHARGE_RATE>10</P2P_CHARGE_RATE>
    <SCORING_METHOD>{scoring}</SCORING_METHOD>
    <CONTACT>
      <FULL_NAME>Pat Placeholder</FULL_NAME>
      <SCORER>tester</SCORER>
      <TELEPHONE></TELEPHONE>
      <EMAIL>scorer@example.org</EMAIL>
    </CONTACT>
   <PARTICIPANTS EVENT_TYPE="{kind}">
"""


def pair(number: str, direction: str, total: str, percentage: str, place: str) -> str:
    """A PAIR as Compscore3 orders it: number, direction, results, awards, then the players."""
    shown = f"     <PERCENTAGE>{percentage}</PERCENTAGE>\n" if percentage else ""
    players = "".join(
        f"     <PLAYER>\n       <PLAYER_NAME>{name}</PLAYER_NAME>\n"
        f"       <NATIONAL_ID_NUMBER>{900 + i}</NATIONAL_ID_NUMBER>\n"
        f"       <CLUB_ID_NUMBER>9001</CLUB_ID_NUMBER>\n     </PLAYER>\n"
        for i, name in enumerate((f"ANN O'NEIL {number}", f"BO BAKER {number}"))
    )
    return (
        f"   <PAIR>\n     <PAIR_NUMBER>{number}</PAIR_NUMBER>\n"
        f"     <DIRECTION>{direction}</DIRECTION>\n     <TOTAL_SCORE>{total}</TOTAL_SCORE>\n"
        f"{shown}     <PLACE>{place}</PLACE>\n"
        "     <MASTER_POINTS_AWARDED>0</MASTER_POINTS_AWARDED>\n"
        f"    <MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE>\n{players}   </PAIR>\n"
    )


def line(ns: str, ew: str, played: str, score: str, tag: str, points: tuple[str, str]) -> str:
    """A TRAVELLER_LINE; ``played`` is "contract declarer lead tricks", or "" (adjusted)."""
    fields = ""
    if played:
        contract, declarer, lead, tricks = played.split()
        fields = (
            f"    <CONTRACT>{contract}</CONTRACT>\n    <PLAYED_BY>{declarer}</PLAYED_BY>\n"
            f"    <LEAD>{lead}</LEAD>\n    <TRICKS>{tricks}</TRICKS>\n"
        )
    return (
        f"  <TRAVELLER_LINE>\n    <NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>\n"
        f"    <EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>\n{fields}    <SCORE>{score}</SCORE>\n"
        f"    <NS_{tag}>{points[0]}</NS_{tag}>\n    <EW_{tag}>{points[1]}</EW_{tag}>\n"
        "  </TRAVELLER_LINE>\n"
    )


#: A traveller line: NS pair, EW pair, "contract declarer lead tricks" ("" adjusted), score,
#: and the file's (NS, EW) points.
Row = tuple[str, str, str, str, tuple[str, str]]


def boards(kind: str, tag: str, played: dict[int, tuple[str, list[Row]]]) -> list[str]:
    """The BOARD elements, each with its BOARD_AVERAGE (the datum) when one is given."""
    written = []
    for number, (datum, rows) in played.items():
        average = f"  <BOARD_AVERAGE>{datum}</BOARD_AVERAGE>\n" if datum else ""
        written.append(
            f'<BOARD EVENT_TYPE="{kind}">\n  <BOARD_NUMBER>{number}</BOARD_NUMBER>\n{average}'
            + "".join(line(*row[:4], tag, row[4]) for row in rows)
            + "</BOARD>\n"
        )
    return written


#: Board 1's hands as Compscore3 lists them (East first), East void in spades.
HANDSET = """<HANDSET>
  <BOARD>
    <BOARD_NUMBER>1</BOARD_NUMBER>
    <HAND>
      <DIRECTION>East</DIRECTION>
      <CLUBS>AKQJ</CLUBS>
      <DIAMONDS>AKQJ</DIAMONDS>
      <HEARTS>AKQJ7</HEARTS>
      <SPADES></SPADES>
    </HAND>
    <HAND>
      <DIRECTION>North</DIRECTION>
      <CLUBS>432</CLUBS>
      <DIAMONDS>765</DIAMONDS>
      <HEARTS>T98</HEARTS>
      <SPADES>AKQJ</SPADES>
    </HAND>
    <HAND>
      <DIRECTION>South</DIRECTION>
      <CLUBS>T9</CLUBS>
      <DIAMONDS>T98</DIAMONDS>
      <HEARTS>65</HEARTS>
      <SPADES>T98765</SPADES>
    </HAND>
    <HAND>
      <DIRECTION>West</DIRECTION>
      <CLUBS>8765</CLUBS>
      <DIAMONDS>432</DIAMONDS>
      <HEARTS>432</HEARTS>
      <SPADES>432</SPADES>
    </HAND>
  </BOARD>
</HANDSET>
"""


def compscore_file(tmp_path: Path, head: str, pairs: list[str], boards: list[str]) -> Path:
    text = head + "".join(pairs) + "</PARTICIPANTS>\n" + "".join(boards) + "</EVENT>\n"
    path = tmp_path / "compscore.xml"
    path.write_bytes((text + HANDSET + "</USEBIO>\n").replace("\n", "\r\n").encode("ascii"))
    return path


def mitchell(tmp_path: Path) -> Path:
    """Matchpoints, two winners, three tables, two boards. Board 1 (none vulnerable): 4S= by N
    (420), 4S-1 by N (-50) and A6060; top 4, the two results compared with each other and
    Neuberg-factored to three tables, (2 + 1) x 3/2 - 1 = 3.5 and 0.5, the adjusted table
    60 % of 4 each side, 2.4. Board 2 (NS vulnerable): 3NT= by S twice (600) and 4S-1 by N
    (-100): 3, 3 and 0 to NS. Totals over a top of 8: 1NS 6.5 (81.25 %), 2NS 3.5 (43.75 %),
    3NS 2.4 (30.00 %); 1EW 0.5 + 1 = 1.5 (18.75 %), 2EW 3.5 + 4 = 7.5 (93.75 %), 3EW 2.4 + 1
    = 3.4 (42.50 %)."""
    kind = "MP_PAIRS"
    pairs = [
        pair("1NS", "NS", "6.50", "81.25", "1"),
        pair("1EW", "EW", "1.50", "18.75", "3"),
        pair("2NS", "NS", "3.50", "43.75", "2"),
        pair("2EW", "EW", "7.50", "93.75", "1"),
        pair("3NS", "NS", "2.40", "30.00", "3"),
        pair("3EW", "EW", "3.40", "42.50", "2"),
    ]
    played: dict[int, tuple[str, list[Row]]] = {
        1: (
            "",
            [
                ("1NS", "1EW", "4S N KH 10", "420", ("3.5", "0.5")),
                ("2NS", "2EW", "4S N KH 9", "-50", ("0.5", "3.5")),
                ("3NS", "3EW", "", "A6060", ("2.4", "2.4")),
            ],
        ),
        2: (
            "",
            [
                ("1NS", "3EW", "3NT S 2C 9", "600", ("3", "1")),
                ("2NS", "1EW", "3NT S 4H 9", "600", ("3", "1")),
                ("3NS", "2EW", "4S N AD 9", "-100", ("0", "4")),
            ],
        ),
    }
    head = HEAD.format(kind=kind, winners="2", scoring="MP")
    return compscore_file(tmp_path, head, pairs, boards(kind, "MATCH_POINTS", played))


def test_compscore3_matchpoints_mitchell_reads_and_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = mitchell(tmp_path)
    event = read_usebio(path)
    assert (event.method, event.winners, event.club, event.program) == (
        "mp",
        2,
        "Placeholder Bridge Club",
        "Compscore3 01-Jan-26",
    )
    assert [(p.number, p.direction, p.place) for p in event.pairs[:2]] == [
        (1, "NS", "1"),
        (1, "EW", "3"),
    ]
    assert event.pairs[0].names == ("ANN O'NEIL 1NS", "BO BAKER 1NS")
    assert [line.lead for line in event.lines[:2]] == ["KH", "KH"]
    assert event.hands[("", 1)] == (
        "N:AKQJ.T98.765.432 .AKQJ7.AKQJ.AKQJ T98765.65.T98.T9 432.432.432.8765"
    )
    assert main(["session", str(path), "--compare", "--quiet"]) == 0
    assert "all 17 traveller numbers and 18 pair numbers agree" in capsys.readouterr().out


def test_compscore3_butler_howell_reads_and_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Butler, one winner, a Howell of four pairs (DIRECTION empty), each board played twice.
    Board 1 (none vulnerable): 420 and 140, datum 280 (the BOARD_AVERAGE): +140 is 4 IMPs to
    NS 1 (130-160 on the IMP scale), -140 is 4 to EW 4. Board 2 (NS vulnerable): -420 and 100,
    datum -160: -260 is 6 IMPs to EW 1, +260 is 6 to NS 2 (220-260). Totals 10, 2, -10, -2:
    places 1, 2, 4, 3."""
    kind = "BUTLER_PAIRS"
    pairs = [
        pair("1", "", "10.00", "", "1"),
        pair("2", "", "2.00", "", "2"),
        pair("3", "", "-10.00", "", "4"),
        pair("4", "", "-2.00", "", "3"),
    ]
    played: dict[int, tuple[str, list[Row]]] = {
        1: (
            "280",
            [
                ("1", "2", "4S N KH 10", "420", ("4", "-4")),
                ("3", "4", "3S N KH 9", "140", ("-4", "4")),
            ],
        ),
        2: (
            "-160",
            [
                ("4", "1", "4S E 2C 10", "-420", ("-6", "6")),
                ("2", "3", "4S W 2C 8", "100", ("6", "-6")),
            ],
        ),
    }
    head = HEAD.format(kind=kind, winners="1", scoring="IMPS")
    path = compscore_file(tmp_path, head, pairs, boards(kind, "BUTLER_POINTS", played))
    event = read_usebio(path)
    assert (event.method, event.winners) == ("butler", 1)
    assert {p.direction for p in event.pairs} == {""}
    assert main(["session", str(path), "--compare", "--quiet"]) == 0
    assert "all 12 traveller numbers and 8 pair numbers agree" in capsys.readouterr().out
