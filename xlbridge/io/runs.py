"""What one run owns beside the files it writes: its temporary names and its output locks.

A temporary a run makes beside ``NAME`` is ``.NAME.xlbridge-<pid>-<8 hex>.<kind>`` (kind
``tmp``, ``new``, ``old``, ``journal-new``, or ``stale`` for a lock being taken over): the
process id of the run and a random part. A leftover is removed only when its name is exactly
of that form and its run is gone (no live process has that id; in this process, no write
here is using it), so neither a user's file that merely looks like a temporary nor a
temporary another run is still writing is touched.

A run writing ``NAME`` holds the lock ``.NAME.xlbridge.lock`` beside it: created only if it
is not there (``O_CREAT | O_EXCL``), holding ``<pid> <token>``, removed when the write ends
(or, within a :func:`command_scope`, when the command that checked the output ends). A
second run finds it and refuses ("another xlbridge run is writing NAME"); a lock whose
process is gone (a run that was killed) is taken over. Within one process the lock is
re-entrant for the thread holding it, so a command may hold it around several steps.
"""

from __future__ import annotations

import glob
import os
import re
import secrets
import shutil
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

from xlbridge.errors import InputError

#: A lock file younger than this whose process id cannot be read yet (its run has just
#: created it) is taken as held; an older one as left by a run killed at that moment.
UNREADABLE_LOCK_SECONDS = 10.0

_LIVE: set[Path] = set()  # the temporaries writes in this process are using now
_HELD: dict[Path, tuple[int, int, str]] = {}  # lock file -> (thread, depth, its text)
_GUARD = threading.Lock()
#: The kinds of temporary that are folders (a site being written, or the one it replaces).
_FOLDERS = frozenset({"new", "old"})
_SCOPES: list[ExitStack] = []  # the commands running (see command_scope), innermost last


def process_alive(pid: int) -> bool:
    """Whether a process with id ``pid`` is running; True when that cannot be told (a
    leftover is never removed on a guess)."""
    if pid <= 0:
        return False  # no run of ours has such an id (and 0 would mean this process group)
    if sys.platform == "win32":
        return _windows_process_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OverflowError:
        return False  # beyond any process id
    except OSError:
        return True  # e.g. PermissionError: it runs, as another user
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """Whether ``pid`` has ended but not yet been reaped (Linux's state Z, which a process
    killed with SIGKILL keeps until its parent waits for it): it writes nothing any more."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return False  # no /proc (macOS) or no such entry: as os.kill said
    return stat[stat.rfind(")") + 2 : stat.rfind(")") + 3] == "Z"


if sys.platform == "win32":

    def _windows_process_alive(pid: int) -> bool:
        """:func:`process_alive` on Windows, where ``os.kill`` would end the process: open it
        for a query and read its exit code."""
        try:
            import ctypes

            kernel = ctypes.WinDLL("kernel32", use_last_error=True)
            handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
            if not handle:
                return bool(ctypes.get_last_error() != 87)  # ERROR_INVALID_PARAMETER: no such id
            try:
                code = ctypes.c_ulong()
                if not kernel.GetExitCodeProcess(handle, ctypes.byref(code)):
                    return True
                return bool(code.value == 259)  # STILL_ACTIVE
            finally:
                kernel.CloseHandle(handle)
        except Exception:  # noqa: BLE001 - unsure means alive
            return True


def _folder(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _key(path: Path) -> Path:
    """``path`` with its folder's real path: one key however the folder is named."""
    return Path(os.path.realpath(_folder(path))) / path.name


def _pattern(path: Path, kind: str) -> re.Pattern[str]:
    """The names of ``path``'s temporaries of ``kind``; group 1 the process id."""
    name, ending = re.escape(path.name), re.escape(kind)
    return re.compile(rf"\.{name}\.xlbridge-([0-9]{{1,10}})-[0-9a-f]{{8}}\.{ending}")


def is_temporary_of(path: Path, name: str, kind: str) -> bool:
    """Whether ``name`` is a temporary of kind ``kind`` that a run writing ``path`` makes."""
    return _pattern(path, kind).fullmatch(name) is not None


@contextmanager
def temporary(path: Path, kind: str) -> Iterator[Path]:
    """A new name for a temporary of kind ``kind`` beside ``path``, marked as in use by this
    process while the context lasts (the caller makes and removes the file or folder)."""
    folder = _folder(path)
    while True:
        name = folder / f".{path.name}.xlbridge-{os.getpid()}-{secrets.token_hex(4)}.{kind}"
        if not os.path.lexists(name):
            break
    with _GUARD:
        _LIVE.add(_key(name))
    try:
        yield name
    finally:
        with _GUARD:
            _LIVE.discard(_key(name))


def _run_gone(pid: int, leftover: Path) -> bool:
    if pid == os.getpid():  # an id of this process: gone unless a write here uses it
        with _GUARD:
            return _key(leftover) not in _LIVE
    return not process_alive(pid)


def remove_leftovers(path: Path, kinds: Sequence[str]) -> None:
    """Remove the temporaries of ``kinds`` beside ``path`` that a run now gone left (files,
    or folders for ``new``/``old``); anything else is left alone."""
    folder = _folder(path)
    for kind in kinds:
        pattern = _pattern(path, kind)
        for leftover in folder.glob(f".{glob.escape(path.name)}.xlbridge-*.{kind}"):
            found = pattern.fullmatch(leftover.name)
            made = leftover.is_dir() if kind in _FOLDERS else leftover.is_file()
            if found is None or leftover.is_symlink() or not made:
                continue  # not a name, or not a kind of thing, a run of ours makes
            if not _run_gone(int(found[1]), leftover):
                continue
            try:
                if kind in _FOLDERS:
                    shutil.rmtree(leftover)
                else:
                    leftover.unlink()
            except OSError:
                pass  # the write itself will say if the folder is bad


def lock_path(path: Path) -> Path:
    """The lock a run writing ``path`` holds: a hidden file beside it."""
    return _folder(path) / f".{path.name}.xlbridge.lock"


def _busy(path: Path, pid: int | None) -> InputError:
    who = f" (process {pid})" if pid is not None else ""
    return InputError(
        f"another xlbridge run is writing {path}{who}; wait for it to end (if none is "
        f"running, remove {lock_path(path)})"
    )


def _not_written(path: Path, error: OSError) -> InputError:
    return InputError(f"{path}: cannot be written ({error.strerror or error})")


def _holder(lock: Path) -> tuple[str, int | None] | None:
    """The lock's text and the process id in it; None when there is no lock. A lock whose id
    cannot be read is old (its run killed) or new (being written): (text, None) if new."""
    try:
        text = lock.read_text(encoding="ascii", errors="replace")
        age = time.time() - lock.stat().st_mtime
    except FileNotFoundError:
        return None
    except OSError:
        return "", None  # cannot be read: taken as held
    head = text.split()[:1]
    if head and head[0].isdigit() and len(head[0]) <= 10:
        return text, int(head[0])
    return (text, None) if age < UNREADABLE_LOCK_SECONDS else (text, -1)


def _live_holder(seen: tuple[str, int | None]) -> bool:
    """Whether the lock ``seen`` is another run's that still runs."""
    pid = seen[1]
    if pid is None:
        return True
    if pid == os.getpid():
        return False  # this process holds none it does not know of: an earlier run's
    return process_alive(pid)


def check_free(path: Path) -> None:
    """Raise InputError if another run holds ``path``'s lock now (a check before any work;
    the write itself takes the lock)."""
    lock = lock_path(path)
    with _GUARD:
        if _key(lock) in _HELD:
            return
    seen = _holder(lock)
    if seen is not None and _live_holder(seen):
        raise _busy(path, seen[1])


def claim(path: Path) -> None:
    """A command's check of an output before any work: InputError at once if another run is
    writing ``path``; within :func:`command_scope`, its lock is also taken and held until the
    command ends (so what the command reads and then writes back stays its own)."""
    if _SCOPES:
        _SCOPES[-1].enter_context(_holding(path))
    else:
        check_free(path)


@contextmanager
def command_scope() -> Iterator[None]:
    """The run of one command: the locks :func:`claim` takes are let go when it ends."""
    with ExitStack() as stack:
        _SCOPES.append(stack)
        try:
            yield
        finally:
            _SCOPES.remove(stack)


@contextmanager
def holding(*paths: Path) -> Iterator[None]:
    """Hold the locks of ``paths`` (outputs) while the context lasts; InputError at once if
    another run holds one of them."""
    with ExitStack() as stack:
        for path in paths:
            stack.enter_context(_holding(path))
        yield


@contextmanager
def _holding(path: Path) -> Iterator[None]:
    lock = lock_path(path)
    key, thread = _key(lock), threading.get_ident()
    with _GUARD:
        held = _HELD.get(key)
        if held is not None and held[0] == thread:
            _HELD[key] = (thread, held[1] + 1, held[2])
    if held is not None and held[0] != thread:
        raise _busy(path, os.getpid())
    if held is None:
        text = _acquire(path, lock)
        with _GUARD:
            _HELD[key] = (thread, 1, text)
    try:
        yield
    finally:
        with _GUARD:
            _, depth, text = _HELD.pop(key)
            if depth > 1:  # held on by an outer step (which may end after this one began)
                _HELD[key] = (thread, depth - 1, text)
        if depth == 1:
            _release(lock, text)


def _acquire(path: Path, lock: Path) -> str:
    """Create ``lock`` (taking over one whose run is gone); the text written in it."""
    text = f"{os.getpid()} {secrets.token_hex(8)}\n"
    remove_leftovers(lock, ("stale",))  # a run killed while taking over a lock left it
    for _ in range(5):
        try:
            handle = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            seen = _holder(lock)
            if seen is not None and _live_holder(seen):
                raise _busy(path, seen[1]) from None
            if seen is not None:
                _take_over(lock, seen[0])
            continue
        except OSError as error:
            raise _not_written(path, error) from None
        try:
            with os.fdopen(handle, "w", encoding="ascii") as file:
                file.write(text)
        except OSError as error:  # a full disk: no lock of ours is left half made
            lock.unlink(missing_ok=True)
            raise _not_written(path, error) from None
        return text
    raise _busy(path, None)


def _take_over(lock: Path, seen: str) -> None:
    """Remove the lock of a run that is gone: moved aside first, so that a lock another run
    has just created in its place is put back, not removed."""
    with temporary(lock, "stale") as aside:
        try:
            os.rename(lock, aside)
        except OSError:
            return  # taken over by another run already: look again
        try:
            moved = aside.read_text(encoding="ascii", errors="replace")
        except OSError:
            moved = seen
        try:
            if moved != seen and not os.path.lexists(lock):
                os.rename(aside, lock)  # a live run's lock: back where it was
            else:
                aside.unlink()
        except OSError:
            pass


def _release(lock: Path, text: str) -> None:
    """Remove ``lock`` if it still holds ``text`` (ours)."""
    try:
        if lock.read_text(encoding="ascii", errors="replace") == text:
            lock.unlink()
    except OSError:
        pass
