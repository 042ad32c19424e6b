"""Movements: who plays whom, at which table, on which boards, round by round.

A :class:`Movement` is data: for every round and table a :class:`Seating` (the pair sitting
North-South, the pair sitting East-West, the boards, and the tables sharing those boards in a
relay). A pair with no table in a round sits out. :func:`mitchell` and :func:`howell` build
the two club movements; :mod:`xlbridge.scoring.movement.checks` checks any movement, built or
read from a file, and reports its balance.

Pairs: a Howell numbers its pairs 1 to N (:class:`Pair` with no home direction); a Mitchell
numbers each direction from 1 to the number of tables (``Pair(3, "NS")`` and ``Pair(3, "EW")``
are two pairs), as club travellers do. Board set k holds boards (k − 1)·B + 1 … k·B for B
boards a round.

- **Mitchell** (3–15 tables): NS pair t stays at table t; EW pairs move up one table a round
  (from the last table to table 1), boards move down one (from table 1 to the last). With an
  odd number of tables this gives T rounds in which every EW pair meets every NS pair and
  every set once. With an even number an EW pair would meet its first set again after T/2
  rounds; the published remedies are a **skip** (EW pairs skip a table after round T/2; at
  most T − 1 rounds) or a **relay and bye stand** (a set rests on a stand between tables T/2
  and T/2 + 1 and tables 1 and T share a set every round; T rounds). An **arrow-switch** round
  turns the traveller: the NS pair sits East-West, so everybody sits both ways and the event
  has one winner. An odd number of pairs leaves a half table: EW pair T is missing and the NS
  pair it would meet sits out. A skip Mitchell may add a **revenge round** (round T): every
  EW pair meets the NS pair it skipped, on new boards shared by two tables.
- **Complete Howell** (4–16 pairs): every pair meets every other once and plays every set
  once. The rounds are built by the starter-and-adder construction of Room squares: pair N
  stays at table 1 and meets pair r in round r; in round r the other tables seat the
  starter's pairs {s + r, t + r} (arithmetic on 1…N − 1, cyclically) and play set
  r + a for the table's adder a. A starter whose differences are all distinct makes every two
  pairs meet once; an adder for which the sets a − s and a − t are all distinct makes every
  pair play every set once; distinct non-zero adders keep every table of a round on its own
  set. Such adders exist from 8 pairs on; with 4 or 6 pairs they do not (there is no Room
  square of side 3 or 5) and tables share boards, named as a relay, as in the published
  2- and 3-table Howells; with an even number of boards a round the 5- and 6-pair Howells
  play half-sets instead and share nothing (:mod:`half_sets`). An odd number of pairs adds a
  phantom pair N + 1: the pair drawn against it sits out. A shortened Howell turns some
  tables round to even out how often two pairs are compared.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from xlbridge.errors import InputError
from xlbridge.scoring import checks
from xlbridge.scoring.movement.half_sets import half_set_boards
from xlbridge.scoring.wording import plural

MIN_TABLES, MAX_TABLES = 3, 15
MIN_PAIRS, MAX_PAIRS = 4, 16
MAX_BOARDS_PER_ROUND = 8
#: Boards a session usually has: the default boards a round is about this over the rounds.
USUAL_BOARDS = 26
NS, EW = "NS", "EW"
#: Rounds of a session up to which one arrow-switched round is usual; longer ones switch two.
SHORT_SESSION = 9


@dataclass(frozen=True, order=True)
class Pair:
    """A pair: its number and, in a Mitchell, its home direction ("NS" or "EW"; "" when pairs
    are numbered 1 to N whatever they sit)."""

    number: int
    home: str = ""

    @property
    def label(self) -> str:
        """ "7" in a Howell; "3NS" or "3EW" in a Mitchell."""
        return f"{self.number}{self.home}"


@dataclass(frozen=True)
class Seating:
    """One table in one round: the pairs sitting NS and EW, the boards they play, and the other
    tables that play the same boards in that round (a relay: they share the boards)."""

    round: int
    table: int
    ns: Pair
    ew: Pair
    boards: tuple[int, ...]
    shares: tuple[int, ...] = ()

    @property
    def switched(self) -> bool:
        """A Mitchell table turned round by an arrow-switch: the EW pair sits North-South."""
        return self.ns.home == EW


@dataclass(frozen=True)
class Movement:
    """A movement: its name ("Mitchell, 7 tables"), every seating (ordered by round and table),
    every pair that plays (a pair with no seating in a round sits out) and whether boards rest
    on a bye stand."""

    name: str
    seatings: tuple[Seating, ...]
    pairs: tuple[Pair, ...]
    bye_stand: bool = False

    # The lookups below are computed once and kept (a movement is never changed): the cards
    # of a large movement ask them for every seating, so each is a dictionary, not a scan.

    @cached_property
    def rounds(self) -> int:
        return max(s.round for s in self.seatings)

    @cached_property
    def tables(self) -> int:
        return max(s.table for s in self.seatings)

    @cached_property
    def board_numbers(self) -> tuple[int, ...]:
        """Every board played, each once, in order (41…61 for a movement of boards 41–61)."""
        return tuple(sorted({board for s in self.seatings for board in s.boards}))

    @property
    def boards(self) -> int:
        """The number of boards played (distinct boards, not the highest number)."""
        return len(self.board_numbers)

    @cached_property
    def _by_place(self) -> dict[tuple[int, int], Seating]:
        return {(s.round, s.table): s for s in self.seatings}

    @cached_property
    def _by_pair(self) -> dict[tuple[int, Pair], tuple[Seating, str]]:
        found: dict[tuple[int, Pair], tuple[Seating, str]] = {}
        for s in self.seatings:
            found.setdefault((s.round, s.ew), (s, EW))
            found.setdefault((s.round, s.ns), (s, NS))
        return found

    @cached_property
    def _by_set(self) -> dict[tuple[int, tuple[int, ...]], list[int]]:
        found: dict[tuple[int, tuple[int, ...]], list[int]] = {}
        for s in self.seatings:
            found.setdefault((s.round, s.boards), []).append(s.table)
        return found

    @cached_property
    def is_mitchell(self) -> bool:
        """Pairs numbered within their direction (NS 1…T, EW 1…T)."""
        return any(pair.home for pair in self.pairs)

    @cached_property
    def winners(self) -> int:
        """1 when some pair sits both NS and EW during the session, else 2."""
        ns = {s.ns for s in self.seatings}
        ew = {s.ew for s in self.seatings}
        return 1 if ns & ew else 2

    def seating(self, round_: int, table: int) -> Seating | None:
        """The seating at ``table`` in ``round_`` (None: nobody plays there)."""
        return self._by_place.get((round_, table))

    def seat_of(self, pair: Pair, round_: int) -> tuple[Seating, str] | None:
        """Where ``pair`` plays in ``round_``: its seating and direction, "NS" or "EW" (None:
        it sits out)."""
        return self._by_pair.get((round_, pair))

    def tables_playing(self, round_: int, boards: tuple[int, ...]) -> list[int]:
        """The tables playing exactly ``boards`` in ``round_``, in table order."""
        return self._by_set.get((round_, boards), [])

    def sitting_out(self, round_: int) -> list[Pair]:
        """The pairs with no table in ``round_``."""
        return [pair for pair in self.pairs if (round_, pair) not in self._by_pair]

    def lines(self) -> list[tuple[int, Seating]]:
        """(board, seating) of every traveller line the movement produces, in board order
        (then round and table)."""
        found = [(board, s) for s in self.seatings for board in s.boards]
        return sorted(found, key=lambda line: (line[0], line[1].round, line[1].table))


def board_set(number: int, per_round: int) -> tuple[int, ...]:
    """The boards of set ``number`` (from 1) with ``per_round`` boards a round."""
    first = (number - 1) * per_round + 1
    return tuple(range(first, first + per_round))


def default_boards_per_round(rounds: int) -> int:
    """Boards a round for about :data:`USUAL_BOARDS` boards in all, 1 to 8."""
    return max(1, min(MAX_BOARDS_PER_ROUND, round(USUAL_BOARDS / rounds)))


def _per_round(boards_per_round: int | None, rounds: int) -> int:
    if boards_per_round is None:
        return default_boards_per_round(rounds)
    return checks.whole_number("boards-per-round", boards_per_round, 1, MAX_BOARDS_PER_ROUND)


def _rounds(rounds: int | None, most: int) -> int:
    if rounds is None:
        return most
    return checks.whole_number("rounds", rounds, 1, most)


def size_from(
    tables: int | None, pairs: int | None, low: int, high: int, *, what: str
) -> tuple[int, int]:
    """(tables, pairs) from either or both: ``tables`` T seats 2T − 1 or 2T pairs. ``low`` and
    ``high`` bound the tables of a Mitchell or the pairs of a Howell (``what``)."""
    if tables is None and pairs is None:
        raise InputError(f"give --tables or --pairs for a {what}")
    if pairs is not None:
        pairs = checks.whole_number("pairs", pairs, 1)
    if tables is not None:
        tables = checks.whole_number("tables", tables, 1)
        if pairs is not None and pairs not in (2 * tables - 1, 2 * tables):
            raise InputError(
                f"--tables {tables} seats {2 * tables - 1} or {2 * tables} pairs, "
                f"not --pairs {pairs}"
            )
        pairs = 2 * tables if pairs is None else pairs
    assert pairs is not None
    tables = (pairs + 1) // 2
    size, name = (tables, "table") if what == "Mitchell" else (pairs, "pair")
    if not low <= size <= high:
        raise InputError(f"a {what} is for {low} to {high} {name}s, got {plural(size, name)}")
    return tables, pairs


# --------------------------------------------------------------------------------------------
# Mitchell


def mitchell(
    *,
    tables: int | None = None,
    pairs: int | None = None,
    rounds: int | None = None,
    boards_per_round: int | None = None,
    even: str | None = None,
    arrow_switch: Sequence[int] | bool = False,
    revenge: bool = False,
) -> Movement:
    """A Mitchell for ``tables`` (3–15) or ``pairs`` (an odd number leaves a half table).

    ``even`` "skip" or "relay" (relay and bye stand, the default) for an even number of
    tables; ``revenge`` adds to a skip Mitchell a last round in which every EW pair meets the
    NS pair it skipped; ``rounds`` fewer than the most; ``arrow_switch`` True for the usual
    last round(s) or the rounds to switch.
    """
    tables, pairs = size_from(tables, pairs, MIN_TABLES, MAX_TABLES, what="Mitchell")
    even = _even_remedy(tables, even, revenge, rounds)
    rounds = _rounds(rounds, tables - 1 if even == "skip" else tables)
    per_round = _per_round(boards_per_round, rounds)
    switched = _switched_rounds(arrow_switch, rounds)
    seatings = []
    for round_ in range(1, rounds + 1):
        seated = [
            (table, _mitchell_ew(table, round_, tables, even)) for table in range(1, tables + 1)
        ]
        if pairs % 2:  # the half table: EW pair T is missing
            seated = [(table, ew) for table, ew in seated if ew != tables]
        present = {table for table, _ in seated}
        for table, ew in seated:
            ns_pair, ew_pair = Pair(table, NS), Pair(ew, EW)
            if round_ in switched:
                ns_pair, ew_pair = ew_pair, ns_pair
            number = _mitchell_set(table, round_, tables, even)
            shares = _relay_partner(table, tables) if even == "relay" else ()
            if even == "revenge" and round_ == tables:
                number, shares = _revenge_sets(sorted(present), tables)[table]
            boards = board_set(number, per_round)
            shares = tuple(t for t in shares if t in present)
            seatings.append(Seating(round_, table, ns_pair, ew_pair, boards, shares))
    every = [Pair(t, NS) for t in range(1, tables + 1)]
    every += [Pair(t, EW) for t in range(1, tables + 1) if not (t == tables and pairs % 2)]
    name = f"Mitchell, {tables} tables" + _variant(even, switched, pairs)
    return Movement(name, tuple(seatings), tuple(every), bye_stand=even == "relay")


def _even_remedy(tables: int, even: str | None, revenge: bool, rounds: int | None) -> str:
    """How a Mitchell of ``tables`` plays: "plain" (an odd number), "skip", "relay" (the
    default for an even number) or "revenge" (a skip and the revenge round)."""
    if revenge:
        if tables % 2 or even == "relay":
            against = f"{tables} tables" if tables % 2 else "--relay"
            raise InputError(
                f"--revenge is for a skip Mitchell (an even number of tables), not {against}"
            )
        if rounds is not None:
            raise InputError(
                "--revenge plays every round of the skip Mitchell and one more: leave out --rounds"
            )
        return "revenge"
    if tables % 2:
        if even is not None:
            raise InputError(f"--{even} is for an even number of tables, not {tables}")
        return "plain"
    return "relay" if even is None else checks.choice("even", even, ("skip", "relay"))


def _variant(even: str, switched: Iterable[int], pairs: int) -> str:
    parts = {
        "skip": ["skip after half-way"],
        "relay": ["relay and bye stand"],
        "revenge": ["skip after half-way", "revenge round"],
    }.get(even, [])
    rounds = sorted(switched)
    if rounds:
        parts.append("arrow-switch in round" + ("s " if len(rounds) > 1 else " "))
        parts[-1] += ", ".join(map(str, rounds))
    if pairs % 2:
        parts.append("half table")
    return "".join(f", {part}" for part in parts)


def _switched_rounds(arrow_switch: Sequence[int] | bool, rounds: int) -> set[int]:
    if arrow_switch is True:
        count = 1 if rounds <= SHORT_SESSION else 2
        return set(range(rounds - count + 1, rounds + 1))
    if arrow_switch is False:
        return set()
    return {checks.whole_number("arrow-switch", r, 1, rounds) for r in arrow_switch}


def _mitchell_ew(table: int, round_: int, tables: int, even: str) -> int:
    """The EW pair at ``table`` in ``round_``: EW pair e starts at table e and moves up one
    table a round (two after half-way with a skip); in the revenge round (round T) it sits at
    the table it skipped, T/2 tables up from its first."""
    skip = even in ("skip", "revenge") and round_ > tables // 2
    step = tables // 2 if round_ == tables and even == "revenge" else round_ - 1 + skip
    return (table - 1 - step) % tables + 1


def _mitchell_set(table: int, round_: int, tables: int, even: str) -> int:
    """The board set at ``table`` in ``round_``: sets move down one place a round. With a
    relay and bye stand the places are: tables 1 and T (sharing), tables 2…T/2, the bye
    stand, tables T/2 + 1…T − 1."""
    if even != "relay":
        return (table - 1 + round_ - 1) % tables + 1
    place = 0 if table == tables else table - 1 if table <= tables // 2 else table
    return (place + round_ - 1) % tables + 1


def _relay_partner(table: int, tables: int) -> tuple[int, ...]:
    return {1: (tables,), tables: (1,)}.get(table, ())


def _revenge_sets(present: list[int], tables: int) -> dict[int, tuple[int, tuple[int, ...]]]:
    """The set and the sharing tables of every table playing the revenge round: every pair
    has played every set but one and meets a pair that has played that one, so the round
    plays new sets, T + 1 shared by the first two tables playing, T + 2 by the next two and
    so on (with a half table the odd one out joins the last two)."""
    groups = [present[i : i + 2] for i in range(0, len(present), 2)]
    if len(groups) > 1 and len(groups[-1]) == 1:
        last = groups.pop()
        groups[-1] += last
    return {
        table: (tables + k, tuple(t for t in group if t != table))
        for k, group in enumerate(groups, start=1)
        for table in group
    }


# --------------------------------------------------------------------------------------------
# Howell

#: Starters (pairs {s, t} of 1…n − 1, every difference once) and adders by n = rounds; an
#: adder None gives explicit sets (:data:`SHARED_SETS`). Verified by the movement checks.
STARTERS: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((1, 2),),
    5: ((1, 4), (2, 3)),
    7: ((1, 6), (2, 5), (4, 3)),
    9: ((1, 2), (3, 7), (6, 4), (5, 8)),
    11: ((1, 10), (9, 2), (3, 8), (4, 7), (5, 6)),
    13: ((1, 12), (2, 11), (3, 10), (9, 4), (5, 8), (6, 7)),
    15: ((14, 1), (2, 13), (12, 3), (4, 11), (10, 5), (6, 9), (8, 7)),
}
ADDERS: dict[int, tuple[int, ...]] = {
    3: (0,),  # both tables share the set every round
    7: (2, 4, 1),
    9: (5, 4, 2, 7),
    11: (3, 5, 9, 1, 4),
    13: (3, 5, 9, 1, 6, 2),
    15: (2, 7, 11, 6, 1, 13, 5),
}
#: 6 pairs (no Room square of side 5): the sets (from 0) of tables 1–3 in each round; all
#: three tables share in the first round, no two in the others (found by exhaustive search
#: over the assignments; none has fewer tables sharing).
SHARED_SETS = {5: ((0, 0, 0), (1, 2, 3), (3, 2, 4), (4, 1, 3), (2, 1, 4))}
#: The rounds (5: the 5- and 6-pair Howells) whose sets are halved with an even number of
#: boards a round, so that no round shares boards (:mod:`half_sets`); with an odd number the
#: sets of :data:`SHARED_SETS` are used.
HALVED = 5


def howell(
    *,
    pairs: int | None = None,
    tables: int | None = None,
    rounds: int | None = None,
    boards_per_round: int | None = None,
) -> Movement:
    """A complete Howell for ``pairs`` (4–16; an odd number adds a phantom pair and one pair
    sits out each round) or ``tables`` (twice as many pairs); ``rounds`` fewer than N − 1
    ends it early (pairs then do not all meet)."""
    tables, pairs = size_from(tables, pairs, MIN_PAIRS, MAX_PAIRS, what="Howell")
    even = pairs + pairs % 2
    n = even - 1
    rounds = _rounds(rounds, n)
    per_round = _per_round(boards_per_round, rounds)
    if boards_per_round is None and n == HALVED:
        per_round -= per_round % 2  # an even number, for the half-sets (20 boards, not 25)
    grid = _howell_grid(n)
    if n == HALVED and per_round % 2 == 0:  # half-sets: no boards shared in any round
        boards_at = half_set_boards([[(ns, ew) for ns, ew, _ in row] for row in grid], per_round)
    else:
        boards_at = [[board_set(s + 1, per_round) for _, _, s in row] for row in grid]
    seatings: list[Seating] = []
    for r in range(rounds):
        row = [(ns, ew, boards_at[r][t]) for t, (ns, ew, _) in enumerate(grid[r])]
        playing = [(t, ns, ew, b) for t, (ns, ew, b) in enumerate(row) if max(ns, ew) <= pairs]
        if pairs % 2:  # the phantom pair N + 1 is pair ``even`` at table 1: renumber the rest
            playing = [(t - 1, ns, ew, b) for t, ns, ew, b in playing]
        for t, ns, ew, boards in playing:
            shares = tuple(t2 + 1 for t2, _, _, b2 in playing if b2 == boards and t2 != t)
            seatings.append(Seating(r + 1, t + 1, Pair(ns), Pair(ew), boards, shares))
    if rounds < n:  # shortened: the orientations that balance the full Howell may not
        seatings = _turned_for_balance(seatings, pairs)
    name = f"Howell, {pairs} pairs" + (", one sits out each round" if pairs % 2 else "")
    return Movement(name, tuple(seatings), tuple(Pair(p) for p in range(1, pairs + 1)))


def _turned_for_balance(seatings: list[Seating], pairs: int) -> list[Seating]:
    """``seatings`` with some tables turned round (NS and EW swapped) so that every two pairs
    are compared about equally often (:func:`comparisons.balanced_directions`)."""
    from xlbridge.scoring.movement.comparisons import balanced_directions  # loads numpy

    plays = [(s.ns, s.ew, s.boards) for s in seatings]
    turns = balanced_directions(plays, [Pair(p) for p in range(1, pairs + 1)])
    return [
        Seating(s.round, s.table, s.ew, s.ns, s.boards, s.shares) if turn else s
        for s, turn in zip(seatings, turns, strict=True)
    ]


def _howell_grid(n: int) -> list[list[tuple[int, int, int]]]:
    """For each round r (from 0) of the Howell of n + 1 pairs: (NS pair, EW pair, set from 0)
    at each table, table 1 first (pair n + 1 against pair r + 1)."""
    starter = STARTERS[n]
    grid = []
    for r in range(n):
        sets = SHARED_SETS[n][r] if n in SHARED_SETS else (r, *((r + a) % n for a in ADDERS[n]))
        row = [(n + 1, r + 1, sets[0])]
        for (s, t), number in zip(starter, sets[1:], strict=True):
            row.append(((s + r) % n + 1, (t + r) % n + 1, number))
        grid.append(row)
    return grid
