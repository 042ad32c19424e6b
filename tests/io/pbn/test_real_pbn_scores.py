"""PBN score tables as real exporters write them: the score columns of a passed-out board and
of an artificial adjusted score.

The structures mirror two public sources (names, numbers and events here are invented):

- the ACBL Live hand-record exporter (a PHP page, ``% PBN 2.1`` / ``% EXPORT`` with CRLF line
  ends, header ``Setion\\1L;PairId_NS\\2R;…;Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;MP_EW\\4R;
  Names_NS;Names_EW``): both score columns filled (the EW one the NS one turned round), a
  passed-out board as contract ``PASS`` with score 0, and an artificial adjusted score as the
  two sides' own words, ``AVE+`` in Score_NS and ``AVE-`` in Score_EW;
- a club's BridgeComposer captures as a reader of them describes them (ishermandom's
  session_analysis tests, MIT): ``PASS`` written where the NS score goes, ``-`` in the other.

Expected matchpoints are worked by hand (Law 12C2 for the adjusted score: average-plus is 60 %,
average-minus 40 % of the top; Neuberg's formula for the two results compared among
themselves).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.io.event_files.contents import FileError
from xlbridge.io.event_files.conversion import traveller_of
from xlbridge.io.pbn.read import read_pbn
from xlbridge.scoring.session import score_session

DEAL = '[Deal "N:AKQ2.AK3.AK4.AKQ JT98.QJT.QJT.JT9 765.9876.9876.87 43.542.532.65432"]'
ACBL_HEADER = (
    '[ScoreTable "Setion\\1L;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1L;Result\\2R;'
    'Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;MP_EW\\4R;Names_NS;Names_EW"]'
)


def acbl_row(cells: str, ns_names: str, ew_names: str) -> str:
    """A row as the ACBL Live page prints it: the NS names padded to 30 characters."""
    return f"{cells} {ns_names:<30} {ew_names}"


def exported(tmp_path: Path, header: str, rows: list[str], scoring: str = "MP2") -> Path:
    """A one-board export as the ACBL Live page writes it: CRLF line ends, its comments first."""
    lines = [
        "% PBN 2.1",
        "% EXPORT",
        '[Event "2026.01.05 1:00 PM Placeholder Open Pairs"]',
        '[Site "Placeholder Sectional"]',
        '[Date "2026.01.05"]',
        '[Board "1"]',
        '[Dealer "N"]',
        '[Vulnerable "None"]',
        DEAL,
        f'[Scoring "{scoring}"]',
        '[Lead ""]',
        header,
        *rows,
        "",
    ]
    path = tmp_path / "export.pbn"
    path.write_bytes("\r\n".join(lines).encode("iso-8859-1"))
    return path


def three_tables(tmp_path: Path, middle: str, tops: tuple[str, str]) -> Path:
    """The ACBL Live export of a board played three times: 4S= by N (NS 1 v EW 2), the row
    ``middle`` (NS 3 v EW 4) and 3NT-1 by S (NS 5 v EW 6); ``tops`` are the file's matchpoints
    of the pairs that won both of their comparisons."""
    rows = [
        acbl_row(f"A 1  2  4S   N 10   420  -420 {tops[0]}  0.00", "An.Ab-Bo.Ba", "Cy.Co-Di.Du"),
        acbl_row(f"A 3  4  {middle}", "Ed.Ev-Fl.Fo", "Gi.Ge-Ha.Hy"),
        acbl_row(f"A 5  6  3NT  S  8   -50    50 0.00  {tops[1]}", "Iv.Id-Jo.Ja", "Ki.Ka-Lu.Le"),
    ]
    return exported(tmp_path, ACBL_HEADER, rows)


def values(path: Path, method: str) -> dict[tuple[str, str], tuple[float, float]]:
    """(NS pair, EW pair) → (NS, EW) matchpoints as xlbridge scores the file's board."""
    (board,) = score_session(traveller_of(read_pbn(path)), method).travellers
    return {(line.ns_pair, line.ew_pair): (line.ns_value, line.ew_value) for line in board.lines}


def test_average_plus_and_minus_split_over_the_two_score_columns(tmp_path: Path) -> None:
    """AVE+ in Score_NS and AVE- in Score_EW is one artificial score, 60 % to NS and 40 % to EW
    (it was refused: "score must be a number … got 'AVE+'")."""
    path = three_tables(tmp_path, "-    -  -  AVE+  AVE- 1.20  0.80", ("1.00", "1.00"))
    event = read_pbn(path)
    assert [line.score for line in event.lines] == ["420", "AVE+/AVE-", "-50"]
    # Top 4 (three tables, 2 a comparison). The two results compared with each other (top 2:
    # 420 gets 2, -50 gets 0) are Neuberg-factored to three tables: (2 + 1) x 3/2 - 1 = 3.5 and
    # (0 + 1) x 3/2 - 1 = 0.5; the adjusted table gets 60 % and 40 % of 4.
    assert values(path, "mp") == {
        ("1", "2"): (3.5, 0.5),
        ("3", "4"): (2.4, 1.6),
        ("5", "6"): (0.5, 3.5),
    }


def test_a_passed_out_board_as_the_acbl_page_writes_it(tmp_path: Path) -> None:
    """Contract PASS, no declarer or result, 0 in both score columns: a score of 0."""
    path = three_tables(tmp_path, "PASS -  -     0     0 1.00  1.00", ("2.00", "2.00"))
    assert [line.score for line in read_pbn(path).lines] == ["420", "0", "-50"]
    # ACBL matchpoints, one a comparison: 420 beats both (2), 0 beats -50 (1), -50 none.
    assert values(path, "acbl") == {("1", "2"): (2, 0), ("3", "4"): (1, 1), ("5", "6"): (0, 2)}


BRIDGECOMPOSER_HEADER = (
    '[ScoreTable "Section;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;'
    'MP_NS;MP_EW;Names_NS\\13;Names_EW"]'
)


def test_pass_written_where_the_score_goes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A passed-out board with PASS in Score_NS and '-' in Score_EW scores 0 (it was refused:
    "score must be a number, an adjusted score or NP, got 'PASS'"); the file's 1-a-win
    matchpoints then agree with --method acbl."""
    path = exported(
        tmp_path,
        BRIDGECOMPOSER_HEADER,
        [
            "A 1 2 4S N 10 420 - 2.00 0.00 Able-Baker    Cole-Dunn",
            "A 3 4 3NTX S 8 - 100 0.00 2.00 Eve-Fox       Gee-Hay",
            "A 5 6 PASS - - PASS - 1.00 1.00 Ide-Jay       Kay-Lee",
        ],
        scoring="MatchPoints",
    )
    assert [line.score for line in read_pbn(path).lines] == ["420", "-100", "0"]
    assert main(["session", str(path), "--method", "acbl", "--compare", "--quiet"]) == 0
    assert "all 9 traveller numbers and 0 pair numbers agree" in capsys.readouterr().out


def test_mp2_is_one_matchpoint_a_comparison(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The ACBL Live export writes Scoring MP2 with ACBL matchpoints (1 a comparison: the top
    of three tables is 2), Magic Contest writes MatchPoints;MP1 with 2 a comparison (top 42
    for 22 tables, tested in test_pbn): MP2 is read as --method acbl, so the file's own
    numbers agree without saying so (they all differed, by a factor of two)."""
    path = three_tables(tmp_path, "PASS -  -     0     0 1.00  1.00", ("2.00", "2.00"))
    assert read_pbn(path).method == "acbl"
    assert main(["session", str(path), "--compare", "--quiet"]) == 0
    assert "all 9 traveller numbers and 0 pair numbers agree" in capsys.readouterr().out


def test_results_one_game_a_table_are_named_as_such(tmp_path: Path) -> None:
    """A file giving each table's result as its own game (pbntools, BBO) has no pair numbers to
    rescore: the refusal says so, and where its deals can go, rather than "no results"."""
    game = '[Board "1"]\n[North "Pair-1"]\n' + DEAL + '\n[Contract "3NT"]\n[Result "9"]\n\n'
    path = tmp_path / "tables.pbn"
    path.write_text(game * 2, encoding="utf-8")
    with pytest.raises(FileError, match="each table's result as a game of its own") as error:
        read_pbn(path)
    assert "xlbridge deals" in str(error.value) and "\n" not in str(error.value)
