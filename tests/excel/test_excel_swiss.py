"""SWISS_DRAW and LATE_ENTRY through xlwings' Office.js dispatcher."""

from __future__ import annotations

import pytest

from xlbridge.scoring.swiss.draw import late_entry, played_matrix, swiss_draw


def test_late_entry_seed_numbers(call_udf) -> None:
    out = call_udf("LATE_ENTRY", [[1], [2], [3], [4], [5], [6], [""]], 6)
    assert [row[0] for row in out] == [0, 0, 14, 29, 45, 62, ""]
    assert call_udf("LATE_ENTRY", 7, 7) == [[75.0]]
    assert call_udf("LATE_ENTRY", 7, 7, 18) == [[float(late_entry(7, 7, 18))]]


def test_swiss_draw_round_two(call_udf) -> None:
    # Round 1: A beat B 20-0 and C beat D 20-0: winners meet, losers meet.
    teams = [["A"], ["B"], ["C"], ["D"]]
    out = call_udf("SWISS_DRAW", teams, [[20], [0], [20], [0]], [["A", "B"], ["C", "D"]], 3)
    assert sorted(frozenset(row[1:]) for row in out) == sorted([frozenset("AC"), frozenset("BD")])
    assert [row[0] for row in out] == [1, 2]


def test_swiss_draw_equals_the_core_with_a_cross_table_and_a_bye(call_udf) -> None:
    teams = ["A", "B", "C", "D", "E"]
    scores = [30, 22, 18, 15, 5]
    met = [[0, 1, 0, 0, 0], [1, 0, 0, 0, 0], [0, 0, 0, 1, 0], [0, 0, 1, 0, 0], [0] * 5]
    out = call_udf("SWISS_DRAW", [[t] for t in teams], [[s] for s in scores], met, 7)
    draw = swiss_draw(teams, scores, played_matrix(teams, met), 7)
    assert out[:-1] == [[i, h, a] for i, (h, a) in enumerate(draw.tables, 1)]
    assert out[-1] == ["bye", draw.bye, ""]


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("LATE_ENTRY", (7, 6), "session must be a whole number from 1 to sessions"),
        ("LATE_ENTRY", ([["x"]], 6), "session must hold numbers or blank cells, got 'x'"),
        ("SWISS_DRAW", ([["A"], ["A"]], [[1], [2]]), "'A'"),
        (
            "SWISS_DRAW",
            ([["A"], ["B"], ["C"]], [[1], [2], [3]], [["A", "B", "C"]]),
            "played must be two columns (team, team) or a 3 × 3 cross table, got 1 × 3",
        ),
        ("SWISS_DRAW", ([["A"], ["B"]], [[1], [2]], [["A", "Z"]]), "'Z'"),
    ],
)
def test_bad_input_names_the_value(call_udf, name, args, message) -> None:
    import xlwings

    with pytest.raises(xlwings.XlwingsError) as caught:
        call_udf(name, *args)
    assert message in str(caught.value)
