"""The handicap batch: apply a month of competitions to a player register.

``xlbridge handicap update --register players.csv --results results.csv`` reads:

- the **register**: one row per player — ``id`` (any text), ``name``, ``handicap`` and, for a
  newcomer without a handicap, ``masterpoints`` (start handicap 52/(1 + 0.01·M); neither
  given: 52). Other columns are kept.
- the **results**: one row per entry (pair, player or team) per competition — ``competition``
  (an id), ``date`` (YYYY-MM-DD), ``form`` (pairs, individual, team; default pairs),
  ``method`` (topscore, imp; default topscore), ``boards`` (N_B), ``played`` (N_G, default
  N_B), ``players`` (the ids, separated by "+", "/", "&" or spaces), ``result`` (the
  matchpoint % for topscore, IMPs per board for imp) and ``datum`` (yes/no, default no).
  A team competition is a single match: two rows, one per team.

Competitions are applied in date order. All competitions of one date are computed from the
handicaps at the start of that date and their changes are added together (then capped at 52),
so the order of rows and of competitions within a date does not matter. Every change goes to
the history file (competition, date, player, before, delta, after); a competition whose id is
already there is skipped, so re-running a batch changes nothing. Players who are not in the
register are added as newcomers at 52. Everything is checked before anything is written; the
history is written first, then the register, each to a temporary file renamed into place.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np

from xlbridge.core import handicap
from xlbridge.core.validate import shown
from xlbridge.csv_table import CsvTable, parse_table, read_text

ID_COLUMNS = ("id", "player_id", "player")
REGISTER_REQUIRED = (ID_COLUMNS,)
RESULTS_REQUIRED = ("competition", "date", "boards", "players", "result")
HISTORY_COLUMNS = ("competition", "date", "player", "before", "delta", "after")
PLAYERS_PER_ENTRY = {"pairs": (2, 2), "individual": (1, 1), "team": (2, 6)}
PLAYER_SEPARATORS = re.compile(r"[\s+/&]+")
YES, NO = ("yes", "true", "1", "y"), ("no", "false", "0", "n", "")
#: Decimals of a handicap written to the register.
DECIMALS = 6


# --------------------------------------------------------------------------------------------
# The register


@dataclass
class Register:
    """The register's cells and every player's handicap in use (newcomers at their start)."""

    table: CsvTable
    id_key: str
    ids: list[str]
    handicap: np.ndarray

    def index(self) -> dict[str, int]:
        return {player: i for i, player in enumerate(self.ids)}


def read_register(path: Path, constants: handicap.Constants = handicap.SPEC) -> Register:
    return parse_register(read_text(path), str(path), constants)


def parse_register(
    text: str, name: str = "register", constants: handicap.Constants = handicap.SPEC
) -> Register:
    table = parse_table(text, name, REGISTER_REQUIRED, empty_ok=True)
    id_key = next(key for key in ID_COLUMNS if table.has(key))
    ids = table.texts(id_key)
    _reject_repeats(table, ids, "player id")
    current = table.numbers("handicap", blank_allowed=True)
    too_high = np.flatnonzero(current > constants.cap)
    if too_high.size:
        row = int(too_high[0])
        raise table.fail(
            row, f"handicap must be at most {shown(constants.cap)}, got {shown(current[row])}"
        )
    points = table.numbers("masterpoints", blank_allowed=True)
    negative = np.flatnonzero(points < 0)
    if negative.size:
        row = int(negative[0])
        raise table.fail(row, f"masterpoints must be at least 0, got {shown(points[row])}")
    start = np.where(
        np.isnan(points),
        constants.cap,
        constants.cap / (1 + constants.start_c * np.nan_to_num(points)),
    )
    return Register(table, id_key, ids, np.where(np.isnan(current), start, current))


def _reject_repeats(table: CsvTable, values: list[str], what: str) -> None:
    first: dict[str, int] = {}
    for row, value in enumerate(values):
        if value in first:
            raise table.fail_rows([first[value], row], f"{what} {value!r} appears twice")
        first[value] = row


# --------------------------------------------------------------------------------------------
# The results


@dataclass(frozen=True)
class Results:
    """Result rows, checked: per row its competition and entry data, per entry its players."""

    table: CsvTable
    competition: list[str]
    date: np.ndarray  # datetime64[D]
    form: np.ndarray  # index into handicap.FORMS
    method: np.ndarray  # index into handicap.METHODS
    datum: np.ndarray
    boards: np.ndarray
    played: np.ndarray
    achieved: np.ndarray  # above average
    players: list[list[str]]


def read_results(path: Path) -> Results:
    return parse_results(read_text(path), str(path))


def parse_results(text: str, name: str = "results") -> Results:
    table = parse_table(text, name, RESULTS_REQUIRED)
    forms = _choices(table, "form", handicap.FORMS, "pairs")
    methods = _choices(table, "method", handicap.METHODS, "topscore")
    boards = table.whole_numbers("boards")
    played = table.numbers("played", blank_allowed=True)
    played = np.where(np.isnan(played), boards, played)
    result = table.numbers("result", blank_allowed=False)
    results = Results(
        table=table,
        competition=table.texts("competition"),
        date=_dates(table),
        form=forms,
        method=methods,
        datum=_yes_no(table, "datum"),
        boards=boards,
        played=played,
        achieved=np.where(methods == 0, result - handicap.AVERAGE_PERCENT, result),
        players=_players(table, forms),
    )
    _check_rows(results, result)
    _check_competitions(results)
    return results


def _choices(table: CsvTable, key: str, options: tuple[str, ...], default: str) -> np.ndarray:
    index = {option: i for i, option in enumerate(options)}
    values = []
    for row, cell in enumerate(table.texts(key, blank_allowed=True)):
        choice = cell.lower() or default
        if choice not in index:
            raise table.fail(row, f"{key} must be one of {', '.join(options)}, got {cell!r}")
        values.append(index[choice])
    return np.array(values, dtype=np.int64)


def _yes_no(table: CsvTable, key: str) -> np.ndarray:
    values = []
    for row, cell in enumerate(table.texts(key, blank_allowed=True)):
        if cell.lower() not in YES + NO:
            raise table.fail(row, f"{key} must be yes or no, got {cell!r}")
        values.append(cell.lower() in YES)
    return np.array(values, dtype=bool)


def _dates(table: CsvTable) -> np.ndarray:
    dates = []
    for row, cell in enumerate(table.texts("date")):
        try:
            dates.append(dt.date.fromisoformat(cell))
        except ValueError:
            raise table.fail(row, f"date must be a date such as 2026-11-29, got {cell!r}") from None
    return np.array(dates, dtype="datetime64[D]")


def _players(table: CsvTable, forms: np.ndarray) -> list[list[str]]:
    players = []
    for row, cell in enumerate(table.texts("players")):
        ids = [player for player in PLAYER_SEPARATORS.split(cell) if player]
        form = handicap.FORMS[forms[row]]
        low, high = PLAYERS_PER_ENTRY[form]
        if not low <= len(ids) <= high:
            want = str(low) if low == high else f"{low} to {high}"
            raise table.fail(row, f"players of a {form} entry must be {want} ids, got {cell!r}")
        if len(set(ids)) != len(ids):
            raise table.fail(row, f"players must not repeat an id, got {cell!r}")
        players.append(ids)
    return players


def _check_rows(results: Results, result: np.ndarray) -> None:
    table = results.table
    checks = (
        (results.played > results.boards, "played must be at most boards", results.played),
        (results.played < 1, "played must be at least 1", results.played),
        ((results.method == 0) & ((result < 0) | (result > 100)),
         "result must be a percentage from 0 to 100 for method topscore", result),
    )  # fmt: skip
    for bad, message, values in checks:
        rows = np.flatnonzero(bad)
        if rows.size:
            raise table.fail(int(rows[0]), f"{message}, got {shown(values[rows[0]])}")


def _check_competitions(results: Results) -> None:
    """One date, form, method, datum and board count per competition; no player twice."""
    table = results.table
    rows_of: dict[str, list[int]] = {}
    for row, competition in enumerate(results.competition):
        rows_of.setdefault(competition, []).append(row)
    for competition, rows in rows_of.items():
        for key, values in (
            ("date", results.date),
            ("form", results.form),
            ("method", results.method),
            ("datum", results.datum),
            ("boards", results.boards),
        ):
            if np.unique(values[rows]).size > 1:
                raise table.fail_rows(rows, f"competition {competition!r} has more than one {key}")
        seen: dict[str, int] = {}
        for row in rows:
            for player in results.players[row]:
                if player in seen:
                    raise table.fail_rows(
                        [seen[player], row], f"player {player!r} plays twice in {competition!r}"
                    )
                seen[player] = row
        form = handicap.FORMS[results.form[rows[0]]]
        if len(rows) < 2 or (form == "team" and len(rows) != 2):
            want = "exactly 2 rows (a team match)" if form == "team" else "at least 2 entries"
            raise table.fail_rows(
                rows, f"competition {competition!r} needs {want}, got {len(rows)}"
            )


# --------------------------------------------------------------------------------------------
# Applying results


@dataclass(frozen=True)
class History:
    """Changes, one per player per competition, in the order they were applied."""

    competition: list[str]
    date: np.ndarray
    player: np.ndarray  # register index
    before: np.ndarray
    delta: np.ndarray
    after: np.ndarray


class _DayChanges(NamedTuple):
    """One date's changes, per member of an entry: its row, player, before, Δ and after."""

    row: np.ndarray
    player: np.ndarray
    before: np.ndarray
    delta: np.ndarray
    after: np.ndarray


@dataclass(frozen=True)
class Update:
    handicap: np.ndarray  # every register player's handicap after the batch (newcomers last)
    newcomers: list[str]
    applied: list[str]  # competition ids, in date order
    skipped: list[str]  # already in the history
    history: History
    touched: np.ndarray  # bool per register player (newcomers included)


def apply_results(
    register: Register,
    results: Results,
    applied_before: set[str],
    constants: handicap.Constants = handicap.SPEC,
    progress: Callable[[int, int], None] | None = None,
) -> Update:
    """Apply every competition not in ``applied_before``, date by date (see the module)."""
    keep = np.array([c not in applied_before for c in results.competition], dtype=bool)
    skipped = sorted({c for c, k in zip(results.competition, keep, strict=True) if not k})
    rows = np.flatnonzero(keep)
    rows = rows[np.argsort(results.date[rows], kind="stable")]
    known = register.index()
    newcomers = sorted({p for r in rows for p in results.players[r] if p not in known})
    for player in newcomers:
        known[player] = len(known)
    h = np.concatenate([register.handicap, np.full(len(newcomers), constants.cap)])
    member_row = np.repeat(np.arange(rows.size), [len(results.players[r]) for r in rows])
    member_player = np.array([known[p] for r in rows for p in results.players[r]], dtype=np.int64)
    competition_ids = [results.competition[r] for r in rows]
    names, competition = np.unique(np.array(competition_ids, dtype=object), return_inverse=True)
    changes: list[_DayChanges] = []
    dates = results.date[rows]
    new_day = np.concatenate([[True], dates[1:] != dates[:-1]])[: rows.size]
    day_starts = np.flatnonzero(new_day)
    day_ends = np.append(day_starts[1:], rows.size)[: day_starts.size]
    member_starts = np.searchsorted(member_row, day_starts)
    member_ends = np.searchsorted(member_row, day_ends)
    touched = np.zeros(h.size, dtype=bool)
    for day, (start, end) in enumerate(zip(day_starts, day_ends, strict=True)):
        members = slice(member_starts[day], member_ends[day])
        local_row = member_row[members] - start
        players = member_player[members]
        delta = _day_changes(
            results,
            rows[start:end],
            competition[start:end],
            names,
            local_row,
            players,
            h,
            constants,
        )
        member_delta = delta[local_row]
        before = h[players]
        total = np.bincount(players, weights=member_delta, minlength=h.size)
        day_players = np.unique(players)
        h[day_players] = np.minimum(constants.cap, h[day_players] + total[day_players])
        touched[day_players] = True
        changes.append(_DayChanges(member_row[members], players, before, member_delta, h[players]))
        if progress is not None:
            progress(day + 1, day_starts.size)
    history = _history(changes, competition_ids, dates)
    order = np.unique(competition, return_index=True)[1]
    applied = [competition_ids[i] for i in sorted(order)]
    return Update(h, newcomers, applied, skipped, history, touched)


def _day_changes(
    results: Results,
    rows: np.ndarray,
    competition: np.ndarray,
    names: np.ndarray,
    local_row: np.ndarray,
    players: np.ndarray,
    h: np.ndarray,
    constants: handicap.Constants,
) -> np.ndarray:
    """Δh of every entry of one date's competitions, from the handicaps at its start."""
    used, local_competition = np.unique(competition, return_inverse=True)
    first_row = rows[np.unique(local_competition, return_index=True)[1]]
    size = np.bincount(local_row, minlength=rows.size)
    entry_h = np.bincount(local_row, weights=h[players], minlength=rows.size) / size
    entries = handicap.Entries(
        competition=local_competition.reshape(-1),
        handicap=entry_h,
        achieved=results.achieved[rows],
        boards=results.boards[rows],
        played=results.played[rows],
        form=results.form[first_row],
        method=results.method[first_row],
        datum=results.datum[first_row],
    )
    _, delta = handicap.competition_changes(entries, names[used], constants)
    return delta


def _history(changes: list[_DayChanges], competition_ids: list[str], dates: np.ndarray) -> History:
    """The history rows of every day, in the order the days were applied."""
    if not changes:
        none = np.zeros(0)
        return History([], np.zeros(0, "datetime64[D]"), np.zeros(0, np.int64), none, none, none)
    row = np.concatenate([c.row for c in changes])
    return History(
        competition=[competition_ids[r] for r in row],
        date=dates[row],
        player=np.concatenate([c.player for c in changes]),
        before=np.concatenate([c.before for c in changes]),
        delta=np.concatenate([c.delta for c in changes]),
        after=np.concatenate([c.after for c in changes]),
    )


# --------------------------------------------------------------------------------------------
# Files


def default_history_path(register: Path) -> Path:
    """players.csv → players-history.csv, beside the register."""
    return register.with_name(f"{register.stem}-history{register.suffix or '.csv'}")


def read_applied(path: Path) -> tuple[set[str], CsvTable | None]:
    """The competition ids already in the history file, and its table (None if no file)."""
    if not path.exists():
        return set(), None
    table = parse_table(read_text(path), str(path), ("competition",), empty_ok=True)
    return set(table.texts("competition")), table


def history_text(previous: CsvTable | None, update: Update, ids: list[str]) -> str:
    """The history file with this batch's changes appended (same delimiter as before)."""
    if previous is None:
        table = parse_table(",".join(HISTORY_COLUMNS) + "\n", "history", (), empty_ok=True)
    else:
        table = previous
    history = update.history
    width = len(table.header)
    columns = [table.columns.get(key) for key in HISTORY_COLUMNS]
    for i, competition in enumerate(history.competition):
        row = [""] * width
        values = (
            competition,
            str(history.date[i]),
            ids[history.player[i]],
            table.formatted(float(history.before[i]), DECIMALS),
            table.formatted(float(history.delta[i]), DECIMALS),
            table.formatted(float(history.after[i]), DECIMALS),
        )
        for index, value in zip(columns, values, strict=True):
            if index is not None:
                row[index] = value
        table.rows.append(row)
    return table.text()


def register_text(register: Register, update: Update) -> str:
    """The register with the new handicaps of players who played, and newcomers added.

    Cells of players who did not play stay exactly as they were typed.
    """
    table = register.table
    if not table.has("handicap"):
        table.set_column("handicap", [""] * len(table.rows))
    typed = table.column("handicap")
    cells = [
        table.formatted(float(update.handicap[i]), DECIMALS) if update.touched[i] else typed[i]
        for i in range(len(typed))
    ]
    table.set_column("handicap", cells)
    id_index, handicap_index = table.columns[register.id_key], table.columns["handicap"]
    for offset, player in enumerate(update.newcomers):
        row = [""] * len(table.header)
        row[id_index] = player
        h = float(update.handicap[len(typed) + offset])
        row[handicap_index] = table.formatted(h, DECIMALS)
        table.rows.append(row)
    return table.text()
