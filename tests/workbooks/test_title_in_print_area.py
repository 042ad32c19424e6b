"""Every title row prints whole: the title's merge, the "Event" label and the Event cell end
within the sheet's print area.

A sheet may keep a screen-only column at the right of its print area (the handicap
Register's and Tournament's Check): a title merged across it is cut at the page edge, and an
Event cell placed in it is not printed at all (the page showed the label "Event" and no box).
"""

from __future__ import annotations

import pytest
from openpyxl.cell.cell import MergedCell
from openpyxl.utils.cell import range_boundaries
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.handicap_book import build_handicap_book
from xlbridge.workbooks.kit.event import EVENT_LABEL, add_event
from xlbridge.workbooks.ready_made import READY_MADE, build_template


def last_printed_column(ws: Worksheet) -> int:
    area = str(ws.print_area)
    return max(int(range_boundaries(part.split("!")[-1])[2] or 0) for part in area.split(","))


def event_cells(ws: Worksheet) -> list[tuple[int, int]]:
    """(row, column) of each "Event" label near the top and of the input cell it labels."""
    found = []
    for row in ws.iter_rows(min_row=1, max_row=6):
        for cell in row:
            if cell.value == EVENT_LABEL:
                column = cell.column + 1
                while isinstance(ws.cell(cell.row, column), MergedCell):
                    column += 1  # the label's own merge
                found += [(cell.row, cell.column), (cell.row, column)]
    return found


def check_titles(book: Workbook) -> int:
    """Assert every title row prints whole; returns how many Event cells were seen."""
    events = 0
    for ws in book.worksheets:
        if not ws.print_area:
            continue
        end = last_printed_column(ws)
        for span in ws.merged_cells.ranges:
            if span.min_row == 1:
                assert span.max_col <= end, f"{ws.title}: title {span.coord} past column {end}"
        for row, column in event_cells(ws):
            assert column <= end, f"{ws.title}: Event at row {row}, column {column} not printed"
            events += 1
    return events


@pytest.mark.parametrize("name", sorted(READY_MADE))
def test_ready_made_titles_print_whole(name: str) -> None:
    book = READY_MADE[name]()
    assert check_titles(book) == 2  # one label and its cell in each workbook


@pytest.mark.parametrize(
    ("kind", "options"),
    [
        ("teams-match", {"boards": 64}),
        ("swiss-teams", {"teams": 40, "rounds": 9}),
        ("swiss-pairs", {"teams": 4, "rounds": 3}),
        ("league", {"teams": 20, "double": True}),
        ("pairs-session", {"pairs": 4, "movement": "howell"}),
        ("pairs-session", {"pairs": 40, "movement": "mitchell", "paper": "letter"}),
    ],
)
def test_template_titles_print_whole(kind: str, options: dict[str, object]) -> None:
    book = build_template(kind, event="Bridgeclub Sankt Andreasberg-Oberharz II", **options)
    assert check_titles(book) == 2


def test_handicap_event_cell_is_left_of_the_screen_only_check() -> None:
    book = add_event(build_handicap_book(players=200, pairs=20).workbook)
    register = book["Register"]
    assert last_printed_column(register) == 6  # Player id .. Handicap in use (A:F), not Check
    (_, label), (_, cell) = event_cells(register)
    assert label < cell <= 6
    assert register.cell(1, cell).protection.locked is False  # the input the director types in


@pytest.mark.parametrize("kind", ["teams-match", "swiss-pairs", "league"])
def test_titles_after_the_event_make_room_for_it(kind: str) -> None:
    """A title shown after the event cannot know the event's length: on a narrow sheet (the
    VP scale, about 34 characters wide) a 40-character event and the title need two lines
    or more, so the title wraps in a row that tall; a title that fits on one line shrinks
    to fit a longer event. None is left to run past the page's edge."""
    book = build_template(kind)
    prefixed = [ws for ws in book.worksheets if str(ws["A1"].value).startswith("=IF(")]
    assert prefixed
    for ws in prefixed:
        alignment, size = ws["A1"].alignment, float(ws["A1"].font.sz or 9)
        height = ws.row_dimensions[1].height
        assert alignment.wrap_text or alignment.shrink_to_fit, ws.title
        if alignment.wrap_text:
            assert height is not None and height >= 2 * size, ws.title
    scale = book["Scale"]
    assert scale["A1"].alignment.wrap_text and scale.row_dimensions[1].height >= 2 * 10
