"""Reading traveller lines: which line is a score, a contract, an adjusted score or NP."""

from __future__ import annotations

import numpy as np
import pytest

from xlbridge.errors import InputError
from xlbridge.io.travellers.session_csv import pair_names, parse_names, parse_session
from xlbridge.scoring.session import ADJUSTED, NOT_PLAYED_KIND, SCORE

TEXT = """board,ns_pair,ew_pair,contract,declarer,result,ns_score
1,1,2,4S,N,=,
1,3,4,AP,,,
1,5,6,,,,A60/40
1,7,8,A+/A-,,,
1,9,10,NP,,,
1,11,12,,,,
1,13,14,,,,NP
1,15,16,,,,-50
1,17,18,3NT,S,10,430
1,19,20,4♥x,w,-3,
"""


def test_kinds_and_scores() -> None:
    traveller = parse_session(TEXT, "t.csv")
    not_played = NOT_PLAYED_KIND
    assert traveller.kind.tolist() == [
        SCORE,
        SCORE,
        ADJUSTED,
        ADJUSTED,
        not_played,
        not_played,
        not_played,
        SCORE,
        SCORE,
        SCORE,
    ]
    scores = traveller.ns_score
    assert scores[[0, 1, 7, 8, 9]].tolist() == [420, 0, -50, 430, 500]
    assert np.isnan(scores[[2, 3, 4, 5, 6]]).all()
    assert traveller.ns_share[[2, 3]].tolist() == [60, 60]
    assert traveller.contract.tolist()[:2] == ["4S", "PASS"]
    assert traveller.contract[9] == "4HX" and traveller.declarer[9] == "W"
    assert traveller.tricks[[0, 1, 9]].tolist() == [10, -1, 7]
    assert traveller.lines.tolist() == list(range(2, 12))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("1,1,2,4S,N,=,A60/40", "line 2: a line has a contract or an adjusted score"),
        ("1,1,2,,,,A160/40", "line 2: adjusted score shares must be from 0 to 100"),
        ("1,1,2,,,,=SUM(A1)", "line 2: ns_score must be a number"),
        ("x,1,2,,,,420", "line 2: board must be a number, got 'x'"),
        ("1e308,1,2,,,,420", "board must be a number from -1e12 to 1e12, got 1e308"),
        ("0,1,2,,,,420", "board must be a whole number from 1 to 9999, got '0'"),
        ("1,1,2,,,,1e308", "ns_score must be a bridge score from -7600 to 7600"),
        ("1,1,2,,,,nan", "ns_score must be a number"),
        ("1,1,2,,,,7610", "ns_score must be a bridge score"),
    ],
)
def test_bad_lines(line: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_session(
            "board,ns_pair,ew_pair,contract,declarer,result,ns_score\n" + line + "\n", "t.csv"
        )


def test_names_by_section_and_direction() -> None:
    names = parse_names("section,direction,pair,names\nA,NS,1,Ann & Bob\nA,,2,Cy & Di\n,,3,Ed\n")
    from xlbridge.scoring.session import PairResult

    def pair(section: str, direction: str, number: str) -> PairResult:
        return PairResult(section, number, direction, 1, 1.0, 2.0, 50.0, 1.0, "1", 1)

    assert pair_names(names, pair("A", "NS", "1")) == "Ann & Bob"
    assert pair_names(names, pair("A", "EW", "1")) == ""
    assert pair_names(names, pair("A", "EW", "2")) == "Cy & Di"
    assert pair_names(names, pair("B", "", "3")) == "Ed"
    with pytest.raises(InputError, match="direction must be NS, EW or blank"):
        parse_names("direction,pair,names\nN,1,x\n")
    with pytest.raises(InputError, match="pair 1 appears twice"):
        parse_names("pair,names\n1,x\n1,y\n")


def test_round_bounds() -> None:
    head = "board,round,ns_pair,ew_pair,ns_score\n"
    assert parse_session(head + "1,3,1,2,420\n1,,3,4,400\n").round.tolist() == [3, 0]
    with pytest.raises(InputError, match="round must be a whole number from 1 to 999"):
        parse_session(head + "1,1.5,1,2,420\n")
