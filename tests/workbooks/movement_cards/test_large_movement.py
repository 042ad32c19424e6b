"""The cards of a 99-table movement: work that grows with the rounds × tables, not its square.

The movement is a Mitchell read as a director's file would give it: NS pair t stays at table
t, EW pair e starts at table e and moves up one table a round (from table 99 to table 1), and
board t starts at table t and moves down one (from table 1 to table 99), one board a round.
Four rounds keep the test quick; the seatings are counted each time something walks through
all of them, which a lookup per seating made quadratic (the cards walked them for every
seating: hundreds of times here, 9,801 in the full 99 rounds).
"""

from __future__ import annotations

from collections.abc import Iterator

from xlbridge.scoring.movement.build import EW, NS, Movement, Pair, Seating
from xlbridge.scoring.movement.checks import balance, check_movement
from xlbridge.workbooks.movement_cards import build_movement_cards
from xlbridge.workbooks.movement_cards.build import TABLE_SHEET

TABLES, ROUNDS = 99, 4


class CountedSeatings(tuple[Seating, ...]):
    """The seatings, counting every walk through all of them."""

    walks = 0

    def __iter__(self) -> Iterator[Seating]:
        CountedSeatings.walks += 1
        return super().__iter__()


def big_mitchell() -> Movement:
    seatings = [
        Seating(
            r,
            t,
            Pair(t, NS),
            Pair((t - r) % TABLES + 1, EW),
            ((t + r - 2) % TABLES + 1,),
        )
        for r in range(1, ROUNDS + 1)
        for t in range(1, TABLES + 1)
    ]
    pairs = [Pair(t, home) for home in (NS, EW) for t in range(1, TABLES + 1)]
    return Movement("Big", CountedSeatings(seatings), tuple(pairs))


def test_a_99_table_movement_s_cards_walk_its_seatings_a_few_times_not_once_a_seating() -> None:
    movement = big_mitchell()
    warnings = check_movement(movement)
    found = balance(movement)
    CountedSeatings.walks = 0
    cards = build_movement_cards(movement, balance=found, warnings=warnings)
    # 396 seatings: a walk per seating (or per card row) would be hundreds.
    assert CountedSeatings.walks <= 20
    ws = cards.workbook[TABLE_SHEET]
    # Table 1's card: its title, the headings, then round 1: NS 1 against EW 1 on board 1;
    # EW 1 moves up to table 2, board 1 down to table 99.
    assert ws["A1"].value == "Table 1 · Big"
    round_1 = [ws.cell(3, column).value for column in range(1, 7)]
    assert round_1 == [1, "NS 1", "EW 1", "1", "EW 1 to table 2 EW", "table 99"]
    # Table 99, round 2 (its card starts at row 1 + 98 × (2 + 4)): EW 98 (up from table 98)
    # on board 1 (down from table 1); in round 3 EW 98 moves on to table 1, board 1 to 98.
    first = 1 + 98 * (2 + ROUNDS)
    assert ws.cell(first, 1).value == "Table 99 · Big"
    round_2 = [ws.cell(first + 3, column).value for column in range(1, 7)]
    assert round_2 == [2, "NS 99", "EW 98", "1", "EW 98 to table 1 EW", "table 98"]
