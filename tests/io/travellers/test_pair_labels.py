"""One pair, one label: every reader normalises a pair label the same way (Unicode NFKC, a
label of digits is its number, any other label as typed), so ``01`` and ``１`` are pair 1."""

from __future__ import annotations

import pytest

from xlbridge.errors import InputError
from xlbridge.io.pair_labels import normal_label, pair_label
from xlbridge.io.travellers.board_results import parse_board_results
from xlbridge.io.travellers.pair_ids import parse_pair_ids
from xlbridge.io.travellers.session_csv import parse_names, parse_session
from xlbridge.scoring.session import score_session

#: Three boards at two tables, NS 1 typed three ways. Worked by hand (top 2): NS 1 scores
#: 2 (420 v 400), 0 (100 v 200) and 2 (500 v 50): 4 of 6, 66.67 %; NS 2 2 of 6, 33.33 %.
#: Split into three pairs, "1" and "１" would each have 100 % and "01" 0 %.
EVENING = """board,ns_pair,ew_pair,ns_score
1,1,3,420
1,2,4,400
2,01,3,100
2,2,4,200
3,１,3,500
3,2,4,50
"""


def test_01_and_a_full_width_1_are_pair_1() -> None:
    result = score_session(parse_session(EVENING, "evening.csv"), "mp", winners=2)
    ns = {p.pair: (p.boards, round(p.percentage, 2)) for p in result.pairs if p.direction == "NS"}
    assert ns == {"1": (3, 66.67), "2": (3, 33.33)}


@pytest.mark.parametrize(
    ("typed", "label"),
    [
        ("1", "1"),
        ("01", "1"),
        (" 0 1 ", "1"),
        ("１", "1"),  # full-width
        ("０７", "7"),
        ("²", "2"),  # NFKC folds a superscript too
        ("9999", "9999"),
        ("7.0", "7"),
        ("A3", "A3"),
        ("a3", "a3"),  # as typed: a label with letters keeps its case
        ("Ａ３", "A3"),
        ("A 03", "A 03"),
        ("Smith", "Smith"),
    ],
)
def test_a_label_is_normalised(typed: str, label: str) -> None:
    assert normal_label(typed, "t.csv, line 2") == label


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "a pair label must not be blank"),
        ("0", "expected a pair number (a whole number from 1 to 9999), got '0'"),
        ("00", "got '00'"),
        ("10000", "got '10000'"),
        ("1.5", "got '1.5'"),
        ("1\t2", "character U+0009 (a control character) at position 2"),
        ("1\u200b", "character U+200B (an invisible character) at position 2"),
    ],
)
def test_a_bad_label_is_refused_naming_the_line(typed: str, message: str) -> None:
    with pytest.raises(InputError) as error:
        normal_label(typed, "t.csv, line 2")
    assert str(error.value).startswith("t.csv, line 2: ")
    assert message in str(error.value)


def test_a_traveller_pair_0_is_refused_naming_its_line_and_column() -> None:
    with pytest.raises(InputError, match=r"t.csv, line 3, column 'ew_pair': expected a pair"):
        parse_session("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,00,400\n", "t.csv")


def test_a_names_file_keys_its_pairs_as_the_traveller_does() -> None:
    names = parse_names("pair,names\n01,Ann & Bob\n１２,Cy & Di\nA3,Ed & Flo\n", "n.csv")
    assert names == {
        ("", "", "1"): "Ann & Bob",
        ("", "", "12"): "Cy & Di",
        ("", "", "A3"): "Ed & Flo",
    }
    with pytest.raises(InputError, match="line 3: pair 1 appears twice"):
        parse_names("pair,names\n1,Ann & Bob\n01,Cy & Di\n", "n.csv")
    ids = parse_pair_ids("pair,names,ids\n01,Ann & Bob,1023+1187\n", "n.csv")
    assert ids == {("", "", "1"): "1023+1187"}


def test_scores_traveller_knows_01_as_pair_1() -> None:
    with pytest.raises(InputError, match="lines 2, 3: pair 1 plays board 1"):
        parse_board_results("board,table,NS,EW,ns_score\n1,1,1,2,420\n1,2,01,4,400\n", "t.csv")


@pytest.mark.parametrize(
    ("typed", "label"),
    [(7, "7"), ("07", "7"), ("７", "7"), ("03ns", "3NS"), ("3 EW", "3EW"), ("0", None)],
)
def test_a_workbook_pair_cell_is_read_the_same_way(typed: object, label: str | None) -> None:
    assert pair_label(typed) == label
