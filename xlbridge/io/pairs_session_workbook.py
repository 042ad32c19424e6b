"""The pairs-session workbook as ``xlbridge session`` reads it: the lines a scorer typed.

``xlbridge template pairs-session`` makes a workbook with a Traveller sheet (one row per
traveller line: Board, NS pair, EW pair, then Contract, By and Tricks, or a Score or
adjusted score, or NP), a Boards sheet (one row per board) and a Pairs sheet (Pair, Sat and
Names). A scorer types the travellers in; :func:`read_session_workbook` reads back only what was
typed (a workbook filled in by a program holds no calculated values) and gives the same
:class:`~xlbridge.scoring.session.Traveller` and names as the CSV reader, with what the workbook
says of itself: one winner or two (a Mitchell lists NS and EW pairs on its Pairs sheet), the
number of boards and pairs, and the event, date and club typed in its title row.

Columns are found by their headings, so columns added later (Round, Table) or moved do not
matter. Every bad cell is named by sheet and cell: ``EVENING.xlsx: Traveller!C14: ...``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from os import PathLike
from pathlib import Path
from typing import Any

from openpyxl.utils import get_column_letter

from xlbridge.errors import InputError, Mistakes
from xlbridge.io.bounds import stored_text
from xlbridge.io.files import require_file
from xlbridge.io.pair_labels import listed_label, pair_label, sat_direction
from xlbridge.io.pairs_session_checks import check_boards, check_rounds
from xlbridge.io.pairs_session_sheet import SessionSheet as _Sheet
from xlbridge.io.sheet_cells import Cell, Grid
from xlbridge.io.typed_workbook import cell_where, read_grids
from xlbridge.scoring.checks import shown
from xlbridge.scoring.session import (
    Traveller,
    TravellerLine,
    artificial,
    is_not_played,
    parse_adjusted,
)

TRAVELLER_SHEET, BOARDS_SHEET, PAIRS_SHEET = "Traveller", "Boards", "Pairs"
#: The Traveller's headings the reader needs, by what they hold; Round is read when present.
TRAVELLER_HEADINGS = {
    "line": "Line",
    "board": "Board",
    "ns_pair": "NS pair",
    "ew_pair": "EW pair",
    "contract": "Contract",
    "by": "By",
    "tricks": "Tricks",
    "entered": "Score or adjusted",
}
OPTIONAL_HEADINGS = {"round": "Round"}
PAIRS_HEADINGS = {"pair": "Pair", "sat": "Sat", "names": "Names"}
BOARDS_HEADINGS = {"board": "Board"}
#: The labels of the title row's event cells ("Event" then the cell to its right).
EVENT_LABELS = {"event": "Event", "date": "Date", "club": "Club"}
MAX_SCORE = 7600
_TYPED = ("board", "ns_pair", "ew_pair", "contract", "by", "tricks", "entered")


@dataclass
class SessionWorkbook:
    """What a typed pairs-session workbook gives ``xlbridge session``."""

    path: str
    traveller: Traveller
    names: dict[tuple[str, str, str], str]
    winners: int  # 2 for a Mitchell (its Pairs sheet lists NS and EW), 1 for a Howell
    boards: int
    pairs: int
    event: dict[str, str] = field(default_factory=dict)  # event, date, club as typed
    columns: dict[str, str] = field(default_factory=dict)  # Traveller's letters: "tricks": "I"
    warnings: list[str] = field(default_factory=list)  # cells left out, named (sheet_grid)

    def cell(self, row: int, key: str) -> str:
        """Where a Traveller cell is, for a message: ``EVENING.xlsx: Traveller!I23``."""
        return cell_where(self.path, TRAVELLER_SHEET, f"{self.columns[key]}{row}")


def is_session_workbook(path: str | PathLike[str]) -> bool:
    """Whether ``path`` names an .xlsx workbook (read as a pairs-session workbook)."""
    return Path(path).suffix.lower() in (".xlsx", ".xlsm")


def read_session_workbook(path: str | PathLike[str]) -> SessionWorkbook:
    """Read the typed lines, pairs and event of a pairs-session workbook; a workbook that is
    not one, or a bad cell, raises :class:`InputError` naming the sheet and cell."""
    path = Path(path)
    name = str(path)
    require_file(path)
    sheets = (TRAVELLER_SHEET, BOARDS_SHEET, PAIRS_SHEET)
    hint = " (make one with: xlbridge template pairs-session)"
    warnings: list[str] = []
    kind = "a pairs-session workbook"
    grids = read_grids(path, sheets, kind=kind, hint=hint, warnings=warnings)
    book = _session(name, grids)
    book.warnings = warnings
    return book


def _typed(sheet: _Sheet, number: int, row: list[Cell], key: str) -> Any:
    """A typed input: None when blank; a formula where a value belongs is refused."""
    cell = sheet.cell(row, key)
    if cell.formula:
        raise sheet.fail(number, key, f"type a value here, not a formula ({shown(cell.value)})")
    value = cell.value
    if isinstance(value, str):
        value = stored_text(value, sheet.where(number, key)).strip()
        return value or None
    return value


def _whole(
    sheet: _Sheet, number: int, key: str, value: Any, kind: str, high: int, low: int | None = None
) -> int:
    """A typed whole number from ``low`` (else 1, 0 for tricks) to ``high``; text is refused.
    The messages are the Check column's ("Board is blank", "Tricks must be … from 0 to 13")."""
    heading = sheet.heading(key)
    if value is None:
        raise sheet.fail(number, key, f"{heading} is blank")
    low = (0 if kind == "tricks" else 1) if low is None else low
    number_typed = isinstance(value, int | float) and not isinstance(value, bool)
    if not number_typed or not low <= value <= high or value != int(value):
        raise sheet.fail(
            number,
            key,
            f"{heading} must be a whole number from {low} to {high}{_RANGE_NOTES.get(kind, '')}, "
            f"got {shown(value)}" + (" (typed as text)" if isinstance(value, str) else ""),
        )
    return int(value)


#: What the Check column adds to a range's message, by the kind of number.
_RANGE_NOTES = {"tricks": " (tricks taken)"}


# --------------------------------------------------------------------------------------------
# The workbook as a session


def _session(path: str, grids: dict[str, Grid]) -> SessionWorkbook:
    """The session the workbook holds. A sheet that is not the template's stops at once;
    every bad cell is found first, and all of them raised together (:class:`InputErrors`)."""
    mistakes = Mistakes()
    traveller = _Sheet(path, TRAVELLER_SHEET, grids[TRAVELLER_SHEET], TRAVELLER_HEADINGS, 0)
    boards = _boards(_Sheet(path, BOARDS_SHEET, grids[BOARDS_SHEET], BOARDS_HEADINGS, 1))
    pairs = _Sheet(path, PAIRS_SHEET, grids[PAIRS_SHEET], PAIRS_HEADINGS, 2)
    names, numbers, mitchell = _pairs(pairs, mistakes)
    traveller.find_optional(OPTIONAL_HEADINGS)
    lines = _lines(traveller, boards, numbers, mitchell, mistakes)
    mistakes.raise_if_any()
    if not lines:
        raise InputError(f"{path}: {TRAVELLER_SHEET}: no traveller lines typed yet")
    return SessionWorkbook(
        path=path,
        traveller=Traveller.from_lines(lines, source=f"{path}: {TRAVELLER_SHEET}"),
        names=names,
        winners=2 if mitchell else 1,
        boards=len(boards),
        pairs=sum(len(n) for n in numbers.values()),
        event=_event(path, grids[TRAVELLER_SHEET]),
        columns=traveller.letters(),
    )


def _boards(sheet: _Sheet) -> range:
    """The boards: the Boards sheet's numbered rows in order from the first (1 or, say, 41)."""
    count, first = 0, 1
    for number, row in sheet.rows():
        value = sheet.cell(row, "board").value
        if value is None:
            break
        first = value if count == 0 and type(value) is int and value > 1 else first
        if value != first + count:
            raise sheet.fail(number, "board", f"board {first + count} expected, got {shown(value)}")
        count += 1
    if not count:
        raise InputError(
            f"{sheet.path}: not a pairs-session workbook: {sheet.title} lists no boards"
        )
    return range(first, first + count)


def _pairs(
    sheet: _Sheet, mistakes: Mistakes
) -> tuple[dict[tuple[str, str, str], str], dict[str, set[str]], bool]:
    """Names by ("", direction, pair), the pairs of each direction ("3NS" in an arrow-switched
    Mitchell's one field), and whether they are listed by direction (Sat typed NS or EW)."""
    names: dict[tuple[str, str, str], str] = {}
    numbers: dict[str, set[str]] = {}
    sides: list[tuple[int, str]] = []
    for number, row in sheet.rows():
        pair = sheet.cell(row, "pair").value
        if pair is None:
            break
        sat = sheet.cell(row, "sat")
        direction = "" if sat.formula else sat_direction(sat.value)
        sides.append((number, direction))
        try:
            label, named = _listed_pair(sheet, number, row, direction, numbers)
        except InputError as error:
            sheet.keep(mistakes, error, number)
            continue
        if named is not None:
            names[("", direction, label)] = named
    if not any(numbers.values()):
        mistakes.raise_if_any()
        raise InputError(
            f"{sheet.path}: not a pairs-session workbook: {sheet.title} lists no pairs"
        )
    _check_sides(sheet, sides, mistakes)
    numbers = {direction: found for direction, found in numbers.items() if found}
    return names, numbers, set(numbers) == {"NS", "EW"}


def _listed_pair(
    sheet: _Sheet, number: int, row: list[Cell], direction: str, listed: dict[str, set[str]]
) -> tuple[str, str | None]:
    """Add the pair of a Pairs row to those ``listed`` in its direction: its label and the
    names typed."""
    pair = sheet.cell(row, "pair").value
    label = pair_label(pair)
    if label is None or direction and not label.isdigit():
        raise sheet.fail(number, "pair", f"a pair number expected here, got {shown(pair)}")
    if label in listed.setdefault(direction, set()):
        raise sheet.fail(number, "pair", f"pair {label} is listed twice")
    listed[direction].add(label)
    typed = _typed(sheet, number, row, "names")
    return label, None if typed is None else str(typed)


def _check_sides(sheet: _Sheet, sides: list[tuple[int, str]], mistakes: Mistakes) -> None:
    """A Mitchell (some Sat typed NS or EW) lists every pair as NS or EW, and both; a Howell's
    Sat cells are all its formulas."""
    typed = any(direction in ("NS", "EW") for _, direction in sides)
    found = len(mistakes)
    for number, direction in sides:
        if direction not in ("NS", "EW") and (typed or direction):
            detail = f"Sat must be NS or EW, got {direction or 'blank'}"
            sheet.keep(mistakes, sheet.fail(number, "sat", detail), number)
    if len(mistakes) > found:
        mistakes.raise_if_any()  # a Sat mistyped: which pairs sit NS and which EW is not known
    if typed and len({direction for _, direction in sides}) == 1:
        raise InputError(
            f"{sheet.path}: {sheet.title}: the pairs are all listed as {sides[0][1]}: a "
            "Mitchell lists NS and EW pairs"
        )


def _lines(
    sheet: _Sheet, boards: range, numbers: dict[str, set[str]], mitchell: bool, mistakes: Mistakes
) -> list[TravellerLine]:
    """Every typed traveller line; each row must still carry its own line number. A bad row
    is kept in ``mistakes`` and the rows after it are read all the same."""
    ns_list, ew_list = ("NS", "EW") if mitchell else ("", "")
    listed = {"ns_pair": numbers[ns_list], "ew_pair": numbers[ew_list]}
    lines = []
    expected = 0
    numbered = [number for number, row in sheet.rows() if sheet.cell(row, "line").value is not None]
    for number, row in sheet.rows():
        label = sheet.cell(row, "line").value
        if not row or label is None and _blank(sheet, number, row):
            continue
        if label is None and numbered and number < numbered[-1]:
            sheet.keep(mistakes, sheet.fail(number, "line", INSERTED), number)
            continue  # the numbered rows below it are where they were
        expected += 1
        try:
            line = _row_line(sheet, number, row, expected, (boards, listed))
        except InputError as error:
            sheet.keep(mistakes, error, number)
            continue
        if line is not None:
            lines.append(line)
    check_rounds(sheet, lines, mitchell, mistakes)
    check_boards(sheet, lines, mitchell, mistakes)
    return lines


def _blank(sheet: _Sheet, number: int, row: list[Cell]) -> bool:
    """Whether nothing is typed in a row's inputs (a formula in one is something)."""
    try:
        return all(_typed(sheet, number, row, key) is None for key in _TYPED)
    except InputError:
        return False


def _row_line(
    sheet: _Sheet,
    number: int,
    row: list[Cell],
    expected: int,
    limits: tuple[range, dict[str, set[str]]],
) -> TravellerLine | None:
    """The line typed in a row that should be line ``expected`` (None: a numbered row with
    only its board and pairs blank); ``limits`` are the boards and each side's pairs listed."""
    label = sheet.cell(row, "line").value
    if label is None:
        raise sheet.fail(
            number, "board", "a line typed below the last row of the table: move it up"
        )
    if label != expected:
        raise sheet.fail(
            number,
            "line",
            f"line {expected} belongs in this row, got {shown(label)}: rows were moved or "
            "sorted out of place; undo it (lines may be typed in any order, but the rows "
            "stay where they are)",
        )
    typed = {
        key: _typed(sheet, number, row, key) for key in (*_TYPED, "round") if key in sheet.columns
    }
    if all(typed.get(key) is None for key in ("contract", "by", "tricks", "entered")):
        if all(typed.get(key) is None for key in ("board", "ns_pair", "ew_pair")):
            return None
        raise sheet.fail(number, "entered", NO_RESULT)
    return _line(sheet, number, typed, *limits)


#: What a row inserted among the numbered rows is told (it has no line number).
INSERTED = (
    "a row was inserted here (it has no line number and none of the template's formulas, so "
    "the workbook does not score it): type this line in an empty numbered row at the foot of "
    "the table instead, and delete this row"
)
#: The Check column's words for a numbered row with no result typed.
NO_RESULT = "No result yet: type a contract, a score, an adjusted score or NP"


def _line(
    sheet: _Sheet, number: int, typed: dict[str, Any], boards: range, listed: dict[str, set[str]]
) -> TravellerLine:
    board = _whole(sheet, number, "board", typed["board"], "board", boards[-1], boards[0])
    ns, ew = (_line_pair(sheet, number, k, typed[k], listed[k]) for k in listed)
    details: dict[str, Any] = {"line": number + 1}
    if typed.get("round") is not None:
        details["round"] = _whole(sheet, number, "round", typed["round"], "round", 9999)
    entered = typed["entered"]
    play = [typed[key] for key in ("contract", "by", "tricks")]
    if isinstance(entered, str) and (is_not_played(entered) or entered[:1] in "Aa"):
        if any(value is not None for value in play):
            what = "NP" if is_not_played(entered) else "An adjusted score"
            raise sheet.fail(number, "entered", f"{what} takes no contract, By or Tricks")
        if is_not_played(entered):
            return TravellerLine.not_played(board, ns, ew, **details)
        try:
            adjusted = parse_adjusted(entered)
            if adjusted is None:
                raise InputError("not understood")
            artificial(adjusted)  # the shares the traveller CSV and USEBIO accept (Law 12C2)
        except InputError:
            detail = f"Adjusted score: 60, 50 or 40 a side (A60/40, A+/A-) or NP, got {entered}"
            raise sheet.fail(number, "entered", detail) from None
        return TravellerLine.with_adjusted(board, ns, ew, adjusted, **details)
    score = None if entered is None else _score(sheet, number, entered)
    if play[0] is None:
        if any(value is not None for value in play):
            raise sheet.fail(number, "contract", "Contract is blank (By and Tricks need one)")
        assert score is not None
        return TravellerLine.with_score(board, ns, ew, score, **details)
    return _contract_line(sheet, number, (board, ns, ew), play, score, details)


def _score(sheet: _Sheet, number: int, entered: Any) -> int:
    """A score typed as a number: a multiple of 10 no contract can exceed."""
    if isinstance(entered, bool) or not isinstance(entered, int | float):
        raise sheet.fail(
            number,
            "entered",
            "Score must be a number, an adjusted score (A60/40, A+/A-) or NP, got "
            f"{shown(entered)}" + (" (typed as text)" if isinstance(entered, str) else ""),
        )
    if not -MAX_SCORE <= entered <= MAX_SCORE or entered % 10:
        raise sheet.fail(
            number,
            "entered",
            f"Score must be a multiple of 10 from -{MAX_SCORE} to {MAX_SCORE}, got "
            + shown(entered),
        )
    return int(entered)


def _line_pair(sheet: _Sheet, number: int, key: str, value: Any, listed: set[str]) -> int | str:
    """A line's pair: a number up to the highest listed, or a listed "3NS" (one field)."""
    if all(label.isdigit() for label in listed):
        return _whole(sheet, number, key, value, "pair", max(int(label) for label in listed))
    try:
        return listed_label(value, listed, sheet.grid[sheet.heading_row][sheet.columns[key]].value)
    except InputError as error:
        raise sheet.fail(number, key, str(error)) from None


def _contract_line(
    sheet: _Sheet,
    number: int,
    pairs: tuple[int, int | str, int | str],
    play: Sequence[Any],
    score: int | None,
    details: dict[str, Any],
) -> TravellerLine:
    contract, by, tricks = play  # tricks: =, +1, -2 or 0-13, as text or a number (parse_result)
    if isinstance(tricks, float) and tricks.is_integer():
        tricks = int(tricks)  # a number cell's 10.0 is 10 tricks
    try:
        line = TravellerLine.with_contract(
            *pairs,
            str(contract),
            "" if by is None else str(by),
            "" if tricks is None else str(tricks),
            **details,
        )
    except InputError as error:
        raise sheet.fail(number, *_play_problem(str(error), play)) from None
    # As the workbook's own Check column: a result goes in Tricks (not "4S=" in Contract), a
    # passed-out board has no declarer.
    if line.declarer and tricks is None:
        raise sheet.fail(number, "tricks", "Tricks is blank (the tricks declarer took, 0-13)")
    if not line.declarer and by is not None:
        raise sheet.fail(number, "by", PASSED_OUT)
    if score is not None and line.ns_score != score:
        raise sheet.fail(
            number,
            "entered",
            f"Contract scores {line.ns_score:g} for NS, not {score} ({contract} by {by} "
            f"taking {line.tricks})",
        )
    return line


#: The Check column's words for a passed-out board with a declarer or a result.
PASSED_OUT = "A passed-out board takes no By or Tricks"


def _play_problem(problem: str, play: Sequence[Any]) -> tuple[str, str]:
    """The column and the Check column's words for what the contract's parser refused."""
    contract, by, tricks = play
    if problem.startswith("declarer"):
        return "by", "By is blank" if by is None else f"By must be N, E, S or W, got {shown(by)}"
    if problem.startswith("a passed-out board"):
        return "tricks", PASSED_OUT
    if problem.startswith("result"):
        return "tricks", "Tricks is blank" if tricks is None else problem[:1].upper() + problem[1:]
    return (
        "contract",
        "Contract not understood: type e.g. 4S, 3NT, 4HX, 2DXX or PASS, got " + shown(contract),
    )


def _event(path: str, grid: Grid) -> dict[str, str]:
    """The event, date and club typed beside their labels in the title row."""
    found: dict[str, str] = {}
    labels = {text.lower(): key for key, text in EVENT_LABELS.items()}
    for number, row in enumerate(grid[:1]):
        for column, cell in enumerate(row[:-1]):
            key = (
                labels.get(str(cell.value).strip().lower()) if isinstance(cell.value, str) else None
            )
            value = row[column + 1].value
            if isinstance(value, date):  # a date typed in Excel is a date cell: YYYY-MM-DD
                value = value.strftime("%Y-%m-%d")
            if key and isinstance(value, str | int | float) and not row[column + 1].formula:
                ref = f"{get_column_letter(column + 2)}{number + 1}"
                where = cell_where(path, TRAVELLER_SHEET, ref)
                text = " ".join(stored_text(str(value), where).split())
                if text:
                    found.setdefault(key, text)
    return found
