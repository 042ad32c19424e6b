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


def page_texts(path: Path, *, layout: bool = True) -> list[str]:
    """The text of each page: laid out as printed, or (not ``layout``) in reading order, where
    a cell's wrapped lines stay together."""
    options = ["-layout"] if layout else []
    text = subprocess.run(
        [_tool("pdftotext"), *options, str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages = pages[:-1]
    assert len(pages) == page_count(path)
    return pages


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
