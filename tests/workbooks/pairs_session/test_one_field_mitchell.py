"""An arrow-switched Mitchell filled in the pairs-session workbook ranks as one field: its
pairs are known by number and home direction (3NS, 3EW), as the movement names them, and the
recalculated Ranking sheet and ``session`` on the same file give one list of places.

The movement: 3 tables, one board a round, round 3 switched (EW pair 3 sits North-South at
table 2 on board 1 and so on). Scores typed, NS's, each board matchpointed 2 a win (top 4):

- board 1: 1NS v 1EW +420, 3NS v 2EW +450, 3EW v 2NS (switched) +50: NS 2, 4, 0;
- board 2: 2NS v 2EW -100, 1NS v 3EW +100, 1EW v 3NS (switched) +200: NS 0, 2, 4;
- board 3: 3NS v 3EW +620, 2NS v 1EW +620, 2EW v 1NS (switched) -200: NS 3, 3, 0.

Totals of 12: 1NS 2 + 2 + 4 = 8 (66.67 %); 1EW 2 + 4 + 1, 2NS 4 + 0 + 3 and 3NS 4 + 0 + 3 = 7
(58.33 %, 2=); 2EW 0 + 4 + 0 = 4 (33.33 %); 3EW 0 + 2 + 1 = 3 (25 %). One field: places 1 to 6.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from test_pairs_session import Line, fill
from workbook_checks import blank, recalculated

from xlbridge.cli.main import main
from xlbridge.io.pairs_session_workbook import read_session_workbook
from xlbridge.scoring.movement.build import mitchell
from xlbridge.workbooks.pairs_session import build_pairs_session
from xlbridge.workbooks.pairs_session.book import RANKING, RANKING_SHEET

SCORES = {1: [420, 450, 50], 2: [-100, 100, 200], 3: [620, 620, -200]}
PLACES = {
    "1NS": ("1", 66.67),
    "1EW": ("2=", 58.33),
    "2NS": ("2=", 58.33),
    "3NS": ("2=", 58.33),
    "2EW": ("5", 33.33),
    "3EW": ("6", 25.0),
}


def test_an_arrow_switched_mitchell_ranks_as_one_field(
    libreoffice, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = mitchell(tables=3, boards_per_round=1, arrow_switch=True)
    book = build_pairs_session(plan=plan)
    assert book.one_field
    by_board: dict[int, list[int]] = {board: list(scores) for board, scores in SCORES.items()}
    lines = [
        Line(board, s.ns.label, s.ew.label, entered=by_board[board].pop(0))
        for board, s in plan.lines()
    ]
    fill(book, lines)
    path = tmp_path / "EVENING.xlsx"
    book.workbook.save(path)
    values = recalculated(libreoffice, book.workbook, tmp_path / "recalculated.xlsx")
    sheet = values[RANKING_SHEET]
    listed = {}
    for row in book.ranking_rows()[""]:
        place, pair, percent = (
            sheet[f"{RANKING[k]}{row}"].value for k in ("place", "pair", "percent")
        )
        if not blank(pair):
            listed[pair] = (place, round(percent, 2))
    assert listed == PLACES
    read = read_session_workbook(path)
    assert read.winners == 1
    ranking = tmp_path / "ranking.csv"
    assert main(["session", str(path), "--ranking", str(ranking)]) == 0
    capsys.readouterr()
    with ranking.open(encoding="utf-8") as handle:
        ours = {
            row["pair"]: (row["place"], round(float(row["percentage"]), 2))
            for row in csv.DictReader(handle)
        }
    assert ours == PLACES
    # The workbook's own results are compared for numbered pairs only: said, not a traceback.
    assert main(["session", str(path), "--compare"]) == 2
    assert "--compare reads a workbook whose pairs are numbered" in capsys.readouterr().err
