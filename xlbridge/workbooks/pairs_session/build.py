"""Builds the pairs-session workbook (see :mod:`xlbridge.workbooks.pairs_session`)."""

from __future__ import annotations

from xlbridge.scoring import checks
from xlbridge.workbooks.kit import layout
from xlbridge.workbooks.kit.printing import PAPER_SIZES
from xlbridge.workbooks.pairs_session.book import (
    BOARDS_SHEET,
    MAX_BOARDS,
    MAX_PAIRS,
    MIN_PAIRS,
    MOVEMENTS,
    PAIRS_SHEET,
    RANKING_SHEET,
    TRAVELLER_SHEET,
    PairsSessionBook,
)
from xlbridge.workbooks.pairs_session.cells import use_font
from xlbridge.workbooks.pairs_session.totals import write_boards, write_pairs, write_ranking
from xlbridge.workbooks.pairs_session.traveller import write_traveller


def build_pairs_session(
    *, pairs: int = 20, boards: int = 24, movement: str = "mitchell", paper: str = "a4"
) -> PairsSessionBook:
    """A matchpointed pairs session for up to ``pairs`` pairs and ``boards`` boards.

    ``movement`` mitchell (two winners: NS and EW ranked apart, each direction's pairs
    numbered from 1 to the number of tables, ``pairs`` ÷ 2 rounded up) or howell (one winner,
    pairs numbered 1 to ``pairs``); ``paper`` a4 or letter.
    """
    pairs = checks.whole_number("pairs", pairs, MIN_PAIRS, MAX_PAIRS)
    boards = checks.whole_number("boards", boards, 1, MAX_BOARDS)
    movement = checks.choice("movement", movement, MOVEMENTS)
    paper = checks.choice("paper", paper, PAPER_SIZES)
    workbook, traveller = layout.new_workbook(TRAVELLER_SHEET)
    book = PairsSessionBook(workbook, pairs, boards, movement)
    write_traveller(traveller, book, paper)
    write_boards(workbook.create_sheet(BOARDS_SHEET), book, paper)
    write_pairs(workbook.create_sheet(PAIRS_SHEET), book, paper)
    write_ranking(workbook.create_sheet(RANKING_SHEET), book, paper)
    workbook.active = workbook.worksheets.index(traveller)
    for sheet in workbook.worksheets:
        use_font(sheet)
    return book
