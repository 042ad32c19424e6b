"""Text sizes as printed: every ready-made workbook and the results pack, page by page.

A sheet printed "fit to one page wide" is shrunk by LibreOffice (and Excel) when its columns
are wider than the paper, so the sizes set on the cells say nothing about the page. Each
workbook is printed to PDF with LibreOffice and the sizes are read from the PDF itself
(:func:`rendering.printed_sizes`: LibreOffice writes every run of text at its printed size,
scale included). Notes are the italic text (8-point italic in every workbook); all upright
text is data, headings or titles. As printed, data must be at least 9 points and notes at
least 8 (readable sizes a director can hand out).

The first tests check the measure itself: text of known sizes on an unscaled page reads back
at those sizes, and the same sheet shrunk to fit a page reads back smaller by the scale.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import rendering
from openpyxl import Workbook
from openpyxl.styles import Font
from session_builder import example_session

from xlbridge.workbooks.ready_made import READY_MADE
from xlbridge.workbooks.results_pack.pack import build_results_pack

DATA_POINTS = 9.0
NOTE_POINTS = 8.0
#: LibreOffice rounds sizes to its internal units: 9 pt prints as 9.014, 8 pt as 7.994.
ROUNDING = 0.02
#: Upright Liberation Sans (Arial's metric twin) at each size, and italic (a note).
SIZES = {("Arial", False): (9, 10, 12), ("Arial", True): (8, 11)}


def is_note(font: str) -> bool:
    """Whether text in the PDF font ``font`` (e.g. ``LiberationSans-Italic``) is a note."""
    return "Italic" in font or "Oblique" in font


def too_small(pages: list[dict[str, float]]) -> list[str]:
    """Every page's text printed below its readable size, as "page n: font size"."""
    found = []
    for number, fonts in enumerate(pages, start=1):
        for font, size in sorted(fonts.items()):
            least = NOTE_POINTS if is_note(font) else DATA_POINTS
            if size < least - ROUNDING:
                found.append(f"page {number}: {font} {size:g} pt (at least {least:g})")
    return found


def sample_workbook(*, shrink: bool) -> Workbook:
    """Text at known sizes, on a page as wide as it needs (``shrink``: 3 times as wide as the
    paper, printed one page wide, so shrunk to about a third)."""
    workbook = Workbook()
    ws = workbook.active
    assert ws is not None
    row = 1
    for (name, italic), sizes in SIZES.items():
        for size in sizes:
            ws.cell(row, 1, f"{size} point").font = Font(name=name, size=size, italic=italic)
            row += 1
    if shrink:
        for column in "ABC":
            ws.column_dimensions[column].width = 100
        ws["C1"] = "end"
        ws["C1"].font = Font(name="Arial", size=9)
        ws.print_area = f"A1:C{row}"
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.page_setup.fitToWidth, ws.page_setup.fitToHeight = 1, 0
    return workbook


def test_sizes_read_back_as_set_on_an_unscaled_page(libreoffice, tmp_path: Path) -> None:
    path = tmp_path / "sizes.xlsx"
    sample_workbook(shrink=False).save(path)
    (page,) = rendering.printed_sizes(rendering.pdf(libreoffice, path))
    assert page["LiberationSans"] == pytest.approx(min(SIZES["Arial", False]), abs=ROUNDING)
    italic = page["LiberationSans-Italic"]
    assert italic == pytest.approx(min(SIZES["Arial", True]), abs=ROUNDING)
    assert too_small([page]) == []


def test_a_shrunk_page_reads_back_smaller_and_fails(libreoffice, tmp_path: Path) -> None:
    path = tmp_path / "shrunk.xlsx"
    sample_workbook(shrink=True).save(path)
    (page,) = rendering.printed_sizes(rendering.pdf(libreoffice, path))
    upright, italic = page["LiberationSans"], page["LiberationSans-Italic"]
    assert upright < 0.5 * min(SIZES["Arial", False])
    # One scale for the page: the smallest sizes keep the ratio they were set in (within
    # LibreOffice's rounding, a larger share of a small size).
    assert italic / upright == pytest.approx(8 / 9, rel=0.05)
    assert len(too_small([page])) == 2


@pytest.mark.parametrize("name", sorted(READY_MADE))
def test_every_ready_made_page_prints_readable_sizes(
    libreoffice, tmp_path: Path, name: str
) -> None:
    path = tmp_path / name
    READY_MADE[name]().save(path)
    pdf = rendering.pdf(libreoffice, path)
    pages = rendering.printed_sizes(pdf)
    assert len(pages) == rendering.page_count(pdf)
    assert all(pages), "a page without text"
    assert too_small(pages) == []


@pytest.mark.parametrize(("session", "paper"), [("howell", "a4"), ("mitchell", "letter")])
def test_every_results_pack_page_prints_readable_sizes(
    libreoffice, tmp_path: Path, session: str, paper: str
) -> None:
    result, by_pair = example_session(session)
    names: dict[object, str] = {pair: name for pair, name in by_pair.items()}
    path = tmp_path / f"pack-{session}.xlsx"
    build_results_pack(result, names, event="Club pairs", paper=paper).save(path)
    pages = rendering.printed_sizes(rendering.pdf(libreoffice, path))
    assert len(pages) > 1
    assert too_small(pages) == []
