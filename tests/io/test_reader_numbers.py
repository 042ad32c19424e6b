"""Numbers of 1 to 5,000 digits in every numeric field of every reader we cover: the CSV
session, the names file, the traveller of ``xlbridge score``, the standings and the Swiss
workbook of ``xlbridge swiss draw``, and PBN. Each run gives the right number or a line on
stderr for each mistake with exit 2, never a traceback (OverflowError, ValueError) and never inf.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from xlbridge.cli.main import main

DIGITS = (1, 2, 4, 5, 19, 20, 21, 40, 41, 400, 4300, 4301, 5000)
NUMBERS = [n * "9" for n in DIGITS] + ["1" + "0" * (n - 1) for n in DIGITS] + ["-" + 20 * "9"]


def runs_cleanly(argv: list[str], capsys, must_refuse: bool) -> int:
    capsys.readouterr()
    code = main(argv)  # an exception other than a clean exit fails the test here
    err = capsys.readouterr().err
    assert code in (0, 2, 3), err  # 3: --compare found differences
    if code == 2:
        lines = err.splitlines()  # one a mistake (a board 10**40 leaves two boards alone)
        assert lines and all(line.startswith("xlbridge: error: ") for line in lines), err
        assert "Traceback" not in err, err
        assert not any("inf" in line.split(": ")[-1].lower().split(" got ")[0] for line in lines)
    if must_refuse:
        assert code == 2, f"accepted {argv}"
    return code


SESSION = {
    "header": "board,ns_pair,ew_pair,ns_score,ew_score,weight,round,contract,declarer,result",
    "rows": [
        ["1", "1", "2", "420", "", "", "1", "", "", ""],
        ["1", "3", "4", "", "", "", "1", "4S", "N", "10"],
        ["2", "1", "3", "-50", "", "", "2", "", "", ""],
        ["2", "2", "4", "100", "", "", "2", "", "", ""],
    ],
}
#: Each numeric session column and whether a number of 5 digits or more is out of its range.
SESSION_FIELDS = {
    "board": (0, True),
    "ns_pair": (1, True),
    "ew_pair": (2, True),
    "ns_score": (3, True),
    "ew_score": (4, True),
    "weight": (5, False),
    "round": (6, True),
    "result": (9, True),
}


@pytest.mark.parametrize("field", sorted(SESSION_FIELDS))
def test_session_csv_numbers_of_any_size(tmp_path: Path, capsys, field: str) -> None:
    column, bounded = SESSION_FIELDS[field]
    path = tmp_path / "s.csv"
    for number in NUMBERS:
        rows = [list(row) for row in SESSION["rows"]]
        rows[1 if field == "result" else 0][column] = number
        path.write_text(
            "\n".join([SESSION["header"], *(",".join(r) for r in rows)]) + "\n", encoding="utf-8"
        )
        runs_cleanly(["session", str(path)], capsys, bounded and len(number.strip("-")) >= 5)


def test_names_file_pair_numbers_of_any_size(tmp_path: Path, capsys) -> None:
    session = tmp_path / "s.csv"
    session.write_text(
        SESSION["header"] + "\n" + "\n".join(",".join(r) for r in SESSION["rows"]) + "\n",
        encoding="utf-8",
    )
    names = tmp_path / "n.csv"
    for number in NUMBERS:
        names.write_text(f"pair,names\n{number},Ann & Bob\n1,Cat & Dan\n", encoding="utf-8")
        runs_cleanly(["session", str(session), "--names", str(names)], capsys, False)


TRAVELLER = ["board,table,ns_score,ew_score,weight", "1,1,420,,", "1,2,400,,", "1,3,-50,,"]


@pytest.mark.parametrize(
    ("column", "refused_from"),
    # Board and table ids of ``xlbridge score`` may be any whole number up to 1e12 (the
    # batch scorer keys tables of any ids); scores are bridge scores; weights any number.
    [(0, 14), (1, 14), (2, 5), (3, 5), (4, 14)],
)
def test_score_traveller_numbers_of_any_size(
    tmp_path: Path, capsys, column: int, refused_from: int
) -> None:
    path = tmp_path / "t.csv"
    for number in NUMBERS:
        rows = [line.split(",") for line in TRAVELLER]
        rows[1][column] = number
        path.write_text("\n".join(",".join(r) for r in rows) + "\n", encoding="utf-8")
        runs_cleanly(["score", str(path)], capsys, len(number.strip("-")) >= refused_from)


@pytest.mark.parametrize("column", ["score", "byes"])
def test_standings_numbers_of_any_size(tmp_path: Path, capsys, column: str) -> None:
    path = tmp_path / "st.csv"
    for number in NUMBERS:
        values = {"score": "3", "byes": "0", column: number}
        path.write_text(
            f"team,score,byes\nA,{values['score']},{values['byes']}\nB,1,0\nC,2,0\nD,0,0\n",
            encoding="utf-8",
        )
        runs_cleanly(["swiss", "draw", str(path)], capsys, len(number.strip("-")) >= 8)


PBN = """[Event "Club"]
[Board "{board}"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW"]
"{ns}" "4" "4S" "N" "{result}" "{score}" "-" "{mp}" "2"
"2" "5" "3NT" "S" "9" "400" "-" "1" "1"
"3" "6" "2H" "W" "8" "-" "{ew_score}" "0" "2"
[TotalScoreTable "Rank;PairId;Direction;TotalScoreMP;TotalPercentage"]
"{rank}" "{pair}" "NS" "{total}" "{percent}"
"""
PBN_FIELDS = (
    "board",
    "ns",
    "result",
    "score",
    "ew_score",
    "mp",
    "rank",
    "pair",
    "total",
    "percent",
)
PBN_DEFAULTS = {
    "board": "1",
    "ns": "1",
    "result": "10",
    "score": "420",
    "ew_score": "110",
    "mp": "2",
    "rank": "1",
    "pair": "1",
    "total": "2",
    "percent": "100",
}


@pytest.mark.parametrize("field", PBN_FIELDS)
def test_pbn_numbers_of_any_size(tmp_path: Path, capsys, field: str) -> None:
    path = tmp_path / "e.pbn"
    for number in NUMBERS:
        path.write_text(PBN.format(**{**PBN_DEFAULTS, field: number}), encoding="utf-8")
        refuse = len(number.strip("-")) >= (8 if field in ("mp", "total") else 5)
        runs_cleanly(["session", str(path), "--compare", "--quiet"], capsys, refuse)


def test_pbn_board_numbers_from_the_issue(tmp_path: Path, capsys) -> None:
    path = tmp_path / "e.pbn"
    for board in ("9" * 20, "9" * 5000):
        path.write_text(PBN.format(**{**PBN_DEFAULTS, "board": board}), encoding="utf-8")
        capsys.readouterr()
        assert main(["session", str(path)]) == 2
        assert "the Board tag: expected a board number (a whole number from 1 to 9999)" in (
            capsys.readouterr().err
        )


@pytest.mark.parametrize(
    ("sheet", "cell"),
    [("Round 1", "B3"), ("Round 1", "F3"), ("Scale", "B2"), ("Scale", "D2"), ("Entries", "C3")],
)
def test_swiss_workbook_numbers_of_any_size(tmp_path: Path, capsys, sheet: str, cell: str) -> None:
    path = tmp_path / "event.xlsx"
    assert main(["template", "swiss-pairs", "-o", str(path), "--teams", "4", "--rounds", "3"]) == 0
    for digits in (1, 5, 20, 300, 5000):
        for value in (float("9" * min(digits, 308)), "9" * digits):
            workbook = load_workbook(path)
            workbook[sheet][cell] = value
            workbook.save(path)
            code = runs_cleanly(["swiss", "draw", str(path)], capsys, digits >= 20)
            if code == 0:
                for backup in tmp_path.glob("*.before-round-*"):
                    path.write_bytes(backup.read_bytes())  # back to round 1 undrawn
                    backup.unlink()


@pytest.mark.parametrize("label", ["١٢", "٣"])
def test_pair_labels_of_other_digits_are_names(tmp_path: Path, capsys, label: str) -> None:
    """Arabic-Indic digits pass str.isdigit() but are no pair numbers (Unicode NFKC keeps
    them, where it folds a superscript "²" or a full-width "２" to 2): labels."""
    path = tmp_path / "s.csv"
    path.write_text(
        f"board,ns_pair,ew_pair,ns_score\n1,{label},2,420\n1,3,4,400\n", encoding="utf-8"
    )
    out = tmp_path / "out.xlsx"
    assert main(["session", str(path), "-o", str(out)]) == 0
    assert label in capsys.readouterr().out
