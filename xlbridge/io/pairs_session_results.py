"""The typed pairs-session workbook's own results, for ``xlbridge session EVENING.xlsx
--compare``: the values a spreadsheet saved with the workbook's formulas, as an event file."""

from __future__ import annotations

from pathlib import Path

from xlbridge.errors import InputError
from xlbridge.io.event_files.contents import EventFile, Line, Pair
from xlbridge.io.pairs_session_sheet import SessionSheet
from xlbridge.io.pairs_session_workbook import PAIRS_SHEET, TRAVELLER_SHEET, SessionWorkbook
from xlbridge.io.typed_workbook import read_grids

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
    lines_sheet = SessionSheet(path, TRAVELLER_SHEET, grids[TRAVELLER_SHEET], RESULT_HEADINGS)
    pairs_sheet = SessionSheet(path, PAIRS_SHEET, grids[PAIRS_SHEET], PAIR_RESULT_HEADINGS)
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
