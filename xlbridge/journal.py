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
from collections.abc import Callable, Sequence
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


def _bytes_writer(data: bytes) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        with path.open("wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())

    return write


def commit(journal: Path, changes: Sequence[tuple[Path, bytes]]) -> None:
    """Replace every ``(path, content)`` of ``changes`` as one step (see the module)."""
    paths = [path.resolve() for path, _ in changes]
    befores = [_fingerprint(path) for path in paths]
    encoded = [base64.b64encode(data) for _, data in changes]
    record = _record([str(path) for path in paths], befores, encoded)
    write_atomically(journal, _bytes_writer(record), force=True)
    try:
        _apply(journal, [(path, data) for path, (_, data) in zip(paths, changes, strict=True)])
    except InputError as error:
        raise InputError(
            f"{error}; the update is recorded in {journal} and the next run completes it"
        ) from None


def _record(paths: list[str], befores: list[str | None], encoded: list[bytes]) -> bytes:
    """The journal's bytes: exactly ``json.dumps({"format": FORMAT, "files": [{"path": …,
    "before": …, "data": base64}, …]})``, put together around the base64 text (which needs
    no escaping) instead of passing megabytes through the JSON encoder."""
    files = [
        b'{"path": ' + json.dumps(path).encode("ascii") + b', "before": '
        + json.dumps(before).encode("ascii") + b', "data": "' + data + b'"}'
        for path, before, data in zip(paths, befores, encoded, strict=True)
    ]  # fmt: skip
    head = json.dumps({"format": FORMAT}).encode("ascii")[:-1]
    return head + b', "files": [' + b", ".join(files) + b"]}"


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
        contents = [base64.b64decode(entry["data"], validate=True) for entry in entries]
    except (ValueError, KeyError, TypeError):
        raise InputError(
            f"{journal}: an interrupted update left this journal, but it cannot be read; "
            "remove it once you have checked the files it names"
        ) from None
    changes = [(Path(entry["path"]), data) for entry, data in zip(entries, contents, strict=True)]
    for entry, (path, data) in zip(entries, changes, strict=True):
        now = _fingerprint(path)
        after = hashlib.sha256(data).hexdigest()
        if now not in (entry["before"], after):
            raise InputError(
                f"{journal}: an interrupted update was to be completed, but {path} has changed "
                "since; check it, then remove the journal and run again"
            )
    return _apply(journal, changes)


def _apply(journal: Path, changes: list[tuple[Path, bytes]]) -> list[Path]:
    written = []
    for path, data in changes:
        write_atomically(path, _bytes_writer(data), force=True)
        written.append(path)
    try:
        journal.unlink()
    except OSError as error:
        raise InputError(
            f"{journal}: cannot be removed ({error.strerror or error}); the files are written "
            "and the next run only writes them again"
        ) from None
    return written
