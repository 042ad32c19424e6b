"""The movement cards: what every card says, the page set-up, and the cards printed by
LibreOffice with every round's line found in the PDF's text (one conversion)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import rendering

from xlbridge.scoring.movement.build import howell, mitchell
from xlbridge.scoring.movement.checks import balance, check_movement
from xlbridge.workbooks.kit.event import HEADER_LIMIT
from xlbridge.workbooks.kit.printing import PAPER_SIZES
from xlbridge.workbooks.movement_cards import build_movement_cards
from xlbridge.workbooks.movement_cards.build import (
    BALANCE_SHEET,
    GUIDE_SHEET,
    SUMMARY_SHEET,
    TABLE_SHEET,
)

EVENT = "Tuesday Pairs & Friends"


def cards_for(movement, **options):
    return build_movement_cards(
        movement, balance=balance(movement), warnings=check_movement(movement), **options
    )


def sheet_rows(ws) -> list[list[object]]:
    return [[cell.value for cell in row] for row in ws.iter_rows()]


def test_table_card_says_where_pairs_and_boards_go() -> None:
    """A 6-table Mitchell with a relay and bye stand, read off the table cards: EW pairs move
    up a table; in round 1 sets 1 (tables 1 and 6), 2, 3 (tables 2, 3) are played, set 4
    rests on the bye stand between tables 3 and 4, and table 4 plays set 5 (boards 9-10),
    which goes to the bye stand next; tables 1 and 6 share."""
    cards = cards_for(mitchell(tables=6, boards_per_round=2), event=EVENT)
    rows = sheet_rows(cards.workbook[TABLE_SHEET])
    titles = [r[0] for r in rows if isinstance(r[0], str) and r[0].startswith("Table ")]
    assert len(titles) == 6
    card_4 = rows[rows.index(next(r for r in rows if r[0] == titles[3])) + 2]
    assert card_4[:4] == [1, "NS 4", "EW 4", "9-10"]
    assert card_4[4] == "EW 4 to table 5 EW"
    assert card_4[5] == "bye stand"
    card_1 = rows[2]
    assert card_1[:4] == [1, "NS 1", "EW 1", "1-2"]
    assert card_1[6] == "relay: share boards with table 6"
    assert not cards.guide_cards and GUIDE_SHEET not in cards.workbook.sheetnames


def test_guide_cards_and_summary_of_a_howell() -> None:
    movement = howell(pairs=5, boards_per_round=3)
    cards = cards_for(movement)
    assert cards.workbook.sheetnames == [SUMMARY_SHEET, TABLE_SHEET, GUIDE_SHEET, BALANCE_SHEET]
    text = " ".join(str(v) for row in sheet_rows(cards.workbook[GUIDE_SHEET]) for v in row if v)
    assert text.count("sit out") == 5 + 4  # a row each, and each pair's "Next round" once
    summary = " ".join(
        str(v) for row in sheet_rows(cards.workbook[SUMMARY_SHEET]) for v in row if v
    )
    assert "Relay: tables 1 and 2 share boards in round 1." in summary
    assert "1 winner" in summary and "Sitting out" in summary


def test_balance_sheet_of_a_perfectly_balanced_howell() -> None:
    """8 pairs, 3 boards a round: each board is played at 4 tables, comparing C(4, 2) = 6
    pairs a direction, so 21 boards × 12 = 252 comparisons over the 28 pairs of pairs: 9
    each when the Howell is balanced."""
    cards = cards_for(howell(pairs=8, boards_per_round=3))
    rows = sheet_rows(cards.workbook[BALANCE_SHEET])
    grid = [r[1:9] for r in rows if r[0] in {str(p) for p in range(1, 9)}]
    assert len(grid) == 8
    assert all(v == ("–" if i == j else 9) for i, r in enumerate(grid) for j, v in enumerate(r))


@pytest.mark.parametrize("paper", sorted(PAPER_SIZES))
def test_every_sheet_is_headed_by_the_event(paper: str) -> None:
    cards = cards_for(howell(pairs=8), event=EVENT, paper=paper)
    for ws in cards.workbook.worksheets:
        assert ws.oddHeader.center.text == "Tuesday Pairs && Friends"
        assert str(ws.page_setup.paperSize) == str(PAPER_SIZES[paper])
        assert ws.print_area and ws.protection.sheet
    assert cards.workbook[TABLE_SHEET].page_setup.orientation == "portrait"
    assert len(cards.workbook[TABLE_SHEET].row_breaks.brk) == 3  # a card a page


def test_a_long_event_name_is_cut_to_fit_the_header() -> None:
    name = "A & B " * 60
    cards = cards_for(howell(pairs=4), event=name)
    for ws in cards.workbook.worksheets:
        cut = ws.oddHeader.center.text
        assert cut.startswith("A && B") and cut.endswith("…")
        assert not re.search(r"(?<!&)&(?!&)", cut[:-1])  # no "&" left alone to start a code
        assert len(str(ws.oddHeader)) <= HEADER_LIMIT  # the whole header, codes counted


def test_printed_cards_hold_every_round(libreoffice, tmp_path: Path) -> None:
    """One PDF of a 5-pair Howell's cards (a relay, a pair sitting out each round): the event
    heads every page, every table card's round and every guide card's round is printed, and
    the table cards' text prints at 12 points or more."""
    movement = howell(pairs=5, boards_per_round=3)
    cards = cards_for(movement, event=EVENT)
    path = tmp_path / "cards.xlsx"
    cards.workbook.save(path)
    pdf = rendering.pdf(libreoffice, path)
    pages = rendering.page_texts(pdf)
    assert all(EVENT in page for page in pages)
    text = "\n".join(pages)
    for s in movement.seatings:
        boards = f"{s.boards[0]}-{s.boards[-1]}"
        table_line = rf"^\s*{s.round}\s+{s.ns.number}\s+{s.ew.number}\s+{boards}\b"
        assert re.search(table_line, text, re.MULTILINE), (s.round, s.table)
        for me, other, seat in ((s.ns, s.ew, "NS"), (s.ew, s.ns, "EW")):
            guide = rf"^\s*{s.round}\s+{s.table}\s+{seat}\s+{other.number}\s+{boards}\b"
            assert re.search(guide, text, re.MULTILINE), (me, s.round)
    for round_ in range(1, movement.rounds + 1):
        assert re.search(rf"^\s*{round_}\s+sit out", text, re.MULTILINE), round_
    assert "relay: share boards with table 2" in text
    # The table cards' pages (their footer names the sheet) print no text under 12 points.
    sizes = rendering.printed_sizes(pdf)
    table_pages = [i for i, page in enumerate(pages) if re.search(r"Table cards\s+Page", page)]
    assert len(table_pages) == movement.tables
    assert all(min(sizes[i].values()) >= 12 - 0.02 for i in table_pages)
