"""Whole numbers written in ASCII digits, read from a text's bytes in one go.

Reading a column of a million plain numbers ("24", "-1430", "105552") one string at a time
is most of the cost of a big CSV file; here the digits are weighted by their place and
summed per number with array operations. Anything else (a blank, a space, a decimal point,
an exponent, more than 15 digits) is left to Python's own reading, which names bad cells.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: Powers of ten, by the place of a digit counted from the end of its number.
_PLACES = 10 ** np.arange(18, dtype=np.int64)
_NEWLINE, _MINUS, _ZERO = ord("\n"), ord("-"), ord("0")


def digits_between(data: np.ndarray, separator: np.ndarray) -> np.ndarray | None:
    """The numbers written between the separators of ``data`` (ASCII bytes: digits, where
    ``separator`` is False, of which none is empty, nor at either end), as int64; None when
    one has more than 18 digits (beyond int64)."""
    split = np.flatnonzero(separator)
    starts = np.concatenate([[0], split + 1])
    ends = np.append(split, data.size)
    if int((ends - starts).max()) > _PLACES.size:
        return None
    place = np.repeat(ends, ends - starts + 1)[: data.size] - np.arange(data.size) - 1
    digit = data.astype(np.int64) - _ZERO
    digit[separator] = 0
    return np.add.reduceat(digit * _PLACES[np.maximum(place, 0)], starts)


def plain_integers(cells: Sequence[str]) -> np.ndarray | None:
    """``[float(cell) for cell in cells]`` when every cell is an optional "-" and 1 to 15
    ASCII digits (so every value is exact, "-0" is -0.0); None otherwise."""
    if not cells:
        return None
    joined = "\n".join(cells)
    if not (joined.isascii() and joined.replace("-", "").replace("\n", "").isdigit()):
        return None
    data = np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
    separator = data == _NEWLINE
    starts = np.concatenate([[0], np.flatnonzero(separator) + 1])
    if starts.size != len(cells) or starts[-1] >= data.size:  # a line break in a cell
        return None
    minus = data == _MINUS
    negative = minus[starts]
    if np.count_nonzero(minus) != np.count_nonzero(negative):  # a "-" after a digit
        return None
    following = np.append(data[1:], _NEWLINE)[starts[negative]]
    if (following == _NEWLINE).any() or (following == _MINUS).any():  # "-" alone, "--"
        return None
    lengths = np.diff(np.append(starts, data.size + 1)) - 1
    if (lengths - negative > 15).any() or (lengths - negative < 1).any():  # none empty
        return None
    digits = np.where(minus, _ZERO, data).astype(np.uint8)  # a leading "-" adds nothing
    magnitude = digits_between(digits, separator)
    if magnitude is None:
        return None
    values = magnitude.astype(float)
    np.negative(values, out=values, where=negative)
    return values
