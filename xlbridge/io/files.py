"""Writing files without losing anything the user has: refuse to overwrite unless forced,
and write to a temporary file beside the target, then rename it into place."""

from __future__ import annotations

import glob
import os
import re
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from xlbridge.errors import InputError


def write_atomically(path: Path, write: Callable[[Path], None], *, force: bool = False) -> None:
    """Call ``write(tmp)`` on a temporary file in ``path``'s folder, then move it to ``path``.

    Raises InputError if ``path`` exists and ``force`` is false, or if its folder is missing.
    A failure part-way leaves ``path`` as it was.
    """
    check_writable(path, force=force)
    folder = path.parent if str(path.parent) else Path(".")
    remove_stale_temporaries(path)
    try:
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise InputError(f"{path}: cannot be written ({error.strerror or error})") from None
    os.close(handle)
    tmp = Path(name)
    try:
        write(tmp)
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
        _sync_folder(folder)
    except OSError as error:
        raise InputError(f"{path}: cannot be written ({error.strerror or error})") from None
    finally:
        tmp.unlink(missing_ok=True)


def remove_stale_temporaries(path: Path) -> None:
    """Remove the temporary files (``.NAME.*.tmp``) an earlier run killed while writing
    ``path`` left beside it. A failed write removes its own; a killed one cannot."""
    folder = path.parent if str(path.parent) else Path(".")
    for stale in folder.glob(f".{glob.escape(path.name)}.*.tmp"):
        try:
            stale.unlink()
        except OSError:
            pass  # not ours to worry about: the write itself will say if the folder is bad


def check_writable(path: Path, *, force: bool = False) -> None:
    """Raise InputError unless ``path`` can be written: not a folder, in an existing folder
    the user may write in, and (without ``force``) not there yet."""
    if path.is_dir():
        raise InputError(f"{path} is a folder; give a file name to write")
    if path.exists() and not force:
        raise InputError(f"{path} already exists; use --force to overwrite it")
    check_parent(path)


def check_parent(path: Path) -> None:
    """Raise InputError unless ``path``'s folder exists and the user may write in it."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"output folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"{path}: cannot be written (the folder {folder} is read-only)")


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the system allows it)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _mode_for(path: Path) -> int:
    """The replaced file's permissions, or a new file's (rw for all, less the umask).

    mkstemp makes its file private (0600); the written file should not be.
    """
    if path.exists():
        return path.stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


_MODIFIED = re.compile(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)")

#: The time stamped on every part of a ready-made workbook, so rebuilding one that has not
#: changed gives the same bytes (and no change to commit).
FIXED_ZIP_TIME = (2026, 1, 1, 0, 0, 0)


def with_fixed_zip_times(save: Callable[[Path], None]) -> Callable[[Path], None]:
    """Wrap ``save`` (e.g. ``Workbook.save``) so the .xlsx it writes has fixed part times."""

    def write(path: Path) -> None:
        save(path)
        with zipfile.ZipFile(path) as source:
            parts = [(info, source.read(info.filename)) for info in source.infolist()]
        with zipfile.ZipFile(path, "w") as target:
            for info, data in parts:
                if info.filename == "docProps/core.xml":  # openpyxl stamps "modified" on save
                    data = _MODIFIED.sub(rb"\g<1>2026-01-01T00:00:00Z\g<2>", data)
                fixed = zipfile.ZipInfo(info.filename, date_time=FIXED_ZIP_TIME)
                fixed.compress_type = info.compress_type
                fixed.external_attr = info.external_attr
                target.writestr(fixed, data)

    return write
