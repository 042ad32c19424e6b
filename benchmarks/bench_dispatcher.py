"""Workload 5: what our Excel function adds to xlwings' dispatcher.

    python benchmarks/bench_dispatcher.py [--quick]

VP over a 1,000-cell range through xlwings' ``custom_functions_call`` (the path Excel's calls
take in Lite and Server) against an identity function through the same path (at most 1.5×).
"""

from __future__ import annotations

import asyncio
import sys
import types

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
import numpy as np
from bench_common import Line, Sizes, interleaved, script_main

_IDENTITY = """
from xlwings import func, arg

@func
@arg("values", ndim=2)
def IDENTITY(values):
    return values
"""


def lines(sizes: Sizes) -> list[Line]:
    """Workload 5: VP over a 1,000-cell range through the dispatcher."""
    import xlwings
    from xlwings.server import custom_functions_call

    import xlbridge.udfs as udfs

    identity = types.ModuleType("identity_functions")
    exec(_IDENTITY, identity.__dict__)  # noqa: S102 - a fixed string, defined above
    rng = np.random.default_rng(5)
    cells = [[float(v)] for v in np.round(rng.normal(0, 20, 1_000))]

    def call(module: types.ModuleType, name: str, *args: object) -> None:
        payload = {
            "func_name": name,
            "args": [a if isinstance(a, list) else [[a]] for a in args],
            "version": xlwings.__version__,
            "client": "Office.js",
            "runtime": "1.4",
        }
        asyncio.run(custom_functions_call(payload, module))

    ours, plain = interleaved(
        lambda: call(udfs, "VP", cells, 8),
        lambda: call(identity, "IDENTITY", cells),
        sizes.repeats * 4,
    )
    return [
        Line(
            "VP via dispatcher vs identity",
            "1,000-cell range",
            ours,
            "identity function, same dispatcher",
            plain,
            "limit",
        )
    ]


if __name__ == "__main__":
    sys.exit(script_main(lines, __doc__))
