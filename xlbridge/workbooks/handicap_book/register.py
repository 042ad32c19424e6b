"""The Register and Constants sheets of the handicap workbook: the players and the
Project 52 constants, named for the formulas."""

from __future__ import annotations

from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring.handicap import SPEC
from xlbridge.workbooks.handicap_book.book import (
    CONSTANT_COLUMNS,
    CONSTANT_ROWS,
    CONSTANTS_NOTE,
    CONSTANTS_SHEET,
    FIRST_ROW,
    LOWEST_HANDICAP,
    MAX_ID,
    NAME_LENGTH,
    OK,
    QUOTED_OK,
    REGISTER,
    REGISTER_COLUMNS,
    REGISTER_NAMES,
    REGISTER_PAGE_ROWS,
    REGISTER_SHEET,
    HandicapBook,
)
from xlbridge.workbooks.handicap_book.cells import named, validate, write_row
from xlbridge.workbooks.kit import layout, refs, styles, validation
from xlbridge.workbooks.kit.formulas import first_problem
from xlbridge.workbooks.kit.printing import ROW_HEIGHT

# --------------------------------------------------------------------------------------------
# Register


def write_register(ws: Worksheet, book: HandicapBook, paper: str) -> None:
    layout.start_sheet(ws, "Handicap register (Project 52)", REGISTER_COLUMNS)
    for player in range(1, book.players + 1):
        write_row(ws, book.player_row(player), REGISTER_COLUMNS, _register_formulas(book, player))
    last = book.player_row(book.players)

    def column(key: str) -> list[str]:
        return [refs.column_range(REGISTER[key], FIRST_ROW, last)]

    validation.whole(ws, column("id"), 1, MAX_ID, "Player id")
    name_error = f"Names must be at most {NAME_LENGTH} characters."
    validation.text_length(ws, column("name"), NAME_LENGTH, "Not allowed", name_error)
    validate(
        ws,
        column("masterpoints"),
        "decimal",
        "greaterThanOrEqual",
        ("0",),
        "Master points must be a number of at least 0.",
    )
    cap = f"{SPEC.cap:g}"
    validate(
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
        "start": f'=IF({valid_points},{named("cap")}/(1+{named("start_c")}*{masterpoints}),"")',
        "in_use": f'=IF({check}<>"{OK}","",IF(ISNUMBER({current}),{current},'
        f"IF(ISNUMBER({start}),{start},{named('cap')})))",
        "check": f"={first_problem(problems, QUOTED_OK)}",
    }


# --------------------------------------------------------------------------------------------
# Constants


def write_constants(ws: Worksheet, paper: str) -> None:
    layout.start_sheet(ws, "Project 52 constants (Swedish Bridge Federation)", CONSTANT_COLUMNS)
    for i, constant in enumerate(CONSTANT_ROWS):
        values = {
            "what": constant.what,
            "value": getattr(SPEC, constant.field),
            "name": constant.name,
        }
        write_row(ws, FIRST_ROW + i, CONSTANT_COLUMNS, values)
    note_row = FIRST_ROW + len(CONSTANT_ROWS) + 1
    note = refs.span(note_row, 1, len(CONSTANT_COLUMNS))
    layout.merged_text(ws, note, CONSTANTS_NOTE, height=2 * ROW_HEIGHT)
    layout.finish(ws, paper, note_row, len(CONSTANT_COLUMNS), freeze=f"A{FIRST_ROW}")


def define_names(book: HandicapBook) -> None:
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
