"""PBN results as Magic Contest and Ruter write them, and the files that hold no pairs event.

The files are invented (names, numbers, events), written in the dialects of public files of
the two programs (both by the same author, www.brenning.se): Magic Contest's sit-out rows
(``Bye`` in the score columns, the pair sitting out on its side and ``-`` on the other), and
Ruter's total score table of a two-session event (``SessionScoreMP``, ``SessionPercentage``,
``SessionRank`` of the session the file holds beside the cumulative ``TotalScoreMP``,
``TotalPercentage`` and ``Rank``; each pair's direction at its table, ``N-S`` or ``Ö-V``, in a
Howell). Expected matchpoints are worked by hand: 2 a comparison, two tables a board, so 2 to
the better score and 0 to the other.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.io.event_files.compare import compare
from xlbridge.io.event_files.contents import FileError
from xlbridge.io.event_files.conversion import traveller_of
from xlbridge.io.pbn.read import read_pbn
from xlbridge.scoring.session import score_session

GAME = [
    '[Event "Invented Club Pairs"]',
    '[Site "Invented Club"]',
    '[Date "2026.03.10"]',
    '[Board "{board}"]',
    '[West ""]',
    '[North ""]',
    '[East ""]',
    '[South ""]',
    '[Dealer "{dealer}"]',
    '[Vulnerable "{vulnerable}"]',
    '[Deal ""]',
    '[Scoring "{scoring}"]',
    '[Declarer ""]',
    '[Contract ""]',
    '[Result ""]',
    '[Competition "Pairs"]',
    '[Application "{program} - Read more at www.brenning.se"]',
]
SCORE_HEADER = (
    '[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;'
    "Result\\2R;Lead\\2L;Score_NS\\5R;Score_EW\\5R;MP_NS\\3R;MP_EW\\3R;Percentage_NS\\3R;"
    'Percentage_EW\\3R"]'
)


def tags_of(program: str, board: int, scoring: str = "MatchPoints;MP1") -> list[str]:
    """A board's tags as the program exports them (board 1: N deals, none vulnerable; 2: E,
    NS; 3: S, EW)."""
    dealer, vulnerable = {1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW")}[board]
    return [
        tag.format(
            board=board, dealer=dealer, vulnerable=vulnerable, program=program, scoring=scoring
        )
        for tag in GAME
    ]


def game(program: str, board: int, rows: list[str], total: list[str] | None = None) -> list[str]:
    """A board's game as the program exports it, the total score table in the first."""
    tags = tags_of(program, board)
    return [*tags, *(total or []), SCORE_HEADER, *rows, ""]


def exported(tmp_path: Path, program: str, games: list[list[str]]) -> Path:
    """The file as the program writes it: its comment lines, ISO 8859-1, CRLF."""
    lines = ["% PBN 2.0", "% EXPORT", f'% <META  name=Generator  content="{program}">', "%"]
    path = tmp_path / f"{program.replace(' ', '_').lower()}.pbn"
    path.write_bytes("\r\n".join(lines + [line for g in games for line in g]).encode("iso-8859-1"))
    return path


# Magic Contest: five pairs, two boards, one pair sitting out each round (a Howell: pair 1 sits
# NS, then EW). Board 1: NS 1 v EW 2 4S= +420 gets 2 (EW 0); NS 3 v EW 4 4S−1 −50 gets 0 (EW 2);
# pair 5 sits out. Board 2: NS 5 v EW 1 3NT−1 vulnerable −100 gets 0 (EW 2); NS 3 v EW 2 2H=
# +110 gets 2 (EW 0); pair 4 sits out.
MAGIC_CONTEST_TOTALS = [
    '[TotalScoreTable "Rank\\1R;PairId\\1R;Table\\1R;Direction\\3R;TotalScoreMP\\3R;'
    'TotalPercentage\\6R;Names\\22L;NrBoards\\1R"]',
    # Pair 1: 2 + 2 = 4 of 4 (100 %); pair 4: 2 of 2 on its one board (100 %), its total
    # shown over the two boards, 2 × 2 / 1 = 4: tied first. Pair 3: 0 + 2 = 2 (50 %). Pairs 2
    # (0 + 0) and 5 (0 on one board): 0, 0 %, tied fourth.
    '1 1 1 "E-W" 4.0 100.00 "Ann Able - Bob Baker"   2',
    '1 4 2 "E-W" 4.0 100.00 "Cy Cole - Di Dunn"      1',
    '3 3 2 "N-S" 2.0  50.00 "Ed Eyre - Flo Ford"     2',
    '4 2 2 "E-W" 0.0   0.00 "Gus Gale - Hal Hunt"    2',
    '4 5 1 "N-S" 0.0   0.00 "Ida Ives - Jo Jones"    1',
]
MAGIC_CONTEST = [
    (
        1,
        [
            '1 1 1 2 4S  N 10 H2 "420"     -  2.0  0.0 100   0',
            '2 1 3 4 4S  N  9 D3     -  "50"  0.0  2.0   0 100',
            '3 1 5 - -   -  - -  "Bye" "Bye"    -    -   -   -',
        ],
    ),
    (
        2,
        [
            '1 2 5 1 3N  N  8 S4     - "100"  0.0  2.0   0 100',
            '2 2 3 2 2H  N  8 C5 "110"     -  2.0  0.0 100   0',
            '3 2 - 4 -   -  - -  "Bye" "Bye"    -    -   -   -',
        ],
    ),
]


def magic_contest(tmp_path: Path) -> Path:
    games = [
        game("Magic Contest", board, rows, MAGIC_CONTEST_TOTALS if board == 1 else None)
        for board, rows in MAGIC_CONTEST
    ]
    return exported(tmp_path, "Magic Contest", games)


def test_a_sit_out_row_is_a_pair_sitting_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Bye row is no line (it was refused: "the NS pair must be a whole number, got ''"):
    the four tables are read and rescored to the file's matchpoints, totals, percentages and
    places."""
    path = magic_contest(tmp_path)
    event = read_pbn(path)
    assert [(ln.board, ln.ns_pair, ln.ew_pair, ln.score) for ln in event.lines] == [
        (1, 1, 2, "420"),
        (1, 3, 4, "-50"),
        (2, 5, 1, "-100"),
        (2, 3, 2, "110"),
    ]
    result = score_session(traveller_of(event), "mp")
    values = {
        (line.board, line.ns_pair): (line.ns_value, line.ew_value)
        for board in result.travellers
        for line in board.lines
    }
    assert values == {(1, "1"): (2, 0), (1, "3"): (0, 2), (2, "5"): (0, 2), (2, "3"): (2, 0)}
    assert compare(event, result).agree
    assert main(["session", str(path), "--compare"]) == 0
    out = capsys.readouterr().out
    # Four lines: NS and EW matchpoints (8) and each score against its contract (4); five
    # pairs: total, percentage and place (15).
    assert "all 12 traveller numbers and 15 pair numbers agree" in out
    assert "Cy Cole & Di Dunn" in out


# Ruter, session 2 of a two-session Howell of four pairs. Board 1: NS 1 v EW 2 4S= +420 gets 2
# (EW 0); NS 3 v EW 4 3NT= +400 gets 0 (EW 2). Board 3 (EW vulnerable): NS 1 v EW 3 3NT−2 −100
# gets 0 (EW 2); NS 4 v EW 2 3NT−1 −50 gets 2 (EW 0). Session totals: pair 4 2 + 2 = 4 of 4
# (100 %, first); pairs 1 (2 + 0) and 3 (0 + 2) 2 (50 %, second equal); pair 2 0 (0 %, fourth).
# The cumulative columns add an invented first session (a different order).
RUTER_TOTALS = [
    '[TotalScoreTable "Rank\\1R;PairId\\1R;Table\\1R;Direction\\5R;TotalScoreMP\\3R;'
    "TotalPercentage\\5R;Names\\19L;NrBoards\\1R;NrBoardsSession\\1R;SessionScoreMP\\3R;"
    'SessionPercentage\\6R;SessionRank\\1R;SessionRankTie\\1R"]',
    '1 4 2 "N-S" 6.0 75.00 "Cy Cole - Di Dunn"   4 2 4.0 100.00 1 -',
    '2 1 1 "N-S" 5.0 62.50 "Ann Able - Bob Baker" 4 2 2.0  50.00 2 3',
    '3 2 2 "Ö-V" 3.0 37.50 "Gus Gale - Hal Hunt" 4 2 0.0   0.00 4 -',
    '4 3 1 "Ö-V" 2.0 25.00 "Ed Eyre - Flo Ford"  4 2 2.0  50.00 2 3',
]
RUTER = [
    (
        1,
        [
            '1 1 1 2 4S  N 10 H2 "420"     -  2.0  0.0 100   0',
            '2 1 3 4 3N  N  9 D3 "400"     -  0.0  2.0   0 100',
        ],
    ),
    (
        3,
        [
            '1 2 1 3 3N  N  7 S4     - "100"  0.0  2.0   0 100',
            '2 2 4 2 3N  N  8 C5     -  "50"  2.0  0.0 100   0',
        ],
    ),
]


def ruter(tmp_path: Path) -> Path:
    games = [
        game("Ruter", board, rows, RUTER_TOTALS if board == 1 else None) for board, rows in RUTER
    ]
    return exported(tmp_path, "Ruter", games)


def test_a_second_session_s_figures_come_from_its_session_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The pairs' total, percentage and place are the session's (they were the cumulative
    ones, so every pair "differed"); Ö-V is East-West."""
    path = ruter(tmp_path)
    event = read_pbn(path)
    pairs = {p.number: (p.direction, p.total, p.percentage, p.place) for p in event.pairs}
    assert pairs == {
        4: ("NS", "4.0", "100.00", "1"),
        1: ("NS", "2.0", "50.00", "2"),
        2: ("EW", "0.0", "0.00", "4"),
        3: ("EW", "2.0", "50.00", "2"),
    }
    assert main(["session", str(path), "--compare"]) == 0
    out = capsys.readouterr().out
    assert "all 12 traveller numbers and 12 pair numbers agree" in out  # 4 lines, 4 pairs
    # One ranking (a Howell): the names of the pairs the file gives "N-S" are found too.
    for names in ("Ann Able & Bob Baker", "Cy Cole & Di Dunn", "Ed Eyre & Flo Ford"):
        assert names in out


@pytest.mark.parametrize(
    ("table", "held", "column"),
    [
        (
            '[TotalScoreTable "Rank;PlayerId;Direction;TotalScoreMP;Name"]',
            "an individual",
            "PlayerId",
        ),
        (
            '[ScoreTable "PlayerId_North;PlayerId_South;PlayerId_East;PlayerId_West;Score_NS"]',
            "an individual",
            "PlayerId_North",
        ),
        ('[TotalScoreTable "Rank;TeamId;TotalScoreVP;TeamName"]', "a teams", "TeamId"),
        (
            '[ScoreTable "Round;Table;TeamId_Home;TeamId_Away;VP_Home;VP_Away"]',
            "a teams",
            "TeamId_Home",
        ),
    ],
)
def test_files_of_other_events_say_what_they_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], table: str, held: str, column: str
) -> None:
    """An individual or a teams file was refused with "no PairId column": the refusal now
    names what the file holds and what xlbridge can do with it."""
    path = tmp_path / "event.pbn"
    path.write_text(f'[Event "x"]\n[Board "1"]\n[Competition "x"]\n{table}\n', encoding="utf-8")
    with pytest.raises(FileError) as raised:
        read_pbn(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: line 4: the file holds {held} event (its ")
    assert f"has a {column} column" in message
    if held == "a teams":
        assert "teams workbooks (xlbridge template teams-match, swiss-teams or league)" in message
    else:
        assert "nothing yet for individual events" in message
    assert main(["session", str(path)]) == 2  # one line, no traceback
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"the file holds {held} event" in err
