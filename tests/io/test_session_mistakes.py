"""Every mistake of a typed pairs-session workbook in one run: one line each, sorted by sheet
and row, in the Check column's own words, and nothing scored or written while any remain; and
the results a director would query, warned of by cell."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.errors import InputError, InputErrors, Mistakes
from xlbridge.io.pairs_session_workbook import read_session_workbook
from xlbridge.workbooks.kit.values import enter_text
from xlbridge.workbooks.pairs_session import build_pairs_session
from xlbridge.workbooks.pairs_session.book import PAIRS, PAIRS_SHEET, TRAVELLER, TRAVELLER_SHEET

T = TRAVELLER


def _typed(tmp_path: Path, rows: dict[str, object], pairs: dict[str, object] | None = None) -> Path:
    """An 8-pair Howell of 4 boards with ``rows`` typed into the Traveller and ``pairs`` into
    the Pairs sheet (by cell)."""
    book = build_pairs_session(pairs=8, boards=4, movement="howell")
    for sheet, cells in ((TRAVELLER_SHEET, rows), (PAIRS_SHEET, pairs or {})):
        for ref, value in cells.items():
            if isinstance(value, str):
                enter_text(book.workbook[sheet][ref], value)
            else:
                book.workbook[sheet][ref] = value
    path = tmp_path / "EVENING.xlsx"
    book.workbook.save(path)
    return path


def _line(row: int, board: object, ns: object, ew: object, **typed: object) -> dict[str, object]:
    cells = {f"{T['board']}{row}": board, f"{T['ns_pair']}{row}": ns, f"{T['ew_pair']}{row}": ew}
    cells.update({f"{T[key]}{row}": value for key, value in typed.items()})
    return cells


#: Five rows, each with a different mistake (worked out by hand from the Check column's
#: rules), among good lines: the cell each names and the Check column's words for it.
FIVE = {
    **_line(4, 1, 1, 2, contract="4S", by="N", tricks=10),
    **_line(5, 1, 3, 4, contract="3NY", by="S", tricks=9),  # no such strain
    **_line(6, 1, 5, 6, contract="4S", by="N"),  # Tricks blank
    **_line(7, 2, 1, 3, entered=-55),  # not a multiple of 10
    **_line(8, 2, 9, 4, entered=100),  # only 8 pairs
    **_line(9, 2, 5, 7, contract="2H", by="Q", tricks=8),  # no such seat
    **_line(10, 3, 2, 6, contract="1NT", by="E", tricks=7),
}
EXPECTED = [
    (f"{T['contract']}5", "Contract not understood: type e.g. 4S, 3NT, 4HX, 2DXX or PASS"),
    (f"{T['tricks']}6", "Tricks is blank"),
    (f"{T['entered']}7", "Score must be a multiple of 10 from -7600 to 7600"),
    (f"{T['ns_pair']}8", "NS pair must be a whole number from 1 to 8"),
    (f"{T['by']}9", "By must be N, E, S or W"),
]


def test_five_mistakes_give_five_lines_in_one_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _typed(tmp_path, FIVE)
    pack = tmp_path / "pack.xlsx"
    assert main(["session", str(path), "-o", str(pack)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 5 and captured.out == ""
    for line, (cell, words) in zip(lines, EXPECTED, strict=True):
        assert line.startswith(f"xlbridge: error: {path}: Traveller!{cell}: {words}")
    assert not pack.exists()  # nothing scored, nothing written


def _check_words(path: Path) -> list[str]:
    """The messages the Traveller's Check column can show: the text literals of its problem
    formula, as far as their first joined-in value ("Pair "&...)."""
    from openpyxl import load_workbook

    formula = str(load_workbook(path)[TRAVELLER_SHEET][f"{T['problem']}4"].value)
    return [text for text in re.findall(r'"((?:[^"]|"")*)"', formula) if text[:1].isupper()]


def test_the_messages_are_the_check_columns_words(tmp_path: Path) -> None:
    """What the reader says of a cell begins with what the workbook's own Check column says of
    it (a plainer "got …" may follow)."""
    path = _typed(tmp_path, FIVE)
    words = _check_words(path)
    with pytest.raises(InputErrors) as caught:
        read_session_workbook(path)
    for message, (_, expected) in zip(caught.value.messages, EXPECTED, strict=True):
        detail = message.split(": ", 2)[2]
        assert expected in words and detail.startswith(expected)


def test_mistakes_on_two_sheets_and_a_repeated_line(tmp_path: Path) -> None:
    """A pair listed twice on the Pairs sheet, a pair with two lines on one board and a line
    of one pair against itself: the Traveller's mistakes first (the first sheet), each sheet's
    in row order."""
    rows = {
        **_line(4, 1, 1, 2, entered=420),
        **_line(5, 1, 3, 1, entered=400),  # pair 1 again on board 1
        **_line(6, 1, 5, 6, entered="A70/30"),
        **_line(7, 2, 7, 7, entered=100),  # a Howell's pair on both sides
    }
    path = _typed(tmp_path, rows, {f"{PAIRS['pair']}4": 1})
    with pytest.raises(InputErrors) as caught:
        read_session_workbook(path)
    assert caught.value.messages == [
        f"{path}: Traveller!{T['ew_pair']}5: Pair 1 has another line on board 1 (row 4)",
        f"{path}: Traveller!{T['entered']}6: Adjusted score: 60, 50 or 40 a side (A60/40, "
        "A+/A-) or NP, got A70/30",
        f"{path}: Traveller!{T['ew_pair']}7: NS and EW are the same pair",
        f"{path}: Pairs!{PAIRS['pair']}4: pair 1 is listed twice",
    ]


def test_at_most_fifty_are_listed() -> None:
    mistakes = Mistakes()
    for row in range(60, 0, -1):
        mistakes.add(f"line {row}: bad", (row,))
    with pytest.raises(InputErrors) as caught:
        mistakes.raise_if_any()
    lines = str(caught.value).splitlines()
    assert len(lines) == 51 and lines[0] == "line 1: bad" and lines[49] == "line 50: bad"
    assert lines[50] == "and 10 more"
    assert isinstance(caught.value, InputError)
    Mistakes().raise_if_any()  # none: nothing raised


def test_results_a_director_queries_are_warned_of_by_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Board 1: 4S making (+420) and 4S five down (-250, not vulnerable). Board 2 (NS
    vulnerable): 2H making (+110) and 6H making (+1430): 1,320 apart, and a slam where the
    other line bid no game. Scored all the same (exit 0), listed in the pack's notes."""
    rows = {
        **_line(4, 1, 1, 2, contract="4S", by="N", tricks=10),
        **_line(5, 1, 3, 4, contract="4S", by="N", tricks=5),
        **_line(6, 2, 1, 3, contract="2H", by="N", tricks=8),
        **_line(7, 2, 2, 4, contract="6H", by="N", tricks=12),
    }
    path = _typed(tmp_path, rows)
    pack = tmp_path / "pack.xlsx"
    assert main(["session", str(path), "-o", str(pack)]) == 0
    far = "is more than 1,000 points from every other score on the board"
    queries = [
        f"{path}: Traveller!{T['tricks']}5: board 1, NS 3 v EW 4: 4S by N went 5 down",
        f"{path}: Traveller!{T['contract']}6: board 2, NS 1 v EW 3: NS +110 {far}",
        f"{path}: Traveller!{T['contract']}7: board 2, NS 2 v EW 4: NS +1430 {far}",
        f"{path}: Traveller!{T['contract']}7: board 2, NS 2 v EW 4: 6H by N: a slam on a board "
        "where no other line bid game",
    ]
    err = capsys.readouterr().err.splitlines()
    assert err[:-1] == [f"xlbridge: warning: {query}" for query in queries]
    assert err[-1].startswith("scored 4 pairs on 2 boards")  # the summary, last as always
    from openpyxl import load_workbook

    notes = [cell for row in load_workbook(pack)["Travellers"].values for cell in row if cell]
    assert [note for note in notes if str(note).startswith("• ")] == [
        f"• {query}" for query in queries
    ]


def test_a_traveller_files_queries_name_its_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "night.csv"
    path.write_text("Board,NS,EW,Contract,By,Tricks\n1,1,2,3NT,S,9\n1,3,4,3NT,S,4\n")
    assert main(["session", str(path)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert (
        err[0] == f"xlbridge: warning: {path}, line 3: board 1, NS 3 v EW 4: 3NT by S went 5 down"
    )
