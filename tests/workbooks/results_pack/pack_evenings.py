"""Realistic pairs evenings for the results-pack tests: a Howell and a Mitchell from contracts.

tests/workbooks/results_pack/ is on sys.path while its tests run (pytest's rootdir-relative
import), so the tests import this module as plain ``pack_evenings``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from xlbridge.scoring.session import SessionResult, Traveller, TravellerLine, score_session

#: Contracts a club field bids, with how often, and the tricks they usually take.
CONTRACTS = (
    ("4S", 10),
    ("4H", 10),
    ("3NT", 9),
    ("2S", 8),
    ("1NT", 7),
    ("3C", 9),
    ("5D", 11),
    ("6H", 12),
    ("2H", 8),
    ("3D", 9),
)
SEATS = "NESW"
RANKS = "AKQJT98765432"
#: Invented names, a few as long as 40 characters, one that starts with "=".
FIRST = (
    "Ann",
    "Bob",
    "Cecilia",
    "Dmitri",
    "Eve",
    "Frank",
    "Gwendolyn",
    "Hamish",
    "Ines",
    "Jonas",
    "Kiri",
    "Lars",
    "Marguerite",
    "Ngaio",
    "Oskar",
    "Priya",
)
LAST = (
    "Abernethy",
    "Brown",
    "Castellanos",
    "Dunn",
    "Ekwueme",
    "Fairweather",
    "Gray",
    "Holloway",
    "Ito",
    "Jablonski",
)


@dataclass(frozen=True)
class Evening:
    lines: list[TravellerLine]
    names: dict[tuple[str, str, str], str]
    hands: dict[int, str]
    result: SessionResult


def _line(rng: random.Random, board: int, ns: str, ew: str, rnd: int) -> TravellerLine:
    contract, target = rng.choice(CONTRACTS)
    if rng.random() < 0.08:
        contract += "X"
    tricks = min(13, max(0, target + rng.choice((-2, -1, -1, 0, 0, 0, 0, 1, 1, 2))))
    declarer = rng.choice(SEATS)
    lead = rng.choice("SHDC") + rng.choice(RANKS)
    return TravellerLine.with_contract(
        board, ns, ew, contract, declarer, tricks, lead=lead, round=rnd
    )


def _names(rng: random.Random, keys: list[tuple[str, str, str]]) -> dict[tuple[str, str, str], str]:
    names = {}
    for key in keys:
        one = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        two = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        names[key] = f"{one} & {two}"
    names[keys[0]] = "Marguerite Fairweather & Gwendolyn Castell"  # 40 characters
    names[keys[1]] = "=Smith & Jones"
    return names


def deal(rng: random.Random) -> str:
    """A random deal as a PBN deal string."""
    cards = [(suit, rank) for suit in range(4) for rank in RANKS]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        mine = cards[seat * 13 : seat * 13 + 13]
        suits = ["".join(r for r in RANKS if (s, r) in mine) for s in range(4)]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def howell(
    pairs: int = 8,
    boards_per_round: int = 3,
    seed: int = 1,
    adjusted: bool = True,
    method: str = "mp",
) -> Evening:
    """A Howell-like evening: every pair meets every other once (circle method), sitting NS
    or EW in turn; each round's boards are played at every table. One winner."""
    rng = random.Random(seed)
    others = list(range(2, pairs + 1))
    lines = []
    for rnd in range(pairs - 1):
        circle = [1, *others]
        tables = [(circle[i], circle[-1 - i]) for i in range(pairs // 2)]
        for table, (a, b) in enumerate(tables):
            ns, ew = (a, b) if (rnd + table) % 2 == 0 else (b, a)
            for k in range(boards_per_round):
                board = rnd * boards_per_round + k + 1
                lines.append(_line(rng, board, str(ns), str(ew), rnd + 1))
        others = others[-1:] + others[:-1]
    if adjusted:
        first = lines[0]
        lines[0] = TravellerLine.with_adjusted(
            first.board, first.ns_pair, first.ew_pair, "A60/40", round=first.round
        )
    keys = [("", "", str(p)) for p in range(1, pairs + 1)]
    boards = (pairs - 1) * boards_per_round
    hands = {board: deal(rng) for board in range(1, boards + 1)}
    result = score_session(Traveller.from_lines(lines), method=method)
    return Evening(lines, _names(rng, keys), hands, result)


def mitchell(
    tables: int = 9, boards_per_round: int = 3, seed: int = 2, method: str = "mp"
) -> Evening:
    """A Mitchell: NS pairs 1..T stay, EW pairs 1..T move up a table and the boards down a
    table each round (T odd, so every EW pair meets every board once). Two winners."""
    rng = random.Random(seed)
    lines = []
    for rnd in range(tables):
        for table in range(tables):
            ew = (table - rnd) % tables + 1
            board_set = (table + rnd) % tables
            for k in range(boards_per_round):
                board = board_set * boards_per_round + k + 1
                lines.append(_line(rng, board, str(table + 1), str(ew), rnd + 1))
    keys = [("", d, str(p)) for d in ("NS", "EW") for p in range(1, tables + 1)]
    result = score_session(Traveller.from_lines(lines), method=method, winners=2)
    return Evening(lines, _names(rng, keys), {}, result)
