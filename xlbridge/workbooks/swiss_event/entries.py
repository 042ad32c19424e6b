"""The Scale and Entries sheets of a Swiss event: the live card with the bye VPs, and the
entries' names."""

from __future__ import annotations

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring.scales.gaussian import VPScale
from xlbridge.scoring.scales.wbf_discrete import DiscreteScale
from xlbridge.workbooks.kit import layout, ranking, styles, validation
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import ROW_HEIGHT
from xlbridge.workbooks.kit.refs import absolute, column_range, fixed, on
from xlbridge.workbooks.scales.live_card import COLUMN_WIDTHS, CardCells, write_card
from xlbridge.workbooks.swiss_event.book import (
    ADD_CELL,
    DEFAULT_ADD,
    DEFAULT_BYE_VPS,
    ENTRIES_HEADING_ROW,
    ENTRIES_NOTE_ROW,
    ENTRIES_SHEET,
    FIRST_ENTRY_ROW,
    NAME_LENGTH,
    SESSIONS_CELL,
    TITLE_ROW,
    SwissEventBook,
)
from xlbridge.workbooks.swiss_event.cells import event_title, write_note, write_row

# --------------------------------------------------------------------------------------------
# Scale


def write_scale(ws: Worksheet, scale: VPScale | DiscreteScale, paper: str) -> tuple[CardCells, str]:
    """The live card at A1 and the bye VPs below it; returns the card and the bye cell."""
    for offset, width in enumerate(COLUMN_WIDTHS):
        ws.column_dimensions[get_column_letter(1 + offset)].width = width
    card = write_card(ws, scale, TITLE_ROW, 1, paper)
    last = card.band_rows[-1]
    bye_row = last + 2
    layout.label(ws, f"A{bye_row}", f"C{bye_row}", "Bye VPs")
    bye = layout.put(ws.cell(bye_row, 4), DEFAULT_BYE_VPS, "General")
    styles.mark_input(ws, bye.coordinate)
    total = scale.vp_total
    validation.rule(
        ws,
        [bye.coordinate],
        "decimal",
        "between",
        ("0", str(total)),
        "Bye VPs",
        f"Bye VPs must be a number from 0 to {total}.",
    )
    unit = "matchpoint %" if scale.form == "pairs" else "IMP margin"
    note_row = bye_row + 2
    write_note(
        ws,
        note_row,
        4,
        f"Every VP of the event is looked up in this card from the {unit}. Change boards"
        f"{_spread_name(scale)} and the card and all results follow. A bye "
        "(a home entry with no away entry) scores the bye VPs.",
        lines=5,
    )
    layout.row_heights(ws, 1, note_row - 1)
    layout.finish(ws, paper, note_row, 4)
    return card, fixed(bye.coordinate)


def _spread_name(scale: VPScale | DiscreteScale) -> str:
    """What follows "Change boards" in the note: " or K", " or S8", or nothing (WBF discrete)."""
    if isinstance(scale, DiscreteScale):
        return ""
    return " or S8" if scale.form == "pairs" else " or K"


# --------------------------------------------------------------------------------------------
# Entries


def entries_sheet_columns(form: str, late: bool) -> tuple[Column, ...]:
    noun = "Team" if form == "teams" else "Pair"
    columns = [
        Column("entry", noun, 6),
        Column("name", "Team name" if form == "teams" else "Names", ranking.NAME_WIDTH, "@", True),
    ]
    if late:
        columns += [
            Column("enters", "Enters at round (blank = 1)", 12, "0", True),
            Column("entry_vps", "Entry VPs", 8, "General"),
        ]
    return tuple(columns)


def write_entries(
    ws: Worksheet, book: SwissEventBook, columns: tuple[Column, ...], paper: str
) -> None:
    width = len(columns)
    noun = book.noun
    layout.title(ws, f"{event_title(book.form)} · {book.teams} {noun}s · entries", width)
    letters = book.entries_columns
    last = book.entry_row(book.teams)
    if book.late_entry:
        for cell, label, value in (
            (SESSIONS_CELL, "Rounds in the event", book.rounds),
            (ADD_CELL, "Late entry add (VPs the last round's entrants start above)", DEFAULT_ADD),
        ):
            row = int(cell[1:])
            layout.label(ws, f"B{row}", f"B{row}", label)
            layout.put(ws[cell], value)
            ws.row_dimensions[row].height = ROW_HEIGHT
        styles.mark_input(ws, ADD_CELL)
        validation.rule(
            ws,
            [ADD_CELL],
            "decimal",
            "greaterThan",
            (str(max(0, book.rounds - 3)),),
            "Late entry add",
            f"The late entry add must be a number above {max(0, book.rounds - 3)} (more than "
            "0 and more than the rounds less 3, so no entry score is negative).",
        )
        note = (
            f"Type each {noun}'s name and, for a late entry, the round it enters at. An entry "
            "at round 1 or 2 starts on 0 VPs. An entry at a later round starts on, for each "
            "round from 3 up to the one it enters at, the add minus the rounds in the event "
            "plus that round's number (7 rounds, add 17: 13, 27, 42, 58, 75 VPs at rounds 3 to 7)."
        )
    else:
        note = (
            f"Type each {noun}'s name. The draw and the results go on the round sheets; the "
            "Standings add them up."
        )
    layout.headings(ws, ENTRIES_HEADING_ROW, columns)
    write_note(ws, ENTRIES_NOTE_ROW, width, note, lines=2)
    for entry in range(1, book.teams + 1):
        row = book.entry_row(entry)
        values: dict[str, object] = {"entry": entry}
        if book.late_entry:
            s = f"MAX(1,{letters['enters']}{row})"
            values["entry_vps"] = (
                f"=IF({s}<=2,0,({s}-2)*({fixed(ADD_CELL)}-{fixed(SESSIONS_CELL)})+{s}*({s}+1)/2-3)"
            )
        write_row(ws, row, columns, values)
    name_range = column_range(letters["name"], FIRST_ENTRY_ROW, last)
    validation.text_length(
        ws, [name_range], NAME_LENGTH, "Name", f"A name must be at most {NAME_LENGTH} characters."
    )
    if book.late_entry:
        validation.whole(
            ws,
            [column_range(letters["enters"], FIRST_ENTRY_ROW, last)],
            1,
            book.rounds,
            "Enters at round",
        )
    ws.print_title_rows = f"{ENTRIES_HEADING_ROW}:{ENTRIES_HEADING_ROW}"
    layout.finish(ws, paper, last, width, freeze=f"A{FIRST_ENTRY_ROW}")


def entries_range(book: SwissEventBook, key: str) -> str:
    last = book.entry_row(book.teams)
    return on(ENTRIES_SHEET, absolute(book.entries_columns[key], FIRST_ENTRY_ROW, last))
