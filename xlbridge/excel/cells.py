"""What every Excel function shares: reading its cells and turning bad input into an Excel
error that names the argument.

Excel error cells (#N/A, #DIV/0! …) in any argument are an error, not blanks: every argument
is read with xlwings' ``err_to_str`` (see :func:`excel_function`); TRUE/FALSE are never
numbers, and FALSE or 0 never stands for "the default" of a text option; every number is
bounded (see :data:`xlbridge.scoring.checks.LARGEST`), so no call allocates without limit;
and no result holds inf or NaN.
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
import xlwings
from xlwings import arg, func

from xlbridge.errors import InputError
from xlbridge.scoring import checks, names

_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T")

#: The category the classic add-in files the functions under in Excel's function wizard.
CATEGORY = "xlbridge"

Grid = list[list[Any]]

#: Upper bounds of the size arguments (every other number is bounded by checks.LARGEST):
#: results a board has or should have had, boards of a handicap competition, sessions of a
#: Swiss. Far above any event; they keep a typing error from computing nonsense.
MAX_RESULTS = checks.MAX_RESULTS
MAX_COMPETITION_BOARDS = names.MAX_COMPETITION_BOARDS
MAX_SESSIONS = 100


#: Excel's error values, as they reach a function read with ``err_to_str``.
EXCEL_ERRORS = frozenset(
    (
        "#NULL!",
        "#DIV/0!",
        "#VALUE!",
        "#REF!",
        "#NAME?",
        "#NUM!",
        "#N/A",
        "#GETTING_DATA",
        "#SPILL!",
        "#CONNECT!",
        "#BLOCKED!",
        "#UNKNOWN!",
        "#FIELD!",
        "#CALC!",
        "#BUSY!",
        "#DATA!",
        "#PYTHON!",
    )
)

#: The words of an error that is no fault of the user's input; tests look for them.
INTERNAL_ERROR = "could not compute this (an internal error)"


def _excel_error(cell: Any) -> str | None:
    """The Excel error a cell holds (its text, or Office.js's error object), else None."""
    if isinstance(cell, str):
        return cell if cell in EXCEL_ERRORS else None
    if isinstance(cell, dict) and cell.get("type") == "Error":
        return str(cell.get("basicValue") or f"#{cell.get('errorType', 'ERROR')}")
    return None


def _junk(cell: Any) -> str | None:
    """Why a cell can be no argument at all (an Excel error, NaN, inf, a number beyond any
    cell's), else None."""
    error = _excel_error(cell)
    if error is not None:
        return f"the Excel error {error}"
    if isinstance(cell, float) and not math.isfinite(cell):
        return f"{cell}, which is not a number a cell holds"
    if isinstance(cell, int) and not isinstance(cell, bool) and abs(cell) > checks.LARGEST:
        return f"{checks.shown(cell)}, beyond the largest number accepted (1e12)"
    return None


def _reject_junk(names: list[str], args: tuple[Any, ...]) -> None:
    """An InputError naming the argument (and cell) of the first junk cell of ``args``.

    The usual one-cell arguments are let through inline (this runs on every call, and a
    cached VPSCALE costs little more than a dictionary lookup); the rest go the careful way.
    """
    for name, value in zip(names, args, strict=False):
        kind = type(value)
        if kind is float:
            if value - value == 0.0:  # NaN and ±inf give NaN
                continue
        elif value is None or kind is bool:
            continue
        elif kind is int:
            if -checks.LARGEST <= value <= checks.LARGEST:
                continue
        elif kind is str and value not in EXCEL_ERRORS:
            continue
        _reject_junk_in(name, value)


def _reject_junk_in(name: str, value: Any) -> None:
    if not isinstance(value, list):
        why = _junk(value)
        if why is not None:
            raise InputError(f"{name} is {why}")
        return
    for r, row in enumerate(value):
        for c, cell in enumerate(row if isinstance(row, list) else [row]):
            why = _junk(cell)
            if why is not None:
                raise InputError(f"{name} holds {why} (row {r + 1}, column {c + 1})")


def finite(name: str, result: _T) -> _T:
    """``result`` unless a number in it is inf or NaN (a safety net: bounds come first)."""
    rows = result if isinstance(result, list) else [[result]]
    for row in rows:
        for cell in row if isinstance(row, list) else [row]:
            if isinstance(cell, float) and not math.isfinite(cell):
                raise InputError(f"{name}: the result is too large to show; check the inputs")
    return result


#: Results already computed from checked arguments, by function name: a function's lookup
#: gives the result for these arguments, or None (VPSCALE's card cache).
CACHED: dict[str, Callable[[tuple[Any, ...]], Any]] = {}


def cell_errors(function: _F) -> _F:
    """Report an :class:`InputError` as an Excel error carrying its message; any other
    failure as an error saying so, never a Python exception in a cell."""
    names = list(inspect.signature(function).parameters)
    name = function.__name__

    @functools.wraps(function)
    def wrapper(*args: Any) -> Any:
        cached = CACHED.get(name)
        if cached is not None:
            result = cached(args)
            if result is not None:  # only checked arguments got into the cache
                return result
        try:
            _reject_junk(names, args)
            return finite(name, function(*args))
        except InputError as error:
            raise xlwings.XlwingsError(str(error)) from None
        except Exception as error:  # noqa: BLE001 - a cell must never show a traceback
            raise xlwings.XlwingsError(
                f"{function.__name__} {INTERNAL_ERROR}: {type(error).__name__}"
            ) from None

    # Excel's function wizard shows the docstring as one paragraph.
    wrapper.__doc__ = " ".join((function.__doc__ or "").split())
    return cast(_F, wrapper)


def excel_function(function: _F) -> _F:
    """An Excel function: xlwings' ``func`` (filed under :data:`CATEGORY` in the classic
    add-in's function wizard), with every argument read with ``err_to_str``, so that Excel
    error cells arrive as their text ("#N/A") instead of blanks and :func:`cell_errors` can
    name them. It goes above the ``arg`` decorators, so that it sees every argument."""
    registered = func(category=CATEGORY)(function)
    for argument in getattr(registered, "__xlfunc__", {}).get("args", []):
        argument.setdefault("options", {})["err_to_str"] = True
    return registered


def to_cells(values: np.ndarray) -> Grid:
    """A 2-D float array as rows of cells; NaN becomes a blank cell."""
    grid = np.atleast_2d(values)
    return [[None if np.isnan(v) else float(v) for v in row] for row in grid.tolist()]


def blank(value: Any) -> bool:
    """Whether a cell is blank (hosts send None or "", or text of spaces)."""
    return value is None or (isinstance(value, str) and value.strip() == "")


def optional(value: Any) -> Any:
    """None for a blank optional argument (hosts send None or "")."""
    return None if blank(value) else value


def text_option(name: str, value: Any, default: str) -> str:
    """A text option: ``default`` when blank; anything but text (FALSE, 0) is an error."""
    if blank(value):
        return default
    if not isinstance(value, str):
        raise InputError(f"{name} must be text (or blank for {default}), got {checks.shown(value)}")
    return value


def args_with_help(docs: dict[str, str], **options: Any) -> Callable[[_F], _F]:
    """A decorator attaching the help text (and conversion ``options``) of shared arguments."""

    def attach(function: _F) -> _F:
        for name, doc in docs.items():
            function = arg(name, doc=doc, **options)(function)
        return function

    return attach


def as_range(value: Any) -> Grid:
    """A range argument as rows of cells (one cell, a blank, is a 1×1 range)."""
    if not isinstance(value, list):
        return [[value]]
    return [row if isinstance(row, list) else [row] for row in value]


def blank_range(value: Any) -> bool:
    """Whether every cell of a range argument (or a single cell) is blank."""
    cells = value if isinstance(value, list) else [[value]]
    return all(blank(cell) for row in cells for cell in (row if isinstance(row, list) else [row]))
