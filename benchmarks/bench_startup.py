"""Workload 8: start-up, as fresh processes (how a user meets the command line and the add-in).

    python benchmarks/bench_startup.py [--quick]

Each command runs as a new Python process; the rounds interleave ours and the references so a
busy machine slows both alike, and the best of the rounds is kept. References: ``python -c
"import numpy"`` for the command line, ``python -c "import numpy, xlwings"`` for the module of
Excel functions that the classic add-in's UDF server and xlwings Lite import at every start.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import bench_common  # noqa: F401  (first: sets up the paths)
from bench_common import ROOT, Line, Sizes, script_main

COMMANDS: dict[str, list[str]] = {
    "import numpy": ["-c", "import numpy"],
    "import numpy, xlwings": ["-c", "import numpy, xlwings"],
    "xlbridge --version": ["-m", "xlbridge", "--version"],
    "xlbridge scale --boards 8": ["-m", "xlbridge", "scale", "--boards", "8"],
    "import xlbridge.udfs": ["-c", "import xlbridge.udfs"],
}


def _environment() -> dict[str, str]:
    """This tree's package first; xlwings in its ordinary (desktop) mode, as a user has it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XLWINGS_")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def _run(arguments: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, *arguments],
        env=env,
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def best_times(rounds: int) -> dict[str, float]:
    """The fastest of ``rounds`` fresh runs of each command, the commands interleaved."""
    env = _environment()
    best = {name: float("inf") for name in COMMANDS}
    for _ in range(rounds + 1):  # the first round warms the file cache and is not kept
        for name, arguments in COMMANDS.items():
            seconds = _run(arguments, env)
            best[name] = min(best[name], seconds) if _ else best[name]
    return best


def lines(sizes: Sizes) -> list[Line]:
    """Workload 8: ``xlbridge --version``, ``xlbridge scale``, ``import xlbridge.udfs``."""
    best = best_times(max(sizes.repeats, 5))
    numpy, numpy_xlwings = best["import numpy"], best["import numpy, xlwings"]
    return [
        Line(
            "start-up: --version vs import numpy",
            "xlbridge --version, fresh process",
            best["xlbridge --version"],
            "python -c 'import numpy'",
            numpy,
            "limit",
        ),
        Line(
            "start-up: scale vs import numpy",
            "xlbridge scale --boards 8, fresh process",
            best["xlbridge scale --boards 8"],
            "python -c 'import numpy'",
            numpy,
            "limit",
        ),
        Line(
            "start-up: udfs vs import numpy, xlwings",
            "import xlbridge.udfs, fresh process",
            best["import xlbridge.udfs"],
            "python -c 'import numpy, xlwings'",
            numpy_xlwings,
            "limit",
        ),
    ]


if __name__ == "__main__":
    sys.exit(script_main(lines, __doc__ or ""))
