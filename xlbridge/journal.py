"""Replacing several files as one step that a crash cannot leave half done.

A write-ahead journal: :func:`commit` first writes one file, the journal, holding the new
content of every file and a fingerprint (SHA-256) of what each held before; renaming the
journal into place is the commit point. Only then are the files replaced, one by one, each
through a temporary file renamed into place, and the journal removed. :func:`roll_forward`,
which every run calls before it reads anything, finishes a journal a crash left behind:
each file that still holds its old content (or already its new content) gets its new
content, then the journal goes. Killed before the journal's rename, nothing has changed;
killed after it, the next run completes the change. Either way the files agree.

A file changed by hand since the crash (neither its old nor its new content) is never
overwritten: :func:`roll_forward` stops with an error naming the journal.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path

from xlbridge.core.validate import InputError
from xlbridge.files import write_atomically

FORMAT = "xlbridge-journal-1"


def journal_path(anchor: Path) -> Path:
    """Where the journal of a change that writes ``anchor`` lives: a hidden file beside it."""
    return anchor.with_name(f".{anchor.name}.journal")


def _fingerprint(path: Path) -> str | None:
    """SHA-256 of the file's bytes, or None when there is no file."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return None


def _bytes_writer(data: bytes):  # type: ignore[no-untyped-def]
    def write(path: Path) -> None:
        with path.open("wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())

    return write


def commit(journal: Path, changes: Sequence[tuple[Path, bytes]]) -> None:
    """Replace every ``(path, content)`` of ``changes`` as one step (see the module)."""
    entries = [
        {
            "path": str(path.resolve()),
            "before": _fingerprint(path),
            "data": base64.b64encode(data).decode("ascii"),
        }
        for path, data in changes
    ]
    record = json.dumps({"format": FORMAT, "files": entries}).encode("ascii")
    write_atomically(journal, _bytes_writer(record), force=True)
    try:
        _apply(journal, entries)
    except InputError as error:
        raise InputError(
            f"{error}; the update is recorded in {journal} and the next run completes it"
        ) from None


def roll_forward(journal: Path) -> list[Path]:
    """Finish the change a crash left in ``journal`` (if there is one); the files written."""
    try:
        raw = journal.read_bytes()
    except FileNotFoundError:
        return []
    try:
        record = json.loads(raw)
        if record.get("format") != FORMAT:
            raise ValueError(record.get("format"))
        entries = record["files"]
        for entry in entries:
            base64.b64decode(entry["data"], validate=True)
    except (ValueError, KeyError, TypeError):
        raise InputError(
            f"{journal}: an interrupted update left this journal, but it cannot be read; "
            "remove it once you have checked the files it names"
        ) from None
    for entry in entries:
        path = Path(entry["path"])
        now = _fingerprint(path)
        after = hashlib.sha256(base64.b64decode(entry["data"])).hexdigest()
        if now not in (entry["before"], after):
            raise InputError(
                f"{journal}: an interrupted update was to be completed, but {path} has changed "
                "since; check it, then remove the journal and run again"
            )
    return _apply(journal, entries)


def _apply(journal: Path, entries: list[dict[str, str]]) -> list[Path]:
    written = []
    for entry in entries:
        path = Path(entry["path"])
        write_atomically(path, _bytes_writer(base64.b64decode(entry["data"])), force=True)
        written.append(path)
    try:
        journal.unlink()
    except OSError as error:
        raise InputError(
            f"{journal}: cannot be removed ({error.strerror or error}); the files are written "
            "and the next run only writes them again"
        ) from None
    return written
