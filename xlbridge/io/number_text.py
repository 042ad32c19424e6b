"""Numbers as CSV cells, a whole column at a time, with exactly the text Python's own
formatting gives them one by one.

:func:`fixed` is ``f"{value:.{decimals}f}"`` of each value; :func:`trimmed` is
``f"{round(value, decimals) + 0.0:.{decimals}f}"`` without trailing zeros or a trailing point,
"-0" written "0" and NaN written "" (:func:`trimmed_one`, the rule one value at a time).

Both round half to even on the value's exact binary expansion, as Python does. The column is
scaled to whole numbers of the last decimal place in one step; where the scaled product lies
too close to a half for its rounding error to be ruled out, Python's own digits decide. The
digits are written into a byte matrix four at a time, from a table of every group of four
(:data:`Cells`), read out as text or put straight into a file's bytes. A value too large for
exact integers, or not finite, is formatted by Python itself.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

#: Scaled values below this are exact integers in a float64, and so is their rounding.
_EXACT = 2.0**52
_ZERO, _MINUS, _POINT, _SEPARATOR = ord("0"), ord("-"), ord("."), ord("\n")


def _check_decimals(decimals: int) -> None:
    if not 0 <= decimals <= 15:
        raise ValueError(f"decimals must be from 0 to 15, got {decimals}")


def trimmed_one(value: float, decimals: int) -> str:
    """One number as :func:`trimmed` writes it (Python's rounding, also of a numpy float,
    whose own round() scales and rounds: 44440.05 to 1 place would give 44440)."""
    _check_decimals(decimals)
    value = float(value)
    if value != value:  # NaN
        return ""
    text = f"{round(value, decimals) + 0.0:.{decimals}f}"
    if "." in text:  # trailing zeros of the decimals only (not of 27644576*0*)
        text = text.rstrip("0").rstrip(".")
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
    _check_decimals(decimals)
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
    _check_decimals(decimals)
    values = np.asarray(values, dtype=float).reshape(-1)
    scaled, exact = _scaled(values, decimals)
    if not exact.all():
        return None
    return _digits(np.abs(scaled), np.signbit(values), decimals, trim=False)


def _column(
    values: np.ndarray, decimals: int, trim: bool, one: Callable[[float], str]
) -> list[str]:
    _check_decimals(decimals)
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


#: Every number of four digits, zero-padded ("0042"), as four ASCII bytes read as one uint32,
#: and how many zeros each ends with (four for 0000): digits are written four at a time.
_LIMB = 10_000
_LIMB_TEXT = np.frombuffer("".join(f"{n:04d}" for n in range(_LIMB)).encode(), dtype=np.uint32)
_LIMB_ZEROS = np.array([4 - len(f"{n:04d}".rstrip("0")) for n in range(_LIMB)], dtype=np.int64)


def _padded(values: np.ndarray, places: int) -> tuple[np.ndarray, np.ndarray]:
    """Non-negative whole ``values`` below 10^places as ``places`` zero-padded ASCII digits
    (a row each), and their four-digit groups (limbs), most significant first."""
    limbs = -(-places // 4)
    text = np.empty((values.size, limbs), dtype=np.uint32)
    groups = np.empty((values.size, limbs), dtype=np.int64)
    rest = values
    for limb in range(limbs - 1, -1, -1):
        rest, groups[:, limb] = np.divmod(rest, _LIMB)
        text[:, limb] = _LIMB_TEXT[groups[:, limb]]
    return text.view(np.uint8).reshape(values.size, 4 * limbs)[:, 4 * limbs - places :], groups


def _trailing_zeros(groups: np.ndarray) -> np.ndarray:
    """How many zero digits each row's limbs (see :func:`_padded`) end with."""
    zeros = np.zeros(groups.shape[0], dtype=np.int64)
    still = np.ones(groups.shape[0], dtype=bool)  # every limb so far was 0000
    for limb in range(groups.shape[1] - 1, -1, -1):
        zeros += np.where(still, _LIMB_ZEROS[groups[:, limb]], 0)
        still &= groups[:, limb] == 0
    return zeros


def _digits(scaled: np.ndarray, negative: np.ndarray, decimals: int, trim: bool) -> Cells:
    """The text of ``±scaled / 10^decimals`` for whole, non-negative ``scaled``.

    Each cell is a run of the matrix's row: column 0 is room for a sign, the whole part is
    right-aligned up to the decimal point's column, the decimals follow it.
    """
    count = scaled.size
    whole, fraction = np.divmod(scaled, 10**decimals)
    whole_digits = len(str(int(whole.max()))) if count else 1
    any_fraction = bool(fraction.any())
    if decimals == 0 or (trim and not any_fraction):  # whole numbers only: no point
        decimals = -1
    point = 1 + whole_digits  # column of the decimal point
    width = point + decimals + 1
    matrix = np.empty((count, width), dtype=np.uint8)
    matrix[:, 1:point] = _padded(whole, whole_digits)[0]
    last = np.full(count, width - 1, dtype=np.int64)  # each cell's last column
    if decimals >= 0:
        matrix[:, point] = _POINT
    if decimals > 0 and any_fraction:
        matrix[:, point + 1 :], groups = _padded(fraction, decimals)
        if trim:  # trailing zeros go, and the point when nothing is left
            kept = decimals - np.minimum(_trailing_zeros(groups), decimals)
            last = np.where(kept > 0, point + kept, point - 1)
    elif decimals > 0:
        matrix[:, point + 1 :] = _ZERO
    powers = 10 ** np.arange(1, whole_digits, dtype=np.int64)
    first = point - 1 - np.searchsorted(powers, whole, side="right")  # first digit's column
    rows = np.flatnonzero(negative)
    matrix[rows, first[rows] - 1] = _MINUS
    first -= negative
    columns = np.arange(width)
    mask = columns >= first[:, None]
    if trim and decimals > 0 and any_fraction:
        mask &= columns <= last[:, None]
    return matrix, mask
