"""The results of a month of competitions for the handicap batch (see
:mod:`xlbridge.io.handicap`): one row per entry per competition, read, checked and coded as
integers for the vectorised batch."""

from __future__ import annotations

import datetime as dt
import itertools
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from xlbridge.io.csv.cells import TEXT_MARK, unmarked
from xlbridge.io.csv.table import CsvTable, parse_table, read_text
from xlbridge.scoring import handicap
from xlbridge.scoring.checks import shown
from xlbridge.scoring.imps import MAX_IMPS
from xlbridge.scoring.names import MAX_COMPETITION_BOARDS, resolve, shown_options

RESULTS_REQUIRED = ("competition", "date", "boards", "players", "result")
PLAYERS_PER_ENTRY = {"pairs": (2, 2), "individual": (1, 1), "team": (2, 6)}
PLAYER_SEPARATORS = re.compile(r"[\s+/&]+")


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
    competition_ids, competition = table.coded_texts("competition") or _codes(
        table.texts("competition")
    )
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


def _codes(values: list[str]) -> tuple[list[str], np.ndarray]:
    """Distinct values in order of first appearance, and each value's index among them.

    A column whose equal values stand together (a competition's rows) is looked up once per
    run of equal values.
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
    """:func:`_codes` in one pass of a dictionary: each value's first position, which numpy
    turns into the value's index among the distinct ones."""
    seen: dict[str, int] = {}
    first = np.fromiter(map(seen.setdefault, values, itertools.count()), np.int64, len(values))
    starts = np.flatnonzero(first == np.arange(first.size))  # first appearances, in order
    code_at = np.empty(first.size, dtype=np.int64)
    code_at[starts] = np.arange(starts.size)
    return list(seen), code_at[first]


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
    """The date column, read through its distinct cells like the other columns: each
    distinct text is parsed once, and numpy gives every row its date through the codes."""
    coded = table.coded_texts("date")  # a column held coded (see xlbridge.io.csv.columns)
    if coded is None:  # held as cells (quotes in the file, or mostly distinct): coded here
        coded = _codes_one_by_one(table.texts("date"))
    return _parsed_dates(table, *coded)


def _parsed_dates(table: CsvTable, distinct: list[str], codes: np.ndarray) -> np.ndarray:
    """Each row's date from the distinct dates (in order of first appearance, so that the
    first one refused is on the first row refused) and each row's index among them."""
    parsed = []
    for code, cell in enumerate(distinct):
        try:
            parsed.append(dt.date.fromisoformat(cell))
        except ValueError:
            row = int(np.flatnonzero(codes == code)[0])
            message = f"date must be a date such as 2026-11-29, got {shown(cell)}"
            raise table.fail(row, message) from None
    parsed_days: np.ndarray = np.array(parsed, dtype="datetime64[D]").reshape(-1)[codes]
    return parsed_days


def _members(table: CsvTable) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The players of every row: their ids, and (row, id index) per member."""
    cells = table.texts("players")
    joined = _ROW_END.join(cells)
    if not cells or joined.count(_ROW_END) != len(cells) - 1 or TEXT_MARK in joined:
        return _members_one_by_one(table)
    # Every separator becomes a space, and each row's end a token of its own. White space
    # (``\s`` of PLAYER_SEPARATORS) is what ``str.split`` splits at, so only the other
    # separators are replaced: no regular expression needs to run over the whole column.
    for separator in _NON_SPACE_SEPARATORS:
        joined = joined.replace(separator, " ")
    tokens = joined.replace(_ROW_END, f" {_ROW_END} ").split()
    distinct, codes = _codes_one_by_one([_ROW_END, *tokens])
    codes = codes[1:]
    ends = codes == 0  # the row-end token has code 0
    rows = np.cumsum(ends)[~ends]
    return distinct[1:], rows.astype(np.int64), codes[~ends] - 1


#: Joins the players cells for :func:`_members` (a character no cell holds).
_ROW_END = "\x00"
#: The separators of PLAYER_SEPARATORS other than white space.
_NON_SPACE_SEPARATORS = "+/&"


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
    boards = f"boards must be a whole number from 1 to {MAX_COMPETITION_BOARDS}"
    imps = f"result must be IMPs per board from -{MAX_IMPS} to {MAX_IMPS} for method imp"
    checks = (
        ((results.boards < 1) | (results.boards > MAX_COMPETITION_BOARDS), boards, results.boards),
        (results.played > results.boards, "played must be at most boards", results.played),
        (results.played < 1, "played must be at least 1", results.played),
        (
            (results.method == 0) & ((result < 0) | (result > 100)),
            "result must be a percentage from 0 to 100 for method topscore",
            result,
        ),
        ((results.method == 1) & (np.abs(result) > MAX_IMPS), imps, result),
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
