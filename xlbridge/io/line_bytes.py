"""Lines of a file with cells added at their ends, put together as bytes in one go.

``xlbridge score`` writes every line of a traveller as it was typed, with its results added at
the right. When no cell of the file needs changing (see :mod:`xlbridge.io.csv_table`), the
typed lines are copied byte for byte and the new cells put after them, without making a text
object per cell or per line.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from xlbridge.io.number_text import Cells


def _region_mask(size: int, begin: np.ndarray, length: np.ndarray) -> np.ndarray:
    """True on the bytes ``begin[i] … begin[i] + length[i] - 1`` of every i (regions that
    neither overlap nor touch, so no two begin or end at the same byte)."""
    edges = np.zeros(size + 1, dtype=np.int8)
    edges[begin] += 1
    edges[begin + length] -= 1
    return np.cumsum(edges[:-1], dtype=np.int8) > 0


def with_cells_added(
    source: bytes, starts: np.ndarray, ends: np.ndarray, added: bytes, delimiter: str
) -> bytes:
    """Each line ``source[starts[i]:ends[i]]`` followed by the separator and line i of
    ``added`` (every line of which ends with a line break); bytes in, bytes out.

    The lines are copied with two masks of the output (where typed bytes go, where the
    separator goes); no text object is made per line or cell.
    """
    data = np.frombuffer(source, dtype=np.uint8)
    new = np.frombuffer(added, dtype=np.uint8)
    typed = (ends - starts).astype(np.int64)
    new_length = np.diff(np.flatnonzero(new == 10), prepend=-1)  # with the line break
    if _every_line(data.size, starts, ends):
        return _after_every_line(data, ends, typed, new, new_length, delimiter)
    row_length = typed + 1 + new_length
    size = int(row_length.sum())
    first = np.cumsum(row_length) - row_length
    out = np.empty(size, dtype=np.uint8)
    is_typed = _region_mask(size, first, typed)
    is_separator = np.zeros(size, dtype=bool)
    is_separator[first + typed] = True
    out[is_typed] = data[_region_mask(data.size, starts.astype(np.int64), typed)]
    out[is_separator] = ord(delimiter)
    out[~(is_typed | is_separator)] = new
    return out.tobytes()


def _every_line(size: int, starts: np.ndarray, ends: np.ndarray) -> bool:
    """Whether the lines are all the source's lines, each ending with its line break."""
    return bool(
        starts.size
        and starts[0] == 0
        and ends[-1] == size - 1
        and (starts[1:] == ends[:-1] + 1).all()
    )


def _after_every_line(
    data: np.ndarray,
    ends: np.ndarray,
    typed: np.ndarray,
    new: np.ndarray,
    new_length: np.ndarray,
    delimiter: str,
) -> bytes:
    """:func:`with_cells_added` when the lines are the whole source: each line break becomes
    the separator, followed by the line's new cells, in one mask of the output."""
    count = ends.size
    lengths = np.empty(2 * count, dtype=np.int64)  # a line with its separator, its new cells
    lengths[0::2] = typed + 1
    lengths[1::2] = new_length
    which = np.zeros(2 * count, dtype=bool)
    which[1::2] = True
    is_new = np.repeat(which, lengths)
    out = np.empty(is_new.size, dtype=np.uint8)
    out[is_new] = new
    lines = data.copy()
    lines[ends] = ord(delimiter)
    out[~is_new] = lines
    return out.tobytes()


#: Cells up to this wide are laid out in a matrix whatever its padding; wider ones only while
#: the matrix holds at most ``PADDING`` times the cells' own bytes (one note typed among short
#: codes would otherwise make every row as wide as the note).
ALWAYS_PADDED = 64
PADDING = 8


def too_padded(width: int, rows: int, filled: int) -> bool:
    """Whether a matrix of ``rows`` cells ``width`` bytes wide, ``filled`` of its bytes the
    cells' own, is too wasteful to make (see :data:`PADDING`)."""
    return width > ALWAYS_PADDED and width * rows > PADDING * filled


def text_cells(distinct: Sequence[bytes], codes: np.ndarray) -> Cells | None:
    """A column of few distinct values (encoded) as :data:`Cells`: value ``codes[i]`` on
    row i; None when one value is so much wider than the rest that the matrix would be
    wasteful (see :func:`too_padded`)."""
    lengths = np.fromiter(map(len, distinct), dtype=np.int64, count=len(distinct))
    width = max(int(lengths.max()), 1) if lengths.size else 1
    if too_padded(width, codes.size, int(lengths[codes].sum())):
        return None
    table = np.zeros((len(distinct), width), dtype=np.uint8)
    # Every value's bytes in one go: byte j of value i goes to table[i, j].
    flat = np.frombuffer(b"".join(distinct), dtype=np.uint8)
    row = np.repeat(np.arange(len(distinct)), lengths)
    table[row, np.arange(flat.size) - (np.cumsum(lengths) - lengths)[row]] = flat
    return table[codes], np.arange(width) < lengths[codes][:, None]


#: Rows put together at a time by :func:`rows_bytes`: a working matrix this many rows high is
#: reused (a few megabytes, kept in cache) instead of one as big as the file.
CHUNK_ROWS = 1 << 15


def rows_bytes(columns: Sequence[Cells], delimiter: bytes, newline: bytes) -> bytes:
    """The rows of equally long columns of cells, separated by ``delimiter``, each row
    ending with ``newline``."""
    count = columns[0][0].shape[0]
    ends = [delimiter] * (len(columns) - 1) + [newline]
    width = sum(matrix.shape[1] + len(end) for (matrix, _), end in zip(columns, ends, strict=True))
    height = max(min(CHUNK_ROWS, count), 1)
    # One matrix and one mask for a chunk of whole rows, filled column by column.
    out = np.empty((height, width), dtype=np.uint8)
    keep = np.empty((height, width), dtype=bool)
    places = []
    place = 0
    for (matrix, _), end in zip(columns, ends, strict=True):
        places.append((place, place + matrix.shape[1]))
        place += matrix.shape[1]
        out[:, place : place + len(end)] = np.frombuffer(end, dtype=np.uint8)
        keep[:, place : place + len(end)] = True
        place += len(end)
    pieces = []
    for first in range(0, count, height):
        last = min(first + height, count)
        rows = last - first
        for (matrix, mask), (begin, end) in zip(columns, places, strict=True):
            out[:rows, begin:end] = matrix[first:last]
            keep[:rows, begin:end] = mask[first:last]
        pieces.append(out[:rows][keep[:rows]].tobytes())
    return b"".join(pieces)
