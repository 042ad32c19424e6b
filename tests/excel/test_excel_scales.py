"""The Excel functions of VP scales and IMPs, called through xlwings' Office.js dispatcher
(custom_functions_call)."""

from __future__ import annotations

import inspect

import pytest

WHITE_BOOK_8 = [
    [0, 0, 10, 10],
    [1, 2, 11, 9],
    [3, 4, 12, 8],
    [5, 6, 13, 7],
    [7, 9, 14, 6],
    [10, 12, 15, 5],
    [13, 15, 16, 4],
    [16, 18, 17, 3],
    [19, 23, 18, 2],
    [24, 29, 19, 1],
    [30, "", 20, 0],
]


@pytest.fixture(scope="module")
def xlwings_error() -> type[Exception]:
    import xlwings

    return xlwings.XlwingsError


def test_vpscale_white_book(call_udf) -> None:
    assert call_udf("VPSCALE", 8, None, None, None, None, "floor") == WHITE_BOOK_8


def test_vpscale_blank_optionals_mean_defaults(call_udf) -> None:
    default = call_udf("VPSCALE", 8)
    assert call_udf("VPSCALE", 8, "", "", "", "", "", "") == default
    assert [row[0] for row in default[1:]] == [1, 3, 6, 8, 10, 13, 16, 20, 24, 31]


def test_vpscale_negative_rows_follow_t0(call_udf) -> None:
    rows = call_udf("VPSCALE", 8, 6.5, "teams", 20, True, "ceil")
    assert rows[-6:] == [
        [31, 36, 20, 0],
        [37, 38, 20, -1],
        [39, 40, 20, -2],
        [41, 43, 20, -3],
        [44, 47, 20, -4],
        [48, "", 20, -5],
    ]


def test_vpscale_continuous_edges(call_udf) -> None:
    rows = call_udf("VPSCALE", 15, None, "butler", None, None, "none", 15)
    assert rows[-1][0] == pytest.approx(1.6684 * 23.2243, abs=0.001)
    assert rows[1][0] == rows[0][1]


def test_vpscale_pairs_percent_bounds(call_udf) -> None:
    rows = call_udf("VPSCALE", 8, 11, "pairs")
    assert rows[0] == [50, 50.65, 10, 10]
    assert rows[-1][0] == 68.35


def test_vp_range_with_empty_cells_keeps_shape_and_blanks(call_udf) -> None:
    margins = [[0, ""], [None, 31], [-31, 26.1]]
    assert call_udf("VP", margins, 8) == [[10, ""], ["", 20], [0, 19]]


def test_vp_zero_is_a_draw_not_a_blank(call_udf) -> None:
    assert call_udf("VP", 0, 8) == [[10]]


def test_vp_single_cell(call_udf) -> None:
    assert call_udf("VP", 24, 8, 6.5, "teams", 20, False, "floor") == [[19]]


def test_vp_negative(call_udf) -> None:
    assert call_udf("VP", [[-48, 48]], 8, None, None, None, True, "ceil") == [[-5, 20]]


def test_vp_aggregate_and_patton(call_udf) -> None:
    assert call_udf("VP", 2600, 24, 1790 / 24**0.5, "aggregate", None, None, "ceil") == [[12]]
    # Patton 2 boards: σ 9.19, 3-1 from 0.253σ = 2.3 → 2 IMPs, 4-0 from 0.842σ = 7.7 → 8.
    assert call_udf("VP", [[-30, 3, 1, 8]], 2, None, "patton") == [[0, 3, 2, 4]]


def test_vp_wbf_published_checks_and_blanks(call_udf) -> None:
    assert call_udf("VP_WBF", [[2, 10, 20, ""]], 14) == [[10.66, 12.97, 15.26, ""]]
    assert call_udf("VP_WBF", -60, 16) == [[0.0]]


def test_vp_wbf_discrete_whole_vps_on_the_ebu_8_board_table(call_udf) -> None:
    # EBU 8 boards: 11-9 1-3, 12-8 4-6, 19-1 31-38, 20-0 39+.
    margins = [[0, 3, 4, 38, 39, -39, ""]]
    assert call_udf("VP_WBF", margins, 8, True) == [[10, 11, 12, 19, 20, 0, ""]]
    # Blank or FALSE is the continuous scale (published: 14 boards, 2 IMPs → 10.66).
    assert call_udf("VP_WBF", 2, 14, "") == call_udf("VP_WBF", 2, 14, False) == [[10.66]]


def test_vp_and_vpscale_white_book_bounds(call_udf) -> None:
    # Swiss pairs, 8 boards: exactly 56.23 % is 14-6 on the White Book's table, 15-5 today.
    blanks = (None,) * 6
    assert call_udf("VP", 56.23, 8, None, "pairs", *blanks[:4], "white-book") == [[14]]
    assert call_udf("VP", 56.23, 8, None, "pairs") == [[15]]
    rows = call_udf("VPSCALE", 8, None, "pairs", *blanks[:4], "white-book")
    assert rows[4][:2] == [54.75, 56.23] and rows[5][:2] == [56.24, 57.83]


def test_imps_shape_and_blanks(call_udf) -> None:
    assert call_udf("IMPS", [[420, -50], ["", 4000]]) == [[9, -2], ["", 24]]


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("VPSCALE", (-3,), "boards must be a whole number from 1 to 200, got -3"),
        ("VPSCALE", (0,), "boards must be a whole number from 1 to 200, got 0"),
        ("VPSCALE", (8.5,), "boards must be a whole number from 1 to 200, got 8.5"),
        ("VPSCALE", (201,), "boards must be a whole number from 1 to 200, got 201"),
        ("VPSCALE", ("eight",), "boards must be a whole number from 1 to 200, got 'eight'"),
        ("VPSCALE", (8, 0), "k must be a number greater than 0, got 0"),
        ("VPSCALE", (8, "abc"), "k must be a number greater than 0, got 'abc'"),
        ("VPSCALE", (8, None, "rubber"), "form must be one of teams, teams8"),
        ("VPSCALE", (8, None, None, 13), "vp_total must be an even whole number"),
        ("VPSCALE", (8, None, None, 0), "vp_total must be an even whole number"),
        ("VPSCALE", (8, None, None, None, "maybe"), "negative must be TRUE or FALSE"),
        ("VPSCALE", (8, None, None, None, None, "up"), "rounding must be one of"),
        ("VPSCALE", (8, None, "butler"), "tables must be a whole number of at least 2"),
        ("VPSCALE", (8, None, "butler", None, None, None, 1), "tables must be a whole number"),
        ("VP", ([[3, "abc"]], 8), "margin must hold numbers or blank cells, got 'abc'"),
        ("VP", (3, -1), "boards must be a whole number from 1 to 200, got -1"),
        ("VP", (3, 8, -6.5), "k must be a number greater than 0, got -6.5"),
        ("VP", (130, 8, None, "pairs"), "margin must be a matchpoint percentage"),
        ("VP_WBF", ([["x"]], 8), "margin must hold numbers or blank cells, got 'x'"),
        ("VP_WBF", (3, 0), "boards must be a whole number from 1 to 200, got 0"),
        ("VP_WBF", (3, 8, "yes"), "discrete must be TRUE or FALSE, got 'yes'"),
        ("VP", (3, 8, *(None,) * 6, "top"), "bounds must be one of lower, white-book; got 'top'"),
        ("IMPS", ([[10, "ten"]],), "points must hold numbers or blank cells, got 'ten'"),
        ("IMPS", ([[True]],), "points must hold numbers or blank cells, got TRUE"),
    ],
)
def test_bad_input_is_an_excel_error_naming_argument(
    call_udf, xlwings_error, name: str, args: tuple, message: str
) -> None:
    with pytest.raises(xlwings_error) as caught:
        call_udf(name, *args)
    assert message in str(caught.value)
    assert "Traceback" not in str(caught.value)


def test_vpscale_rows_are_remembered_but_never_shared(udfs, call_udf) -> None:
    from xlbridge.excel import scales

    first = call_udf("VPSCALE", 9)
    first[0][2] = "changed by the caller"
    assert call_udf("VPSCALE", 9)[0][2] == 10  # a fresh copy each time
    assert (9, None, None, None, None, None, None, None) in scales._SCALE_ROWS
    with pytest.raises(Exception, match="boards must be a whole number"):
        call_udf("VPSCALE", -3)
    assert (-3, None, None, None, None, None, None) not in scales._SCALE_ROWS


def test_vpscale_called_with_fewer_cells_finds_its_cached_card(udfs) -> None:
    """VPSCALE(8) and VPSCALE(8, blank, …) are the same card and the same cache entry, so a
    recalculation is served from the cache whatever number of arguments the cell gives."""
    from xlbridge.excel import scales as module

    parameters = len(inspect.signature(module.VPSCALE).parameters)
    assert module._scale_key((8,)) == module._scale_key((8,) + (None,) * (parameters - 1))
    module.VPSCALE(8)
    assert module._cached_scale_rows((8,)) is not None
