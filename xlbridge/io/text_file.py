"""Reading a text file a user gives (a CSV file): its bytes decoded as UTF-8 (with or without
a byte-order mark) or Windows-1252, its line ends made "\n", and how it was stored, so that a
file written back keeps its encoding and line ends. A workbook or a folder given instead is
named as such."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from xlbridge.errors import InputError
from xlbridge.io.files import require_file
from xlbridge.io.workbook_file import COMPOUND_MAGIC, compound_file_problem

#: The first bytes of a zip file, as an Excel workbook (.xlsx) or a LibreOffice one (.ods) is.
ZIP_MAGIC = b"PK\x03\x04"
#: What to do with a workbook given where a CSV file is read.
WORKBOOK_GIVEN = (
    "this is an Excel workbook; save the sheet as CSV, or give a pairs-session workbook to "
    "`xlbridge session`"
)


#: The byte-order marks of UTF-16 text, little- and big-endian.
UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
#: What to do with UTF-16 text given where a CSV file is read.
UTF16_GIVEN = (
    'this is UTF-16 text (Excel\'s "Unicode Text"); save the sheet as "CSV UTF-8" or "CSV" instead'
)


@dataclass(frozen=True)
class TextFormat:
    """How a text file was stored: its encoding, byte-order mark and line ending."""

    encoding: str = "utf-8"  # or "cp1252"
    bom: bool = False
    newline: str = "\n"

    def encode(self, text: str, name: str) -> bytes:
        """``text`` (with "\n" line ends) as this format's bytes; an error names ``name`` if a
        character has no place in the encoding."""
        text = text.replace("\n", self.newline) if self.newline != "\n" else text
        try:
            data = text.encode(self.encoding)
        except UnicodeEncodeError as error:
            bad = error.object[error.start : error.end]
            raise InputError(
                f"{name}: {bad!r} cannot be written in Windows-1252, the file's encoding; "
                "save the file as UTF-8 first"
            ) from None
        return (b"\xef\xbb\xbf" if self.bom else b"") + data


def exported_instead(kind: str) -> str:
    """What to do with a workbook given where a ``kind`` file (PBN, USEBIO) is read."""
    return f"this is a workbook (a zip file), not a {kind} file; export the {kind} file instead"


def file_bytes(path: Path, workbook_given: str) -> bytes:
    """The bytes of a file the user named for reading; a folder, a missing or unreadable file,
    a zip file (an .xlsx or .ods workbook is one: with ``workbook_given``, what to do instead)
    or an OLE2 compound file (an .xls, or a password-protected .xlsx: what to do with each) is
    refused in one line."""
    require_file(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(f"{path}: cannot be read ({error.strerror or error})") from None
    if data.startswith(ZIP_MAGIC):  # an .xlsx (or .ods) is a zip of XML parts
        raise InputError(f"{path}: {workbook_given}")
    if data.startswith(COMPOUND_MAGIC):  # an .xls, or an .xlsx saved with a password
        raise InputError(f"{path}: {compound_file_problem(data)}")
    return data


def read_text(path: Path) -> str:
    """A CSV file's text: UTF-8 (with or without a byte-order mark), or else Windows-1252,
    the encoding Excel's plain "CSV" save uses on Windows."""
    return read_text_format(path)[0]


def read_text_format(path: Path) -> tuple[str, TextFormat]:
    """A CSV file's text ("\n" line ends) and how it was stored (see :func:`read_text`)."""
    data = file_bytes(path, WORKBOOK_GIVEN)
    if data.startswith(UTF16_MARKS):  # Excel's "Unicode Text" save
        raise InputError(f"{path}: {UTF16_GIVEN}")
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        text, encoding = data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        try:
            text, encoding = data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            raise InputError(f"{path}: not a text file in UTF-8 or Windows-1252") from None
    newline = "\r\n" if "\r\n" in text else "\n"
    if newline != "\n":
        text = text.replace("\r\n", "\n")
    return text, TextFormat(encoding, bom, newline)
