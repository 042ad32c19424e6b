"""One call of every Excel function with the value the scoring core gives, and calls that must
be refused with xlbridge's message: a table shared by every runtime's tests.

Import as ``from excel_calls import CALLS, REFUSED`` (tests/ is on sys.path). The dispatcher
tests (tests/excel/test_install.py) call each through ``custom_functions_call`` in-process; the
server tests (tests/excel/test_excel_server.py) post the same arguments, as the add-in's
JavaScript sends them, to a running xlwings Server; ``.ci/custom_functions.py`` hands the VP
and IMPS rows to Node.js. Arguments are cell values or 2-D lists (ranges); None is a blank
cell, :func:`error_cell` an Excel error value as Office.js passes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from xlbridge.scoring.boards.cross_imps import cross_imps
from xlbridge.scoring.boards.matchpoints import matchpoints
from xlbridge.scoring.handicap import start_handicap
from xlbridge.scoring.imps import imps
from xlbridge.scoring.scales.fit import audit, average_plus
from xlbridge.scoring.scales.gaussian import vp_scale
from xlbridge.scoring.scales.wbf import wbf_vp
from xlbridge.scoring.scales.wbf_discrete import wbf_discrete_vp
from xlbridge.scoring.swiss.draw import swiss_draw

#: Office.js's error types (the ``errorType`` of an Error cell value), by what a cell shows.
ERROR_TYPES = {"#N/A": "NotAvailable", "#DIV/0!": "Div0", "#VALUE!": "Value", "#REF!": "Ref"}


def error_cell(shown: str) -> dict[str, str]:
    """An Excel error cell as Office.js passes it to a custom function (``#N/A`` …)."""
    return {
        "type": "Error",
        "basicType": "Error",
        "basicValue": shown,
        "errorType": ERROR_TYPES[shown],
    }


@dataclass(frozen=True)
class Call:
    """``name(*args)`` and what must come back: ``check(result)`` holds when it is right."""

    name: str
    args: tuple[Any, ...]
    check: Callable[[Any], bool]
    #: The exact result, where one is known (the Node.js step compares it).
    exact: Any = None


def equals(expected: Any) -> Callable[[Any], bool]:
    return lambda result: bool(result == expected)


def column(expected: list[float]) -> Callable[[Any], bool]:
    """A column of values equal to ``expected`` (to pytest.approx)."""
    return lambda result: [row[0] for row in result] == pytest.approx(expected)


def _exact(name: str, args: tuple[Any, ...], expected: Any) -> Call:
    return Call(name, args, equals(expected), expected)


SCORES = [[460], [430], [420], [400]]
SPREAD = [3, -12, 25, 0, -7, 40, 18, -31, 9, -2] * 6  # enough results for the chi-square
FIELD = [[34.7]] * 11 + [[13.0]]


def _swiss() -> list[list[Any]]:
    draw = swiss_draw(["A", "B", "C", "D"], [20, 0, 20, 0], [("A", "B"), ("C", "D")])
    return [[i, h, a] for i, (h, a) in enumerate(draw.tables, 1)]


#: Every Excel function once (some twice), with what the core gives.
CALLS: list[Call] = [
    _exact("VP", (12, 8), [[float(vp_scale(8).vp(12))]]),
    _exact("VP", ([[12], [None], [-12]], 8), [[15.0], [""], [5.0]]),  # a blank stays blank
    Call(
        "VPSCALE",
        (8,),
        lambda rows: [row[2] for row in rows] == vp_scale(8).winner.tolist(),
    ),
    _exact("VP_WBF", (12, 8), [[float(wbf_vp(12, 8))]]),
    _exact("VP_WBF", (12, 8, True), [[float(wbf_discrete_vp(12, 8))]]),  # a boolean
    _exact("IMPS", (430,), [[float(imps(430))]]),
    _exact("IMPS", ([[430], [-430]],), [[10.0], [-10.0]]),
    Call(
        "MATCHPOINTS",
        (SCORES,),
        column(matchpoints([1] * 4, range(4), [460, 430, 420, 400]).value.tolist()),
    ),
    Call(
        "WEIGHTED_MP",
        ([[460], [400]], [[430, 400]], [[0.6, 0.4]]),
        equals([[pytest.approx(0.6 * 2 + 0.4 * 0.5 * 2)]]),
    ),
    Call("NEUBERG", (14, 8, 9), equals([[pytest.approx(15.875)]])),
    Call(
        "CROSS_IMPS",
        (SCORES,),
        column(cross_imps([1] * 4, range(4), [460, 430, 420, 400]).value.tolist()),
    ),
    _exact("DATUM", (SCORES, None, 0), [[430.0]]),  # mean 427.5 → 430 (even ten)
    # Against 430: +30 → 1, 0 → 0, −10 → 0, −30 → −1 IMP.
    Call("BUTLER_IMPS", (SCORES, None, 0), column([1, 0, 0, -1])),
    Call("HANDICAP_START", (300,), equals([[pytest.approx(float(start_handicap(300)))]])),
    Call("HANDICAP_EXPECTED", (13, FIELD), equals([[pytest.approx(50 + 21.7 / 2)]])),
    Call(
        "HANDICAP_DELTA",
        (30, [[30]] * 12, 60, 24),
        equals([[pytest.approx(24 / 480 * 24 / 24.6 * 12 / 11 * 2 * -10)]]),
    ),
    Call(
        "FIT_K",
        ([[1790], [-1790]], 24, "aggregate"),
        lambda rows: rows[0][0] == pytest.approx(1790 / 24**0.5),
    ),
    Call(
        "SCALE_AUDIT",
        ([[m] for m in SPREAD], 8),
        lambda rows: [row[1] for row in rows] == audit(SPREAD, 8).observed.tolist(),
    ),
    Call("AVERAGE_PLUS", ("aggregate",), equals([[pytest.approx(average_plus("aggregate"))]])),
    _exact("LATE_ENTRY", ([[3], [6]], 6), [[14.0], [62.0]]),
    _exact(
        "SWISS_DRAW",
        ([["A"], ["B"], ["C"], ["D"]], [[20], [0], [20], [0]], [["A", "B"], ["C", "D"]]),
        _swiss(),
    ),
    # Board 2: NS vulnerable; South doubled in 4H, one off.
    _exact("CONTRACT_SCORE", ("4HX", "S", "-1", 2), [[-200.0]]),
]

#: Calls that must be refused, with the message Excel shows beside #VALUE!.
REFUSED: list[tuple[str, tuple[Any, ...], str]] = [
    ("VP", (12, -3), "boards must be a whole number from 1 to 200, got -3"),
    ("IMPS", (error_cell("#N/A"),), "points holds the Excel error #N/A (row 1, column 1)"),
]
