"""Printing a workbook as LibreOffice prints it: a PDF, its pages' text, pages by sheet title.

tests/ has no __init__.py, so the tests import this module as plain ``rendering``.

:func:`pdf` converts a workbook with the session's LibreOffice (its profile recalculates every
formula on load, so the PDF shows computed values); :func:`page_texts` reads each page's text
with ``pdftotext -layout``; :func:`pages_by_title` counts the pages whose text holds a sheet's
title (every event sheet repeats its title row on each printed page).
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

TIMEOUT = 300


def pdf(libreoffice: Any, path: Path) -> Path:
    """The PDF LibreOffice prints of the workbook ``path`` (every sheet's print area)."""
    out_dir = libreoffice.new_out_dir()
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
    result = out_dir / f"{Path(path).stem}.pdf"
    assert result.is_file(), f"LibreOffice printed no PDF of {path}"
    return result


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} (poppler-utils) is not installed")
    return found


def page_count(path: Path) -> int:
    info = subprocess.run(
        [_tool("pdfinfo"), str(path)], check=True, capture_output=True, text=True
    ).stdout
    for line in info.splitlines():
        if line.startswith("Pages:"):
            return int(line.split()[1])
    raise AssertionError(f"pdfinfo gave no page count for {path}")


def page_texts(path: Path) -> list[str]:
    """The text of each page, laid out as printed."""
    text = subprocess.run(
        [_tool("pdftotext"), "-layout", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages = pages[:-1]
    assert len(pages) == page_count(path)
    return pages


def words(text: str) -> str:
    """``text`` with every run of white space made one space (headings wrap over lines)."""
    return " ".join(text.split())


def pages_by_title(pages: list[str], titles: Iterable[str]) -> dict[str, int]:
    """How many pages each sheet prints, sheets known by their titles: a page holding a title
    is that sheet's, a page holding none continues the sheet before (sheets print in order,
    and some repeat only their headings). Pages before any title count under ""."""
    counts = dict.fromkeys(titles, 0)
    current = ""
    counts[current] = 0
    for page in pages:
        flat = words(page)
        for title in counts:
            if title and words(title) in flat:
                current = title
                break
        counts[current] += 1
    return counts


def heading_found(pages: list[str], heading: str) -> bool:
    """Whether a heading is printed whole: each of its words on one page, in order, within
    the heading rows at the top of the page (a wrapped heading's words are on several
    lines, so the words are looked for one by one in the page's first lines)."""
    wanted = heading.split()
    for page in pages:
        top = " ".join(page.splitlines()[:12]).split()
        position = 0
        for word in top:
            if position < len(wanted) and word == wanted[position]:
                position += 1
        if position == len(wanted):
            return True
    return False
