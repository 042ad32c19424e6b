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
from bench_common import Line, Sizes, best_of, script_main

from xlbridge.core.scales import vp_scale
from xlbridge.core.wbf import wbf_vp


def lines(sizes: Sizes) -> list[Line]:
    """Workload 4: VP and VP_WBF lookups, and a cached VPSCALE."""
    rng = np.random.default_rng(4)
    margins = np.round(rng.normal(0, 30, 1_000_000), 1)
    scale = vp_scale(8)
    limit = best_of(
        lambda: np.searchsorted(scale.lower, np.abs(margins), side="right"), sizes.repeats
    )
    case = "1,000,000 margins, 8 boards"
    search = "np.searchsorted of the same margins"
    lines = [
        Line("VP vs searchsorted", case, best_of(lambda: scale.vp(margins), sizes.repeats),
             search, limit, "limit"),
        Line("VP_WBF vs searchsorted", case, best_of(lambda: wbf_vp(margins, 8), sizes.repeats),
             search, limit, "limit"),
    ]  # fmt: skip
    import xlbridge.udfs as udfs

    stored = {("key",): [list(row) for row in scale.rows()]}
    calls = 20_000
    ours = best_of(lambda: [udfs.VPSCALE(8) for _ in range(calls)], sizes.repeats) / calls
    lookup = (
        best_of(
            lambda: [[row.copy() for row in stored[("key",)]] for _ in range(calls)], sizes.repeats
        )
        / calls
    )
    lines.append(Line("cached VPSCALE vs dict + copy", "VPSCALE(8) again, per call", ours,
                      "dict lookup + copy of the rows", lookup, "limit"))  # fmt: skip
    return lines


if __name__ == "__main__":
    sys.exit(script_main(lines, __doc__))
