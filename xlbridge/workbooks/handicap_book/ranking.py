"""The Ranking sheet of the handicap workbook: the pairs sorted by handicapped score."""

from __future__ import annotations

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.handicap_book.book import (
    TOURNAMENT,
    TOURNAMENT_COLUMNS,
    TOURNAMENT_SHEET,
    HandicapBook,
)
from xlbridge.workbooks.kit import ranking

# --------------------------------------------------------------------------------------------
# Ranking


def write_ranking(ws: Worksheet, book: HandicapBook, paper: str) -> None:
    """The Tournament sorted by handicap result %."""
    by_key = {column.key: column for column in TOURNAMENT_COLUMNS}

    def shown(key: str, text: bool = False) -> ranking.Shown:
        return ranking.Shown(by_key[key], TOURNAMENT[key], text)

    source = ranking.Source(
        TOURNAMENT_SHEET, book.pair_row(1), book.pair_row(book.pairs), TOURNAMENT["rank"]
    )
    ranking.write_ranking(
        ws,
        "Pairs handicap tournament (Project 52) · ranking by handicap result %",
        source,
        [
            shown("pair"),
            shown("name_1", True),
            shown("name_2", True),
            shown("result"),
            shown("achieved"),
            shown("expected"),
            shown("change"),
        ],
        paper,
        note='Pairs equal on handicap result % share a place, marked "=". A pair without an '
        "achieved % is not listed. This sheet ranks the Tournament sheet, not copies of it.",
    )
