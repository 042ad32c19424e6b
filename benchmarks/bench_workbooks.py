"""Workload 7: the ready-made workbooks (recorded, no floor).

    python benchmarks/bench_workbooks.py

The time to build and save each workbook of ``xlbridge workbooks``, and LibreOffice's time to
recalculate the largest, headless, start-up included.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
from bench_common import Line, Sizes, script_main


def lines(sizes: Sizes) -> list[Line]:
    """Workload 7: generating the ready-made workbooks, recalculating the largest."""
    from libreoffice import prepare_profile, recalculate, require_soffice

    from xlbridge.workbooks.ready_made import READY_MADE

    lines, sizes = [], {}
    with tempfile.TemporaryDirectory() as folder:
        for name, build in READY_MADE.items():
            start = time.perf_counter()
            build().save(Path(folder) / name)
            seconds = time.perf_counter() - start
            sizes[name] = (Path(folder) / name).stat().st_size
            lines.append(
                Line(
                    f"generate {name} (recorded)", "build and save", seconds, "—", seconds, "limit"
                )
            )
        largest = max(sizes, key=lambda n: sizes[n])
        profile = prepare_profile(Path(folder) / "profile")
        out = Path(folder) / "out"
        out.mkdir()
        start = time.perf_counter()
        recalculate(Path(folder) / largest, out, profile, soffice=require_soffice())
        seconds = time.perf_counter() - start
    lines.append(
        Line(
            f"LibreOffice recalculates {largest} (recorded)",
            f"{sizes[largest] // 1024} kB, headless, start-up included",
            seconds,
            "—",
            seconds,
            "limit",
        )
    )
    return lines


if __name__ == "__main__":
    sys.exit(script_main(lines, __doc__))
