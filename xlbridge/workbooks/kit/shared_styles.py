"""Cell styles made once per workbook and given to many cells by name.

Setting a cell's font, alignment and border one by one makes openpyxl look each of them up
in the workbook's style tables, hashing it every time: for the tens of thousands of cells of
a large movement's cards that costs more than everything else. :class:`SharedStyles` adds
each combination once, as a named style, and a cell given the name copies its indices.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Border, Font, NamedStyle, PatternFill

from xlbridge.workbooks.kit import styles
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.values import put_value

#: A style's parts, as given to :meth:`SharedStyles.name`.
StyleParts = tuple[Font, Alignment, Border, PatternFill | None, str]


class SharedStyles:
    """The named styles of one workbook, each made the first time it is asked for."""

    def __init__(self, workbook: Workbook, prefix: str) -> None:
        self._workbook = workbook
        self._prefix = prefix
        # Keyed by the parts' identities (hashing them is what is slow); the parts are kept
        # with the name so that an identity is never reused while the key is held.
        self._names: dict[tuple[int, int, int, int, str], tuple[str, StyleParts]] = {}

    def name(
        self,
        font: Font,
        alignment: Alignment,
        *,
        border: Border = styles.BOX,
        fill: PatternFill | None = None,
        number_format: str = "General",
    ) -> str:
        """The name of the style with these parts (made and added to the workbook the first
        time)."""
        key = (id(font), id(alignment), id(border), id(fill), number_format)
        found = self._names.get(key)
        if found is None:
            style = NamedStyle(
                f"{self._prefix} {len(self._names) + 1}",
                font=font,
                alignment=alignment,
                border=border,
                number_format=number_format,
            )
            if fill is not None:
                style.fill = fill
            self._workbook.add_named_style(style)
            found = self._names[key] = (style.name, (font, alignment, border, fill, number_format))
        return found[0]

    def column_styles(
        self,
        font: Font,
        columns: Sequence[Column],
        wrapped: Collection[str],
        lines: Collection[str] = (),
    ) -> list[str]:
        """The style of each of ``columns``' body cells: ``font``, boxed, the column's number
        format, wrapped and left-aligned for the ``wrapped`` keys, centred over several lines
        for the ``lines`` keys, else centred."""
        return [
            self.name(
                font,
                styles.WRAP_LEFT
                if column.key in wrapped
                else styles.WRAP
                if column.key in lines
                else styles.CENTER,
                number_format=column.number_format,
            )
            for column in columns
        ]

    def put(self, cell: Cell, value: object, style: str) -> Cell:
        """Write ``value`` as a value (text stays text) with the style named ``style``."""
        put_value(cell, value)
        cell.style = style
        return cell
