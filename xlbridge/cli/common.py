"""What the commands share: exit codes, the number option type, and the checks and writers
every command that reads or writes a file uses.

Imports nothing heavy (the command line builds its options before numpy loads).
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

from xlbridge.errors import InputError
from xlbridge.io.bounds import DISPLAY_LIMIT


class Commands(Protocol):
    """The sub-commands of a parser, as ``add_subparsers`` gives them: each command module adds
    its commands with ``add_parser``."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser: ...


EXIT_BAD_INPUT = 2
EXIT_FAILURE = 1


def number_arg(text: str) -> float:
    """A number option's value (argparse ``type``): a clear usage error for anything else."""
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, got {text!r}") from None


#: What each output suffix holds, for the messages of :func:`require_suffix`.
WORKBOOK = {".xlsx": "an Excel workbook"}
CSV = {".csv": "CSV text"}


def require_suffix(
    path: Path, option: str, suffixes: Mapping[str, str] = WORKBOOK, hint: str = ""
) -> str:
    """The suffix of the output ``path`` given to ``option``: one of ``suffixes`` (each with
    what it holds), or an error naming the ones that option can write, before any work, so
    that nothing is ever written in one format under another's name."""
    suffix = path.suffix.lower()
    if suffix in suffixes:
        return suffix
    can = " or ".join(f"{end} ({what})" for end, what in suffixes.items())
    raise InputError(f"{option} writes {can}, got {str(path)!r}{hint}")


def require_xlsx(path: Path, option: str = "-o") -> None:
    """Refuse an output that is not an .xlsx file."""
    require_suffix(path, option, WORKBOOK)


def require_csv(path: Path, option: str = "-o") -> None:
    """Refuse an output that is not a .csv file."""
    require_suffix(path, option, CSV)


def require_new(path: Path, force: bool) -> None:
    """Stop before any work if ``path`` exists and may not be replaced, or cannot be written."""
    from xlbridge.io.files import check_writable

    check_writable(path, force=force)


def bytes_writer(data: bytes) -> Callable[[Path], None]:
    """A writer of ``data`` for :func:`~xlbridge.io.files.write_atomically`."""

    def write(path: Path) -> None:
        path.write_bytes(data)

    return write


def text_writer(text: str) -> Callable[[Path], None]:
    """A writer of ``text`` (UTF-8) for :func:`~xlbridge.io.files.write_atomically`."""

    def write(path: Path) -> None:
        path.write_text(text, encoding="utf-8")

    return write


@contextlib.contextmanager
def about(path: Path) -> Iterator[None]:
    """Name the file in an error from the core that does not name it yet."""
    try:
        yield
    except InputError as error:
        if str(error).startswith(str(path)):
            raise
        raise InputError(f"{path}: {error}") from None


def add_event_options(parser: argparse.ArgumentParser) -> None:
    """``--event``, ``--date`` and ``--club``: what the event is, printed on every page of what
    the command writes (and stored in USEBIO)."""
    parser.add_argument("--event", help="the event's name, printed on every page (default: none)")
    parser.add_argument(
        "--date", help="the event's date as printed, e.g. 2026-11-30 (default: none)"
    )
    parser.add_argument("--club", help="the club's name, printed on every page (default: none)")


def event_options(args: argparse.Namespace) -> dict[str, str]:
    """The --event, --date and --club given, as one line each (control characters refused)."""
    given = {}
    for key in ("event", "date", "club"):
        value = getattr(args, key, None)
        if value is not None:
            given[key] = event_text(value, f"--{key}")
    return given


#: The longest event name, date or club given: they head every page (a longer one read from
#: a file is cut for display, :func:`xlbridge.io.bounds.display_text`).
EVENT_TEXT_LIMIT = DISPLAY_LIMIT


def event_text(text: str, where: str) -> str:
    """``text`` as one line; InputError naming ``where`` for a control character or more
    than :data:`EVENT_TEXT_LIMIT` characters."""
    from xlbridge.io.bounds import stored_text

    line = " ".join(stored_text(text, where).split())
    if len(line) > EVENT_TEXT_LIMIT:
        raise InputError(
            f"{where}: {len(line)} characters; at most {EVENT_TEXT_LIMIT} (it heads every page)"
        )
    return line
