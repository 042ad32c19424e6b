"""Workload 2: cross-IMPs of one board played 1,000 and 10,000 times, against bridge-scorer.

    python benchmarks/bench_cross_imps.py [--quick]

bridge-scorer pairs every two results (O(N²)); ours must be at least 100× faster at 10,000
entries and grow no faster than N log N from 1,000 to 10,000. The peer's values are asserted
equal to ours first.
"""

from __future__ import annotations

import math
import sys

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
import numpy as np
from bench_common import PEER, Line, Sizes, best_of, peer_or_notice, script_main
from bench_matchpoints import plain_boards, scores_by_board

from xlbridge.scoring.boards.cross_imps import cross_imps


def lines(sizes: Sizes) -> list[Line]:
    """Workload 2: cross-IMPs of one board of 1,000 and 10,000 entries."""
    peer = peer_or_notice()
    lines, mine = [], {}
    for entries in (1_000, 10_000):
        plain = plain_boards(1, entries, seed=entries)
        mine[entries] = best_of(lambda plain=plain: cross_imps(**plain), sizes.repeats)
        if peer is None:
            continue
        run = peer.run("crossImps", scores_by_board(plain), sizes.peer_cross_repeats)
        assert np.allclose(run.values[0], cross_imps(**plain).value)
        lines.append(
            Line(
                "cross-IMPs vs peer" if entries == 10_000 else "cross-IMPs (recorded)",
                f"one board of {entries:,} entries",
                mine[entries],
                PEER,
                run.best_seconds,
                "faster",
            )
        )
    n_log_n = (10_000 * math.log(10_000)) / (1_000 * math.log(1_000))
    lines.append(
        Line(
            "cross-IMPs growth vs N log N",
            "time(10,000) / time(1,000), against N log N's growth",
            mine[10_000] / mine[1_000],
            "N log N",
            n_log_n,
            "limit",
        )
    )
    return lines


if __name__ == "__main__":
    sys.exit(script_main(lines, __doc__))
