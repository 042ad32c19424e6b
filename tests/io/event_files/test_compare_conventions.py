"""--compare and Compscore3's printing conventions, on a small invented event worked by hand.

A four-table Mitchell at matchpoints (2 per win), NS pairs 1-4, EW pairs 5-8, two boards.

Board 1, four results, top 6:  NS1 v EW5 +420, NS2 v EW6 +450, NS3 v EW7 +400, NS4 v EW8 +430.
  NS: 450 → 6, 430 → 4, 420 → 2, 400 → 0; EW the complements: EW6 0, EW8 2, EW5 4, EW7 6.
Board 2, three results (NS4 v EW5 did not play it): NS1 v EW6 +110, NS2 v EW7 +140,
  NS3 v EW8 +90. Unfactored (top 4): 140 → 4, 110 → 2, 90 → 0. Factored by Neuberg to four
  results, f = (u + 1)·4/3 − 1: 4 → 17/3 = 5.6667, 2 → 3, 0 → 1/3 = 0.3333.
Totals: NS1 2 + 3 = 5, NS2 6 + 5.6667 = 11.6667, NS3 0.3333, NS4 4 (one board);
  EW5 4 (one board), EW6 0 + 3 = 3, EW7 6 + 0.3333 = 6.3333, EW8 2 + 5.6667 = 7.6667.
Percentages (top 6 a board): NS1 41.67, NS2 97.22, NS3 2.78, NS4 66.67; EW5 66.67, EW6 25.00,
  EW7 52.78, EW8 63.89. Places NS: 2, 4, 1, 3 → NS2 1, NS4 2, NS1 3, NS3 4; EW: EW5 1, EW8 2,
  EW7 3, EW6 4.
Compscore3 prints board 2's traveller unfactored (2/2, 4/0, 0/4), the totals of NS4 and EW5
scaled to two boards (4 × 2/1 = 8.00), and rounds the factored board to two decimals before
adding (NS2 5.66 + 6 = 11.66 with EW7 0.34 + 6 = 6.34; NS3 0.34, EW8 7.66).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlbridge.cli.main import main
from xlbridge.cli.session.event_files import EXIT_DIFFERENT
from xlbridge.io.event_files.compare import compare
from xlbridge.io.event_files.conversion import traveller_of
from xlbridge.io.usebio import read_usebio
from xlbridge.scoring.session import Traveller, TravellerLine, score_session

# (board, NS, EW, score, NS printed, EW printed)
LINES = [
    (1, 1, 5, "420", "2", "4"),
    (1, 2, 6, "450", "6", "0"),
    (1, 3, 7, "400", "0", "6"),
    (1, 4, 8, "430", "4", "2"),
    (2, 1, 6, "110", "2", "2"),
    (2, 2, 7, "140", "4", "0"),
    (2, 3, 8, "90", "0", "4"),
]
# (pair, direction, total, percentage, place) as Compscore3 would print them
PAIRS = [
    (1, "NS", "5.00", "41.67", "3"),
    (2, "NS", "11.66", "97.22", "1"),
    (3, "NS", "0.34", "2.78", "4"),
    (4, "NS", "8.00", "66.67", "2"),
    (5, "EW", "8.00", "66.67", "1"),
    (6, "EW", "3.00", "25.00", "4"),
    (7, "EW", "6.34", "52.78", "3"),
    (8, "EW", "7.66", "63.89", "2"),
]


def usebio(lines: list[tuple], pairs: list[tuple], scoring: str = "MATCH_POINTS") -> str:
    participants = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION><PLACE>{place}</PLACE>"
        f"<TOTAL_SCORE>{total}</TOTAL_SCORE><PERCENTAGE>{pct}</PERCENTAGE></PAIR>"
        for n, d, total, pct, place in pairs
    )
    boards = ""
    for board in sorted({line[0] for line in lines}):
        boards += f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>"
        for _, ns, ew, score, ns_mp, ew_mp in (line for line in lines if line[0] == board):
            boards += (
                f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
                f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><SCORE>{score}</SCORE>"
                f"<NS_MATCH_POINTS>{ns_mp}</NS_MATCH_POINTS>"
                f"<EW_MATCH_POINTS>{ew_mp}</EW_MATCH_POINTS></TRAVELLER_LINE>"
            )
        boards += "</BOARD>"
    return (
        '<?xml version="1.0" encoding="utf-8"?><USEBIO Version="1.2">'
        '<EVENT EVENT_TYPE="MP_PAIRS"><PROGRAM_NAME>Compscore3</PROGRAM_NAME>'
        f"<BOARD_SCORING_METHOD>{scoring}</BOARD_SCORING_METHOD><WINNER_TYPE>2</WINNER_TYPE>"
        '<SESSION SESSION_ID="1"><SECTION SECTION_ID="A">'
        f"<PARTICIPANTS>{participants}</PARTICIPANTS>{boards}"
        "</SECTION></SESSION></EVENT></USEBIO>"
    )


def compare_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[tuple], pairs: list[tuple]
) -> tuple[int, list[str]]:
    path = tmp_path / "event.xml"
    path.write_text(usebio(lines, pairs), encoding="utf-8")
    status = main(["session", str(path), "--compare"])
    out, err = capsys.readouterr()
    assert err == ""
    return status, [
        line for line in out.splitlines() if line.startswith(("board", "pair", "compare"))
    ]


def replaced(rows: list[tuple], index: int, position: int, value: str) -> list[tuple]:
    row = list(rows[index])
    row[position] = value
    return [*rows[:index], tuple(row), *rows[index + 1 :]]


def test_compscore3_conventions_agree_and_are_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 14 traveller numbers: 7 lines, two sides. Board 2's "0"s are within half a matchpoint
    # of the factored 0.33 anyway, so 4 numbers (2/2 and the 4s) need the unfactored reading.
    # Totals: NS4 and EW5 factored to two boards, as ours are; NS2, NS3, EW7, EW8 within a
    # hundredth of 11.67, 0.33 …
    status, out = compare_file(tmp_path, capsys, LINES, PAIRS)
    assert status == 0
    assert out == [
        "compare: all 14 traveller numbers and 24 pair numbers agree against Compscore3 ("
        "4 traveller numbers give unfactored matchpoints, as Compscore3 prints them; "
        "4 pair totals agree with each factored board rounded to two decimals)"
    ]


def test_factored_numbers_agree_without_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Board 2 printed factored (5.67 / 0.33 …), totals exact, and NS4's and EW5's factored to
    # two boards as ours are: nothing to explain.
    lines = LINES[:4] + [
        (2, 1, 6, "110", "3.00", "3.00"),
        (2, 2, 7, "140", "5.67", "0.33"),
        (2, 3, 8, "90", "0.33", "5.67"),
    ]
    pairs = [
        (1, "NS", "5.00", "41.67", "3"),
        (2, "NS", "11.67", "97.22", "1"),
        (3, "NS", "0.33", "2.78", "4"),
        (4, "NS", "8.00", "66.67", "2"),
        (5, "EW", "8.00", "66.67", "1"),
        (6, "EW", "3.00", "25.00", "4"),
        (7, "EW", "6.33", "52.78", "3"),
        (8, "EW", "7.67", "63.89", "2"),
    ]
    status, out = compare_file(tmp_path, capsys, lines, pairs)
    assert status == 0
    assert out == ["compare: all 14 traveller numbers and 24 pair numbers agree against Compscore3"]


@pytest.mark.parametrize(
    ("lines", "pairs", "expected"),
    [
        # A board every table played is never excused as "unfactored".
        (replaced(LINES, 0, 4, "3"), PAIRS, "board 1 NS 1 v EW 5: NS matchpoints theirs 3, ours 2"),
        # Board 2: neither factored (3) nor unfactored (2).
        (
            replaced(LINES, 4, 4, "2.5"),
            PAIRS,
            "board 2 NS 1 v EW 6: NS matchpoints theirs 2.5, ours 3",
        ),
        # A factored total must be the factored one (ours): 4 × 2 = 8, not 7.
        (LINES, replaced(PAIRS, 3, 2, "7.00"), "pair 4 NS: total theirs 7.00, ours 8"),
        # NS2 11.6667: 11.66 is within 0.005 + 0.005 (one factored board); 11.65 is not.
        (LINES, replaced(PAIRS, 1, 2, "11.65"), "pair 2 NS: total theirs 11.65, ours 11.67"),
        # NS1 played the factored board too, but 5 is exact: 5.01 is still a difference.
        (LINES, replaced(PAIRS, 0, 2, "5.02"), "pair 1 NS: total theirs 5.02, ours 5"),
        # The percentage is never scaled: NS4's is 66.67 of its one board.
        (LINES, replaced(PAIRS, 3, 3, "33.33"), "pair 4 NS: percentage theirs 33.33, ours 66.67"),
    ],
    ids=["full-board", "neither", "scaled-wrong", "rounding-too-far", "exact-total", "percentage"],
)
def test_a_real_difference_is_still_listed(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: list[tuple],
    pairs: list[tuple],
    expected: str,
) -> None:
    status, out = compare_file(tmp_path, capsys, lines, pairs)
    assert status == EXIT_DIFFERENT
    assert out[0] == expected and len(out) == 2
    assert out[1].startswith("compare: 1 differ")


def test_an_adjusted_score_on_a_factored_board_is_not_unfactored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # NS4 v EW5 get A60/40 on board 2: not in the field, board 2 still has three results and
    # is factored to four; the adjusted line is 60 % / 40 % of the factored top 6 = 3.6 / 2.4.
    # Printed as 40 % of the unfactored top 4 (1.6) it is a difference, never "unfactored".
    lines = [*LINES, (2, 4, 5, "A6040", "3.6", "1.6")]
    pairs = [
        (1, "NS", "5.00", "41.67", "3"),
        (2, "NS", "11.66", "97.22", "1"),
        (3, "NS", "0.34", "2.78", "4"),
        (5, "EW", "5.6", "53.33", ""),
    ]
    status, out = compare_file(tmp_path, capsys, lines, pairs)
    assert status == EXIT_DIFFERENT
    assert out[0] == "board 2 NS 4 v EW 5: EW matchpoints theirs 1.6, ours 2.4"
    assert out[-1].startswith("compare: 2 differ (1 on traveller lines, 1 on pairs)")
    # EW5's 5.6 is our 6.4 less the 0.8 its board-2 line differs by: said so.
    assert "pair 5 EW: total theirs 5.6, ours 6.4 (follows from its traveller lines)" in out


@pytest.mark.parametrize(
    ("total", "percentage", "expected"),
    [
        # NS1's board-1 line printed 3 instead of 2: total 5 + 1 = 6, 6/12 = 50.00 %.
        (
            "6.00",
            "50.00",
            [
                "pair 1 NS: total theirs 6.00, ours 5 (follows from its traveller lines)",
                "pair 1 NS: percentage theirs 50.00, ours 41.67 (follows from its traveller lines)",
            ],
        ),
        # A total that is neither ours nor ours plus the line's difference gets no note.
        ("6.50", "41.67", ["pair 1 NS: total theirs 6.50, ours 5"]),
    ],
    ids=["follows", "does-not-follow"],
)
def test_a_pair_difference_that_follows_from_its_lines_says_so(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    total: str,
    percentage: str,
    expected: list[str],
) -> None:
    lines = replaced(LINES, 0, 4, "3")
    pairs = replaced(replaced(PAIRS, 0, 2, total), 0, 3, percentage)
    status, out = compare_file(tmp_path, capsys, lines, pairs)
    assert status == EXIT_DIFFERENT
    assert out[0] == "board 1 NS 1 v EW 5: NS matchpoints theirs 3, ours 2"
    assert out[1:-1] == expected


@st.composite
def short_mitchells(draw: st.DrawFn) -> tuple[list[TravellerLine], int]:
    """A Mitchell of 3–6 tables over 2–4 boards, some tables not playing some boards."""
    tables = draw(st.integers(3, 6))
    boards = draw(st.integers(2, 4))
    scores = st.sampled_from([-500, -100, -50, 0, 90, 110, 140, 400, 420, 430, 450, 620, 1430])
    lines = []
    for board in range(1, boards + 1):
        playing = draw(st.integers(2, tables)) if board > 1 else tables
        for table in range(1, playing + 1):
            ew = tables + 1 + (table + board) % tables
            lines.append(TravellerLine.with_score(board, table, ew, draw(scores)))
    return lines, tables


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(short_mitchells())
def test_a_file_printed_the_compscore3_way_agrees(
    tmp_path: Path, drawn: tuple[list[TravellerLine], int]
) -> None:
    # Lines printed unfactored (the core's "available" factoring keeps each board's own top),
    # totals of pairs that missed boards scaled to the full count: every number agrees.
    lines, _ = drawn
    traveller = Traveller.from_lines(lines)
    factored = score_session(traveller, "mp", 2)
    unfactored = score_session(traveller, "mp", 2, factoring="available")
    raw = {
        (ln.board, ln.ns_pair): (ln.ns_value, ln.ew_value)
        for board in unfactored.travellers
        for ln in board.lines
    }
    rows = [
        (
            ln.board,
            ln.ns_pair,
            ln.ew_pair,
            str(int(ln.ns_score)),
            *(f"{v:.2f}" for v in raw[(ln.board, ln.ns_pair)]),
        )
        for board in factored.travellers
        for ln in board.lines
    ]
    full = max(p.boards for p in factored.pairs)
    pairs = [
        (p.pair, p.direction, f"{p.raw * full / p.boards:.2f}", f"{p.percentage:.2f}", p.place)
        for p in factored.pairs
    ]
    path = tmp_path / "event.xml"
    path.write_text(usebio(rows, pairs), encoding="utf-8")
    event = read_usebio(path)
    comparison = compare(event, score_session(traveller_of(event), "mp", 2, totals="raw"))
    assert comparison.agree, comparison.differences
    assert comparison.scaled == sum(1 for p in factored.pairs if p.boards < full and p.raw)
