"""Writing a folder of files as a whole: nothing half-written, nothing replaced unless forced.

:func:`write_folder` writes every file into a new folder beside the target, then moves it into
place; with ``force`` an existing target folder is replaced as a whole (its old files do not
linger among the new ones), and only when it holds nothing but .html pages (an earlier site),
never a folder of the user's other files. A failure part-way (a file that cannot be made, an
error while the files are produced) leaves the target as it was and removes the new folder.
"""

from __future__ import annotations

import glob
import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

from xlbridge.errors import InputError
from xlbridge.io.files import check_parent


def check_folder(path: Path, *, force: bool = False) -> None:
    """Raise InputError unless ``path`` can be written as a folder: not a file, its parent an
    existing folder the user may write in, and (without ``force``) not there yet; with
    ``force`` an existing folder must hold only .html pages."""
    if path.exists() and not path.is_dir():
        raise InputError(f"{path} is a file; give a folder to write the pages in")
    if path.exists() and not force:
        raise InputError(f"{path} already exists; use --force to replace it")
    if path.is_dir():
        _check_only_pages(path)
    check_parent(path)


def _check_only_pages(path: Path) -> None:
    """Refuse to replace a folder holding anything but a results site's pages (.html files):
    --force replaces an earlier site, never a folder of the user's own files."""
    for entry in sorted(path.iterdir()):
        if entry.name.startswith(".") or entry.suffix != ".html" or not entry.is_file():
            raise InputError(
                f"{path} holds {entry.name!r}, not a page of a results site; --force replaces "
                "only a folder of .html pages: give a new folder"
            )


def write_folder(path: Path, files: Iterable[tuple[str, str]], *, force: bool = False) -> int:
    """Write ``files`` ((name, UTF-8 text) pairs, names without folders) as the folder
    ``path``; returns how many were written. The files are produced while they are written,
    so an error raised by ``files`` leaves nothing behind."""
    check_folder(path, force=force)
    parent = path.parent if str(path.parent) else Path(".")
    for stale in [
        *parent.glob(f".{glob.escape(path.name)}.*.new"),
        *parent.glob(f".{glob.escape(path.name)}.*.old"),
    ]:
        shutil.rmtree(stale, ignore_errors=True)  # left by a run killed while writing
    try:
        new = Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=".new", dir=parent))
    except OSError as error:
        raise InputError(f"{path}: cannot be written ({error.strerror or error})") from None
    try:
        count = 0
        for name, text in files:
            if not name or os.sep in name or name.startswith("."):
                raise ValueError(f"not a plain file name: {name!r}")
            with open(new / name, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
            count += 1
        os.chmod(new, _folder_mode())
        _move_into_place(new, path)
    except OSError as error:
        raise InputError(f"{path}: cannot be written ({error.strerror or error})") from None
    finally:
        shutil.rmtree(new, ignore_errors=True)
    return count


def _move_into_place(new: Path, path: Path) -> None:
    """Rename ``new`` to ``path``; an existing ``path`` is moved aside first, then removed (and
    put back if the rename fails)."""
    if not path.exists():
        os.rename(new, path)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=".old", dir=path.parent))
    os.rmdir(old)  # only its unique name is wanted
    os.rename(path, old)
    try:
        os.rename(new, path)
    except OSError:
        os.rename(old, path)
        raise
    shutil.rmtree(old, ignore_errors=True)


def _folder_mode() -> int:
    """A new folder's permissions (rwx for all, less the umask): mkdtemp makes it private."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o777 & ~umask
