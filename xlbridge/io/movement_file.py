"""Movement files: a director's own movement as CSV, read and checked, and written back.

One row per table per round, with the columns

- ``round`` and ``table`` — whole numbers from 1;
- ``ns`` and ``ew`` — the pairs sitting North-South and East-West. A plain number is a pair
  numbered 1 to N wherever it sits (a Howell); a number followed by ``NS`` or ``EW`` is a pair
  numbered within its home direction (a Mitchell: ``3NS`` and ``3EW`` are two pairs, and
  ``5EW`` in the ``ns`` column is EW pair 5 turned round by an arrow-switch). A file uses one
  way or the other throughout;
- ``boards`` — the boards played, as a range ``1-3`` or a list ``1,2,3`` (quoted in a
  comma-separated file) or both (``1-3,7``);
- ``relay`` — optional: the other table(s) playing the same boards in that round (``7``, or
  ``2 3``), which both tables must name.

Any other column is ignored. A pair with no row in a round sits out. A file that never uses
one table number while a pair sits out every round (an odd-pair Howell written with the
phantom pair's table left out, as published files often are) is read with its tables
numbered from 1 up, and a warning. A file holds at most
100 tables and 200 pairs. The movement read is
checked (:func:`xlbridge.scoring.movement.checks.check_movement`): every refusal names the
file, the line, the round and the table. :func:`movement_csv` writes the same format.
"""

from __future__ import annotations

import re
from pathlib import Path

from xlbridge.errors import InputError
from xlbridge.io.bounds import bounded_int
from xlbridge.io.csv.cells import csv_text
from xlbridge.io.csv.table import CsvTable, parse_table, read_text
from xlbridge.io.pair_labels import normal_label
from xlbridge.scoring.movement.build import Movement, Pair, Seating
from xlbridge.scoring.movement.checks import check_movement

COLUMNS = ("round", "table", "ns", "ew", "boards")
_PAIR = re.compile(r"\s*(\d{1,6})\s*(NS|EW)?\s*", re.IGNORECASE)
_RANGE = re.compile(r"\s*(\d{1,6})\s*-\s*(\d{1,6})\s*")
#: The most boards one table plays in a round.
MAX_BOARDS_AT_TABLE = 36
#: The most tables and pairs a movement file holds: far beyond any club section, and few
#: enough that checking and balancing it (every two pairs compared) stays quick.
MAX_TABLES, MAX_PAIRS = 100, 200


def read_movement(path: Path) -> tuple[Movement, list[str]]:
    """The movement in the CSV file ``path`` and the checks' warnings.

    Raises InputError naming the file and line (and the round and table) for a cell that
    cannot be read or a movement that cannot be played."""
    name = str(path)
    table = parse_table(read_text(path), name, COLUMNS)
    seatings: list[Seating] = []
    lines: dict[int, int] = {}
    directional: bool | None = None
    columns = {key: table.column(key) for key in (*COLUMNS, "relay")}  # each copied once
    for row in range(table.size):
        seating, homes = _seating(table, columns, row)
        if directional is None:
            directional = homes
        elif homes != directional:
            raise table.fail(
                row, "pairs must all be plain numbers (Howell) or all end in NS or EW (Mitchell)"
            )
        lines[id(seating)] = int(table.lines[row])
        seatings.append(seating)
    seatings.sort(key=lambda s: (s.round, s.table))
    pairs = sorted({p for s in seatings for p in (s.ns, s.ew)})
    seatings, renumbered = _phantom_table_left_out(seatings, pairs, lines)
    movement = Movement(path.name, tuple(seatings), tuple(pairs))
    for count, most, what in (
        (movement.tables, MAX_TABLES, "tables"),
        (len(pairs), MAX_PAIRS, "pairs"),
    ):
        if count > most:
            raise InputError(f"{name}: {count} {what}; at most {most} in a movement file")

    def source(seating: Seating) -> str:
        return f"{name}, line {lines[id(seating)]}"

    try:
        warnings = check_movement(movement, source)
    except InputError as error:
        if str(error).startswith(name):
            raise
        raise InputError(f"{name}: {error}") from None
    return movement, [f"{name}: {renumbered}"] * bool(renumbered) + warnings


def _phantom_table_left_out(
    seatings: list[Seating], pairs: list[Pair], lines: dict[int, int]
) -> tuple[list[Seating], str]:
    """The seatings with the tables numbered 1 up, and a warning, when one table number is
    never used and a pair sits out every round: a Howell of an odd number of pairs written
    with the phantom pair's table left out (published files often leave out table 1, where
    xlbridge seats the phantom). Anything else is left for the checks to refuse. ``lines``
    (data line by seating id) is kept up to date."""
    used = sorted({s.table for s in seatings})
    if not used or len(used) != used[-1] - 1 or any(p.home for p in pairs):
        return seatings, ""
    seated: dict[int, set[Pair]] = {}
    for s in seatings:
        seated.setdefault(s.round, set()).update((s.ns, s.ew))
    if any(len(found) == len(pairs) for found in seated.values()):
        return seatings, ""
    number = {old: new for new, old in enumerate(used, start=1)}
    renumbered = []
    for s in seatings:
        shares = tuple(number.get(t, t) for t in s.shares)
        moved = Seating(s.round, number[s.table], s.ns, s.ew, s.boards, shares)
        lines[id(moved)] = lines[id(s)]
        renumbered.append(moved)
    (missing,) = set(range(1, used[-1] + 1)) - set(used)
    return renumbered, (
        f"table {missing} is never used and a pair sits out every round: read as the phantom "
        f"pair's table, left out; tables {', '.join(map(str, used))} are numbered "
        f"{', '.join(map(str, number.values()))}"
    )


def _seating(table: CsvTable, columns: dict[str, list[str]], row: int) -> tuple[Seating, bool]:
    """The seating of data row ``row`` (its cells in ``columns`` by key) and whether its pairs
    have home directions."""
    where = f"{table.name}, line {table.lines[row]}"
    cells = {key: cells[row] for key, cells in columns.items()}
    round_ = bounded_int(cells["round"], "round", f"{where}: round")
    number = bounded_int(cells["table"], "table", f"{where}: table")
    ns, ns_home = _pair(cells["ns"], f"{where}: ns")
    ew, ew_home = _pair(cells["ew"], f"{where}: ew")
    if ns_home != ew_home:
        raise table.fail(row, "pairs must both be plain numbers or both end in NS or EW")
    boards = _boards(cells["boards"], f"{where}: boards")
    shares = tuple(
        bounded_int(cell, "table", f"{where}: relay")
        for cell in cells["relay"].replace(",", " ").replace(";", " ").split()
    )
    return Seating(round_, number, ns, ew, boards, shares), ns_home


def _pair(cell: str, where: str) -> tuple[Pair, bool]:
    match = _PAIR.fullmatch(cell)
    if match is None:
        raise InputError(f"{where}: expected a pair number such as 7, 3NS or 3EW, got {cell!r}")
    number = int(normal_label(match.group(1), where))  # as every reader: 01 and ０１ are 1
    home = (match.group(2) or "").upper()
    return Pair(number, home), bool(home)


def _boards(cell: str, where: str) -> tuple[int, ...]:
    """Board numbers from ``1-3``, ``1,2,3`` or ``1-3,7`` (in the order written)."""
    boards: list[int] = []
    for part in cell.split(","):
        span = _RANGE.fullmatch(part)
        if span is None:
            boards.append(bounded_int(part, "board", where))
            continue
        first, last = (bounded_int(span.group(i), "board", where) for i in (1, 2))
        if last < first or last - first >= MAX_BOARDS_AT_TABLE:
            raise InputError(f"{where}: the range {part.strip()!r} is not 1 to 36 boards")
        boards += range(first, last + 1)
    if len(set(boards)) != len(boards):
        raise InputError(f"{where}: a board is given twice in {cell!r}")
    if len(boards) > MAX_BOARDS_AT_TABLE:
        raise InputError(f"{where}: more than {MAX_BOARDS_AT_TABLE} boards at one table")
    return tuple(boards)


def boards_text(boards: tuple[int, ...]) -> str:
    """``1-3`` for consecutive boards, else ``1,2,5``."""
    if len(boards) > 1 and list(boards) == list(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}-{boards[-1]}"
    return ",".join(map(str, boards))


def movement_csv(movement: Movement) -> str:
    """The movement as CSV text in the format :func:`read_movement` reads."""
    relay = any(s.shares for s in movement.seatings)
    header = [*COLUMNS, *(["relay"] if relay else [])]
    rows: list[list[object]] = [list(header)]
    for s in movement.seatings:
        row: list[object] = [s.round, s.table, s.ns.label, s.ew.label, boards_text(s.boards)]
        if relay:
            row.append(" ".join(map(str, s.shares)))
        rows.append(row)
    return csv_text(rows)
