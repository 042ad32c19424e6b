"""Replacing several files as one step that a crash cannot leave half done.

A write-ahead journal: :func:`commit` first writes each file's new content to a temporary
file beside it (``.NAME.xlbridge-<pid>-<random>.journal-new``, a name of this run's own:
see :mod:`xlbridge.io.runs`; synced to disk), then a small journal naming each
file, its temporary file, a fingerprint (SHA-256) of what the file held before and of its
new content; renaming the journal into place is the commit point. Only then is each
temporary file renamed over its file, and the journal removed. :func:`roll_forward`, which
every run calls before it reads anything, finishes a journal a crash left behind: each
temporary file still there (and holding the content the journal names) is renamed into
place, then the journal goes. Killed before the journal's rename, nothing has changed (the
temporary files are removed, or by the next commit once their run is gone); killed after
it, the next run completes the change. Either way the files agree. A commit holds the lock
of every file it writes throughout, so a second run cannot write them meanwhile.

A file changed by hand since the crash (neither its old nor its new content), or a
temporary file missing or damaged while its file does not hold the new content yet, is never
acted on: :func:`roll_forward` stops with an error naming the journal. A journal of the
earlier format, which held the new contents themselves, or naming the temporary files of
an earlier version (``.NAME.journal-new``), is completed as before.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from collections.abc import Callable, Collection, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from xlbridge.errors import InputError
from xlbridge.io.files import permissions_for, sync_folder, write_atomically
from xlbridge.io.runs import holding, is_temporary_of, remove_leftovers, temporary

FORMAT = "xlbridge-journal-2"
#: The earlier format: the new contents in the journal itself, base64 in JSON.
FORMAT_1 = "xlbridge-journal-1"


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


#: The kind of name (:mod:`xlbridge.io.runs`) of the temporary file that holds a file's new
#: content until the commit.
KIND = "journal-new"


def _earlier_temporary(path: Path) -> Path:
    """Where an earlier version kept the new content of ``path``: one name for every run."""
    return path.with_name(f".{path.name}.{KIND}")


def _is_temporary(path: Path, new: Path) -> bool:
    """Whether ``new`` is a temporary file that a commit writing ``path`` makes."""
    return new == _earlier_temporary(path) or (
        new.parent == path.parent and is_temporary_of(path, new.name, KIND)
    )


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def commit(journal: Path, changes: Sequence[tuple[Path, bytes]]) -> None:
    """Replace every ``(path, content)`` of ``changes`` as one step (see the module)."""
    targets = [path.resolve() for path, _ in changes]
    with ExitStack() as stack:
        stack.enter_context(holding(*targets))
        if not journal.exists():  # no temporary file is waiting for a journal
            for target in targets:
                remove_leftovers(target, (KIND,))
        news = [stack.enter_context(temporary(target, KIND)) for target in targets]
        entries = [
            {"path": str(target), "new": str(new), "before": _fingerprint(target), "after": sha}
            for target, new, sha in zip(
                targets, news, [_digest(data) for _, data in changes], strict=True
            )
        ]
        try:
            for target, new, (_, data) in zip(targets, news, changes, strict=True):
                _write_temporary(target, new, data)
            record = json.dumps({"format": FORMAT, "files": entries}).encode("ascii")
            write_atomically(journal, _bytes_writer(record), force=True)
        finally:
            if not journal.exists():  # not committed: the temporary files go
                for new in news:
                    new.unlink(missing_ok=True)
        try:
            _apply(journal, entries)
        except InputError as error:
            raise InputError(
                f"{error}; the update is recorded in {journal} and the next run completes it"
            ) from None


def _write_temporary(target: Path, new: Path, data: bytes) -> None:
    try:
        _bytes_writer(data)(new)
        os.chmod(new, permissions_for(target))
    except OSError as error:
        raise InputError(f"{target}: cannot be written ({error.strerror or error})") from None


def _record(paths: list[str], befores: list[str | None], encoded: list[bytes]) -> bytes:
    """A journal of the earlier format (:data:`FORMAT_1`): exactly ``json.dumps({"format":
    …, "files": [{"path": …, "before": …, "data": base64}, …]})``, put together around the
    base64 text (which needs no escaping)."""
    files = [
        b'{"path": '
        + json.dumps(path).encode("ascii")
        + b', "before": '
        + json.dumps(before).encode("ascii")
        + b', "data": "'
        + data
        + b'"}'
        for path, before, data in zip(paths, befores, encoded, strict=True)
    ]
    head = json.dumps({"format": FORMAT_1}).encode("ascii")[:-1]
    return head + b', "files": [' + b", ".join(files) + b"]}"


def roll_forward(journal: Path, allowed: Collection[Path] | None = None) -> list[Path]:
    """Finish the change a crash left in ``journal`` (if there is one); the files written.

    ``allowed``: the files the run may write; a journal naming any other file (edited by hand,
    or brought along from elsewhere) is not acted on. The run holds the locks of the journal
    and of the files it names meanwhile (another run may be completing it too)."""
    found = _read(journal, allowed)
    if found is None:
        return []
    with holding(journal, *(Path(entry["path"]) for entry in found[0])):
        return _roll_forward(journal, allowed)


def _read(
    journal: Path, allowed: Collection[Path] | None
) -> tuple[list[dict[str, Any]], bool] | None:
    """The journal's entries, and whether it is of the earlier format; None when there is no
    journal. InputError if it cannot be read or names a file it may not write."""
    try:
        raw = journal.read_bytes()
    except FileNotFoundError:
        return None
    try:
        record = json.loads(raw)
        entries = record["files"]
        earlier = record.get("format") == FORMAT_1
        if not earlier and record.get("format") != FORMAT:
            raise ValueError(record.get("format"))
        for entry in entries:
            for key in ("path",) if earlier else ("path", "new", "after"):
                if not isinstance(entry[key], str):
                    raise TypeError(key)
    except (ValueError, KeyError, TypeError):
        raise InputError(
            f"{journal}: an interrupted update left this journal, but it cannot be read; "
            "remove it once you have checked the files it names"
        ) from None
    _check_places(journal, entries, allowed, earlier)
    return entries, earlier


def _roll_forward(journal: Path, allowed: Collection[Path] | None) -> list[Path]:
    """:func:`roll_forward` once the locks are held: the journal read again (another run may
    have completed it meanwhile)."""
    found = _read(journal, allowed)
    if found is None:
        return []
    entries, earlier = found
    if earlier:
        return _roll_forward_1(journal, entries)
    for entry in entries:  # every file checked before any is touched
        path, new = Path(entry["path"]), Path(entry["new"])
        now = _fingerprint(path)
        if now == entry["after"] and not new.exists():
            continue  # already in place
        if now not in (entry["before"], entry["after"]):
            raise InputError(
                f"{journal}: an interrupted update was to be completed, but {path} has changed "
                "since; check it, then remove the journal and run again"
            )
        if _fingerprint(new) != entry["after"]:
            raise InputError(
                f"{journal}: an interrupted update was to be completed, but the new content "
                f"of {path} ({new}) is missing or damaged; check {path}, then remove the "
                "journal and run again"
            )
    return _apply(journal, entries)


def _check_places(
    journal: Path, entries: list[dict[str, str]], allowed: Collection[Path] | None, earlier: bool
) -> None:
    """Each file the journal names is one the run writes, its new content in its own temporary
    file: a journal cannot create or replace any other file."""
    places = None if allowed is None else {path.resolve() for path in allowed}
    for entry in entries:
        path = Path(entry["path"])
        stray = not path.is_absolute() or (places is not None and path.resolve() not in places)
        if stray or (not earlier and not _is_temporary(path, Path(entry["new"]))):
            raise InputError(
                f"{journal}: an interrupted update names {path}, which this run does not "
                "write; check the files it names, then remove the journal and run again"
            )


def _apply(journal: Path, entries: list[dict[str, str | None]]) -> list[Path]:
    """Each temporary file still there renamed into place, then the journal removed."""
    written = []
    for entry in entries:
        path, new = Path(str(entry["path"])), Path(str(entry["new"]))
        if new.exists() or _fingerprint(path) != entry["after"]:
            try:
                os.replace(new, path)
            except OSError as error:
                raise InputError(f"{path}: cannot be written ({error.strerror or error})") from None
            sync_folder(path.parent)
        written.append(path)
    _remove(journal)
    return written


def _roll_forward_1(journal: Path, entries: list[dict[str, str]]) -> list[Path]:
    """:func:`roll_forward` of a journal of the earlier format (:data:`FORMAT_1`)."""
    try:
        contents = [base64.b64decode(entry["data"], validate=True) for entry in entries]
        changes = [
            (Path(entry["path"]), data) for entry, data in zip(entries, contents, strict=True)
        ]
    except (ValueError, KeyError, TypeError):
        raise InputError(
            f"{journal}: an interrupted update left this journal, but it cannot be read; "
            "remove it once you have checked the files it names"
        ) from None
    for entry, (path, data) in zip(entries, changes, strict=True):
        if _fingerprint(path) not in (entry["before"], _digest(data)):
            raise InputError(
                f"{journal}: an interrupted update was to be completed, but {path} has changed "
                "since; check it, then remove the journal and run again"
            )
    for path, data in changes:
        write_atomically(path, _bytes_writer(data), force=True)
    _remove(journal)
    return [path for path, _ in changes]


def _remove(journal: Path) -> None:
    try:
        journal.unlink()
    except OSError as error:
        raise InputError(
            f"{journal}: cannot be removed ({error.strerror or error}); the files are written "
            "and the next run only writes them again"
        ) from None
