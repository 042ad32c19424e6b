"""Workloads 1 and 3: matchpoints and Butler IMPs against bridge-scorer and a bare sort.

    python benchmarks/bench_matchpoints.py [--quick]

On 1,000 boards × 100 entries and 10 boards × 10,000 entries: our matchpoints and Butler IMPs
against bridge-scorer on the same unweighted boards (at least 5× faster; its matchpoints are
asserted equal to ours first), and our matchpoints with 10 % of entries weighted against a
bare ``np.lexsort`` of the same (board, score) rows (at most 3× it).
"""

from __future__ import annotations

import sys

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
import numpy as np
from bench_boards import traveller_rows
from bench_common import PEER, Line, Sizes, best_of, interleaved, peer_or_notice, script_main

from xlbridge.scoring.boards.datums import butler_imps
from xlbridge.scoring.boards.matchpoints import matchpoints


def scores_by_board(rows: dict[str, np.ndarray]) -> list[list[int]]:
    """Each board's scores, for the peer (unweighted rows: one per entry)."""
    starts = np.flatnonzero(np.diff(rows["board"], prepend=-1))
    return [part.tolist() for part in np.split(rows["score"], starts[1:])]


def plain_boards(boards: int, entries: int, seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {
        "board": np.repeat(np.arange(boards), entries),
        "entry": np.tile(np.arange(entries), boards),
        "score": rng.integers(-100, 200, boards * entries) * 10,
    }


def lines(sizes: Sizes) -> list[Line]:
    """Workloads 1 and 3: matchpoints and Butler IMPs against the peer and the bare sort."""
    peer = peer_or_notice()
    lines = []
    for boards, entries in ((1_000, 100), (10, 10_000)):
        case = f"{boards:,} boards × {entries:,} entries"
        plain = plain_boards(boards, entries, seed=boards)
        against_peer = (
            ("matchpoints vs peer", matchpoints, "matchpoints"),
            ("Butler vs peer", butler_imps, "butler"),
        )
        for check, ours, method in against_peer if peer is not None else ():
            run = peer.run(method, scores_by_board(plain), sizes.peer_repeats)
            if method == "matchpoints":  # the same numbers, or the comparison means nothing
                ours_values = np.split(ours(**plain).value, boards)
                assert np.allclose(np.concatenate(run.values), np.concatenate(ours_values))
            mine = best_of(lambda ours=ours, plain=plain: ours(**plain), sizes.repeats)
            lines.append(Line(check, case + ", unweighted", mine, PEER, run.best_seconds, "faster"))
        weighted = traveller_rows(boards, entries, seed=boards)
        mine, floor = interleaved(
            lambda w=weighted: matchpoints(**w),
            lambda w=weighted: np.lexsort((w["score"], w["board"])),
            sizes.repeats,
        )
        lines.append(
            Line(
                "matchpoints vs lexsort",
                case + ", 10 % weighted",
                mine,
                "np.lexsort((score, board))",
                floor,
                "limit",
            )
        )
    return lines


if __name__ == "__main__":
    sys.exit(script_main(lines, __doc__))
