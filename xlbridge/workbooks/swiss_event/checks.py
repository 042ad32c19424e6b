"""Before a round is drawn into a Swiss event workbook: is the workbook whole, and can it be
written back without losing anything?

A director edits the workbook by hand between rounds, so ``xlbridge swiss draw`` checks what
the layout promises before it believes the typed cells:

- the sheets are found by what they hold (the title in row 1; on the Scale sheet the
  "boards" label and the title counting them), not by their names, so a renamed sheet
  still works; a missing one is named;
- the entries are numbered 1, 2, 3 … with no gap, and every round sheet's tables 1, 2, 3 …
  with no gap, so a deleted or inserted row is refused rather than read as a lost result;
- the drawn tables of a round are 1, 2, 3 … with no empty table between them, and every
  entry taking part in a drawn round is placed in it (at a table or with the bye);
- parts openpyxl cannot carry over (drawings, text boxes, charts, images, comments' shapes,
  pivot tables, embedded objects) are found in the file before it is written: without
  ``--force`` the draw is refused with the reason (the backup keeps the original either
  way), and a read-only file is left alone.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import InputError
from xlbridge.io.files import check_replaceable
from xlbridge.io.typed_workbook import chart_sheet
from xlbridge.workbooks.swiss_event import book as layout

_ROUND_TITLE = re.compile(r"Round (\d+) · ")
_ROUND_NAME = re.compile(r"Round (\d+)")
ENTRIES, SCALE = "entries", "scale"

#: Parts of an .xlsx openpyxl drops or rebuilds on saving, and what a user calls them.
LOST_PARTS = (
    ("xl/drawings/", "drawings (text boxes, shapes or pictures)"),
    ("xl/charts/", "charts"),
    ("xl/chartsheets/", "chart sheets"),
    ("xl/media/", "images"),
    ("vmlDrawing", "comments' shapes or form controls"),
    ("xl/pivotTables/", "pivot tables"),
    ("xl/pivotCache/", "pivot tables"),
    ("xl/embeddings/", "embedded objects"),
    ("xl/ctrlProps/", "form controls"),
    ("xl/activeX/", "ActiveX controls"),
    ("xl/slicers/", "slicers"),
)


@dataclass(frozen=True)
class SwissSheets:
    """A Swiss workbook's sheets by role: Entries, Scale and Round 1 … Round R."""

    entries: Worksheet
    scale: Worksheet
    rounds: tuple[Worksheet, ...]


#: How a title formula puts the event's name first (see workbooks/kit/event.py).
_EVENT_FIRST = '&" · ")&'


def _title_text(value: object) -> object:
    """A sheet's title as written, without the formula that puts the event's name first."""
    if isinstance(value, str) and value.startswith("=IF(") and _EVENT_FIRST in value:
        return value.split(_EVENT_FIRST, 1)[1].strip('()"')
    return value


def _role(ws: Worksheet) -> str | None:
    """What a sheet is, from its contents (then from its name, for a title overwritten)."""
    title = _title_text(ws["A1"].value)
    if isinstance(title, str):
        found = _ROUND_TITLE.match(title)
        if found:
            return f"round {int(found.group(1))}"
        if title.endswith("· entries"):
            return ENTRIES
    if ws["A2"].value == "boards" and "&$B$2&" in str(ws["A1"].value):
        return SCALE  # the card's title formula counts the boards typed in B2
    name = ws.title.strip()
    found = _ROUND_NAME.fullmatch(name)
    if found:
        return f"round {int(found.group(1))}"
    return {layout.ENTRIES_SHEET: ENTRIES, layout.SCALE_SHEET: SCALE}.get(name)


def find_sheets(workbook: Workbook, path: Path) -> SwissSheets:
    """The Entries, Scale and round sheets, wherever they are and whatever they are called;
    an error naming a missing sheet, or two sheets that claim the same role."""
    found: dict[str, Worksheet] = {}
    for ws in workbook.worksheets:
        role = _role(ws)
        if role is None:
            continue
        if role in found:
            raise InputError(
                f"{path}: the sheets {found[role].title!r} and {ws.title!r} both look like "
                f"the {_named(role)} sheet; delete or rename one"
            )
        found[role] = ws
    charts = {sheet.title.strip().lower(): sheet.title for sheet in workbook.chartsheets}
    for role in (ENTRIES, SCALE, "round 1"):
        if role in found:
            continue
        if role in charts:  # a chart where the table belongs
            raise InputError(f"{path}: {chart_sheet(charts[role])}")
        raise InputError(
            f"{path}: the {_named(role)} sheet is missing (deleted, or its title in "
            "row 1 changed); restore it from a backup"
        )
    rounds: list[Worksheet] = []
    while f"round {len(rounds) + 1}" in found:
        rounds.append(found.pop(f"round {len(rounds) + 1}"))
    stray = sorted(role for role in found if role.startswith("round "))
    if stray:
        raise InputError(
            f"{path}: there is a {_named(stray[0])} sheet but no "
            f"{_named(f'round {len(rounds) + 1}')} sheet; restore it from a backup"
        )
    return SwissSheets(found[ENTRIES], found[SCALE], tuple(rounds))


def _named(role: str) -> str:
    return role[0].upper() + role[1:] if role.startswith("round") else role.capitalize()


def check_numbering(path: Path, ws: Worksheet, first_row: int, what: str) -> int:
    """Column A from ``first_row`` must hold 1, 2, 3 … then nothing: how many there are.

    A number out of sequence, or a blank followed by more numbers, is a deleted, inserted or
    moved row."""
    count, blank_at = 0, 0
    for row, (value,) in enumerate(
        ws.iter_rows(min_row=first_row, max_col=1, values_only=True), start=first_row
    ):
        if value in (None, ""):
            blank_at = blank_at or row
        elif not blank_at and _is_number(value) and value == count + 1:
            count += 1
        elif not blank_at or _is_number(value):
            problem = (
                f"{what} {value!r} below the blank row {blank_at}"
                if blank_at
                else f"{value!r} where {what} {count + 1} belongs"
            )
            raise InputError(
                f"{path}: {ws.title}!A{row}: {problem} (a row deleted, inserted or moved?); "
                "restore the rows from a backup"
            )
    return count
    return count


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class _Table(Protocol):
    @property
    def table(self) -> int: ...
    @property
    def home(self) -> int: ...
    @property
    def away(self) -> int | None: ...


def check_round(
    path: Path,
    ws: Worksheet,
    expected_tables: int,
    tables: Iterable[_Table],
    taking_part: set[int],
) -> None:
    """A round sheet's table column is 1 … ``expected_tables``; its drawn tables come first,
    with no empty one between; every entry in ``taking_part`` is placed when it is drawn."""
    count = check_numbering(path, ws, layout.FIRST_ROW, "table")
    if count != expected_tables:
        raise InputError(
            f"{path}: {ws.title} has {count} tables where the event has "
            f"{expected_tables} (a row deleted or inserted?); restore the rows from a backup"
        )
    drawn = list(tables)
    for number, table in enumerate(drawn, start=1):
        if table.table != number:
            raise InputError(
                f"{path}: {ws.title}: table {number} is empty but table {table.table} is "
                "drawn; number the tables from 1 with no gap"
            )
    if not drawn:
        return
    placed = {e for t in drawn for e in (t.home, t.away) if e is not None}
    missing = sorted(taking_part - placed)
    if missing:
        listed = ", ".join(str(e) for e in missing)
        raise InputError(
            f"{path}: {ws.title}: entr{'y' if len(missing) == 1 else 'ies'} {listed} "
            "neither drawn at a table nor given the bye (a row deleted?); every entry "
            "taking part must be placed in each round drawn"
        )


def lost_parts(path: Path) -> list[str]:
    """What the file holds that openpyxl would not write back ("charts", …), by its parts."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
    except (OSError, zipfile.BadZipFile):
        return []  # the reader has said what is wrong with the file
    kinds: list[str] = []
    for marker, kind in LOST_PARTS:
        if any(marker in name for name in names) and kind not in kinds:
            kinds.append(kind)
    return kinds


def check_writing_back(path: Path, force: bool) -> None:
    """Refuse to rewrite ``path`` if it is read-only or its folder cannot be written, or
    (without ``force``) if writing it would lose parts openpyxl cannot carry."""
    check_replaceable(path, force=force)
    kinds = lost_parts(path)
    if kinds and not force:
        raise InputError(
            f"{path} holds {' and '.join(kinds)}, which would be lost when the draw is "
            "written; nothing was changed. Use --force to write it anyway (the backup keeps "
            "the file as it is now)"
        )


def entries_taking_part(names: dict[int, str], enters: dict[int, int], number: int) -> set[int]:
    """The entries that must be placed in round ``number``: those with a name (all when no
    name is typed) whose round of entry has come."""
    named = set(names) or set(enters)
    return {e for e in named if enters.get(e, 1) <= number}
