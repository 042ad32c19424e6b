"""The pairs of a traveller scored by ``xlbridge score``: when the file names them, each pair
plays a board once, at one table and in one direction (a pair on two lines of a board is a
typing error that would otherwise be scored as two results)."""

from __future__ import annotations

import numpy as np

from xlbridge.io.csv.table import CsvTable
from xlbridge.scoring.session.data import label_codes
from xlbridge.scoring.session.tables import joint_key


def check_pairs_once(table: CsvTable, board: np.ndarray, entry: np.ndarray) -> None:
    """Refuse a pair named on two tables of one board, or on both sides of one (lines of a
        weighted score, one table's, repeat its pairs and pass). Labels are normalised as every
    reader's (``01`` is pair 1); blank pair cells are not checked;
        with a ``section`` column, pairs are known by section and label."""
    from xlbridge.io.travellers.session_csv import ALIASES, pair_labels

    columns = ("ns_pair", "ew_pair")
    if not any(table.has(key) for column in columns for key in ALIASES[column]):
        return
    size = table.size
    pairs, pair = label_codes(pair_labels(table, columns, blank_allowed=True))
    section = np.zeros(2 * size, dtype=np.int64)
    if table.has("section"):
        section = np.tile(label_codes(table.texts("section", blank_allowed=True))[1], 2)
    named = np.flatnonzero(pair != (pairs.index("") if "" in pairs else -1))
    rows = named % size
    key = joint_key(section[named], board[rows], pair[named])
    seat = entry[rows] * 2 + named // size  # the table and the direction
    order = np.argsort(key, kind="stable")
    key, seat = key[order], seat[order]
    clash = np.flatnonzero((key[1:] == key[:-1]) & (seat[1:] != seat[:-1]))
    if clash.size:
        first, second = int(order[clash[0]]), int(order[clash[0] + 1])
        raise table.fail_rows(
            sorted({int(rows[first]), int(rows[second])}),
            f"pair {pairs[int(pair[named[first]])]} plays board {board[rows[first]]} on two "
            "lines (pairs of two sections need a section column)",
        )
