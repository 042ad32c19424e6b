"""The handicap Excel functions through xlwings' Office.js dispatcher (Project 52)."""

from __future__ import annotations

import numpy as np
import pytest

from xlbridge.scoring.handicap import expected_result, handicap_change


@pytest.fixture(scope="module")
def xlwings_error() -> type[Exception]:
    import xlwings

    return xlwings.XlwingsError


def test_start_handicap_table_and_blanks(call_udf) -> None:
    out = call_udf("HANDICAP_START", [[0], [50], [""], [300], [3000]])
    assert [row[0] for row in out[:2]] == pytest.approx([52, 52 / 1.5])
    assert out[2] == [""]
    assert round(out[3][0], 1) == 13.0 and round(out[4][0], 2) == 1.68


def test_expected_percent_of_a_pair_of_13_among_34_7s(call_udf) -> None:
    field = [[34.7]] * 11 + [[13.0]]
    out = call_udf("HANDICAP_EXPECTED", 13.0, field)
    assert out == [[pytest.approx(50 + (34.7 - 13.0) / 2)]]
    assert round(out[0][0], 1) == 60.8
    # A range of own handicaps gives one expected result per row, blank for blank.
    rows = call_udf("HANDICAP_EXPECTED", [[13.0], [""], [34.7]], field)
    assert rows[1] == [""]
    assert rows[2][0] == pytest.approx(50 + float(expected_result(34.7, np.ravel(field))))


def test_expected_imps_for_a_team_match(call_udf) -> None:
    # (30 − 24)/(½·12) = 1 IMP per board.
    assert call_udf("HANDICAP_EXPECTED", 24, 30, "team", "imp") == [[pytest.approx(1.0)]]


def test_delta_of_ten_percent_over_expectation_is_minus_1_06(call_udf) -> None:
    field = [[30.0]] * 12
    out = call_udf("HANDICAP_DELTA", 30.0, field, 60.0, 24)
    assert round(out[0][0], 2) == -1.06
    assert out[0][0] == pytest.approx(float(handicap_change(30.0, np.full(12, 30.0), 10.0, 24)))


def test_delta_ranges_played_and_blank_results(call_udf) -> None:
    own = [[20.0], [30.0], [40.0], [25.0]]
    achieved = [[55.0], [""], [45.0], [52.0]]
    played = [[24], [24], [""], [12]]
    out = call_udf("HANDICAP_DELTA", own, own, achieved, 24, played)
    assert out[1] == [""]
    h = np.array([20.0, 30.0, 40.0, 25.0])
    want = handicap_change(h[[0, 2, 3]], h, np.array([5.0, -5.0, 2.0]), 24, [24, 24, 12])
    assert [out[i][0] for i in (0, 2, 3)] == pytest.approx(want)


def test_delta_datum_and_individual(call_udf) -> None:
    own = [[20.0], [40.0]]
    out = call_udf("HANDICAP_DELTA", own, own, [[0.5], [-0.5]], 24, None, "pairs", "imp", True)
    want = handicap_change([20.0, 40.0], [20.0, 40.0], [0.5, -0.5], 24, method="imp", datum=True)
    assert [row[0] for row in out] == pytest.approx(want)
    out = call_udf("HANDICAP_EXPECTED", 20, [[20], [30], [40]], "individual")
    assert out == [[pytest.approx(50 + 15 / 4)]]


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("HANDICAP_START", ([[-5]],), "masterpoints must be at least 0, got -5"),
        ("HANDICAP_START", ([["many"]],), "masterpoints must hold numbers or blank cells"),
        ("HANDICAP_EXPECTED", (13, [[13]]), "needs at least 2 entries, got 1"),
        ("HANDICAP_EXPECTED", (13, [[13], [20]], "quads"), "form must be one of pairs"),
        ("HANDICAP_EXPECTED", (13, [[13], [20]], None, "mp"), "method must be one of topscore"),
        ("HANDICAP_EXPECTED", (13, [[13], [20]], None, None, "yes"), "datum must be TRUE or FALSE"),
        ("HANDICAP_EXPECTED", ([[1], [2]], [[3], [4], [5]], "team"), "field must be one cell or"),
        ("HANDICAP_DELTA", (13, [[13], [20]], 55, 0), "boards must be a whole number from 1 to"),
        ("HANDICAP_DELTA", (13, [[13], [20]], 55, 24, 30), "played must be at most boards, got 30"),
        ("HANDICAP_DELTA", (13, [[13], [20]], [[55], [45]], 24), "achieved must be the same shape"),
        ("HANDICAP_DELTA", (20, [[20]] * 12, 160, 24), "achieved must be a percentage from 0"),
        ("HANDICAP_EXPECTED", (60, [[13], [34.7]]), "own must hold handicaps of at most 52"),
        ("HANDICAP_EXPECTED", (13, [[13], [61]]), "field must hold handicaps of at most 52"),
        (
            "HANDICAP_DELTA",
            ([[13], [20]], [[13], [20]], [[55], [45]], 24, [[1], [2], [3]]),
            "played must be one cell or the same shape as own",
        ),
    ],
)
def test_bad_input_names_argument(call_udf, xlwings_error, name, args, message) -> None:
    with pytest.raises(xlwings_error) as caught:
        call_udf(name, *args)
    assert message in str(caught.value)
