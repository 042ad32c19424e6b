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
already there is skipped, so re-running a batch changes nothing. A player id in the results
that is not in the register is an error listing them all, unless ``--add-new`` is given: then
they are added as newcomers at 52.

Everything is checked before anything is written: a damaged register (unbalanced quotes, rows
with the wrong number of fields, handicaps outside −100 … 52, an id twice) is an error naming
its file and line, never rewritten. The register is rewritten in its own encoding (UTF-8 or
Windows-1252), byte-order mark, separator and line endings; the history likewise. The two
files are replaced together through a write-ahead journal (:mod:`xlbridge.io.journal`), so a
crash at any point leaves a register and a history that agree once the next run has started.
"""

from __future__ import annotations

import datetime as dt
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np

from xlbridge.errors import InputError
from xlbridge.io import number_text
from xlbridge.io.csv_cells import (
    TEXT_MARK,
    TextFormat,
    columns_text,
    csv_cells,
    needs_quotes,
    unmarked,
)
from xlbridge.io.csv_table import (
    CsvTable,
    normalised,
    parse_table,
    paused_gc,
    read_text,
    read_text_format,
)
from xlbridge.io.digit_runs import digits_between
from xlbridge.io.line_bytes import rows_bytes, text_cells
from xlbridge.scoring import handicap
from xlbridge.scoring.checks import shown
from xlbridge.scoring.names import resolve, shown_options

ID_COLUMNS = ("id", "player_id", "player")
REGISTER_REQUIRED = (ID_COLUMNS,)
RESULTS_REQUIRED = ("competition", "date", "boards", "players", "result")
HISTORY_COLUMNS = ("competition", "date", "player", "before", "delta", "after")
PLAYERS_PER_ENTRY = {"pairs": (2, 2), "individual": (1, 1), "team": (2, 6)}
PLAYER_SEPARATORS = re.compile(r"[\s+/&]+")
#: Decimals of a handicap written to the register.
DECIMALS = 6
#: The lowest handicap a register may hold (Project 52 handicaps run from about −10 up to
#: 52; a value below this is a typing error, and it would move every other player's change).
LOWEST_HANDICAP = -100.0


# --------------------------------------------------------------------------------------------
# The register


@dataclass
class Register:
    """The register's cells and every player's handicap in use (newcomers at their start)."""

    table: CsvTable
    id_key: str
    ids: list[str]
    handicap: np.ndarray
    format: TextFormat = TextFormat()

    @property
    def positions(self) -> dict[str, int]:
        """Each player id's row (built once)."""
        stamp = (id(self.ids), len(self.ids))
        cached = self.__dict__.get("_positions")
        if cached is None or cached[0] != stamp:
            cached = (stamp, {player: i for i, player in enumerate(self.ids)})
            self.__dict__["_positions"] = cached
        return cached[1]


def read_register(path: Path, constants: handicap.Constants = handicap.SPEC) -> Register:
    text, stored = read_text_format(path)
    register = parse_register(text, str(path), constants)
    register.format = stored
    return register


def parse_register(
    text: str, name: str = "register", constants: handicap.Constants = handicap.SPEC
) -> Register:
    table = parse_table(text, name, REGISTER_REQUIRED, empty_ok=True)
    id_key = next(key for key in ID_COLUMNS if table.has(key))
    ids = table.texts(id_key)
    table.reject_repeats(ids, "player id")
    current = table.numbers("handicap", blank_allowed=True)
    outside = np.flatnonzero((current > constants.cap) | (current < LOWEST_HANDICAP))
    if outside.size:
        row = int(outside[0])
        raise table.fail(
            row,
            f"handicap must be from {shown(LOWEST_HANDICAP)} to {shown(constants.cap)}, "
            f"got {table.column('handicap')[row].strip()}",
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


# --------------------------------------------------------------------------------------------
# The results


@dataclass(frozen=True)
class Results:
    """Result rows, checked and coded as integers for the vectorised batch.

    Per row: its competition (an index into ``competition_ids``), date, form, method, datum,
    boards, played and achieved result (above average). Per member of an entry (a player in
    a row): ``member_row`` and ``member_code`` (an index into ``player_ids``).
    """

    table: CsvTable
    competition_ids: list[str]
    competition: np.ndarray
    date: np.ndarray  # datetime64[D]
    form: np.ndarray  # index into handicap.FORMS
    method: np.ndarray  # index into handicap.METHODS
    datum: np.ndarray
    boards: np.ndarray
    played: np.ndarray
    achieved: np.ndarray
    player_ids: list[str]
    member_row: np.ndarray
    member_code: np.ndarray
    member_count: np.ndarray  # members of each row
    member_start: np.ndarray  # index of each row's first member

    def players(self, row: int) -> list[str]:
        members = self.member_code[self.member_row == row]
        return [self.player_ids[code] for code in members]


def read_results(path: Path) -> Results:
    return parse_results(read_text(path), str(path))


def parse_results(text: str, name: str = "results") -> Results:
    table = parse_table(text, name, RESULTS_REQUIRED)
    competition_ids, competition = _column_codes(table, "competition")
    forms = _choices(table, "form", handicap.FORMS, "pairs")
    methods = _choices(table, "method", handicap.METHODS, "topscore")
    boards = table.whole_numbers("boards")
    played = table.numbers("played", blank_allowed=True)
    played = np.where(np.isnan(played), boards, played)
    result = table.numbers("result", blank_allowed=False)
    player_ids, member_row, member_code = _members(table)
    member_count = np.bincount(member_row, minlength=table.size)
    results = Results(
        table=table,
        competition_ids=competition_ids,
        competition=competition,
        date=_dates(table),
        form=forms,
        method=methods,
        datum=_choices(table, "datum", YES_NO, "no") == 1,
        boards=boards,
        played=played,
        achieved=np.where(methods == 0, result - handicap.AVERAGE_PERCENT, result),
        player_ids=player_ids,
        member_row=member_row,
        member_code=member_code,
        member_count=member_count,
        member_start=np.cumsum(member_count) - member_count,
    )
    _check_rows(results, result)
    _check_competitions(results)
    return results


def _column_codes(table: CsvTable, key: str) -> tuple[list[str], np.ndarray]:
    """:func:`_codes` of a column of text that must not be blank (read from the file's
    bytes when it can be: equal cells compared as byte strings)."""
    cells = table.texts_fixed(key)
    if cells is None or (cells == b"").any():  # a blank is named by texts()
        return _codes(table.texts(key))
    found = _codes_by_runs(cells[1:] != cells[:-1], lambda at: _decoded(cells[at]))
    if found is not None:
        return found
    distinct, first, inverse = np.unique(cells, return_index=True, return_inverse=True)
    order, rank = _first_appearance_order(first)
    return _decoded(distinct[order]), rank[inverse.reshape(-1)]


def _decoded(cells: np.ndarray) -> list[str]:
    return [cell.decode("utf-8", "surrogatepass") for cell in cells.tolist()]


def _codes(values: list[str]) -> tuple[list[str], np.ndarray]:
    """Distinct values in order of first appearance, and each value's index among them.

    A column whose equal values stand together (a competition's rows, a date's) is looked
    up once per run of equal values.
    """
    differs = np.fromiter(map(operator.ne, values[1:], values[:-1]), bool, max(len(values) - 1, 0))
    found = _codes_by_runs(differs, lambda at: [values[i] for i in at.tolist()])
    return found if found is not None else _codes_one_by_one(values)


def _codes_by_runs(
    differs: np.ndarray, values_at: Callable[[np.ndarray], list[str]]
) -> tuple[list[str], np.ndarray] | None:
    """:func:`_codes` of a column from where each value differs from the one before (and
    ``values_at``, the values at given rows), looking up each run of equal values once;
    None when runs are more than half the values (they do not stand together)."""
    size = differs.size + 1
    starts = np.flatnonzero(np.concatenate([[True], differs]))
    if size <= 2 or starts.size > size // 2:
        return None
    distinct, codes = _codes_one_by_one(values_at(starts))
    return distinct, np.repeat(codes, np.diff(np.append(starts, size)))


def _codes_one_by_one(values: list[str]) -> tuple[list[str], np.ndarray]:
    distinct = list(dict.fromkeys(values))
    index = {value: code for code, value in enumerate(distinct)}
    return distinct, np.fromiter(map(index.__getitem__, values), np.int64, len(values))


def _choices(
    table: CsvTable, key: str, options: tuple[str, ...] | dict[str, int], default: str
) -> np.ndarray:
    """A column of choices as indices (``options`` may map several spellings to one)."""
    index = options if isinstance(options, dict) else {o: i for i, o in enumerate(options)}
    if not table.has(key):
        return np.full(table.size, index[default], dtype=np.int64)
    cells = table.texts(key, blank_allowed=True)

    def spelled(cell: str) -> int:  # any spelling the rest of xlbridge takes ("teams")
        found = resolve(cell or default, tuple(index))
        return -1 if found is None else index[found]

    code = {cell: spelled(cell) for cell in dict.fromkeys(cells)}
    codes = np.fromiter(map(code.__getitem__, cells), np.int64, len(cells))
    bad = np.flatnonzero(codes < 0)
    if bad.size:
        row = int(bad[0])
        names = sorted(set(index), key=lambda option: index[option])
        got = shown(cells[row])
        raise table.fail(row, f"{key} must be one of {shown_options(names)}, got {got}")
    return codes


YES_NO = {"no": 0, "yes": 1, "false": 0, "true": 1, "n": 0, "y": 1, "0": 0, "1": 1}


def _dates(table: CsvTable) -> np.ndarray:
    """The date column; each distinct spelling is parsed once (all of them in one go when
    every cell is written YYYY-MM-DD)."""
    fixed = table.texts_fixed("date")
    if fixed is not None and fixed.dtype.itemsize == 10 and fixed.size:
        days = _iso_days_of(fixed.view(np.uint8).reshape(-1, 10))
        if days is not None:
            return days
    cells = table.texts("date")
    joined = "".join(cells)
    digits = joined.replace("-", "")
    if (
        (joined[4::10] + joined[7::10]).strip("-") == ""
        and len(digits) == 8 * len(cells)
        and (digits.isascii() and digits.isdigit() and set(map(len, cells)) <= {10})
    ):
        days = _iso_days(digits)
        if days is not None:
            return days
    distinct, codes = _codes(cells)
    parsed = []
    for code, cell in enumerate(distinct):
        try:
            parsed.append(dt.date.fromisoformat(cell))
        except ValueError:
            row = int(np.flatnonzero(codes == code)[0])
            message = f"date must be a date such as 2026-11-29, got {shown(cell)}"
            raise table.fail(row, message) from None
    return np.array(parsed, dtype="datetime64[D]").reshape(-1)[codes]


def _iso_days_of(cells: np.ndarray) -> np.ndarray | None:
    """Dates written YYYY-MM-DD, a row of ASCII bytes each, as days (see :func:`_iso_days`);
    None when one is written otherwise or is not a date."""
    dashes = cells[:, [4, 7]]
    digits = np.delete(cells, [4, 7], axis=1)
    if not ((dashes == ord("-")).all() and ((digits - ord("0")) <= 9).all()):
        return None
    return _iso_days(digits.tobytes().decode("ascii"))


def _iso_days(digits: str) -> np.ndarray | None:
    """Dates written YYYYMMDD back to back (8 ASCII digits each) as days, read in one go;
    None when one of them is not a date of the calendar from the year 1 on (2026-02-29,
    say), which the caller then names."""
    numbers = np.frombuffer(digits.encode("ascii"), dtype=np.uint8).reshape(-1, 8) - ord("0")
    numbers = numbers.astype(np.int64) @ np.array([10**7, 10**6, 10**5, 10**4, 1000, 100, 10, 1])
    year, month, day = numbers // 10_000, numbers // 100 % 100, numbers % 100
    if not ((year >= 1).all() and (month >= 1).all() and (month <= 12).all() and (day >= 1).all()):
        return None
    months = (year - 1970) * 12 + (month - 1)
    first = months.astype("datetime64[M]").astype("datetime64[D]")
    length = (months + 1).astype("datetime64[M]").astype("datetime64[D]") - first
    if (day > length.astype(np.int64)).any():  # the calendar's own check
        return None
    return first + (day - 1)


def _members(table: CsvTable) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The players of every row: their ids, and (row, id index) per member."""
    joined_bytes = table.texts_joined("players")
    if joined_bytes is not None and joined_bytes.isascii() and b"\x00" not in joined_bytes:
        numbered = _numbered_members(joined_bytes.replace(b"\n", b"\x00"), table.size)
        if numbered is not None:
            return numbered
    cells = table.texts("players")
    joined = _ROW_END.join(cells)
    if _ROW_END in "".join(cells) or TEXT_MARK in joined:
        return _members_one_by_one(table)
    numbered = _numbered_members(joined.encode("utf-8", "surrogatepass"), len(cells))
    if numbered is not None:
        return numbered
    # Every separator becomes a space, and each row's end a token of its own.
    tokens = PLAYER_SEPARATORS.sub(" ", joined).replace(_ROW_END, f" {_ROW_END} ").split()
    distinct, codes = _codes([_ROW_END, *tokens])
    codes = codes[1:]
    ends = codes == 0  # the row-end token has code 0
    rows = np.cumsum(ends)[~ends]
    return distinct[1:], rows.astype(np.int64), codes[~ends] - 1


#: Joins the players cells for :func:`_members` (a character no cell holds).
_ROW_END = "\x00"
#: An empty id or one with a leading zero ("007" and "7" are different players).
_NOT_PLAIN_NUMBER = re.compile(r"(?:^|[+\x00])(?:0[0-9]|[+\x00]|$)")


def _numbered_members(joined: bytes, rows: int) -> tuple[list[str], np.ndarray, np.ndarray] | None:
    """:func:`_members` when every id is a number without leading zeros, separated by "+"
    (a federation's numbers, say): the ids are read as integers in one go. None otherwise.
    ``joined``: the rows' cells (UTF-8) joined by the row-end mark."""
    digits = joined.replace(b"+", b"").replace(_ROW_END.encode(), b"")
    if not (digits.isascii() and digits.isdigit()):  # ASCII digits only
        return None
    data = np.frombuffer(joined, dtype=np.uint8)
    separator = (data == ord("+")) | (data == 0)
    zero = data == ord("0")
    # An empty id or a leading zero can only be where a separator or a "0" starts the text, a
    # separator ends it, or one is followed by another or by a "0": looked into only if so.
    if (
        separator[0]
        or zero[0]
        or separator[-1]
        or (separator[:-1] & (separator[1:] | zero[1:])).any()
    ):
        if _NOT_PLAIN_NUMBER.search(joined.decode("ascii")):
            return None
    numbers = digits_between(data, separator)
    if numbers is None:
        return None
    ends = np.append(np.flatnonzero(data == 0), data.size)
    count = np.diff(np.searchsorted(np.flatnonzero(data == ord("+")), ends), prepend=0) + 1
    distinct, codes = first_appearance_codes(numbers)
    ids = [str(number) for number in distinct.tolist()]
    return ids, np.repeat(np.arange(rows, dtype=np.int64), count), codes


def first_appearance_codes(numbers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct values of a column of non-negative whole numbers in order of first
    appearance, and each value's index among them.

    Numbers from a range not much wider than the column (a federation's numbers, say) are
    counted off in a table of that range, which needs no sort; others go through a sort.
    """
    numbers = numbers.reshape(-1)
    if not numbers.size:
        return numbers.copy(), np.zeros(0, dtype=np.int64)
    low = int(numbers.min())
    span = int(numbers.max()) - low + 1
    if span <= max(8 * numbers.size, 1 << 20):
        offset = numbers - low
        present = np.zeros(span, dtype=bool)
        present[offset] = True
        distinct = np.flatnonzero(present) + low  # sorted
        inverse = (np.cumsum(present) - 1)[offset]
        first = np.full(distinct.size, numbers.size, dtype=np.int64)
        np.minimum.at(first, inverse, np.arange(numbers.size, dtype=np.int64))
    else:
        distinct, first, inverse = np.unique(numbers, return_index=True, return_inverse=True)
    order, rank = _first_appearance_order(first)
    return distinct[order], rank[inverse.reshape(-1)]


def _first_appearance_order(first: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For distinct values first seen at rows ``first``: the order that puts them in order of
    first appearance, and each one's place in it."""
    order = np.argsort(first, kind="stable")
    rank = np.empty(order.size, dtype=np.int64)
    rank[order] = np.arange(order.size)
    return order, rank


def _members_one_by_one(table: CsvTable) -> tuple[list[str], np.ndarray, np.ndarray]:
    """:func:`_members` cell by cell (for cells holding a text mark or the row-end mark)."""
    index: dict[str, int] = {}
    rows: list[int] = []
    codes: list[int] = []
    for row, cell in enumerate(table.texts("players")):
        for part in PLAYER_SEPARATORS.split(cell):
            player = unmarked(part)
            if player:
                rows.append(row)
                codes.append(index.setdefault(player, len(index)))
    return list(index), np.array(rows, dtype=np.int64), np.array(codes, dtype=np.int64)


def _check_rows(results: Results, result: np.ndarray) -> None:
    table = results.table
    count = np.bincount(results.member_row, minlength=results.form.size)
    low = np.array([PLAYERS_PER_ENTRY[form][0] for form in handicap.FORMS])[results.form]
    high = np.array([PLAYERS_PER_ENTRY[form][1] for form in handicap.FORMS])[results.form]
    wrong_count = np.flatnonzero((count < low) | (count > high))
    if wrong_count.size:
        row = int(wrong_count[0])
        form = handicap.FORMS[results.form[row]]
        want = str(low[row]) if low[row] == high[row] else f"{low[row]} to {high[row]}"
        cell = table.column("players")[row]
        raise table.fail(row, f"players of a {form} entry must be {want} ids, got {shown(cell)}")
    checks = (
        (results.played > results.boards, "played must be at most boards", results.played),
        (results.played < 1, "played must be at least 1", results.played),
        (
            (results.method == 0) & ((result < 0) | (result > 100)),
            "result must be a percentage from 0 to 100 for method topscore",
            result,
        ),
    )
    for bad, message, values in checks:
        rows = np.flatnonzero(bad)
        if rows.size:
            raise table.fail(int(rows[0]), f"{message}, got {shown(values[rows[0]])}")


def _check_competitions(results: Results) -> None:
    """One date, form, method, datum and board count per competition; no player twice."""
    table, competition = results.table, results.competition
    order = np.argsort(competition, kind="stable")
    starts = np.flatnonzero(np.diff(competition[order], prepend=-1))
    for key, values in (
        ("date", results.date.astype(np.int64)),
        ("form", results.form),
        ("method", results.method),
        ("datum", results.datum.astype(np.int64)),
        ("boards", results.boards),
    ):
        ordered = values[order]
        differs = np.minimum.reduceat(ordered, starts) != np.maximum.reduceat(ordered, starts)
        _fail_competition(results, np.flatnonzero(differs), f"has more than one {key}")
    member_competition = competition[results.member_row]
    key = member_competition * len(results.player_ids) + results.member_code
    _, first, seen = np.unique(key, return_index=True, return_counts=True)
    twice = np.flatnonzero(seen > 1)
    if twice.size:
        member = first[twice[0]]
        rows = np.flatnonzero(key == key[member])
        player = results.player_ids[results.member_code[member]]
        name = results.competition_ids[member_competition[member]]
        raise table.fail_rows(
            results.member_row[rows], f"player {shown(player)} plays twice in {shown(name)}"
        )
    entries = np.bincount(competition)
    is_team = results.form[order][starts] == handicap.FORMS.index("team")
    alone = np.flatnonzero(~is_team & (entries < 2))
    _fail_competition(results, alone, "needs at least 2 entries", count=True)
    not_two = np.flatnonzero(is_team & (entries != 2))
    _fail_competition(results, not_two, "is a team match and needs exactly 2 rows", count=True)


def _fail_competition(results: Results, bad: np.ndarray, message: str, count: bool = False) -> None:
    if bad.size:
        code = int(bad[0])
        rows = np.flatnonzero(results.competition == code)
        name = results.competition_ids[code]
        got = f", got {rows.size}" if count else ""
        raise results.table.fail_rows(rows, f"competition {shown(name)} {message}{got}")


# --------------------------------------------------------------------------------------------
# Applying results


@dataclass(frozen=True)
class History:
    """Changes, one per player per competition, in the order they were applied.

    Kept as each day's arrays; the columns are joined when first asked for (when the history
    file is written), not while the batch runs.
    """

    days: tuple[_DayChanges, ...]
    results: Results

    def _column(self, name: str) -> np.ndarray:
        parts = [getattr(day, name) for day in self.days]
        return np.concatenate(parts) if parts else np.zeros(0, np.int64)

    @property
    def competition(self) -> np.ndarray:  # index into Results.competition_ids
        return self.results.competition[self._column("row")]

    @property
    def date(self) -> np.ndarray:
        return self.results.date[self._column("row")]

    @property
    def player(self) -> np.ndarray:  # register index
        return self._column("player")

    @property
    def before(self) -> np.ndarray:
        return self._column("before").astype(float)

    @property
    def delta(self) -> np.ndarray:
        return self._column("delta").astype(float)

    @property
    def after(self) -> np.ndarray:
        return self._column("after").astype(float)


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
    applied_codes: np.ndarray  # competitions applied, in date order (indices of ids)
    skipped_codes: np.ndarray  # competitions already in the history
    competition_ids: list[str]
    history: History
    touched: np.ndarray  # bool per register player (newcomers included)

    @property
    def applied(self) -> list[str]:
        return [self.competition_ids[c] for c in self.applied_codes.tolist()]

    @property
    def skipped(self) -> list[str]:
        return [self.competition_ids[c] for c in self.skipped_codes.tolist()]


def apply_results(
    register: Register,
    results: Results,
    applied_before: set[str],
    constants: handicap.Constants = handicap.SPEC,
    progress: Callable[[int, int], None] | None = None,
    add_new: bool = True,
) -> Update:
    """Apply every competition not in ``applied_before``, date by date (see the module).

    Players of the applied competitions who are not in the register are added at 52 when
    ``add_new`` is true, and otherwise an InputError lists them.
    """
    skip = np.zeros(len(results.competition_ids), dtype=bool)
    if applied_before:
        skip[[i for i, c in enumerate(results.competition_ids) if c in applied_before]] = True
    day_of_row = _day_numbers(results.date)
    day_of_row[skip[results.competition]] = -1
    rows = np.argsort(day_of_row, kind="stable")  # a radix sort: day numbers are small
    rows = rows[day_of_row[rows] >= 0]
    player, newcomers = _register_index(register, results)
    if newcomers and not add_new:
        _reject_unknown(results, newcomers, rows)
    h = np.concatenate([register.handicap, np.full(len(newcomers), constants.cap)])
    member_row, member_player = _members_in_order(results, rows, player)
    members_per_row = results.member_count[rows]
    field = _field(results, rows, constants)
    day_starts = np.flatnonzero(np.diff(results.date[rows].astype(np.int64), prepend=-(2**62)))
    bounds = np.append(day_starts, rows.size)
    member_bounds = np.searchsorted(member_row, bounds)
    touched = np.zeros(h.size, dtype=bool)
    changes: list[_DayChanges] = []
    for day in range(day_starts.size):
        start, end = bounds[day], bounds[day + 1]
        members = slice(member_bounds[day], member_bounds[day + 1])
        local_row = member_row[members] - start
        players = member_player[members]
        before = h[players]
        entry_h = np.bincount(local_row, weights=before, minlength=end - start)
        _, delta = handicap.field_changes(
            field.part(slice(start, end)), entry_h / members_per_row[start:end]
        )
        member_delta = delta[local_row]
        total = np.bincount(players, weights=member_delta, minlength=h.size)
        # A player in two competitions of the day appears twice, with the same new value.
        h[players] = np.minimum(constants.cap, before + total[players])
        touched[players] = True
        changes.append(
            _DayChanges(rows[start:end][local_row], players, before, member_delta, h[players])
        )
        if progress is not None:
            progress(day + 1, day_starts.size)
    applied = np.zeros(len(results.competition_ids), dtype=bool)
    applied[results.competition[rows]] = True
    codes = np.flatnonzero(applied)
    first_day = np.full(applied.size, np.iinfo(np.int64).max)
    np.minimum.at(first_day, results.competition[rows], day_of_row[rows].astype(np.int64))
    return Update(
        handicap=h,
        newcomers=newcomers,
        applied_codes=codes[np.argsort(first_day[codes], kind="stable")],
        skipped_codes=np.flatnonzero(skip),
        competition_ids=results.competition_ids,
        history=History(tuple(changes), results),
        touched=touched,
    )


def _register_index(register: Register, results: Results) -> tuple[np.ndarray, list[str]]:
    """Register index of each of the results' players; ids not in the register are added."""
    known = register.positions
    index = np.array([known.get(p, -1) for p in results.player_ids], dtype=np.int64)
    unknown = np.flatnonzero(index < 0)
    newcomers = sorted(results.player_ids[i] for i in unknown.tolist())
    position = {player: len(known) + i for i, player in enumerate(newcomers)}
    index[unknown] = [position[results.player_ids[i]] for i in unknown.tolist()]
    return index, newcomers


def _reject_unknown(results: Results, unknown: list[str], rows: np.ndarray) -> None:
    """An error listing the ids (and the lines) of players not in the register."""
    missing = set(unknown)
    applied = np.zeros(results.table.size, dtype=bool)
    applied[rows] = True
    lines: dict[str, list[int]] = {player: [] for player in unknown}
    for member, code in enumerate(results.member_code.tolist()):
        player, row = results.player_ids[code], int(results.member_row[member])
        if player in missing and applied[row]:
            lines[player].append(int(results.table.lines[row]))
    listed = [player for player in unknown if lines[player]]
    if not listed:
        return
    where = "; ".join(_player_lines(player, lines[player]) for player in listed[:20])
    more = f" and {len(listed) - 20} more" if len(listed) > 20 else ""
    raise InputError(
        f"{results.table.name}: {len(listed)} player id{'s' * (len(listed) > 1)} not in the "
        f"register: {where}{more}; correct them, or give --add-new to add them at 52"
    )


def _player_lines(player: str, lines: list[int]) -> str:
    shown_lines = ", ".join(map(str, lines[:5])) + (" …" if len(lines) > 5 else "")
    return f"{shown(player)} (line{'s' * (len(lines) > 1)} {shown_lines})"


def _day_numbers(dates: np.ndarray) -> np.ndarray:
    """Each date's rank among the distinct dates (0, 1, …), as a small integer type."""
    offset = (dates - dates.min()).astype(np.int64)
    present = np.bincount(offset) > 0
    rank = np.cumsum(present) - 1
    kind = np.int16 if rank[-1] < 2**15 - 1 else np.int64
    return rank[offset].astype(kind)


def _members_in_order(
    results: Results, rows: np.ndarray, player: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """(position in ``rows``, register index) of every member of those rows, in that order.

    A row's members are consecutive (they were read in row order), so the members of the
    reordered rows are the rows' blocks, taken in the new order.
    """
    count = results.member_count[rows]
    first = results.member_start[rows]
    if count.size and count.min() == count.max():  # all pairs, say: a block of k each
        k = int(count[0])
        member = (first[:, None] + np.arange(k)).reshape(-1)
        position = np.repeat(np.arange(rows.size), k)
    else:
        position = np.repeat(np.arange(rows.size), count)
        before = np.cumsum(count) - count
        member = np.repeat(first - before, count) + np.arange(position.size)
    return position, player[results.member_code[member]]


def _field(results: Results, rows: np.ndarray, constants: handicap.Constants) -> handicap.Field:
    """The rows' competitions (numbered as in the results) with everything but handicaps."""
    # Codes were given in order of first appearance: a code's first row is where the running
    # highest code goes up.
    highest = np.maximum.accumulate(results.competition)
    first_row = np.flatnonzero(np.diff(highest, prepend=-1) > 0)
    entries = handicap.Entries(
        competition=results.competition[rows],
        handicap=np.zeros(rows.size),
        achieved=results.achieved[rows],
        boards=results.boards[rows],
        played=results.played[rows],
        form=results.form[first_row],
        method=results.method[first_row],
        datum=results.datum[first_row],
    )
    return handicap.prepare_field(entries, results.competition_ids, constants)


# --------------------------------------------------------------------------------------------
# Files


def default_history_path(register: Path) -> Path:
    """players.csv → players-history.csv, beside the register."""
    return register.with_name(f"{register.stem}-history{register.suffix or '.csv'}")


@dataclass(frozen=True)
class HistoryFile:
    """A history file as read: its text (empty when there is none yet) and storage format."""

    path: Path
    text: str
    format: TextFormat
    applied: set[str]


def read_history(path: Path, default: TextFormat | None = None) -> HistoryFile:
    """The history at ``path`` and the competition ids already in it (none without a file)."""
    if not path.exists():
        return HistoryFile(path, "", default or TextFormat(), set())
    text, stored = read_text_format(path)
    if not text.strip():
        return HistoryFile(path, "", stored, set())
    table = parse_table(text, str(path), HISTORY_COLUMNS, empty_ok=True)
    header = tuple(normalised(cell) for cell in table.header)
    if header != HISTORY_COLUMNS:
        raise InputError(
            f"{path}, line 1: a history file must have the columns "
            f"{', '.join(HISTORY_COLUMNS)}, got {', '.join(header) or 'nothing'}"
        )
    fixed = table.texts_fixed("competition")  # 800,000 lines a month: read from the bytes
    if fixed is not None and not (fixed == b"").any():
        return HistoryFile(path, text, stored, set(_decoded(np.unique(fixed))))
    return HistoryFile(path, text, stored, set(table.texts("competition")))


def read_applied(path: Path) -> set[str]:
    """The competition ids already in the history file (none if there is no file yet)."""
    return read_history(path).applied


def history_bytes(
    history_file: HistoryFile, update: Update, ids: list[str], competitions: list[str]
) -> bytes:
    """The history file's bytes with this batch's changes appended, in its own format."""
    text = history_file.text
    if text and not text.endswith("\n"):
        text += "\n"
    with paused_gc():
        rows = _history_rows_bytes(update, ids, competitions, history_file.format)
        if rows is not None:  # the usual case, put together as bytes
            head = text or columns_text(HISTORY_COLUMNS, [[] for _ in HISTORY_COLUMNS])
            return history_file.format.encode(head, str(history_file.path)) + rows
        text += columns_text(
            None if text else HISTORY_COLUMNS,
            _history_columns(update, ids, competitions),
            numeric=(0, 1, 2, 3, 4, 5),  # text made safe per distinct value
        )
    return history_file.format.encode(text, str(history_file.path))


def _history_rows_bytes(
    update: Update, ids: list[str], competitions: list[str], stored: TextFormat
) -> bytes | None:
    """The new history rows as the file's bytes, or None when a cell needs quotes, a
    character has no place in the file's encoding or a number needs Python's formatting
    (the rows are then written as text, which names such a character)."""
    history = update.history
    days, day = np.unique(history.date, return_inverse=True)
    columns = []
    for distinct, codes in (
        (competitions, history.competition),
        (days.astype(str).tolist(), day),
        (ids, history.player),
    ):
        safe = csv_cells(list(distinct))
        if needs_quotes(safe, "\n".join(safe), ",", len(HISTORY_COLUMNS)):
            return None
        try:
            encoded = [cell.encode(stored.encoding) for cell in safe]
        except UnicodeEncodeError:
            return None
        cells = text_cells(encoded, codes.reshape(-1))
        if cells is None:
            return None
        columns.append(cells)
    for values in (history.before, history.delta, history.after):
        cells = number_text.fixed_cells(values, DECIMALS)
        if cells is None:
            return None
        columns.append(cells)
    if not history.player.size:
        return b""
    return rows_bytes(columns, b",", stored.newline.encode("ascii"))


def _history_columns(update: Update, ids: list[str], competitions: list[str]) -> list[list[str]]:
    """The new history rows' cells, column by column (numbers with DECIMALS places)."""
    history = update.history
    days, day = np.unique(history.date, return_inverse=True)
    columns = [
        _cells_of(competitions, history.competition),
        _cells_of(days.astype(str).tolist(), day),
    ]
    columns.append(_cells_of(ids, history.player))
    for values in (history.before, history.delta, history.after):
        columns.append(number_text.fixed(values, DECIMALS))
    return columns


def _cells_of(distinct: list[str], codes: np.ndarray) -> list[str]:
    """The cells of a column of few distinct values: each value made safe once (see
    :func:`csv_cells`), then looked up."""
    return list(map(csv_cells(distinct).__getitem__, codes.reshape(-1).tolist()))


def register_text(register: Register, update: Update) -> str:
    """The register with the new handicaps of players who played, and newcomers added.

    Cells of players who did not play stay exactly as they were typed.
    """
    table = register.table
    if not table.has("handicap"):
        table.set_column("handicap", [""] * table.size)
    old = table.size
    cells = table.column("handicap")
    touched = np.flatnonzero(update.touched[:old])
    new_handicaps = table.formatted_column(update.handicap[touched], DECIMALS)
    for index, cell in zip(touched.tolist(), new_handicaps, strict=True):
        cells[index] = cell
    table.set_column("handicap", cells, numeric=True)  # typed numbers, or ours
    id_index, handicap_index = table.columns[register.id_key], table.columns["handicap"]
    new_cells = table.formatted_column(update.handicap[old:], DECIMALS)
    rows = []
    for player, cell in zip(update.newcomers, new_cells, strict=True):
        row = [""] * len(table.header)
        row[id_index] = player
        row[handicap_index] = cell
        rows.append(row)
    table.append_rows(rows)
    return table.text()


def register_bytes(register: Register, update: Update) -> bytes:
    """:func:`register_text` in the register's own encoding, byte-order mark and line ends."""
    return register.format.encode(register_text(register, update), register.table.name)
