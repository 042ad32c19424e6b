"""Board-results files for ``xlbridge score``: a CSV of traveller lines (any number of boards),
read, and written back scored.

The file has a header row naming its columns (case and spaces do not matter, "NS score" is
``ns_score``):

- ``board`` — the board number;
- ``table`` (or ``entry``) — the table whose NS and EW pairs played it;
- ``ns_score`` (or ``score``, ``ns_points``) — NS's score (+420, −50);
- ``ew_score`` — optional: EW's score from EW's side when it does not mirror NS's (a split
  score); blank means −ns_score;
- ``weight`` — optional: the share of an assigned weighted score. Such a table has one row per
  component (60 % of 430 and 40 % of 400 is two rows of the same board and table); a table
  with a single row needs no weight.

Other columns (pair numbers, names, contracts) are kept as they are. Commas, semicolons or tabs
separate the fields; with semicolons or tabs a decimal comma is read and written back. The
scored file has every input row plus two columns, ``ns_<method>`` and ``ew_<method>``, filled
on the first row of each table (a weighted score's other rows stay blank, so column sums are
right). Scoring a scored file again replaces those columns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from xlbridge.errors import InputError
from xlbridge.io.csv.checks import check_range, check_table_text
from xlbridge.io.csv.table import CsvTable, parse_table, read_text
from xlbridge.io.travellers.pairs import check_pairs_once
from xlbridge.scoring import checks
from xlbridge.scoring.boards.frequencies import WEIGHT_TOLERANCE
from xlbridge.scoring.boards.split_scores import score_traveller
from xlbridge.scoring.checks import shown
from xlbridge.scoring.names import SCORE_METHODS
from xlbridge.scoring.session.tables import joint_key

#: ``--method`` choices: the core method and the matchpoint scoring each one means.
METHODS = SCORE_METHODS

ENTRY_COLUMNS = ("table", "entry")
#: What to do with a file of contracts (``xlbridge score`` takes scores only).
CONTRACTS_GIVEN = (
    "this file has contracts; `xlbridge session` scores contracts, results and adjusted scores"
)
#: NS's score, under the names the session reader also takes.
SCORE_COLUMNS = ("ns_score", "score", "ns_points")
REQUIRED = ("board", ENTRY_COLUMNS, SCORE_COLUMNS)


@dataclass(frozen=True)
class BoardResults:
    """A board-results file as ``xlbridge score`` reads it (one line per table and board, any
    number of boards): the file's cells, and the numbers the scoring needs."""

    table: CsvTable
    entry_key: str  # "table" or "entry", as the file names it
    board: np.ndarray
    entry: np.ndarray
    ns_score: np.ndarray
    ew_score: np.ndarray  # NaN where blank
    weight: np.ndarray
    #: Worked out when first asked for (see :func:`_table_of_row`).
    tables: tuple[np.ndarray, np.ndarray, np.ndarray] | None = field(
        default=None, init=False, repr=False, compare=False
    )


def read_board_results(path: Path) -> BoardResults:
    """Read and check a traveller file; every error names the file and line."""
    return parse_board_results(read_text(path), str(path))


def parse_board_results(text: str, name: str = "traveller") -> BoardResults:
    """A traveller from the text of a CSV file (see the module's description)."""
    table = parse_table(text, name, REQUIRED)
    check_table_text(table)
    entry_key = next(key for key in ENTRY_COLUMNS if table.has(key))
    score_key = next(key for key in SCORE_COLUMNS if table.has(key))
    try:
        ns_score = table.numbers(score_key, blank_allowed=False)
    except InputError as error:
        if not table.has("contract"):
            raise
        raise InputError(f"{error}; {CONTRACTS_GIVEN}") from None
    traveller = BoardResults(
        table=table,
        entry_key=entry_key,
        board=table.whole_numbers("board"),
        entry=table.whole_numbers(entry_key),
        ns_score=check_range(table, score_key, ns_score, "decimal score"),
        ew_score=check_range(
            table, "ew_score", table.numbers("ew_score", blank_allowed=True), "decimal score"
        ),
        weight=table.numbers("weight", blank_allowed=True),
    )
    _check_weights(traveller)
    check_pairs_once(table, traveller.board, traveller.entry)
    return traveller


def _table_of_row(traveller: BoardResults) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each row's table index (by board, table), each table's first row and its row count."""
    if traveller.tables is not None:
        return traveller.tables
    keys = joint_key(traveller.board, traveller.entry)  # ordered as the pairs are
    if keys.size and bool((keys[1:] >= keys[:-1]).all()):  # in order already: no sort
        new_table = np.empty(keys.size, dtype=bool)
        new_table[0] = True
        np.not_equal(keys[1:], keys[:-1], out=new_table[1:])
        first = np.flatnonzero(new_table)
        found = (np.cumsum(new_table) - 1, first, np.diff(np.append(first, keys.size)))
    else:
        _, first, of_row, count = np.unique(
            keys, return_index=True, return_inverse=True, return_counts=True
        )
        found = (of_row.reshape(-1), first, count)
    object.__setattr__(traveller, "tables", found)  # three checks and the scoring ask
    return found


def _check_weights(traveller: BoardResults) -> None:
    """Fill blank weights of single-row tables with 1; check every table's weights add to 1."""
    table, weight = traveller.table, traveller.weight
    negative = np.flatnonzero(weight < 0)
    if negative.size:
        row = int(negative[0])
        raise table.fail(row, f"weight must be at least 0, got {shown(weight[row])}")
    of_row, _, count = _table_of_row(traveller)
    weight[np.isnan(weight) & (count[of_row] == 1)] = 1.0
    blank = np.flatnonzero(np.isnan(weight))
    if blank.size:
        rows = np.flatnonzero(of_row == of_row[blank[0]])
        raise table.fail_rows(
            rows,
            f"{_which(traveller, rows[0])} has {rows.size} rows, so each needs a weight "
            "(or the table is listed twice)",
        )
    sums = np.bincount(of_row, weights=weight)
    off = np.flatnonzero(np.abs(sums - 1) > WEIGHT_TOLERANCE)
    if off.size:
        rows = np.flatnonzero(of_row == off[0])
        raise table.fail_rows(
            rows,
            f"the weights of {_which(traveller, rows[0])} must add up to 1, "
            f"got {sums[off[0]]:.12g}",
        )


def _which(traveller: BoardResults, row: int) -> str:
    return f"board {traveller.board[row]}, {traveller.entry_key} {traveller.entry[row]}"


def _check_board_sizes(traveller: BoardResults) -> None:
    """Every board needs at least two tables (unless Neuberg-factored to more)."""
    _, first, _ = _table_of_row(traveller)
    boards, counts = np.unique(traveller.board[first], return_counts=True)
    if (counts < 2).any():
        board = boards[np.flatnonzero(counts < 2)[0]]
        raise traveller.table.fail_rows(
            np.flatnonzero(traveller.board == board),
            f"board {board} must have at least 2 tables to compare, got 1",
        )


@dataclass(frozen=True)
class ScoredRows:
    """NS and EW results on each input row (NaN on a weighted table's later rows)."""

    ns: np.ndarray
    ew: np.ndarray


def score_rows(
    traveller: BoardResults,
    method: str = "mp",
    split: str = "separate",
    expected: float | None = None,
    divisor: str | None = None,
    trim: float | None = None,
    datum_rounding: str | None = None,
) -> ScoredRows:
    """Score a traveller with ``--method`` ``method``; results on each table's first row.

    ``divisor`` (cross-IMPs), ``trim`` (Butler, Bastille) and ``datum_rounding`` (Butler: away
    or even) default to the core's; giving one to a method that does not use it is an error,
    not silently ignored.
    """
    if method not in METHODS:
        raise InputError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    core_method, scoring = METHODS[method]
    for option, value, used, methods in (
        (
            "expected",
            expected,
            core_method == "matchpoints",
            "the matchpoint methods (mp, acbl, percent, ascherman)",
        ),
        ("divisor", divisor, method == "ximp", "ximp"),
        ("trim", trim, method in ("butler", "bastille"), "butler and bastille"),
        ("datum-rounding", datum_rounding, method == "butler", "butler"),
    ):
        if value is not None and not used:
            raise InputError(f"--{option} is for {methods}, got --method {method}")
    if expected is None:
        _check_board_sizes(traveller)
    else:
        expected = checks.whole_number("expected", expected, 2, checks.MAX_RESULTS)
    result = score_traveller(
        traveller.board,
        traveller.entry,
        traveller.ns_score,
        traveller.ew_score,
        traveller.weight,
        method=core_method,
        split=split,
        scoring=scoring,
        divisor=divisor or "comparisons",
        trim=trim,
        expected=expected,
        rounding=datum_rounding or "away",
    )
    _, first_row, _ = _table_of_row(traveller)
    ns = np.full(traveller.board.size, np.nan)
    ew = np.full(traveller.board.size, np.nan)
    ns[first_row] = result.ns
    ew[first_row] = result.ew
    return ScoredRows(ns, ew)


def scored_csv(traveller: BoardResults, scored: ScoredRows, method: str) -> str:
    """The traveller's rows as typed, with ``ns_<method>`` and ``ew_<method>`` set."""
    table = traveller.table
    for name, values in ((f"ns_{method}", scored.ns), (f"ew_{method}", scored.ew)):
        table.set_numbers(name, values)
    return table.text()
