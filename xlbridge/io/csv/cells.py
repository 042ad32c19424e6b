"""CSV cells as the program writes them: safe from formula injection, quoted where needed,
in the file's own text format; numbers formatted a column at a time.

Formula injection: every CSV cell the program writes goes through :func:`csv_cell`. A text
cell that a spreadsheet would take for a formula (it starts with ``=``, ``+``, ``-``, ``@``,
a tab or a carriage return) is written with a leading apostrophe, the convention OWASP
recommends and Excel itself uses for "this is text": Excel then shows the text, the
apostrophe visible, and runs nothing. Numbers (``-3.5``, ``+2``) are written as they are.
Reading drops such an apostrophe again (:func:`unmarked`), so a file the program wrote reads
back the same.
"""

from __future__ import annotations

import csv
import io
import itertools
import math
import re
from collections.abc import Iterable, Sequence

import numpy as np

#: What makes a spreadsheet read a text cell as a formula (or hide what follows).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Shown in front of such a cell (see the module's docstring).
TEXT_MARK = "'"


def _is_number(cell: str) -> bool:
    try:
        return math.isfinite(float(cell.replace(",", ".")))
    except ValueError:
        return False


def csv_cell(value: object) -> str:
    """A cell as written to a CSV file: text that would start a formula gets a leading
    apostrophe; numbers, blanks and other text are written as they are."""
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS) and not _is_number(text):
        return TEXT_MARK + text
    return text


def unmarked(cell: str) -> str:
    """A cell as the user meant it: the apostrophe :func:`csv_cell` adds is dropped."""
    if cell.startswith(TEXT_MARK) and cell[1:].startswith(FORMULA_STARTS):
        return cell[1:]
    return cell


def csv_text(rows: Iterable[Sequence[object]], delimiter: str = ",") -> str:
    """Rows as CSV text ("\n" line ends), every cell through :func:`csv_cell`."""
    cells = [[csv_cell(cell) for cell in row] for row in rows]
    return written(cells, delimiter, any("\r" in cell for row in cells for cell in row))


def written(rows: Iterable[Sequence[str]], delimiter: str, carriage_return: bool) -> str:
    """Rows of cells already made safe, as ``csv.writer`` writes them ("\n" line ends).

    ``carriage_return``: whether a cell holds one. Python's writer quotes only the characters
    of its own line end, so such rows are written with "\r\n" line ends, which makes it quote
    the cell, and each row's line end then becomes "\n": the file reads back the same.
    """
    out = io.StringIO()
    if not carriage_return:
        csv.writer(out, delimiter=delimiter, lineterminator="\n").writerows(rows)
        return out.getvalue()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    lines = []
    for row in rows:
        out.seek(0)
        out.truncate()
        writer.writerow(row)
        lines.append(out.getvalue()[:-2] + "\n")
    return "".join(lines)


def written_fields(cells: Sequence[str], delimiter: str, carriage_return: bool) -> list[str]:
    """Each cell (already made safe) as ``csv.writer`` writes it as a field of a row, quoted
    where it must be, with the line end :func:`written` chooses (``carriage_return``).

    The cells written as one row show in one go whether any is quoted (the usual case:
    none, and the cells are their fields); only then is each written in a row of its own.
    """
    end = "\r\n" if carriage_return else "\n"
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator=end)
    cells = list(cells)
    writer.writerow([*cells, ""])  # never a row of one blank field, which is written ""
    if out.getvalue() == delimiter.join([*cells, end]):
        return cells
    fields = []
    for cell in cells:
        out.seek(0)
        out.truncate()
        writer.writerow([cell, ""])
        fields.append(out.getvalue()[: -len(delimiter + end)])
    return fields


def csv_cells(cells: list[str]) -> list[str]:
    """:func:`csv_cell` of every cell of a column of text (the column itself when no cell
    starts like a formula, the usual case, found without a look at each cell)."""
    joined = "\n" + "\n".join(cells)
    if joined.count("\n") == len(cells) and not _FORMULA_START.search(joined):
        return cells
    suspects = [row for row, cell in enumerate(cells) if cell.startswith(FORMULA_STARTS)]
    texts = [cells[row] for row in suspects]
    try:  # numbers such as -420 are written as they are
        values = np.array([text.replace(",", ".") for text in texts], dtype=float)
        if np.isfinite(values).all():
            return cells
    except ValueError:
        pass
    marked = list(cells)
    for row, text in zip(suspects, texts, strict=True):
        marked[row] = csv_cell(text)
    return marked


#: A cell (after a line break) starting as a formula would.
_FORMULA_START = re.compile("\n[" + re.escape("".join(FORMULA_STARTS)) + "]")


def columns_text(
    header: Sequence[str] | None,
    columns: Sequence[list[str]],
    delimiter: str = ",",
    numeric: Iterable[int] = (),
    *,
    numbers_plain: bool = False,
) -> str:
    """CSV text ("\n" line ends) of a header (None: none) and equally long columns of cells,
    exactly as :func:`csv_text` of the rows writes it. Columns listed in ``numeric`` hold
    numbers (read or formatted by the program), which need no formula check; every other
    column goes through :func:`csv_cells`. ``numbers_plain``: no cell of those columns holds
    a carriage return (the file read had none), which then is not looked for in them.

    The usual table, where no cell needs quoting, is joined without the csv module: what
    csv.writer would write then is the cells joined by the delimiter, a row to a line (see
    :func:`_plain_text`)."""
    trusted = set(numeric)
    safe = [
        column if index in trusted else csv_cells(column) for index, column in enumerate(columns)
    ]
    head = [csv_cell(cell) for cell in header] if header is not None else None
    plain = _plain_text(head, safe, delimiter)
    if plain is not None:
        return plain
    carriage_return = head is not None and any("\r" in cell for cell in head)
    for index, column in enumerate(safe):
        if not (numbers_plain and index in trusted):
            carriage_return = carriage_return or "\r" in "\n".join(column)
    body: Iterable[Sequence[str]] = zip(*safe, strict=True) if safe else []
    rows = itertools.chain([head], body) if head is not None else body
    return written(rows, delimiter, carriage_return)


def _plain_text(head: list[str] | None, columns: list[list[str]], delimiter: str) -> str | None:
    """The rows' cells joined by the delimiter, a row to a line, when that is what
    csv.writer writes: no cell holds the delimiter, a quote, a line break or a carriage
    return (seen in the joined text by counting: each row then holds exactly its
    delimiters and one line end), and every row has two cells or more (a row of one blank
    cell is written ""). None otherwise."""
    width = len(columns)
    if width < 2 or len({len(column) for column in columns}) != 1:
        return None
    lines: Iterable[str] = map(delimiter.join, zip(*columns, strict=True))
    rows = len(columns[0]) + (head is not None)
    if head is not None:
        if len(head) != width:
            return None
        lines = itertools.chain([delimiter.join(head)], lines)
    if not rows:
        return ""
    text = "\n".join(lines) + "\n"
    if (
        text.count(delimiter) == rows * (width - 1)
        and text.count("\n") == rows
        and '"' not in text
        and "\r" not in text
    ):
        return text
    return None


# --------------------------------------------------------------------------------------------
# Numbers as text


def trimmed_one(value: float, decimals: int) -> str:
    """A number rounded to ``decimals`` places (Python's rounding, also of a numpy float,
    whose own round() scales and rounds: 44440.05 to 1 place would give 44440), trailing
    zeros and a trailing point dropped, "-0" written "0", NaN written ""."""
    _check_decimals(decimals)
    value = float(value)
    if value != value:  # NaN
        return ""
    text = f"{round(value, decimals) + 0.0:.{decimals}f}"
    if "." in text:  # trailing zeros of the decimals only (not of 27644576*0*)
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


#: Below this magnitude a float's spacing is under 10^-10, so that for d ≤ 10 decimals
#: ``round(value, d)`` formats to the d decimals of the value itself, and a value's shortest
#: text (``repr``) with at most d decimals is those d decimals, trailing zeros dropped.
_PLAIN_RANGE = 2.0**18
_MINUS_ZERO = re.compile(r"(?m)^-0$")
#: A cell with more than d decimals, by d.
_MORE_DECIMALS = {d: re.compile(r"\.\d{" + str(d + 1) + "}") for d in range(1, 11)}


def trimmed(values: np.ndarray, decimals: int, point: str = ".") -> list[str]:
    """:func:`trimmed_one` of every value, with ``point`` as the decimal mark: the column in
    one go (see :data:`_PLAIN_RANGE`), or value by value when a value is too large."""
    _check_decimals(decimals)
    values = np.asarray(values, dtype=float).reshape(-1)
    blank = np.isnan(values)
    filled = np.where(blank, 0.0, values)
    if not values.size or decimals > 10 or not (np.abs(filled) < _PLAIN_RANGE).all():
        text = "".join(trimmed_one(value, decimals) + "\n" for value in values.tolist())
    elif (filled == np.floor(filled)).all():  # whole numbers (matchpoints, say): no point
        return _whole_cells(filled.astype(np.int64), blank)
    else:
        text = _trimmed_text(filled, decimals)
    if point != ".":
        text = text.replace(".", point)
    return _blanked(text.split("\n")[:-1], blank)


def _blanked(cells: list[str], blank: np.ndarray) -> list[str]:
    """``cells`` with "" where ``blank``."""
    for row in np.flatnonzero(blank).tolist():
        cells[row] = ""
    return cells


def _trimmed_text(values: np.ndarray, decimals: int) -> str:
    """:func:`trimmed_one` of values below :data:`_PLAIN_RANGE` that are not all whole, each
    followed by a line break: their shortest text when no value needs an exponent or more
    decimals (tried when numpy's rounding leaves them as they are: the shortest text of a
    computed value, 54.666666666666664, costs three times ``%.2f``), else ``%.{d}f`` with
    trailing zeros dropped."""
    numbers = tuple(values.tolist())
    if not decimals:
        return _MINUS_ZERO.sub("0", ("%.0f\n" * values.size) % numbers)
    if np.array_equal(np.round(values, decimals), values):  # short, as read from a file
        text = ("%r\n" * values.size) % numbers  # shortest texts, which then are checked
        if "e" not in text and "-0.0\n" not in text and not _MORE_DECIMALS[decimals].search(text):
            return text.replace(".0\n", "\n")
    text = (f"%.{decimals}f\n" * values.size) % numbers
    # Whole numbers lose their decimals, marked for now so that their own last zeros stay.
    text = text.replace("." + "0" * decimals + "\n", "\0\n")
    # Every other number ends in 0 to decimals - 1 zeros after a non-zero decimal: each run
    # of k zeros before a line end is removed, the longest first (a run never reaches past
    # the number's non-zero decimal, and a line end separates the numbers).
    for zeros in range(decimals - 1, 0, -1):
        text = text.replace("0" * zeros + "\n", "\n")
    text = text.replace("\0\n", "\n")
    return _MINUS_ZERO.sub("0", text) if "-0\n" in text else text


def trimmed_cells(values: Sequence[float], decimals: int) -> list[str]:
    """:func:`trimmed` of a list of numbers (the scores of a ranking, say). Where they take
    few distinct values (matchpoints in half points, a shared top), each distinct value is
    formatted once and every number takes its text."""
    distinct = dict.fromkeys(values)
    if len(distinct) * 2 > len(values):
        return trimmed(np.array(values, dtype=float), decimals)
    texts = trimmed(np.array(list(distinct), dtype=float), decimals)
    return list(map(dict(zip(distinct, texts, strict=True)).__getitem__, values))


def _whole_cells(values: np.ndarray, blank: np.ndarray) -> list[str]:
    """Whole numbers (at least one) as ``%d``, "" where ``blank``. When they lie in a range
    narrower than their count (a column of matchpoints: 0 to 2(N − 1) on every board), each
    number of the range is formatted once and numpy takes each value's text from them."""
    low, high = int(values.min()), int(values.max())
    if high - low >= values.size // 4:
        return _blanked((("%d\n" * values.size) % tuple(values.tolist())).split("\n")[:-1], blank)
    texts = ("%d\n" * (high - low + 1)) % tuple(range(low, high + 1))
    cells = np.array(texts.split("\n")[:-1], dtype=object)[values - low]
    cells[blank] = ""
    return list(cells.tolist())


def fixed(values: np.ndarray, decimals: int) -> list[str]:
    """Each value with exactly ``decimals`` places, as ``f"{value:.{decimals}f}"``."""
    _check_decimals(decimals)
    values = np.asarray(values, dtype=float).reshape(-1)
    if not values.size:
        return []
    return ((f"%.{decimals}f\n" * values.size) % tuple(values.tolist())).split("\n")[:-1]


def _check_decimals(decimals: int) -> None:
    if not 0 <= decimals <= 15:
        raise ValueError(f"decimals must be from 0 to 15, got {decimals}")
