"""The fields of a plain CSV file (no quotes, no carriage returns), found in its bytes and
read a column at a time.

A federation's month of results or a big traveller is millions of cells, and a program that
splits every line into a text object per cell spends most of its time making them. Here the
file stays one block of bytes: where each field starts and ends is found with array
operations, a column of numbers is read straight from the bytes by numpy's own text reader
(:func:`numpy.loadtxt`, which rounds each decimal exactly as Python's ``float`` does), and a
column of text is made only when it is asked for, with one decode and one split.

Anything out of the ordinary (a blank cell among numbers, a decimal comma, "−3") is left to
the caller's careful reading of the column's cells, which names the line of a bad cell.
"""

from __future__ import annotations

import io

import numpy as np

from xlbridge.io.line_bytes import too_padded

#: The bytes a cell starting with which a spreadsheet takes for a formula (see
#: :func:`xlbridge.io.csv_cells.csv_cell`).
_FORMULA_START_BYTES = np.frombuffer(b"=+-@\t\r", dtype=np.uint8)
_TEXT_MARK = ord("'")
_SPACE = 0x20  # this and below: white space or control characters (checked with str.strip)


#: How many bytes of a text column :meth:`PlainFields.text` gathers at a time.
_GATHER_BYTES = 1 << 20


class PlainFields:
    """The data fields of a plain CSV file: ``starts[r, c]`` and ``ends[r, c]`` are the
    first byte and the byte after field c of data record r in ``data`` (UTF-8).

    ``loadable``: the records are the lines from ``starts[0, 0]`` to the last record's end
    with no blank line between them, so numpy's reader may read that stretch of the file.
    """

    def __init__(
        self,
        data: np.ndarray,
        starts: np.ndarray,
        ends: np.ndarray,
        delimiter: str,
        loadable: bool,
    ) -> None:
        self.data, self.starts, self.ends = data, starts, ends
        self.delimiter, self.loadable = delimiter, loadable
        self._numbers: dict[int, np.ndarray | None] = {}
        self._together = True  # whether to read the likely columns of numbers in one pass

    @property
    def size(self) -> int:
        return int(self.starts.shape[0])

    def text(self, column: int) -> list[str]:
        """The cells of ``column`` as typed."""
        if not self.size:
            return []
        return self._lines(column).decode("utf-8", "surrogatepass").split("\n")[:-1]

    def fixed(self, column: int) -> np.ndarray | None:
        """The cells of ``column`` as a numpy array of bytes (dtype ``S``: each cell's UTF-8,
        as wide as the widest; compared and sorted as bytes); None when one cell is so much
        wider than the rest that the array would be many times the column's size (a note
        typed into a column of codes), and the caller reads the cells as text."""
        starts, ends = self.starts[:, column], self.ends[:, column]
        length = ends - starts
        width = max(int(length.max()), 1) if length.size else 1
        if too_padded(width, length.size, int(length.sum())):
            return None
        shortest = int(length.min()) if length.size else 0
        out = np.empty((length.size, width), dtype=np.uint8)
        last = self.data.size - 1
        for place in range(width):  # byte ``place`` of every cell at once
            taken = self.data[np.minimum(starts + place, last)]
            out[:, place] = taken if place < shortest else np.where(length > place, taken, 0)
        return out.view(f"S{width}").reshape(-1)

    def joined(self, column: int) -> bytes:
        """The cells of ``column`` in UTF-8, one per line (no line break after the last)."""
        return self._lines(column)[:-1] if self.size else b""

    def _lines(self, column: int) -> bytes:
        """The cells of ``column``, each followed by a line break, gathered from the file's
        bytes a stretch of rows at a time (the positions of at most ``_GATHER_BYTES`` bytes
        at once, not of the whole column)."""
        starts = self.starts[:, column]
        length = self.ends[:, column] - starts + 1  # with the separator or line break after
        reach = np.cumsum(length)  # the column's bytes up to each row's end
        pieces = []
        first = 0
        while first < length.size:
            before = int(reach[first] - length[first])
            last = max(int(np.searchsorted(reach, before + _GATHER_BYTES, "right")), first + 1)
            begin, size = starts[first:last], length[first:last]
            ends = np.cumsum(size)
            at = np.repeat(begin - (ends - size), size) + np.arange(int(ends[-1]), dtype=np.int64)
            out = self.data[at]
            out[ends - 1] = ord("\n")
            pieces.append(out.tobytes())
            first = last
        return b"".join(pieces)

    def plain_edges(self, column: int) -> bool:
        """Whether no cell of ``column`` starts or ends with white space or starts with the
        text mark (so its cells are their own stripped, unmarked text)."""
        starts, ends = self.starts[:, column], self.ends[:, column]
        filled = ends > starts
        first = self.data[starts[filled]]
        last = self.data[ends[filled] - 1]
        return not (
            (first <= _SPACE).any()
            or (last <= _SPACE).any()
            or (first == _TEXT_MARK).any()
            or (first >= 0x80).any()
            or (last >= 0x80).any()  # maybe white space: check it
        )

    def formula_free(self, column: int) -> bool:
        """Whether no cell of ``column`` starts as a formula would (or might: a cell starting
        with "-" or "+" may well be a number, which the caller checks)."""
        starts, ends = self.starts[:, column], self.ends[:, column]
        first = self.data[starts[ends > starts]]
        return not np.isin(first, _FORMULA_START_BYTES).any()

    def numbers(self, column: int) -> np.ndarray | None:
        """The cells of ``column`` as floats, read by numpy from the bytes; None when a cell
        is not a plain number (blank, a decimal comma, a word) or numpy may not read them.

        The first call reads, in the same pass, every column whose first and last cells are
        numbers (the columns a caller is likely to ask for next); when that fails, each
        column is read alone from then on.
        """
        if column not in self._numbers:
            together = sorted({column, *self._likely_numbers()} - set(self._numbers))
            read = self._load(together) if len(together) > 1 and self._together else None
            if read is not None:
                self._numbers.update(zip(together, read.T, strict=True))
            else:
                self._together = False  # one pass per column asked for, not two
                self._numbers[column] = _only(self._load([column]))
        values = self._numbers[column]
        return None if values is None else values.copy()

    def _likely_numbers(self) -> list[int]:
        """The columns whose first and last cells are numbers as Python reads them."""
        if not self.size:
            return []
        likely = []
        for column in range(self.starts.shape[1]):
            cells = [
                self.data[self.starts[row, column] : self.ends[row, column]].tobytes()
                for row in (0, -1)
            ]
            if all(_float_reads(cell) for cell in cells):
                likely.append(column)
        return likely

    def _load(self, columns: list[int]) -> np.ndarray | None:
        if not (self.loadable and self.size):
            return None
        first, last = int(self.starts[0, 0]), int(self.ends[-1, -1])
        stretch = io.BytesIO(self.data[first : last + 1].tobytes())
        try:
            values = np.loadtxt(
                stretch,
                dtype=float,
                delimiter=self.delimiter,
                comments=None,
                usecols=columns,
                ndmin=2,
                encoding="utf-8",
                max_rows=self.size,
            )
        except (ValueError, UnicodeDecodeError):
            return None
        return values if values.shape == (self.size, len(columns)) else None


def _float_reads(cell: bytes) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def _only(values: np.ndarray | None) -> np.ndarray | None:
    return None if values is None else values[:, 0]
