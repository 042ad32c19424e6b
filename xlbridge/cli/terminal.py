"""What the command line prints, made safe for a terminal: every control character a name or
a label in a file may hold is shown escaped (``\\x1b``), so printing it cannot move the cursor,
clear the screen or change colours. Line ends (``\\n``, ``\\r\\n``) and tabs are kept, so a CSV
written to stdout keeps its bytes.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from xlbridge.io.bounds import terminal_text


class EscapingStream:
    """A text stream that writes to ``stream`` with control characters escaped."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write("\r\n".join(terminal_text(part) for part in text.split("\r\n")))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, fileno, isatty, buffer, encoding, ...
        return getattr(self._stream, name)


@contextlib.contextmanager
def escaped_output() -> Iterator[None]:
    """Within the block, ``sys.stdout`` and ``sys.stderr`` escape control characters."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = EscapingStream(out)
    sys.stderr = EscapingStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
