"""Writing a folder of files as a whole: nothing half-written, nothing replaced unless forced.

:func:`write_folder` writes every file into a new folder beside the target, with a manifest
of the files it wrote (:mod:`xlbridge.io.site_manifest`), then moves it into place; with
``force`` an existing target folder is replaced as a whole (its old files do not linger among
the new ones), and only when it is a results site xlbridge wrote, never a folder of the
user's own files (a club's own website among them). A failure part-way (a file that cannot be
made, an error while the files are produced) leaves the target as it was and removes the new
folder. The run holds the target's lock throughout (:mod:`xlbridge.io.runs`).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from pathlib import Path

from xlbridge.errors import InputError
from xlbridge.io.files import check_parent
from xlbridge.io.runs import claim, holding, remove_leftovers, temporary
from xlbridge.io.site_manifest import MANIFEST, check_ours, manifest_text


def check_folder(path: Path, *, force: bool = False) -> None:
    """Raise InputError unless ``path`` can be written as a folder: not a file, its parent an
    existing folder the user may write in, no other run writing it, and (without ``force``)
    not there yet; with ``force`` an existing folder must be a site xlbridge wrote."""
    if path.exists() and not path.is_dir():
        raise InputError(f"{path} is a file; give a folder to write the pages in")
    if path.exists() and not force:
        raise InputError(f"{path} already exists; use --force to replace it")
    if path.is_dir():
        check_ours(path)
    check_parent(path)
    claim(path)


def write_folder(path: Path, files: Iterable[tuple[str, str]], *, force: bool = False) -> int:
    """Write ``files`` ((name, UTF-8 text) pairs, names without folders) as the folder
    ``path``, with its manifest; returns how many were written. The files are produced while
    they are written, so an error raised by ``files`` leaves nothing behind."""
    check_folder(path, force=force)
    with holding(path), temporary(path, "new") as new:
        remove_leftovers(path, ("new", "old"))  # left by a run killed while writing
        try:
            os.mkdir(new, 0o700)
        except OSError as error:
            raise InputError(f"{path}: cannot be written ({error.strerror or error})") from None
        try:
            names = []
            for name, text in files:
                if not name or os.sep in name or name.startswith("."):
                    raise ValueError(f"not a plain file name: {name!r}")
                _write_text(new / name, text)
                names.append(name)
            _write_text(new / MANIFEST, manifest_text(names))
            os.chmod(new, _folder_mode())
            _move_into_place(new, path)
        except OSError as error:
            raise InputError(f"{path}: cannot be written ({error.strerror or error})") from None
        finally:
            shutil.rmtree(new, ignore_errors=True)
    return len(names)


def _write_text(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def _move_into_place(new: Path, path: Path) -> None:
    """Rename ``new`` to ``path``; an existing ``path`` is moved aside first, then removed (and
    put back if the rename fails)."""
    if not path.exists():
        os.rename(new, path)
        return
    with temporary(path, "old") as old:
        os.rename(path, old)
        try:
            os.rename(new, path)
        except OSError:
            os.rename(old, path)
            raise
        shutil.rmtree(old, ignore_errors=True)


def _folder_mode() -> int:
    """A new folder's permissions (rwx for all, less the umask): a new folder is private."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o777 & ~umask
