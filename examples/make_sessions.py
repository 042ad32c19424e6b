"""Write the example pairs evenings: a Howell and a Mitchell, with contracts.

    python examples/make_sessions.py [--dir examples] [--force]

- ``howell.csv`` — 7 tables, 14 pairs, 13 rounds of 2 boards (26 boards): a complete Howell,
  every pair meets every other pair once and plays every board once; one winner. Results
  written relative to the contract (``=``, ``+1``, ``-2``), one adjusted score (``A60/40``).
- ``mitchell.csv`` — 11 tables, 11 NS and 11 EW pairs (both numbered 1–11, as many clubs do),
  11 rounds of 2 boards (22 boards); two winners. Written with the common export header
  ``Board,Table,NS,EW,Contract,By,Tricks,Score``; one table did not play a board (``NP``)
  and one has an adjusted score.
- ``howell-names.csv``, ``mitchell-names.csv`` — invented pair names.

The deals are not dealt: each board gets a plausible "par" contract and each table a contract
near it (the same, a level higher or lower, another game, a sacrifice doubled, or a pass on a
part-score board) with a result within a trick or two. Seeded, so the files never change.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

SEED = 2026
HOWELL_PAIRS = 14  # 7 tables
MITCHELL_TABLES = 11
BOARDS_PER_ROUND = 2
STRAINS = ("C", "D", "H", "S", "NT")
SUITS = "SHDC"
RANKS = "AKQJT98765432"

FIRST_NAMES = (
    "Alice", "Brendan", "Chloe", "Declan", "Erin", "Fergus", "Gemma", "Harvey", "Imogen",
    "Jasper", "Kirsty", "Lorcan", "Maeve", "Niall", "Orla", "Piers", "Quinn", "Rhona", "Seamus",
    "Tamsin", "Ulric", "Vanya", "Wilf", "Xanthe", "Yusuf", "Zelda", "Agnes", "Barnaby", "Cora",
    "Dmitri", "Elspeth", "Florian", "Greta", "Hamish", "Ines", "Jory", "Kit", "Lettice",
    "Magnus", "Nell", "Oswin", "Perpetua", "Rufus", "Sable",
)  # fmt: skip
SURNAMES = (
    "Abernethy", "Blackwood", "Culbertson", "Drury", "Ellery", "Fairweather", "Goren",
    "Hallett", "Ingleby", "Jacoby", "Kettering", "Lightner", "Marsh", "Nettleton", "Ormsby",
    "Penhallow", "Quennell", "Rixi", "Stayman", "Thistlewood", "Underhill", "Vantongeren",
    "Whitfeld", "Yarborough", "Zeller", "Acol", "Brampton", "Crowhurst", "Dunstable",
    "Eastleigh", "Fenwick", "Gresham", "Hollis", "Ibbotson", "Jerrold", "Kingsley", "Lovell",
    "Mowbray", "Northcote", "Oakeshott", "Pargeter", "Radley", "Silverton", "Tregarthen",
)  # fmt: skip


@dataclass(frozen=True)
class Play:
    contract: str  # "4S", "3NTX", "PASS"
    declarer: str  # "N" … "W", "" when passed out
    tricks: int  # -1 when passed out
    lead: str

    def relative(self) -> str:
        if self.contract == "PASS":
            return ""
        over = self.tricks - int(self.contract[0]) - 6
        return "=" if over == 0 else f"{over:+d}"


@dataclass(frozen=True)
class Par:
    """A board's likely contract: the side that owns it, level, strain and tricks it takes."""

    side: int  # 0 NS, 1 EW
    level: int
    strain: int
    tricks: int


def _par(rng: np.random.Generator) -> Par:
    level = int(rng.choice([1, 2, 3, 4, 4, 4, 3, 2, 5, 6], p=None))
    strain = int(rng.choice([0, 1, 2, 3, 4, 2, 3, 4]))
    if level >= 4 and strain < 2 and rng.random() < 0.7:  # minor-suit games are rarer than 3NT
        level, strain = 3, 4
    tricks = int(np.clip(level + 6 + rng.choice([-1, 0, 0, 0, 1, 1]), 6, 13))
    return Par(side=int(rng.integers(2)), level=level, strain=strain, tricks=tricks)


def _lead(rng: np.random.Generator) -> str:
    return f"{SUITS[rng.integers(4)]}{RANKS[min(int(rng.exponential(3.5)), 12)]}"


def _play(rng: np.random.Generator, par: Par) -> Play:
    """One table's contract and result, near the board's par."""
    roll = rng.random()
    level, strain, doubled, side, tricks = par.level, par.strain, "", par.side, par.tricks
    if roll < 0.04 and par.level <= 2:
        return Play("PASS", "", -1, "")
    if roll < 0.55:
        pass
    elif roll < 0.7:  # a level higher, usually a trick short of it
        level = min(level + 1, 7)
    elif roll < 0.82 and level > 1:  # stopped a level lower
        level -= 1
    elif roll < 0.92:  # another strain at the same level
        strain = int(rng.choice([s for s in range(5) if s != strain]))
        tricks -= int(rng.integers(0, 2))
    else:  # the other side sacrifices, doubled
        side, doubled = 1 - side, "X"
        level = min(level + (1 if strain != 4 else 0), 7)
        strain = int(rng.choice([0, 1, 2, 3]))
        tricks = level + 6 - int(rng.integers(1, 4))
    tricks = int(np.clip(tricks + rng.choice([-1, 0, 0, 0, 0, 1]), 0, 13))
    if doubled == "" and level >= 2 and tricks < level + 6 - 1 and rng.random() < 0.3:
        doubled = "X"
    declarer = ("NS", "EW")[side][int(rng.integers(2))]
    return Play(f"{level}{STRAINS[strain]}{doubled}", declarer, tricks, _lead(rng))


def _set_offsets(n: int) -> list[int]:
    """Offsets h(k) of the board set played at table k (set r + h(k) in round r) for which
    every pair of the circle method plays every set once.

    A moving pair p meets the others at distance d = p − r: at table d, or table n − d, so in
    round r it plays set p − d + h(d) or p − d + h(n − d): h(k) − k and h(k) + k must run
    through every set other than h(0) = 0 exactly once. Found by backtracking.
    """
    used = {0}
    offsets = [0]

    def place(k: int) -> bool:
        if k > (n - 1) // 2:
            return True
        for h in range(n):
            low, high = (h - k) % n, (h + k) % n
            if low in used or high in used:
                continue
            used.update((low, high))
            offsets.append(h)
            if place(k + 1):
                return True
            offsets.pop()
            used.difference_update((low, high))
        return False

    if not place(1):
        raise ValueError(f"no Howell board arrangement for {n + 1} pairs")
    return offsets


def _howell_rounds(pairs: int) -> list[list[tuple[int, int, int]]]:
    """A complete Howell for an even number of pairs: rounds of (NS, EW, board set).

    The circle method: pair ``pairs − 1`` stays, the others move round; in round r it meets
    pair r, and pairs r + k and r − k (mod pairs − 1) meet at table k. Directions alternate,
    so every pair sits both NS and EW.
    """
    n = pairs - 1
    offsets = _set_offsets(n)
    rounds = []
    for r in range(n):
        tables = [(n, r, r % n)] + [
            ((r + k) % n, (r - k) % n, (r + offsets[k]) % n) for k in range(1, pairs // 2)
        ]
        rounds.append(
            [(a, b, s) if (r + i) % 2 == 0 else (b, a, s) for i, (a, b, s) in enumerate(tables)]
        )
    return rounds


def _boards_of(board_set: int) -> range:
    return range(board_set * BOARDS_PER_ROUND + 1, (board_set + 1) * BOARDS_PER_ROUND + 1)


def howell_rows(seed: int = SEED) -> Iterator[list[object]]:
    """The Howell's traveller rows (header first)."""
    rng = np.random.default_rng(seed)
    rounds = _howell_rounds(HOWELL_PAIRS)
    pars = {board: _par(rng) for board in range(1, (HOWELL_PAIRS - 1) * BOARDS_PER_ROUND + 1)}
    yield ["board", "round", "table", "ns_pair", "ew_pair", "contract", "declarer", "result",
           "lead", "ns_score"]  # fmt: skip
    lines = []
    for number, tables in enumerate(rounds, 1):
        for table, (ns, ew, board_set) in enumerate(tables, 1):
            for board in _boards_of(board_set):
                lines.append((board, number, table, ns + 1, ew + 1))
    adjusted = lines[int(rng.integers(len(lines)))]
    for board, number, table, ns, ew in sorted(lines):
        if (board, number, table, ns, ew) == adjusted:
            yield [board, number, table, ns, ew, "", "", "", "", "A60/40"]
            continue
        play = _play(rng, pars[board])
        yield [board, number, table, ns, ew, play.contract, play.declarer, play.relative(),
               play.lead, ""]  # fmt: skip


def mitchell_rows(seed: int = SEED + 1) -> Iterator[list[object]]:
    """The Mitchell's traveller rows (header first): NS stay, EW move up, boards move down."""
    rng = np.random.default_rng(seed)
    tables = MITCHELL_TABLES
    pars = {board: _par(rng) for board in range(1, tables * BOARDS_PER_ROUND + 1)}
    yield ["Board", "Table", "NS", "EW", "Contract", "By", "Tricks", "Score"]
    lines = []
    for number in range(tables):
        for table in range(tables):
            ew = (table - number) % tables
            board_set = (table + number) % tables
            for board in _boards_of(board_set):
                lines.append((board, table + 1, table + 1, ew + 1))
    special = rng.choice(len(lines), 2, replace=False)
    not_played, adjusted = lines[int(special[0])], lines[int(special[1])]
    for line in sorted(lines):
        board, table, ns, ew = line
        if line == not_played:
            yield [board, table, ns, ew, "", "", "", "NP"]
        elif line == adjusted:
            yield [board, table, ns, ew, "", "", "", "A40/60"]
        else:
            play = _play(rng, pars[board])
            tricks = "" if play.tricks < 0 else play.tricks
            yield [board, table, ns, ew, play.contract, play.declarer, tricks, ""]


def _names(rng: np.random.Generator, count: int) -> Iterator[str]:
    first = rng.permutation(len(FIRST_NAMES))
    last = rng.permutation(len(SURNAMES))
    for i in range(count):
        a, b = 2 * i, 2 * i + 1
        yield (
            f"{FIRST_NAMES[first[a]]} {SURNAMES[last[a]]} & "
            f"{FIRST_NAMES[first[b]]} {SURNAMES[last[b]]}"
        )


def howell_names(seed: int = SEED) -> Iterator[list[object]]:
    yield ["pair", "names"]
    for pair, names in enumerate(_names(np.random.default_rng(seed + 10), HOWELL_PAIRS), 1):
        yield [pair, names]


def mitchell_names(seed: int = SEED + 1) -> Iterator[list[object]]:
    yield ["direction", "pair", "names"]
    names = _names(np.random.default_rng(seed + 10), 2 * MITCHELL_TABLES)
    for direction in ("NS", "EW"):
        for pair in range(1, MITCHELL_TABLES + 1):
            yield [direction, pair, next(names)]


FILES = {
    "howell.csv": howell_rows,
    "howell-names.csv": howell_names,
    "mitchell.csv": mitchell_rows,
    "mitchell-names.csv": mitchell_names,
}


def csv_of(rows: Iterator[list[object]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, default=Path(__file__).resolve().parent)
    parser.add_argument("--force", action="store_true", help="overwrite existing files")
    args = parser.parse_args(argv)
    for name, rows in FILES.items():
        path = args.dir / name
        if path.exists() and not args.force:
            print(f"{path} exists; use --force to overwrite it", file=sys.stderr)
            return 2
        path.write_text(csv_of(rows()), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
