"""The results a director queries, each rule on a board worked out by hand (scores from the
Laws' table, Law 77)."""

from __future__ import annotations

from xlbridge.scoring.session import Traveller, TravellerLine
from xlbridge.scoring.session.queries import queried_results


def _contract(board: int, ns: int, ew: int, contract: str, tricks: int) -> TravellerLine:
    return TravellerLine.with_contract(board, ns, ew, contract, "N", str(tricks), line=ns + 1)


def _queries(*lines: TravellerLine) -> list[tuple[int, str, str]]:
    traveller = Traveller.from_lines(lines, source="night.csv")
    return [(q.entry, q.column, q.text) for q in queried_results(traveller)]


def test_down_five_or_more() -> None:
    assert _queries(
        _contract(1, 1, 2, "4S", 10),  # +420
        _contract(1, 3, 4, "4S", 5),  # 5 down, not vulnerable: -250
        _contract(1, 5, 6, "4S", 6),  # 4 down: -200, not queried
    ) == [(1, "tricks", "board 1, NS 3 v EW 4: 4S by N went 5 down")]


def test_a_score_more_than_1000_from_every_other() -> None:
    """Board 4: +600, +620 and -1100 typed. -1100 is 1,700 and 1,720 from the others; +600
    and +620 are 20 apart. A board with one score (and an adjusted score) asks nothing."""
    lines = (
        TravellerLine.with_score(4, 1, 2, 600),
        TravellerLine.with_score(4, 3, 4, 620),
        TravellerLine.with_score(4, 5, 6, -1100),
        TravellerLine.with_score(5, 1, 2, 2000),
        TravellerLine.with_adjusted(5, 3, 4, "A60/40"),
    )
    assert _queries(*lines) == [
        (
            2,
            "score",
            "board 4, NS 5 v EW 6: NS -1100 is more than 1,000 points from every other score "
            "on the board",
        )
    ]
    # Exactly 1,000 apart is not more than 1,000.
    assert (
        _queries(TravellerLine.with_score(4, 1, 2, 600), TravellerLine.with_score(4, 3, 4, -400))
        == []
    )


def test_a_slam_where_no_other_line_bid_game() -> None:
    """Board 3 (EW vulnerable): 2H making 8 and 9 tricks (+110, +140) and 6H making (+980):
    the slam is queried. Board 2: a 3NT beside the 6NT is a game bid: nothing. Board 6: the
    others passed out or were adjusted: queried. Board 7: the other's contract is not known
    (a score typed): nothing. 3H doubled is no game by level: queried."""
    slam = "a slam on a board where no other line bid game"
    queries = _queries(
        _contract(3, 1, 2, "2H", 8),
        _contract(3, 3, 4, "2H", 9),
        _contract(3, 5, 6, "6H", 12),
        _contract(2, 1, 2, "3NT", 9),
        _contract(2, 3, 4, "6NT", 12),
        TravellerLine.with_contract(6, 1, 2, "PASS", "", ""),
        TravellerLine.with_adjusted(6, 3, 4, "A40/60"),
        _contract(6, 5, 6, "7C", 13),
        TravellerLine.with_score(7, 1, 2, 420),
        _contract(7, 3, 4, "6S", 12),
        _contract(8, 1, 2, "3HX", 9),
        _contract(8, 3, 4, "6D", 12),
    )
    assert [query for query in queries if slam in query[2]] == [
        (2, "contract", f"board 3, NS 5 v EW 6: 6H by N: {slam}"),
        (7, "contract", f"board 6, NS 5 v EW 6: 7C by N: {slam}"),
        (11, "contract", f"board 8, NS 3 v EW 4: 6D by N: {slam}"),
    ]
