"""The event workbooks as printed: LibreOffice prints each to PDF, the test reads the PDF's text.

Each workbook is filled as a director would (names of 40 characters, some results) and
printed. Then, sheet by sheet (every printed page repeats its sheet's title, or continues the
sheet before): the number of pages is the one the event's size calls for (one page for every
sheet of these sizes, plus one per manual page break where rounds or boards are kept whole),
every heading of the sheet is printed whole (each word of it, in order, at the top of a page:
a clipped heading loses words), no page shows an error value, and the teams' names are
printed in full.

LibreOffice puts a clipped cell's whole text into the PDF (it only hides what overflows), so
the PDF's text cannot show a heading cut at the bottom of its row: the builders size heading
rows from their text, and the pages were rendered to images and looked at.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
import rendering
from openpyxl.utils.cell import range_boundaries
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.butler_session import PAIRS, SCORES, build_butler_session
from xlbridge.workbooks.handicap_book import build_handicap_book, fill_example
from xlbridge.workbooks.kit.values import enter_text
from xlbridge.workbooks.league.build import build_league
from xlbridge.workbooks.swiss_event import build_swiss_event, enter_entry, enter_table
from xlbridge.workbooks.teams_match import build_teams_match

#: 40 characters, the longest name the layouts are made for.
LONG = "Bridgeclub Sankt Andreasberg-Oberharz II"
CAPITALS = "ANDERSSON KARL-ERIK – BERGQVIST MARGARET"
ERRORS = ("#VALUE!", "#REF!", "#NAME?", "#DIV/0!", "#N/A", "#NUM!", "Err:")
SCORE_POOL = (-1100, -800, -500, -200, -100, -50, 90, 110, 140, 170, 400, 420, 450, 620)


def name(entry: int) -> str:
    return (LONG, CAPITALS, f"Team {entry} Nordlys")[entry % 3]


# --------------------------------------------------------------------------------------------
# Workbooks as a director fills them


def swiss(form: str, teams: int, rounds: int, played: int) -> Workbook:
    book = build_swiss_event(form=form, teams=teams, rounds=rounds)
    rng = np.random.default_rng(teams)
    for entry in range(1, teams + 1):
        enter_entry(book, entry, name(entry))
    for r in range(1, played + 1):
        order = [int(e) for e in rng.permutation(range(1, teams + 1))]
        for t in range(teams // 2):
            if form == "teams":
                margin: float = int(rng.integers(-40, 41))
            else:
                margin = round(float(rng.uniform(30, 70)), 2)
            enter_table(book, r, t + 1, order[2 * t], order[2 * t + 1], margin)
        if teams % 2:
            enter_table(book, r, teams // 2 + 1, order[-1], None)
    return book.workbook


def league(teams: int, double: bool) -> Workbook:
    book = build_league(teams=teams, boards=16, double=double)
    rng = np.random.default_rng(teams)
    for team in range(1, teams + 1):
        enter_text(book.workbook["Teams"][book.name_cell(team)], name(team))
    for fixture in book.matches[: len(book.matches) * 2 // 3]:
        assert fixture.away is not None
        cell = book.margin_cell(fixture.home, fixture.away)
        book.workbook["Matches"][cell] = int(rng.integers(-50, 51))
    return book.workbook


def butler() -> Workbook:
    book = build_butler_session(boards=24, tables=8)
    rng = np.random.default_rng(8)
    scores = book.workbook["Scores"]
    for board in range(1, 25):
        for table in range(1, 9):
            row = book.score_row(board, table)
            scores[f"{SCORES['ns_pair']}{row}"] = table
            scores[f"{SCORES['ew_pair']}{row}"] = 9 + (table + board) % 8
            scores[f"{SCORES['ns_score']}{row}"] = int(rng.choice(SCORE_POOL))
    for pair in range(1, 17):
        enter_text(book.workbook["Pairs"][f"{PAIRS['name']}{book.pair_row(pair)}"], name(pair))
    return book.workbook


def handicap() -> Workbook:
    book = build_handicap_book(players=200, pairs=20)
    fill_example(book)
    return book.workbook


def teams_match() -> Workbook:
    book = build_teams_match(boards=24)
    match = book.workbook["Match"]
    enter_text(match[book.home], LONG)
    enter_text(match[book.away], CAPITALS)
    rng = np.random.default_rng(24)
    for row in range(9, 9 + 24):
        match[f"B{row}"] = int(rng.choice(SCORE_POOL))
        match[f"C{row}"] = int(rng.choice(SCORE_POOL))
    return book.workbook


# --------------------------------------------------------------------------------------------
# What the sheets should print


def title_of(ws: Worksheet) -> str:
    """The title a sheet prints on each page (a formula title: its fixed first words)."""
    text = str(ws["A1"].value)
    if text.startswith("="):
        return text.split('"')[1].split("·")[0].strip()
    return text


def headings(ws: Worksheet) -> list[str]:
    """The heading labels a sheet prints: the text (not formula) cells of its last repeated
    row, within the print area's columns."""
    rows = str(ws.print_title_rows or "")
    if not rows:
        return []
    row = int(rows.split(":")[-1].strip("$"))
    area = str(ws.print_area).split("!")[-1].split(",")[0].replace("$", "")
    width = range_boundaries(area)[2]
    labels = [ws.cell(row, c).value for c in range(1, width + 1)]
    return [str(v) for v in labels if isinstance(v, str | int) and not str(v).startswith("=")]


def manual_breaks(ws: Worksheet) -> int:
    return len(ws.row_breaks.brk)


CASES: dict[str, Callable[[], Workbook]] = {
    "swiss-teams 24": lambda: swiss("teams", 24, 7, 3),
    "swiss-pairs 31": lambda: swiss("pairs", 31, 7, 2),
    "league 10 double": lambda: league(10, True),
    "league 12": lambda: league(12, False),
    "butler 24x8": butler,
    "handicap": handicap,
    "teams match 24": teams_match,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_printed_pages_headings_and_names(libreoffice, tmp_path: Path, case: str) -> None:
    workbook = CASES[case]()
    path = tmp_path / "printed.xlsx"
    workbook.save(path)
    pdf = rendering.pdf(libreoffice, path)
    pages = rendering.page_texts(pdf)
    reading = rendering.page_texts(pdf, layout=False)
    titles = {ws.title: title_of(ws) for ws in workbook.worksheets}
    by_sheet = rendering.sheet_pages(pages, titles.values())
    assert not by_sheet[""], "pages before the first sheet's title"
    for ws in workbook.worksheets:
        printed = by_sheet[titles[ws.title]]
        assert len(printed) == 1 + manual_breaks(ws), (ws.title, len(printed))
        for label in headings(ws):
            found = rendering.heading_found([reading[i] for i in printed], label)
            assert found, (ws.title, label)
    text = "\n".join(pages)
    for error in ERRORS:
        assert error not in text, error
    if not case.startswith("handicap"):
        flat = rendering.words(text)
        assert LONG in flat and CAPITALS in flat  # names printed whole, never cut


def test_an_empty_register_prints_one_page_a_filled_one_its_rows(
    libreoffice, tmp_path: Path
) -> None:
    """The Register prints a page of rows when empty, never all 200; typed rows all print."""
    from xlbridge.workbooks.handicap_book import RegisterEntry, enter_players
    from xlbridge.workbooks.handicap_book.book import REGISTER_SHEET

    book = build_handicap_book(players=200, pairs=4)
    path = tmp_path / "register.xlsx"
    titles = [title_of(ws) for ws in book.workbook.worksheets]

    def register_pages() -> list[str]:
        book.workbook.save(path)
        pages = rendering.page_texts(rendering.pdf(libreoffice, path))
        return [pages[i] for i in rendering.sheet_pages(pages, titles)[titles[0]]]

    assert len(register_pages()) == 1
    players = [RegisterEntry(1000 + i, f"Player {i}", 10.0 * i, None) for i in range(1, 151)]
    enter_players(book.workbook[REGISTER_SHEET], book, players)
    printed = register_pages()
    # 150 rows at full size (about 64 a page): three pages, not the four of 200 rows.
    assert len(printed) == 3
    assert "Player 150" in printed[-1]
