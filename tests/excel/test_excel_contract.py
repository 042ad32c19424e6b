"""CONTRACT_SCORE through xlwings' Office.js dispatcher: ranges in, NS scores out."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def xlwings_error() -> type[Exception]:
    import xlwings

    return xlwings.XlwingsError


def test_worked_checks_in_one_column(call_udf) -> None:
    """Law 77 checks: 4♠= NV +420 and V +620, 3NT+1 NV +430, 1NTx= +180, 7NTxx= V +2980,
    4♥x−3 NV −500 and V −800, 6♣= V +1370, 2♦xx+1 NV +760; E/W declarers score negative."""
    contracts = [
        ["4S"],
        ["4♠"],
        ["3NT"],
        ["1NTX"],
        ["7NTXX"],
        ["4Hx"],
        ["4H*"],
        ["6C"],
        ["2DXX"],
        ["4S"],
        ["PASS"],
        [""],
    ]
    declarers = [["N"], ["S"], ["N"], ["S"], ["N"], ["S"], ["N"], ["S"], ["N"], ["E"], [""], [""]]
    results = [["="], [10], ["+1"], ["="], [13], ["-3"], [-3], [12], ["+1"], [10], [""], [""]]
    boards = [[1], [2], [1], [1], [4], [1], [4], [2], [1], [3], [5], [6]]
    out = call_udf("CONTRACT_SCORE", contracts, declarers, results, boards)
    assert out == [
        [420],
        [620],
        [430],
        [180],
        [2980],
        [-500],
        [-800],
        [1370],
        [760],
        [-620],
        [0],
        [""],
    ]


def test_one_board_for_every_row(call_udf) -> None:
    out = call_udf("CONTRACT_SCORE", [["4S"], ["3NT"]], [["N"], ["W"]], [["="], [8]], 2)
    assert out == [[620], [50]]  # board 2: NS vulnerable; 3NT−1 by W, EW not vulnerable: +50


@pytest.mark.parametrize(
    ("contract", "declarer", "result", "board", "message"),
    [
        ("4Z", "N", "=", 1, "row 2: contract must be a contract such as 4S"),
        ("4S", "Q", "=", 1, "row 2: declarer must be N, E, S or W, got 'Q'"),
        ("4S", "N", "+4", 1, "row 2: result \\+4 is impossible for 4S"),
        ("4S", "N", 14, 1, "row 2: result must be the tricks taken"),
        ("4S", "N", True, 1, "row 2: result must be"),
        ("4S", "N", "=", 0, "row 2: board must be a whole number from 1 to 1,000,000, got 0"),
        ("4S", "N", "=", "x", "row 2: board must be a whole number from 1 to 1,000,000, got 'x'"),
        ("=4S", "N", "=", 1, "row 2: contract must be"),
    ],
)
def test_bad_rows_are_named(
    call_udf, xlwings_error, contract, declarer, result, board, message
) -> None:
    with pytest.raises(xlwings_error, match=message):
        call_udf(
            "CONTRACT_SCORE",
            [["3NT"], [contract]],
            [["S"], [declarer]],
            [["="], [result]],
            [[1], [board]],
        )


def test_ranges_of_different_lengths(call_udf, xlwings_error) -> None:
    with pytest.raises(xlwings_error, match="declarer must have one cell per contract"):
        call_udf("CONTRACT_SCORE", [["4S"], ["3NT"]], [["N"]], [["="], ["="]], 1)
