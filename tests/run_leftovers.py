"""Other runs, for the tests of what a run owns (xlbridge.io.runs): the id of a process that
has ended, and a real second process holding an output's lock."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HOLDER = """
import sys
from pathlib import Path
from xlbridge.io.runs import holding
with holding(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.read()
"""


def dead_pid() -> int:
    """The id of a process that has ended (a run killed, as far as its files can tell)."""
    process = subprocess.Popen([sys.executable, "-S", "-c", ""])
    process.wait()
    return process.pid


@contextmanager
def another_run_writing(path: Path) -> Iterator[int]:
    """A second process that holds ``path``'s lock while the context lasts; its id."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None and process.stdout.readline() == "held\n"
        yield process.pid
    finally:
        process.communicate("")  # stdin closed: it lets go and ends
