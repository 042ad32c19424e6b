"""Workload 17: a PBN file whose [Event] tag line is 20 MB.

    python benchmarks/bench_pbn_tags.py [--quick]

The file: an [Event] of 20,000,000 characters, then one board's score table of two lines.
Measured, ours and the reference in turns:

* **PBN tag line vs str.split** — :func:`xlbridge.io.pbn.read.read_pbn` (the file decoded,
  every line checked storable, the tag matched and unescaped, the table read) against reading
  the same file's text and ``str.split`` of it (at most 3×). ``--quick``: 2 MB;
* **peak memory** of the read (tracemalloc), recorded as a multiple of the file's size.
"""

from __future__ import annotations

import sys
import tempfile
import tracemalloc
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
from bench_common import Line, interleaved, script_main

from xlbridge.io.pbn.read import read_pbn

SIZE, QUICK_SIZE = 20_000_000, 2_000_000
TABLE = (
    '[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\5R"]\n'
    " 1  3   420\n 2  4  -100\n"
)


def write_file(folder: Path, size: int) -> Path:
    words = "Spring pairs " * (size // 13)
    path = folder / "long.pbn"
    path.write_text(f'[Event "{words}"]\n{TABLE}', encoding="utf-8")
    return path


def ours(path: Path) -> object:
    return read_pbn(path)


def reference(path: Path) -> object:
    return path.read_text(encoding="utf-8").split()


def peak_bytes(path: Path) -> int:
    tracemalloc.start()
    try:
        read_pbn(path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def lines(sizes: Any) -> list[Line]:
    """Workload 17: a 20 MB tag line against str.split, and the read's peak memory."""
    size = QUICK_SIZE if sizes.repeats < 9 else SIZE
    with tempfile.TemporaryDirectory() as folder:
        path = write_file(Path(folder), size)
        event = ours(path)
        whole = len(getattr(event, "description", "")) == size // 13 * 13
        assert whole, "the event is not read whole"
        repeats = min(sizes.repeats, 3)
        ours_s, reference_s = interleaved(lambda: ours(path), lambda: reference(path), repeats)
        peak, file_size = peak_bytes(path), path.stat().st_size
    case = f"[Event] of {size // 1_000_000} MB"
    return [
        Line(
            "PBN tag line vs str.split", case, ours_s, "read_text().split()", reference_s, "limit"
        ),
        Line(
            "peak memory: PBN tag line (recorded)",
            f"{peak / 1e6:.0f} MB for a {file_size / 1e6:.0f} MB file "
            f"({peak / file_size:.1f}× its size), tracemalloc",
            ours_s,
            "—",
            reference_s,
            "limit",
        ),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    return script_main(lines, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
