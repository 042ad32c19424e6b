"""Write, then talk: what a command prints is held back until it has finished, so a stdout
whose reader went away (``xlbridge movement … --csv m.csv | true``) can never stop a file
being written.

Within :func:`held_output` everything printed on stdout is kept, in order, and so is
everything printed on stderr after it (a summary line stays after the table it sums up);
stderr printed while stdout holds nothing (progress, warnings) shows at once. At the end of
the block it is all shown in the order it was printed. A stream that fails then is given up
on (the rest still goes to the other one); :class:`Talk` says what failed, and the command
line decides the exit code.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO


class Talk:
    """What a command printed, held back: see the module."""

    def __init__(self, stdout: TextIO, stderr: TextIO) -> None:
        self.stdout, self.stderr = stdout, stderr
        self.held: list[tuple[TextIO, str]] = []
        self.broken: dict[int, OSError] = {}  # id of a stream that failed: its error

    def hold(self, stream: TextIO, text: str) -> None:
        """Print ``text`` on ``stream`` when the command is done (stderr now, when stdout
        holds nothing)."""
        if stream is self.stderr and not self.held:
            self._show(stream, text)
        else:
            self.held.append((stream, text))

    def show(self) -> None:
        """Print everything held, in order; a stream that fails is skipped from then on."""
        held, self.held = self.held, []
        for stream, text in held:
            self._show(stream, text)
        self._show(self.stdout, "")  # flush: a closed pipe often shows only here

    def failure(self, stream: TextIO) -> OSError | None:
        """The error ``stream`` gave (a reader that went away: :class:`BrokenPipeError`)."""
        return self.broken.get(id(stream))

    def _show(self, stream: TextIO, text: str) -> None:
        if id(stream) in self.broken:
            return
        try:
            if text:
                stream.write(text)
            stream.flush()
        except (OSError, ValueError) as error:  # ValueError: a stream closed in Python
            self.broken[id(stream)] = error if isinstance(error, OSError) else OSError(error)


class HeldStream:
    """A text stream whose writes go to ``talk``, for ``stream`` (see :class:`Talk`)."""

    def __init__(self, talk: Talk, stream: TextIO) -> None:
        self._talk, self._stream = talk, stream

    def write(self, text: str) -> int:
        self._talk.hold(self._stream, text)
        return len(text)

    def flush(self) -> None:
        """Nothing: what is held is shown when the command is done."""

    def __getattr__(self, name: str) -> Any:  # fileno, isatty, encoding, ...
        return getattr(self._stream, name)


@contextlib.contextmanager
def held_output() -> Iterator[Talk]:
    """Within the block, ``sys.stdout`` and ``sys.stderr`` are held (see the module); at its
    end, even when it raises, they are shown."""
    out, err = sys.stdout, sys.stderr
    talk = Talk(out, err)
    sys.stdout, sys.stderr = HeldStream(talk, out), HeldStream(talk, err)
    try:
        yield talk
    finally:
        sys.stdout, sys.stderr = out, err
        talk.show()
