"""The movement summary for the director: the rounds × tables grid and what to know about it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.io.movement_file import boards_text
from xlbridge.scoring.movement.build import Movement, Pair, Seating
from xlbridge.scoring.movement.checks import Balance
from xlbridge.workbooks.kit import layout, refs, styles
from xlbridge.workbooks.kit.printing import orient
from xlbridge.workbooks.kit.shared_styles import SharedStyles
from xlbridge.workbooks.movement_cards.page import CARD_TITLE_FONT, TITLE_POINTS
from xlbridge.workbooks.movement_cards.routes import pair_name

ROUND_WIDTH, TABLE_WIDTH, OUT_WIDTH = 9.0, 9.0, 14.0
GRID_ROW_POINTS = 26.0  # two lines: the pairs, the boards
NOTE_POINTS = 14.0
BALANCE_LABEL_WIDTH, BALANCE_WIDTH = 7.0, 5.0


def cell_text(movement: Movement, seating: Seating) -> str:
    """ "3-5" (NS-EW; a Mitchell's home numbers even in an arrow-switched round) over the
    boards."""
    ns, ew = seating.ns, seating.ew
    if seating.switched:
        ns, ew = ew, ns
    return f"{ns.number}-{ew.number}\n{boards_text(seating.boards)}"


def write_summary(
    ws: Worksheet,
    movement: Movement,
    balance: Balance,
    warnings: Sequence[str],
    shared: SharedStyles | None = None,
) -> None:
    """Title, the grid (a row per round, a column per table, then who sits out) and notes;
    ``shared``: the workbook's shared styles (else made here)."""
    shared = SharedStyles(ws.parent, "Movement") if shared is None else shared
    grid = shared.name(styles.BODY_FONT, styles.WRAP)
    out = any(movement.sitting_out(r) for r in range(1, movement.rounds + 1))
    width = 1 + movement.tables + (1 if out else 0)
    headings = ["Round", *(f"Table {t}" for t in range(1, movement.tables + 1))]
    headings += ["Sitting out"] if out else []
    for i, text in enumerate(headings, start=1):
        layout.heading(ws.cell(2, i), text)
        size = ROUND_WIDTH if i == 1 else OUT_WIDTH if text == "Sitting out" else TABLE_WIDTH
        ws.column_dimensions[get_column_letter(i)].width = size
    ws.row_dimensions[2].height = layout.HEADER_HEIGHT
    _title(ws, movement.name, width)
    switched = {s.round for s in movement.seatings if s.switched}
    for round_ in range(1, movement.rounds + 1):
        row = 2 + round_
        label = f"{round_}\nswitch" if round_ in switched else round_
        shared.put(ws.cell(row, 1), label, grid)
        for table in range(1, movement.tables + 1):
            seating = movement.seating(round_, table)
            text = "–" if seating is None else cell_text(movement, seating)
            shared.put(ws.cell(row, 1 + table), text, grid)
        if out:
            names = ", ".join(pair_name(p) for p in movement.sitting_out(round_))
            shared.put(ws.cell(row, width), names, grid)
        ws.row_dimensions[row].height = GRID_ROW_POINTS
    ws.print_title_rows = "2:2"
    last = _notes(ws, 3 + movement.rounds, width, _note_lines(movement, balance, warnings))
    ws.print_area = f"A1:{get_column_letter(width)}{last}"
    orient(ws, width)


def _title(ws: Worksheet, text: str, width: int) -> None:
    """The movement's name across the grid, wrapped (14-point text: 0.65 of a character a
    unit of width)."""
    title = layout.title(ws, text, width)
    title.font, title.alignment = CARD_TITLE_FONT, styles.WRAP_LEFT
    lines = layout.wrapped_lines(text, layout.merged_width(ws, refs.span(1, 1, width)) * 0.65)
    ws.row_dimensions[1].height = TITLE_POINTS * lines


def _notes(ws: Worksheet, row: int, width: int, lines: list[str]) -> int:
    for offset, text in enumerate(lines, start=1):
        layout.merged_text(ws, refs.span(row + offset, 1, width), text, font=styles.BODY_FONT)
        ws.row_dimensions[row + offset].height = max(
            NOTE_POINTS, ws.row_dimensions[row + offset].height or 0
        )
    return row + len(lines)


def _note_lines(movement: Movement, balance: Balance, warnings: Sequence[str]) -> list[str]:
    if movement.is_mitchell:
        cells = "Each cell: NS pair-EW pair (numbered within their direction), then the boards."
    else:
        cells = "Each cell: NS pair-EW pair, then the boards."
    winners = movement.winners
    lines = [
        cells,
        f"{winners} winner{'s' if winners > 1 else ''}: "
        + (
            "North-South and East-West are ranked apart."
            if winners == 2
            else "every pair sits both ways; all are ranked together."
        ),
    ]
    if any(s.switched for s in movement.seatings):
        lines.append("switch: an arrow-switch round, NS pairs sit East-West.")
    lines += _relay_lines(movement)
    if movement.bye_stand:
        half = movement.tables // 2
        lines.append(f"A bye stand between tables {half} and {half + 1} holds one set a round.")
    lines.append(
        f"Balance: two pairs of one ranking sit the same way on {balance.least} to "
        f"{balance.most} boards (spread {balance.spread})."
    )
    lines += [f"Warning: {warning}." for warning in warnings]
    return lines


def _relay_lines(movement: Movement) -> list[str]:
    rounds: dict[tuple[int, ...], list[int]] = defaultdict(list)
    for s in movement.seatings:
        if s.shares and s.table < min(s.shares):
            rounds[(s.table, *s.shares)].append(s.round)
    lines = []
    for tables, played in rounds.items():
        names = ", ".join(map(str, tables[:-1])) + f" and {tables[-1]}"
        when = (
            "every round"
            if len(played) == movement.rounds
            else "round" + ("s " if len(played) > 1 else " ") + ", ".join(map(str, played))
        )
        lines.append(f"Relay: tables {names} share boards in {when}.")
    return lines


def write_balance(
    ws: Worksheet, movement: Movement, balance: Balance, shared: SharedStyles | None = None
) -> None:
    """For each ranking (one, or NS and EW), a grid of every two pairs: the boards on which
    they sat the same way; ``shared``: the workbook's shared styles (else made here)."""
    shared = SharedStyles(ws.parent, "Balance") if shared is None else shared
    heading = shared.name(styles.HEADER_FONT, styles.WRAP, fill=styles.HEADER_FILL)
    number = shared.name(styles.BODY_FONT, styles.CENTER)
    groups: dict[str, list[Pair]] = defaultdict(list)
    for pair in movement.pairs:
        groups[pair.home if movement.winners == 2 else ""].append(pair)
    width = 1 + max(len(pairs) for pairs in groups.values())
    ws.column_dimensions["A"].width = BALANCE_LABEL_WIDTH
    for i in range(2, width + 1):
        ws.column_dimensions[get_column_letter(i)].width = BALANCE_WIDTH
    _title(ws, "Balance", width)
    text = (
        "The boards on which two pairs of one ranking sat the same way, so were compared: "
        f"{balance.least} to {balance.most}, a spread of {balance.spread}."
    )
    layout.merged_text(ws, refs.span(2, 1, width), text)
    row = 2
    for pairs in groups.values():
        row += 1
        shared.put(ws.cell(row, 1), "Pair", heading)
        for i, pair in enumerate(pairs, start=2):
            shared.put(ws.cell(row, i), pair_name(pair), heading)
        for a in pairs:
            row += 1
            shared.put(ws.cell(row, 1), pair_name(a), heading)
            for i, b in enumerate(pairs, start=2):
                key = (a, b) if a < b else (b, a)
                shared.put(ws.cell(row, i), "–" if a == b else balance.compared.get(key, 0), number)
        row += 1
    ws.print_area = f"A1:{get_column_letter(width)}{row}"
