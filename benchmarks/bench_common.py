"""What every benchmark shares: the floors, the sizes, a measured line, timing and the report.

Import it first in a benchmark script: it sets up xlwings' Office.js runtime (which xlwings
picks when first imported) and the import path of the helper modules.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

# The Excel-function workload calls the functions the way Excel does (xlwings' Office.js
# dispatcher), which xlwings picks when first imported.
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
os.environ["XLWINGS_ON_SERVER"] = "true"

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for folder in (HERE, ROOT / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from peer import PEER_PACKAGE, PEER_VERSION  # noqa: E402

PEER = f"{PEER_PACKAGE} {PEER_VERSION}"

#: Enforced floors: "faster" ratios are reference/ours (at least), "limit" ratios are
#: ours/reference (at most).
FLOORS = {
    "matchpoints vs peer": 5.0,
    "matchpoints vs lexsort": 3.0,
    "cross-IMPs vs peer": 100.0,
    "cross-IMPs growth vs N log N": 1.0,
    "Butler vs peer": 5.0,
    "VP vs searchsorted": 3.0,
    "VP_WBF vs searchsorted": 3.0,
    "cached VPSCALE vs dict + copy": 1.5,
    "VP via dispatcher vs identity": 1.5,
    # A real xlwings Server on 127.0.0.1 (HTTP, JSON, the app's middleware) against the
    # same VP calls through xlwings' dispatcher in-process.
    "VP via xlwings Server vs dispatcher": 3.0,
    "handicap batch vs per-row loop": 20.0,
    "start-up: --version vs import numpy": 1.5,
    "start-up: scale vs import numpy": 2.0,
    "start-up: udfs vs import numpy, xlwings": 1.5,
    "contract scoring vs per-row loop": 50.0,
    "session vs matchpoints": 2.0,
    "USEBIO vs ElementTree": 2.0,
    "USEBIO growth 100,000 / 10,000 lines": 12.0,
    # End to end against a bare pass of the csv module over the same files (the csv module
    # and numpy column conversion, no byte-level engine). Measured: handicap update 2.1-3.7x
    # with the machine loaded 3-14 deep and 2.4x quiet, score 1.8-2.6x (BENCHMARKS.md); a
    # failed floor is measured again, up to three times, keeping each check's best.
    "files: handicap update vs bare csv": 3.0,
    "files: score vs bare csv": 3.0,
    # Our double-dummy batch (tables, par, cache) against endplay's own batch call.
    "DD batch vs endplay": 1.2,
    "web site vs bare Jinja2 writer": 3.0,
    # The linear writers (bench_writers.py): each against the bare library writing the same.
    "results pack vs openpyxl write-only": 2.0,
    "results pack growth, 10× the lines": 12.0,
    "ranking CSV vs csv.writer": 2.0,
    "ranking CSV growth, 10× the lines": 12.0,
    # Issue 38: a 99-table movement file's cards, and a 20 MB PBN tag line.
    "movement cards vs openpyxl write-only": 3.0,
    "PBN tag line vs str.split": 3.0,
}
#: The issue's targets where the enforced floor is below them (explained in BENCHMARKS.md).
TARGETS: dict[str, float] = {
    # Issue 7: "no more than a dictionary lookup plus the copy of the result", i.e. 1×. Our
    # call also builds its key and passes the error-catching wrapper: 1.17–1.2× measured.
    "cached VPSCALE vs dict + copy": 1.0,
}


@dataclass(frozen=True)
class Sizes:
    repeats: int
    peer_repeats: int
    peer_cross_repeats: int
    handicap_repeats: int
    #: VP calls through the xlwings Server, per timed run (bench_server.py).
    server_calls: int = 100


FULL = Sizes(
    repeats=9, peer_repeats=5, peer_cross_repeats=3, handicap_repeats=3, server_calls=1_000
)
QUICK = Sizes(repeats=5, peer_repeats=3, peer_cross_repeats=1, handicap_repeats=3)


@dataclass(frozen=True)
class Line:
    """One measured ratio."""

    check: str  # a key of FLOORS, or a recorded figure
    case: str
    ours_s: float
    reference: str
    reference_s: float
    kind: str  # "faster" (reference/ours must reach the floor) or "limit" (ours/reference ≤)

    @property
    def ratio(self) -> float:
        if self.kind == "faster":
            return self.reference_s / self.ours_s
        return self.ours_s / self.reference_s

    @property
    def floor(self) -> float | None:
        return FLOORS.get(self.check)

    @property
    def passed(self) -> bool:
        if self.floor is None:
            return True
        return self.ratio >= self.floor if self.kind == "faster" else self.ratio <= self.floor


def recorded(check: str, case: str, seconds: float) -> Line:
    """A line that records a time (or a figure in its case) with no reference and no floor."""
    return Line(check, case, seconds, "—", float("nan"), "faster")


def best_of(function: Callable[[], object], repeats: int) -> float:
    """The fastest of ``repeats`` timed runs (after one untimed run), collector paused."""
    function()
    times = []
    for _ in range(repeats):
        gc.disable()
        try:
            start = time.perf_counter()
            function()
            times.append(time.perf_counter() - start)
        finally:
            gc.enable()
    return min(times)


def interleaved(
    ours: Callable[[], object], reference: Callable[[], object], repeats: int
) -> tuple[float, float]:
    """The fastest of ``repeats`` runs of each, taken in turns (ours, reference, ours, …), so
    that a burst of load from another process slows both sides alike rather than one."""
    ours()
    reference()
    best = [float("inf"), float("inf")]
    for _ in range(repeats):
        for side, function in enumerate((ours, reference)):
            gc.disable()
            try:
                start = time.perf_counter()
                function()
                best[side] = min(best[side], time.perf_counter() - start)
            finally:
                gc.enable()
    return best[0], best[1]


_PEER_NOTICES: list[str] = []


def peer_or_notice() -> Any:
    """The bridge-scorer peer, or None (with a notice printed once) when Node.js or npm is
    missing or the install fails: its comparison lines are then skipped, not failed."""
    from peer import BridgeScorer, PeerError

    reason = BridgeScorer.available()
    if reason is None:
        try:
            return BridgeScorer()
        except PeerError as error:
            reason = str(error)
    if not _PEER_NOTICES:
        _PEER_NOTICES.append(reason)
        print(f"notice: {PEER} cannot run ({reason}); its comparison lines are skipped")
    return None


#: A run whose floors fail is measured again up to this many times in all; each check keeps
#: its best ratio. A busy machine gets a fair chance; a real regression fails every attempt.
ATTEMPTS = 3


def best_lines(measure: Callable[[], list[Line]], attempts: int = ATTEMPTS) -> list[Line]:
    """``measure()``'s lines, measured again while a floor fails, keeping each line's best."""
    best = measure()
    for _ in range(attempts - 1):
        if all(line.passed for line in best):
            break
        again = {(line.check, line.case): line for line in measure()}
        best = [_better(line, again.get((line.check, line.case))) for line in best]
    return best


def _better(line: Line, other: Line | None) -> Line:
    if other is None or line.floor is None:
        return line
    if line.kind == "faster":
        return other if other.ratio > line.ratio else line
    return other if other.ratio < line.ratio else line


def report(lines: Sequence[Line], command: str) -> str:
    out = [
        f"command: `{command}`",
        "",
        "| check | case | xlbridge (s) | reference | reference (s) | ratio | floor | ok |",
        "|---|---|---:|---|---:|---:|---:|---|",
    ]
    for line in lines:
        if line.floor is None:
            ratio = floor = ok = "—"
            reference_s = "—" if line.reference == "—" else f"{line.reference_s:.4g}"
        else:
            sign = "≥" if line.kind == "faster" else "≤"
            ratio = f"{line.ratio:.3g}×"
            floor = f"{sign} {line.floor:g}×"
            if line.check in TARGETS:
                floor += f" (target {TARGETS[line.check]:g}×)"
            ok = "yes" if line.passed else "**NO**"
            reference_s = f"{line.reference_s:.4g}"
        out.append(
            f"| {line.check} | {line.case} | {line.ours_s:.4g} | {line.reference} | "
            f"{reference_s} | {ratio} | {floor} | {ok} |"
        )
    return "\n".join(out)


def script_main(
    lines: Callable[[Sizes], list[Line]], description: str, argv: Sequence[str] | None = None
) -> int:
    """Run one workload (or all): print the report, write JSON, exit 1 if a floor fails."""
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the sizes CI runs")
    parser.add_argument("--json", type=Path, help="also write the lines here")
    args = parser.parse_args(argv)
    script = Path(sys.argv[0]).name if argv is None else "run.py"
    command = f"python benchmarks/{script}" + (" --quick" if args.quick else "")
    sizes = QUICK if args.quick else FULL
    measured = best_lines(lambda: lines(sizes))
    print(report(measured, command))
    failed = [line for line in measured if not line.passed]
    if args.json:
        rows = [
            asdict(line) | {"ratio": line.ratio, "floor": line.floor, "passed": line.passed}
            for line in measured
        ]
        args.json.write_text(json.dumps({"command": command, "lines": rows}, indent=2))
    if failed:
        print(f"\n{len(failed)} floor(s) not met: " + "; ".join(line.check for line in failed))
        return 1
    return 0
