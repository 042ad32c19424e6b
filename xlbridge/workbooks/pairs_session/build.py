"""Builds the pairs-session workbook (see :mod:`xlbridge.workbooks.pairs_session`)."""

from __future__ import annotations

from xlbridge.errors import InputError
from xlbridge.scoring import checks
from xlbridge.scoring.movement.build import Movement
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
    *,
    pairs: int | None = None,
    boards: int | None = None,
    movement: str | None = None,
    paper: str = "a4",
    plan: Movement | None = None,
) -> PairsSessionBook:
    """A matchpointed pairs session for up to ``pairs`` pairs (default 20) and ``boards``
    boards (default 24).

    ``movement`` mitchell (the default; two winners: NS and EW ranked apart, each direction's
    pairs numbered from 1 to the number of tables, ``pairs`` ÷ 2 rounded up) or howell (one
    winner, pairs numbered 1 to ``pairs``); ``paper`` a4 or letter. With a ``plan`` (a
    checked movement) the Traveller lists every line it produces, board, round, table and
    pairs filled in, and the pairs, boards and ranking follow from it (``pairs``, ``boards``
    and ``movement``, when given, must agree).
    """
    first_board = 1
    if plan is not None:
        pairs, boards, movement = _sizes_of(plan, pairs, boards, movement)
        first_board = plan.board_numbers[0]
    pairs = checks.whole_number("pairs", 20 if pairs is None else pairs, MIN_PAIRS, MAX_PAIRS)
    boards = checks.whole_number("boards", 24 if boards is None else boards, 1, MAX_BOARDS)
    movement = checks.choice("movement", movement or "mitchell", MOVEMENTS)
    paper = checks.choice("paper", paper, PAPER_SIZES)
    workbook, traveller = layout.new_workbook(TRAVELLER_SHEET)
    book = PairsSessionBook(workbook, pairs, boards, movement, plan, first_board)
    write_traveller(traveller, book, paper)
    write_boards(workbook.create_sheet(BOARDS_SHEET), book, paper)
    write_pairs(workbook.create_sheet(PAIRS_SHEET), book, paper)
    write_ranking(workbook.create_sheet(RANKING_SHEET), book, paper)
    workbook.active = workbook.worksheets.index(traveller)
    for sheet in workbook.worksheets:
        use_font(sheet)
    return book


def _sizes_of(
    plan: Movement, pairs: int | None, boards: int | None, movement: str | None
) -> tuple[int, int, str]:
    """(pairs, boards, movement) of a workbook for ``plan``; refuses given ones that differ.
    The boards are the rows of the Boards sheet: from the movement's lowest board to its
    highest (21 for boards 41 to 61; a board within them that is not played stays empty)."""
    kind = "mitchell" if plan.is_mitchell else "howell"
    highest = max(pair.number for pair in plan.pairs)
    size = 2 * highest - (len(plan.pairs) % 2) if plan.is_mitchell else highest
    for name, given, derived in (
        ("boards", boards, plan.boards),
        ("pairs", pairs, size),
        ("movement", movement, kind),
    ):
        if given is not None and given != derived:
            raise InputError(
                f"--{name} {_shown(given)} disagrees with the movement "
                f"({plan.name}: {name} {derived}); leave out --{name}"
            )
    first, last = plan.board_numbers[0], plan.board_numbers[-1]
    if last - first + 1 > MAX_BOARDS:
        raise InputError(
            f"{plan.name}: the movement's boards run from {first} to {last}; the workbook "
            f"holds {MAX_BOARDS} boards (fewer boards a round, or fewer rounds)"
        )
    return size, last - first + 1, kind


def _shown(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)
