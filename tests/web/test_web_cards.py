"""Cards, contracts, leads and numbers as the pages show them."""

from __future__ import annotations

import numpy as np
import pytest

from xlbridge.web.display import (
    board_dealer,
    board_vulnerability,
    contract_html,
    decimals_for,
    fixed,
    hands,
    lead_html,
)


@pytest.mark.parametrize(
    ("contract", "shown"),
    [
        ("4SX", '4<span class="suit">♠</span>X'),
        ("3HXX", '3<span class="suit red">♥</span>XX'),
        ("1D", '1<span class="suit red">♦</span>'),
        ("5C", '5<span class="suit">♣</span>'),
        ("3NT", "3NT"),
        ("PASS", "Pass"),
        ("", ""),
        ("<b>", "&lt;b&gt;"),
    ],
)
def test_contracts(contract: str, shown: str) -> None:
    assert str(contract_html(contract)) == shown


@pytest.mark.parametrize(
    ("lead", "shown"),
    [
        ("DT", '<span class="suit red">♦</span>10'),
        ("h10", '<span class="suit red">♥</span>10'),
        ("♠A", '<span class="suit">♠</span>A'),
        ("", ""),
        ('"><img src=x>', "&#34;&gt;&lt;img src=x&gt;"),
    ],
)
def test_leads(lead: str, shown: str) -> None:
    assert str(lead_html(lead)) == shown


def test_numbers() -> None:
    assert fixed(-0.001, 2) == "0.00" and fixed(-1.5, 0) == "-2" and fixed(float("nan"), 2) == ""
    assert decimals_for(np.array([1.0, 2.5, np.nan])) == 1
    assert decimals_for(np.array([1.0, 2.0])) == 0
    assert decimals_for(np.array([1 / 3])) == 2


def test_dealer_and_vulnerability_follow_the_board_number() -> None:
    # Law 2: board 1 North deals, none vulnerable; 2 East, N-S; 3 South, E-W; 4 West, all;
    # the cycle of vulnerability is 16 boards (board 17 is board 1's).
    shown = [(board_dealer(b), board_vulnerability(b)) for b in (1, 2, 3, 4, 13, 17)]
    assert shown == [
        ("North", "None"),
        ("East", "N-S"),
        ("South", "E-W"),
        ("West", "All"),
        ("North", "All"),
        ("North", "None"),
    ]


def test_a_hand_writes_the_ten_as_10() -> None:
    deal = hands("N:AKQT.J98.765.432 - - -")
    assert deal is not None
    north = deal["N"]
    assert [s.cards for s in north.suits] == [
        "A\u2009K\u2009Q\u200910",
        "J\u20099\u20098",
        "7\u20096\u20095",
        "4\u20093\u20092",
    ]
    assert [s.red for s in north.suits] == [False, True, True, False]
    assert deal["E"].suits == ()  # not known
