"""Double-dummy analysis of a session's deals: the tricks each declarer makes in each strain,
the par score and the par contracts.

The solving is done by DDS (Bo Haglund and Soren Hein's double-dummy solver) through endplay,
the optional extra ``pip install 'xlbridge[dd]'``. This is the one module that imports endplay,
and only inside functions: without it the rest of xlbridge works, :func:`available` is False
and anything that needs the analysis raises an :class:`InputError` saying how to install it.

- **One batch.** :func:`analyse` solves every deal it has not seen in DDS's batch call
  (``CalcAllTables``, which solves the deals on all cores), at most :data:`BATCH` deals a call.
- **Cache.** Tables are kept in memory for the run, keyed by the deal itself (North first, the
  ranks of each suit in order), so a deal that appears twice is solved once.
- **Par** follows DDS's dealer-aware par (``DealerPar``), the convention docs/double_dummy.md
  states: the side that can bid first (the dealer's, else the next in turn) takes par when
  both sides have equal contracts; a par contract is named at its lowest level with the
  overtricks it makes; sacrifices are doubled and named with their undertricks; a deal where
  neither side has a plus score is passed out (par 0, no contract).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import InputError

#: How to install the optional extra, for every message that needs it.
INSTALL = "pip install 'xlbridge[dd]'"
#: Declarers and strains in the order tables are printed (DDS counts seats from North).
DECLARERS = ("N", "E", "S", "W")
STRAINS = ("NT", "S", "H", "D", "C")
SYMBOLS = {"NT": "NT", "S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: Declarers in the order a printed table lists them: a side's two players together.
TABLE_ORDER = ("N", "S", "E", "W")
#: The most deals DDS solves in one batch call with all five strains (its MAXNOOFTABLES).
BATCH = 40
#: About how long DDS takes to solve one deal (all five strains, four declarers), seconds.
SECONDS_A_DEAL = 0.25
_RANKS = "AKQJT98765432"
_VULNERABILITIES = ("None", "NS", "EW", "All")
#: endplay's order of Denom: S, H, D, C, NT.
_ENDPLAY_DENOMS = ("S", "H", "D", "C", "NT")
#: Strains in the order they are bid, lowest first.
_BID_ORDER = ("C", "D", "H", "S", "NT")

#: tricks[declarer][strain]
Table = dict[str, dict[str, int]]
_TABLES: dict[str, Table] = {}


class NotInstalledError(InputError):
    """Double-dummy analysis was asked for but endplay is not installed."""


@dataclass(frozen=True)
class DealtBoard:
    """A board to analyse: its number, the deal (PBN, any first seat, all 52 cards) and its
    dealer (N/E/S/W) and vulnerability (None/NS/EW/All); blank: from the board number."""

    board: int
    deal: str
    dealer: str = ""
    vulnerable: str = ""


@dataclass(frozen=True)
class ParContract:
    """One par contract: ``declarer`` is a seat (N) or a side (NS) whose either player makes
    it; ``result`` is the overtricks (+1), 0, or the undertricks of a sacrifice (-2)."""

    level: int
    strain: str
    declarer: str
    doubled: bool
    result: int

    @property
    def pbn(self) -> str:
        """As PBN writes a contract with its declaring side: "EW 4SX", "N 3NT"."""
        return f"{self.declarer} {self.level}{self.strain}{'X' if self.doubled else ''}"

    @property
    def text(self) -> str:
        """As printed: "4♠X by EW −1", "3NT by N +1", "4♥ by NS"."""
        result = f" {self.result:+d}".replace("-", "\u2212") if self.result else ""
        doubled = "X" if self.doubled else ""
        return f"{self.level}{SYMBOLS[self.strain]}{doubled} by {self.declarer}{result}"


@dataclass(frozen=True)
class BoardAnalysis:
    """A board's double-dummy analysis: ``table[declarer][strain]`` the tricks (declarers N, E,
    S, W; strains NT, S, H, D, C), ``par_score`` North-South's par score (0: passed out) and
    the par contracts, lowest first."""

    board: int
    deal: str  # the deal from North, "N:AKQ.… …"
    table: Table
    par_score: int
    par_contracts: tuple[ParContract, ...]

    @property
    def par_text(self) -> str:
        """The par as printed: "Par NS +420: 4♠ by NS", "Par 0: passed out"."""
        if not self.par_contracts:
            return "Par 0: passed out"
        side = "NS" if self.par_score >= 0 else "EW"
        contracts = ", ".join(contract.text for contract in self.par_contracts)
        return f"Par {side} +{abs(self.par_score)}: {contracts}"

    def tricks(self, declarer: str, strain: str) -> int:
        return self.table[declarer][strain]

    def against(self, strain: str, declarer: str, tricks: int) -> int:
        """Tricks taken minus the double-dummy tricks for ``strain`` played by ``declarer``."""
        return tricks - self.table[declarer][strain]


def available() -> bool:
    """Whether endplay (the ``dd`` extra) can be imported."""
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


def require(what: str = "double-dummy analysis") -> None:
    """Raise :class:`NotInstalledError` (one line: how to install) unless endplay is there."""
    if not available():
        raise NotInstalledError(f"{what} needs the optional extra: {INSTALL}")


def north_first(deal: str) -> str:
    """A full deal as the cache keys it: from North, each suit's ranks in order, "T" for ten."""
    first, _, rest = deal.strip().partition(":")
    hands = rest.upper().replace("10", "T").split()
    if first.strip().upper()[:1] not in DECLARERS or len(hands) != 4:
        raise InputError(f"a deal must be like N:AKQ.J9.T8.765 and three more hands: {deal!r}")
    start = DECLARERS.index(first.strip().upper()[:1])
    by_seat = {DECLARERS[(start + i) % 4]: hand for i, hand in enumerate(hands)}
    ordered = [
        ".".join("".join(sorted(suit, key=_RANKS.index)) for suit in by_seat[seat].split("."))
        for seat in DECLARERS
    ]
    return "N:" + " ".join(ordered)


#: Told before each batch: the first deal of the batch, its last and the deals to solve in
#: all (1, 40, 1000), for progress on the terminal.
Solving = Callable[[int, int, int], None]


def unsolved(deals: Iterable[str]) -> int:
    """How many different deals of ``deals`` are not solved yet (the work :func:`solve` has
    to do: about :data:`SECONDS_A_DEAL` each)."""
    return len({north_first(deal) for deal in deals} - _TABLES.keys())


def solve(deals: Iterable[str], solving: Solving | None = None) -> list[Table]:
    """The double-dummy table of each deal (PBN, all 52 cards), solving the ones not yet in
    the cache in batches of :data:`BATCH` (``solving`` told before each)."""
    require()
    keys = [north_first(deal) for deal in deals]
    new = list(dict.fromkeys(key for key in keys if key not in _TABLES))
    for start in range(0, len(new), BATCH):
        chunk = new[start : start + BATCH]
        if solving is not None:
            solving(start + 1, start + len(chunk), len(new))
        for key, table in zip(chunk, solve_batch(chunk), strict=True):
            _TABLES[key] = table
    return [_TABLES[key] for key in keys]


def solve_batch(deals: Sequence[str]) -> list[Table]:
    """The tables of at most :data:`BATCH` deals (from North), in one call of DDS."""
    from endplay.dds import calc_all_tables
    from endplay.types import Deal

    return [_table(solved.to_list()) for solved in calc_all_tables([Deal(d) for d in deals])]


def _table(by_denom: Sequence[Sequence[int]]) -> Table:
    """Our table from endplay's ``to_list()`` (by denomination S, H, D, C, NT, then seat)."""
    return {
        seat: {denom: int(by_denom[d][s]) for d, denom in enumerate(_ENDPLAY_DENOMS)}
        for s, seat in enumerate(DECLARERS)
    }


def clear_cache() -> None:
    """Forget every solved table (the cache lasts for the run)."""
    _TABLES.clear()


def par(table: Mapping[str, Mapping[str, int]], dealer: str, vulnerable: str) -> BoardAnalysis:
    """The par of a deal from its table, its dealer (N/E/S/W) and vulnerability
    (None/NS/EW/All), as a :class:`BoardAnalysis` with no board or deal."""
    require()
    import endplay._dds as dds
    from endplay.dds import par as dds_par
    from endplay.dds.ddtable import DDTable
    from endplay.types import Player, Vul

    results = dds.ddTableResults()
    for d, denom in enumerate(_ENDPLAY_DENOMS):
        for s, seat in enumerate(DECLARERS):
            results.resTable[d][s] = _tricks(table, seat, denom)
    vul = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}[_vul(vulnerable)]
    found = dds_par(DDTable(results), vul, Player(DECLARERS.index(_seat(dealer))))
    plain = {
        seat: {strain: _tricks(table, seat, strain) for strain in STRAINS} for seat in DECLARERS
    }
    return BoardAnalysis(0, "", plain, int(found.score), _contracts(found))


def _tricks(table: Mapping[str, Mapping[str, int]], seat: str, strain: str) -> int:
    value = table[seat][strain]
    if not isinstance(value, int) or not 0 <= value <= 13:
        raise InputError(f"double-dummy tricks for {strain} by {seat} must be 0 to 13: {value!r}")
    return value


def _seat(text: str) -> str:
    seat = text.strip().upper()[:1]
    if seat not in DECLARERS:
        raise InputError(f"dealer must be N, E, S or W, got {text!r}")
    return seat


def _vul(text: str) -> str:
    for name in _VULNERABILITIES:
        if text.strip().lower() == name.lower():
            return name
    if text.strip().lower() in ("both", "all"):
        return "All"
    raise InputError(f"vulnerability must be None, NS, EW or All, got {text!r}")


def _contracts(found: Any) -> tuple[ParContract, ...]:
    """endplay's par contracts, one per seat, merged into sides where both players make it."""
    seats: dict[tuple[int, str, bool, int], list[str]] = {}
    for contract in found:
        if int(contract.level) == 0:
            continue  # DDS's "contract" of a deal passed out
        strain = _ENDPLAY_DENOMS[int(contract.denom)]
        key = (int(contract.level), strain, int(contract.result) < 0, int(contract.result))
        seats.setdefault(key, []).append(DECLARERS[int(contract.declarer)])
    contracts = []
    for (level, strain, doubled, result), who in seats.items():
        names = sorted(set(who), key=DECLARERS.index)
        declarer = "".join(names) if len(names) == 1 else "NS" if "N" in names else "EW"
        contracts.append(ParContract(level, strain, declarer, doubled, result))
    return tuple(sorted(contracts, key=lambda c: (c.level, _BID_ORDER.index(c.strain))))


def standard_dealer(board: int) -> str:
    """The dealer of ``board`` by the usual rotation (board 1 North)."""
    return DECLARERS[(board - 1) % 4]


def standard_vulnerable(board: int) -> str:
    """The vulnerability of ``board`` by the usual 16-board cycle."""
    from xlbridge.scoring.contract import VULNERABILITY

    return {"none": "None", "NS": "NS", "EW": "EW", "all": "All"}[
        VULNERABILITY[(board - 1) % len(VULNERABILITY)]
    ]


def analyse(
    boards: Iterable[DealtBoard], solving: Solving | None = None
) -> dict[int, BoardAnalysis]:
    """Each board's analysis by board number, the new deals solved in batches (``solving``
    told before each)."""
    listed = list(boards)
    tables = solve((board.deal for board in listed), solving)
    analyses = {}
    for board, table in zip(listed, tables, strict=True):
        dealer = board.dealer or standard_dealer(board.board)
        vulnerable = board.vulnerable or standard_vulnerable(board.board)
        found = par(table, dealer, vulnerable)
        analyses[board.board] = BoardAnalysis(
            board.board, north_first(board.deal), table, found.par_score, found.par_contracts
        )
    return analyses
