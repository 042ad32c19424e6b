"""The players' member ids in a names file (``session --names PAIRS.csv``): an optional ``ids``
column holds each pair's two ids joined by ``+`` (``1023+1187``, as a handicap results file
writes them; ``/``, ``&`` and spaces are taken too). ``xlbridge session --handicap-results``
keys the evening's rows on them. Each id is checked as one member id of the register
(:func:`xlbridge.io.handicap.results_append.member_id`); a player on two pairs is refused."""

from __future__ import annotations

from os import PathLike
from pathlib import Path

from xlbridge.errors import InputError
from xlbridge.io.csv.table import parse_table, read_text
from xlbridge.io.handicap.results_append import member_id
from xlbridge.io.handicap.results_file import PLAYER_SEPARATORS
from xlbridge.io.travellers.session_csv import pair_labels, parse_names
from xlbridge.scoring.checks import shown

#: The column of a names file that holds the pairs' member ids.
IDS_COLUMN = "ids"
#: The players of a pair.
PAIR_PLAYERS = 2

#: Each pair's member ids joined by "+", by (section, direction, pair).
PairIds = dict[tuple[str, str, str], str]


def read_pair_ids(path: str | PathLike[str]) -> PairIds:
    """Each pair's member ids joined by "+", by (section, direction, pair) as the names are
    keyed (look a pair's up with :func:`~xlbridge.io.travellers.session_csv.pair_names`); a
    pair whose ``ids`` cell is blank is left out. A file without an ``ids`` column is refused."""
    return parse_pair_ids(read_text(Path(path)), str(path))


def parse_pair_ids(text: str, name: str = "names") -> PairIds:
    parse_names(text, name)  # the pairs' keys checked as the names are
    table = parse_table(text, name, ("pair",))
    if not table.has(IDS_COLUMN):
        raise InputError(
            f"{name} has no {IDS_COLUMN} column: give each pair's member ids there, "
            "joined by + (1023+1187)"
        )
    keys = zip(
        table.texts("section", blank_allowed=True),
        [direction.upper() for direction in table.texts("direction", blank_allowed=True)],
        pair_labels(table, ("pair",)),
        strict=True,
    )
    ids: PairIds = {}
    seen: dict[str, int] = {}
    for row, (key, cell) in enumerate(zip(keys, table.texts(IDS_COLUMN, True), strict=True)):
        if not cell:
            continue
        where = f"{name}, line {table.lines[row]}, column {IDS_COLUMN!r}"
        players = tuple(member_id(part, where) for part in PLAYER_SEPARATORS.split(cell) if part)
        if len(players) != PAIR_PLAYERS:
            raise InputError(f"{where}: a pair has {PAIR_PLAYERS} member ids, got {len(players)}")
        if len(set(players)) < len(players):
            raise InputError(f"{where}: member id {shown(players[0])} is given twice")
        for player in players:
            if player in seen:
                raise table.fail_rows(
                    sorted({seen[player], row}), f"member id {shown(player)} is on two pairs"
                )
            seen[player] = row
        ids[key] = "+".join(players)
    return ids
