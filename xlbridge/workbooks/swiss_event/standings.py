"""The Standings and Ranking sheets of a Swiss event: running totals, places and the sorted
list."""

from __future__ import annotations

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.kit import layout, ranking, styles
from xlbridge.workbooks.kit.formulas import place
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import orient
from xlbridge.workbooks.kit.refs import absolute, on
from xlbridge.workbooks.swiss_event.book import (
    BYE,
    ENTRIES_SHEET,
    FIRST_ROW,
    HEADING_ROW,
    NEUTRAL_PERCENT,
    OK,
    ROUND,
    STANDINGS_SHEET,
    SwissEventBook,
)
from xlbridge.workbooks.swiss_event.cells import event_title, write_row
from xlbridge.workbooks.swiss_event.entries import entries_range

# --------------------------------------------------------------------------------------------
# Standings


def standings_sheet_columns(form: str, rounds: int, late: bool) -> tuple[Column, ...]:
    noun = "Team" if form == "teams" else "Pair"
    columns = [
        Column("entry", noun, 6),
        Column("name", "Team name" if form == "teams" else "Names", ranking.NAME_WIDTH, "General"),
    ]
    if late:
        columns.append(Column("entry_vps", "Entry VPs", 7, "General"))
    columns += [Column(f"round{r}", f"Round {r}", 6, "General") for r in range(1, rounds + 1)]
    tiebreak = (
        Column("tiebreak", "IMP margin", 8, "0")
        if form == "teams"
        else Column("tiebreak", "Average MP %", 8, "0.00")
    )
    columns += [
        Column("total", "Total VPs", 7, "General"),
        Column("played", "Rounds played", 7, "0"),
        tiebreak,
        Column("rank", "Place", 6, "0"),
    ]
    unit, fmt = ("IMPs", "0") if form == "teams" else ("MP %", "0.00")
    columns += [Column(f"margin{r}", f"{unit} round {r}", 7, fmt) for r in range(1, rounds + 1)]
    return tuple(columns)


def write_standings(
    ws: Worksheet, book: SwissEventBook, columns: tuple[Column, ...], paper: str
) -> None:
    letters = book.standings_columns
    shown = list(letters).index("rank") + 1
    tiebreak = "total IMP margin" if book.form == "teams" else "average MP % (byes left out)"
    layout.start_sheet(
        ws,
        f"{event_title(book.form)} · standings · ranked by total VPs, then {tiebreak}",
        columns,
        heading_row=HEADING_ROW,
        width=shown,
        repeat_title=True,
    )
    for entry in range(1, book.teams + 1):
        write_row(ws, book.standings_row(entry), columns, _standing_formulas(book, entry))
    last = book.standings_row(book.teams)
    for column in columns[shown:]:
        letter = letters[column.key]
        ws[f"{letter}{HEADING_ROW}"].font = styles.GREY_FONT
        for row in range(FIRST_ROW, last + 1):
            ws[f"{letter}{row}"].font = styles.GREY_FONT
            ws[f"{letter}{row}"].fill = styles.WORKING_FILL
    layout.finish(ws, paper, last, shown, freeze=f"C{FIRST_ROW}")
    orient(ws, shown)


def _standing_formulas(book: SwissEventBook, entry: int) -> dict[str, object]:
    """Round VPs, total, rounds played, tie-break and rank of one entry."""
    letters = book.standings_columns
    row, last = book.standings_row(entry), book.standings_row(book.teams)
    number = f"${letters['entry']}{row}"
    tables_last = book.table_row(book.tables)
    values: dict[str, object] = {
        "entry": entry,
        "name": f'=INDEX({entries_range(book, "name")},{number})&""',
    }
    for r in range(1, book.rounds + 1):
        sheet = book.round_sheet(r)

        def on_round(key: str, sheet: str = sheet) -> str:
            return on(sheet, absolute(ROUND[key], FIRST_ROW, tables_last))

        homes, aways, checks = on_round("home"), on_round("away"), on_round("check")
        scored = (
            f'COUNTIFS({homes},{number},{checks},"{OK}")'
            f'+COUNTIFS({homes},{number},{checks},"{BYE}")'
            f'+COUNTIFS({aways},{number},{checks},"{OK}")'
        )
        vps = (
            f"SUMIFS({on_round('home_vps')},{homes},{number})"
            f"+SUMIFS({on_round('away_vps')},{aways},{number})"
        )
        values[f"round{r}"] = f'=IF({scored}=0,"",{vps})'
        matches = (
            f'COUNTIFS({homes},{number},{checks},"{OK}")+COUNTIFS({aways},{number},{checks},"{OK}")'
        )
        margins = (
            f'SUMIFS({on_round("home_margin")},{homes},{number},{checks},"{OK}")'
            f"+SUMIFS({on_round('away_margin')},{aways},{number})"
        )
        values[f"margin{r}"] = f'=IF({matches}=0,"",{margins})'
    rounds = f"{letters['round1']}{row}:{letters[f'round{book.rounds}']}{row}"
    margins_row = f"{letters['margin1']}{row}:{letters[f'margin{book.rounds}']}{row}"
    total, played, tiebreak = (f"{letters[key]}{row}" for key in ("total", "played", "tiebreak"))
    entry_vps = f"{letters['entry_vps']}{row}+" if book.late_entry else ""
    none_yet = f"COUNT({rounds})=0"
    if book.late_entry:
        entry_cell = on(ENTRIES_SHEET, book.entries_cell("entry_vps", entry))
        values["entry_vps"] = f'=IF({none_yet},"",{entry_cell})'
    values["played"] = f'=IF({none_yet},"",COUNT({rounds}))'
    values["total"] = f'=IF({none_yet},"",{entry_vps}SUM({rounds}))'
    if book.form == "teams":
        values["tiebreak"] = f'=IF({total}="","",SUM({margins_row}))'
    else:
        values["tiebreak"] = (
            f'=IF({total}="","",IF(COUNT({margins_row})=0,{NEUTRAL_PERCENT},'
            f"AVERAGE({margins_row})))"
        )
    totals = absolute(letters["total"], FIRST_ROW, last)
    breaks = absolute(letters["tiebreak"], FIRST_ROW, last)
    values["rank"] = f'=IF({total}="","",{place(total, totals, tiebreak, breaks)})'
    return values


# --------------------------------------------------------------------------------------------
# Ranking


def write_ranking(
    ws: Worksheet, book: SwissEventBook, columns: tuple[Column, ...], paper: str
) -> ranking.RankingCells:
    """The Standings sorted by place."""
    by_key = {column.key: column for column in columns}
    letters = book.standings_columns
    shown = [
        ranking.Shown(by_key["entry"], letters["entry"]),
        ranking.Shown(by_key["name"], letters["name"], text=True),
        ranking.Shown(by_key["total"], letters["total"]),
        ranking.Shown(by_key["tiebreak"], letters["tiebreak"]),
        ranking.Shown(by_key["played"], letters["played"]),
    ]
    source = ranking.Source(
        STANDINGS_SHEET, FIRST_ROW, book.standings_row(book.teams), letters["rank"]
    )
    tiebreak = (
        "total IMP margin" if book.form == "teams" else "average matchpoint % (byes left out)"
    )
    return ranking.write_ranking(
        ws,
        f"{event_title(book.form)} · ranking · by total VPs, then {tiebreak}",
        source,
        shown,
        paper,
        note=f"A {book.noun} with no result yet is not listed. Equal places are marked "
        f'"=" (two {book.noun}s third are both 3=).',
    )
