"""The handicap workbook: a Project 52 register and a club pairs handicap tournament.

A club keeps its players' handicaps (Project 52) and scores a pairs handicap tournament by
topscore (matchpoint %) with live formulas that restate :mod:`xlbridge.scoring.handicap`; the
LibreOffice tests hold every value equal to the core's.

Every sheet has a title in row 1 and is protected without a password: inputs are unlocked
and tinted, formulas and constants locked (a user may unprotect a sheet to change them).

- **Register** — headings in row 2 (frozen), one player per row from row 3 (``players``
  rows): player id (input, a whole number), name (text input), master points M (input),
  current handicap (input, blank for a newcomer), start handicap H₀ = cap/(1 + C·M) (blank
  without master points), handicap in use (the current handicap if given, else H₀ if M is
  given, else the cap: a newcomer without master points starts at 52) and Check: "" for an
  empty row, "ok", or what is wrong (id missing or used twice, M or handicap not a number).
  A row whose Check is not "ok" has no handicap in use.
- **Constants** — the Project 52 constants, from :data:`xlbridge.scoring.handicap.SPEC`, one per
  row (label, value, name), each value a workbook name (``HC_CAP`` …) that the formulas
  read. The Register's columns are workbook names too (``REGISTER_IDS`` …).
- **Tournament** — row 2: boards in the competition N_B (input, D2) and the method (fixed:
  topscore, pairs, no datum); row 3: pairs entered N, field mean h̄, C_u = N/(N − 1), rows
  to check and a message; row 4 a note; row 5 headings (frozen with everything above); from
  row 6 one row per pair (``pairs`` rows): pair number (fixed), player ids (inputs), their
  names and handicaps in use (INDEX/MATCH on the Register), the pair handicap (their mean),
  the expected % = 50 + C_u·(h̄ − h_pair)/(C_k·C_b), boards played N_G (input, blank = N_B),
  achieved % (input), handicap result % = achieved − (expected − 50), its rank, Δh (the same
  for both players) = (N_G/480)·N_B/(N_B + S)·C_u·C_k·C_b·(expected − achieved), each
  player's new handicap min(cap, h + Δh), and Check.
- Hidden working columns S:X of the Tournament: each player's Register row (MATCH, 0 when
  not found), the row's pair problem, whether the pair is in the field, its result problem
  and whether its result counts.

Rules: the field is the rows whose pair is good (both ids given, different, in the Register
once with an "ok" row, neither playing in another pair); a bad row shows why in Check and no
numbers. The expected % shows as soon as 2 pairs are in the field (a club can charge it
before play); a row without an achieved % (or with a bad one, or N_G outside 1..N_B) shows
the expected % but no result, rank, Δh or new handicap. Ranks are 1 + the number of results
higher by more than 1E-9, so equal results rank equal despite float noise.

Only the Excel 2010 function set is used (IF, AND, OR, NOT, ISNUMBER, COUNT, COUNTA,
COUNTIF, SUM, SUMPRODUCT, INDEX, MATCH, IFERROR, INT, MIN).

:func:`fill_example` types :data:`EXAMPLE_PLAYERS` and :data:`EXAMPLE_PAIRS` (12 players,
two of them newcomers; 6 pairs over 24 boards, one playing 22) into a built workbook, through
:func:`enter_players` and :func:`enter_pairs`, which type any :class:`RegisterEntry` and
:class:`PairEntry` rows (names always as text).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from openpyxl import Workbook
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import InputError
from xlbridge.scoring import checks
from xlbridge.scoring.handicap import AVERAGE_PERCENT, SPEC
from xlbridge.workbooks.kit import layout, ranking, refs, styles, validation
from xlbridge.workbooks.kit.formulas import count_above, first_problem
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import PAPER_SIZES, ROW_HEIGHT, ROWS_PER_PAGE, orient
from xlbridge.workbooks.traveller import enter_text

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
    Column("current", "Current handicap (blank: newcomer)", 12, "0.00", True),
    Column("start", "Start handicap (from master points)", 12, "0.00"),
    Column("in_use", "Handicap in use", 9, "0.00"),
    Column("check", "Check", 26, "General"),
)
TOURNAMENT_COLUMNS = (
    Column("pair", "Pair", 5, "0"),
    Column("id_1", "Player 1 id", 7, "0", True),
    Column("name_1", "Player 1", PLAYER_NAME_WIDTH, "General"),
    Column("handicap_1", "Handicap 1", 8, "0.00"),
    Column("id_2", "Player 2 id", 7, "0", True),
    Column("name_2", "Player 2", PLAYER_NAME_WIDTH, "General"),
    Column("handicap_2", "Handicap 2", 8, "0.00"),
    Column("pair_handicap", "Pair handicap", 10.5, "0.00"),  # under "Field factor"
    Column("expected", "Expected %", 8, "0.00"),
    Column("played", "Boards played (blank: all)", 8, "0", True),
    Column("achieved", "Achieved %", 8, "0.00", True),
    Column("result", "Handicap result %", 8, "0.00"),
    Column("rank", "Place", 5, "0"),
    Column("change", "Handicap change (each player)", 8, "+0.00;-0.00;0.00"),
    Column("new_1", "New handicap 1", 8, "0.00"),
    Column("new_2", "New handicap 2", 8, "0.00"),
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


def build_handicap_book(*, players: int = 60, pairs: int = 16, paper: str = "a4") -> HandicapBook:
    """A handicap register of ``players`` rows and a pairs tournament of ``pairs`` rows.

    ``paper`` is a4 or letter. The workbook is empty: :func:`fill_example` types an example.
    """
    players = checks.whole_number("players", players, 2, MAX_PLAYERS)
    pairs = checks.whole_number("pairs", pairs, 2, MAX_PAIRS)
    paper = checks.choice("paper", paper, PAPER_SIZES)
    workbook, register = layout.new_workbook(REGISTER_SHEET)
    book = HandicapBook(workbook, players, pairs)
    _write_register(register, book, paper)
    _write_constants(book.workbook.create_sheet(CONSTANTS_SHEET), paper)
    _write_tournament(book.workbook.create_sheet(TOURNAMENT_SHEET), book, paper)
    _write_ranking(book.workbook.create_sheet(RANKING_SHEET), book, paper)
    _define_names(book)
    return book


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


# --------------------------------------------------------------------------------------------
# References and formula pieces


def _not_whole(ref: str, low: str, high: str | None = None) -> str:
    """True unless ``ref`` holds a whole number from ``low`` (to ``high``)."""
    bounds = [f"{ref}<{low}", f"{ref}<>INT({ref})"] + ([f"{ref}>{high}"] if high else [])
    return f"IF(ISNUMBER({ref}),OR({','.join(bounds)}),TRUE)"


def _c(field: str) -> str:
    """The workbook name of a constant."""
    return NAME_OF[field]


# --------------------------------------------------------------------------------------------
# Sheets in general


def _write_row(
    ws: Worksheet,
    row: int,
    columns: tuple[Column, ...],
    values: Mapping[str, object],
    first: int = 1,
) -> None:
    """One record from column ``first``, text columns left-aligned."""
    layout.write_row(ws, row, columns, values, first=first, left=layout.text_columns)


def _validate(
    ws: Worksheet, cells: list[str], kind: str, operator: str, bounds: tuple[str, ...], error: str
) -> None:
    """A data validation rule of type ``kind`` (whole, decimal, textLength) on ``cells``."""
    validation.rule(ws, cells, kind, operator, bounds, "Not allowed", error)


# --------------------------------------------------------------------------------------------
# Register


def _write_register(ws: Worksheet, book: HandicapBook, paper: str) -> None:
    layout.start_sheet(ws, "Handicap register (Project 52)", REGISTER_COLUMNS)
    for player in range(1, book.players + 1):
        _write_row(ws, book.player_row(player), REGISTER_COLUMNS, _register_formulas(book, player))
    last = book.player_row(book.players)

    def column(key: str) -> list[str]:
        return [refs.column_range(REGISTER[key], FIRST_ROW, last)]

    validation.whole(ws, column("id"), 1, MAX_ID, "Player id")
    name_error = f"Names must be at most {NAME_LENGTH} characters."
    validation.text_length(ws, column("name"), NAME_LENGTH, "Not allowed", name_error)
    _validate(
        ws,
        column("masterpoints"),
        "decimal",
        "greaterThanOrEqual",
        ("0",),
        "Master points must be a number of at least 0.",
    )
    cap = f"{SPEC.cap:g}"
    _validate(
        ws,
        column("current"),
        "decimal",
        "between",
        (str(LOWEST_HANDICAP), cap),
        f"A handicap must be a number from {LOWEST_HANDICAP} to {cap}.",
    )
    styles.shade_problems(ws, REGISTER["check"], FIRST_ROW, last, ("", OK))
    layout.finish(ws, paper, last, len(REGISTER_COLUMNS), freeze=f"A{FIRST_ROW}")
    fit_register_print_area(ws, book, 0)


def fit_register_print_area(ws: Worksheet, book: HandicapBook, players: int) -> None:
    """Print the Register's first ``players`` rows, and at least a page of rows (blank ones
    to write newcomers on), never all of a large empty register.

    A print area that follows the rows in use as they are typed would need a formula in the
    print area's name, which LibreOffice ignores; so the area is sized when the workbook is
    written (:func:`enter_players` calls this) and a user who types more players than it
    holds sets a new one (Page Layout, Print Area). Check is for the screen: the printed list
    stops at the handicap in use, so that it fits a portrait page at full size."""
    rows = min(book.players, max(players, REGISTER_PAGE_ROWS))
    ws.print_area = f"A1:{REGISTER['in_use']}{book.player_row(rows)}"


def _register_formulas(book: HandicapBook, player: int) -> dict[str, object]:
    """Start handicap, handicap in use and Check of one Register row."""
    row = book.player_row(player)
    player_id, masterpoints, current, start, check = (
        f"{REGISTER[key]}{row}" for key in ("id", "masterpoints", "current", "start", "check")
    )
    inputs = f"{player_id}:{current}"
    problems = [
        (f"COUNTA({inputs})=0", '""'),
        (f'{player_id}=""', '"player id missing"'),
        (f"NOT(ISNUMBER({player_id}))", '"player id must be a number"'),
        (f"COUNTIF({REGISTER_NAMES['id']},{player_id})>1", f'"id "&{player_id}&" is used twice"'),
        (
            f'AND({masterpoints}<>"",NOT(AND(ISNUMBER({masterpoints}),{masterpoints}>=0)))',
            '"master points must be a number of at least 0"',
        ),
        (
            f'AND({current}<>"",NOT(ISNUMBER({current})))',
            '"current handicap must be a number"',
        ),
    ]
    valid_points = f"AND(ISNUMBER({masterpoints}),{masterpoints}>=0)"
    return {
        "start": f'=IF({valid_points},{_c("cap")}/(1+{_c("start_c")}*{masterpoints}),"")',
        "in_use": f'=IF({check}<>"{OK}","",IF(ISNUMBER({current}),{current},'
        f"IF(ISNUMBER({start}),{start},{_c('cap')})))",
        "check": f"={first_problem(problems, QUOTED_OK)}",
    }


# --------------------------------------------------------------------------------------------
# Constants


def _write_constants(ws: Worksheet, paper: str) -> None:
    layout.start_sheet(ws, "Project 52 constants (Swedish Bridge Federation)", CONSTANT_COLUMNS)
    for i, constant in enumerate(CONSTANT_ROWS):
        values = {
            "what": constant.what,
            "value": getattr(SPEC, constant.field),
            "name": constant.name,
        }
        _write_row(ws, FIRST_ROW + i, CONSTANT_COLUMNS, values)
    note_row = FIRST_ROW + len(CONSTANT_ROWS) + 1
    note = refs.span(note_row, 1, len(CONSTANT_COLUMNS))
    layout.merged_text(ws, note, CONSTANTS_NOTE, height=2 * ROW_HEIGHT)
    layout.finish(ws, paper, note_row, len(CONSTANT_COLUMNS), freeze=f"A{FIRST_ROW}")


def _define_names(book: HandicapBook) -> None:
    """Workbook names of the constants and of the Register's columns."""
    last = book.player_row(book.players)
    names = {
        constant.name: (CONSTANTS_SHEET, refs.fixed(book.constants[constant.field]))
        for constant in CONSTANT_ROWS
    }
    names |= {
        name: (REGISTER_SHEET, refs.absolute(REGISTER[key], FIRST_ROW, last))
        for key, name in REGISTER_NAMES.items()
    }
    for name, (sheet, ref) in names.items():
        book.workbook.defined_names[name] = DefinedName(name, attr_text=refs.on(sheet, ref))


# --------------------------------------------------------------------------------------------
# Tournament


def _write_tournament(ws: Worksheet, book: HandicapBook, paper: str) -> None:
    last_column = len(TOURNAMENT_COLUMNS)
    layout.start_sheet(
        ws,
        "Pairs handicap tournament (Project 52, topscore)",
        TOURNAMENT_COLUMNS,
        heading_row=PAIR_HEADING_ROW,
    )
    layout.headings(ws, PAIR_HEADING_ROW, WORKING_COLUMNS, first=last_column + 2)
    first, last = book.pair_row(1), book.pair_row(book.pairs)
    _write_tournament_header(ws, first, last)
    for pair in range(1, book.pairs + 1):
        row = book.pair_row(pair)
        values = _pair_formulas(row, first, last)
        _write_row(ws, row, TOURNAMENT_COLUMNS, {"pair": pair, **values})
        _write_row(ws, row, WORKING_COLUMNS, values, last_column + 2)
        for column in WORKING_COLUMNS:
            cell = ws[f"{TOURNAMENT[column.key]}{row}"]
            cell.font, cell.fill = styles.GREY_FONT, styles.WORKING_FILL
    _validate_pair_inputs(ws, first, last)
    styles.shade_problems(ws, TOURNAMENT["check"], first, last, ("", OK))
    first_working, last_working = TOURNAMENT["row_1"], TOURNAMENT["counts"]
    ws.column_dimensions.group(first_working, last_working, hidden=True, outline_level=1)
    # Check is for the screen: the printed sheet stops at the new handicaps, so that it fits
    # a landscape page at full size.
    printed = last_column - 1
    layout.finish(ws, paper, last, printed, freeze=f"B{first}")
    orient(ws, printed)
    ws.page_margins.left = ws.page_margins.right = TOURNAMENT_SIDE_MARGIN


def _put(ws: Worksheet, ref: str, value: object, number_format: str) -> None:
    layout.put(ws[ref], value, number_format)


def _write_tournament_header(ws: Worksheet, first: int, last: int) -> None:
    """N_B (input), the method, N, h̄, C_u, rows to check, a message and the note."""
    for label_first, label_last, text in HEADER_LABELS.values():
        layout.label(ws, label_first, label_last, text)
    pair_handicaps = refs.absolute(TOURNAMENT["pair_handicap"], first, last)
    checks = refs.absolute(TOURNAMENT["check"], first, last)
    entered = refs.fixed(ENTERED)
    _put(ws, BOARDS, None, "0")
    styles.mark_input(ws, BOARDS)
    validation.whole(ws, [BOARDS], 1, MAX_BOARDS, "Boards in the event")
    _put(ws, ENTERED, f"=COUNT({pair_handicaps})", "0")
    _put(ws, FIELD_MEAN, f'=IF({entered}>0,SUM({pair_handicaps})/{entered},"")', "0.00")
    _put(ws, C_U, f'=IF({entered}>=2,{entered}/({entered}-1),"")', "0.0000")
    _put(ws, TO_CHECK, f'=SUMPRODUCT(({checks}<>"")*({checks}<>"{OK}"))', "0")
    last_letter = TOURNAMENT["new_2"]  # the last printed column
    layout.merged_text(ws, f"{METHOD_NOTE}:{last_letter}{SETTINGS_ROW}", METHOD)
    message = (
        f'=IF({refs.fixed(TO_CHECK)}>0,"Some rows do not count: see Check",'
        f'IF({entered}=1,"Only one pair is in: the expected % needs at least 2",""))'
    )
    layout.merged_text(
        ws, f"{MESSAGE}:{last_letter}{TOTALS_ROW}", message, font=styles.MESSAGE_FONT
    )
    note = f"A{NOTE_ROW}:{last_letter}{NOTE_ROW}"
    layout.merged_text(ws, note, NOTE, height=3 * ROW_HEIGHT)


def _pair_problem(row: int, first: int, last: int) -> str:
    """The first thing wrong with a row's pair ("" when good or when nothing is typed)."""
    cell = {key: f"{TOURNAMENT[key]}{row}" for key in TOURNAMENT}
    inputs = f"{cell['id_1']},{cell['id_2']},{cell['played']}:{cell['achieved']}"
    checks = [
        (f"COUNTA({inputs})=0", '""'),
        (f'{cell["id_1"]}=""', '"player 1 id missing"'),
        (f'{cell["id_2"]}=""', '"player 2 id missing"'),
        (f"{cell['id_1']}={cell['id_2']}", '"the same player twice"'),
    ]
    for number in (1, 2):
        player_id, register_row = cell[f"id_{number}"], cell[f"row_{number}"]
        checks += [
            (f"{register_row}=0", f'"player {number} id "&{player_id}&" is not in the Register"'),
            (
                f'INDEX({REGISTER_NAMES["check"]},{register_row})<>"{OK}"',
                f'"player "&{player_id}&": see the Register\'s Check"',
            ),
        ]
    for number in (1, 2):
        player_id = cell[f"id_{number}"]
        appearances = "+".join(
            f"COUNTIF({refs.absolute(TOURNAMENT[key], first, last)},{player_id})"
            for key in ("id_1", "id_2")
        )
        checks.append((f"{appearances}>1", f'"player "&{player_id}&" plays in another pair too"'))
    return f"={first_problem(checks, BLANK)}"


def _result_problem(row: int) -> str:
    """What stops a good pair's typed result from counting ("" when nothing does)."""
    achieved, played, in_field = (
        f"{TOURNAMENT[key]}{row}" for key in ("achieved", "played", "in_field")
    )
    boards = refs.fixed(BOARDS)
    checks = [
        (f'OR({in_field}<>1,{achieved}="")', '""'),
        (f"NOT(ISNUMBER({achieved}))", '"achieved % must be a number"'),
        (f"OR({achieved}<0,{achieved}>100)", '"achieved % must be from 0 to 100"'),
        (_not_whole(boards, "1"), f'"type the boards in the event ({BOARDS})"'),
        (
            f'IF({played}="",FALSE,{_not_whole(played, "1", boards)})',
            '"boards played must be a whole number from 1 to the boards in the event"',
        ),
        (f"{refs.fixed(ENTERED)}<2", '"the field needs at least 2 pairs"'),
    ]
    return f"={first_problem(checks, BLANK)}"


def _pair_formulas(row: int, first: int, last: int) -> dict[str, str]:
    """Every formula of one Tournament row, visible and working, by column key."""
    cell = {key: f"{TOURNAMENT[key]}{row}" for key in TOURNAMENT}
    in_field, counts = cell["in_field"], cell["counts"]
    boards = refs.fixed(BOARDS)
    c_k_c_b = f"{_c('c_k_pairs')}*{_c('c_b_topscore')}"
    played = f"IF(ISNUMBER({cell['played']}),{cell['played']},{boards})"
    weight = f"({played}/{_c('impact')})*{boards}/({boards}+{_c('s_topscore')})"
    expected_above, achieved_above = (
        f"({cell['expected']}-{AVERAGE})",
        f"({cell['achieved']}-{AVERAGE})",
    )
    results = refs.absolute(TOURNAMENT["result"], first, last)
    higher = count_above(cell["result"], results)

    def if_in_field(expression: str) -> str:
        return f'=IF({in_field}=1,{expression},"")'

    def if_counts(expression: str) -> str:
        return f'=IF({counts}=1,{expression},"")'

    formulas = {
        "expected": f"=IF(AND({in_field}=1,{refs.fixed(ENTERED)}>=2),"
        f'{AVERAGE}+{refs.fixed(C_U)}*({refs.fixed(FIELD_MEAN)}-{cell["pair_handicap"]})/({c_k_c_b}),"")',
        "pair_handicap": if_in_field(f"({cell['handicap_1']}+{cell['handicap_2']})/2"),
        "result": if_counts(f"{cell['achieved']}-{expected_above}"),
        "rank": if_counts(f"1+{higher}"),
        "change": if_counts(
            f"{weight}*{refs.fixed(C_U)}*{c_k_c_b}*({expected_above}-{achieved_above})"
        ),
        "check": f'=IF({cell["pair_problem"]}<>"",{cell["pair_problem"]},'
        f'IF({cell["result_problem"]}<>"",{cell["result_problem"]},'
        f'IF({in_field}=1,"{OK}","")))',
        "pair_problem": _pair_problem(row, first, last),
        "in_field": f"=IF(AND(COUNT({cell['id_1']},{cell['id_2']})=2,"
        f'{cell["pair_problem"]}=""),1,0)',
        "result_problem": _result_problem(row),
        "counts": f"=IF(AND({in_field}=1,ISNUMBER({cell['achieved']}),"
        f'{cell["result_problem"]}=""),1,0)',
    }
    for number in (1, 2):
        formulas |= _player_formulas(cell, number)
    return formulas


def _player_formulas(cell: Mapping[str, str], number: int) -> dict[str, str]:
    """Player ``number``'s Register row, name, handicap in use and new handicap."""
    player_id, register_row = cell[f"id_{number}"], cell[f"row_{number}"]
    match = f"MATCH({player_id},{REGISTER_NAMES['id']},0)"
    name = f'INDEX({REGISTER_NAMES["name"]},{register_row})&""'
    handicap = f"INDEX({REGISTER_NAMES['in_use']},{register_row})"
    new = f"MIN({_c('cap')},{cell[f'handicap_{number}']}+{cell['change']})"
    return {
        f"row_{number}": f"=IF(ISNUMBER({player_id}),IFERROR({match},0),0)",
        f"name_{number}": f'=IF({register_row}>0,{name},"")',
        f"handicap_{number}": f'=IF({cell["in_field"]}=1,{handicap},"")',
        f"new_{number}": f'=IF({cell["counts"]}=1,{new},"")',
    }


def _validate_pair_inputs(ws: Worksheet, first: int, last: int) -> None:
    """Player ids, boards played (1..N_B) and achieved % (0..100)."""

    def column(key: str) -> str:
        return refs.column_range(TOURNAMENT[key], first, last)

    validation.whole(ws, [column("id_1"), column("id_2")], 1, MAX_ID, "Player id")
    _validate(
        ws,
        [column("played")],
        "whole",
        "between",
        ("1", refs.fixed(BOARDS)),
        "Boards played must be a whole number from 1 to the boards in the event.",
    )
    _validate(
        ws,
        [column("achieved")],
        "decimal",
        "between",
        ("0", "100"),
        "Achieved % must be a number from 0 to 100.",
    )


# --------------------------------------------------------------------------------------------
# Ranking


def _write_ranking(ws: Worksheet, book: HandicapBook, paper: str) -> None:
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
