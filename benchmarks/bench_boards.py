"""Benchmark of board scoring (``xlbridge.scoring.boards.matchpoints``, ``cross_imps``, ``datums``)
against the machine's limit and the direct definition.

Run from the repository root::

    python benchmarks/bench_boards.py            # full sizes (about 30 s)
    python benchmarks/bench_boards.py --short    # small sizes (a second or two; CI)
    python benchmarks/bench_boards.py --json results.json

Workloads (full sizes; ``--short`` divides them):

* **matchpoints** of 1,000 boards × 1,000 entries, 10 % of the entries an assigned weighted
  score of two components (1,100,000 rows). The limit is a bare ``np.lexsort`` of the same
  (board, score) rows: matchpointing needs at least one sort.
* **Butler IMPs** on the same rows, against the same sort.
* **cross-IMPs** of one board played 1,000 and 10,000 times (10 % weighted). The reference is
  the direct O(N²) definition — every component IMPed against every component of every other
  entry — in numpy, chunked so that it fits in memory; its output is asserted equal to
  xlbridge's before anything is timed. The growth from 1,000 to 10,000 entries is reported next
  to N log N's.

Times are the best of several ``time.perf_counter`` runs with the garbage collector paused.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
from bench_common import best_of

from xlbridge.scoring.boards.cross_imps import cross_imps
from xlbridge.scoring.boards.datums import butler_imps
from xlbridge.scoring.boards.matchpoints import matchpoints
from xlbridge.scoring.imps import imps


@dataclass(frozen=True)
class Sizes:
    boards: int
    entries: int
    cross_small: int
    cross_large: int
    repeats: int


FULL = Sizes(boards=1_000, entries=1_000, cross_small=1_000, cross_large=10_000, repeats=5)
SHORT = Sizes(boards=100, entries=100, cross_small=300, cross_large=3_000, repeats=3)
WEIGHTED_SHARE = 0.10


@dataclass(frozen=True)
class Result:
    case: str
    rows: int
    xlbridge_s: float
    reference: str
    reference_s: float

    @property
    def ratio(self) -> float:
        return self.xlbridge_s / self.reference_s


def traveller_rows(boards: int, entries: int, seed: int) -> dict[str, np.ndarray]:
    """Component rows: every entry one row, a share of them two rows weighted 0.6/0.4."""
    rng = np.random.default_rng(seed)
    board = np.repeat(np.arange(boards), entries)
    entry = np.tile(np.arange(entries), boards)
    weighted = rng.random(board.size) < WEIGHTED_SHARE
    parts = np.where(weighted, 2, 1)
    return {
        "board": np.repeat(board, parts),
        "entry": np.repeat(entry, parts),
        "score": rng.integers(-100, 200, int(parts.sum())) * 10,
        "weight": np.concatenate([[0.6, 0.4] if w else [1.0] for w in weighted]),
    }


def naive_cross_imps(rows: dict[str, np.ndarray], chunk: int = 500) -> np.ndarray:
    """The direct definition for one board: Σ w_i·w_j·IMPs(s_i − s_j) over other entries."""
    score, weight, entry = rows["score"], rows["weight"], rows["entry"]
    per_row = np.empty(score.size)
    for start in range(0, score.size, chunk):
        part = slice(start, start + chunk)
        pairs = imps(score[part, None] - score[None, :]) * weight[None, :]
        pairs[entry[part, None] == entry[None, :]] = 0.0
        per_row[part] = pairs.sum(axis=1) * weight[part]
    entries = np.unique(entry).size
    return np.bincount(entry, weights=per_row) / (entries - 1)


def bench_matchpoints(sizes: Sizes) -> list[Result]:
    rows = traveller_rows(sizes.boards, sizes.entries, seed=1)
    n = rows["board"].size
    label = f"{sizes.boards:,} boards × {sizes.entries:,} entries"
    sort_s = best_of(lambda: np.lexsort((rows["score"], rows["board"])), sizes.repeats)
    mp = best_of(lambda: matchpoints(**rows), sizes.repeats)
    butler = best_of(lambda: butler_imps(**rows), sizes.repeats)
    sort = "np.lexsort((score, board)) of the same rows"
    return [
        Result(f"matchpoints, {label}", n, mp, sort, sort_s),
        Result(f"Butler IMPs, {label}", n, butler, sort, sort_s),
    ]


def bench_cross_imps(sizes: Sizes) -> list[Result]:
    results = []
    for entries in (sizes.cross_small, sizes.cross_large):
        rows = traveller_rows(1, entries, seed=entries)
        ours = cross_imps(**rows).value
        np.testing.assert_allclose(ours, naive_cross_imps(rows), rtol=0, atol=1e-9)
        xl = best_of(lambda rows=rows: cross_imps(**rows), sizes.repeats)
        ref = best_of(lambda rows=rows: naive_cross_imps(rows), max(1, sizes.repeats // 2))
        results.append(
            Result(
                f"cross-IMPs, one board of {entries:,} entries",
                rows["board"].size,
                xl,
                "direct O(N²) definition in numpy (equal output asserted)",
                ref,
            )
        )
    return results


def growth(small: Result, large: Result) -> tuple[float, float]:
    """Time growth of cross-IMPs from the small to the large board, and N log N's."""
    n1, n2 = small.rows, large.rows
    return large.xlbridge_s / small.xlbridge_s, (n2 * math.log(n2)) / (n1 * math.log(n1))


def report(results: Sequence[Result], mode: str, command: str) -> str:
    lines = [
        f"Board scoring benchmark ({mode}; {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}, numpy {np.__version__}); command: `{command}`",
        "",
        "| case | rows | xlbridge (s) | reference | reference (s) | xlbridge / reference |",
        "|---|---:|---:|---|---:|---:|",
    ]
    for r in results:
        lines.append(
            f"| {r.case} | {r.rows:,} | {r.xlbridge_s:.4f} | {r.reference} | "
            f"{r.reference_s:.4f} | {r.ratio:.3g} |"
        )
    cross = [r for r in results if r.case.startswith("cross-IMPs")]
    measured, nlogn = growth(cross[0], cross[1])
    lines += ["", f"cross-IMPs time growth {measured:.2f}× for N log N's {nlogn:.2f}×"]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="small sizes (CI)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    sizes = SHORT if args.short else FULL
    command = "python benchmarks/bench_boards.py" + (" --short" if args.short else "")
    results = bench_matchpoints(sizes) + bench_cross_imps(sizes)
    print(report(results, "short" if args.short else "full", command))
    if args.json:
        payload = {
            "mode": "short" if args.short else "full",
            "results": [asdict(r) | {"ratio": r.ratio} for r in results],
            "cross_imps_growth": dict(
                zip(("measured", "n_log_n"), growth(*results[2:4]), strict=True)
            ),
        }
        args.json.write_text(json.dumps(payload, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
