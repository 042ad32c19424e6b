"""Traveller files for ``xlbridge session``: the lines of a pairs session, and pair names.

A CSV file with a header row (see :mod:`xlbridge.io.csv.table` for separators, encodings and how
column names are matched). One line per table per board:

- ``board`` — the board number;
- ``ns_pair`` and ``ew_pair`` (or ``NS`` and ``EW``) — the pair numbers (any labels: ``01``
  and a full-width ``１`` are pair 1, see :func:`~xlbridge.io.pair_labels.normal_label`);
- ``section`` — optional: the section ("A", "B"), blank for a one-section event;
- either ``ns_score`` (or ``score``) — NS's score, an artificial adjusted score (``A60/40``,
  ``A6040``, ``A+/A-``, ``A=/A=``) or ``NP`` (not played; a blank line means the same);
- or ``contract``, ``declarer`` (or ``by``) and ``result`` (or ``tricks``): ``4S``, ``N``,
  ``=`` / ``+1`` / ``-2`` / ``10``; the score is worked out. When a score is given too, it must
  agree;
- ``ew_score``, ``weight`` — optional, as in ``xlbridge score`` (split and weighted scores);
- ``round``, ``lead``, ``table`` — optional, kept for the results.

The common export header ``Board,Table,NS,EW,Contract,By,Tricks,Score`` is read as it is.
A names file has the columns ``pair`` and ``names`` (or ``name`` or ``players``), and
optionally ``section`` and ``direction`` (for Mitchells whose NS and EW pairs share numbers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from os import PathLike
from pathlib import Path

import numpy as np

from xlbridge.errors import InputError, Mistakes
from xlbridge.io.csv.checks import check_table_text
from xlbridge.io.csv.columns import CodedCells
from xlbridge.io.csv.table import CsvTable, parse_table, read_text
from xlbridge.io.pair_labels import normal_label
from xlbridge.scoring.checks import shown
from xlbridge.scoring.contract import RowError, parse_rows
from xlbridge.scoring.session import (
    ADJUSTED,
    MAX_SCORE,
    NOT_PLAYED_KIND,
    SCORE,
    Adjusted,
    PairResult,
    Traveller,
    artificial,
    is_not_played,
    label_codes,
    parse_adjusted,
)

#: Each column the reader uses and the names it may go by (after normalising).
ALIASES: dict[str, tuple[str, ...]] = {
    "ns_pair": ("ns_pair", "ns", "n/s", "ns_pair_number", "pair_ns"),
    "ew_pair": ("ew_pair", "ew", "e/w", "ew_pair_number", "pair_ew"),
    "ns_score": ("ns_score", "score", "ns_points"),
    "declarer": ("declarer", "by", "decl"),
    "result": ("result", "tricks", "made"),
}
REQUIRED = ("board", ALIASES["ns_pair"], ALIASES["ew_pair"])
NAME_COLUMNS = ("names", "name", "players")
#: The largest board number and round read (sanity bounds, far beyond any event).
MAX_BOARD, MAX_ROUND = 9999, 999


def _key(table: CsvTable, column: str) -> str:
    """The name the file uses for ``column`` (the column itself when absent)."""
    return next((key for key in ALIASES.get(column, (column,)) if table.has(key)), column)


def read_session(path: str | PathLike[str]) -> Traveller:
    """Read a session's traveller file; every error names the file and line."""
    return parse_session(read_text(Path(path)), str(path))


def parse_session(text: str, name: str = "traveller") -> Traveller:
    """Traveller lines from the text of a CSV file (see the module's description). A bad line
    raises :class:`InputErrors` naming every bad line of the file, in order."""
    table = parse_table(text, name, REQUIRED)
    try:
        return _traveller(table)
    except InputError as error:
        mistakes = Mistakes()
        _find_mistakes(table, np.arange(table.size), mistakes)
        mistakes.raise_if_any()
        raise error from None  # a mistake only the lines together make


def _find_mistakes(table: CsvTable, rows: np.ndarray, mistakes: Mistakes) -> None:
    """Keep the mistake of every bad line among ``rows`` (known to hold one): the rows are
    read again in halves, and a half that fails in halves again, down to the lines, so a
    few mistakes in a long file cost a few readings of it, not one per line."""
    if rows.size == 1:
        try:
            _traveller(_rows_of(table, rows))
        except InputError as error:
            mistakes.add(error, (int(table.lines[rows[0]]),))
        return
    for half in np.array_split(rows, 2):
        try:
            _traveller(_rows_of(table, half))
        except InputError:
            _find_mistakes(table, half, mistakes)


def _rows_of(table: CsvTable, rows: np.ndarray) -> CsvTable:
    """The table of ``rows`` alone (each keeps its file line)."""
    picked = rows.tolist()
    held: list[list[str] | CodedCells] = [[cells[row] for row in picked] for cells in table.cells]
    return replace(table, held=held, lines=table.lines[rows])


def _traveller(table: CsvTable) -> Traveller:
    """The traveller of a parsed table; the first bad line raises :class:`InputError`."""
    name = table.name
    check_table_text(table)
    size = table.size
    board = _whole_in_range(table, "board", 1, MAX_BOARD, blank_allowed=False)
    pairs, codes = label_codes(pair_labels(table, ("ns_pair", "ew_pair")))
    sections, section = label_codes(table.texts("section", blank_allowed=True))
    kind, ns_score, ns_share, ew_share = _scores(table)
    contract, declarer, tricks = _contracts(table, board, kind, ns_score)
    ew_score = table.numbers("ew_score", blank_allowed=True)
    rounds = _whole_in_range(table, "round", 1, MAX_ROUND, blank_allowed=True)
    for column, values in (("ns_score", ns_score), ("ew_score", ew_score)):
        wild = np.flatnonzero(np.abs(values) > MAX_SCORE)
        if wild.size:
            raise table.fail(
                int(wild[0]),
                f"{column} must be a bridge score from -{MAX_SCORE} to {MAX_SCORE}, "
                f"got {values[wild[0]]:g}",
            )
    return Traveller(
        section=section,
        board=board,
        ns_pair=codes[:size],
        ew_pair=codes[size:],
        kind=kind,
        ns_score=ns_score,
        ew_score=ew_score,
        weight=table.numbers("weight", blank_allowed=True),
        ns_share=ns_share,
        ew_share=ew_share,
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        lead=np.array(table.texts("lead", blank_allowed=True), dtype=object),
        round=rounds,
        lines=table.lines,
        sections=sections,
        pairs=pairs,
        source=name,
    )


def pair_labels(table: CsvTable, columns: Sequence[str], blank_allowed: bool = False) -> list[str]:
    """Every row's pair label in each of ``columns`` in turn, normalised as every reader does
    (:func:`~xlbridge.io.pair_labels.normal_label`: ``01`` and ``１`` are pair 1); a bad label
    names its line and column ("" for a blank cell when ``blank_allowed``). Each distinct cell
    is looked at once."""
    labels: list[str] = []
    for column in columns:
        key = _key(table, column)
        known: dict[str, str] = {"": ""} if blank_allowed else {}
        for row, cell in enumerate(table.texts(key, blank_allowed)):
            label = known.get(cell)
            if label is None:
                where = f"{table.name}, line {table.lines[row]}, column {key!r}"
                label = known[cell] = normal_label(cell, where)
            labels.append(label)
    return labels


def _whole_in_range(
    table: CsvTable, column: str, low: int, high: int, blank_allowed: bool
) -> np.ndarray:
    """A column of whole numbers from ``low`` to ``high`` (0 where blank and allowed)."""
    values = table.numbers(column, blank_allowed=blank_allowed)
    given = ~np.isnan(values)
    bad = given & ((values != np.round(values)) | (values < low) | (values > high))
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise table.fail(
            row,
            f"{column} must be a whole number from {low} to {high}, "
            f"got {shown(table.column(column)[row])}",
        )
    return np.where(given, values, 0).astype(np.int64)


def _number(text: str, decimal_comma: bool) -> float | None:
    cleaned = text.replace("\u2212", "-").replace(" ", "")
    if decimal_comma:
        cleaned = cleaned.replace(",", ".")
    try:
        value = float(cleaned)
    except ValueError:
        return None
    return value if np.isfinite(value) else None


def _scores(table: CsvTable) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each line's kind, NS score and adjusted shares from the score column (a contract line
    is a SCORE line whose score is filled in later)."""
    size = table.size
    kind = np.full(size, SCORE, dtype=np.int8)
    ns_score = np.full(size, np.nan)
    ns_share, ew_share = np.full(size, np.nan), np.full(size, np.nan)
    key = _key(table, "ns_score")
    contracts = table.texts("contract", blank_allowed=True)
    comma = table.delimiter != ","
    cells = table.texts(key, blank_allowed=True)
    for row, (cell, contract) in enumerate(zip(cells, contracts, strict=True)):
        if not cell and contract[:1] not in ("A", "a"):  # a contract line, or not played
            if not contract or is_not_played(contract):
                kind[row] = NOT_PLAYED_KIND
            continue
        try:
            adjusted = _adjusted(cell) or _adjusted(contract)
        except InputError as error:
            raise table.fail(row, str(error)) from None
        if adjusted is not None:
            if cell and contract and not is_not_played(contract):
                raise table.fail(
                    row,
                    f"a line has a contract or an adjusted score, got both "
                    f"{shown(contract)} and {shown(cell)}",
                )
            try:
                artificial(adjusted)
            except InputError as error:
                raise table.fail(row, str(error)) from None
            kind[row] = ADJUSTED
            ns_share[row], ew_share[row] = adjusted.ns_percent, adjusted.ew_percent
        elif is_not_played(cell):
            if not contract or is_not_played(contract):
                kind[row] = NOT_PLAYED_KIND
        else:
            value = _number(cell, comma)
            if value is None:
                raise table.fail(
                    row,
                    f"{key} must be a number, an adjusted score such as A60/40, or NP, "
                    f"got {shown(cell)}",
                )
            ns_score[row] = value
    return kind, ns_score, ns_share, ew_share


def _adjusted(cell: str) -> Adjusted | None:
    """The adjusted score a cell holds, if any (only text starting with A can)."""
    return parse_adjusted(cell) if cell[:1] in ("A", "a") else None


def _contracts(
    table: CsvTable, board: np.ndarray, kind: np.ndarray, ns_score: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Work out the score of every line with a contract; check it against a score given."""
    size = table.size
    contract_text = np.array(table.texts("contract", blank_allowed=True), dtype=object)
    declarer_text = np.array(table.texts(_key(table, "declarer"), blank_allowed=True), dtype=object)
    result_text = np.array(table.texts(_key(table, "result"), blank_allowed=True), dtype=object)
    rows = np.flatnonzero((kind == SCORE) & (contract_text != "") & ~_not_played(contract_text))
    shown_contract = np.full(size, "", dtype=object)
    shown_declarer = np.full(size, "", dtype=object)
    tricks = np.full(size, -1, dtype=np.int64)
    if rows.size == 0:
        return shown_contract, shown_declarer, tricks
    try:
        parsed = parse_rows(contract_text[rows], declarer_text[rows], result_text[rows])
    except RowError as error:
        raise table.fail(int(rows[error.row]), error.detail) from None
    scores = parsed.ns_score(board[rows])
    given = ns_score[rows]
    differ = np.flatnonzero(~np.isnan(given) & (given != scores))
    if differ.size:
        i = int(differ[0])
        raise table.fail(
            int(rows[i]),
            f"the score {given[i]:g} does not match {contract_text[rows[i]]} "
            f"{result_text[rows[i]]} by {declarer_text[rows[i]]} on board {board[rows[i]]}, "
            f"which scores {scores[i]:+d} to NS",
        )
    ns_score[rows] = scores
    passed = parsed.level == 0
    seats = np.array(["N", "E", "S", "W"], dtype=object)
    shown_contract[rows] = parsed.texts()
    shown_declarer[rows] = np.where(passed, "", seats[parsed.declarer])
    tricks[rows] = np.where(passed, -1, parsed.tricks)
    return shown_contract, shown_declarer, tricks


def _not_played(values: np.ndarray) -> np.ndarray:
    return np.array([bool(v) and is_not_played(v) for v in values.tolist()], dtype=bool)


# --------------------------------------------------------------------------------------------
# Names


def read_names(path: str | PathLike[str]) -> dict[tuple[str, str, str], str]:
    """Pair names by (section, direction, pair); section and direction "" when not given."""
    return parse_names(read_text(Path(path)), str(path))


def parse_names(text: str, name: str = "names") -> dict[tuple[str, str, str], str]:
    table = parse_table(text, name, ("pair", NAME_COLUMNS))
    check_table_text(table)
    column = next(key for key in NAME_COLUMNS if table.has(key))
    pairs = pair_labels(table, ("pair",))
    sections = table.texts("section", blank_allowed=True)
    directions = [d.upper() for d in table.texts("direction", blank_allowed=True)]
    names: dict[tuple[str, str, str], str] = {}
    for row, (section, direction, pair, names_cell) in enumerate(
        zip(sections, directions, pairs, table.texts(column, blank_allowed=True), strict=True)
    ):
        if direction not in ("", "NS", "EW"):
            raise table.fail(row, f"direction must be NS, EW or blank, got {shown(direction)}")
        key = (section, direction, pair)
        if key in names:
            raise table.fail(row, f"pair {pair} appears twice")
        names[key] = names_cell
    return names


def pair_names(names: Mapping[tuple[str, str, str], str], pair: PairResult) -> str:
    """The names of ``pair``: by section and direction, then without the direction, then
    without the section ("" when unknown)."""
    for key in (
        (pair.section, pair.direction, pair.pair),
        (pair.section, "", pair.pair),
        ("", pair.direction, pair.pair),
        ("", "", pair.pair),
    ):
        if key in names:
            return names[key]
    return ""
