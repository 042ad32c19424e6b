"""Where the boards go next when a table's boards part (the half-sets of the 3-table
Howell): each group of boards is named with its next table; boards not played again once."""

from __future__ import annotations

from xlbridge.scoring.movement.build import howell, mitchell
from xlbridge.workbooks.movement_cards.routes import boards_next


def test_half_sets_are_routed_half_by_half() -> None:
    """6 pairs, 20 boards: table 1 plays boards 1-4 in round 1; boards 1-2 are played next at
    table 3 in round 2 (with 9-10) and 3-4 at table 2 in round 3 (with 19-20), worked from the
    half-sets: the 5-pair and 6-pair tests check those seatings."""
    movement = howell(pairs=6, boards_per_round=4)
    first = movement.seating(1, 1)
    assert first is not None and first.boards == (1, 2, 3, 4)
    assert movement.seating(2, 3).boards == (1, 2, 9, 10)  # type: ignore[union-attr]
    assert movement.seating(3, 2).boards == (3, 4, 19, 20)  # type: ignore[union-attr]
    assert boards_next(movement, first) == "1-2 to table 3; 3-4 to table 2 in round 3"
    last_of_1_2 = movement.seating(5, 3)
    assert last_of_1_2 is not None and last_of_1_2.boards[:2] == (1, 2)
    assert boards_next(movement, last_of_1_2) == ""  # the last round


def test_boards_not_played_again_are_named() -> None:
    """Round 4, table 2 plays 3-4 for the third time (after table 1 in round 1 and table 2 in
    round 3: all three tables' pairs have played them) and 5-6, played next at table 2 in
    round 5 (with 11-12)."""
    movement = howell(pairs=6, boards_per_round=4)
    seating = movement.seating(4, 2)
    assert seating is not None and seating.boards == (3, 4, 5, 6)
    assert movement.seating(5, 2).boards == (5, 6, 11, 12)  # type: ignore[union-attr]
    assert boards_next(movement, seating) == "3-4 not played again; 5-6 to table 2"


def test_boards_played_nowhere_later_say_so_once() -> None:
    """A skip Mitchell of 4 tables and its revenge round: set 3 (board 3) is at table 1 in
    round 3, the last round it is played (the revenge round plays new boards)."""
    movement = mitchell(tables=4, revenge=True, boards_per_round=1)
    seating = movement.seating(3, 1)
    assert seating is not None and seating.boards == (3,)
    assert boards_next(movement, seating) == "not played again"


def test_a_table_playing_halves_of_two_sets_shows_its_boards_whole() -> None:
    """6 pairs, 20 boards: table 2 plays 13-14 and 19-20 in round 2. On its table card the
    two runs stand a line each, centred and wrapped (13,14,19,20 overflowed the column); on
    the guide cards, in smaller type, they fit one line of the Boards column."""
    from openpyxl.utils import get_column_letter

    from xlbridge.scoring.movement.checks import balance
    from xlbridge.workbooks.kit.layout import wrapped_lines
    from xlbridge.workbooks.movement_cards.build import (
        GUIDE_COLUMNS,
        GUIDE_SHEET,
        TABLE_SHEET,
        build_movement_cards,
    )
    from xlbridge.workbooks.movement_cards.page import CARD_PER_WIDTH

    movement = howell(pairs=6, boards_per_round=4)
    assert movement.seating(2, 2).boards == (13, 14, 19, 20)  # type: ignore[union-attr]
    halves = [s for s in movement.seatings if s.boards == (13, 14, 19, 20)]
    book = build_movement_cards(movement, balance=balance(movement)).workbook
    table = [c for row in book[TABLE_SHEET].iter_rows() for c in row if c.value == "13-14\n19-20"]
    assert len(table) == len(halves)
    assert all(c.alignment.wrap_text and c.alignment.horizontal == "center" for c in table)
    guide = book[GUIDE_SHEET]
    boards = next(i for i, c in enumerate(GUIDE_COLUMNS, start=1) if c.key == "boards")
    texts = [c.value for c in guide[get_column_letter(boards)] if c.value == "13-14,19-20"]
    assert len(texts) == 2 * len(halves)  # on the cards of both pairs of each such table
    width = GUIDE_COLUMNS[boards - 1].width
    assert wrapped_lines(texts[0], width * CARD_PER_WIDTH) == 1
