"""The board-scoring Excel functions through xlwings' Office.js dispatcher (seeds 002, 004)."""

from __future__ import annotations

import pytest

# Seed 002: other results 460, 430×3, 420×3, 400; the ruled pair gets 60 % of 430, 40 % of 400.
FIELD = [[460], [430], [430], [430], [420], [420], [420], [400]]


@pytest.fixture(scope="module")
def xlwings_error() -> type[Exception]:
    import xlwings

    return xlwings.XlwingsError


def test_matchpoints_seed_002_weighted_row(call_udf) -> None:
    scores = [[s, ""] for (s,) in FIELD] + [[430, 400]]
    weights = [["", ""]] * 8 + [[0.6, 0.4]]
    out = call_udf("MATCHPOINTS", scores, weights)
    assert [row[0] for row in out] == [16, 11.4, 11.4, 11.4, 4.8, 4.8, 4.8, 0.4, 7]  # exactly
    assert sum(row[0] for row in out) == pytest.approx(9 * 8)  # N(N−1)


def test_matchpoints_blank_row_is_not_played_and_zero_is_a_score(call_udf) -> None:
    out = call_udf("MATCHPOINTS", [[0], [""], [-50], [50]], None, "percent")
    assert out == [[50.0], [""], [0.0], [100.0]]


def test_weighted_mp_seed_002(call_udf) -> None:
    assert call_udf("WEIGHTED_MP", FIELD, [[430, 400]], [[0.6, 0.4]]) == [[pytest.approx(7.0)]]
    acbl = call_udf("WEIGHTED_MP", FIELD, [[430, 400]], [[0.6, 0.4]], "acbl")
    assert acbl == [[pytest.approx(3.5)]]


def test_cross_imps_sum_to_zero_and_blank_rows(call_udf) -> None:
    out = call_udf("CROSS_IMPS", [[420], [""], [450], [-50], [420]])
    assert out[1] == [""]
    assert sum(row[0] for row in out if row[0] != "") == pytest.approx(0)


def test_datum_butler_rounding_and_bastille(call_udf) -> None:
    # Seed 004: 480, 450×3.5, 420×2, −50×2.5, −100 (weights as fractional frequencies).
    scores = [
        [480, ""],
        [450, ""],
        [450, ""],
        [450, ""],
        [450, 420],
        [420, -50],
        [420, ""],
        [-50, ""],
        [-50, ""],
        [-100, ""],
    ]
    weights = [
        [1, ""],
        [1, ""],
        [1, ""],
        [1, ""],
        [0.5, 0.5],
        [0.5, 0.5],
        [1, ""],
        [1, ""],
        [1, ""],
        [1, ""],
    ]
    assert call_udf("DATUM", scores, weights, None, "bastille") == [[pytest.approx(286.25)]]
    assert call_udf("DATUM", scores, weights) == [[290.0]]


def test_butler_imps_against_datum(call_udf) -> None:
    out = call_udf("BUTLER_IMPS", [[420], [450], [400], [-50]], None, 0)
    # Plain mean 305 → datum 310 (an exact 5 away from zero): +110, +140, +90, −360.
    assert [row[0] for row in out] == [3, 4, 3, -8]


def test_datum_rounding_of_an_exact_5(call_udf) -> None:
    # 645 and 605: mean 625 → 630 away from zero (default) or 620 to the even ten.
    scores = [[645], [605]]
    assert call_udf("DATUM", scores) == [[630.0]]
    assert call_udf("DATUM", scores, None, None, None, "away") == [[630.0]]
    assert call_udf("DATUM", scores, None, None, "butler", "even") == [[620.0]]
    assert call_udf("DATUM", [[-400], [-490]]) == [[-450.0]]
    assert call_udf("DATUM", [[-400], [-490]], None, None, None, "even") == [[-440.0]]
    # Against 630: +15 → 0, −25 → −1; against 620: +25 → 1, −15 → 0.
    assert call_udf("BUTLER_IMPS", scores) == [[0.0], [-1.0]]
    assert call_udf("BUTLER_IMPS", scores, None, None, None, "even") == [[1.0], [0.0]]


def test_neuberg_range_and_scorings(call_udf) -> None:
    # 8 results, E = 9: (MP + 1)·9/8 − 1; a blank stays blank.
    out = call_udf("NEUBERG", [[14], [""], [0]], 8, 9)
    assert out == [[pytest.approx(15.875)], [""], [pytest.approx(0.125)]]
    assert call_udf("NEUBERG", 7, 8, 9, "acbl") == [[pytest.approx(7.9375)]]
    assert call_udf("NEUBERG", 100, 8, 9, "percent") == [[pytest.approx(15.875 / 16 * 100)]]


def test_matchpoints_neuberg_with_one_result(call_udf) -> None:
    # A lone result factored to 10 results gets the average: (0 + 1)·10/1 − 1 = 9 of 18.
    assert call_udf("MATCHPOINTS", [[420], [""]], None, None, 10) == [[9.0], [""]]


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("MATCHPOINTS", ([[430, 400]],), "weights must be given for every component: row 1, col"),
        (
            "MATCHPOINTS",
            ([[430, ""], [420, ""]], [["", ""], ["", 1]]),
            "must stand beside a score: row 2",
        ),
        (
            "MATCHPOINTS",
            ([[430, 400], [420, ""]], [[0.6, 0.3], ["", ""]]),
            "weights of row 1 must add up to 1, got 0.9",
        ),
        (
            "MATCHPOINTS",
            ([[430, 400], [420, ""]], [[1.4, -0.4], ["", ""]]),
            "weights must be at least 0: row 1, column 2",
        ),
        ("MATCHPOINTS", ([[430], [""]],), "scores must hold at least 2 results, got 1"),
        ("CROSS_IMPS", ([[430]],), "scores must hold at least 2 results, got 1"),
        ("BUTLER_IMPS", ([[""], [-50]],), "scores must hold at least 2 results, got 1"),
        (
            "MATCHPOINTS",
            ([[430], [420], [400]], None, None, 2),
            "expected must be at least the number of results (3), got 2",
        ),
        (
            "WEIGHTED_MP",
            ([[""]], [[430, 400]], [[0.6, 0.4]]),
            "field must hold at least 1 other result",
        ),
        ("WEIGHTED_MP", (FIELD, [[430, ""]], [[0.6, 0.4]]), "weights must stand beside a score"),
        (
            "NEUBERG",
            (15, 8, 9),
            "mp must lie between the bottom and the top of english scoring, got 15",
        ),
        ("NEUBERG", (5, 8, 7), "expected must be at least the number of results, got 7"),
        ("NEUBERG", (5, "", 9), "results must be a whole number"),
        ("NEUBERG", (5, 8, 9, "swiss"), "scoring must be one of"),
        ("MATCHPOINTS", ([[430], ["x"]],), "scores must hold numbers or blank cells, got 'x'"),
        ("MATCHPOINTS", ([[430], [420]], None, "swiss"), "scoring must be one of"),
        ("MATCHPOINTS", ([[430], [420]], [[1, 1]]), "weights must be the same shape as scores"),
        ("CROSS_IMPS", ([[430], [420]], None, "all"), "divisor must be one of"),
        ("DATUM", ([[430], [420]], None, None, "median"), "method must be one of"),
        ("DATUM", ([[430], [420]], None, "lots"), "trim must be a number, got 'lots'"),
        ("DATUM", ([[430], [420]], None, None, None, "up"), "rounding must be one of away, even"),
        ("BUTLER_IMPS", ([[430], [420]], None, None, None, 5), "rounding must be text"),
        ("WEIGHTED_MP", (FIELD, [[430, 400]], [[0.6]]), "weights must have one cell per score"),
    ],
)
def test_bad_input_names_argument(call_udf, xlwings_error, name, args, message) -> None:
    with pytest.raises(xlwings_error) as caught:
        call_udf(name, *args)
    assert message in str(caught.value)
