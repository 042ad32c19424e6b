"""What a file given as a workbook is, found before openpyxl opens it.

An .xlsx is a zip of XML parts. Two other kinds of file are given instead, both OLE2 compound
files (the container of Excel 97–2003 and of encryption): an Excel 97–2003 workbook (.xls),
and an .xlsx saved with a password, whose zip is encrypted inside streams named
EncryptionInfo and EncryptedPackage (the names stored as UTF-16LE text in the file's
directory). Each is refused with what to do instead (:func:`compound_file_problem`).

A zip whose parts declare more than :data:`MAX_UNPACKED` bytes in all is refused before any
part is unpacked (:func:`check_workbook_file`): zipfile unpacks a part only up to the size it
declares, so the sum bounds what reading the workbook can take, and a small file that unpacks
to gigabytes (a zip bomb) costs nothing.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from xlbridge.errors import InputError

#: The first bytes of an OLE2 compound file (.xls, or an encrypted .xlsx).
COMPOUND_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
#: The streams an encrypted Office file holds, as its directory spells their names.
ENCRYPTED_STREAMS = tuple(
    name.encode("utf-16-le") for name in ("EncryptedPackage", "EncryptionInfo")
)
#: The most a workbook's parts may hold unpacked, in bytes (200 MB).
MAX_UNPACKED = 200_000_000
#: What to do with each kind of compound file.
XLS_GIVEN = "an Excel 97–2003 workbook (.xls): open it in Excel and save it as .xlsx"
ENCRYPTED_GIVEN = (
    "password-protected: open it in Excel and save a copy without a password "
    "(File > Info > Protect Workbook > Encrypt with Password, cleared)"
)
_CHUNK = 1 << 20


def compound_file_problem(data: bytes) -> str:
    """What a compound file is, for a message: a password-protected .xlsx when ``data`` (the
    whole file, or part of it) names an encryption stream, else an .xls."""
    return ENCRYPTED_GIVEN if any(name in data for name in ENCRYPTED_STREAMS) else XLS_GIVEN


def _compound_problem(path: Path) -> str | None:
    """What the compound file ``path`` is (read a chunk at a time), or None for another file."""
    overlap = max(len(name) for name in ENCRYPTED_STREAMS)
    with path.open("rb") as file:
        data = file.read(_CHUNK)
        if not data.startswith(COMPOUND_MAGIC):
            return None
        while True:
            if compound_file_problem(data) == ENCRYPTED_GIVEN:
                return ENCRYPTED_GIVEN
            more = file.read(_CHUNK)
            if not more:
                return XLS_GIVEN
            data = data[-overlap:] + more


def check_workbook_file(path: Path) -> None:
    """Refuse, in one line naming ``path``, a compound file (an .xls or an encrypted .xlsx)
    and a zip whose parts declare more than :data:`MAX_UNPACKED` bytes. A file that is not
    found raises FileNotFoundError; any other file is left for openpyxl to open or refuse."""
    try:
        problem = _compound_problem(path)
    except FileNotFoundError:
        raise
    except OSError:
        return  # openpyxl names what it cannot read
    if problem is not None:
        raise InputError(f"{path}: {problem}")
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(part.file_size for part in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return  # not a zip: openpyxl names it
    if unpacked > MAX_UNPACKED:
        raise InputError(
            f"{path}: its parts hold {unpacked / 1e6:,.0f} MB unpacked, more than the "
            f"{MAX_UNPACKED / 1e6:.0f} MB a workbook may hold; a scoring workbook holds far "
            "less: is it the right file?"
        )
