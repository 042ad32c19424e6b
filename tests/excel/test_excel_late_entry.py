"""LATE_ENTRY over the edge of its domain, through xlwings' Office.js dispatcher.

Probst's late entry: a pair joining at session s of T starts on Σ_{j=3..s} (A − T + j), A the
last session's add. Its help states the domain: 1 ≤ s ≤ T ≤ 100 whole, 0 < A, T − 3 < A ≤ 1000.
Inside it every entry score is at least 0 and grows with the session; on or past its edge the
function answers with an error naming the argument, never a negative score.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.excel.swiss import LATE_ENTRY


def expected(session: int, sessions: int, add: float) -> float:
    """The entry score by hand: the adds of sessions 3..s."""
    return sum(add - sessions + j for j in range(3, session + 1))


def low(sessions: int) -> float:
    return max(0.0, sessions - 3.0)


def error(call_udf, *args) -> str:
    import xlwings

    with pytest.raises(xlwings.XlwingsError) as raised:
        call_udf("LATE_ENTRY", *args)
    return str(raised.value)


@settings(max_examples=40, deadline=None)
@given(data=st.data(), sessions=st.integers(1, 100))
def test_inside_the_domain_no_entry_score_is_negative(call_udf, data, sessions: int) -> None:
    add = data.draw(
        st.floats(low(sessions), 1000, exclude_min=True, allow_nan=False, allow_infinity=False)
    )
    column = [[s] for s in range(1, sessions + 1)]
    got = [row[0] for row in call_udf("LATE_ENTRY", column, sessions, add)]
    assert got == pytest.approx([expected(s, sessions, add) for s in range(1, sessions + 1)])
    assert min(got) >= 0
    assert all(b >= a for a, b in zip(got, got[1:], strict=False))  # later joins start higher


@settings(max_examples=40, deadline=None)
@given(
    sessions=st.integers(1, 100),
    below=st.one_of(
        st.just(0.0),
        st.floats(0, 1e6, allow_nan=False),
        st.floats(1e-300, 1e-6),
    ),
)
def test_an_add_on_or_below_the_edge_is_refused(call_udf, sessions: int, below: float) -> None:
    add = low(sessions) - below  # the edge itself, just under it, or far under (negative)
    message = error(call_udf, [[sessions]], sessions, add)
    assert f"last_add must be a number greater than {int(low(sessions))}" in message


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((6, 6, 0), "last_add must be a number greater than 3"),
        ((6, 6, -17), "last_add must be a number greater than 3"),
        ((6, 6, 1e-9), "last_add must be a number greater than 3"),
        ((6, 6, 3), "last_add must be a number greater than 3"),
        ((4, 4, 0.5), "last_add must be a number greater than 1"),
        ((2, 2, 0), "last_add must be a number greater than 0"),
        ((6, 6, 1000.5), "at most 1000"),
        ((6, 6, "x"), "last_add must be a number"),
        ((6, 6, True), "last_add must be a number"),
        ((0, 6), "session must be a whole number of at least 1"),
        ((7, 6), "session must be a whole number from 1 to sessions"),
        ((2.5, 6), "session must be a whole number"),
        ((1, 0), "sessions must be a whole number from 1 to 100"),
        ((1, 101), "sessions must be a whole number from 1 to 100"),
        ((1, 6.5), "sessions must be a whole number"),
    ],
)
def test_the_edges_are_named(call_udf, args, message: str) -> None:
    assert message in error(call_udf, *args)


def test_just_inside_the_edges(call_udf) -> None:
    assert call_udf("LATE_ENTRY", 3, 6, 3.000001) == [[pytest.approx(0.000001)]]
    assert call_udf("LATE_ENTRY", 6, 6, 1000) == [[expected(6, 6, 1000)]]
    assert call_udf("LATE_ENTRY", [[1], [2]], 2, 1e-9) == [[0.0], [0.0]]


def test_the_help_states_the_domain() -> None:
    help_text = LATE_ENTRY.__doc__ or ""
    for part in ("1 to sessions", "1 to 100", "greater than sessions - 3", "at most 1000"):
        assert part in help_text
