"""Workload 15: what a real xlwings Server adds to the dispatcher for VP.

    python benchmarks/bench_server.py [--quick]

100 ``VP`` calls of a 100-cell range (1,000 calls in the full run) posted over HTTP, as the
add-in's JavaScript posts them, to an xlwings Server on 127.0.0.1 that serves a project built
by install/README.md's commands (tests/server_rig.py); against the same calls through xlwings'
``custom_functions_call`` in this process (at most 3×). Without xlwings-server (a test extra)
the line is skipped with a notice.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
import numpy as np
from bench_common import Line, Sizes, interleaved, script_main


def lines(sizes: Sizes) -> list[Line]:
    """Workload 15: VP of a 100-cell range, through the server and through the dispatcher."""
    import server_rig

    reason = server_rig.missing()
    if reason is not None:
        print(f"notice: {reason}; the xlwings Server line is skipped")
        return []
    import httpx
    import xlwings
    from xlwings.server import custom_functions_call

    import xlbridge.udfs as udfs

    calls = sizes.server_calls
    rng = np.random.default_rng(15)
    cells = [[float(v)] for v in np.round(rng.normal(0, 20, 100))]
    body = {
        "client": "Office.js",
        "func_name": "VP",
        "args": [cells, [[8]]],
        "caller_address": "[Book1.xlsx]Sheet1!B2",
        "version": xlwings.__version__,
        "runtime": "1.4",
    }

    async def dispatched() -> None:
        for _ in range(calls):
            await custom_functions_call(body, udfs)

    with tempfile.TemporaryDirectory() as folder:
        project = server_rig.build_project(Path(folder))
        with server_rig.RunningServer(project) as server, httpx.Client() as http:
            address = f"{server.url}/xlwings/custom-functions-call"

            def served() -> None:
                for _ in range(calls):
                    http.post(address, json=body).raise_for_status()

            first = http.post(address, json=body).json()["result"]
            assert first == asyncio.run(custom_functions_call(body, udfs))
            ours, plain = interleaved(served, lambda: asyncio.run(dispatched()), sizes.repeats)
    return [
        Line(
            "VP via xlwings Server vs dispatcher",
            f"{calls:,} calls of a 100-cell range",
            ours,
            "the same calls through custom_functions_call in-process",
            plain,
            "limit",
        )
    ]


if __name__ == "__main__":
    sys.exit(script_main(lines, __doc__))
