"""Producers' conventions as session options: cross-IMPs summed or averaged, Butler trimmed
from three tables, boards with an artificial score left unfactored (each worked by hand)."""

from __future__ import annotations

import pytest

from xlbridge.errors import InputError
from xlbridge.scoring.boards.cross_imps import cross_imps
from xlbridge.scoring.boards.datums import butler_imps, datum
from xlbridge.scoring.session import SessionOptions, Traveller, TravellerLine, score_session

L = TravellerLine

#: One board, three tables: NS 420, 450 and −50 (the IMP table's bands used below: 20–40 → 1,
#: 130–160 → 4, 170–210 → 5, 320–360 → 8, 430–490 → 10, 500–590 → 11).
THREE = [L.with_score(1, 1, 11, 420), L.with_score(1, 2, 12, 450), L.with_score(1, 3, 13, -50)]


def _ns_values(options: SessionOptions) -> dict[str, float]:
    result = score_session(Traveller.from_lines(THREE), options=options)
    (board,) = result.travellers
    return {line.ns_pair: line.ns_value for line in board.lines}


@pytest.mark.parametrize(
    ("divisor", "divided_by"), [("comparisons", 2), ("scores", 3), ("none", 1), (None, 2)]
)
def test_cross_imps_summed_or_divided_worked_by_hand(divisor: str | None, divided_by: int) -> None:
    """420: −1 against 450 (30), +10 against −50 (470): 9 in all. 450: +1 and +11 (500): 12.
    −50: −10 and −11: −21. Divided by the comparisons (2), the scores (3) or not at all."""
    values = _ns_values(SessionOptions(method="ximp", divisor=divisor))  # type: ignore[arg-type]
    expected = {"1": 9 / divided_by, "2": 12 / divided_by, "3": -21 / divided_by}
    assert values == pytest.approx(expected)
    board = cross_imps([1, 1, 1], [1, 2, 3], [420, 450, -50], divisor=divisor or "comparisons")
    assert list(board.value) == pytest.approx([expected["1"], expected["2"], expected["3"]])


def test_butler_trimmed_from_three_tables_is_against_the_median() -> None:
    """By default three results keep every score: datum (420 + 450 − 50)/3 = 273.3 → 270;
    420 − 270 = 150 → 4, 450 − 270 = 180 → 5, −50 − 270 = −320 → −8. With trim the top and
    bottom go: the datum is the median, 420: 0, 30 → 1, −470 → −10."""
    assert _ns_values(SessionOptions(method="butler")) == {"1": 4, "2": 5, "3": -8}
    assert _ns_values(SessionOptions(method="butler", trim=True)) == {"1": 0, "2": 1, "3": -10}
    core = datum([1, 1, 1], [1, 2, 3], [420, 450, -50], trim_from=3)
    assert list(core.value) == [420]
    imps = butler_imps([1, 1, 1], [1, 2, 3], [420, 450, -50], trim_from=3)
    assert list(imps.value) == [0, 1, -10]


def test_trim_leaves_two_tables_alone() -> None:
    """A board of two results has no extremes to drop: the datum is their mean, (450 + 420)/2
    = 435 → 440 (an exact 5 away from zero): −20 → −1 and 10 → 0."""
    lines = [L.with_score(1, 1, 11, 420), L.with_score(1, 2, 12, 450)]
    result = score_session(Traveller.from_lines(lines), options=SessionOptions("butler", trim=True))
    (board,) = result.travellers
    assert {line.ns_pair: line.ns_value for line in board.lines} == {"1": -1, "2": 0}
    assert result.trim is True and result.divisor == "comparisons"


def test_no_factoring_scores_an_adjusted_board_over_its_real_results() -> None:
    """Board 1: 450, 420, −50 and an A60/40; board 2: four real results. Unfactored, board 1's
    real results are matchpointed among themselves over their own top of 4: 4, 2, 0, and
    A60/40 gets 60 % and 40 % of 4 (2.4, 1.6); board 2 keeps its top of 6. By default board 1
    is Neuberg-factored to 4 results instead (17/3, 3, 1/3 of 6; A60/40 3.6)."""
    lines = [
        L.with_score(1, 1, 11, 450),
        L.with_score(1, 2, 12, 420),
        L.with_score(1, 3, 13, -50),
        L.with_adjusted(1, 4, 14, "A60/40"),
    ]
    lines += [L.with_score(2, n, 10 + n, score) for n, score in enumerate((1, 2, 3, 4), 1)]
    unfactored = score_session(Traveller.from_lines(lines), factoring="none")
    board1, board2 = unfactored.travellers
    assert board1.top == 4 and board2.top == 6
    values = {line.ns_pair: (line.ns_value, line.ew_value) for line in board1.lines}
    expected = {"1": (4, 0), "2": (2, 2), "3": (0, 4), "4": (2.4, 1.6)}
    assert values.keys() == expected.keys()
    for pair, shares in expected.items():
        assert values[pair] == pytest.approx(shares)
    pair4 = next(pair for pair in unfactored.pairs if pair.pair == "4" and pair.direction == "NS")
    # NS 4: 2.4 of 4 on board 1, 6 of 6 on board 2 (4 beats 3, 2, 1): 8.4 of 10.
    assert pair4.percentage == pytest.approx(84)
    factored = score_session(Traveller.from_lines(lines))
    assert factored.travellers[0].top == 6


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"method": "mp", "divisor": "none"}, "--divisor is for ximp, got --method mp"),
        ({"method": "ximp", "trim": True}, "--trim is for butler, got --method ximp"),
        ({"method": "ximp", "divisor": "tables"}, "divisor must be one of comparisons"),
        ({"trim": "yes"}, "trim must be TRUE or FALSE"),
    ],
)
def test_options_that_do_not_apply_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(InputError, match=message):
        SessionOptions(**options)  # type: ignore[arg-type]


def test_a_files_declared_convention_fills_in_what_was_not_given() -> None:
    """A PBN file's Scoring tag says how its cross-IMPs were divided or its datum trimmed: the
    file's word counts where the options say nothing, and only with its method."""
    given = SessionOptions()
    assert given.for_file("ximp", None, "none", None).chosen_divisor == "none"
    assert given.for_file("butler", None, None, True).trim is True
    assert SessionOptions(divisor="scores").for_file("ximp", None, "none").divisor == "scores"
    assert given.for_file("mp", None, "none", True) == SessionOptions(method="mp")
    chosen = SessionOptions(method="ximp").for_file("butler", None, "none", True)
    assert chosen.divisor == "none" and chosen.trim is None
