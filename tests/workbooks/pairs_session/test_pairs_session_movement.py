"""The pairs-session workbook filled in from a movement: its Traveller lists the movement's
lines, and with contracts typed in (by openpyxl, as a scorer types them) LibreOffice's
recalculation ranks the pairs exactly as the core scores the same lines."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import workbook_checks as checks
from openpyxl import load_workbook
from workbook_checks import blank, type_in

from xlbridge.errors import InputError
from xlbridge.scoring.movement.build import howell, mitchell
from xlbridge.scoring.session import Traveller, TravellerLine, score_session
from xlbridge.workbooks.pairs_session import build_pairs_session
from xlbridge.workbooks.pairs_session.book import RANKING, RANKING_SHEET, TRAVELLER, TRAVELLER_SHEET

CONTRACTS = (("4S", 10), ("3NT", 9), ("2H", 8), ("1NT", 7), ("5D", 11), ("4HX", 10))


def test_traveller_rows_are_the_movement_lines(tmp_path: Path) -> None:
    movement = howell(pairs=7, boards_per_round=2)
    book = build_pairs_session(plan=movement)
    assert (book.pairs, book.boards, book.movement) == (7, 14, "howell")
    # 7 rounds of 3 tables (one pair sits out), 2 boards a round: 42 lines, each board 3 times.
    assert book.lines == 42
    sheet = book.workbook[TRAVELLER_SHEET]
    rows = [
        tuple(
            sheet[f"{TRAVELLER[k]}{book.line_row(n)}"].value
            for k in ("board", "round", "table", "ns_pair", "ew_pair")
        )
        for n in range(1, book.lines + 1)
    ]
    assert rows == [(b, s.round, s.table, s.ns.number, s.ew.number) for b, s in movement.lines()]
    assert [r[0] for r in rows] == sorted(r[0] for r in rows)
    assert all(isinstance(v, int) for r in rows for v in r)  # typed values, not formulas
    assert all(blank(sheet[f"{TRAVELLER['contract']}{book.line_row(n)}"].value) for n in (1, 42))


def test_given_sizes_must_agree_with_the_movement() -> None:
    plan = mitchell(tables=5, boards_per_round=3)
    assert build_pairs_session(plan=plan, boards=15, pairs=10, movement="mitchell").lines == 75
    with pytest.raises(InputError, match="--boards 16 disagrees"):
        build_pairs_session(plan=plan, boards=16)
    with pytest.raises(InputError, match="--movement howell disagrees"):
        build_pairs_session(plan=plan, movement="howell")


def test_a_movement_too_big_for_the_workbook_says_why() -> None:
    """15 tables of 8 boards make 120 boards: the refusal names the movement, not a --boards
    the user never gave."""
    with pytest.raises(InputError) as caught:
        build_pairs_session(plan=mitchell(tables=15, boards_per_round=8))
    assert str(caught.value) == (
        "Mitchell, 15 tables: the movement's boards run from 1 to 120; the workbook holds 64 "
        "boards (fewer boards a round, or fewer rounds)"
    )


def test_recalculated_ranking_equals_the_core(libreoffice, tmp_path: Path) -> None:
    """A 5-table Mitchell with a half table (9 pairs: every board is played at 4 of the 5
    tables), contracts typed on every pre-filled line but one adjusted score, one passed-out
    board and one line not played (NP: that board's 3 results are factored by Neuberg):
    LibreOffice's North-South and East-West rankings equal the core's (places, pairs and
    percentages)."""
    movement = mitchell(pairs=9, boards_per_round=2)
    book = build_pairs_session(plan=movement)
    rng = random.Random(23)
    typed: dict[str, object] = {}
    lines: list[TravellerLine] = []
    for number, (board, s) in enumerate(movement.lines(), start=1):
        row = book.line_row(number)
        ns, ew = str(s.ns.number), str(s.ew.number)
        if number == 5:
            typed[f"{TRAVELLER['entered']}{row}"] = "A60/40"
            lines.append(TravellerLine.with_adjusted(board, ns, ew, "A60/40"))
            continue
        if number == 12:
            typed[f"{TRAVELLER['entered']}{row}"] = "NP"
            lines.append(TravellerLine.not_played(board, ns, ew))
            continue
        contract, target = rng.choice(CONTRACTS)
        if number == 9:
            contract = "PASS"
        by = rng.choice("NESW")
        tricks = min(13, max(0, target + rng.choice((-2, -1, 0, 0, 0, 1))))
        typed[f"{TRAVELLER['contract']}{row}"] = contract
        if contract != "PASS":
            typed[f"{TRAVELLER['by']}{row}"] = by
            typed[f"{TRAVELLER['tricks']}{row}"] = tricks
            lines.append(TravellerLine.with_contract(board, ns, ew, contract, by, tricks))
        else:
            lines.append(TravellerLine.with_contract(board, ns, ew, "PASS", "", ""))
    type_in(book.workbook[TRAVELLER_SHEET], typed)
    path = tmp_path / "evening.xlsx"
    values = checks.recalculated(libreoffice, book.workbook, path)
    core = score_session(Traveller.from_lines(lines), "mp", winners=2)
    sheet = values[RANKING_SHEET]
    for direction, rows in book.ranking_rows().items():
        expected = [p for p in core.pairs if p.direction == direction]
        got = [
            (
                sheet[f"{RANKING['place']}{row}"].value,
                str(sheet[f"{RANKING['pair']}{row}"].value),
                sheet[f"{RANKING['percent']}{row}"].value,
            )
            for row in rows[: len(expected)]
        ]
        assert [(g[0], g[1]) for g in got] == [(p.place, p.pair) for p in expected], direction
        assert [g[2] for g in got] == pytest.approx([p.percentage for p in expected], abs=1e-9)
        assert all(blank(sheet[f"{RANKING['pair']}{row}"].value) for row in rows[len(expected) :])
    assert len([p for p in core.pairs if p.direction == "EW"]) == 4  # EW 5 is the half table
    assert load_workbook(path)[TRAVELLER_SHEET][f"{TRAVELLER['round']}3"].value == "Round"
