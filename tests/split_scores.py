"""An evening with a split score, and one with a weighted score, for the tests of the files
we write (USEBIO, PBN): two boards at three tables, NS 1, 3, 5 against EW 2, 4, 6. On board
1 the third table has a split score, NS −50 while EW keep the −450 of NS's +450 made."""

from __future__ import annotations

import pytest

from xlbridge.cli.main import main

SPLIT = """board,ns_pair,ew_pair,ns_score,ew_score,weight
1,1,2,420,,
1,3,4,400,,
1,5,6,-50,-450,
2,1,2,430,,
2,3,4,400,,
2,5,6,430,,
"""
#: Board 2's first table with a weighted score, 60 % of 430 and 40 % of 400 (lines 5 and 6).
WEIGHTED = SPLIT.replace("2,1,2,430,,\n", "2,1,2,430,,0.6\n2,1,2,400,,0.4\n")


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    status = main(["session", *(str(arg) for arg in args)])
    out, err = capsys.readouterr()
    return status, out, err
