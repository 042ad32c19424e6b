"""Where the handicap workbook's cells are: sheet names, columns, rows, the constants and
:class:`HandicapBook`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from openpyxl import Workbook

from xlbridge.scoring.handicap import AVERAGE_PERCENT
from xlbridge.workbooks.kit import layout, ranking
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import ROWS_PER_PAGE

REGISTER_SHEET = "Register"
CONSTANTS_SHEET = "Constants"
TOURNAMENT_SHEET = "Tournament"
RANKING_SHEET = ranking.SHEET

MAX_PLAYERS = 5000
MAX_PAIRS = 500
MAX_ID = 999_999
MAX_BOARDS = 999
NAME_LENGTH = 60
#: Register rows printed at least (one page on A4 or Letter with the headings).
REGISTER_PAGE_ROWS = min(ROWS_PER_PAGE.values()) - 6
#: Width of a name column: 40 characters of 9-point text.
NAME_WIDTH_CHARACTERS = ranking.NAME_WIDTH
#: Width of a tournament's player-name columns: with the other 13 columns a landscape page
#: holds at full size (names of up to about 22 characters print whole).
PLAYER_NAME_WIDTH = 18
#: Side margins of the tournament page (inches): narrower than the other sheets' to hold it.
TOURNAMENT_SIDE_MARGIN = 0.2
#: Lowest handicap a user may type (there is no floor, but a top player rarely goes below 0).
LOWEST_HANDICAP = -20
OK = "ok"
QUOTED_OK = f'"{OK}"'
BLANK = '""'
AVERAGE = f"{AVERAGE_PERCENT:g}"

#: Handicaps and their changes are shown to one decimal, as a club's list prints them; the
#: cells hold them in full.
HANDICAP_FORMAT = "0.0"
CHANGE_FORMAT = "+0.0;-0.0;0.0"

HEADING_ROW = 2  # Register and Constants
FIRST_ROW = 3  # Register and Constants

# Tournament rows and header cells.
SETTINGS_ROW, TOTALS_ROW, NOTE_ROW, PAIR_HEADING_ROW, FIRST_PAIR_ROW = 2, 3, 4, 5, 6
BOARDS, ENTERED, FIELD_MEAN, C_U, TO_CHECK, MESSAGE = "D2", "D3", "G3", "I3", "L3", "M3"
METHOD_NOTE = "E2"
#: (first and last cell of the label, text) of each Tournament header cell.
HEADER_LABELS = {
    BOARDS: ("A2", "C2", "Boards in the event"),
    ENTERED: ("A3", "C3", "Pairs entered"),
    FIELD_MEAN: ("E3", "F3", "Average pair handicap"),
    C_U: ("H3", "H3", "Field factor"),
    TO_CHECK: ("J3", "K3", "Rows to check"),
}
METHOD = (
    "Pairs scored by matchpoint %, no datum. Field factor = pairs / (pairs − 1). The other "
    "constants are on the Constants sheet."
)
NOTE = (
    "Type the boards in the event, then each pair's player ids (from the Register): the "
    "expected % shows once 2 pairs are in. After play type each pair's achieved % (and the "
    "boards it played if fewer). Handicap result % = achieved % − (expected % − 50). The "
    "handicap change applies to both players; copy each new handicap into the Register. For "
    "another tournament, copy this sheet (right-click its tab, Move or Copy, Create a copy)."
)
CONSTANTS_NOTE = (
    "Every formula reads these values. They are locked: unprotect the sheet (Review, "
    "Unprotect Sheet; no password) to change them."
)


REGISTER_COLUMNS = (
    Column("id", "Player id", 8, "0", True),
    Column("name", "Name", NAME_WIDTH_CHARACTERS, "@", True),
    Column("masterpoints", "Master points", 9, "General", True),
    Column("current", "Current handicap (blank: newcomer)", 12, HANDICAP_FORMAT, True),
    Column("start", "Start handicap (from master points)", 12, HANDICAP_FORMAT),
    Column("in_use", "Handicap in use", 9, HANDICAP_FORMAT),
    Column("check", "Check", 26, "General"),
)
TOURNAMENT_COLUMNS = (
    Column("pair", "Pair", 5, "0"),
    Column("id_1", "Player 1 id", 7, "0", True),
    Column("name_1", "Player 1", PLAYER_NAME_WIDTH, "General"),
    Column("handicap_1", "Handicap 1", 8, HANDICAP_FORMAT),
    Column("id_2", "Player 2 id", 7, "0", True),
    Column("name_2", "Player 2", PLAYER_NAME_WIDTH, "General"),
    Column("handicap_2", "Handicap 2", 8, HANDICAP_FORMAT),
    Column("pair_handicap", "Pair handicap", 10.5, HANDICAP_FORMAT),  # under "Field factor"
    Column("expected", "Expected %", 8, "0.00"),
    Column("played", "Boards played (blank: all)", 8, "0", True),
    Column("achieved", "Achieved %", 8, "0.00", True),
    Column("result", "Handicap result %", 8, "0.00"),
    Column("rank", "Place", 5, "0"),
    Column("change", "Handicap change (each player)", 8, CHANGE_FORMAT),
    Column("new_1", "New handicap 1", 8, HANDICAP_FORMAT),
    Column("new_2", "New handicap 2", 8, HANDICAP_FORMAT),
    Column("check", "Check", 28, "General"),
)
#: Hidden working columns of the Tournament, after a blank column.
WORKING_COLUMNS = (
    Column("row_1", "Register row 1", 8, "0"),
    Column("row_2", "Register row 2", 8, "0"),
    Column("pair_problem", "pair problem", 14, "General"),
    Column("in_field", "in field", 6, "0"),
    Column("result_problem", "result problem", 14, "General"),
    Column("counts", "result counts", 6, "0"),
)
CONSTANT_COLUMNS = (
    Column("what", "Constant", 60, "General"),
    Column("value", "Value", 9, "General"),
    Column("name", "Name in formulas", 16, "General"),
)


#: Column letters by key, for the builder and for tests: ``TOURNAMENT["achieved"]`` is "K".
REGISTER = layout.letters(REGISTER_COLUMNS)
TOURNAMENT = {
    **layout.letters(TOURNAMENT_COLUMNS),
    **layout.letters(WORKING_COLUMNS, len(TOURNAMENT_COLUMNS) + 2),
}
CONSTANTS = layout.letters(CONSTANT_COLUMNS)


class Constant(NamedTuple):
    """A row of the Constants sheet: the :class:`Constants` field, its workbook name, text."""

    field: str
    name: str
    what: str


CONSTANT_ROWS = (
    Constant(
        "impact", "HC_IMPACT", "Impact: boards after which an old result counts about a third"
    ),
    Constant("cap", "HC_CAP", "Highest handicap, a beginner's: no new handicap goes above it"),
    Constant(
        "start_c",
        "HC_START_C",
        "Start handicap factor: start = highest handicap / (1 + factor × master points)",
    ),
    Constant(
        "s_topscore",
        "HC_S_TOPSCORE",
        "Matchpoint events: boards factor (N boards count N/(N + this))",
    ),
    Constant("c_b_topscore", "HC_CB_TOPSCORE", "Matchpoint events: handicap units per % point"),
    Constant("s_imp", "HC_S_IMP", "IMP events: boards factor (not used here)"),
    Constant("c_b_imp", "HC_CB_IMP", "IMP events: handicap units per IMP a board (not used here)"),
    Constant("c_k_pairs", "HC_CK_PAIRS", "Pairs events: scale of a pair's result"),
)
NAME_OF = {constant.field: constant.name for constant in CONSTANT_ROWS}

REGISTER_NAMES = {
    "id": "REGISTER_IDS",
    "name": "REGISTER_NAMES",
    "in_use": "REGISTER_HANDICAPS",
    "check": "REGISTER_CHECKS",
}


@dataclass(frozen=True)
class HandicapBook:
    """The workbook and where its cells are (columns: ``REGISTER``, ``TOURNAMENT``).

    The header cells (``boards`` … ``message``) are on the Tournament sheet; ``constants``
    maps each :class:`~xlbridge.scoring.handicap.Constants` field shown to its cell on the
    Constants sheet.
    """

    workbook: Workbook
    players: int
    pairs: int
    boards: str = BOARDS
    entered: str = ENTERED
    field_mean: str = FIELD_MEAN
    c_u: str = C_U
    to_check: str = TO_CHECK
    message: str = MESSAGE

    @property
    def constants(self) -> dict[str, str]:
        """The Constants sheet's value cell of each constant, by field name."""
        return {
            c.field: f"{CONSTANTS['value']}{FIRST_ROW + i}" for i, c in enumerate(CONSTANT_ROWS)
        }

    def player_row(self, player: int) -> int:
        """Row of the ``player``-th Register row (from 1)."""
        return FIRST_ROW + player - 1

    def pair_row(self, pair: int) -> int:
        """Row of pair number ``pair`` on the Tournament sheet."""
        return FIRST_PAIR_ROW + pair - 1

    def register_cell(self, key: str, player: int) -> str:
        """A cell of the ``player``-th Register row, by column key."""
        return f"{REGISTER[key]}{self.player_row(player)}"

    def pair_cell(self, key: str, pair: int) -> str:
        """A cell of pair ``pair``'s Tournament row, by column key."""
        return f"{TOURNAMENT[key]}{self.pair_row(pair)}"
