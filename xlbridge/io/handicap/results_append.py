"""Competitions added to a month's results file (see :mod:`xlbridge.io.handicap`), as
``xlbridge session --handicap-results`` adds an evening: the rows a scorer would type for it,
each competition once.

- A competition whose id the file does not hold yet is appended after the existing rows.
- One it holds with the same rows (the same players, boards, played, result and datum, in any
  order and however typed) leaves the file as it is, byte for byte.
- One it holds with other rows (a result corrected and the evening scored again) has its rows
  replaced by the new ones, where the old ones stood; the caller says so.

The file is read and checked as ``handicap update --results`` reads it (a damaged file is an
error naming its line, and nothing is written), and written back in its own encoding,
separator, decimal mark and line ends; columns the new rows need that it lacks (``datum``,
say) are added at the right, blank (their default) on the rows already there. A missing file
is made with the full header.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from xlbridge.errors import InputError
from xlbridge.io.bounds import stored_text
from xlbridge.io.csv.cells import FORMULA_STARTS, columns_text
from xlbridge.io.csv.table import CsvTable, parse_table, read_text_format
from xlbridge.io.handicap.results_file import (
    PLAYER_SEPARATORS,
    RESULTS_REQUIRED,
    Results,
    parse_results,
)
from xlbridge.io.text_file import TextFormat
from xlbridge.scoring.checks import shown

#: The columns of a results file made new, in the order the documentation lists them.
RESULTS_COLUMNS = (
    "competition",
    "date",
    "form",
    "method",
    "boards",
    "played",
    "players",
    "result",
    "datum",
)
#: Decimals of a result written (as a ranking prints a percentage or IMPs per board).
RESULT_DECIMALS = 2
#: The longest member id taken (far beyond any federation's numbers).
MAX_ID_LENGTH = 40


def member_id(text: str, where: str) -> str:
    """``text`` stripped, if it can stand in a results file's ``players`` cell as one member
    id (the register's key); else an :class:`InputError` naming ``where``: a blank, a control
    character, a separator of ids (+, /, & or a space), a formula start or an overlong id."""
    found = stored_text(text, where).strip()
    if not found:
        raise InputError(f"{where}: a member id must not be blank")
    if PLAYER_SEPARATORS.search(found):
        raise InputError(
            f"{where}: member id {shown(found)} holds a separator of ids (+, /, & or a space)"
        )
    if found.startswith(FORMULA_STARTS):
        raise InputError(f"{where}: member id {shown(found)} must not start with {found[0]!r}")
    if len(found) > MAX_ID_LENGTH:
        raise InputError(f"{where}: a member id has at most {MAX_ID_LENGTH} characters")
    return found


@dataclass(frozen=True)
class Entry:
    """One pair's row: its members' ids, the boards it played and its result (the
    matchpoint % for topscore, IMPs per board for imp)."""

    players: tuple[str, ...]
    played: int
    result: float


@dataclass(frozen=True)
class Competition:
    """One competition's rows, as ``handicap update --results`` reads them (form pairs)."""

    id: str
    date: dt.date
    method: str  # "topscore" or "imp"
    datum: bool
    boards: int
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class Appended:
    """What adding competitions makes of the file: its new bytes (None: left as it is) and
    the ids of the competitions appended, replaced and found there already."""

    data: bytes | None
    appended: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)


def appended_results(path: Path, competitions: Sequence[Competition]) -> Appended:
    """The results file ``path`` (missing: a new one) with ``competitions`` added once each;
    every file and row checked before anything is made."""
    name = str(path)
    if path.exists():
        text, stored = read_text_format(path)
    else:
        text, stored = ",".join(RESULTS_COLUMNS) + "\n", TextFormat()
    table = parse_table(text, name, RESULTS_REQUIRED, empty_ok=True)
    existing = parse_results(text, name) if table.size else None
    rows = _Rows(existing.table if existing is not None else table)
    found = Appended(None)
    for competition in competitions:
        cells = rows.cells(competition)
        held = [row for row, cell in enumerate(rows.ids) if cell == competition.id]
        if not held:
            found.appended.append(competition.id)
        elif _meaning(existing, competition.id) == _meaning(rows.parsed(cells), competition.id):
            found.unchanged.append(competition.id)
            continue
        else:
            found.replaced.append(competition.id)
        rows.put(competition.id, cells, held)
    if not found.appended and not found.replaced:
        return found
    written = rows.text()
    parse_results(written, name)  # what is written reads back
    return replace(found, data=stored.encode(written, name))


class _Rows:
    """A results file's rows as typed, widened to every column the new rows need, and each
    row's competition id; competitions' rows put in."""

    def __init__(self, table: CsvTable) -> None:
        self.table = table
        self.header = [*table.header, *(key for key in RESULTS_COLUMNS if not table.has(key))]
        keys = {index: key for key, index in table.columns.items()}
        self.keys = [keys.get(index, heading) for index, heading in enumerate(self.header)]
        width = len(self.header)
        self.rows = [[*row, *[""] * (width - len(row))] for row in table.rows]
        self.ids = table.texts("competition", blank_allowed=True)

    def cells(self, competition: Competition) -> list[list[str]]:
        """The competition's rows, a cell per column of the file (unknown columns blank)."""
        table = self.table
        common = {
            "competition": competition.id,
            "date": competition.date.isoformat(),
            "form": "pairs",
            "method": competition.method,
            "boards": str(competition.boards),
            "datum": "yes" if competition.datum else "",
        }
        rows = []
        for entry in competition.entries:
            cells = dict(
                common,
                played="" if entry.played == competition.boards else str(entry.played),
                players="+".join(entry.players),
                result=table.formatted(round(entry.result, RESULT_DECIMALS), RESULT_DECIMALS),
            )
            rows.append([cells.get(key, "") for key in self.keys])
        return rows

    def parsed(self, rows: list[list[str]]) -> Results:
        """``rows`` read as a results file of their own (which checks them)."""
        return parse_results(self._text(rows), self.table.name)

    def put(self, competition: str, rows: list[list[str]], held: list[int]) -> None:
        """``rows`` in place of the rows ``held`` (where the first stood), else at the end."""
        at = held[0] if held else len(self.rows)
        gone = set(held)
        kept = [row for row in range(len(self.rows)) if row not in gone]
        before, after = [r for r in kept if r < at], [r for r in kept if r >= at]
        self.rows = [self.rows[r] for r in before] + rows + [self.rows[r] for r in after]
        self.ids = (
            [self.ids[r] for r in before] + [competition] * len(rows) + [self.ids[r] for r in after]
        )

    def text(self) -> str:
        return self._text(self.rows)

    def _text(self, rows: list[list[str]]) -> str:
        columns = [list(column) for column in zip(*rows, strict=True)] if rows else []
        if not columns:
            columns = [[] for _ in self.header]
        return columns_text(self.header, columns, self.table.delimiter)


def _meaning(results: Results | None, competition: str) -> list[tuple[object, ...]] | None:
    """What the rows of ``competition`` say to ``handicap update``, in an order of their own
    (None: the file has no such competition)."""
    if results is None or competition not in results.competition_ids:
        return None
    code = results.competition_ids.index(competition)
    rows = np.flatnonzero(results.competition == code).tolist()
    return sorted(
        (
            tuple(sorted(results.players(row))),
            int(results.date[row].astype(np.int64)),
            int(results.form[row]),
            int(results.method[row]),
            bool(results.datum[row]),
            int(results.boards[row]),
            float(results.played[row]),
            float(results.achieved[row]),
        )
        for row in rows
    )
