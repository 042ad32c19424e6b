"""Results a director queries: traveller lines that may be mistyped, though each is a legal
result. They are warnings, not errors: the session is scored as typed.

- **Down 5 or more** — declarer took 5 or more tricks fewer than the contract needs.
- **Far from the field** — a score more than 1,000 points from every other score on the
  board (a board with one score has nothing to compare).
- **A slam no one else bid** — a contract at the six or seven level on a board where no other
  line bid game. Game is by level and strain, undoubled: 3NT, 4H or 4S, 5C or 5D, or higher.
  A passed-out board and an adjusted score are lines that bid no game; a line whose score is
  known but not its contract may have, so a board with one asks nothing.

A board is one board of one section; a not-played line is not a result.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

from xlbridge.scoring.session.data import ADJUSTED, NOT_PLAYED_KIND, SCORE, Traveller

#: Tricks short of the contract that a director queries.
DOWN_QUERIED = 5
#: Points a score must be from every other on the board to be queried.
FAR_APART = 1000
#: The lowest level that is game, by strain.
GAME_LEVELS = {"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}
SLAM_LEVEL = 6
_BID = re.compile(r"([1-7])(NT|[CDHS])", re.ASCII)


@dataclass(frozen=True)
class Query:
    """One queried line: its entry in the traveller, the column the query is about
    ("tricks", "contract", or "score" for a line typed as a score) and what a director would
    ask, naming the board."""

    entry: int
    column: str
    text: str


def queried_results(traveller: Traveller) -> list[Query]:
    """Every line of ``traveller`` a director would query, in the traveller's order."""
    boards: dict[tuple[int, int], list[int]] = {}
    for entry in np.flatnonzero(traveller.kind != NOT_PLAYED_KIND).tolist():
        key = (int(traveller.section[entry]), int(traveller.board[entry]))
        boards.setdefault(key, []).append(entry)
    bids = [_bid(text) for text in traveller.contract.tolist()]
    queries = []
    for entries in boards.values():
        queries += _down(traveller, entries, bids)
        queries += _far_apart(traveller, entries)
        queries += _lone_slams(traveller, entries, bids)
    return sorted(queries, key=lambda query: query.entry)


def _bid(contract: str) -> tuple[int, str] | None:
    """The level and strain of a contract as a traveller shows it ("4SX"); None for PASS or
    an unknown contract."""
    match = _BID.match(contract.strip().upper())
    return (int(match[1]), match[2]) if match else None


def _line(traveller: Traveller, entry: int) -> str:
    """ "board 5, NS 3 v EW 4" (with the section when there are several)."""
    section = traveller.sections[int(traveller.section[entry])]
    pairs = traveller.pairs
    ns, ew = pairs[int(traveller.ns_pair[entry])], pairs[int(traveller.ew_pair[entry])]
    board = f"board {int(traveller.board[entry])}" + (f" of section {section}" if section else "")
    return f"{board}, NS {ns} v EW {ew}"


def _played(traveller: Traveller, entry: int) -> str:
    return f"{traveller.contract[entry]} by {traveller.declarer[entry]}"


def _down(
    traveller: Traveller, entries: list[int], bids: list[tuple[int, str] | None]
) -> list[Query]:
    found = []
    for entry in entries:
        bid, tricks = bids[entry], int(traveller.tricks[entry])
        if traveller.kind[entry] == SCORE and bid is not None and tricks >= 0:
            down = bid[0] + 6 - tricks
            if down >= DOWN_QUERIED:
                what = f"{_played(traveller, entry)} went {down} down"
                found.append(Query(entry, "tricks", f"{_line(traveller, entry)}: {what}"))
    return found


def _far_apart(traveller: Traveller, entries: list[int]) -> list[Query]:
    scores = {
        entry: float(traveller.ns_score[entry])
        for entry in entries
        if traveller.kind[entry] == SCORE and math.isfinite(traveller.ns_score[entry])
    }
    found = []
    for entry, score in scores.items():
        others = [other for key, other in scores.items() if key != entry]
        if others and all(abs(score - other) > FAR_APART for other in others):
            what = (
                f"NS {score:+.0f} is more than {FAR_APART:,} points from every other score "
                "on the board"
            )
            column = "contract" if traveller.contract[entry] else "score"  # where it came from
            found.append(Query(entry, column, f"{_line(traveller, entry)}: {what}"))
    return found


def _lone_slams(
    traveller: Traveller, entries: list[int], bids: list[tuple[int, str] | None]
) -> list[Query]:
    found = []
    for entry in entries:
        bid = bids[entry]
        if traveller.kind[entry] != SCORE or bid is None or bid[0] < SLAM_LEVEL:
            continue
        others = [other for other in entries if other != entry]
        if others and all(_bid_no_game(traveller, other, bids[other]) for other in others):
            what = f"{_played(traveller, entry)}: a slam on a board where no other line bid game"
            found.append(Query(entry, "contract", f"{_line(traveller, entry)}: {what}"))
    return found


def _bid_no_game(traveller: Traveller, entry: int, bid: tuple[int, str] | None) -> bool:
    """Whether a line is known to have bid no game: an adjusted score, a passed-out board, a
    part score (a line whose contract is unknown may have bid one)."""
    if traveller.kind[entry] == ADJUSTED:
        return True
    if bid is None:
        return str(traveller.contract[entry]).strip().upper() == "PASS"
    return bid[0] < GAME_LEVELS[bid[1]]
