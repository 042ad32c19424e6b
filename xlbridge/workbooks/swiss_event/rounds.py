"""The round sheets of a Swiss event: each round's draw, margins and VPs by formulas."""

from __future__ import annotations

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.kit import layout, styles, validation
from xlbridge.workbooks.kit.formulas import first_problem
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import orient
from xlbridge.workbooks.kit.refs import absolute, column_range, on
from xlbridge.workbooks.swiss_event.book import (
    BYE,
    FIRST_ROW,
    HEADING_ROW,
    MAX_IMPS,
    OK,
    ROUND,
    ROUND_KEYS,
    ROUND_NAME_WIDTH,
    ROUND_ROW_HEIGHT,
    SCALE_SHEET,
    TO_PLAY,
    SwissEventBook,
)
from xlbridge.workbooks.swiss_event.cells import event_title, write_row
from xlbridge.workbooks.swiss_event.entries import entries_range

# --------------------------------------------------------------------------------------------
# Rounds


def _round_columns(form: str) -> tuple[Column, ...]:
    noun = "team" if form == "teams" else "pair"
    names = "team name" if form == "teams" else "pair names"
    if form == "teams":
        home_input = ("IMP margin of the home team (+ won, − lost)", "0")
        away_shown = ("IMP margin of the away team", "0")
    else:
        home_input = ("Home pair's matchpoint %", "0.00")
        away_shown = ("Away pair's matchpoint %", "0.00")
    columns = (
        Column("table", "Table", 6),
        Column("home", f"Home {noun} number", 8, "0", True),
        Column("home_name", f"Home {names}", ROUND_NAME_WIDTH, "General"),
        Column("away", f"Away {noun} number", 8, "0", True),
        Column("away_name", f"Away {names}", ROUND_NAME_WIDTH, "General"),
        Column("home_margin", home_input[0], 11, home_input[1], True),
        Column("away_margin", away_shown[0], 11, away_shown[1]),
        Column("home_vps", "Home VPs", 6, "General"),
        Column("away_vps", "Away VPs", 6, "General"),
        Column("check", "Check", 16, "General"),
    )
    assert tuple(c.key for c in columns) == ROUND_KEYS
    return columns


def write_round(ws: Worksheet, book: SwissEventBook, number: int, paper: str) -> None:
    columns = _round_columns(book.form)
    unit = "IMP margin" if book.form == "teams" else "matchpoint %"
    layout.start_sheet(
        ws,
        f"Round {number} · {event_title(book.form)} · type the draw (a bye: home only) and "
        f"the home {book.noun}'s {unit}",
        columns,
        heading_row=HEADING_ROW,
        repeat_title=True,
    )
    for table in range(1, book.tables + 1):
        write_row(ws, book.table_row(table), columns, _table_formulas(book, number, table))
    last = book.table_row(book.tables)
    layout.row_heights(ws, FIRST_ROW, last, ROUND_ROW_HEIGHT)
    for key in ("home_name", "away_name", "check"):
        for (cell,) in ws[f"{ROUND[key]}{FIRST_ROW}:{ROUND[key]}{last}"]:
            cell.alignment = styles.WRAP_LEFT

    def column(key: str) -> str:
        return column_range(ROUND[key], FIRST_ROW, last)

    validation.whole(ws, [column("home"), column("away")], 1, book.teams, "Entry number")
    margin = column("home_margin")
    if book.form == "teams":
        validation.whole(ws, [margin], -MAX_IMPS, MAX_IMPS, "IMP margin of the home team")
    else:
        first = f"{ROUND['home_margin']}{FIRST_ROW}"
        validation.rule(
            ws,
            [margin],
            "custom",
            None,
            (f"AND(ISNUMBER({first}),{first}>=0,{first}<=100,ROUND({first},2)={first})",),
            "Home pair's matchpoint %",
            "The home pair's matchpoint % must be a number from 0 to 100 with at most 2 "
            "decimals (the away pair gets 100 minus it).",
        )
    styles.shade_problems(ws, ROUND["check"], FIRST_ROW, last, ("", OK, BYE, TO_PLAY))
    layout.finish(ws, paper, last, len(columns), freeze=f"A{FIRST_ROW}")
    orient(ws, len(columns))  # two 40-character names side by side: landscape


def _table_formulas(book: SwissEventBook, number: int, table: int) -> dict[str, object]:
    """Names, the away margin, VPs and the Check of one table of round ``number``."""
    row = book.table_row(table)
    home, away, margin, away_margin, check = (
        f"{ROUND[key]}{row}" for key in ("home", "away", "home_margin", "away_margin", "check")
    )
    last = book.table_row(book.tables)
    homes = absolute(ROUND["home"], FIRST_ROW, last)
    aways = absolute(ROUND["away"], FIRST_ROW, last)
    names = entries_range(book, "name")
    n = book.teams
    noun = f'"{book.noun} "'

    def name(ref: str) -> str:
        return f'IF(AND(ISNUMBER({ref}),{ref}>=1,{ref}<={n}),INDEX({names},{ref})&"","")'

    def out_of_range(ref: str) -> str:
        return f"OR({ref}<1,{ref}>{n},{ref}<>INT({ref}))"

    def twice(ref: str) -> str:
        return f"COUNTIF({homes},{ref})+COUNTIF({aways},{ref})>1"

    problems = [
        (f"COUNT({home},{away},{margin})=0", '""'),
        (f"NOT(ISNUMBER({home}))", f'"type the home {book.noun}"'),
        (out_of_range(home), f'"no "&{noun}&{home}'),
        (f"IF(ISNUMBER({away}),{out_of_range(away)},FALSE)", f'"no "&{noun}&{away}'),
        (f"{home}={away}", f'{noun}&{home}&" cannot play itself"'),
        (twice(home), f'{noun}&{home}&" is drawn twice"'),
        (f"AND(ISNUMBER({away}),{twice(away)})", f'{noun}&{away}&" is drawn twice"'),
    ]
    if book.late_entry:
        enters = entries_range(book, "enters")

        def starts(ref: str) -> str:
            return f"INDEX({enters},MAX(1,{ref}))"

        problems += [
            (f"{starts(home)}>{number}", f'{noun}&{home}&" enters at round "&{starts(home)}'),
            (
                f"AND(ISNUMBER({away}),{starts(away)}>{number})",
                f'{noun}&{away}&" enters at round "&{starts(away)}',
            ),
        ]
    problems += [
        (f"AND(NOT(ISNUMBER({away})),ISNUMBER({margin}))", '"a bye takes no margin"'),
        (f"NOT(ISNUMBER({away}))", f'"{BYE}"'),
        (f"NOT(ISNUMBER({margin}))", f'"{TO_PLAY}"'),
    ]
    mirrored = f"-{margin}" if book.form == "teams" else f"100-{margin}"
    card = book.card
    return {
        "table": table,
        "home_name": "=" + name(home),
        "away_name": f'=IF(AND(ISNUMBER({home}),NOT(ISNUMBER({away}))),"{BYE}",{name(away)})',
        "away_margin": f'=IF({check}="{OK}",{mirrored},"")',
        "home_vps": f'=IF({check}="{BYE}",{on(SCALE_SHEET, book.bye_vps)},'
        f'IF({check}="{OK}",{card.vp_formula(margin, SCALE_SHEET)},""))',
        "away_vps": "=" + card.vp_formula(away_margin, SCALE_SHEET),
        "check": "=" + first_problem(problems, f'"{OK}"'),
    }
