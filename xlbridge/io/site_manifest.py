"""Which folders are results sites xlbridge wrote, so ``--force`` replaces only those.

Every site folder :func:`~xlbridge.io.folders.write_folder` writes holds a hidden manifest,
``.xlbridge-site.json``: ``{"format": "xlbridge-site-1", "files": [the names it wrote]}``.
A folder is ours when every entry in it is a file the manifest names. A folder without one
(written by an earlier version) is ours when every entry is a file named as a page of our
sites: ``index.html``, ``board-N.html`` / ``board-S-N.html``, ``pair-….html`` (a pair's
score card: parts of letters, digits, ``_`` and ``~`` joined by dashes, as ``pair-5.html``,
``pair-B-5-ns.html`` or ``pair-3_2f_4.html``) and
``round-N.html`` (a Swiss or league standings site). Any other folder is refused, naming an
entry that is not ours: a club's own website folder is never deleted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

from xlbridge.errors import InputError

MANIFEST = ".xlbridge-site.json"
FORMAT = "xlbridge-site-1"

#: The names of the pages an earlier version's sites hold (the session site and the
#: Swiss/league standings site: neither writes anything but .html pages).
LEGACY_PAGE = re.compile(r"index\.html|(?:board|pair|round)-[\w~]+(?:-[\w~]+)*\.html", re.ASCII)


def manifest_text(names: Iterable[str]) -> str:
    """The manifest of a folder holding the files ``names``."""
    return json.dumps({"format": FORMAT, "files": sorted(names)}, indent=1) + "\n"


def _manifest_names(path: Path) -> set[str] | None:
    """The names ``path``'s manifest lists; None when it has none. A manifest that cannot be
    read is refused: the folder cannot be shown to be ours."""
    manifest = path / MANIFEST
    if not manifest.is_file():
        return None
    try:
        record = json.loads(manifest.read_text(encoding="utf-8"))
        names = record["files"]
        if record["format"] != FORMAT or not all(isinstance(name, str) for name in names):
            raise ValueError(record["format"])
    except (OSError, ValueError, KeyError, TypeError):
        raise InputError(
            f"{manifest} cannot be read, so {path} is not known to be a results site "
            "xlbridge wrote; --force replaces only such a site: give a new folder"
        ) from None
    return set(names)


def check_ours(path: Path) -> None:
    """Raise InputError unless the existing folder ``path`` is a results site xlbridge wrote
    (see the module), naming the first entry that is not one of its pages."""
    listed = _manifest_names(path)
    for entry in sorted(path.iterdir()):
        if listed is not None and entry.name == MANIFEST:
            continue
        known = LEGACY_PAGE.fullmatch(entry.name) if listed is None else entry.name in listed
        if not known or entry.is_symlink() or not entry.is_file():
            raise InputError(
                f"{path} holds {entry.name!r}, not a page of a results site xlbridge wrote; "
                "--force replaces only such a site: give a new folder"
            )
