"""A traveller for `xlbridge score` that names its pairs: a pair plays a board once."""

from __future__ import annotations

import pytest

from xlbridge.errors import InputError
from xlbridge.io.travellers.board_results import parse_board_results

HEAD = "board,table,ns_pair,ew_pair,ns_score,weight\n"


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        # NS pair 1 at tables 1 and 2 of board 1: two results for one pair.
        ("1,1,1,11,420,\n1,2,1,12,400,\n1,3,3,13,-50,\n", "lines 2, 3: pair 1 plays board 1"),
        # Pair 1 NS at table 1 and EW at table 2.
        ("1,1,1,11,420,\n1,2,2,1,400,\n1,3,3,13,-50,\n", "lines 2, 3: pair 1 plays board 1"),
        # Pair 11 against itself.
        ("1,1,11,11,420,\n1,2,2,12,400,\n", "line 2: pair 11 plays board 1"),
        # The clash far down, on board 2.
        ("1,1,1,11,420,\n1,2,2,12,400,\n2,1,1,11,420,\n2,2,11,2,400,\n", "lines 4, 5: pair 11"),
    ],
)
def test_a_pair_on_two_lines_of_a_board_is_refused(rows: str, message: str) -> None:
    with pytest.raises(InputError) as error:
        parse_board_results(HEAD + rows, "t.csv")
    assert str(error.value).startswith(f"t.csv, {message}")


@pytest.mark.parametrize(
    "text",
    [
        # A weighted score: table 2's two lines carry the same pairs.
        HEAD + "1,1,1,11,460,\n1,2,2,12,430,0.6\n1,2,2,12,400,0.4\n",
        # Pair 1 of section A and pair 1 of section B are two pairs.
        "section,board,table,ns_pair,ew_pair,ns_score\nA,1,1,1,11,420\nB,1,2,1,11,400\n",
        # Blank pair cells, and the same pairs on other boards.
        HEAD + "1,1,,,420,\n1,2,,,400,\n2,1,1,11,50,\n2,2,2,12,-50,\n3,1,2,11,1,\n3,2,1,12,2,\n",
        # NS and EW columns under the session reader's other names.
        "board,table,NS,EW,ns_score\n1,1,1,2,420\n1,2,3,4,400\n",
    ],
)
def test_pairs_that_play_a_board_once_pass(text: str) -> None:
    assert parse_board_results(text, "t.csv").board.size > 0


def test_other_names_of_the_pair_columns_are_checked_too() -> None:
    with pytest.raises(InputError, match="lines 2, 3: pair 1 plays board 1"):
        parse_board_results("board,table,NS,EW,ns_score\n1,1,1,2,420\n1,2,3,1,400\n", "t.csv")


def test_one_pair_column_alone_is_checked() -> None:
    with pytest.raises(InputError, match="lines 2, 3: pair 4 plays board 1"):
        parse_board_results("board,table,ns_pair,ns_score\n1,1,4,420\n1,2,4,400\n", "t.csv")


def test_two_sections_without_a_section_column_are_told_to_add_one() -> None:
    text = HEAD + "1,1,1,11,420,\n1,2,2,12,400,\n1,11,1,11,430,\n1,12,2,12,-50,\n"
    with pytest.raises(
        InputError,
        match=r"lines 2, 4: pair 1 plays board 1 on two lines \(pairs of two sections need a "
        r"section column\)",
    ):
        parse_board_results(text, "t.csv")
