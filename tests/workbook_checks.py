"""Checks that the workbook-builder tests share.

tests/ has no __init__.py, so pytest puts it on sys.path (see conftest.py) and the tests import
this module as plain ``workbook_checks``, as they import ``libreoffice``.

- Recalculating: :func:`recalculated` saves a workbook, has LibreOffice recalculate it, checks
  that no cell holds an error value and returns the values; :func:`blank` is how an empty
  result reads back.
- Typing: :func:`type_in` writes values the way a user types them (names always as text).
- Structure, without recalculating: the functions formulas call (:func:`assert_allowed_functions`),
  which cells are unlocked (:func:`assert_only_inputs_unlocked`), sheet protection
  (:func:`assert_protected`), page set-up (:func:`assert_printable`) and data validation rules
  by range or by cell (:func:`rules_by_range`, :func:`rules_by_cell`).
- Damage: :func:`chart_in_place_of` puts a chart sheet where a sheet was.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path
from typing import Any

from libreoffice import error_cells, read_values
from openpyxl import load_workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import range_boundaries
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.kit.printing import PAPER_SIZES
from xlbridge.workbooks.kit.values import enter_text

#: A function call in a formula: the name before "(".
_CALL = re.compile(r"([A-Z][A-Z0-9._]*)\(")
#: A string literal in a formula ("" inside one included).
_STRING = re.compile(r'"[^"]*"')


# --------------------------------------------------------------------------------------------
# Recalculating and typing


def recalculated(libreoffice: Any, workbook: Workbook, path: Path) -> Workbook:
    """Save ``workbook`` to ``path``, recalculate it in LibreOffice, check that no cell holds an
    error value and return the recalculated values."""
    workbook.save(path)
    result = libreoffice.recalc(path)
    assert error_cells(result) == []
    return read_values(result)


def blank(value: object) -> bool:
    """A cell that shows nothing: empty, or a formula's ""."""
    return value is None or value == ""


def type_in(sheet: Worksheet, values: Mapping[str, object]) -> None:
    """Type ``values`` (by cell) as a user would: text stays text even when it starts with "="
    (a name such as "=Smith"); numbers and None (a cleared cell) as they are."""
    for ref, value in values.items():
        if isinstance(value, str):
            enter_text(sheet[ref], value)
        else:
            sheet[ref] = value


# --------------------------------------------------------------------------------------------
# Formulas


def formulas(workbook: Workbook) -> list[str]:
    """Every formula of the workbook, sheet by sheet, row by row."""
    return [
        cell.value
        for sheet in workbook.worksheets
        for row in sheet.iter_rows()
        for cell in row
        if isinstance(cell.value, str) and cell.value.startswith("=")
    ]


def formula_functions(workbook: Workbook) -> set[str]:
    """Names of every function a formula of the workbook calls (text in quotes left out)."""
    return {name for text in formulas(workbook) for name in _CALL.findall(_STRING.sub('""', text))}


def assert_allowed_functions(workbook: Workbook, allowed: Collection[str]) -> None:
    """Formulas call only ``allowed`` functions (those of Excel 2010 without a prefix)."""
    used = formula_functions(workbook)
    assert used <= set(allowed), used - set(allowed)


# --------------------------------------------------------------------------------------------
# Locking, protection, printing


def cells(letters: Mapping[str, str], keys: Iterable[str], rows: Iterable[int]) -> set[str]:
    """The cells of columns ``keys`` (lettered by ``letters``) in ``rows``."""
    rows = list(rows)
    return {f"{letters[key]}{row}" for key in keys for row in rows}


def assert_only_inputs_unlocked(sheet: Worksheet, inputs: Collection[str]) -> None:
    """Exactly the cells ``inputs`` of ``sheet`` are unlocked: everything else is locked."""
    for row in sheet.iter_rows():
        for cell in row:
            unlocked = cell.protection.locked is False
            assert unlocked is (cell.coordinate in inputs), (sheet.title, cell.coordinate)
    for ref in inputs:
        assert sheet[ref].protection.locked is False, (sheet.title, ref)


def assert_filled(sheet: Worksheet, refs: Iterable[str]) -> None:
    """Every cell of ``refs`` holds something (a number, a label or a formula)."""
    for ref in refs:
        assert sheet[ref].value is not None, (sheet.title, ref)


def assert_protected(sheets: Iterable[Worksheet]) -> None:
    """Every sheet is protected, without a password."""
    for sheet in sheets:
        assert sheet.protection.sheet and not sheet.protection.password, sheet.title


def assert_printable(sheet: Worksheet, paper: str) -> None:
    """Printed on ``paper``, one page wide, from A1."""
    assert int(sheet.page_setup.paperSize) == int(PAPER_SIZES[paper]), sheet.title
    assert sheet.page_setup.fitToWidth == 1 and sheet.sheet_properties.pageSetUpPr.fitToPage
    assert str(sheet.print_area).startswith(f"'{sheet.title}'!$A$1:"), sheet.title


# --------------------------------------------------------------------------------------------
# Data validation


def rules_by_range(sheet: Worksheet) -> dict[str, Any]:
    """The validation rules of ``sheet`` by their ranges, as written ("C3:C9 D3:D9")."""
    return {str(rule.sqref): rule for rule in sheet.data_validations.dataValidation}


def rules_by_cell(sheet: Worksheet) -> dict[str, Any]:
    """The validation rule of every cell of ``sheet`` that has one."""
    by_cell = {}
    for rule in sheet.data_validations.dataValidation:
        for part in str(rule.sqref).split():
            left, top, right, bottom = range_boundaries(part)
            for column in range(left, right + 1):
                for row in range(top, bottom + 1):
                    by_cell[f"{get_column_letter(column)}{row}"] = rule
    return by_cell


# --------------------------------------------------------------------------------------------
# Ranking sheets


def assert_ranking(
    sheet: Worksheet,
    letters: Mapping[str, str],
    first_row: int,
    rows: int,
    scores: list[float | None],
    tiebreaks: list[float | None] | None,
    shown: Mapping[str, list[object]],
) -> None:
    """A recalculated Ranking sheet is :func:`xlbridge.scoring.ranking.ranking` of ``scores`` (and
    ``tiebreaks``), entry i being index i: line k shows the k-th entry's place label and its
    ``shown`` values (column key → value of each entry); lines past the last ranked entry
    are blank in every column, never 0."""
    from xlbridge.scoring.ranking import ranking

    lines = ranking(scores, tiebreaks)
    for k in range(rows):
        row = first_row + k
        got = {key: sheet[f"{letter}{row}"].value for key, letter in letters.items()}
        if k >= len(lines):
            assert all(blank(value) for value in got.values()), (row, got)
            continue
        line = lines[k]
        assert got["place"] == line.label, (row, got, line)
        for key, values in shown.items():
            want = values[line.entry]
            if isinstance(want, float) and isinstance(got[key], (int, float)):
                assert abs(got[key] - want) < 1e-9, (row, key, got, want)
            elif blank(want):
                assert blank(got[key]), (row, key, got, want)
            else:
                assert got[key] == want, (row, key, got, want)


# --------------------------------------------------------------------------------------------
# Damage


def chart_in_place_of(path: Path, title: str) -> Path:
    """The workbook ``path`` with its sheet ``title`` replaced by a chart sheet of that title
    (a bar chart of the first sheet's A1:A3), saved in place."""
    book = load_workbook(path)
    place = book.sheetnames.index(title)
    del book[title]
    chart = BarChart()
    chart.add_data(Reference(book.worksheets[0], min_col=1, min_row=1, max_row=3))
    book.create_chartsheet(title, place).add_chart(chart)
    book.save(path)
    return path
