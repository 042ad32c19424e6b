"""Checks of user input shared by the Excel functions and the command line.

Every check raises :class:`InputError` with a message that names the argument and the value
the user gave ("boards must be a whole number from 1 to 200, got -3"). The Excel adapter turns
it into a cell error, the command line into one line on stderr and exit code 2.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from xlbridge.errors import InputError  # noqa: F401  (re-exported: the checks raise it)


def shown(value: Any) -> str:
    """The value as a user would recognise it in a message."""
    if value is None:
        return "blank"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _as_number(name: str, value: Any, what: str) -> float:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        raise InputError(f"{name} must be {what}, got {shown(value)}")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be {what}, got {shown(value)}") from None
    if not math.isfinite(number):
        raise InputError(f"{name} must be {what}, got {shown(value)}")
    return number


def whole_number(name: str, value: Any, low: int, high: int | None = None) -> int:
    """``value`` as an int in ``low..high`` (a float such as 8.0 from a cell is accepted)."""
    what = (
        f"a whole number from {low} to {high}"
        if high is not None
        else f"a whole number of at least {low}"
    )
    number = _as_number(name, value, what)
    if not number.is_integer() or number < low or (high is not None and number > high):
        raise InputError(f"{name} must be {what}, got {shown(value)}")
    return int(number)


def positive_number(name: str, value: Any) -> float:
    """``value`` as a float greater than zero."""
    number = _as_number(name, value, "a number greater than 0")
    if number <= 0:
        raise InputError(f"{name} must be a number greater than 0, got {shown(value)}")
    return number


def number(name: str, value: Any) -> float:
    """``value`` as a finite float."""
    return _as_number(name, value, "a number")


def flag(name: str, value: Any) -> bool:
    """TRUE/FALSE from a cell (1/0 accepted); blank (None) is FALSE."""
    if value is None:
        return False
    if value not in (True, False, 0, 1) or isinstance(value, str):
        raise InputError(f"{name} must be TRUE or FALSE, got {shown(value)}")
    return bool(value)


def choice(name: str, value: Any, options: Iterable[str]) -> str:
    """``value`` (case-insensitive, surrounding spaces ignored) as one of ``options``."""
    allowed = tuple(options)
    if isinstance(value, str) and value.strip().lower() in allowed:
        return value.strip().lower()
    raise InputError(f"{name} must be one of {', '.join(allowed)}; got {shown(value)}")


def even_total(name: str, value: Any) -> int:
    """A VP total: an even whole number of at least 2."""
    total = _as_number(name, value, "an even whole number of at least 2")
    if not total.is_integer() or total < 2 or int(total) % 2:
        raise InputError(f"{name} must be an even whole number of at least 2, got {shown(value)}")
    return int(total)


def margins(name: str, values: Any) -> np.ndarray:
    """A cell or block of margins as a float array; blank cells (None, "") become NaN.

    Text, booleans and other non-numbers are rejected with the offending value named.
    """
    array = np.asarray(values, dtype=object)
    flat = array.reshape(-1)
    out = np.empty(flat.shape, dtype=float)
    for i, cell in enumerate(flat):
        if cell is None or (isinstance(cell, str) and cell.strip() == ""):
            out[i] = np.nan
        elif isinstance(cell, float) and math.isnan(cell):
            out[i] = np.nan
        elif isinstance(cell, bool) or isinstance(cell, str):
            raise InputError(f"{name} must hold numbers or blank cells, got {shown(cell)}")
        else:
            try:
                out[i] = float(cell)
            except (TypeError, ValueError):
                raise InputError(
                    f"{name} must hold numbers or blank cells, got {shown(cell)}"
                ) from None
            if not math.isfinite(out[i]):
                raise InputError(f"{name} must hold finite numbers, got {shown(cell)}")
    return out.reshape(array.shape)
