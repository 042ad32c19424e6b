"""Every Excel function, fed Excel-shaped junk through xlwings' Office.js dispatcher.

Each function of :mod:`xlbridge.udfs` (found by iterating the module, so functions added later
are covered without a change here) is called with a known-good set of arguments, then with
each argument replaced in turn by each kind of junk a sheet can send: blank (None, ""), text,
a formula-like text, TRUE/FALSE, NaN, ±inf, 1e19, ±1e308, a 400-digit integer, −0, 5e-324,
100,000 characters of text, a control character, a byte-order mark, Excel error
cells as xlwings delivers them (Office.js's error object, and the text the classic add-in
gives), ranges holding an error, ragged and empty ranges, 2-D blocks and rows where a column
belongs, mixed ranges (and, for a few functions, a 10,000-cell range). Then with seeded random
mixtures of junk in every position.

Every answer must be one of: an ``xlwings.XlwingsError`` with a message that is not the
internal-error fallback (``cells.INTERNAL_ERROR``) and that names the argument when an error
cell or a bad number was the cause; or a result whose numbers are all finite. A blank optional
argument must give what leaving it out gives. A call that takes longer than a minute is a hang.
"""

from __future__ import annotations

import inspect
import math
import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import pytest
from dispatcher import call

from xlbridge.excel.cells import INTERNAL_ERROR

NA_OBJECT = {"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}
DIV0_OBJECT = {"type": "Error", "basicValue": "#DIV/0!", "errorType": "Div0"}

#: Junk by kind: (value, what must happen). "error" = a named error; "either" = an error or a
#: finite result; "default" = the result of leaving the argument out (optional arguments).
JUNK: dict[str, tuple[Any, str]] = {
    "None": (None, "default"),
    "empty text": ("", "default"),
    "text": ("abc", "error"),
    "formula text": ("=1+1", "error"),
    "TRUE": (True, "error"),
    "FALSE": (False, "error"),
    "NaN": (math.nan, "error"),
    "inf": (math.inf, "error"),
    "-inf": (-math.inf, "error"),
    "1e19": (1e19, "error"),
    "1e308": (1e308, "error"),
    "-1e308": (-1e308, "error"),
    "huge int": (10**400, "error"),
    "#N/A object": (NA_OBJECT, "named"),
    "#DIV/0! object": (DIV0_OBJECT, "named"),
    "#N/A text": ("#N/A", "named"),
    "#VALUE! text": ("#VALUE!", "named"),
    "range with #N/A": ([[460], [NA_OBJECT], [430]], "named"),
    "range with #REF!": ([[1, "#REF!"], [3, 4]], "named"),
    "ragged range": ([[1, 2], [3]], "either"),
    "empty range": ([[]], "either"),
    "no rows": ([], "either"),
    "text range": ([["a"], ["b"]], "either"),
    "negative": (-3, "either"),
    "zero": (0, "either"),
    "half": (0.5, "either"),
    "big count": (5000, "either"),
    "-0": (-0.0, "either"),
    "tiny": (5e-324, "either"),
    "long text": ("x" * 100_000, "error"),
    "control character": ("4\x00", "error"),
    "byte-order mark": ("\ufeff5", "either"),
    "block": ([[460, 450, 430], [420, -50, 400], [1, 2, 3]], "either"),
    "row of cells": ([[460, 450, 430, 420]], "either"),
    "mixed range": ([[460], ["a"], [True], [None], [-0.0]], "either"),
}

#: Arguments where TRUE/FALSE are the right kind of value.
FLAGS = {"negative", "datum", "discrete", "margin"}
#: Arguments where any text (or a number) is a name the user may choose.
NAMES = {"teams", "played", "contract", "declarer", "names", "players", "pairs", "name"}

SCORES = [[460], [450], [430], [420], [-50]]
#: Known-good arguments of the functions this test knows; others get blanks (see _baseline).
GOOD: dict[str, tuple[Any, ...]] = {
    "VPSCALE": (8,),
    "VP": (5, 8),
    "VP_WBF": (5, 8),
    "IMPS": (50,),
    "MATCHPOINTS": (SCORES,),
    "WEIGHTED_MP": ([[430], [420], [400]], [[430, 400]], [[0.6, 0.4]]),
    "NEUBERG": (4, 3, 5),
    "CROSS_IMPS": (SCORES,),
    "DATUM": (SCORES,),
    "BUTLER_IMPS": (SCORES,),
    "HANDICAP_START": (50,),
    "HANDICAP_EXPECTED": (13, [[13], [34.7], [20]]),
    "HANDICAP_DELTA": (13, [[13], [34.7], [20]], 60, 24),
    "FIT_K": ([[5], [-3], [12], [0], [7], [-9], [2], [-14]], 8),
    "SCALE_AUDIT": ([[v] for v in (5, -3, 12, 0, 7, -9, 2, -14, 20, -25, 1, 3) * 5], 8),
    "AVERAGE_PLUS": (),
    "SWISS_DRAW": ([["A"], ["B"], ["C"], ["D"]], [[3], [2], [1], [0]]),
    "LATE_ENTRY": (3, 6),
}

#: Cases tried and what went wrong, by kind (reported at the end; all must stay zero).
COUNTS = {"cases": 0, "raw errors": 0, "wrong numbers": 0, "hangs": 0}


class Hang(Exception):
    pass


@contextmanager
def _deadline(seconds: int) -> Iterator[None]:
    """A hang guard (not a speed check): a call still running after ``seconds`` is a hang."""

    def stop(*_: Any) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _functions(udfs: ModuleType) -> list[str]:
    return [name for name in udfs.__all__ if hasattr(getattr(udfs, name), "__xlfunc__")]


def _parameters(udfs: ModuleType, name: str) -> list[inspect.Parameter]:
    return list(inspect.signature(getattr(udfs, name)).parameters.values())


def _baseline(udfs: ModuleType, name: str) -> tuple[Any, ...]:
    """Good arguments: GOOD's, or (for a function this test does not know) blanks."""
    params = _parameters(udfs, name)
    known = GOOD.get(name)
    if known is None:
        return tuple(None for _ in params)
    return known + tuple(None for _ in params[len(known) :])


def _outcome(udfs: ModuleType, name: str, args: tuple[Any, ...]) -> tuple[str, Any]:
    """("error", message) or ("result", value); raw failures and hangs are counted."""
    import xlwings

    COUNTS["cases"] += 1
    try:
        with _deadline(60):
            return "result", call(udfs, name, *args)
    except Hang:
        COUNTS["hangs"] += 1
        return "hang", None
    except xlwings.XlwingsError as error:
        message = str(error)
        if INTERNAL_ERROR in message or "Traceback" in message or len(message) > 500:
            COUNTS["raw errors"] += 1
            return "raw", message
        return "error", message
    except Exception as error:  # noqa: BLE001 - exactly what the test looks for
        COUNTS["raw errors"] += 1
        return "raw", f"{type(error).__name__}: {error}"


def _finite(value: Any) -> bool:
    """No inf or NaN, and no error object, anywhere in a result."""
    if isinstance(value, list):
        return all(_finite(cell) for cell in value)
    if isinstance(value, dict):
        return False  # xlwings turns NaN into an error object on the way out
    if isinstance(value, float):
        return math.isfinite(value)
    return True


def _check(
    udfs: ModuleType,
    name: str,
    args: tuple[Any, ...],
    position: int | None,
    expect: str,
    default: Any,
    problems: list[str],
) -> None:
    kind, value = _outcome(udfs, name, args)
    where = f"{name}{args!r}"
    if kind in ("raw", "hang"):
        problems.append(f"{kind}: {where} -> {value}")
        return
    if kind == "result" and not _finite(value):
        COUNTS["wrong numbers"] += 1
        problems.append(f"not finite: {where} -> {value}")
        return
    if position is None:
        return
    param = _parameters(udfs, name)[position]
    if param.name in NAMES and expect in ("error", "default"):
        return  # a name may be almost anything; blank names are checked elsewhere
    if param.name in FLAGS and args[position] in (True, False):
        expect = "either"
    wrong = (
        (expect in ("error", "named") and kind != "error")
        or (expect == "named" and param.name not in value)
        or (
            expect == "default"
            and param.default is not inspect.Parameter.empty
            and (kind, value) != default
        )
    )
    if wrong:
        COUNTS["wrong numbers"] += 1
        problems.append(f"expected {expect}: {where} -> {kind} {value!r}")


#: Never sent by Excel for a one-cell argument, and refused by xlwings itself (an IndexError in
#: its conversion, before any xlbridge code runs): tried on range arguments only.
RANGE_ONLY = {"empty range", "no rows"}


def _is_range(udfs: ModuleType, name: str, position: int) -> bool:
    options = getattr(udfs, name).__xlfunc__["args"][position]["options"]
    return options.get("ndim") == 2


def _junk_for(udfs: ModuleType, name: str, position: int) -> list[tuple[Any, str]]:
    is_range = _is_range(udfs, name, position)
    return [case for kind, case in JUNK.items() if is_range or kind not in RANGE_ONLY]


def _fuzz_one_at_a_time(udfs: ModuleType, name: str) -> list[str]:
    problems: list[str] = []
    base = _baseline(udfs, name)
    default = _outcome(udfs, name, base)
    if name in GOOD:
        assert default[0] == "result", (name, default)
    for position in range(len(base)):
        for value, expect in _junk_for(udfs, name, position):
            args = base[:position] + (value,) + base[position + 1 :]
            if name not in GOOD and expect == "default":
                expect = "either"
            _check(udfs, name, args, position, expect, default, problems)
    return problems


def _fuzz_mixtures(udfs: ModuleType, name: str, count: int = 60) -> list[str]:
    problems: list[str] = []
    rng = random.Random(name)
    base = _baseline(udfs, name)
    choices = [
        [value for value, _ in _junk_for(udfs, name, i)] + [good] for i, good in enumerate(base)
    ]
    for _ in range(count):
        args = tuple(rng.choice(options) for options in choices)
        _check(udfs, name, args, None, "either", None, problems)
    return problems


#: The two fuzz runs and their counts on one xdist worker, in this order: the counts are this
#: worker's, so apart the counts test would be skipped (or, after the one-off tests, fail).
FUZZ_WORKER = pytest.mark.xdist_group("excel-fuzz")


@pytest.fixture(scope="module")
def functions(udfs: ModuleType) -> list[str]:
    names = _functions(udfs)
    assert set(GOOD) <= set(names), set(GOOD) - set(names)
    return names


@FUZZ_WORKER
def test_every_function_takes_junk_in_every_argument(udfs: ModuleType, functions) -> None:
    problems = [p for name in functions for p in _fuzz_one_at_a_time(udfs, name)]
    assert not problems, "\n".join(problems[:40])


@FUZZ_WORKER
def test_every_function_takes_random_mixtures_of_junk(udfs: ModuleType, functions) -> None:
    problems = [p for name in functions for p in _fuzz_mixtures(udfs, name)]
    assert not problems, "\n".join(problems[:40])


@FUZZ_WORKER
def test_the_fuzz_counts(functions) -> None:
    """Runs last in this file: the counts for the closing note, every failure kind zero."""
    if COUNTS["cases"] == 0:  # pytest-xdist ran the fuzz in another worker, which checked it
        pytest.skip("the fuzz ran in another worker")
    print(f"\nfuzz of {len(functions)} Excel functions: {COUNTS}")
    assert COUNTS["cases"] > 1000
    assert COUNTS["raw errors"] == COUNTS["wrong numbers"] == COUNTS["hangs"] == 0


# --- the defects the issue found, one by one ------------------------------------------------


def _error(udfs: ModuleType, name: str, *args: Any) -> str:
    kind, value = _outcome(udfs, name, args)
    assert kind == "error", (name, args, kind, value)
    return value


@pytest.mark.parametrize("function", ["MATCHPOINTS", "CROSS_IMPS", "DATUM", "BUTLER_IMPS"])
def test_a_blank_cell_as_the_whole_traveller_is_a_named_error(udfs, function: str) -> None:
    assert "scores" in _error(udfs, function, None)


def test_na_in_a_traveller_is_an_error_not_a_missing_table(udfs) -> None:
    message = _error(udfs, "MATCHPOINTS", [[460], [NA_OBJECT], [430], [420]])
    assert message == "scores holds the Excel error #N/A (row 2, column 1)"
    assert "#N/A" in _error(udfs, "MATCHPOINTS", [[460], ["#N/A"], [430], [420]])


def test_k_beyond_int64_is_refused_not_wrapped(udfs) -> None:
    assert _error(udfs, "VP", 5, 8, 1e19).startswith("k must be a number greater than 0")
    assert "got 1e19" in _error(udfs, "VP", 5, 8, 1e19)
    assert call(udfs, "VP", 5, 8, 1e12) == [[10.0]]  # the largest K still gives the draw


def test_a_huge_vp_total_is_refused_at_once(udfs) -> None:
    for total in (2_000_000, 1e10):
        assert "vp_total must be an even whole number from 2 to 1000" in _error(
            udfs, "VPSCALE", 8, None, None, total
        )
    assert len(call(udfs, "VPSCALE", 8, None, None, 1000)) == 501


def test_the_vpscale_cache_tells_true_from_1(udfs) -> None:
    assert call(udfs, "VPSCALE", 1)
    assert "boards must be a whole number" in _error(udfs, "VPSCALE", True)
    assert "got TRUE" in _error(udfs, "VPSCALE", True)


@pytest.mark.parametrize(
    ("function", "args"),
    [
        ("LATE_ENTRY", (3, 1e19)),
        ("LATE_ENTRY", (3, 6, 1e308)),
        ("NEUBERG", (1e308, 3, 5)),
        ("MATCHPOINTS", ([[1e308], [-1e308], [0]],)),
        ("FIT_K", ([[1e200], [-1e200], [3]], 8)),
        ("IMPS", (1e308,)),
    ],
)
def test_huge_numbers_are_named_errors_not_inf(udfs, function: str, args) -> None:
    assert "1e" in _error(udfs, function, *args)  # the value as typed, not 309 digits


@pytest.mark.parametrize(
    ("function", "args", "name"),
    [
        ("MATCHPOINTS", (SCORES, None, False), "scoring"),
        ("MATCHPOINTS", (SCORES, None, 0), "scoring"),
        ("CROSS_IMPS", (SCORES, None, False), "divisor"),
        ("DATUM", (SCORES, None, None, 0), "method"),
        ("VPSCALE", (8, None, False), "form"),
        ("VP", (5, 8, None, None, None, None, 0), "rounding"),
        ("HANDICAP_EXPECTED", (13, [[13], [20]], False), "form"),
    ],
)
def test_false_or_0_is_not_the_default_of_a_text_option(udfs, function, args, name) -> None:
    assert _error(udfs, function, *args).startswith(f"{name} must be text")


def test_swiss_draw_keeps_each_team_beside_its_score(udfs) -> None:
    teams = [["A"], [None], ["C"], ["D"], ["E"]]
    scores = [[30], [None], [10], [20], [0]]
    # Score order A 30, D 20, C 10, E 0: A meets D, C meets E. Were blanks dropped from the
    # teams and the scores apart, the rows would still line up here; they would not if the
    # blank score stood elsewhere, which is an error (the next call).
    assert call(udfs, "SWISS_DRAW", teams, scores) == [[1, "A", "D"], [2, "C", "E"]]
    shifted = [[30], [5], [None], [20], [0]]
    message = _error(udfs, "SWISS_DRAW", teams, shifted)
    assert message == "teams must not be blank beside a filled cell: cell 2"


@pytest.mark.parametrize(
    ("function", "position"), [("MATCHPOINTS", 0), ("VP", 0), ("SWISS_DRAW", 0)]
)
def test_a_range_of_10000_cells_is_answered(udfs: ModuleType, function: str, position: int) -> None:
    """A whole column selected by mistake: a named error or finite numbers, never a hang. (A few
    functions only: xlwings' own conversion of 10,000 cells takes half a second a call.)"""
    column = [[float(i % 97 * 10)] for i in range(10_000)]
    base = _baseline(udfs, function)
    problems: list[str] = []
    args = base[:position] + (column,) + base[position + 1 :]
    _check(udfs, function, args, None, "either", None, problems)
    assert not problems, problems[0][:300]


def test_handicap_delta_refuses_more_imps_than_a_board_has(udfs) -> None:
    field = [[13], [34.7], [20]]
    message = _error(udfs, "HANDICAP_DELTA", 13, field, 1e6, 24, None, None, "imp")
    assert message == "achieved must be IMPs per board from -24 to 24 for method imp, got 1000000"
    assert call(udfs, "HANDICAP_DELTA", 13, field, -24, 24, None, None, "imp")  # the extreme
