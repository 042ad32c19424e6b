"""What a file may hold: numbers bounded by their meaning, and text a workbook or XML can store.

Every reader (CSV, names, USEBIO, PBN, workbooks) and every ``--event``-style option passes
what the user wrote through these checks, so the same bad value gets the same one-line error
wherever it was typed:

- :func:`bounded` reads a whole number or a decimal and refuses one outside the range its
  meaning allows (a board from 1 to 9999, a score from −7600 to 7600, …). A number of 5,000
  digits is refused like any other out-of-range value, never an OverflowError.
- :func:`stored_text` refuses characters that XML 1.0 and an .xlsx cell cannot hold (the C0
  control characters other than tab, line feed and carriage return, U+FFFE and U+FFFF, and
  lone surrogates). We refuse rather than drop them: a name is never changed behind the
  user's back, and the message says where the character is.
- :func:`terminal_text` shows text for a terminal with every control character escaped
  (``\\x1b``), so a name cannot move the cursor or change colours.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from xlbridge.errors import InputError


@dataclass(frozen=True)
class Bound:
    """The range of one kind of number: ``low``..``high``, whole or not."""

    low: float
    high: float
    whole: bool
    what: str  # "a board number", for messages


#: The range of every kind of number a file may hold, by its meaning.
BOUNDS: dict[str, Bound] = {
    "board": Bound(1, 9999, True, "a board number"),
    "pair": Bound(1, 9999, True, "a pair number"),
    "team": Bound(1, 9999, True, "a team number"),
    "table": Bound(1, 9999, True, "a table number"),
    "round": Bound(1, 9999, True, "a round number"),
    "byes": Bound(0, 9999, True, "a number of byes"),
    "place": Bound(1, 9999, True, "a place"),
    "boards": Bound(1, 9999, True, "a number of boards"),
    "tricks": Bound(0, 13, True, "a number of tricks"),
    "score": Bound(-7600, 7600, True, "a score"),
    # A score as a scorer may type it on a traveller: averaged or weighted, so with decimals.
    "decimal score": Bound(-7600, 7600, False, "a score"),
    "percentage": Bound(0, 100, False, "a percentage"),
    "points": Bound(-1e6, 1e6, False, "a number of points"),
    "masterpoints": Bound(0, 1e6, False, "a masterpoint award"),
    "handicap": Bound(-100, 100, False, "a handicap in percentage points"),
}

#: The longest number text looked at: anything longer is out of every range above.
_LONGEST = 40
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?")


def _shown(text: str) -> str:
    return repr(text if len(text) <= 30 else text[:27] + "...")


def bounded(text: str | float, kind: str, where: str) -> float:
    """``text`` as a number within the range of ``kind`` (a key of :data:`BOUNDS`).

    ``where`` names the place for the message ("results.xml: BOARD 3: BOARD_NUMBER"). A decimal
    comma is not accepted here: readers that allow it convert first. Whole kinds return an
    integral float (use ``int()``)."""
    bound = BOUNDS[kind]
    if isinstance(text, str):
        stripped = text.strip()
        if len(stripped) > _LONGEST or not _NUMBER.fullmatch(stripped):
            raise InputError(f"{where}: expected {_range(bound)}, got {_shown(stripped)}")
        value = float(stripped)
    else:
        value = float(text)
        stripped = repr(text)
    if not math.isfinite(value) or not bound.low <= value <= bound.high:
        raise InputError(f"{where}: expected {_range(bound)}, got {_shown(stripped)}")
    if bound.whole and not value.is_integer():
        raise InputError(f"{where}: expected {_range(bound)}, got {_shown(stripped)}")
    return value


def bounded_int(text: str | float, kind: str, where: str) -> int:
    """:func:`bounded` for a whole kind, as an int."""
    return int(bounded(text, kind, where))


def _range(bound: Bound) -> str:
    low, high = _number_text(bound.low), _number_text(bound.high)
    whole = "whole number" if bound.whole else "number"
    return f"{bound.what} (a {whole} from {low} to {high})"


def _number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


#: Characters XML 1.0 cannot hold (and openpyxl refuses in a cell).
_NOT_STORABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
#: Characters a terminal would act on: C0 and C1 controls and DEL, tab and line feed aside.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def stored_text(text: str, where: str) -> str:
    """``text`` unchanged if a workbook cell and an XML file can hold it, else an
    :class:`InputError` naming ``where`` and the first character that cannot be stored."""
    match = _NOT_STORABLE.search(text)
    if match is None:
        return text
    code, position = ord(match.group()), match.start() + 1
    raise InputError(
        f"{where}: character U+{code:04X} (a control character) at position {position} "
        "cannot be stored in a workbook or XML file; remove it"
    )


def terminal_text(text: str) -> str:
    """``text`` with every control character shown escaped (``\\x1b``), for a terminal."""
    return _CONTROL.sub(lambda match: f"\\x{ord(match.group()):02x}", text)


#: The longest event name, date or club shown on a page, in a page header or on the
#: terminal: a longer one read from a file is cut there with "…" (the files written keep it
#: whole). The same bound refuses a longer ``--event`` or Event cell.
DISPLAY_LIMIT = 200
ELLIPSIS = "…"


def display_text(text: str, limit: int = DISPLAY_LIMIT) -> str:
    """``text`` on one line (each run of white space one space), cut to ``limit`` characters
    with "…" when longer: an event's name, date or club as pages and the terminal show it."""
    line = " ".join(text.split())
    if len(line) <= limit:
        return line
    return line[: limit - len(ELLIPSIS)].rstrip() + ELLIPSIS
