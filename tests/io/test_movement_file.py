"""Movement CSV files: written and read back unchanged, the notations of boards and pairs, and
every bad file refused with its name, line, round and table."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.errors import InputError
from xlbridge.io.movement_file import boards_text, movement_csv, read_movement
from xlbridge.scoring.movement.build import Pair, howell, mitchell
from xlbridge.scoring.movement.checks import check_movement


@pytest.mark.parametrize(
    "movement",
    [
        mitchell(tables=8, arrow_switch=True, boards_per_round=3),
        mitchell(pairs=13, even=None, boards_per_round=2),
        mitchell(tables=6, even="skip"),
        howell(pairs=6, boards_per_round=4),
        howell(pairs=9),
    ],
    ids=["mitchell-relay-arrow", "mitchell-half-table", "mitchell-skip", "howell-6", "howell-9"],
)
def test_round_trip(tmp_path: Path, movement) -> None:
    path = tmp_path / "movement.csv"
    path.write_text(movement_csv(movement), encoding="utf-8")
    read, warnings = read_movement(path)
    assert read.seatings == movement.seatings
    assert set(read.pairs) == set(movement.pairs)
    assert read.winners == movement.winners
    assert warnings == check_movement(movement)


def test_notations(tmp_path: Path) -> None:
    """Board lists, ranges and both; semicolons; a relay column; Mitchell pairs by direction,
    one arrow-switched table."""
    path = tmp_path / "mine.csv"
    path.write_text(
        "Round;Table;NS;EW;Boards;Relay\n"
        "1;1;1NS;1EW;1,2,3;\n"
        "1;2;2ns;2ew;4-5,6;\n"
        "2;1;2EW;1NS;7-9;2\n"
        "2;2;2NS;1EW;7-9;1\n",
        encoding="utf-8",
    )
    movement, warnings = read_movement(path)
    first = movement.seating(1, 2)
    assert first is not None and first.boards == (4, 5, 6)
    assert first.ns == Pair(2, "NS") and first.ew == Pair(2, "EW")
    switched = movement.seating(2, 1)
    assert switched is not None and switched.switched and switched.shares == (2,)
    assert movement.winners == 1
    assert warnings[0].startswith("boards 1-6 are played once: they cannot be scored")
    assert "boards are played 1 to 2 times" in warnings[1]


def test_boards_text() -> None:
    assert boards_text((4, 5, 6)) == "4-6"
    assert boards_text((4, 6)) == "4,6"
    assert boards_text((9,)) == "9"


GOOD_HEADER = "round,table,ns,ew,boards\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("round,table,ns,boards\n1,1,1,1-3\n", "ew"),
        (GOOD_HEADER + "1,1,1,2,1-3\none,2,3,4,4-6\n", "line 3: round: expected a round"),
        (GOOD_HEADER + "1,1,1,2,1-3\n1,2,3,4X,4-6\n", "line 3: ew: expected a pair number"),
        (GOOD_HEADER + "1,1,1,2,3-1\n", "line 2: boards: the range '3-1'"),
        (GOOD_HEADER + "1,1,1,2,0\n", "line 2: boards: expected a board number"),
        (GOOD_HEADER + '1,1,1,2,"1,1"\n', "line 2: boards: a board is given twice"),
        (GOOD_HEADER + "1,1,1,2,1-3\n1,2,3NS,4EW,4-6\n", "line 3: pairs must all be plain"),
        (GOOD_HEADER + "1,1,1NS,2,1-3\n", "line 2: pairs must both be plain"),
        (
            GOOD_HEADER + "1,1,1,2,1-3\n1,2,1,3,4-6\n",
            "line 3: round 1, table 2: pair 1 is also at table 1",
        ),
        (
            GOOD_HEADER + "1,1,1,2,1-3\n1,2,3,4,4-6\n2,1,1,3,1-3\n2,2,2,4,7-9\n",
            "line 4: round 2, table 1: pair 1 plays board 1 twice",
        ),
        (
            GOOD_HEADER + "1,1,1,2,1-3\n1,2,3,4,4-6\n3,1,1,3,7-9\n",
            "round 2 is missing",
        ),
        (
            GOOD_HEADER + "1,1,1,2,1-3\n1,2,3,4,1-3\n",
            "line 3: round 1, table 2: board 1 is also at table 1 in this round and no relay",
        ),
        (
            GOOD_HEADER + "1,1,1,2,1-3\n2,1,2,1,4-6\n3,1,1,3,7-9\n",
            "line 3: round 2, table 1: pairs 2 and 1 meet twice",
        ),
        (GOOD_HEADER, "no records below the header"),
        (
            "round,table,ns,ew,boards,relay\n1,1,1,2,1-3,1\n",
            "line 2: round 1, table 1: shares boards with itself",
        ),
        (
            GOOD_HEADER + "1,1,1,2,1-3\n1,3,3,4,4-6\n",
            "table 2 is never used: tables must run from 1 to 3",
        ),
        (GOOD_HEADER + "1,50,1,2,1-3\n", "table 1 is never used: tables must run from 1 to 50"),
    ],
)
def test_bad_files_are_refused_naming_file_and_line(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as error:
        read_movement(path)
    assert str(error.value).startswith(str(path))
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        # 101 tables in one round (5,000 tables took 38 s and ran out of memory comparing
        # every two pairs' boards)
        ([f"1,{t},{2 * t - 1},{2 * t},{t}" for t in range(1, 102)], "101 tables; at most 100"),
        # one table, a new pair of pairs every round
        ([f"{r},1,{2 * r - 1},{2 * r},{r}" for r in range(1, 102)], "202 pairs; at most 200"),
    ],
)
def test_a_movement_file_beyond_any_club_section_is_refused(
    tmp_path: Path, rows: list[str], message: str
) -> None:
    path = tmp_path / "huge.csv"
    path.write_text(GOOD_HEADER + "\n".join(rows) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as error:
        read_movement(path)
    assert str(error.value) == f"{path}: {message} in a movement file"
