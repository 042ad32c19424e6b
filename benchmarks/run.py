"""Every benchmark workload, each against a reference measured in the same run, with floors.

Run from the repository root::

    python benchmarks/run.py            # full sizes (a few minutes: the peer is quadratic)
    python benchmarks/run.py --quick    # the sizes CI runs (fewer repeats)
    python benchmarks/run.py --json results.json

Each line is a ratio of two times measured here and now, never an absolute time (the machines
are shared and noisy): how many times faster than a reference ("≥ 5×"), or how many times a
limit ("≤ 3×"). Each side is the best of several runs, ours and the reference's taken in turns,
and a run whose floors fail is measured again (up to three times, each check keeping its best
ratio): a burst of load from another process does not fail a floor, a real regression still
does. The floors are fixed in ``common.FLOORS``; raise them as the code gets faster, never
lower them to pass. The exit code is 1 when a floor fails. Without Node.js or npm the
comparisons with bridge-scorer are skipped with a printed notice. One script per
workload, each runnable alone with the same options:

1. ``bench_matchpoints.py`` — matchpoints against bridge-scorer (≥ 5× faster) and a bare
   ``np.lexsort`` (≤ 3×); 3. Butler IMPs against bridge-scorer (≥ 5× faster);
2. ``bench_cross_imps.py`` — cross-IMPs against bridge-scorer (≥ 100× faster at 10,000
   entries), growing no faster than N log N;
4. ``bench_vp.py`` — VP and VP_WBF (≤ 3× ``np.searchsorted``), a cached VPSCALE (≤ 1.5× a
   dictionary lookup plus the copy of the result);
5. ``bench_dispatcher.py`` — VP through xlwings' dispatcher (≤ 1.5× an identity function);
6. ``bench_handicap.py`` — the handicap batch (≥ 20× the per-row Python loop);
7. ``bench_workbooks.py`` — building the ready-made workbooks, LibreOffice's recalculation of
   the largest (recorded);
8. ``bench_startup.py`` — ``xlbridge --version`` (≤ 1.5× ``import numpy``), ``xlbridge scale``
   (≤ 2×) and ``import xlbridge.udfs`` (≤ 1.5× ``import numpy, xlwings``), fresh processes;
9. ``bench_files.py`` — ``xlbridge handicap update`` (30,000 players) and ``xlbridge score``
   (1,000 × 1,000) end to end against a bare ``csv`` pass over the same files, peak memory.
10. ``bench_session.py`` — a national simultaneous pairs: contract scoring (≥ 50× a per-row
   loop), the session scored and ranked (≤ 2× matchpoints of the same lines), ``xlbridge
   session`` end to end (recorded).
11. ``bench_dd.py`` — double-dummy analysis of 36 boards in one batch (≤ 1.2× endplay's own
   batch call on the same deals; skipped with a notice without the optional extra).
12. ``bench_web.py`` — the results site of the same event (``xlbridge session --html``): at
   most 3× a bare Jinja2 writer of the same files; pages per second and size (recorded).
13. ``bench_writers.py`` — the linear writers: the results pack (≤ 2× openpyxl's write-only
   mode writing the same cells with the same named styles) and the ranking CSV (≤ 3×
   ``csv.writer`` writing the same rows), each growing at most 12× for 10× the lines.
14. ``bench_usebio.py`` — writing USEBIO for 100,000 lines (≤ 2× ElementTree serialising the
   same elements; time(100,000) / time(10,000) ≤ 12).
15. ``bench_server.py`` — 100 VP calls of a 100-cell range (1,000 in the full run) through a
   real xlwings Server on 127.0.0.1 (≤ 3× the same calls through the dispatcher in-process;
   skipped with a notice without xlwings-server).
16. ``bench_movement_cards.py`` — the cards of a 99-table Mitchell movement file (≤ 3×
   openpyxl's write-only mode writing the same cells with one named style).
17. ``bench_pbn_tags.py`` — a PBN file with a 20 MB [Event] tag line (≤ 3× ``str.split`` of
   the same file), its peak memory (recorded).

bridge-scorer (npm, MIT) is installed by ``peer.py`` into a cache outside the repository.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
import bench_cross_imps
import bench_dd
import bench_dispatcher
import bench_files
import bench_handicap
import bench_matchpoints
import bench_movement_cards
import bench_pbn_tags
import bench_server
import bench_session
import bench_startup
import bench_usebio
import bench_vp
import bench_web
import bench_workbooks
import bench_writers
from bench_common import Line, Sizes, best_lines, script_main

WORKLOADS = (
    bench_matchpoints,
    bench_cross_imps,
    bench_vp,
    bench_dispatcher,
    bench_handicap,
    bench_workbooks,
    bench_startup,
    bench_files,
    bench_session,
    bench_dd,
    bench_web,
    bench_writers,
    bench_usebio,
    bench_server,
    bench_movement_cards,
    bench_pbn_tags,
)


def lines(sizes: Sizes) -> list[Line]:
    """Every workload's lines, in order (the peer's skipped, with a notice, without Node.js)."""
    # Each workload measured again on its own while one of its floors fails.
    return [line for w in WORKLOADS for line in best_lines(lambda w=w: w.lines(sizes))]


def main(argv: Sequence[str] | None = None) -> int:
    return script_main(lines, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
