"""Printing a workbook as LibreOffice prints it: a PDF, its pages' text, pages by sheet title.

tests/ has no __init__.py, so the tests import this module as plain ``rendering``.

:func:`pdf` converts a workbook with the session's LibreOffice (its profile recalculates every
formula on load, so the PDF shows computed values); :func:`page_texts` reads each page's text
with ``pdftotext -layout``; :func:`pages_by_title` counts the pages whose text holds a sheet's
title (every event sheet repeats its title row on each printed page).

poppler-utils' programs (``pdftotext``, ``pdfinfo``, ``pdftoppm``) are run only through
:func:`poppler`, which finds one on PATH or ends the test: a skip naming the program and
poppler-utils, or a failure when ``XLBRIDGE_REQUIRE_POPPLER=1`` (tests/prerequisites.py).
"""

from __future__ import annotations

import re
import subprocess
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from prerequisites import Tool

TIMEOUT = 300


def pdf(libreoffice: Any, path: Path) -> Path:
    """The PDF LibreOffice prints of the workbook ``path`` (every sheet's print area)."""
    out_dir = libreoffice.new_out_dir()
    result = out_dir / f"{Path(path).stem}.pdf"
    server = getattr(libreoffice, "server", None)  # the session's running soffice, if any
    if server is not None and server.convert(Path(path).resolve(), result, "pdf", TIMEOUT):
        return result
    command = [
        libreoffice.soffice,
        "--headless",
        "--norestore",
        f"-env:UserInstallation={Path(libreoffice.profile_dir).resolve().as_uri()}",
        "--convert-to",
        "pdf",
        "--outdir",
        str(out_dir),
        str(Path(path).resolve()),
    ]
    subprocess.run(command, check=True, capture_output=True, timeout=TIMEOUT)
    assert result.is_file(), f"LibreOffice printed no PDF of {path}"
    return result


#: Environment variable that turns "poppler-utils missing" from a skip into a failure (CI sets it).
POPPLER_ENV_VAR = "XLBRIDGE_REQUIRE_POPPLER"
#: The poppler-utils programs the print tests run.
POPPLER_COMMANDS = ("pdftotext", "pdfinfo", "pdftoppm")


def poppler_tool(command: str) -> Tool:
    """One program of poppler-utils (``pdftotext``, ``pdfinfo`` or ``pdftoppm``) as a tool."""
    if command not in POPPLER_COMMANDS:
        raise ValueError(f"not a poppler-utils program the tests run: {command!r}")
    return Tool(
        label=command, commands=(command,), package="poppler-utils", env_var=POPPLER_ENV_VAR
    )


def poppler(command: str) -> str:
    """The full path of a poppler-utils program, or the test ends: skipped, the reason naming
    the program and poppler-utils, or failed when ``XLBRIDGE_REQUIRE_POPPLER=1``."""
    return poppler_tool(command).require()


def page_count(path: Path) -> int:
    info = subprocess.run(
        [poppler("pdfinfo"), str(path)], check=True, capture_output=True, text=True
    ).stdout
    for line in info.splitlines():
        if line.startswith("Pages:"):
            return int(line.split()[1])
    raise AssertionError(f"pdfinfo gave no page count for {path}")


def page_texts(path: Path, *, layout: bool = True) -> list[str]:
    """The text of each page: laid out as printed, or (not ``layout``) in reading order, where
    a cell's wrapped lines stay together."""
    pages = pdf_text(path, layout=layout).split("\f")
    if pages and not pages[-1].strip():
        pages = pages[:-1]
    assert len(pages) == page_count(path)
    return pages


def pdf_text(path: Path, *, layout: bool = True) -> str:
    """The whole text ``pdftotext`` reads from a PDF, pages ended by form feeds: laid out as
    printed (``-layout``), or (not ``layout``) in reading order."""
    options = ["-layout"] if layout else []
    return subprocess.run(
        [poppler("pdftotext"), *options, str(path), "-"], check=True, capture_output=True, text=True
    ).stdout


def words(text: str) -> str:
    """``text`` with every run of white space made one space (headings wrap over lines)."""
    return " ".join(text.split())


def sheet_pages(pages: list[str], titles: Iterable[str]) -> dict[str, list[int]]:
    """The numbers (from 0) of each sheet's pages, as :func:`pages_by_title` counts them."""
    found: dict[str, list[int]] = {title: [] for title in ["", *titles]}
    longest_first = sorted((t for t in found if t), key=len, reverse=True)
    current = ""
    for number, page in enumerate(pages):
        flat = words(page)
        for title in longest_first:
            if words(title) in flat:
                current = title
                break
        found[current].append(number)
    return found


def pages_by_title(pages: list[str], titles: Iterable[str]) -> dict[str, int]:
    """How many pages each sheet prints, sheets known by their titles: a page holding a title
    is that sheet's (the longest title it holds, as one title may begin another), a page
    holding none continues the sheet before (sheets print in order, and some repeat only
    their headings). Pages before any title count under ""."""
    return {title: len(found) for title, found in sheet_pages(pages, titles).items()}


def _squeezed(text: str) -> str:
    """``text`` without white space and hyphens (a heading wraps at spaces and hyphens, and
    pdftotext joins a word broken at a hyphen)."""
    return "".join(text.split()).replace("-", "")


def _tokens(text: str) -> set[str]:
    return set(text.replace("-", " ").split())


def heading_found(pages: list[str], heading: str) -> bool:
    """Whether a heading is printed whole on one of ``pages``: its characters, bar spaces and
    hyphens, in one run (a cell's wrapped lines stay together in reading order); or, where
    pdftotext interleaves the lines of neighbouring headings, every word of it whole on the
    page. A clipped heading loses characters from its end, so a word is missing or cut."""
    wanted = _squeezed(heading)
    if any(wanted in _squeezed(page) for page in pages):
        return True
    words_wanted = _tokens(heading)
    return any(words_wanted <= _tokens(page) for page in pages)


# --------------------------------------------------------------------------------------------
# Printed font sizes

_OBJECT = re.compile(rb"(?<![0-9])(\d+) 0 obj(.*?)endobj", re.S)
_REF = rb"(\d+) 0 R"
#: A text's size as printed: LibreOffice writes each run as ``/Fn size Tf`` already scaled to
#: the page (fit-to-width included) and places it with ``Td``; a text matrix (``Tm``) or a
#: scaling ``cm`` would scale it again, so :func:`printed_sizes` refuses such a PDF.
_TF = re.compile(rb"/(\w+) ([0-9.]+) Tf")
_CM = re.compile(rb"(-?[0-9.]+) (-?[0-9.]+) (-?[0-9.]+) (-?[0-9.]+) (-?[0-9.]+) (-?[0-9.]+) cm")


def _objects(data: bytes) -> dict[int, bytes]:
    return {int(m.group(1)): m.group(2) for m in _OBJECT.finditer(data)}


def _ref(body: bytes, key: bytes) -> int:
    found = re.search(rb"/" + key + rb"\s*" + _REF, body)
    assert found, f"no /{key.decode()} reference in a PDF object"
    return int(found.group(1))


def _stream(body: bytes) -> bytes:
    found = re.search(rb"stream\r?\n(.*)endstream", body, re.S)
    assert found, "a page's contents hold no stream"
    raw = found.group(1)
    return zlib.decompress(raw) if b"/FlateDecode" in body else raw


def printed_sizes(path: Path) -> list[dict[str, float]]:
    """For each page of a PDF LibreOffice printed, the smallest size (in points, as printed)
    of the text in each font, by the font's name (e.g. ``LiberationSans-Italic``)."""
    objects = _objects(Path(path).read_bytes())
    catalog = next(body for body in objects.values() if b"/Type/Catalog" in body)
    kids = re.search(rb"/Kids\s*\[([^\]]*)\]", objects[_ref(catalog, b"Pages")])
    assert kids, "the PDF's page tree has no /Kids"
    pages: list[dict[str, float]] = []
    for number in (int(n) for n in re.findall(_REF, kids.group(1))):
        page = objects[number]
        assert b"/Type/Page" in page, "nested page trees are not read"
        fonts = objects[_ref(objects[_ref(page, b"Resources")], b"Font")]
        names = {
            key.decode(): re.sub(rb"^[A-Z]{6}\+", b"", base).decode()
            for key, ref in re.findall(rb"/(\w+)\s*" + _REF, fonts)
            for base in re.findall(rb"/BaseFont\s*/([^\s/]+)", objects[int(ref)])
        }
        content = _stream(objects[_ref(page, b"Contents")])
        assert not re.search(rb"\bTm\b", content), "a text matrix: sizes are not Tf's alone"
        for matrix in _CM.findall(content):
            a, d = abs(float(matrix[0])), abs(float(matrix[3]))
            assert a == d == 1, f"a scaling cm ({a}, {d}): sizes are not Tf's alone"
        smallest: dict[str, float] = {}
        for key, size in _TF.findall(content):
            font = names[key.decode()]
            smallest[font] = min(smallest.get(font, float("inf")), float(size))
        pages.append(smallest)
    return pages
