"""Workload 9: big files end to end, against a bare pass of Python's ``csv`` module.

    python benchmarks/bench_files.py [--quick]

Two commands as a user runs them (in this process, so start-up, a benchmark of its own, is
left out):

* ``xlbridge handicap update`` on a federation's month (30,000 players, 400,000 result rows):
  read and check the register and the results, apply, write the register and the history;
* ``xlbridge score`` on a traveller of 1,000 boards × 1,000 entries, written to a CSV.

The reference is the least any program can do with the same files: read every input file with
``csv.reader`` and write the very output files our command wrote (their rows prepared
beforehand) with ``csv.writer``. Rounds interleave ours and the reference; the best of each is
kept. Peak memory (maximum resident set) of each command, run once as a fresh process, is
recorded.
"""

from __future__ import annotations

import contextlib
import csv
import gc
import io
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import bench_common  # noqa: F401  (first: sets up the paths)
import numpy as np
from bench_common import ROOT, Line, Sizes, script_main
from bench_handicap import month

from xlbridge.cli.main import main as cli_main

#: Runs ``xlbridge`` in a fresh process and prints its peak memory (kB) as the last line:
#: the high-water mark of its own memory (``VmHWM``). ``ru_maxrss`` would do elsewhere, but on
#: Linux it keeps the forking parent's size across ``exec``, and this benchmark's own process
#: holds a month of files.
PEAK_MEMORY = (
    "import resource, sys\n"
    "from xlbridge.cli.main import main\n"
    "code = main(sys.argv[1:])\n"
    "try:\n"
    "    status = open('/proc/self/status').read().split('VmHWM:')[1]\n"
    "    peak = int(status.split()[0])\n"
    "except (OSError, IndexError, ValueError):\n"
    "    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "print(peak, file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def peak_memory_mb(arguments: list[str], cwd: Path) -> float:
    """Peak resident memory of ``xlbridge ARGUMENTS`` run once as a fresh process."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XLWINGS_")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", PEAK_MEMORY, *arguments],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"xlbridge {arguments[0]} failed: {done.stderr.strip()[-500:]}")
    return int(done.stderr.strip().splitlines()[-1]) / 1024


def ours(arguments: list[str]) -> None:
    """``xlbridge ARGUMENTS`` in this process (its imports already warm), quietly."""
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        code = cli_main(arguments)
    if code != 0:
        raise RuntimeError(f"xlbridge {arguments[0]} exited {code}")


def bare_csv(inputs: list[Path], outputs: dict[Path, list[list[str]]]) -> None:
    """Read every input with ``csv.reader``; write every output's rows with ``csv.writer``."""
    for name in inputs:
        with open(name, newline="", encoding="utf-8") as f:
            for _row in csv.reader(f):
                pass
    for target, rows in outputs.items():
        with open(target, "w", newline="", encoding="utf-8") as f:
            csv.writer(f, lineterminator="\n").writerows(rows)


def rows_of(path: Path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def interleaved(
    rounds: int,
    mine: Callable[[], None],
    reference: Callable[[], None],
    before: Callable[[], None] = lambda: None,
) -> tuple[float, float]:
    """Best seconds of ours and of the reference over ``rounds`` alternating runs."""
    best_mine = best_reference = float("inf")
    for _ in range(rounds):
        for run, is_mine in ((mine, True), (reference, False)):
            before()
            gc.collect()
            start = time.perf_counter()
            run()
            seconds = time.perf_counter() - start
            if is_mine:
                best_mine = min(best_mine, seconds)
            else:
                best_reference = min(best_reference, seconds)
    return best_mine, best_reference


def traveller_text(boards: int, entries: int, seed: int = 3) -> str:
    """A plain traveller: every board played at every table, NS scores in tens."""
    rng = np.random.default_rng(seed)
    board = np.repeat(np.arange(1, boards + 1), entries)
    table = np.tile(np.arange(1, entries + 1), boards)
    score = rng.integers(-150, 200, board.size) * 10
    body = "\n".join(
        f"{b},{t},{s}"
        for b, t, s in zip(board.tolist(), table.tolist(), score.tolist(), strict=True)
    )
    return "board,table,ns_score\n" + body + "\n"


def handicap_lines(folder: Path, rounds: int) -> list[Line]:
    register_text, results_text = month(30_000, 400_000)
    original, register = folder / "players-original.csv", folder / "players.csv"
    results, history = folder / "results.csv", folder / "players-history.csv"
    original.write_text(register_text)
    results.write_text(results_text)

    def fresh() -> None:
        shutil.copyfile(original, register)
        history.unlink(missing_ok=True)
        for leftover in folder.glob("players*.journal*"):
            leftover.unlink()

    arguments = ["handicap", "update", "--register", str(register), "--results", str(results)]
    fresh()
    ours(arguments)
    outputs = {
        folder / "bare-players.csv": rows_of(register),
        folder / "bare-history.csv": rows_of(history),
    }
    fresh()
    memory = peak_memory_mb(arguments, folder)
    mine, reference = interleaved(
        rounds, lambda: ours(arguments), lambda: bare_csv([original, results], outputs), fresh
    )
    return [
        Line(
            "files: handicap update vs bare csv",
            "30,000 players, 400,005 rows, end to end",
            mine,
            "csv.reader/csv.writer of the same files",
            reference,
            "limit",
        ),
        Line(
            "peak memory: handicap update (recorded)",
            f"{memory:.0f} MB, fresh process",
            mine,
            "—",
            reference,
            "limit",
        ),
    ]


def score_lines(folder: Path, rounds: int) -> list[Line]:
    traveller, scored = folder / "traveller.csv", folder / "scored.csv"
    traveller.write_text(traveller_text(1_000, 1_000))
    arguments = ["score", str(traveller), "-o", str(scored), "--force"]
    ours(arguments)
    outputs = {folder / "bare-scored.csv": rows_of(scored)}
    memory = peak_memory_mb(arguments, folder)
    mine, reference = interleaved(
        rounds, lambda: ours(arguments), lambda: bare_csv([traveller], outputs)
    )
    return [
        Line(
            "files: score vs bare csv",
            "1,000 boards × 1,000 entries, end to end",
            mine,
            "csv.reader/csv.writer of the same files",
            reference,
            "limit",
        ),
        Line(
            "peak memory: score (recorded)",
            f"{memory:.0f} MB, fresh process",
            mine,
            "—",
            reference,
            "limit",
        ),
    ]


def lines(sizes: Sizes) -> list[Line]:
    """Workload 9: ``handicap update`` and ``score`` on big files, end to end."""
    rounds = 3 if sizes.repeats < 9 else 5
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        return handicap_lines(folder, rounds) + score_lines(folder, rounds)


if __name__ == "__main__":
    sys.exit(script_main(lines, __doc__ or ""))
