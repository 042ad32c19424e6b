"""One sheet of the typed pairs-session workbook as its reader sees it: the grid, the heading
row and the columns found by heading, and each bad cell's message with its place (for
sorting every mistake of a run by sheet, row and column)."""

from __future__ import annotations

from collections.abc import Iterator

from openpyxl.utils import get_column_letter

from xlbridge.errors import InputError, Mistakes
from xlbridge.io.sheet_cells import BLANK, Cell, Grid
from xlbridge.io.typed_workbook import cell_where

#: Rows searched for the headings.
HEADING_ROWS = 10


class CellError(InputError):
    """A bad cell's message and its place: (sheet's order, row, column), all from 0."""

    def __init__(self, message: str, place: tuple[int, int, int]) -> None:
        super().__init__(message)
        self.place = place


class SessionSheet:
    """One sheet's grid, its heading row and columns found by heading, for messages.

    ``order`` is the sheet's place among those read, so its mistakes sort after the sheets
    before it."""

    def __init__(
        self, path: str, title: str, grid: Grid, headings: dict[str, str], order: int = 0
    ) -> None:
        self.path, self.title, self.grid, self.order = path, title, grid, order
        self.heading_row, self.columns = self._find(headings)

    def _find(self, headings: dict[str, str]) -> tuple[int, dict[str, int]]:
        wanted = {text.lower(): key for key, text in headings.items()}
        for number, row in enumerate(self.grid[:HEADING_ROWS]):
            found = {}
            for column, cell in enumerate(row):
                text = cell.value.strip().lower() if isinstance(cell.value, str) else None
                if text in wanted and wanted[text] not in found:
                    found[wanted[text]] = column
            if len(found) == len(wanted):
                return number, found
        missing = ", ".join(f'"{text}"' for text in headings.values())
        raise InputError(
            f"{self.path}: not a pairs-session workbook: sheet {self.title} has no heading row "
            f"with {missing}"
        )

    def find_optional(self, headings: dict[str, str]) -> None:
        """Find the columns of ``headings`` too, when the heading row has them."""
        row = self.grid[self.heading_row]
        for key, text in headings.items():
            for column, cell in enumerate(row):
                if isinstance(cell.value, str) and cell.value.strip().lower() == text.lower():
                    self.columns.setdefault(key, column)

    def rows(self) -> Iterator[tuple[int, list[Cell]]]:
        """(row index, cells) of every row below the headings."""
        for number in range(self.heading_row + 1, len(self.grid)):
            yield number, self.grid[number]

    def cell(self, row: list[Cell], key: str) -> Cell:
        """The cell of column ``key`` in ``row`` (blank beyond the row's last cell)."""
        column = self.columns[key]
        return row[column] if column < len(row) else BLANK

    def heading(self, key: str) -> str:
        """The heading of column ``key`` as the sheet spells it ("NS pair")."""
        return str(self.grid[self.heading_row][self.columns[key]].value).strip()

    def letters(self) -> dict[str, str]:
        """The column letter of every column found, by key."""
        return {key: get_column_letter(column + 1) for key, column in self.columns.items()}

    def where(self, number: int, key: str) -> str:
        """``EVENING.xlsx: Traveller!C14``: row index ``number``, column ``key``."""
        return cell_where(
            self.path, self.title, f"{get_column_letter(self.columns[key] + 1)}{number + 1}"
        )

    def fail(self, number: int, key: str, detail: str) -> CellError:
        """The error naming row index ``number``'s cell of column ``key``."""
        place = (self.order, number, self.columns[key])
        return CellError(f"{self.where(number, key)}: {detail}", place)

    def keep(self, mistakes: Mistakes, error: InputError, number: int) -> None:
        """Keep ``error``, found in row index ``number``, with its place."""
        place = error.place if isinstance(error, CellError) else (self.order, number, 0)
        mistakes.add(error, place)
