"""Numbers as CSV cells, a whole column at a time, with exactly the text Python's own
formatting gives them one by one.

:func:`fixed` is ``f"{value:.{decimals}f}"`` of each value; :func:`trimmed` is
``f"{round(value, decimals) + 0.0:.{decimals}f}"`` without trailing zeros or a trailing point,
"-0" written "0" and NaN written "" (:func:`trimmed_one`, the rule one value at a time).

Both round half to even on the value's exact binary expansion, as Python does. The column is
scaled to whole numbers of the last decimal place in one step; a value whose scaled product
lies too close to a half for the product's rounding error to be ruled out, or that is too
large for exact integers, or is not finite, is formatted by Python itself. The digits of all
the others are written into a byte matrix column by column, and the matrix read out as text.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

#: Scaled values below this are exact integers in a float64, and so is their rounding.
_EXACT = 2.0**52
_ZERO, _MINUS, _POINT, _SEPARATOR = ord("0"), ord("-"), ord("."), ord("\n")


def trimmed_one(value: float, decimals: int) -> str:
    """One number as :func:`trimmed` writes it."""
    if value != value:  # NaN
        return ""
    text = f"{round(value, decimals) + 0.0:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def trimmed(values: np.ndarray, decimals: int) -> list[str]:
    """Each value rounded to ``decimals`` places, trailing zeros dropped ("" for NaN)."""
    return _column(values, decimals, trim=True, one=lambda v: trimmed_one(v, decimals))


def fixed(values: np.ndarray, decimals: int) -> list[str]:
    """Each value with exactly ``decimals`` places, as ``f"{value:.{decimals}f}"``."""
    return _column(values, decimals, trim=False, one=lambda v: f"{v:.{decimals}f}")


def _column(
    values: np.ndarray, decimals: int, trim: bool, one: Callable[[float], str]
) -> list[str]:
    if not 1 <= decimals <= 15:
        raise ValueError(f"decimals must be from 1 to 15, got {decimals}")
    values = np.asarray(values, dtype=float).reshape(-1)
    scaled, exact = _scaled(values, decimals)
    negative = np.signbit(values)
    if trim:  # round() then "+ 0.0": a value that rounds to zero has no sign
        negative &= scaled != 0
    cells = _digits(np.where(exact, np.abs(scaled), 0), negative & exact, decimals, trim)
    for index in np.flatnonzero(~exact).tolist():
        cells[index] = one(float(values[index]))
    return cells


def _scaled(values: np.ndarray, decimals: int) -> tuple[np.ndarray, np.ndarray]:
    """round-half-even(value · 10^decimals) as int64, and where that is certainly right."""
    with np.errstate(invalid="ignore", over="ignore"):
        product = values * 10.0**decimals  # one correctly rounded product: error ≤ ½ ulp
        exact = np.isfinite(product) & (np.abs(product) < _EXACT)
        product = np.where(exact, product, 0.0)
    # The exact product lies within ½ ulp of ``product``; away from a half by more than an
    # ulp, both round to the same whole number.
    off_half = np.abs(product - np.floor(product) - 0.5)
    exact &= off_half > 2 * np.spacing(np.abs(product))
    return np.rint(product).astype(np.int64), exact


def _digits(scaled: np.ndarray, negative: np.ndarray, decimals: int, trim: bool) -> list[str]:
    """The text of ``±scaled / 10^decimals`` for whole, non-negative ``scaled``."""
    count = scaled.size
    if count == 0:
        return []
    whole, fraction = np.divmod(scaled, 10**decimals)
    whole_digits = len(str(int(whole.max())))
    point = 1 + whole_digits  # column of the decimal point; column 0 holds a sign
    width = point + decimals + 2  # and a separator at the end
    matrix = np.empty((count, width), dtype=np.uint8)
    rest = whole
    for column in range(point - 1, 0, -1):
        rest, digit = np.divmod(rest, 10)
        matrix[:, column] = digit + _ZERO
    digits = matrix[:, point + 1 : point + 1 + decimals]
    any_fraction = bool(fraction.any())
    rest = fraction
    for column in range(decimals - 1, -1, -1) if any_fraction else ():
        rest, digit = np.divmod(rest, 10)
        digits[:, column] = digit + _ZERO
    matrix[:, point] = _POINT
    matrix[:, -1] = _SEPARATOR
    length = np.ones(count, dtype=np.int64)  # digits of the whole part
    for power in range(1, whole_digits):
        length += whole >= 10**power
    first = point - length  # first digit's column
    rows = np.flatnonzero(negative)
    matrix[rows, first[rows] - 1] = _MINUS
    first -= negative
    kept = np.full((count, 1), decimals, dtype=np.int64)  # fraction digits written
    if trim and not any_fraction:  # whole numbers only (matchpoints, say)
        kept[:] = 0
    elif trim:  # trailing zeros of the fraction go, and the point when nothing is left
        significant = digits[:, ::-1] != _ZERO
        kept[:, 0] -= np.where(significant.any(axis=1), significant.argmax(axis=1), decimals)
    elif not any_fraction:
        digits[:] = _ZERO
    columns = np.arange(width)
    places = columns - point  # 1 for the first decimal place
    mask = (columns >= first[:, None]) & (columns < point)
    mask |= (places == 0) & (kept > 0)
    mask |= (places >= 1) & (places <= kept)
    mask[:, -1] = True
    return matrix[mask].tobytes().decode("ascii").split("\n")[:-1]
