"""PBN results at IMPs as Magic Contest and Ruter write them: the convention each file's
Scoring tag declares, and how each prints its numbers.

The files are invented (names, numbers, events), in the dialects of public files of the two
programs:

- Magic Contest's ``IMP;Butler-2`` drops the top and bottom score even at three tables (the
  datum is the median), and prints the total of a pair that sat out a board scaled to the full
  number of boards (its total × boards ÷ boards played);
- Ruter's ``IMP;Cross2`` prints each traveller line's cross-IMPs summed before they are
  divided, and each pair's total as its IMPs per board.

IMP table bands used below: 20–40 → 1, 130–160 → 4, 170–210 → 5, 220–260 → 6, 320–360 → 8,
430–490 → 10, 500–590 → 11.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_producers import tags_of

from xlbridge.cli.main import main
from xlbridge.io.event_files.compare import compare
from xlbridge.io.pbn.read import read_pbn
from xlbridge.io.score_event import score_event
from xlbridge.scoring.session import SessionOptions

SCORES = (
    '[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;'
    'Result\\2R;Score_NS\\5R;Score_EW\\5R;IMP_NS\\5R;IMP_EW\\5R"]'
)
TOTALS = (
    '[TotalScoreTable "Rank\\1R;PairId\\1R;Direction\\5R;TotalScoreIMP\\6R;Names\\22L;'
    'NrBoards\\1R"]'
)


def exported(
    tmp_path: Path, program: str, scoring: str, boards: list[list[str]], totals: list[str]
) -> Path:
    """Board 1 (N deals, none vulnerable) and board 2 (E, NS vulnerable), the totals in the
    first game, as the program exports them: ISO 8859-1, CRLF (its tags as in
    test_producers)."""
    lines = ["% PBN 2.0", "% EXPORT", f'% <META  name=Generator  content="{program}">', "%"]
    for board, rows in enumerate(boards, 1):
        lines += tags_of(program, board, scoring)
        lines += [*([TOTALS, *totals] if board == 1 else []), SCORES, *rows, ""]
    path = tmp_path / f"{program.replace(' ', '_').lower()}.pbn"
    path.write_bytes("\r\n".join(lines).encode("iso-8859-1"))
    return path


# Magic Contest, seven pairs, three tables a board and a pair sitting out (7 on board 1, 1 on
# board 2). Board 1: NS 1 +450, NS 3 +420, NS 5 −50: the median 420 is the datum: NS 1 +30 →
# +1, NS 3 0, NS 5 −470 → −10 (EW the negatives). Board 2 (2S+1 +140, 3H−2 by East not
# vulnerable +100, 3NT−1 vulnerable −100): NS 7 +140, NS 3 +100, NS 5 −100: the datum 100:
# NS 7 +40 → +1, NS 3 0, NS 5 −200 → −5. Totals: 1: +1 on its one board, printed scaled to two
# boards, 2; 2: −1 − 1 = −2; 3: 0; 4: 0 + 5 = 5; 5: −15; 6: +10 + 0 = 10; 7: +1 on one board,
# printed 2. (Without the trim board 1's datum is (450 + 420 − 50)/3 = 273.3 → 270 and NS 1
# would get +180 → +5.)
MAGIC_CONTEST_BOARDS = [
    [
        '1 1 1 2 4S  N 11 "450"     -   1.0  -1.0',
        '2 1 3 4 4S  N 10 "420"     -   0.0   0.0',
        '3 1 5 6 4S  N  9     -  "50" -10.0  10.0',
        '4 1 7 - -   -  - "Bye" "Bye"     -     -',
    ],
    [
        '1 2 7 2 2S  N  9 "140"     -   1.0  -1.0',
        '2 2 3 6 3H  E  7 "100"     -   0.0   0.0',
        '3 2 5 4 3N  N  8     - "100"  -5.0   5.0',
        '4 2 - 1 -   -  - "Bye" "Bye"     -     -',
    ],
]
MAGIC_CONTEST_TOTALS = [
    # Two winners (no pair sits both ways); pairs that played fewer boards are ranked by their
    # IMPs per board: NS 1 and 7 (+1 on one board) share the first place.
    '1 1 "N-S"   2.0 "Ed Eyre - Flo Ford"    2',
    '1 7 "N-S"   2.0 "Gus Gale - Hal Hunt"   2',
    '3 3 "N-S"   0.0 "Ida Ives - Jo Jones"   2',
    '4 5 "N-S" -15.0 "Max Moss - Ned North"  2',
    '1 6 "E-W"  10.0 "Ann Able - Bob Baker"  2',
    '2 4 "E-W"   5.0 "Cy Cole - Di Dunn"     2',
    '3 2 "E-W"  -2.0 "Kim King - Lou Lamb"   2',
]


def test_magic_contest_butler_2_trims_three_tables_and_scales_the_sit_out_totals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = exported(
        tmp_path, "Magic Contest", "IMP;Butler-2;Mean", MAGIC_CONTEST_BOARDS, MAGIC_CONTEST_TOTALS
    )
    event = read_pbn(path)
    assert (event.method, event.trim) == ("butler", True)
    assert main(["session", str(path), "--compare"]) == 0
    out = capsys.readouterr().out
    assert "all 18 traveller numbers and 14 pair numbers agree" in out  # 6 lines, 7 pairs
    assert "2 pair totals are scaled to the full number of boards" in out
    # Without the trim board 1's datum is 270 and its lines differ (NS 1 +5, not +1).
    untrimmed = compare(event, score_event(event, options=SessionOptions(trim=False)))
    assert "board 1 NS 1 v EW 2: NS IMPs theirs 1.0, ours 5" in map(str, untrimmed.differences)


# Ruter, a Mitchell of three tables (NS 1–3, EW 4–6), two boards, both played by all.
# Board 1: NS 1 +420 v EW 4, NS 2 +450 v EW 5, NS 3 −50 v EW 6. NS 1: −1 against 450 (30), +10
# against −50 (470): 9; NS 2: +1 and +11 (500): 12; NS 3: −10 and −11: −21; divided by the 2
# comparisons: 4.5, 6, −10.5. Board 2: NS 1 +100 v EW 5, NS 2 +140 v EW 6, NS 3 −100 v EW 4.
# NS 1: −1 (40) and +5 (200): 4; NS 2: +1 and +6 (240): 7; NS 3: −5 and −6: −11; divided: 2,
# 3.5, −5.5. The lines print the sums (9, 12, −21; 4, 7, −11). Totals per board: NS 1
# (4.5 + 2)/2 = 3.25, NS 2 (6 + 3.5)/2 = 4.75, NS 3 (−10.5 − 5.5)/2 = −8; EW 4 (−4.5 + 5.5)/2 =
# 0.5, EW 5 (−6 − 2)/2 = −4, EW 6 (10.5 − 3.5)/2 = 3.5.
RUTER_BOARDS = [
    [
        '1 1 1 4 4S  N 10 "420"     -   9.0  -9.0',
        '2 1 2 5 4S  N 11 "450"     -  12.0 -12.0',
        '3 1 3 6 4S  N  9     -  "50" -21.0  21.0',
    ],
    [
        '1 2 1 5 3H  E  7 "100"     -   4.0  -4.0',
        '2 2 2 6 2S  N  9 "140"     -   7.0  -7.0',
        '3 2 3 4 3N  N  8     - "100" -11.0  11.0',
    ],
]
RUTER_TOTALS = [
    '1 2 "N-S"  4.75 "Ann Able - Bob Baker"  2',
    '2 1 "N-S"  3.25 "Cy Cole - Di Dunn"     2',
    '3 3 "N-S" -8.00 "Ed Eyre - Flo Ford"    2',
    '1 6 "Ö-V"  3.50 "Gus Gale - Hal Hunt"   2',
    '2 4 "Ö-V"  0.50 "Ida Ives - Jo Jones"   2',
    '3 5 "Ö-V" -4.00 "Kim King - Lou Lamb"   2',
]


def test_ruter_cross2_prints_lines_before_division_and_totals_per_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = exported(tmp_path, "Ruter", "IMP;Cross2", RUTER_BOARDS, RUTER_TOTALS)
    event = read_pbn(path)
    assert (event.method, event.divisor) == ("ximp", "comparisons")
    assert main(["session", str(path), "--compare"]) == 0
    out = capsys.readouterr().out
    assert "all 18 traveller numbers and 12 pair numbers agree" in out
    assert "12 traveller numbers are the cross-IMPs summed before they are divided" in out
    assert "6 pair totals are IMPs per board" in out
    # Summed (--divisor none) the lines agree as printed, the totals (sums: 6.5, …) do not.
    assert main(["session", str(path), "--compare", "--divisor", "none"]) == 3
