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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from os import PathLike
from pathlib import Path
from typing import Any

from openpyxl.utils import get_column_letter

from xlbridge.errors import InputError
from xlbridge.io.bounds import bounded_int, stored_text
from xlbridge.io.event_files.contents import EventFile, Line, Pair
from xlbridge.io.files import require_file
from xlbridge.io.pair_labels import listed_label, pair_label, sat_direction
from xlbridge.io.typed_workbook import BLANK, Cell, Grid, cell_where, read_grids
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
#: Rows searched for the headings.
HEADING_ROWS = 10
MAX_SCORE = 7600
_TYPED = ("board", "ns_pair", "ew_pair", "contract", "by", "tricks", "entered")
#: The column named by a contract's error, by how the error begins (else Contract).
_BLAMED = (("declarer", "by"), ("result", "tricks"), ("a passed-out board has no result", "tricks"))


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
    grids = read_grids(path, sheets, kind="a pairs-session workbook", hint=hint)
    return _session(name, grids)


class _Sheet:
    """One sheet's grid, its heading row and columns found by heading, for messages."""

    def __init__(self, path: str, title: str, grid: Grid, headings: dict[str, str]) -> None:
        self.path, self.title, self.grid = path, title, grid
        self.heading_row, self.columns = self._find(headings)

    def _find(self, headings: dict[str, str]) -> tuple[int, dict[str, int]]:
        wanted = {text.lower(): key for key, text in headings.items()}
        for number, row in enumerate(self.grid[:HEADING_ROWS]):
            found = {}
            for column, cell in enumerate(row):
                text = cell.value.strip().lower() if isinstance(cell.value, str) else None
                if text in wanted and wanted[text] not in found:
                    found[wanted[text]] = column
            if len(found) == len(wanted):
                return number, found
        missing = ", ".join(f'"{text}"' for text in headings.values())
        raise InputError(
            f"{self.path}: not a pairs-session workbook: sheet {self.title} has no heading row "
            f"with {missing}"
        )

    def find_optional(self, headings: dict[str, str]) -> None:
        row = self.grid[self.heading_row]
        for key, text in headings.items():
            for column, cell in enumerate(row):
                if isinstance(cell.value, str) and cell.value.strip().lower() == text.lower():
                    self.columns.setdefault(key, column)

    def rows(self) -> Iterator[tuple[int, list[Cell]]]:
        """(row index, cells) of every row below the headings."""
        for number in range(self.heading_row + 1, len(self.grid)):
            yield number, self.grid[number]

    def cell(self, row: list[Cell], key: str) -> Cell:
        column = self.columns[key]
        return row[column] if column < len(row) else BLANK

    def where(self, number: int, key: str) -> str:
        return cell_where(
            self.path, self.title, f"{get_column_letter(self.columns[key] + 1)}{number + 1}"
        )

    def fail(self, number: int, key: str, detail: str) -> InputError:
        return InputError(f"{self.where(number, key)}: {detail}")


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


def _whole(sheet: _Sheet, number: int, key: str, value: Any, kind: str, high: int) -> int:
    """A typed whole number from 1 (0 for tricks) to ``high``; text is refused."""
    heading = sheet.grid[sheet.heading_row][sheet.columns[key]].value
    low = 0 if kind == "tricks" else 1
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise sheet.fail(
            number,
            key,
            f"{heading} must be a whole number from {low} to {high}, got "
            f"{shown(value)}" + (" (typed as text)" if isinstance(value, str) else ""),
        )
    whole = bounded_int(value, kind, sheet.where(number, key))
    if not low <= whole <= high:
        raise sheet.fail(
            number, key, f"{heading} must be a whole number from {low} to {high}, got {whole}"
        )
    return whole


# --------------------------------------------------------------------------------------------
# The workbook as a session


def _session(path: str, grids: dict[str, Grid]) -> SessionWorkbook:
    boards = _boards(_Sheet(path, BOARDS_SHEET, grids[BOARDS_SHEET], BOARDS_HEADINGS))
    pairs = _Sheet(path, PAIRS_SHEET, grids[PAIRS_SHEET], PAIRS_HEADINGS)
    names, numbers, mitchell = _pairs(pairs)
    traveller = _Sheet(path, TRAVELLER_SHEET, grids[TRAVELLER_SHEET], TRAVELLER_HEADINGS)
    traveller.find_optional(OPTIONAL_HEADINGS)
    lines = _lines(traveller, boards, numbers, mitchell)
    if not lines:
        raise InputError(f"{path}: {TRAVELLER_SHEET}: no traveller lines typed yet")
    return SessionWorkbook(
        path=path,
        traveller=Traveller.from_lines(lines, source=f"{path}: {TRAVELLER_SHEET}"),
        names=names,
        winners=2 if mitchell else 1,
        boards=boards,
        pairs=sum(len(n) for n in numbers.values()),
        event=_event(path, grids[TRAVELLER_SHEET]),
    )


def _boards(sheet: _Sheet) -> int:
    """The number of boards: the Boards sheet's numbered rows, 1, 2, … in order."""
    count = 0
    for number, row in sheet.rows():
        value = sheet.cell(row, "board").value
        if value is None:
            break
        if value != count + 1:
            raise sheet.fail(number, "board", f"board {count + 1} expected, got {shown(value)}")
        count += 1
    if not count:
        raise InputError(
            f"{sheet.path}: not a pairs-session workbook: {sheet.title} lists no boards"
        )
    return count


def _pairs(sheet: _Sheet) -> tuple[dict[tuple[str, str, str], str], dict[str, set[str]], bool]:
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
        label = pair_label(pair)
        if label is None or direction and not label.isdigit():
            raise sheet.fail(number, "pair", f"a pair number expected here, got {shown(pair)}")
        if label in numbers.setdefault(direction, set()):
            raise sheet.fail(number, "pair", f"pair {label} is listed twice")
        numbers[direction].add(label)
        typed = _typed(sheet, number, row, "names")
        if typed is not None:
            names[("", direction, label)] = str(typed)
    if not numbers:
        raise InputError(
            f"{sheet.path}: not a pairs-session workbook: {sheet.title} lists no pairs"
        )
    _check_sides(sheet, sides)
    return names, numbers, set(numbers) == {"NS", "EW"}


def _check_sides(sheet: _Sheet, sides: list[tuple[int, str]]) -> None:
    """A Mitchell (some Sat typed NS or EW) lists every pair as NS or EW, and both; a Howell's
    Sat cells are all its formulas."""
    typed = any(direction in ("NS", "EW") for _, direction in sides)
    for number, direction in sides:
        if direction not in ("NS", "EW") and (typed or direction):
            raise sheet.fail(number, "sat", f"Sat must be NS or EW, got {direction or 'blank'}")
    if typed and len({direction for _, direction in sides}) == 1:
        raise InputError(
            f"{sheet.path}: {sheet.title}: the pairs are all listed as {sides[0][1]}: a "
            "Mitchell lists NS and EW pairs"
        )


def _lines(
    sheet: _Sheet, boards: int, numbers: dict[str, set[str]], mitchell: bool
) -> list[TravellerLine]:
    """Every typed traveller line; each row must still carry its own line number."""
    ns_list, ew_list = ("NS", "EW") if mitchell else ("", "")
    listed = {"ns_pair": numbers[ns_list], "ew_pair": numbers[ew_list]}
    lines = []
    expected = 0
    for number, row in sheet.rows():
        label = sheet.cell(row, "line").value
        if not row or label is None and all(_typed(sheet, number, row, k) is None for k in _TYPED):
            continue
        expected += 1
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
            key: _typed(sheet, number, row, key)
            for key in (*_TYPED, "round")
            if key in sheet.columns
        }
        if all(typed.get(key) is None for key in ("contract", "by", "tricks", "entered")):
            if all(typed.get(key) is None for key in ("board", "ns_pair", "ew_pair")):
                continue
            raise sheet.fail(
                number,
                "entered",
                "no result yet: type a contract, By and Tricks, a score, an adjusted score or NP",
            )
        lines.append(_line(sheet, number, typed, boards, listed))
    _check_rounds(sheet, lines, mitchell)
    return lines


def _check_rounds(sheet: _Sheet, lines: list[TravellerLine], mitchell: bool) -> None:
    """A pair meets one pair a round: a mistyped pair number puts it at two tables."""
    met: dict[tuple[int, str], tuple[str, int]] = {}
    for line in lines:
        if line.round is None:
            continue
        ns, ew = (
            (line.ns_pair + "NS", line.ew_pair + "EW") if mitchell else (line.ns_pair, line.ew_pair)
        )
        for pair, other, key in ((ns, ew, "ns_pair"), (ew, ns, "ew_pair")):
            before, row = met.setdefault((line.round, pair), (other, line.line))
            if before != other:
                raise sheet.fail(
                    line.line - 1,
                    key,
                    f"in round {line.round} pair {pair} plays pair {before} (row {row}), so it "
                    f"cannot also play pair {other} here",
                )


def _line(
    sheet: _Sheet, number: int, typed: dict[str, Any], boards: int, listed: dict[str, set[str]]
) -> TravellerLine:
    board = _whole(sheet, number, "board", typed["board"], "board", boards)
    ns, ew = (_pair(sheet, number, k, typed[k], listed[k]) for k in listed)
    details: dict[str, Any] = {"line": number + 1}
    if typed.get("round") is not None:
        details["round"] = _whole(sheet, number, "round", typed["round"], "round", 9999)
    entered = typed["entered"]
    play = [typed[key] for key in ("contract", "by", "tricks")]
    if isinstance(entered, str) and (is_not_played(entered) or entered[:1] in "Aa"):
        if any(value is not None for value in play):
            raise sheet.fail(number, "entered", f"{entered} takes no contract, By or Tricks")
        if is_not_played(entered):
            return TravellerLine.not_played(board, ns, ew, **details)
        try:
            adjusted = parse_adjusted(entered)
            if adjusted is None:
                raise InputError(
                    f"adjusted score not understood: {shown(entered)} "
                    "(type A60/40, A+/A-, A=/A= or NP)"
                )
            artificial(adjusted)  # the shares the traveller CSV and USEBIO accept
        except InputError as error:
            raise sheet.fail(number, "entered", str(error)) from None
        return TravellerLine.with_adjusted(board, ns, ew, adjusted, **details)
    score = None
    if entered is not None:
        if isinstance(entered, bool) or not isinstance(entered, int | float):
            raise sheet.fail(
                number,
                "entered",
                f"a score must be typed as a number (or A60/40 or NP), got {shown(entered)}",
            )
        score = bounded_int(entered, "score", sheet.where(number, "entered"))
        if score % 10:
            raise sheet.fail(number, "entered", f"a score is a multiple of 10, got {score}")
    if play[0] is None:
        if any(value is not None for value in play):
            raise sheet.fail(number, "contract", "Contract is blank (By and Tricks need one)")
        assert score is not None
        return TravellerLine.with_score(board, ns, ew, score, **details)
    return _contract_line(sheet, number, (board, ns, ew), play, score, details)


def _pair(sheet: _Sheet, number: int, key: str, value: Any, listed: set[str]) -> int | str:
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
    try:
        line = TravellerLine.with_contract(
            *pairs,
            str(contract),
            "" if by is None else str(by),
            "" if tricks is None else str(tricks),
            **details,
        )
    except InputError as error:
        column = next((k for w, k in _BLAMED if str(error).startswith(w)), "contract")
        raise sheet.fail(number, column, str(error)) from None
    # As the workbook's own Check column: a result goes in Tricks (not "4S=" in Contract), a
    # passed-out board has no declarer.
    if line.declarer and tricks is None:
        raise sheet.fail(number, "tricks", "Tricks is blank (the tricks declarer took, 0-13)")
    if not line.declarer and by is not None:
        raise sheet.fail(number, "by", "a passed-out board takes no By or Tricks")
    if score is not None and line.ns_score != score:
        taking = f"{contract} by {by} taking {line.tricks}"
        raise sheet.fail(
            number, "entered", f"{taking} scores {line.ns_score:+g} for NS, not {score}"
        )
    return line


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


# --------------------------------------------------------------------------------------------
# The workbook's own results (for --compare)

#: The calculated columns compared: the Traveller's matchpoints, the Pairs sheet's results.
RESULT_HEADINGS = {"ns_mp": "NS MPs", "ew_mp": "EW MPs"}
PAIR_RESULT_HEADINGS = {"pair": "Pair", "sat": "Sat", "mp": "MPs", "percent": "%", "place": "Place"}


def workbook_results(book: SessionWorkbook) -> EventFile:
    """The workbook as an event file carrying its own calculated results (the values a
    spreadsheet saved with its formulas), for comparing with ours: each typed line's NS and EW
    matchpoints, and each pair's MPs, % and place. A workbook never saved by a spreadsheet
    holds none, and is refused."""
    path = book.path
    kind = "a pairs-session workbook"
    grids = read_grids(Path(path), (TRAVELLER_SHEET, PAIRS_SHEET), values=True, kind=kind)
    lines_sheet = _Sheet(path, TRAVELLER_SHEET, grids[TRAVELLER_SHEET], RESULT_HEADINGS)
    pairs_sheet = _Sheet(path, PAIRS_SHEET, grids[PAIRS_SHEET], PAIR_RESULT_HEADINGS)
    traveller = book.traveller
    lines = []
    for entry, row in enumerate(traveller.lines.tolist()):
        cells = lines_sheet.grid[row - 1] if row - 1 < len(lines_sheet.grid) else []
        theirs = [_shown_number(lines_sheet.cell(cells, key).value) for key in RESULT_HEADINGS]
        lines.append(
            Line(
                section="",
                board=int(traveller.board[entry]),
                ns_pair=int(traveller.pairs[traveller.ns_pair[entry]]),
                ew_pair=int(traveller.pairs[traveller.ew_pair[entry]]),
                theirs_ns=theirs[0],
                theirs_ew=theirs[1],
                where=f"{TRAVELLER_SHEET}!{row}",
            )
        )
    pairs = []
    for _, cells in pairs_sheet.rows():
        value = {key: pairs_sheet.cell(cells, key).value for key in PAIR_RESULT_HEADINGS}
        if not isinstance(value["pair"], int | float) or isinstance(value["pair"], bool):
            break
        direction = value["sat"] if value["sat"] in ("NS", "EW") else ""
        number = str(int(value["pair"]))
        names = book.names.get(("", direction, number), "")
        pairs.append(
            Pair(
                section="",
                number=int(number),
                direction=direction,
                names=tuple(name.strip() for name in names.split("&")) if names else (),
                total=_shown_number(value["mp"]),
                percentage=_shown_number(value["percent"]),
                place=str(value["place"] or ""),
            )
        )
    if not any(line.theirs_ns or line.theirs_ew for line in lines):
        raise InputError(
            f"{path}: --compare: the workbook holds no calculated results of its own (a "
            "workbook filled in by a program has none: open it in a spreadsheet and save it)"
        )
    return EventFile(path, method="mp", winners=book.winners, lines=lines, pairs=pairs)


def _shown_number(value: object) -> str:
    """A calculated number as text, to 4 decimals ("" for a blank or text)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return ""
    return f"{value:.4f}".rstrip("0").rstrip(".")
