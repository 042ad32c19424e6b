"""Checks of user input shared by the Excel functions and the command line.

Every check raises :class:`InputError` with a message that names the argument and the value
the user gave ("boards must be a whole number from 1 to 200, got -3"). The Excel adapter turns
it into a cell error, the command line into one line on stderr and exit code 2.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from xlbridge.errors import InputError
from xlbridge.scoring.names import resolve, shown_options

#: The largest size of any number accepted (1e12). No count, score, margin or parameter of
#: bridge scoring comes near it; a larger value is a typing error, and would overflow the
#: whole-number arithmetic of a scale's bounds (K ≥ 2e18 wraps around in 64 bits).
LARGEST = 1e12
#: The largest VP total: a scale has about vp_total/2 rows, built and cached on every call.
MAX_VP_TOTAL = 1000
#: The most results a board may have or be factored to (Neuberg's "expected").
MAX_RESULTS = 10_000
_LARGEST_TEXT = "1e12"


def shown(value: Any) -> str:
    """The value as a user would recognise it in a message: as typed in a cell (1e308, not
    309 digits; TRUE, not True)."""
    if value is None:
        return "blank"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    if isinstance(value, int) and abs(value) >= 10**15:
        digits = str(abs(value))
        return f"{'-' if value < 0 else ''}{digits[0]}e{len(digits) - 1}"
    if isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool):
        number = float(value)
        if not math.isfinite(number):
            return str(number)  # nan, inf, -inf
        if number.is_integer() and abs(number) < 1e15:
            return str(int(number))
        text = f"{number:.15g}"
        mantissa, e, exponent = text.partition("e")
        return f"{mantissa}e{int(exponent)}" if e else text
    text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _as_number(name: str, value: Any, what: str) -> float:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        raise InputError(f"{name} must be {what}, got {shown(value)}")
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise InputError(f"{name} must be {what}, got {shown(value)}") from None
    if not math.isfinite(number):
        raise InputError(f"{name} must be {what}, got {shown(value)}")
    if abs(number) > LARGEST:
        raise InputError(
            f"{name} must be {what}, at most {_LARGEST_TEXT} in size, got {shown(value)}"
        )
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
    """``value`` as one of ``options``: case, surrounding spaces, "-" and "_" ignored, and any
    other spelling of the same name accepted (``english`` for ``mp``: see
    :data:`xlbridge.scoring.names.ALIASES`). The message of a bad value lists the options by
    their canonical names."""
    allowed = tuple(options)
    found = resolve(value, allowed) if isinstance(value, str) else None
    if found is not None:
        return found
    listed = shown_options(allowed)
    hint = did_you_mean(value, listed.split(", ")) if isinstance(value, str) else ""
    raise InputError(f"{name} must be one of {listed}; got {shown(value)}{hint}")


def did_you_mean(given: str, options: Iterable[str]) -> str:
    """The hint " (did you mean teams-match?)" for the option nearest a misspelling, or ""
    when none is near (difflib's ratio of at least 0.6, as for misspelled options)."""
    near = difflib.get_close_matches(given.strip().lower(), list(options), n=1, cutoff=0.6)
    return f" (did you mean {near[0]}?)" if near else ""


def even_total(name: str, value: Any) -> int:
    """A VP total: an even whole number of at least 2."""
    what = f"an even whole number from 2 to {MAX_VP_TOTAL}"
    total = _as_number(name, value, what)
    if not total.is_integer() or total < 2 or total > MAX_VP_TOTAL or int(total) % 2:
        raise InputError(f"{name} must be {what}, got {shown(value)}")
    return int(total)


def margins(name: str, values: Any) -> np.ndarray:
    """A cell or block of margins as a float array; blank cells (None, "") become NaN.

    Text, booleans and other non-numbers are rejected with the offending value named.
    """
    array = np.asarray(values, dtype=object)
    if array.size == 0:
        raise InputError(f"{name} must hold at least one cell, got an empty range")
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
            except (TypeError, ValueError, OverflowError):
                raise InputError(
                    f"{name} must hold numbers or blank cells, got {shown(cell)}"
                ) from None
            if not math.isfinite(out[i]) or abs(out[i]) > LARGEST:
                raise InputError(
                    f"{name} must hold numbers from -{_LARGEST_TEXT} to {_LARGEST_TEXT}, "
                    f"got {shown(cell)}"
                )
    return out.reshape(array.shape)
