"""The register written back after a batch: new handicaps of the players who played, newcomers
added, every other cell exactly as it was typed (see :mod:`xlbridge.io.handicap`)."""

from __future__ import annotations

import numpy as np

from xlbridge.io.handicap.apply import Update
from xlbridge.io.handicap.register_file import DECIMALS, Register


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
