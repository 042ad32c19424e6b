"""The score of a contract (Law 77): every contract against endplay's scorer, the worked
checks, the notations, and bad input."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.scoring.contract import (
    SEATS,
    STRAINS,
    VULNERABILITY,
    Contract,
    RowError,
    check_contracts,
    contract_scores,
    dealer,
    declarer_score,
    ew_vulnerable,
    ns_score,
    ns_vulnerable,
    parse_contract,
    parse_declarer,
    parse_result,
    parse_row,
    parse_rows,
    split_result,
    vulnerable,
)

endplay_types = pytest.importorskip("endplay.types")


def _every_contract() -> list[tuple[int, int, int, bool, int]]:
    return list(itertools.product(range(1, 8), range(5), range(3), (False, True), range(14)))


def _endplay_score(level: int, strain: int, doubled: int, vul: bool, tricks: int) -> int:
    types = endplay_types
    denom = [
        types.Denom.clubs,
        types.Denom.diamonds,
        types.Denom.hearts,
        types.Denom.spades,
        types.Denom.nt,
    ][strain]
    penalty = [types.Penalty.passed, types.Penalty.doubled, types.Penalty.redoubled][doubled]
    contract = types.Contract(
        level=level,
        denom=denom,
        declarer=types.Player.north,
        penalty=penalty,
        result=tricks - level - 6,
    )
    return int(contract.score(types.Vul.ns if vul else types.Vul.none))


def test_every_contract_and_result_against_endplay() -> None:
    """1–7 × 5 strains × undoubled/X/XX × vulnerable or not × 0–13 tricks: 2,940 scores."""
    cases = np.array(_every_contract(), dtype=np.int64)
    ours = declarer_score(cases[:, 0], cases[:, 1], cases[:, 2], cases[:, 3], cases[:, 4])
    theirs = np.array([_endplay_score(*map(int, case)) for case in cases])
    assert cases.shape[0] == 7 * 5 * 3 * 2 * 14
    mismatch = np.flatnonzero(ours != theirs)
    assert mismatch.size == 0, [(cases[i].tolist(), ours[i], theirs[i]) for i in mismatch[:5]]


@pytest.mark.parametrize(
    ("contract", "result", "board", "expected"),
    [
        ("4S", "=", 1, 420),  # 4♠= not vulnerable
        ("4S", "=", 2, 620),  # 4♠= vulnerable (board 2: NS)
        ("3NT", "+1", 1, 430),
        ("1NTX", "=", 1, 180),
        ("7NTXX", "=", 4, 2980),
        ("4HX", "-3", 1, -500),
        ("4HX", "-3", 4, -800),
        ("6C", "=", 2, 1370),
        ("2DXX", "+1", 1, 760),
    ],
)
def test_worked_checks(contract: str, result: str, board: int, expected: int) -> None:
    assert contract_scores([contract], ["N"], [result], [board])[0] == expected


def test_hand_worked_penalties() -> None:
    """Doubled undertricks, worked from Law 77's table: NV 100, 300, 500, 800, 1100;
    V 200, 500, 800, 1100; redoubled twice those."""
    down = np.arange(1, 6)
    nv = declarer_score(7, 4, 1, False, 13 - down)
    v = declarer_score(7, 4, 1, True, 13 - down)
    assert nv.tolist() == [-100, -300, -500, -800, -1100]
    assert v.tolist() == [-200, -500, -800, -1100, -1400]
    assert declarer_score(7, 4, 2, False, 13 - down).tolist() == [-200, -600, -1000, -1600, -2200]
    assert declarer_score(3, 0, 0, True, 6).tolist() == -300  # 3♣−3 V undoubled: 3 × 100


def test_vulnerability_and_dealer_by_board() -> None:
    boards = np.arange(1, 33)
    expected = {
        "none": (False, False),
        "NS": (True, False),
        "EW": (False, True),
        "all": (True, True),
    }
    table = [expected[VULNERABILITY[(b - 1) % 16]] for b in boards]
    assert ns_vulnerable(boards).tolist() == [ns for ns, _ in table]
    assert ew_vulnerable(boards).tolist() == [ew for _, ew in table]
    # The Laws' table, boards 1–16 written out.
    assert [VULNERABILITY[b - 1] for b in (1, 2, 3, 4, 5, 9, 13, 16)] == [
        "none",
        "NS",
        "EW",
        "all",
        "NS",
        "EW",
        "all",
        "EW",
    ]
    assert [SEATS[d] for d in dealer(np.arange(1, 9))] == list("NESWNESW")
    assert vulnerable([3, 3, 2, 2], [0, 1, 2, 3]).tolist() == [False, True, True, False]


def test_east_west_declarer_scores_negative_for_north_south() -> None:
    # 4♠= by E on board 3 (EW vulnerable): +620 to EW, −620 to NS.
    assert ns_score(4, 3, 0, 1, 10, 3).tolist() == -620
    assert ns_score(0, 0, 0, 0, 0, 7).tolist() == 0  # passed out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4S", Contract(4, 3)),
        ("4♠", Contract(4, 3)),
        ("4 S", Contract(4, 3)),
        ("4s", Contract(4, 3)),
        ("3NT", Contract(3, 4)),
        ("3N", Contract(3, 4)),
        ("3nt", Contract(3, 4)),
        ("4HX", Contract(4, 2, 1)),
        ("4Hx", Contract(4, 2, 1)),
        ("4H*", Contract(4, 2, 1)),
        ("4HXX", Contract(4, 2, 2)),
        ("4H**", Contract(4, 2, 2)),
        ("1♣", Contract(1, 0)),
        ("2♦x", Contract(2, 1, 1)),
        ("5♥", Contract(5, 2)),
        ("PASS", Contract(0)),
        ("P", Contract(0)),
        ("AP", Contract(0)),
        ("pass", Contract(0)),
        (" 6 NT XX ", Contract(6, 4, 2)),
    ],
)
def test_contract_notations(text: str, expected: Contract) -> None:
    assert parse_contract(text) == expected


def test_contract_text_round_trips() -> None:
    for level, strain, doubled in itertools.product(range(1, 8), range(5), range(3)):
        contract = Contract(level, strain, doubled)
        assert parse_contract(str(contract)) == contract
    assert str(Contract(0)) == "PASS"
    assert STRAINS[parse_contract("3N").strain] == "NT"


@pytest.mark.parametrize(
    "text", ["", "8S", "0S", "4", "S4", "4Z", "4SXXX", "four spades", "=4S", None, True, 4.0]
)
def test_bad_contracts_are_named(text: object) -> None:
    with pytest.raises(InputError, match="contract must be"):
        parse_contract(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("=", 10),
        ("+1", 11),
        ("-2", 8),
        ("−2", 8),
        ("+3", 13),
        ("10", 10),
        (10.0, 10),
        ("0", 0),
        (-2.0, 8),
        ("13", 13),
        ("- 1", 9),
    ],
)
def test_results(text: object, expected: int) -> None:
    assert parse_result(text, Contract(4, 3)) == expected


@pytest.mark.parametrize("text", ["+4", "-11", "14", "X", "", "1.5", True, "++1"])
def test_impossible_results(text: object) -> None:
    with pytest.raises(InputError, match="result"):
        parse_result(text, Contract(4, 3))


def test_declarers() -> None:
    assert [parse_declarer(s) for s in ("N", "e", " S ", "W")] == [0, 1, 2, 3]
    for bad in ("X", "", "NS", None, 1.0, "North"):
        with pytest.raises(InputError, match="declarer must be N, E, S or W"):
            parse_declarer(bad)


def test_result_written_with_the_contract() -> None:
    assert split_result("4S=") == ("4S", "=")
    assert split_result("3NTx-2") == ("3NTx", "-2")
    assert split_result("4S") == ("4S", "")
    assert parse_row("4♠+1", "N", None) == (4, 3, 0, 0, 11)
    assert parse_row("PASS", None, None) == (0, 0, 0, 0, 0)
    assert parse_row("AP", "N", "") == (0, 0, 0, 0, 0)
    with pytest.raises(InputError, match="passed-out board has no result"):
        parse_row("PASS", None, "10")
    with pytest.raises(InputError, match="result of 4S must be"):
        parse_row("4S", "N", None)


def test_parse_rows_names_the_bad_row() -> None:
    with pytest.raises(RowError) as caught:
        parse_rows(["4S", "3NT", "4S"], ["N", "S", "Q"], ["=", "=", "="])
    assert caught.value.row == 2
    assert "row 3" in str(caught.value) and "'Q'" in str(caught.value)
    with pytest.raises(RowError, match="row 2: result -10 is impossible for 3NT"):
        parse_rows(["4S", "3NT"], ["N", "S"], ["=", "-10"])
    with pytest.raises(InputError, match="one value per row"):
        parse_rows(["4S"], ["N", "S"], ["="])


@pytest.mark.parametrize("board", [0, -1, 1.5, "1", None, True, float("nan"), 1e308 * 10])
def test_bad_board_numbers(board: object) -> None:
    with pytest.raises(InputError, match="board must be a whole number"):
        contract_scores(["4S"], ["N"], ["="], [board])


def test_check_contracts() -> None:
    check_contracts([4, 0], [3, 0], [0, 0], [0, 0], [10, 0])
    with pytest.raises(InputError, match="tricks must be a whole number from 0 to 13, got 14"):
        check_contracts([4], [3], [0], [0], [14])
    with pytest.raises(InputError, match="level .* in row 2"):
        check_contracts([4, 8], [3, 3], [0, 0], [0, 0], [10, 10])


contracts = st.tuples(
    st.integers(1, 7), st.integers(0, 4), st.integers(0, 2), st.booleans(), st.integers(0, 13)
)


@given(contracts)
def test_made_is_positive_defeated_negative(case: tuple[int, int, int, bool, int]) -> None:
    level, strain, doubled, vul, tricks = case
    score = int(declarer_score(level, strain, doubled, vul, tricks))
    assert (score > 0) == (tricks >= level + 6)
    assert score % 10 == 0


@given(contracts)
def test_more_tricks_never_score_less(case: tuple[int, int, int, bool, int]) -> None:
    level, strain, doubled, vul, tricks = case
    if tricks < 13:
        assert declarer_score(level, strain, doubled, vul, tricks + 1) > declarer_score(
            level, strain, doubled, vul, tricks
        )


@given(contracts, st.integers(1, 64))
def test_sides_mirror(case: tuple[int, int, int, bool, int], board: int) -> None:
    """North and South score the same; East and West the negation of what NS would if
    they had the EW vulnerability."""
    level, strain, doubled, _, tricks = case
    north, east, south, west = (
        ns_score(level, strain, doubled, s, tricks, board) for s in range(4)
    )
    assert north == south and east == west
    assert east == -declarer_score(level, strain, doubled, ew_vulnerable(board), tricks)


@given(contracts)
def test_redoubled_penalty_is_twice_doubled(case: tuple[int, int, int, bool, int]) -> None:
    level, strain, _, vul, tricks = case
    if tricks < level + 6:
        assert declarer_score(level, strain, 2, vul, tricks) == 2 * declarer_score(
            level, strain, 1, vul, tricks
        )


def test_ns_score_table_matches_the_rules_for_every_case() -> None:
    """ns_score looks scores up in a table; every (level, strain, doubling, declarer, board
    1–32, tricks) equals declarer's score (checked against endplay above) signed for NS."""
    grid = np.meshgrid(
        np.arange(8),
        np.arange(5),
        np.arange(3),
        np.arange(4),
        np.arange(14),
        np.arange(1, 33),
        indexing="ij",
    )
    level, strain, doubled, declarer, tricks, board = (a.reshape(-1) for a in grid)
    expected = declarer_score(level, strain, doubled, vulnerable(board, declarer), tricks)
    expected = np.where(declarer % 2 == 0, expected, -expected)
    assert np.array_equal(ns_score(level, strain, doubled, declarer, tricks, board), expected)
