"""The player register of the handicap batch (see :mod:`xlbridge.io.handicap`): one row per
player, read and checked (written back by :func:`xlbridge.io.handicap.register_bytes`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from xlbridge.io.csv.checks import check_table_text
from xlbridge.io.csv.table import CsvTable, parse_table, read_text_format
from xlbridge.io.text_file import TextFormat
from xlbridge.scoring import handicap
from xlbridge.scoring.checks import shown

ID_COLUMNS = ("id", "player_id", "player")
REGISTER_REQUIRED = (ID_COLUMNS,)
#: Decimals of a handicap written to the register.
DECIMALS = 6
#: The lowest handicap a register may hold (Project 52 handicaps run from about −10 up to
#: 52; a value below this is a typing error, and it would move every other player's change).
LOWEST_HANDICAP = -100.0


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
    check_table_text(table)
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
