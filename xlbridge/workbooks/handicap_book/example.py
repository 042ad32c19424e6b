"""Typing players and pairs into the handicap workbook, and the example it is filled with."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import InputError
from xlbridge.workbooks.handicap_book.book import REGISTER_SHEET, TOURNAMENT_SHEET, HandicapBook
from xlbridge.workbooks.handicap_book.register import fit_register_print_area
from xlbridge.workbooks.kit.values import enter_text

# --------------------------------------------------------------------------------------------
# The example


class RegisterEntry(NamedTuple):
    """What a Register row holds: id, name, master points, current handicap (None: blank)."""

    id: int
    name: str
    masterpoints: float | None
    handicap: float | None


class PairEntry(NamedTuple):
    """What a Tournament row holds: the players' ids, achieved % and N_G (None: blank)."""

    player_1: int | None
    player_2: int | None
    achieved: float | None = None
    played: int | None = None


EXAMPLE_BOARDS = 24
EXAMPLE_PLAYERS = (
    RegisterEntry(101, "Anna Berg", 850, 8.4),
    RegisterEntry(102, "Bo Ek", 400, 12.25),
    RegisterEntry(103, "Cecilia Dahl", 120, 24.1),
    RegisterEntry(104, "David Falk", 60, 30.0),
    RegisterEntry(105, "Eva Gran", 35, 36.8),
    RegisterEntry(106, "Fredrik Holm", 300, 15.5),
    RegisterEntry(107, "Greta Isaksson", 15, 44.0),
    RegisterEntry(108, "Hans Jansson", 5, 49.2),
    RegisterEntry(109, "Ingrid Karlsson", 200, 19.75),
    RegisterEntry(110, "Johan Lind", 50, None),  # a newcomer with master points: H₀ 34.67
    RegisterEntry(111, "Karin Moberg", None, None),  # a newcomer without: 52
    RegisterEntry(112, "Lars Nyström", 1000, 5.1),
)
#: Six pairs over 24 boards; the achieved % add up to 300 (a mean of 50).
EXAMPLE_PAIRS = (
    PairEntry(101, 112, 57.2),
    PairEntry(102, 106, 55.1),
    PairEntry(103, 109, 51.4),
    PairEntry(104, 105, 46.3),
    PairEntry(107, 108, 42.8),
    PairEntry(110, 111, 47.2, 22),  # arrived late: played 22 of the 24 boards
)


def enter_players(
    ws: Worksheet, book: HandicapBook, players: Iterable[RegisterEntry], first: int = 1
) -> None:
    """Type players into the Register sheet ``ws`` from its ``first`` row (names as text)."""
    for index, player in enumerate(players, start=first):
        if index > book.players:
            raise InputError(f"the Register has only {book.players} rows")
        ws[book.register_cell("id", index)] = player.id
        enter_text(ws[book.register_cell("name", index)], player.name)
        ws[book.register_cell("masterpoints", index)] = player.masterpoints
        ws[book.register_cell("current", index)] = player.handicap
        fit_register_print_area(ws, book, index)


def enter_pairs(
    ws: Worksheet, book: HandicapBook, pairs: Iterable[PairEntry], boards: int | None
) -> None:
    """Type N_B and pairs 1, 2, … into the Tournament sheet ``ws`` (or a copy of it)."""
    ws[book.boards] = boards
    for number, pair in enumerate(pairs, start=1):
        if number > book.pairs:
            raise InputError(f"the Tournament has only {book.pairs} rows")
        for key, value in zip(("id_1", "id_2", "achieved", "played"), pair, strict=True):
            ws[book.pair_cell(key, number)] = value


def fill_example(book: HandicapBook) -> None:
    """Type :data:`EXAMPLE_PLAYERS` and :data:`EXAMPLE_PAIRS` (24 boards) into ``book``."""
    enter_players(book.workbook[REGISTER_SHEET], book, EXAMPLE_PLAYERS)
    enter_pairs(book.workbook[TOURNAMENT_SHEET], book, EXAMPLE_PAIRS, EXAMPLE_BOARDS)
