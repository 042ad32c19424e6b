"""Workload 4: VP and VP_WBF of 1,000,000 margins, and a cached VPSCALE.

    python benchmarks/bench_vp.py [--quick]

The lookups against ``np.searchsorted`` of the same margins in the same scale (at most 3×);
VPSCALE called again with the same cells against a dictionary lookup plus the copy of the
rows it returns (at most 1.5×: our call also builds its key and goes through the function).
"""

from __future__ import annotations

import sys

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
import numpy as np
from bench_common import Line, Sizes, interleaved, script_main

from xlbridge.scoring.scales.gaussian import vp_scale
from xlbridge.scoring.scales.wbf import wbf_vp


def lines(sizes: Sizes) -> list[Line]:
    """Workload 4: VP and VP_WBF lookups, and a cached VPSCALE."""
    rng = np.random.default_rng(4)
    margins = np.round(rng.normal(0, 30, 1_000_000), 1)
    scale = vp_scale(8)

    def search() -> object:
        return np.searchsorted(scale.lower, np.abs(margins), side="right")

    case = "1,000,000 margins, 8 boards"
    searched = "np.searchsorted of the same margins"
    vp_s, vp_ref = interleaved(lambda: scale.vp(margins), search, sizes.repeats)
    wbf_s, wbf_ref = interleaved(lambda: wbf_vp(margins, 8), search, sizes.repeats)
    lines = [
        Line("VP vs searchsorted", case, vp_s, searched, vp_ref, "limit"),
        Line("VP_WBF vs searchsorted", case, wbf_s, searched, wbf_ref, "limit"),
    ]
    import xlbridge.udfs as udfs

    stored = {("key",): [list(row) for row in scale.rows()]}
    calls = 20_000
    ours, lookup = (
        seconds / calls
        for seconds in interleaved(
            lambda: [udfs.VPSCALE(8) for _ in range(calls)],
            lambda: [[row.copy() for row in stored[("key",)]] for _ in range(calls)],
            sizes.repeats,
        )
    )
    lines.append(
        Line(
            "cached VPSCALE vs dict + copy",
            "VPSCALE(8) again, per call",
            ours,
            "dict lookup + copy of the rows",
            lookup,
            "limit",
        )
    )
    return lines


if __name__ == "__main__":
    sys.exit(script_main(lines, __doc__))
