"""The Swiss loop on an event workbook: read what was typed, draw the next round, write it in.

``xlbridge swiss draw EVENT.xlsx`` takes a Swiss teams or pairs workbook made by
``xlbridge template swiss-teams|swiss-pairs``. It reads only what the director typed — the
entries' names (and rounds entered at), each round's draw and margins, boards and K on the
Scale sheet, the bye VPs and the late entry add — never the formulas' cached values (a file
written by xlbridge and never opened in a spreadsheet has none). From these it works out the
standings with the core (:mod:`xlbridge.scoring.scales.gaussian` VPs,
:func:`xlbridge.scoring.swiss.draw.late_entry` entry VPs), as the Standings sheet does, and the
meetings so far; draws the next round with :func:`xlbridge.scoring.swiss.draw.swiss_draw`; and
writes the draw (entry numbers, table by table, the bye on the table after the last) into
the first round sheet with nothing typed yet.

It refuses, naming the sheet and cell, a round that is not finished (a drawn table without a
margin), a draw the round sheet would flag (an entry number out of range, an entry drawn
twice or against itself, a late entry drawn before its round, a margin on a bye), and a
workbook whose rounds are all drawn. The file is copied to a backup first; the new file is
written beside it and renamed into place, and only the new round's draw cells change.

The entries that take part are those with a name (none until names are typed), less
late entries whose round has not come: an entry whose name is cleared has withdrawn and is
left out of the draws from then on (its results stay in the others' scores).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import InputError, Mistakes
from xlbridge.io.files import copy_file, write_atomically
from xlbridge.io.typed_workbook import cell_where, open_workbook, typed_name, typed_number
from xlbridge.scoring.names import MAX_BOARDS
from xlbridge.scoring.scales.choice import choose_scale
from xlbridge.scoring.swiss.draw import Draw, check_last_add, late_entry, swiss_draw
from xlbridge.scoring.team_standings import Standings, team_standings
from xlbridge.workbooks.swiss_event import SwissEventBook, build_swiss_event
from xlbridge.workbooks.swiss_event import book as layout
from xlbridge.workbooks.swiss_event.checks import (
    check_numbering,
    check_round,
    check_writing_back,
    entries_taking_part,
    find_sheets,
)

#: The backup of EVENT.xlsx made before round r is drawn: EVENT.before-round-r.xlsx.
BACKUP_SUFFIX = ".before-round-{round}.xlsx"


@dataclass(frozen=True)
class Table:
    """One typed table: round, table number, home and away entry (away None: a bye), margin."""

    round: int
    table: int
    home: int
    away: int | None
    margin: float | None


@dataclass
class SwissEvent:
    """What a Swiss workbook holds, as typed."""

    path: Path
    form: str
    entries: int
    rounds: int
    boards: int
    k: float | None  # None on the WBF discrete scale
    bye_vps: float
    add: float | None
    names: dict[int, str]
    enters: dict[int, int]
    tables: dict[int, list[Table]] = field(default_factory=dict)
    scale: str = "gaussian"  # or wbf-discrete
    bounds: str = "lower"  # or white-book (gaussian cards)

    def drawn_rounds(self) -> list[int]:
        return [r for r in range(1, self.rounds + 1) if self.tables.get(r)]


# --------------------------------------------------------------------------------------------
# Reading


def _constant(workbook: Workbook, name: str, path: Path) -> str:
    defined = workbook.defined_names.get(name)
    if defined is None:
        raise InputError(
            f"{path}: not a Swiss event workbook made by xlbridge template swiss-teams or "
            f"swiss-pairs (it has no name {name})"
        )
    return str(defined.attr_text).strip('"')


def _optional_constant(workbook: Workbook, name: str, default: str) -> str:
    """A workbook name's text, or ``default`` in a workbook made before the name existed."""
    defined = workbook.defined_names.get(name)
    return default if defined is None else str(defined.attr_text).strip('"')


def read_event(path: Path) -> tuple[SwissEvent, Workbook, SwissEventBook]:
    """The typed contents of a Swiss workbook, the workbook and its layout."""
    workbook = open_workbook(path)
    form = _constant(workbook, layout.FORM_NAME, path)
    late = _constant(workbook, layout.LATE_ENTRY_NAME, path).upper() == "TRUE"
    if form not in layout.FORMS:
        raise InputError(f"{path}: not a Swiss event workbook made by xlbridge template")
    sheets = find_sheets(workbook, path)
    entries_ws = sheets.entries
    entries = check_numbering(path, entries_ws, layout.FIRST_ENTRY_ROW, "entry")
    rounds = len(sheets.rounds)
    if entries < 2 or rounds < 1:
        raise InputError(f"{path}: the Entries sheet or the round sheets are missing or damaged")
    scale = _optional_constant(workbook, layout.SCALE_NAME, "gaussian")
    bounds = _optional_constant(workbook, layout.BOUNDS_NAME, "lower")
    book = build_swiss_event(
        form=form,
        teams=entries,
        rounds=rounds,
        late_entry=late,
        scale=None if scale == "gaussian" else scale,
        bounds=None if scale != "gaussian" else bounds,
    )
    scale_ws = sheets.scale
    boards = typed_number(path, scale_ws, book.card.boards, "boards", 1, MAX_BOARDS, whole=True)
    k = (
        None
        if book.card.k is None
        else typed_number(path, scale_ws, book.card.k, "K", 1e-9, 1e9, whole=False)
    )
    bye_ref = book.bye_vps.replace("$", "")
    bye_vps = typed_number(path, scale_ws, bye_ref, "bye VPs", 0, book.scale.vp_total, whole=False)
    if boards is None or (k is None and book.card.k is not None):
        raise InputError(f"{path}: type boards and K on the {layout.SCALE_SHEET} sheet")
    add = None
    if late:
        add = typed_number(path, entries_ws, layout.ADD_CELL, "late entry add", 0, 1e6, whole=False)
        if add is None:
            raise InputError(
                f"{cell_where(path, layout.ENTRIES_SHEET, layout.ADD_CELL)}: type the add"
            )
        try:
            check_last_add(add, rounds)
        except InputError as error:
            raise InputError(
                f"{cell_where(path, entries_ws.title, layout.ADD_CELL)}: {error}"
            ) from None
    event = SwissEvent(
        path,
        form,
        entries,
        rounds,
        int(boards),
        k,
        bye_vps if bye_vps is not None else 0.0,
        add,
        {},
        {},
        scale=scale,
        bounds=bounds,
    )
    mistakes = Mistakes()  # every bad cell of the sheets, raised together at the end
    for entry in range(1, entries + 1):
        try:
            _read_entry(event, entries_ws, book, entry)
        except InputError as error:
            mistakes.add(error, (0, entry))
            event.enters.setdefault(entry, 1)  # so its tables are read all the same
    for number, ws in enumerate(sheets.rounds, start=1):
        found = len(mistakes)
        event.tables[number] = _read_round(path, ws, book, event, number, mistakes)
        if len(mistakes) == found:  # a round with a bad table is checked once it is right
            taking_part = entries_taking_part(event.names, event.enters, number)
            try:
                check_round(path, ws, book.tables, event.tables[number], taking_part)
            except InputError as error:
                mistakes.add(error, (number, book.tables + 1))
    mistakes.raise_if_any()
    return event, workbook, book


def _read_entry(event: SwissEvent, ws: Worksheet, book: SwissEventBook, entry: int) -> None:
    """An entry's name, and its round of entry in an event with late entries."""
    name = typed_name(event.path, ws, book.entries_cell("name", entry))
    if name:
        event.names[entry] = name
    enters = 1.0
    if event.add is not None:
        ref = book.entries_cell("enters", entry)
        rounds = event.rounds
        typed = typed_number(event.path, ws, ref, "enters at round", 1, rounds, whole=True)
        enters = typed if typed is not None else 1.0
    event.enters[entry] = int(enters)


def _read_round(
    path: Path,
    ws: Worksheet,
    book: SwissEventBook,
    event: SwissEvent,
    number: int,
    mistakes: Mistakes,
) -> list[Table]:
    """The typed tables of round ``number``; a bad table is kept in ``mistakes``."""
    tables: list[Table] = []
    seen: dict[int, str] = {}
    for table in range(1, book.tables + 1):
        try:
            typed = _read_table(ws, book, event, (number, table), seen)
        except InputError as error:
            mistakes.add(error, (number, table))
            continue
        if typed is not None:
            tables.append(typed)
    return tables


def _read_table(
    ws: Worksheet,
    book: SwissEventBook,
    event: SwissEvent,
    at: tuple[int, int],
    seen: dict[int, str],
) -> Table | None:
    """The table ``at`` (round, table) as typed (None when blank); ``seen`` are the entries
    placed so far in the round, by cell."""
    path, (number, table) = event.path, at
    high = 100.0 if event.form == "pairs" else float(layout.MAX_IMPS)
    low = 0.0 if event.form == "pairs" else -high
    what = "the home pair's matchpoint %" if event.form == "pairs" else "the IMP margin"

    def cell(key: str) -> str:
        return book.round_cell(key, table)

    home = typed_number(path, ws, cell("home"), "entry number", 1, event.entries, whole=True)
    away = typed_number(path, ws, cell("away"), "entry number", 1, event.entries, whole=True)
    margin = typed_number(
        path, ws, cell("home_margin"), what, low, high, whole=event.form != "pairs"
    )
    if home is None and away is None and margin is None:
        return None
    where = cell_where(path, ws.title, cell("home"))
    if home is None:
        raise InputError(f"{where}: type the home entry (a bye is a home entry alone)")
    if away is None and margin is not None:
        raise InputError(
            f"{cell_where(path, ws.title, cell('home_margin'))}: a bye takes no margin"
        )
    if away is not None and home == away:
        raise InputError(f"{where}: entry {int(home)} cannot play itself")
    for entry, ref in ((home, cell("home")), (away, cell("away"))):
        if entry is None:
            continue
        if int(entry) in seen:
            raise InputError(
                f"{cell_where(path, ws.title, ref)}: entry {int(entry)} is drawn twice in "
                f"round {number} (also at {seen[int(entry)]})"
            )
        seen[int(entry)] = ref
        if event.enters[int(entry)] > number:
            raise InputError(
                f"{cell_where(path, ws.title, ref)}: entry {int(entry)} enters at round "
                f"{event.enters[int(entry)]}"
            )
    return Table(number, table, int(home), None if away is None else int(away), margin)


# --------------------------------------------------------------------------------------------
# Standings and the draw


def swiss_standings(event: SwissEvent) -> Standings:
    """The standings as typed so far: each entry's VPs and opponent round by round (entry VPs
    with late entry, bye VPs for a bye), totals and places, as the Standings sheet works
    them out and the Ranking sheet ranks them (VPs, then the IMP margin, or the average
    matchpoint % at pairs). Entries without a name are "Team n" ("Pair n")."""
    if event.scale == "gaussian":
        scale = choose_scale(event.boards, k=event.k, form=event.form, bounds=event.bounds)
    else:
        scale = choose_scale(event.boards, event.scale)
    extra: dict[int, float] = {}
    if event.add is not None:
        sessions = [event.enters[e] for e in range(1, event.entries + 1)]
        added = late_entry(sessions, [event.rounds] * len(sessions), event.add)
        extra = {e: float(vps) for e, vps in enumerate(added, start=1)}

    def opposite(margin: float) -> float:
        return -margin if event.form == "teams" else 100 - margin

    def vps(margin: float) -> tuple[float, float]:
        return float(scale.vp(margin)), float(scale.vp(opposite(margin)))

    label = "Team" if event.form == "teams" else "Pair"
    names = {e: event.names.get(e, f"{label} {e}") for e in range(1, event.entries + 1)}
    matches = [(t.round, t.home, t.away, t.margin) for ts in event.tables.values() for t in ts]
    return team_standings(
        names,
        event.rounds,
        matches,
        vps,
        opposite=opposite,
        bye_vps=event.bye_vps,
        extra=extra,
        tiebreak="margin" if event.form == "teams" else "average",
    )


def scores(event: SwissEvent) -> dict[int, float]:
    """Each entry's total VPs so far (entry VPs with late entry, bye VPs for a bye), as the
    Standings sheet adds them up."""
    return {entry.number: entry.total for entry in swiss_standings(event).entries}


def next_round(event: SwissEvent) -> int:
    """The round to draw: the first with nothing typed, every earlier one finished."""
    for number in range(1, event.rounds + 1):
        tables = event.tables.get(number, [])
        if not tables:
            return number
        for t in tables:
            if t.away is not None and t.margin is None:
                raise InputError(
                    f"{event.path}: Round {number} table {t.table} has no result yet; finish "
                    f"round {number} before drawing round {number + 1}"
                )
    raise InputError(f"{event.path}: every round ({event.rounds}) is drawn already")


def draw_next(event: SwissEvent, seed: int | None = None) -> tuple[int, Draw]:
    """The next round's number and draw (seed: the round number unless given)."""
    number = next_round(event)
    present = sorted(e for e in event.names if event.enters[e] <= number)
    if len(present) < 2:
        raise InputError(
            f"{event.path}: round {number} needs at least 2 entries with a name; type their "
            f"names on the {layout.ENTRIES_SHEET} sheet (entries without a name are not drawn)"
        )
    total = scores(event)
    taking_part = set(present)
    played: list[tuple[Any, Any]] = []
    byes: list[int] = []
    for tables in event.tables.values():
        for t in tables:
            if t.away is None:
                byes.append(t.home)
            elif t.home in taking_part and t.away in taking_part:
                played.append((t.home, t.away))
    draw = swiss_draw(
        present,
        [total[e] for e in present],
        played,
        number if seed is None else seed,
        [b for b in byes if b in present],
    )
    return number, draw


def _round_fits(book: SwissEventBook, draw: Draw, number: int) -> None:
    needed = len(draw.tables) + (draw.bye is not None)
    if needed > book.tables:
        raise InputError(f"round {number} needs {needed} tables, the sheet has {book.tables}")


def write_draw(
    path: Path, workbook: Workbook, book: SwissEventBook, number: int, draw: Draw
) -> Path:
    """Back the file up, then write the draw into round ``number``'s sheet; returns the
    backup's path."""
    _round_fits(book, draw, number)
    ws = find_sheets(workbook, path).rounds[number - 1]
    rows: list[tuple[int, int | None]] = [(int(h), int(a)) for h, a in draw.tables]
    if draw.bye is not None:
        rows.append((int(draw.bye), None))
    for table, (home, away) in enumerate(rows, start=1):
        ws[book.round_cell("home", table)] = home
        ws[book.round_cell("away", table)] = away
    backup = backup_path(path, number)
    copy_file(path, backup)
    try:
        write_atomically(path, workbook.save, force=True)
    except InputError:
        backup.unlink(missing_ok=True)  # the file is as it was: no backup of it needed
        raise
    return backup


def backup_path(path: Path, number: int) -> Path:
    """A new file beside ``path`` for its copy before round ``number`` is drawn."""
    base = path.with_name(path.stem + BACKUP_SUFFIX.format(round=number))
    candidate, extra = base, 1
    while candidate.exists():
        extra += 1
        candidate = base.with_name(f"{base.stem}-{extra}.xlsx")
    return candidate


def draw_into_workbook(
    path: Path, seed: int | None = None, force: bool = False
) -> tuple[int, Draw, Path]:
    """Read ``path``, draw its next round, write it in; the round, the draw and the backup.

    A read-only file, or one holding parts openpyxl would lose (drawings, charts, …), is
    refused unless ``force`` (see :mod:`xlbridge.workbooks.swiss_event.checks`)."""
    check_writing_back(path, force)
    event, workbook, book = read_event(path)
    number, draw = draw_next(event, seed)
    backup = write_draw(path, workbook, book, number, draw)
    return number, draw, backup
