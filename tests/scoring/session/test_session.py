"""A pairs session: board results, Neuberg for adjusted scores, totals, places, winners."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import InputError, InputErrors
from xlbridge.scoring.boards.split_scores import score_traveller
from xlbridge.scoring.session import (
    Adjusted,
    Traveller,
    TravellerLine,
    factored_total,
    parse_adjusted,
    score_session,
)
from xlbridge.scoring.session.totals import spreadsheet_hundredths

L = TravellerLine


def session(lines: list[TravellerLine], **options: object):  # type: ignore[no-untyped-def]
    return score_session(Traveller.from_lines(lines), **options)  # type: ignore[arg-type]


def by_pair(result) -> dict[tuple[str, str], object]:  # type: ignore[no-untyped-def]
    return {(p.direction, p.pair): p for p in result.pairs}


# --------------------------------------------------------------------------------------------
# Worked by hand


def test_neuberg_with_an_adjusted_score_worked_by_hand() -> None:
    """Board 1, four tables; table 4 got A60/40. The other three results, 450, 420 and −50,
    are matchpointed among themselves (top 4): 4, 2, 0; Neuberg to 4 results,
    MP' = (MP + 1)·4/3 − 1: 17/3, 3, 1/3 (top 6). A60/40 gives NS 60 % of 6 = 3.6 and EW 2.4."""
    lines = [
        L.with_score(1, 1, 11, 450),
        L.with_score(1, 2, 12, 420),
        L.with_score(1, 3, 13, -50),
        L.with_adjusted(1, 4, 14, "A60/40"),
    ]
    result = session(lines)
    (board,) = result.travellers
    assert board.top == 6 and board.results == 3
    values = {line.ns_pair: (line.ns_value, line.ew_value) for line in board.lines}
    assert values["1"] == pytest.approx((17 / 3, 1 / 3))
    assert values["2"] == pytest.approx((3, 3))
    assert values["3"] == pytest.approx((1 / 3, 17 / 3))
    assert values["4"] == pytest.approx((3.6, 2.4))
    pairs = by_pair(result)
    assert pairs[("NS", "4")].percentage == pytest.approx(60)  # type: ignore[attr-defined]
    assert pairs[("EW", "14")].percentage == pytest.approx(40)  # type: ignore[attr-defined]
    assert pairs[("NS", "1")].percentage == pytest.approx(17 / 3 / 6 * 100)  # type: ignore[attr-defined]


def test_fewer_results_factored_to_the_most_played_board() -> None:
    """Board 1 has 3 results, board 2 has 2 (table 3 did not play it). Board 2 is factored to 3
    results: 100 beats −100: MP 2 and 0 of top 2 → (2+1)·3/2 − 1 = 3.5 and 0.5 of top 4.
    With factoring "available" board 2 keeps its top of 2 (2 and 0)."""
    lines = [
        L.with_score(1, 1, 4, 420),
        L.with_score(1, 2, 5, 400),
        L.with_score(1, 3, 6, 50),
        L.with_score(2, 1, 5, 100),
        L.with_score(2, 2, 6, -100),
        L.not_played(2, 3, 4),
    ]
    result = session(lines)
    board2 = result.travellers[1]
    assert board2.top == 4
    assert sorted(line.ns_value for line in board2.lines) == pytest.approx([0.5, 3.5])
    pairs = by_pair(result)
    # NS 1: 4 + 3.5 of 8; NS 3 played only board 1: 0 of 4.
    assert pairs[("NS", "1")].percentage == pytest.approx(7.5 / 8 * 100)  # type: ignore[attr-defined]
    assert pairs[("NS", "3")].boards == 1  # type: ignore[attr-defined]
    assert pairs[("NS", "3")].top == 4  # type: ignore[attr-defined]
    available = by_pair(session(lines, factoring="available"))
    assert available[("NS", "1")].score == pytest.approx(4 + 2)  # type: ignore[attr-defined]
    assert available[("NS", "1")].top == pytest.approx(4 + 2)  # type: ignore[attr-defined]


def _places(values: list[float]) -> list[str]:
    """Places worked out the plain way: 1 + how many are better, "=" when shared."""
    out = []
    for v in values:
        better = sum(1 for w in values if round(w, 2) > round(v, 2))
        shared = sum(1 for w in values if round(w, 2) == round(v, 2)) > 1
        out.append(f"{better + 1}{'=' if shared else ''}")
    return out


def test_places_three_equal_then_five() -> None:
    """Two winners, one board per NS pair against its own EW pair, 5 tables: NS scores
    420, 420, 420, 100, 50 on board 1 → NS 1=, 1=, 1=, 4, 5; a second board reverses two."""
    lines = [
        L.with_score(1, n, 10 + n, s)
        for n, s in zip(range(1, 6), (420, 420, 420, 100, 50), strict=True)
    ]
    lines += [
        L.with_score(2, n, 10 + ((n % 5) + 1), s)
        for n, s in zip(range(1, 6), (0, 0, 0, 0, 0), strict=True)
    ]
    result = session(lines)
    ns = result.ranking(direction="NS")
    assert [(p.pair, p.place) for p in ns] == [
        ("1", "1="),
        ("2", "1="),
        ("3", "1="),
        ("4", "4"),
        ("5", "5"),
    ]
    assert [p.place for p in ns] == _places([p.percentage for p in ns])
    ew = result.ranking(direction="EW")
    assert [p.place for p in ew] == _places([p.percentage for p in ew])
    # EW 11–13 got 2 + 4, EW 14 6 + 4, EW 15 8 + 4.
    assert [(p.pair, p.place) for p in ew] == [
        ("15", "1"),
        ("14", "2"),
        ("11", "3="),
        ("12", "3="),
        ("13", "3="),
    ]


# --------------------------------------------------------------------------------------------
# Invariants on random sessions


def mitchell(tables: int, boards_per_round: int, scores: np.ndarray) -> list[TravellerLine]:
    """A complete Mitchell (odd number of tables): NS 1…T stay, EW 101… move."""
    lines = []
    for r in range(tables):
        for t in range(tables):
            ew = (t - r) % tables
            board_set = (t + r) % tables
            for b in range(boards_per_round):
                board = board_set * boards_per_round + b
                lines.append(L.with_score(board + 1, t + 1, 101 + ew, float(scores[board, t])))
    return lines


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from([3, 5, 7]),
    st.integers(1, 3),
    st.integers(0, 2**32 - 1),
    st.sampled_from(["mp", "acbl"]),
)
def test_two_winner_percentages_average_50(
    tables: int, per_round: int, seed: int, method: str
) -> None:
    rng = np.random.default_rng(seed)
    scores = rng.choice([-200, -100, -50, 90, 110, 140, 420, 450], (tables * per_round, tables))
    result = session(mitchell(tables, per_round, scores), method=method)
    assert result.winners == 2
    for direction in ("NS", "EW"):
        pairs = result.ranking(direction=direction)
        assert len(pairs) == tables
        assert np.mean([p.percentage for p in pairs]) == pytest.approx(50)
    # Every pair's score card adds up to its total.
    for pair in result.pairs:
        card = result.score_card(pair)
        assert len(card) == pair.boards
        assert card[-1].running_total == pytest.approx(pair.score)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 9), st.integers(0, 3), st.integers(0, 2**32 - 1))
def test_board_totals_with_adjusted_lines(real: int, adjusted: int, seed: int) -> None:
    """On a board of A real results and J adjusted ones (N = A + J), the real lines' NS
    matchpoints add up to A(N − 1) — N(N − 1) less the adjusted lines' share —, NS + EW of a
    line is the top 2(N − 1), and an adjusted line gets its percentage of the top."""
    rng = np.random.default_rng(seed)
    lines = [
        L.with_score(1, i, 100 + i, float(rng.choice([-100, 50, 110, 420]))) for i in range(real)
    ]
    shares = ["A60/40", "A50/50", "A40/60", "A40/40"]
    lines += [L.with_adjusted(1, 50 + j, 150 + j, shares[j]) for j in range(adjusted)]
    (board,) = session(lines).travellers
    n = real + adjusted
    real_lines = [line for line in board.lines if not line.adjusted]
    assert sum(line.ns_value for line in real_lines) == pytest.approx(real * (n - 1))
    for line in board.lines:
        if line.adjusted:
            share = parse_adjusted(line.adjusted)
            assert share is not None
            assert line.ns_value == pytest.approx(share.ns_percent / 100 * 2 * (n - 1))
        else:
            assert line.ns_value + line.ew_value == pytest.approx(2 * (n - 1))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_matchpoints_equal_a_pairwise_count(seed: int) -> None:
    """Plain boards, every table's NS matchpoints counted by comparing it with every other
    table (2 per win, 1 per tie), summed into pair totals: the same as the session's."""
    rng = np.random.default_rng(seed)
    tables = 5
    scores = rng.choice([-100, -50, 110, 140, 420], (tables * 2, tables))
    result = session(mitchell(tables, 2, scores))
    expected: dict[str, float] = {}
    for board in range(tables * 2):
        row = scores[board]
        for t in range(tables):
            mp = sum(
                2 if row[t] > row[u] else 1 if row[t] == row[u] else 0
                for u in range(tables)
                if u != t
            )
            expected[str(t + 1)] = expected.get(str(t + 1), 0) + mp
    for pair in result.ranking(direction="NS"):
        assert pair.score == pytest.approx(expected[pair.pair])


# --------------------------------------------------------------------------------------------
# IMPs


def test_cross_imps_with_adjusted_scores() -> None:
    """Two real results, 420 and −50 (470 → 10 IMPs each way over one comparison), and an A+
    for NS of table 3 (+3) with EW A− (−3)."""
    lines = [
        L.with_score(1, 1, 11, 420),
        L.with_score(1, 2, 12, -50),
        L.with_adjusted(1, 3, 13, "A+/A-"),
    ]
    pairs = by_pair(session(lines, method="ximp"))
    assert pairs[("NS", "1")].score == 10  # type: ignore[attr-defined]
    assert pairs[("NS", "2")].score == -10  # type: ignore[attr-defined]
    assert pairs[("NS", "3")].score == 3  # type: ignore[attr-defined]
    assert pairs[("EW", "13")].score == -3  # type: ignore[attr-defined]
    assert math.isnan(pairs[("NS", "1")].percentage)  # type: ignore[attr-defined]
    with pytest.raises(InputError, match="A70/30 has no IMP equivalent"):
        session([*lines[:2], L.with_adjusted(1, 3, 13, "A70/30")], method="ximp")


def test_butler_datum_and_imps() -> None:
    """Four results 620, 620, 170, −100: trim the top and bottom, datum (620 + 170)/2 = 395 →
    400; 620 − 400 = 220 → 6 IMPs, 170 − 400 = −230 → −6, −100 − 400 = −500 → −11."""
    lines = [L.with_score(1, i + 1, 11 + i, s) for i, s in enumerate((620, 620, 170, -100))]
    result = session(lines, method="butler")
    (board,) = result.travellers
    assert board.datum == 400
    assert sorted(line.ns_value for line in board.lines) == [-11, -6, 6, 6]
    assert all(line.ew_value == -line.ns_value for line in board.lines)


def test_lone_result_with_an_adjusted_score_at_imps_is_average() -> None:
    lines = [L.with_score(1, 1, 11, 420), L.with_adjusted(1, 2, 12, "A=/A=")]
    pairs = by_pair(session(lines, method="ximp"))
    assert pairs[("NS", "1")].score == 0  # type: ignore[attr-defined]


# --------------------------------------------------------------------------------------------
# Weighted and split scores, as xlbridge score


def test_weighted_and_split_scores_match_the_traveller_scoring() -> None:
    """Seed-002-like board: a weighted table (60 % of 430, 40 % of 400) and a split table;
    the session gives each table what split_scores.score_traveller gives it."""
    plain = [460, 430, 430, 420, 400]
    lines = [L.with_score(1, i + 1, 11 + i, s) for i, s in enumerate(plain)]
    lines += [L.with_score(1, 6, 16, 430, weight=0.6), L.with_score(1, 6, 16, 400, weight=0.4)]
    lines += [L.with_score(1, 7, 17, -150, ew_score=-450)]
    expected = score_traveller(
        board=[1] * 8,
        entry=[1, 2, 3, 4, 5, 6, 6, 7],
        ns_score=[*plain, 430, 400, -150],
        ew_score=[np.nan] * 7 + [-450],
        weight=[1, 1, 1, 1, 1, 0.6, 0.4, 1],
    )
    (board,) = session(lines).travellers
    got = {int(line.ns_pair): (line.ns_value, line.ew_value) for line in board.lines}
    for entry, ns, ew in zip(expected.entry, expected.ns, expected.ew, strict=True):
        assert got[int(entry)] == pytest.approx((ns, ew))
    texts = {line.ns_pair: line.score_text for line in board.lines}
    assert texts["6"] == "60% 430 + 40% 400"
    assert texts["7"] == "-150 / EW -450"


# --------------------------------------------------------------------------------------------
# Winners, sections


def test_winners_detected_and_overridden() -> None:
    howell = [
        L.with_score(1, 1, 2, 420),
        L.with_score(1, 3, 4, 400),
        L.with_score(2, 2, 3, 100),
        L.with_score(2, 4, 1, 110),
    ]
    assert session(howell).winners == 1
    assert session(howell, winners=2).winners == 2
    distinct = [
        L.with_score(1, 1, 11, 420),
        L.with_score(1, 2, 12, 400),
        L.with_score(2, 1, 12, 100),
        L.with_score(2, 2, 11, 110),
    ]
    assert session(distinct).winners == 2
    one = session(distinct, winners="1")
    assert one.winners == 1 and {p.direction for p in one.pairs} == {""}
    assert len(one.ranking()) == 4


def test_mitchell_numbered_1_to_n_both_ways() -> None:
    """NS 1…3 and EW 1…3: NS 1 meets EW 1 in round 1; recognised as two winners."""
    lines = []
    for r, t in itertools.product(range(3), range(3)):
        board = (t + r) % 3 + 1
        lines.append(L.with_score(board, t + 1, (t - r) % 3 + 1, [420, 400, -50][(t + r) % 3]))
    result = session(lines)
    assert result.winners == 2
    assert len(result.ranking(direction="NS")) == 3 and len(result.ranking(direction="EW")) == 3
    # One winner: both directions in one ranking, NS 1 and EW 1 two pairs shown as 1NS, 1EW;
    # every table scored the same on each board, so all six share first place.
    joint = session(lines, winners=1)
    assert joint.winners == 1
    assert sorted(p.label for p in joint.ranking(direction="")) == [
        "1EW",
        "1NS",
        "2EW",
        "2NS",
        "3EW",
        "3NS",
    ]
    assert {(p.place, p.percentage) for p in joint.pairs} == {("1=", 50.0)}
    assert joint.score_card(joint.pairs[0])[0].direction == joint.pairs[0].direction


def test_sections_within_and_across_the_field() -> None:
    """Sections A and B play board 1: within sections 420 tops A (of 2), across the field
    450 in B beats it."""
    lines = [
        L.with_score(1, 1, 11, 420, section="A"),
        L.with_score(1, 2, 12, 400, section="A"),
        L.with_score(1, 1, 11, 450, section="B"),
        L.with_score(1, 2, 12, 100, section="B"),
    ]
    within = session(lines)
    assert [(p.section, p.pair, p.place) for p in within.ranking(direction="NS")] == [
        ("A", "1", "1"),
        ("A", "2", "2"),
        ("B", "1", "1"),
        ("B", "2", "2"),
    ]
    across = session(lines, across_field=True)
    ns = across.ranking(direction="NS")
    assert [(p.section, p.pair) for p in ns] == [("B", "1"), ("A", "1"), ("A", "2"), ("B", "2")]
    assert ns[0].score == 6 and ns[1].score == 4  # top 6 with 4 results


# --------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([L.with_score(1, 1, 1, 420), L.with_score(1, 2, 3, 400)], "pair 1 is on both sides"),
        (
            [L.with_score(1, 1, 2, 420), L.with_score(1, 1, 3, 400), L.with_score(1, 4, 5, 0)],
            "pair 1 plays board 1 on two lines",
        ),
        (
            [L.with_score(1, 1, 2, 420), L.with_score(1, 1, 2, 400), L.with_score(1, 4, 5, 0)],
            "pair 1 plays board 1 on 2 lines",
        ),
        (
            [L.with_score(1, 1, 2, 420), L.with_score(2, 1, 2, 400), L.with_score(2, 3, 4, 0)],
            "board 1 has one result and no adjusted score",
        ),
        (
            [
                L.with_score(1, 1, 2, 420, weight=0.5),
                L.with_score(1, 1, 2, 400, weight=0.4),
                L.with_score(1, 3, 4, 0),
            ],
            "weights must add up to 1",
        ),
    ],
)
def test_bad_sessions_name_the_entries(lines: list[TravellerLine], message: str) -> None:
    with pytest.raises(InputError, match=message):
        session(lines)


def test_every_line_a_check_finds_is_named_at_once() -> None:
    # Two pairs on both sides of their lines; then two boards played at one table only, and a
    # pair (3) on two lines of board 1: each check names every line it finds, in line order.
    both_sides = [L.with_score(1, 1, 1, 420), L.with_score(1, 2, 3, 400), L.with_score(2, 4, 4, 50)]
    with pytest.raises(InputErrors) as caught:
        session(both_sides)
    assert [m.split(": ", 1)[1][:27] for m in caught.value.messages] == [
        "pair 1 is on both sides of ",
        "pair 4 is on both sides of ",
    ]
    twice = [
        L.with_score(1, 1, 3, 420),
        L.with_score(1, 3, 4, 400),
        L.with_score(1, 5, 6, 400),
        L.with_score(1, 3, 2, 0),
        L.with_score(2, 1, 2, 0),
        L.with_score(2, 1, 5, 0),
        L.with_score(2, 3, 4, 0),
    ]
    with pytest.raises(InputErrors) as caught:
        session(twice)
    assert caught.value.messages == [
        "traveller, entries 1, 4: pair 3 plays board 1 on two lines",
        "traveller, entries 2, 4: pair 3 plays board 1 on two lines",
        "traveller, entries 5, 6: pair 1 plays board 2 on two lines",
    ]
    lonely = [
        L.with_score(1, 1, 2, 420),
        L.with_score(1, 3, 4, 400),
        L.with_score(2, 1, 2, 100),
        L.with_score(3, 3, 4, 50),
    ]
    with pytest.raises(InputErrors) as caught:
        session(lonely)
    assert [m.split(": ", 1)[1][:35] for m in caught.value.messages] == [
        "board 2 has one result and no adjus",
        "board 3 has one result and no adjus",
    ]


def test_options_are_checked() -> None:
    lines = [L.with_score(1, 1, 2, 420), L.with_score(1, 3, 4, 400)]
    for option, value in (("method", "imps"), ("winners", 3), ("factoring", "nz")):
        with pytest.raises(InputError, match=option):
            session(lines, **{option: value})


def test_adjusted_notations() -> None:
    assert parse_adjusted("A60/40") == Adjusted(60, 40)
    assert parse_adjusted("A6040") == Adjusted(60, 40)
    assert parse_adjusted("a+/a-") == Adjusted(60, 40)
    assert parse_adjusted("A=/A=") == Adjusted(50, 50)
    assert parse_adjusted("A-/A-") == Adjusted(40, 40)
    assert parse_adjusted("A−/A+") == Adjusted(40, 60)
    assert parse_adjusted("420") is None and parse_adjusted("AP") is None
    with pytest.raises(InputError, match="0 to 100"):
        parse_adjusted("A160/40")
    assert str(Adjusted(60, 40)) == "A60/40"


def test_contract_lines() -> None:
    line = L.with_contract(2, 1, 2, "4♠", "n", "+1")
    assert (line.ns_score, line.contract, line.declarer, line.tricks) == (650, "4S", "N", 11)
    passed = L.with_contract(1, 1, 2, "PASS", "", "")
    assert passed.ns_score == 0 and passed.contract == "PASS" and passed.tricks is None
    with pytest.raises(InputError, match="result \\+4 is impossible for 4S"):
        L.with_contract(1, 1, 2, "4S", "N", "+4")


@pytest.mark.parametrize("score", [math.nan, 1e308, -7610.0, math.inf])
def test_junk_scores_are_refused(score: float) -> None:
    lines = [L.with_score(1, 1, 2, 420), L.with_score(1, 3, 4, score)]
    with pytest.raises(InputError, match="entry 2: ns_score must be a bridge score"):
        session(lines)


def test_a_factored_total_that_is_an_exact_half_rounds_up() -> None:
    """35 53/60 matchpoints over 6 of 9 boards: × 9/6 = 2153/40 = 53.825 exactly, shown 53.83
    (halves away from zero, as a spreadsheet's ROUND), however the product is computed in
    binary (53.824999999999996 one way, 5382.5 hundredths another); 124 over 26 of 27 boards
    is 128.769… → 128.77; a total of all the boards is unchanged."""
    assert float(spreadsheet_hundredths(53.824999999999996)) == 5383
    assert float(spreadsheet_hundredths(0.285)) == 29  # 28.499999999999996 hundredths
    assert factored_total(35 + 53 / 60, 9, 6) == 53.83
    assert factored_total(-(35 + 53 / 60), 9, 6) == -53.83
    assert factored_total(124, 27, 26) == 128.77
    assert factored_total(35 + 53 / 60, 9, 9) == 35 + 53 / 60
