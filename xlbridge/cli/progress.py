"""Progress of a long command on stderr: which file is being read, what is applied, what is
written ("reading results.csv", "read 400,005 rows", "applying 30 dates", "writing
players.csv"), each line with the seconds since the command started.

Shown when stderr is a terminal and the input files are big enough to take a moment
(:data:`BIG_INPUT`) or the work ahead will (:data:`LONG_WORK`: solving many deals double
dummy), always with ``--progress``, never with ``--quiet``. The command's own
summary line is not progress: ``--quiet`` keeps it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

#: Input files of this many bytes in all take long enough to show progress in a terminal.
BIG_INPUT = 1_000_000
#: Work expected to take this many seconds shows progress in a terminal (solving deals).
LONG_WORK = 5.0
#: Seconds between two "applied date …" lines (the first and last are always shown).
EVERY = 0.5


def add_options(parser: argparse.ArgumentParser, when: str = "for big files") -> None:
    """``--progress`` and ``--quiet`` for a command that may run long (shown in a terminal
    ``when``)."""
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument(
        "--progress",
        action="store_true",
        help=f"show progress on stderr even when it is not a terminal (shown in a terminal {when})",
    )
    choice.add_argument("--quiet", action="store_true", help="show no progress")


class Progress:
    """Progress lines for one run (see the module); silent when not ``enabled``."""

    def __init__(
        self,
        enabled: bool,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
        *,
        quiet: bool = False,
    ) -> None:
        self.enabled = enabled
        self.quiet = quiet  # --quiet: never shown, however long the work
        self._stream = stream
        self._clock = clock
        self._start = self._last = clock()

    @classmethod
    def for_run(cls, args: argparse.Namespace, inputs: Iterable[Path | None]) -> Progress:
        """As the command's options ask: ``--quiet``, ``--progress``, or else shown when
        stderr is a terminal and ``inputs`` are big (:data:`BIG_INPUT`)."""
        if getattr(args, "quiet", False):
            return cls(False, quiet=True)
        if getattr(args, "progress", False):
            return cls(True)
        return cls(_is_terminal(sys.stderr) and _size(inputs) >= BIG_INPUT)

    def say(self, message: str) -> None:
        """One progress line, now."""
        if self.enabled:
            now = self._clock()
            self._last = now
            stream = self._stream or sys.stderr
            print(f"  {message} ({now - self._start:.1f} s)", file=stream, flush=True)

    def expect(self, seconds: float) -> None:
        """About ``seconds`` of work come next: from now on shown in a terminal when that is
        long (:data:`LONG_WORK`), unless ``--quiet``."""
        if not self.enabled and not self.quiet and seconds >= LONG_WORK:
            self.enabled = _is_terminal(self._stream or sys.stderr)

    def solving(self, first: int, last: int, total: int) -> None:
        """A batch of deals about to be solved: "solving deals 41-80 of 1,000"."""
        which = f"deal {first:,}" if first == last else f"deals {first:,}-{last:,}"
        self.say(f"solving {which} of {total:,}")

    def reading(self, path: Path) -> None:
        self.say(f"reading {path.name}")

    def writing(self, *paths: Path) -> None:
        self.say(f"writing {' and '.join(path.name for path in paths)}")

    def dates(self, done: int, total: int) -> None:
        """A date of the handicap batch applied: a line at most every :data:`EVERY` s."""
        if done == total or done == 1 or self._clock() - self._last >= EVERY:
            self.say(f"applied date {done:,} of {total:,}")


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # replaced or closed
        return False


def _size(paths: Iterable[Path | None]) -> int:
    total = 0
    for path in paths:
        if path is None:
            continue
        try:
            total += os.stat(path).st_size
        except OSError:  # missing: the command says so itself
            pass
    return total
