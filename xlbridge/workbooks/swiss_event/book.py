"""Where a Swiss event workbook's cells are: sheet names, rows, columns, workbook names,
:class:`SwissEventBook`, and typing an entry or a table in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from xlbridge.errors import InputError
from xlbridge.scoring.names import MAX_BOARDS
from xlbridge.scoring.scales.gaussian import VPScale
from xlbridge.scoring.scales.wbf_discrete import DiscreteScale
from xlbridge.workbooks.kit import layout, ranking
from xlbridge.workbooks.kit.values import enter_text
from xlbridge.workbooks.scales.live_card import CardCells

FORMS = ("teams", "pairs")
ENTRIES_SHEET = "Entries"
STANDINGS_SHEET = "Standings"
RANKING_SHEET = ranking.SHEET
SCALE_SHEET = "Scale"

MAX_ENTRIES = 500
MAX_ROUNDS = 30
#: With late entry the first increment of the entry score, A − T + 3, must stay positive for
#: the default A = 17: T ≤ 19.
DEFAULT_ADD = 17
MAX_LATE_ENTRY_ROUNDS = DEFAULT_ADD + 2
DEFAULT_BYE_VPS = 12
NAME_LENGTH = 60
#: Largest IMP margin a director may type (24 IMPs a board over the longest match).
MAX_IMPS = 24 * MAX_BOARDS
#: The pairs tie-break of an entry whose only rounds are byes.
NEUTRAL_PERCENT = 50

OK, BYE, TO_PLAY = "ok", "bye", "to play"

TITLE_ROW = 1
# Entries
SESSIONS_CELL, ADD_CELL = "C2", "C3"
ENTRIES_NOTE_ROW = 4
ENTRIES_HEADING_ROW = 5
FIRST_ENTRY_ROW = 6
# Round sheets and Standings
HEADING_ROW = 2
FIRST_ROW = 3
#: Round sheets are printed for the tables to read and check. Round rows are two lines tall:
#: a name of 40 characters, or a Check message, wraps onto two lines of its column, so the
#: round fits a landscape page at full size (9-point text as printed), two names side by side.
ROUND_ROW_HEIGHT = layout.text_height(2)
ROUND_NAME_WIDTH = 26

#: The columns of a round sheet (the same for every round and both forms).
ROUND_KEYS = (
    "table",
    "home",
    "home_name",
    "away",
    "away_name",
    "home_margin",
    "away_margin",
    "home_vps",
    "away_vps",
    "check",
)
#: Column letters of a round sheet by key: ``ROUND["home_margin"]`` is "F".
ROUND = {key: get_column_letter(i) for i, key in enumerate(ROUND_KEYS, start=1)}
ROUND_INPUTS = frozenset({"home", "away", "home_margin"})


@dataclass(frozen=True)
class SwissEventBook:
    """The workbook and where its cells are.

    Column letters: :data:`ROUND` on every round sheet, ``entries_columns`` on Entries and
    ``standings_columns`` on Standings (keys ``entry``, ``name``, ``entry_vps`` with late
    entry, ``round1`` … ``roundT``, ``total``, ``played``, ``tiebreak``, ``rank`` and the
    working ``margin1`` … ``marginT``).
    """

    workbook: Workbook
    form: str
    teams: int
    rounds: int
    boards: int
    k: float | None  # None on the WBF discrete scale
    late_entry: bool
    scale: VPScale | DiscreteScale
    card: CardCells
    bye_vps: str
    entries_columns: Mapping[str, str]
    standings_columns: Mapping[str, str]

    @property
    def tables(self) -> int:
        """Tables a round sheet has: every entry can be drawn, one bye when odd."""
        return (self.teams + 1) // 2

    @property
    def noun(self) -> str:
        """ "team" or "pair"."""
        return "team" if self.form == "teams" else "pair"

    @property
    def sessions(self) -> str | None:
        """Entries cell holding T, the number of rounds (late entry only)."""
        return SESSIONS_CELL if self.late_entry else None

    @property
    def add(self) -> str | None:
        """Entries cell holding A, the "add" of the last round's entrants (late entry only)."""
        return ADD_CELL if self.late_entry else None

    def round_sheet(self, number: int) -> str:
        """Title of the sheet of round ``number``."""
        return f"Round {number}"

    def table_row(self, table: int) -> int:
        """Row of a table on a round sheet."""
        return FIRST_ROW + table - 1

    def entry_row(self, entry: int) -> int:
        """Row of an entry number on the Entries sheet."""
        return FIRST_ENTRY_ROW + entry - 1

    def standings_row(self, entry: int) -> int:
        """Row of an entry number on the Standings sheet."""
        return FIRST_ROW + entry - 1

    def entries_cell(self, key: str, entry: int) -> str:
        return f"{self.entries_columns[key]}{self.entry_row(entry)}"

    def round_cell(self, key: str, table: int) -> str:
        return f"{ROUND[key]}{self.table_row(table)}"

    def standings_cell(self, key: str, entry: int) -> str:
        return f"{self.standings_columns[key]}{self.standings_row(entry)}"


#: Workbook names that say what event a workbook holds, for ``xlbridge swiss draw``.
FORM_NAME, LATE_ENTRY_NAME = "SWISS_FORM", "SWISS_LATE_ENTRY"
SCALE_NAME, BOUNDS_NAME = "SWISS_SCALE", "SWISS_BOUNDS"


def enter_entry(book: SwissEventBook, entry: int, name: str, enters_at: int | None = None) -> None:
    """Type an entry's name (always as text) and, with late entry, the round it enters at."""
    ws = book.workbook[ENTRIES_SHEET]
    enter_text(ws[book.entries_cell("name", entry)], name)
    if enters_at is not None:
        if not book.late_entry:
            raise InputError("enters_at needs a workbook built with late entry")
        ws[book.entries_cell("enters", entry)] = enters_at


def enter_table(
    book: SwissEventBook,
    round_number: int,
    table: int,
    home: int | None,
    away: int | None,
    margin: float | None = None,
) -> None:
    """Type one table of a round: the draw (``away`` None for a bye) and the home margin."""
    ws = book.workbook[book.round_sheet(round_number)]
    for key, value in (("home", home), ("away", away), ("home_margin", margin)):
        ws[book.round_cell(key, table)] = value
