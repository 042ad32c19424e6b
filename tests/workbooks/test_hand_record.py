"""The printable hand record: four boards a page, hands, double-dummy table and par (built
from analyses given by hand, so endplay is not needed here)."""

from __future__ import annotations

from xlbridge.io.pbn.deals import DealRecord
from xlbridge.scoring.double_dummy import BoardAnalysis, ParContract
from xlbridge.workbooks.hand_record import BOARD_ROWS, build_hand_record

# DDS's first test deal (hands/list100.txt) and its published table and par: TABLE
# "5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6" (strains S, H, D, C, NT; declarers N, E, S, W),
# PAR2 "-110" "2S-EW".
DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
TABLE = {
    "N": {"S": 5, "H": 6, "D": 5, "C": 7, "NT": 6},
    "E": {"S": 8, "H": 6, "D": 7, "C": 5, "NT": 6},
    "S": {"S": 5, "H": 6, "D": 5, "C": 7, "NT": 6},
    "W": {"S": 8, "H": 6, "D": 7, "C": 5, "NT": 6},
}
ANALYSIS = BoardAnalysis(1, DEAL, TABLE, -110, (ParContract(2, "S", "EW", False, 0),))


def build(boards: int, analysed: bool = True):  # type: ignore[no-untyped-def]
    records = {b: DealRecord(b, DEAL) for b in range(1, boards + 1)}
    analyses = {b: ANALYSIS for b in records} if analysed else {}
    return build_hand_record(records, analyses, event="Club pairs").active


def test_four_boards_a_page_two_across() -> None:
    sheet = build(9)
    captions = [
        (cell.row, cell.column, cell.value)
        for row in sheet.iter_rows()
        for cell in row
        if isinstance(cell.value, str) and cell.value.startswith("Board ")
    ]
    assert [c[2].split("    ")[0] for c in captions] == [f"Board {b}" for b in range(1, 10)]
    assert [(row, column) for row, column, _ in captions[:4]] == [
        (1, 1),
        (1, 8),
        (1 + BOARD_ROWS, 1),
        (1 + BOARD_ROWS, 8),
    ]
    assert captions[4][2] == "Board 5    Dealer North    Vul N-S"
    assert [brk.id for brk in sheet.row_breaks.brk] == [2 * BOARD_ROWS, 4 * BOARD_ROWS]
    assert sheet.page_setup.fitToWidth == 1
    assert sheet.oddHeader.center.text == "Club pairs"


def test_each_board_shows_its_hands_table_and_par() -> None:
    sheet = build(1)
    texts = [cell.value for row in sheet.iter_rows() for cell in row if cell.value is not None]
    # North's four suits and West's spades, the ten written 10.
    for line in ("♠ QJ6", "♥ K652", "♦ J85", "♣ 1098", "♠ A10942"):
        assert line in texts
    heading = next(cell for row in sheet.iter_rows() for cell in row if cell.value == "DD")
    rows = [
        [sheet.cell(heading.row + i, heading.column + j).value for j in range(6)] for i in range(5)
    ]
    assert rows == [
        ["DD", "NT", "♠", "♥", "♦", "♣"],
        ["N", 6, 5, 6, 5, 7],
        ["S", 6, 5, 6, 5, 7],
        ["E", 6, 8, 6, 7, 5],
        ["W", 6, 8, 6, 7, 5],
    ]
    assert sheet.cell(heading.row + 5, heading.column).value == "Par EW +110: 2♠ by EW"
    hearts = next(c for row in sheet.iter_rows() for c in row if c.value == "♥ K652")
    assert hearts.font.color.rgb.endswith("C00000")


def test_a_board_without_analysis_shows_its_hands_only() -> None:
    texts = [c.value for row in build(1, analysed=False).iter_rows() for c in row]
    assert "♠ QJ6" in texts and "DD" not in texts
    assert not any(isinstance(text, str) and text.startswith("Par") for text in texts)
