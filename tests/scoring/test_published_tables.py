"""Our numbers against tables and worked examples published outside this project.

Each test names where its expected values were printed; they were typed in from there, never
taken from our own output.
"""

from __future__ import annotations

import pytest

from xlbridge.scoring.boards.cross_imps import cross_imps
from xlbridge.scoring.boards.datums import butler_imps, datum
from xlbridge.scoring.boards.matchpoints import matchpoints, neuberg
from xlbridge.scoring.scales.wbf import wbf_vp
from xlbridge.scoring.scales.wbf_discrete import wbf_discrete

# --------------------------------------------------------------------------------------------
# WBF continuous VP scale (2013)

#: The WBF's continuous scale for a 4-board match, winner's VPs for margins 0 … 30 IMPs
#: (WBF VP scales, WBF_VPScales.pdf, the 4-board table).
WBF_4_BOARDS = [
    10.00, 10.61, 11.20, 11.76, 12.29, 12.80, 13.28, 13.74, 14.18, 14.60,
    15.00, 15.38, 15.74, 16.09, 16.42, 16.73, 17.03, 17.31, 17.59, 17.84,
    18.09, 18.33, 18.55, 18.76, 18.97, 19.16, 19.34, 19.52, 19.69, 19.85,
    20.00,
]  # fmt: skip


def test_wbf_continuous_four_board_table() -> None:
    """The whole 4-board table of the WBF's VP scales (WBF_VPScales.pdf): 0 … 30 IMPs."""
    assert wbf_vp(list(range(31)), 4).tolist() == pytest.approx(WBF_4_BOARDS, abs=1e-9)


@pytest.mark.parametrize("margin", [1, 7, 10, 22, 29])
def test_wbf_continuous_four_boards_loser_and_blitz(margin: int) -> None:
    """The loser of the 4-board table gets 20 minus the winner; 30 IMPs and more is 20-0."""
    assert wbf_vp(-margin, 4) == pytest.approx(20 - WBF_4_BOARDS[margin], abs=1e-9)
    assert wbf_vp([30, 31, 75], 4).tolist() == [20.0, 20.0, 20.0]


#: Cells of the WBF's continuous tables for 6–32 boards (the WBF's 2013 tables, as transcribed
#: in the Bridge-Package npm project's victorypoints.js): (boards, margin, winner's VPs). Most
#: are cells the WBF raised by 0.01 to keep the table concave (8 boards, 40 IMPs: the rounded
#: curve gives 19.73, the table 19.74), the others the first IMPs and the blitz.
WBF_CELLS = [
    (6, 1, 10.50), (6, 36, 19.91), (6, 37, 20.00),
    (7, 2, 10.92), (7, 39, 19.92), (7, 40, 20.00),
    (8, 1, 10.44), (8, 20, 16.46), (8, 40, 19.74), (8, 42, 19.95), (8, 43, 20.00),
    (9, 15, 15.00), (9, 44, 19.90), (9, 45, 20.00),
    (10, 27, 17.34), (10, 29, 17.68), (10, 31, 18.00),
    (12, 42, 19.02), (12, 44, 19.24), (12, 49, 19.74),
    (14, 8, 12.44), (14, 36, 17.91), (14, 38, 18.17), (14, 56, 19.99),
    (16, 14, 13.75), (16, 27, 16.26), (16, 38, 17.85), (16, 59, 19.93), (16, 60, 20.00),
    (20, 13, 13.20), (20, 28, 15.93), (20, 62, 19.65), (20, 67, 19.99),
    (32, 11, 12.24), (32, 16, 13.12), (32, 84, 19.95), (32, 85, 20.00),
]  # fmt: skip


@pytest.mark.parametrize(("boards", "margin", "vp"), WBF_CELLS)
def test_wbf_continuous_tables_6_to_32_boards(boards: int, margin: int, vp: float) -> None:
    """The WBF's continuous tables for 6, 7, 8, 9, 10, 12, 14, 16, 20 and 32 boards, with the
    cells their concavity pass raised; the losing side gets 20 minus the winner's VPs."""
    assert wbf_vp(margin, boards) == pytest.approx(vp, abs=1e-9)
    assert wbf_vp(-margin, boards) == pytest.approx(20 - vp, abs=1e-9)


# --------------------------------------------------------------------------------------------
# The discrete (whole-VP) scale as the EBU prints it

#: First margin of each band from 10-10 to 20-0 in the EBU's 20-VP teams tables (EBU White
#: Book VP scales, made by the EBU's generator ebu.co.uk/dynamic/js/vps.js), for a few of its
#: board counts.
EBU_20_VP_STARTS = {
    5: [0, 1, 3, 5, 7, 10, 13, 16, 20, 25, 31],
    7: [0, 1, 3, 6, 9, 12, 15, 19, 24, 29, 36],
    8: [0, 1, 4, 7, 10, 13, 17, 21, 26, 31, 39],
    10: [0, 1, 4, 7, 10, 14, 18, 23, 28, 35, 43],
    12: [0, 2, 5, 8, 12, 16, 20, 25, 31, 38, 47],
    16: [0, 2, 5, 9, 13, 18, 23, 29, 36, 44, 54],
    24: [0, 2, 6, 11, 16, 22, 28, 35, 44, 54, 66],
    32: [0, 3, 8, 13, 19, 25, 33, 41, 51, 62, 77],
    64: [0, 4, 11, 18, 26, 36, 46, 58, 71, 88, 108],
}


@pytest.mark.parametrize("boards", sorted(EBU_20_VP_STARTS))
def test_ebu_20_vp_discrete_tables(boards: int) -> None:
    """The EBU's whole-VP teams tables: the first margin of 10-10, 11-9, … 20-0."""
    scale = wbf_discrete(boards)
    assert [0, *scale.lower.tolist()] == EBU_20_VP_STARTS[boards]


@pytest.mark.parametrize(
    ("boards", "starts"),
    [
        # 5-5: 0, 6-4: 1-3, 7-3: 4-6, 8-2: 7-9, 9-1: 10-14, 10-0: 15+
        (3, [0, 1, 4, 7, 10, 15]),
        # 5-5: 0, 6-4: 1-3, 7-3: 4-7, 8-2: 8-11, 9-1: 12-17, 10-0: 18+
        (4, [0, 1, 4, 8, 12, 18]),
    ],
)
def test_ebu_10_vp_tables_for_a_half(boards: int, starts: list[int]) -> None:
    """The EBU's 10-VP tables for a half of 3 and of 4 boards (the 3-team "triangle" match).
    They are cut from the curve at half the half's boards: 1.5 and 2 (the EBU's generator,
    vps.js, passes H/2 boards for a half of H boards)."""
    scale = wbf_discrete(boards, 10)
    assert [0, *scale.lower.tolist()] == starts
    assert scale.winner.tolist() == [5, 6, 7, 8, 9, 10]


# --------------------------------------------------------------------------------------------
# Cross-IMPs: every score against every other, divided by the comparisons (N − 1)


def test_cross_imps_bridge_tips_worked_example() -> None:
    """bridge-tips.co.il, "scoring.pdf" (2012): NS +620, +170, +140, +140, −100 score
    +10.50, −0.25, −1.25, −1.25, −7.75 cross-IMPs."""
    result = cross_imps([1] * 5, range(5), [620, 170, 140, 140, -100])
    assert result.value.tolist() == pytest.approx([10.5, -0.25, -1.25, -1.25, -7.75])


def test_cross_imps_bridge55_worked_example() -> None:
    """bridge55.fi, "Butler Scoring / Cross-IMP Scoring": NS +420 against the other tables'
    NS 450, −100, −200, 400, 590 wins −1, +11, +12, +1, −5 = +18 IMPs: 18/5 = 3.6."""
    result = cross_imps([1] * 6, range(6), [420, 450, -100, -200, 400, 590])
    assert result.value[0] == pytest.approx(3.6)


# --------------------------------------------------------------------------------------------
# Butler: a datum (the mean without the top and bottom score), rounded to 10


def test_butler_woburn_sands_worked_example() -> None:
    """Woburn Sands BC, "Butler Pairs Scoring": EW's 650, 170, 1440, −100, 170, 200 are NS
    −650, −170, −1440, +100, −170, −200. Dropping +100 and −1440, −1190/4 = −297.5: datum
    −300; NS IMPs −8, +4, −15, +9, +4, +3."""
    scores = [-650, -170, -1440, 100, -170, -200]
    assert datum([1] * 6, range(6), scores).value.tolist() == [-300]
    assert butler_imps([1] * 6, range(6), scores).value.tolist() == [-8, 4, -15, 9, 4, 3]


def test_butler_three_scores_are_not_trimmed() -> None:
    """Woburn Sands BC, "Butler Pairs Scoring": with 3 scores (650, 170, 200) nothing is
    dropped: 1020/3 = 340."""
    assert datum([1] * 3, range(3), [650, 170, 200]).value.tolist() == [340]


def test_butler_hemel_hempstead_worked_example() -> None:
    """Hemel Hempstead BC, "Pairs with a Team's Flavour!": 4 pairs +620, 3 pairs +170; without
    one top and one bottom the datum is 440; +620 scores +5 IMPs (180), +170 −7 (−270)."""
    scores = [620] * 4 + [170] * 3
    assert datum([1] * 7, range(7), scores).value.tolist() == [440]
    assert butler_imps([1] * 7, range(7), scores).value.tolist() == [5] * 4 + [-7] * 3


def test_butler_untrimmed_bermuda_bowl_2011_worked_example() -> None:
    """BBO Forums, "Bermuda Bowl 2011" (Butler rankings explained): 3×980, 11×480, 7×450,
    1×−50 average 514.55, datum 510; NS scores +10, −1, −2 and −11 IMPs."""
    scores = [980] * 3 + [480] * 11 + [450] * 7 + [-50]
    assert datum([1] * 22, range(22), scores, trim=0).value.tolist() == [510]
    imps = butler_imps([1] * 22, range(22), scores, trim=0).value.tolist()
    assert imps == [10] * 3 + [-1] * 11 + [-2] * 7 + [-11]


# --------------------------------------------------------------------------------------------
# Neuberg's formula: a board played fewer times than expected


def test_neuberg_ebu_worked_example_ten_results_for_eleven() -> None:
    """EBU Laws & Ethics, "The Neuberg Formula – the Principle" (M. Bavin): 10 results where 11
    were expected, each counted 1.1 times, on a top of 20."""
    scores = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
    result = matchpoints([1] * 10, range(10), scores, expected=11)
    expected = [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]
    assert result.value.tolist() == pytest.approx(expected)


def test_neuberg_six_results_for_seven() -> None:
    """Wikipedia, "Neuberg formula": played 6 times, 7 expected: 4 of 10 becomes
    (4 + 1)·7/6 − 1 = 4.8333 of 12, and 9 becomes 10.6667."""
    assert neuberg([4, 9], 6, 7).tolist() == pytest.approx([4.8333, 10.6667], abs=5e-5)
