"""The score of a contract (Law 77), vulnerability and dealer by board number.

Everything here is vectorised: a contract is described by whole-number arrays,

- ``level``    — 1 to 7, or 0 for a passed-out board,
- ``strain``   — 0 clubs, 1 diamonds, 2 hearts, 3 spades, 4 no trumps (index into ``STRAINS``),
- ``doubled``  — 0 undoubled, 1 doubled, 2 redoubled,
- ``declarer`` — 0 N, 1 E, 2 S, 3 W (index into ``SEATS``),
- ``tricks``   — tricks taken by declarer, 0 to 13,

and :func:`ns_score` turns them, with the board numbers, into North–South's score. The text
notations met on travellers (``4S``, ``4♠``, ``4 S``, ``3NT``, ``3N``, ``4HX``, ``4Hx``,
``4H*``, ``4HXX``, ``PASS``/``P``/``AP``; declarer ``N``/``E``/``S``/``W``; the result as tricks
taken, ``10``, or relative to the contract, ``=``, ``+1``, ``-2``) are read by
:func:`parse_contract`, :func:`parse_declarer` and :func:`parse_result`, one value at a time,
or by :func:`parse_rows` for whole columns (each distinct text is parsed once).

Board n is dealt by N, E, S, W in turn from board 1, and its vulnerability repeats every 16
boards (the Laws of Duplicate Bridge, Law 2): 1 none, 2 NS, 3 EW, 4 all, 5 NS, 6 EW, 7 all,
8 none, 9 EW, 10 all, 11 none, 12 NS, 13 all, 14 none, 15 NS, 16 EW.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from xlbridge.errors import InputError
from xlbridge.scoring.checks import shown

#: Strains in index order (``strain`` arrays hold indices into this).
STRAINS = ("C", "D", "H", "S", "NT")
#: Seats in index order, the dealer's rotation (``declarer`` arrays hold indices into this).
SEATS = ("N", "E", "S", "W")
#: Each seat by its name, as hand diagrams and result files spell it.
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: What ``doubled`` 0, 1, 2 are written as after the strain.
DOUBLINGS = ("", "X", "XX")
#: Vulnerability of boards 1–16 (then repeating): none, NS, EW or all.
VULNERABILITY = (
    "none",
    "NS",
    "EW",
    "all",
    "NS",
    "EW",
    "all",
    "none",
    "EW",
    "all",
    "none",
    "NS",
    "all",
    "none",
    "NS",
    "EW",
)
#: The level of a passed-out board.
PASSED_OUT = 0
#: Tricks in a deal.
TRICKS = 13
#: Tricks declarer needs beyond the level ("book").
BOOK = 6

_NS_VULNERABLE = np.array([v in ("NS", "all") for v in VULNERABILITY])
_EW_VULNERABLE = np.array([v in ("EW", "all") for v in VULNERABILITY])


# --------------------------------------------------------------------------------------------
# Board: dealer and vulnerability


def _boards(board: ArrayLike) -> np.ndarray:
    boards = np.asarray(board)
    if boards.dtype.kind not in "iu":
        values = boards.astype(float)
        bad = ~np.isfinite(values) | (values != np.round(values)) | (values < 1)
        if bad.any():
            first = values.reshape(-1)[int(np.flatnonzero(bad.reshape(-1))[0])]
            raise InputError(f"board must be a whole number of at least 1, got {shown(first)}")
        boards = values.astype(np.int64)
    elif (boards < 1).any():
        raise InputError(f"board must be a whole number of at least 1, got {boards.min()}")
    return boards


def dealer(board: ArrayLike) -> np.ndarray:
    """The dealer of each board as a seat index (0 N, 1 E, 2 S, 3 W): N deals board 1."""
    return (_boards(board) - 1) % 4


def ns_vulnerable(board: ArrayLike) -> np.ndarray:
    """Whether North–South are vulnerable on each board."""
    vulnerable: NDArray[np.bool_] = _NS_VULNERABLE[(_boards(board) - 1) % 16]
    return vulnerable


def ew_vulnerable(board: ArrayLike) -> np.ndarray:
    """Whether East–West are vulnerable on each board."""
    vulnerable: NDArray[np.bool_] = _EW_VULNERABLE[(_boards(board) - 1) % 16]
    return vulnerable


def vulnerable(board: ArrayLike, seat: ArrayLike) -> np.ndarray:
    """Whether the side of ``seat`` (0 N, 1 E, 2 S, 3 W) is vulnerable on each board."""
    index = (_boards(board) - 1) % 16
    east_west = (np.asarray(seat) % 2).astype(bool)
    vulnerable: NDArray[np.bool_] = np.where(
        east_west, _EW_VULNERABLE[index], _NS_VULNERABLE[index]
    )
    return vulnerable


# --------------------------------------------------------------------------------------------
# Scoring (Law 77)


def declarer_score(
    level: ArrayLike,
    strain: ArrayLike,
    doubled: ArrayLike,
    vulnerable: ArrayLike,
    tricks: ArrayLike,
) -> np.ndarray:
    """Declarer's score (Law 77) of each contract; arguments are arrays that broadcast.

    Made: trick score (♣♦ 20, ♥♠ 30, NT 40 then 30 per odd trick; ×2 doubled, ×4 redoubled),
    game bonus 300/500 at a trick score of 100 or more else part-score 50, small slam 500/750,
    grand slam 1000/1500, 50/100 for making doubled/redoubled, overtricks at trick value
    undoubled or 100/200 each doubled (twice that redoubled), not vulnerable/vulnerable.
    Defeated: 50/100 per undertrick undoubled; doubled 100, 300, 500 then 300 more each not
    vulnerable, 200 then 300 more each vulnerable; redoubled twice doubled. Level 0 (passed
    out) scores 0. The inputs are not checked: use :func:`check_contracts` on user input.
    """
    level, strain, doubled, tricks = (
        np.asarray(a, dtype=np.int64) for a in (level, strain, doubled, tricks)
    )
    vul = np.asarray(vulnerable, dtype=bool)
    level, strain, doubled, vul, tricks = np.broadcast_arrays(level, strain, doubled, vul, tricks)
    multiplier = np.left_shift(1, doubled)  # 1, 2, 4
    odd_value = np.where(strain < 2, 20, 30)
    no_trumps = strain == 4
    trick_score = (odd_value * level + 10 * no_trumps) * multiplier
    game = np.where(trick_score >= 100, np.where(vul, 500, 300), 50)
    slam = np.where(level == 6, np.where(vul, 750, 500), 0)
    slam = np.where(level == 7, np.where(vul, 1500, 1000), slam)
    over = tricks - level - BOOK
    overtrick_value = np.where(doubled == 0, odd_value, np.where(vul, 100, 50) * multiplier)
    made = trick_score + game + slam + 50 * doubled + over * overtrick_value
    down = -over
    # Doubled: vulnerable 200, then 300 each; not vulnerable 100, 300, 500, then 300 each.
    doubled_penalty = np.where(
        vul, 300 * down - 100, np.where(down <= 3, 200 * down - 100, 300 * down - 400)
    )
    penalty = np.where(
        doubled == 0, np.where(vul, 100, 50) * down, doubled_penalty * (multiplier // 2)
    )
    score = np.where(over >= 0, made, -penalty)
    return np.where(level == PASSED_OUT, 0, score).astype(np.int64)


def _score_table() -> np.ndarray:
    """NS's score of every (board mod 16, level, strain, doubled, declarer, tricks), flat.

    Built once from :func:`declarer_score`; :func:`ns_score` looks scores up in it, which
    costs one index computation and one gather per contract.
    """
    board, level, strain, doubled, seat, tricks = np.meshgrid(
        np.arange(1, 17),
        np.arange(8),
        np.arange(5),
        np.arange(3),
        np.arange(4),
        np.arange(14),
        indexing="ij",
    )
    vul = vulnerable(board, seat)
    score = declarer_score(level, strain, doubled, vul, tricks)
    return np.where(seat % 2 == 0, score, -score).reshape(-1).astype(np.int64)


_SCORES = _score_table()


def ns_score(
    level: ArrayLike,
    strain: ArrayLike,
    doubled: ArrayLike,
    declarer: ArrayLike,
    tricks: ArrayLike,
    board: ArrayLike,
) -> np.ndarray:
    """North–South's score of each contract, vulnerability taken from the board number.

    See :func:`declarer_score`; ``declarer`` is a seat index (0 N, 1 E, 2 S, 3 W), boards are
    whole numbers from 1. A passed-out board (level 0) scores 0. The inputs are not checked
    (see :func:`check_contracts`); the scores are looked up in a table of every case.
    """
    arrays = np.broadcast_arrays(
        *(np.asarray(a) for a in (board, level, strain, doubled)),
        np.asarray(declarer),
        np.asarray(tricks),
    )
    board, level, strain, doubled, declarer, tricks = arrays
    index = np.subtract(board, 1, dtype=np.int64)  # in place from here: one array, no others
    index &= 15
    for factor, values in ((8, level), (5, strain), (3, doubled), (4, declarer), (14, tricks)):
        index *= factor
        index += values
    scores: NDArray[np.int64] = _SCORES[index]
    return scores


def check_contracts(
    level: ArrayLike,
    strain: ArrayLike,
    doubled: ArrayLike,
    declarer: ArrayLike,
    tricks: ArrayLike,
) -> None:
    """Raise InputError naming the first row (from 1) whose values are not a contract."""
    arrays = {
        "level": (np.asarray(level), 0, 7),
        "strain": (np.asarray(strain), 0, 4),
        "doubled": (np.asarray(doubled), 0, 2),
        "declarer": (np.asarray(declarer), 0, 3),
        "tricks": (np.asarray(tricks), 0, TRICKS),
    }
    for name, (values, low, high) in arrays.items():
        flat = values.reshape(-1).astype(float)
        bad = ~np.isfinite(flat) | (flat != np.round(flat)) | (flat < low) | (flat > high)
        if bad.any():
            row = int(np.flatnonzero(bad)[0])
            raise InputError(
                f"{name} must be a whole number from {low} to {high}, got {shown(flat[row])} "
                f"in row {row + 1}"
            )


# --------------------------------------------------------------------------------------------
# Notation


@dataclass(frozen=True)
class Contract:
    """A contract as bid: level 1–7 (0 passed out), strain index, 0/1/2 for undoubled/X/XX."""

    level: int
    strain: int = 0
    doubled: int = 0

    @property
    def passed_out(self) -> bool:
        return self.level == PASSED_OUT

    def __str__(self) -> str:
        if self.passed_out:
            return "PASS"
        return f"{self.level}{STRAINS[self.strain]}{DOUBLINGS[self.doubled]}"


_STRAIN_NAMES = {
    "C": 0,
    "♣": 0,
    "♧": 0,
    "D": 1,
    "♦": 1,
    "♢": 1,
    "H": 2,
    "♥": 2,
    "♡": 2,
    "S": 3,
    "♠": 3,
    "♤": 3,
    "N": 4,
    "NT": 4,
}
_DOUBLING_NAMES = {"": 0, "X": 1, "*": 1, "XX": 2, "**": 2}
_PASS_NAMES = ("PASS", "P", "AP", "PASSED", "PASSED OUT", "ALL PASS")
_CONTRACT = re.compile(r"([1-7])\s*(NT|[CDHSN♣♦♥♠♧♢♡♤])\s*(XX|X|\*\*|\*)?", re.IGNORECASE)
_RESULT_SUFFIX = re.compile(r"(=|[+-]\s*\d+)$")
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-"})

#: How the notations are described in error messages; a result in none of those forms, or one
#: its contract cannot have (the workbook's Check column says the same).
CONTRACT_FORMS = "a contract such as 4S, 4♠, 3NT, 4HX or 4HXX, or PASS"
RESULT_FORMS = "the tricks taken (0-13) or a result such as =, +1 or -2"
RESULT_PROBLEM = f"result must be {RESULT_FORMS}"
IMPOSSIBLE_RESULT = "result {} is impossible for {}"
#: A result as written, spaces gone: a sign and 1 to 13 (no leading zero), or 0 to 13 alone.
_RESULT = re.compile(r"([+-])(1[0-3]|[1-9])|(1[0-3]|[0-9])")


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).translate(_MINUS).strip() if value is not None else ""


def parse_contract(value: Any) -> Contract:
    """A contract from its text: ``4S``, ``4♠``, ``4 S``, ``3NT``, ``3N``, ``4HX``, ``4Hx``,
    ``4H*``, ``4HXX``, or ``PASS``/``P``/``AP`` for a passed-out board (case ignored)."""
    text = _text(value)
    upper = " ".join(text.upper().split())
    if upper in _PASS_NAMES:
        return Contract(PASSED_OUT)
    match = _CONTRACT.fullmatch(text)
    if match is None or isinstance(value, bool):
        raise InputError(f"contract must be {CONTRACT_FORMS}, got {shown(value)}")
    level, strain, doubling = match.groups()
    return Contract(
        int(level), _STRAIN_NAMES[strain.upper()], _DOUBLING_NAMES[(doubling or "").upper()]
    )


def split_result(value: Any) -> tuple[str, str]:
    """A contract typed with its result (``4S=``, ``3NTx-2``) as (contract, result) texts.

    Text with no result at the end comes back whole with an empty result.
    """
    text = _text(value)
    match = _RESULT_SUFFIX.search(text)
    if match is None or _CONTRACT.fullmatch(text[: match.start()].strip()) is None:
        return text, ""
    return text[: match.start()].strip(), match.group(1).replace(" ", "")


def parse_declarer(value: Any) -> int:
    """The declarer's seat index (0 N, 1 E, 2 S, 3 W) from ``N``, ``E``, ``S`` or ``W``."""
    text = _text(value).upper()
    if isinstance(value, str) and text in SEATS:
        return SEATS.index(text)
    raise InputError(f"declarer must be N, E, S or W, got {shown(value)}")


def parse_result(value: Any, contract: Contract) -> int:
    """Tricks taken by declarer from a result: ``=`` (level + 6), ``+N`` / ``-N`` (N over or
    down, from 1), or the tricks 0–13 as text or a number (a negative number is undertricks,
    as ``-2`` kept by a number cell). Spaces are ignored, − and – are minus signs. Anything
    else (``+0``, ``++1``, ``1.5``, ``010``, ``14``) or a result the contract cannot have
    (``+2`` on 6NT) is an error in the words of the workbook's Check column."""
    text = _text(value).replace(" ", "")
    if text == "=" and not isinstance(value, bool):
        return contract.level + BOOK
    match = None if isinstance(value, bool) else _RESULT.fullmatch(text)
    if match is None:
        raise InputError(f"{RESULT_PROBLEM}, got {shown(value)}")
    sign, number, taken = match.groups()
    if taken is not None:
        return int(taken)
    tricks = contract.level + BOOK + int(sign + number)
    if not 0 <= tricks <= TRICKS:
        raise InputError(f"{IMPOSSIBLE_RESULT.format(text, contract)}: it means {tricks} tricks")
    return tricks


@dataclass(frozen=True)
class Contracts:
    """Parsed contracts, one entry per row (see the module description for the codes)."""

    level: np.ndarray
    strain: np.ndarray
    doubled: np.ndarray
    declarer: np.ndarray
    tricks: np.ndarray

    def ns_score(self, board: ArrayLike) -> np.ndarray:
        """North–South's score of each row on its board."""
        return ns_score(self.level, self.strain, self.doubled, self.declarer, self.tricks, board)

    def text(self, row: int) -> str:
        """Row ``row``'s contract as written on a traveller ("4SX", "PASS")."""
        return str(Contract(int(self.level[row]), int(self.strain[row]), int(self.doubled[row])))

    def texts(self) -> np.ndarray:
        """Every row's contract as written on a traveller (an array of text)."""
        texts: NDArray[np.object_] = _CONTRACT_TEXTS[
            (self.level * 5 + self.strain) * 3 + self.doubled
        ]
        return texts


_CONTRACT_TEXTS = np.array(
    [
        str(Contract(level, strain, doubled))
        for level in range(8)
        for strain in range(5)
        for doubled in range(3)
    ],
    dtype=object,
)


class RowError(InputError):
    """Bad input in one row of a column of contracts: ``row`` counts from 0."""

    def __init__(self, row: int, detail: str):
        super().__init__(f"row {row + 1}: {detail}")
        self.row = row
        self.detail = detail


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, float) and value != value) or _text(value) == ""


def parse_row(contract: Any, declarer: Any, result: Any) -> tuple[int, int, int, int, int]:
    """(level, strain, doubled, declarer, tricks) of one traveller row.

    The result may be written in the contract cell (``4S=``, ``3NTX-2``) when the result cell
    is blank. A passed-out board needs no declarer or result (any given is ignored if blank,
    an error otherwise).
    """
    if _blank(result):
        contract, result = split_result(contract)
    bid = parse_contract(contract)
    if bid.passed_out:
        if not _blank(result):
            raise InputError(f"a passed-out board has no result, got {shown(result)}")
        return PASSED_OUT, 0, 0, 0, 0
    if _blank(result):
        raise InputError(f"result of {bid} must be {RESULT_FORMS}, got blank")
    return bid.level, bid.strain, bid.doubled, parse_declarer(declarer), parse_result(result, bid)


def parse_rows(contract: ArrayLike, declarer: ArrayLike, result: ArrayLike) -> Contracts:
    """Parse columns of contracts, declarers and results (see :func:`parse_row`).

    Each distinct (contract, declarer, result) is parsed once, so a national field of
    thousands of tables costs a few hundred parses. Raises :class:`RowError` naming the
    first bad row.
    """
    columns = [np.asarray(c, dtype=object).reshape(-1) for c in (contract, declarer, result)]
    size = columns[0].size
    if any(c.size != size for c in columns):
        raise InputError(
            "contract, declarer and result must have one value per row, got "
            f"{', '.join(str(c.size) for c in columns)}"
        )
    cells = [c.tolist() for c in columns]
    # Cells as given are looked up first (True == 1 as a key, so not when a cell is TRUE).
    as_given = not any(type(cell) is bool for column in cells for cell in column)
    seen: dict[tuple[Any, ...], tuple[int, int, int, int, int]] = {}
    texts: dict[tuple[str, ...], tuple[int, int, int, int, int]] = {}
    parsed = np.empty((size, 5), dtype=np.int64)
    for row, key in enumerate(zip(*cells, strict=True)):
        values = seen.get(key) if as_given else None
        if values is None:
            text = tuple(_text(k) if not _blank(k) else "" for k in key)
            values = texts.get(text)
            if values is None:
                try:
                    values = parse_row(*(None if k == "" else k for k in text))
                except InputError as error:
                    raise RowError(row, str(error)) from None
                texts[text] = values
            if as_given:
                seen[key] = values
        parsed[row] = values
    return Contracts(*(parsed[:, i].copy() for i in range(5)))


def contract_scores(
    contract: ArrayLike, declarer: ArrayLike, result: ArrayLike, board: ArrayLike
) -> np.ndarray:
    """North–South's score of each row from the text of its contract, declarer, result and
    board number (see :func:`parse_rows` and :func:`ns_score`)."""
    parsed = parse_rows(contract, declarer, result)
    boards = np.asarray(board, dtype=object).reshape(-1)
    if boards.size != parsed.level.size:
        raise InputError(
            f"board must have one value per row ({parsed.level.size}), got {boards.size}"
        )
    numbers = np.empty(boards.size, dtype=np.int64)
    for row, cell in enumerate(boards.tolist()):
        message = board_problem(cell)
        if message:
            raise RowError(row, message)
        numbers[row] = int(cell)
    return parsed.ns_score(numbers)


#: The largest board number accepted (vulnerability repeats every 16 boards).
MAX_BOARD_NUMBER = 1_000_000


def board_problem(cell: object) -> str:
    """What is wrong with a board number as a cell holds it ("" when it is a board number)."""
    if (
        isinstance(cell, bool)
        or not isinstance(cell, (int, float, np.integer, np.floating))
        or not (np.isfinite(cell) and float(cell).is_integer() and 1 <= cell <= MAX_BOARD_NUMBER)
    ):
        return f"board must be a whole number from 1 to {MAX_BOARD_NUMBER:,}, got {shown(cell)}"
    return ""
