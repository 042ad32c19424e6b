"""Movement files as published ones are written: an odd-pair Howell with the phantom pair's
table left out (read renumbered, with a warning), and a movement in which every two pairs
meet equally often (read with a warning); any other repeat is still refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.errors import InputError
from xlbridge.io.movement_file import boards_text, read_movement
from xlbridge.scoring.movement.build import Movement, howell
from xlbridge.scoring.movement.checks import balance

HEADER = "round,table,ns,ew,boards,relay\n"


def _written_without(movement: Movement, left_out: int) -> str:
    """``movement`` as CSV with table number ``left_out`` unused: tables from it up are
    written one higher (relay names too), as a file that keeps the phantom's table."""

    def number(table: int) -> int:
        return table + (table >= left_out)

    rows = [
        f'{s.round},{number(s.table)},{s.ns.label},{s.ew.label},"{boards_text(s.boards)}",'
        + " ".join(str(number(t)) for t in s.shares)
        for s in movement.seatings
    ]
    return HEADER + "\n".join(rows) + "\n"


@pytest.mark.parametrize(
    ("pairs", "per_round", "left_out", "tables"),
    [(5, 1, 1, "2, 3 are numbered 1, 2"), (7, 2, 2, "1, 3, 4 are numbered 1, 2, 3")],
)
def test_phantom_table_left_out_is_read_renumbered_with_a_warning(
    tmp_path: Path, pairs: int, per_round: int, left_out: int, tables: str
) -> None:
    """Our Howell written with table ``left_out`` unused reads back as ours: the tables
    numbered 1 up again (and the relay of the 5-pair Howell's first round, 1 and 2)."""
    ours = howell(pairs=pairs, boards_per_round=per_round)
    path = tmp_path / "published.csv"
    path.write_text(_written_without(ours, left_out), encoding="utf-8")
    movement, warnings = read_movement(path)
    assert movement.seatings == ours.seatings
    assert warnings[0] == (
        f"{path}: table {left_out} is never used and a pair sits out every round: read as the "
        f"phantom pair's table, left out; tables {tables}"
    )
    if pairs == 5:
        assert movement.seating(1, 1).shares == (2,)  # type: ignore[union-attr]


def test_an_unused_table_with_nobody_sitting_out_is_still_refused(tmp_path: Path) -> None:
    """Eight pairs play every round: table 1 unused is a mistake, not a phantom's table."""
    path = tmp_path / "gap.csv"
    path.write_text(_written_without(howell(pairs=8), 1), encoding="utf-8")
    with pytest.raises(InputError, match="table 1 is never used: tables must run from 1 to 5"):
        read_movement(path)


def test_two_unused_tables_are_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "gaps.csv"
    path.write_text(HEADER + "1,3,1,2,1-2,\n2,3,1,3,3-4,\n3,3,2,3,5-6,\n", encoding="utf-8")
    with pytest.raises(InputError, match="table 1 is never used"):
        read_movement(path)


#: Four pairs, six rounds, every two pairs meeting twice: rounds 4-6 seat the meetings of
#: rounds 1-3 again, the boards of table 1 going to table 2 and back, the pair sitting NS at
#: table 2 of round r sitting EW at table 1 of round r + 3.
EQUAL_REPEATS = HEADER + (
    "1,1,1,2,1-3,\n1,2,3,4,4-6,\n"
    "2,1,1,3,7-9,\n2,2,2,4,10-12,\n"
    "3,1,1,4,13-15,\n3,2,2,3,16-18,\n"
    "4,1,2,1,4-6,\n4,2,3,4,1-3,\n"
    "5,1,3,1,10-12,\n5,2,2,4,7-9,\n"
    "6,1,4,1,16-18,\n6,2,2,3,13-15,\n"
)


def test_every_two_pairs_meeting_twice_is_read_with_a_warning(tmp_path: Path) -> None:
    """Balance by hand: in round r the two tables are {a NS, b EW} on X and {c NS, d EW} on
    Y; in round r + 3 X compares a with c and b with d, Y compares c with b and d with a.
    Rounds 1-3 give (1,3) (2,4) (2,3) (1,4); (1,2) (3,4) (3,2) (1,4); (1,2) (4,3) (4,2)
    (1,3): every two pairs twice, on 3 boards each: 6-6 (the published 2-table Howell)."""
    path = tmp_path / "twice.csv"
    path.write_text(EQUAL_REPEATS, encoding="utf-8")
    movement, warnings = read_movement(path)
    assert warnings == ["every two pairs meet twice, as often as each other: read as written"]
    found = balance(movement)
    assert (found.least, found.most) == (6, 6)


def test_an_unequal_repeat_is_still_refused(tmp_path: Path) -> None:
    """The first five of those rounds: pairs 1 and 4 (and 2 and 3) meet once, the others
    twice."""
    text = EQUAL_REPEATS.replace("6,1,4,1,16-18,\n6,2,2,3,13-15,\n", "")
    path = tmp_path / "unequal.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(
        InputError, match=r"line 8: round 4, table 1: pairs 2 and 1 meet twice \(round 1, table 1\)"
    ):
        read_movement(path)
