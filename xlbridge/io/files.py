"""Files the user names: one that is read must be there and be a file; one that is written
never loses anything the user has (refuse to overwrite unless forced, write to a temporary
file beside the target, then rename it into place), and is written by one run at a time."""

from __future__ import annotations

import os
import re
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path

from xlbridge.errors import InputError
from xlbridge.io.runs import claim, holding, remove_leftovers, temporary


def require_file(path: Path, option: str = "") -> None:
    """Refuse a file to read that is a folder or is not there, in one line (``option`` first,
    as "--deals: ")."""
    if path.is_dir():
        raise InputError(f"{option}{path} is a folder; name a file in it")
    if not path.is_file():
        raise InputError(f"{option}{path}: no such file")


def write_atomically(path: Path, write: Callable[[Path], None], *, force: bool = False) -> None:
    """Call ``write(tmp)`` on a temporary file in ``path``'s folder, then move it to ``path``.

    Raises InputError if ``path`` exists and ``force`` is false, if its folder is missing, or
    if another run is writing it (the run holds ``path``'s lock throughout, see
    :mod:`xlbridge.io.runs`). A failure part-way leaves ``path`` as it was.
    """
    check_writable(path, force=force)
    folder = path.parent if str(path.parent) else Path(".")
    with holding(path), temporary(path, "tmp") as tmp:
        remove_stale_temporaries(path)
        try:
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except OSError as error:
            raise InputError(_not_written(path, error)) from None
        try:
            write(tmp)
            os.chmod(tmp, permissions_for(path))
            os.replace(tmp, path)
            sync_folder(folder)
        except OSError as error:
            raise InputError(_not_written(path, error)) from None
        finally:
            tmp.unlink(missing_ok=True)


def copy_file(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` with its times (a backup); a failure is an InputError
    in a plain sentence, and leaves no partial ``target``."""
    existed = target.exists()
    try:
        shutil.copy2(source, target)
    except OSError as error:
        if not existed:
            target.unlink(missing_ok=True)
        raise InputError(f"{target}: the backup of {source} {_not_written_why(error)}") from None


def _not_written(path: Path, error: OSError) -> str:
    return f"{path}: {_not_written_why(error)}; nothing was changed"


def _not_written_why(error: OSError) -> str:
    """Why writing failed, in a plain sentence (no Python error names)."""
    if isinstance(error, PermissionError):
        return "cannot be written: permission denied (the file or its folder is read-only)"
    return f"cannot be written ({error.strerror or error})"


def remove_stale_temporaries(path: Path) -> None:
    """Remove the temporary files (``.NAME.xlbridge-<pid>-<random>.tmp``) that an earlier run,
    killed while writing ``path``, left beside it: only ours, and only when that run is gone.
    A failed write removes its own; a killed one cannot."""
    remove_leftovers(path, ("tmp",))


def check_writable(path: Path, *, force: bool = False) -> None:
    """Raise InputError unless ``path`` can be written: not a folder, in an existing folder
    the user may write in, and (without ``force``) not there yet."""
    if path.is_dir():
        raise InputError(f"{path} is a folder; give a file name to write")
    if path.exists() and not force:
        raise InputError(f"{path} already exists; use --force to overwrite it")
    check_parent(path)
    claim(path)


def check_parent(path: Path) -> None:
    """Raise InputError unless ``path``'s folder exists and the user may write in it."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"output folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"{path}: cannot be written (the folder {folder} is read-only)")


def check_replaceable(path: Path, *, force: bool = False) -> None:
    """Raise InputError unless the existing file ``path`` may be rewritten in place: its
    folder writable, and (without ``force``) the file not marked read-only (no write
    permission for anyone, or none for this user), which we take as the user's wish that it
    not change."""
    check_writable(path, force=True)
    mode = path.stat().st_mode
    if not force and (mode & 0o222 == 0 or not os.access(path, os.W_OK)):
        raise InputError(
            f"{path} is read-only, so it was left as it is; make it writable, or use --force"
        )


def sync_folder(folder: Path) -> None:
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


def permissions_for(path: Path) -> int:
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
