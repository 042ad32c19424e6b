"""Results as scorers write them (=, +1, -2 or the tricks) in the pairs-session workbook's text
Tricks cells, and the event, date and club ``template`` stores there, carried to ``session``.

One workbook, worked out by hand, is made by ``template`` with ``--event``, ``--date`` and
``--club``, typed through openpyxl (strings into the text cells, as Excel keeps them), then
recalculated once in LibreOffice and scored by ``session`` with no option: the same scores line
by line, the same ranking, the event details in the results pack's header.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from test_pairs_session import Line, fill, line_values
from workbook_checks import recalculated

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.io.pairs_session_workbook import read_session_workbook
from xlbridge.io.travellers.session_csv import read_session
from xlbridge.workbooks.pairs_session.book import (
    PAIRS,
    PAIRS_SHEET,
    TRAVELLER,
    TRAVELLER_SHEET,
    PairsSessionBook,
)
from xlbridge.workbooks.ready_made import make_template

EVENT = {"event": "Tuesday Pairs", "date": "30/11/2026", "club": "Riverside BC"}

#: A 4-pair Howell, three boards, two lines each, worked out by hand (Law 77):
#: board 1 (none vulnerable) 3NT by N "+1" = +430, 2H by S "=" = +110;
#: board 2 (NS vulnerable) 3NT by S 9 tricks (a number) = +600, 1NT by N "−1" (a typographic
#: minus) = -100; board 3 (EW vulnerable) 4S by E "-2" = NS +200, 4S by E " 10 " = -620.
LINES = [
    Line(1, 1, 2, "3NT", "N", "+1"),
    Line(1, 3, 4, "2H", "S", "="),
    Line(2, 1, 4, "3NT", "S", 9),
    Line(2, 2, 3, "1NT", "N", "−1"),
    Line(3, 1, 3, "4S", "E", "-2"),
    Line(3, 2, 4, "4S", "E", " 10 "),
]
SCORES = [430, 110, 600, -100, 200, -620]
#: The better NS score on each board takes the top, 2: pair 1 (NS on every board) 6 of 6;
#: pair 4 2 + 2 + 0 = 4 (66.67 %), pair 3 0 + 0 + 2 = 2 (33.33 %), pair 2 nothing.
PERCENTAGES = {"1": 100.0, "4": 66.67, "3": 33.33, "2": 0.0}


@pytest.fixture(scope="module")
def typed(tmp_path_factory: pytest.TempPathFactory) -> tuple[PairsSessionBook, Path]:
    made = make_template("pairs-session", pairs=4, boards=3, movement="howell", **EVENT)
    book = made.workbook
    session = PairsSessionBook(book, 4, 3, "howell")
    fill(session, LINES)
    path = tmp_path_factory.mktemp("written") / "EVENING.xlsx"
    book.save(path)
    return session, path


def test_results_as_written_score_alike_in_the_workbook_and_session(
    libreoffice, typed: tuple[PairsSessionBook, Path], tmp_path: Path
) -> None:
    book, path = typed
    sheet = book.workbook[TRAVELLER_SHEET]
    tricks = [sheet[f"{TRAVELLER['tricks']}{book.line_row(n)}"] for n in range(1, 7)]
    assert [cell.number_format for cell in tricks] == ["@"] * 6
    assert [cell.value for cell in tricks][:2] == ["+1", "="]  # kept as text, not 1
    values = recalculated(libreoffice, book.workbook, tmp_path / "recalculated.xlsx")
    lines = [line_values(values, book, n) for n in range(1, 7)]
    assert [line["ns_score"] for line in lines] == SCORES
    assert [line["check"] for line in lines] == ["ok"] * 6
    ours = read_session_workbook(path).traveller
    assert ours.ns_score.tolist() == SCORES
    ranking = tmp_path / "ranking.csv"
    assert main(["session", str(path), "--ranking", str(ranking)]) == 0
    with ranking.open(encoding="utf-8") as handle:
        got = {row["pair"]: float(row["percentage"]) for row in csv.DictReader(handle)}
    assert got == pytest.approx(PERCENTAGES, abs=0.005)
    pairs = values[PAIRS_SHEET]
    sheet_percent = {
        str(number): pairs[f"{PAIRS['percent']}{row}"].value for _, number, row in book.pair_rows()
    }
    assert sheet_percent == pytest.approx(PERCENTAGES, abs=0.005)


def test_event_date_and_club_reach_the_pack_without_options(
    typed: tuple[PairsSessionBook, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, path = typed
    assert read_session_workbook(path).event == EVENT
    pack = tmp_path / "RESULTS.xlsx"
    assert main(["session", str(path), "-o", str(pack)]) == 0
    header = _header(pack)
    assert all(text in header for text in EVENT.values()), header
    # Options given win over the workbook's own.
    again = tmp_path / "AGAIN.xlsx"
    assert main(["session", str(path), "-o", str(again), "--club", "Hill BC"]) == 0
    header = _header(again)
    assert "Hill BC" in header and "Riverside BC" not in header and "Tuesday Pairs" in header
    capsys.readouterr()


def _header(path: Path) -> str:
    from openpyxl import load_workbook

    sheet = load_workbook(path).worksheets[0]
    return str(sheet.oddHeader.center.text)


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        ("++1", "Result must be the tricks taken (0-13) or a result such as =, +1 or -2"),
        ("+0", "Result must be the tricks taken (0-13) or a result such as =, +1 or -2"),
        ("010", "Result must be the tricks taken (0-13) or a result such as =, +1 or -2"),
        ("1.5", "Result must be the tricks taken (0-13) or a result such as =, +1 or -2"),
        ("+2", "Result +2 is impossible for 6NT: it means 14 tricks"),
        ("-13", "Result -13 is impossible for 6NT: it means -1 tricks"),
    ],
)
def test_a_result_no_contract_can_have_names_its_cell(
    tricks: str, message: str, tmp_path: Path
) -> None:
    """The reader's words are the Check column's (test_pairs_session's BAD_LINES)."""
    book = PairsSessionBook(
        make_template("pairs-session", pairs=4, boards=1).workbook, 4, 1, "mitchell"
    )
    fill(book, [Line(1, 1, 1, "6NT", "N", tricks), Line(1, 2, 2, "6NT", "N", "+1")])
    path = tmp_path / "EVENING.xlsx"
    book.workbook.save(path)
    with pytest.raises(InputError) as caught:
        read_session_workbook(path)
    assert f"Traveller!{TRAVELLER['tricks']}{book.line_row(1)}: {message}" in str(caught.value)


def test_a_traveller_csv_takes_the_same_forms(tmp_path: Path) -> None:
    path = tmp_path / "travellers.csv"
    rows = [
        "board,ns,ew,contract,by,tricks",
        "1,1,1,3NT,N,+1",
        "1,2,2,2H,S,=",
        "3,1,2,4S,E,-2",
        "3,2,1,4S,E,10",
    ]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert read_session(path).ns_score.tolist() == [430, 110, 200, -620]
