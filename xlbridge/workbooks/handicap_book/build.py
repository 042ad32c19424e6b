"""Builds the handicap workbook (see :mod:`xlbridge.workbooks.handicap_book`)."""

from __future__ import annotations

from xlbridge.scoring import checks
from xlbridge.workbooks.handicap_book.book import (
    CONSTANTS_SHEET,
    MAX_PAIRS,
    MAX_PLAYERS,
    RANKING_SHEET,
    REGISTER_SHEET,
    TOURNAMENT_SHEET,
    HandicapBook,
)
from xlbridge.workbooks.handicap_book.ranking import write_ranking
from xlbridge.workbooks.handicap_book.register import define_names, write_constants, write_register
from xlbridge.workbooks.handicap_book.tournament import write_tournament
from xlbridge.workbooks.kit import layout
from xlbridge.workbooks.kit.printing import PAPER_SIZES


def build_handicap_book(*, players: int = 60, pairs: int = 16, paper: str = "a4") -> HandicapBook:
    """A handicap register of ``players`` rows and a pairs tournament of ``pairs`` rows.

    ``paper`` is a4 or letter. The workbook is empty: :func:`fill_example` types an example.
    """
    players = checks.whole_number("players", players, 2, MAX_PLAYERS)
    pairs = checks.whole_number("pairs", pairs, 2, MAX_PAIRS)
    paper = checks.choice("paper", paper, PAPER_SIZES)
    workbook, register = layout.new_workbook(REGISTER_SHEET)
    book = HandicapBook(workbook, players, pairs)
    write_register(register, book, paper)
    write_constants(book.workbook.create_sheet(CONSTANTS_SHEET), paper)
    write_tournament(book.workbook.create_sheet(TOURNAMENT_SHEET), book, paper)
    write_ranking(book.workbook.create_sheet(RANKING_SHEET), book, paper)
    define_names(book)
    return book
