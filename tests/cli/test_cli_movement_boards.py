"""A movement's boards as the director numbered them: counted, not read off the highest
number, and a movement whose boards are played at one table each said to be unscorable."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.io.pairs_session_workbook import read_session_workbook
from xlbridge.workbooks.kit.values import enter_text
from xlbridge.workbooks.pairs_session.book import (
    BOARDS,
    BOARDS_SHEET,
    FIRST_ROW,
    TRAVELLER,
    TRAVELLER_SHEET,
)


def boards_41_to_61(tmp_path: Path) -> Path:
    """A 3-table Mitchell of 7 boards a round on boards 41-61: NS t stays at table t, EW e
    moves up a table a round, the sets (41-47, 48-54, 55-61) down one."""
    sets = ("41-47", "48-54", "55-61")
    rows = ["round,table,ns,ew,boards"]
    for r in range(1, 4):
        for t in range(1, 4):
            rows.append(f'{r},{t},{t}NS,{(t - r) % 3 + 1}EW,"{sets[(t + r - 2) % 3]}"')
    path = tmp_path / "late.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_boards_41_to_61_are_21_boards_in_the_movement_and_its_workbook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = boards_41_to_61(tmp_path)
    assert main(["movement", str(source)]) == 0
    assert "3 rounds, 3 tables, 6 pairs, 21 boards in 3 sets" in capsys.readouterr().out
    out = tmp_path / "late.xlsx"
    assert main(["template", "pairs-session", "-o", str(out), "--movement", str(source)]) == 0
    assert "21 boards, 63 traveller lines filled in" in capsys.readouterr().out
    book = load_workbook(out)
    boards = book[BOARDS_SHEET]
    numbers = [boards[f"{BOARDS['board']}{row}"].value for row in range(FIRST_ROW, FIRST_ROW + 22)]
    assert numbers == [*range(41, 62), None]  # a row a board, 41 to 61, and no more
    traveller = book[TRAVELLER_SHEET]
    assert traveller[f"{TRAVELLER['board']}{FIRST_ROW}"].value == 41
    rules = [
        rule
        for rule in traveller.data_validations.dataValidation
        if f"{TRAVELLER['board']}{FIRST_ROW}" in rule.sqref
    ]
    assert [(rule.formula1, rule.formula2) for rule in rules] == [("41", "61")]
    # Every line typed (4♠ by N, 10 tricks): the workbook reads back with its boards.
    for row in range(FIRST_ROW, FIRST_ROW + 63):
        enter_text(traveller[f"{TRAVELLER['contract']}{row}"], "4S")
        enter_text(traveller[f"{TRAVELLER['by']}{row}"], "N")
        traveller[f"{TRAVELLER['tricks']}{row}"] = 10
    book.save(out)
    read = read_session_workbook(out)
    played = read.traveller.board.tolist()
    assert read.boards == 21 and sorted(set(played)) == list(range(41, 62)) and len(played) == 63
    traveller[f"{TRAVELLER['board']}{FIRST_ROW}"] = 5  # not one of the movement's boards
    book.save(out)
    with pytest.raises(InputError, match="Board must be a whole number from 41 to 61, got 5"):
        read_session_workbook(out)


def every_board_once(tmp_path: Path) -> Path:
    """4 pairs, 2 rounds of 2 tables, each table on boards of its own: 1-4 and 9, then 11-12
    and 5."""
    path = tmp_path / "once.csv"
    path.write_text(
        "round,table,ns,ew,boards\n1,1,1,2,1-4\n1,2,3,4,9\n2,1,1,3,11-12\n2,2,2,4,5\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("command", ["movement", "template"])
def test_a_movement_whose_boards_are_each_played_once_is_warned_about(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = every_board_once(tmp_path)
    args = {
        "movement": ["movement", str(source)],
        "template": ["template", "pairs-session", "-o", str(tmp_path / "x.xlsx")],
    }[command]
    assert main([*args, "--movement", str(source)] if command == "template" else args) == 0
    err = capsys.readouterr().err
    assert (
        "xlbridge: warning: boards 1-5, 9, 11-12 are played once: they cannot be scored "
        "(nothing to compare)"
    ) in err
