"""Numbers as CSV cells, a whole column at a time, with exactly the text Python's own
formatting gives them one by one.

:func:`fixed` is ``f"{value:.{decimals}f}"`` of each value; :func:`trimmed` is
``f"{round(value, decimals) + 0.0:.{decimals}f}"`` without trailing zeros or a trailing point,
"-0" written "0" and NaN written "" (:func:`trimmed_one`, the rule one value at a time).

Both round half to even on the value's exact binary expansion, as Python does. The column is
scaled to whole numbers of the last decimal place in one step; where the scaled product lies
too close to a half for its rounding error to be ruled out, Python's own digits decide. The
digits are written into a byte matrix column by column (:data:`Cells`), read out as text or
put straight into a file's bytes. A value too large for exact integers, or not finite, is
formatted by Python itself.
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


#: A column of cells as bytes: a matrix with a row per cell, and which of its bytes are the
#: cell's (the rest is padding).
Cells = tuple[np.ndarray, np.ndarray]


def trimmed_cells(values: np.ndarray, decimals: int, point: str = ".") -> Cells | None:
    """:func:`trimmed` as ASCII bytes (see :data:`Cells`), with ``point`` as the decimal
    mark; None when a value needs Python's own formatting (see the module)."""
    values = np.asarray(values, dtype=float).reshape(-1)
    blank = np.isnan(values)
    scaled, exact = _scaled(np.where(blank, 0.0, values), decimals)
    if not exact.all():
        return None
    negative = np.signbit(values) & (scaled != 0)  # rounded to zero: no sign
    matrix, mask = _digits(np.abs(scaled), negative, decimals, trim=True)
    mask[blank] = False
    if point != ".":
        matrix[matrix == _POINT] = ord(point)
    return matrix, mask


def fixed_cells(values: np.ndarray, decimals: int) -> Cells | None:
    """:func:`fixed` as ASCII bytes (see :data:`Cells`); None when a value needs Python's own
    formatting (see the module)."""
    values = np.asarray(values, dtype=float).reshape(-1)
    scaled, exact = _scaled(values, decimals)
    if not exact.all():
        return None
    return _digits(np.abs(scaled), np.signbit(values), decimals, trim=False)


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
    cells = as_text(*_digits(np.where(exact, np.abs(scaled), 0), negative & exact, decimals, trim))
    for index in np.flatnonzero(~exact).tolist():
        cells[index] = one(float(values[index]))
    return cells


def as_text(matrix: np.ndarray, mask: np.ndarray) -> list[str]:
    """The cells of a byte matrix (:data:`Cells`) as text, one per row."""
    if not matrix.shape[0]:
        return []
    count, width = matrix.shape
    whole = np.empty((count, width + 1), dtype=np.uint8)  # each cell, then a separator
    keep = np.empty((count, width + 1), dtype=bool)
    whole[:, :width], whole[:, width] = matrix, _SEPARATOR
    keep[:, :width], keep[:, width] = mask, True
    return whole[keep].tobytes().decode("ascii").split("\n")[:-1]


def _scaled(values: np.ndarray, decimals: int) -> tuple[np.ndarray, np.ndarray]:
    """round-half-even(value · 10^decimals) as int64, and where that is certainly right."""
    with np.errstate(invalid="ignore", over="ignore"):
        product = values * 10.0**decimals  # one correctly rounded product: error ≤ ½ ulp
        exact = np.isfinite(product) & (np.abs(product) < _EXACT)
        product = np.where(exact, product, 0.0)
    # The exact product lies within ½ ulp of ``product``; away from a half by more than an
    # ulp, both round to the same whole number.
    off_half = np.abs(product - np.floor(product) - 0.5)
    near_half = exact & (off_half <= 2 * np.spacing(np.abs(product)))
    scaled = np.rint(product).astype(np.int64)
    for index in np.flatnonzero(near_half).tolist():  # few: Python's digits decide
        text = f"{float(values[index]):.{decimals}f}"
        scaled[index] = int(text.replace(".", ""))
    return scaled, exact


def _digits(scaled: np.ndarray, negative: np.ndarray, decimals: int, trim: bool) -> Cells:
    """The text of ``±scaled / 10^decimals`` for whole, non-negative ``scaled``."""
    count = scaled.size
    whole, fraction = np.divmod(scaled, 10**decimals)
    whole_digits = len(str(int(whole.max()))) if count else 1
    any_fraction = bool(fraction.any())
    if trim and not any_fraction:  # whole numbers only (matchpoints, say): no point
        decimals = -1
    point = 1 + whole_digits  # column of the decimal point; column 0 holds a sign
    width = point + decimals + 1
    matrix = np.empty((count, width), dtype=np.uint8)
    rest = whole
    for column in range(point - 1, 0, -1):
        rest, digit = np.divmod(rest, 10)
        matrix[:, column] = digit + _ZERO
    digits = matrix[:, point + 1 : point + 1 + max(decimals, 0)]
    rest = fraction
    for column in range(decimals - 1, -1, -1) if any_fraction else ():
        rest, digit = np.divmod(rest, 10)
        digits[:, column] = digit + _ZERO
    if decimals >= 0:
        matrix[:, point] = _POINT
    length = np.ones(count, dtype=np.int64)  # digits of the whole part
    for power in range(1, whole_digits):
        length += whole >= 10**power
    first = point - length  # first digit's column
    rows = np.flatnonzero(negative)
    matrix[rows, first[rows] - 1] = _MINUS
    first -= negative
    kept = np.full((count, 1), max(decimals, 0), dtype=np.int64)  # fraction digits written
    if trim and any_fraction:  # trailing zeros go, and the point when nothing is left
        significant = digits[:, ::-1] != _ZERO
        kept[:, 0] -= np.where(significant.any(axis=1), significant.argmax(axis=1), decimals)
    elif not any_fraction:
        digits[:] = _ZERO
    columns = np.arange(width)
    if not trim and decimals > 0:  # every place written: from the first character to the end
        return matrix, columns >= first[:, None]
    places = columns - point  # 1 for the first decimal place
    mask = (columns >= first[:, None]) & (columns < point)
    mask |= (places == 0) & (kept > 0)
    mask |= (places >= 1) & (places <= kept)
    return matrix, mask
