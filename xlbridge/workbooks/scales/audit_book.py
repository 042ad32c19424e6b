"""The workbook ``xlbridge audit`` writes: observed VP results against the Gaussian model.

One sheet, **Audit**, printed on one page (portrait, one page wide), everything locked behind
sheet protection without a password (there are no inputs):

- **Title** (row 1) and a line saying what the sheet compares (row 2).
- **Parameters** (from row 4), a label merged across A:C and its value across D:F: the form of
  scoring, the scale's K (S8 for Swiss pairs), the fitted K with the lower and upper limits of
  its interval and their confidence level, the number of results, and the K of the model the
  expected counts use (:class:`xlbridge.scoring.scales.fit.Fit` and
  :class:`~xlbridge.scoring.scales.fit.Audit`).
- **Table** (headers below the parameters): one row per VP result in the report's order (the
  draw first, "10-10", "11-9", … "20-0", then any negative results), with the observed and
  expected counts (values from the report), the observed and expected shares (formulas: the
  count over its column's total) and the cell's (O − E)²/E (formula); then a **Total** row of
  SUM formulas.
- **Test** (below the totals): the χ² statistic, its degrees of freedom and the p-value as the
  core reports them (values), a note that the test pools results expected fewer than 5 times
  (so the sum of the (O − E)²/E column may differ from the test's χ²), and the expected (value)
  and observed (formula) share of T-0 results.
- **Chart** (below the test): clustered columns of the observed and expected count of each
  result, as wide as the table.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from openpyxl import Workbook
from openpyxl.chart import BarChart, Reference, Series
from openpyxl.chart.shapes import GraphicalProperties
from openpyxl.chart.text import RichText, Text
from openpyxl.chart.title import Title
from openpyxl.drawing.line import LineProperties
from openpyxl.drawing.text import (
    CharacterProperties,
    Paragraph,
    ParagraphProperties,
    RegularTextRun,
)
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import InputError
from xlbridge.scoring import checks
from xlbridge.scoring.names import FORMS
from xlbridge.scoring.scales.fit import MIN_EXPECTED, Audit, Fit
from xlbridge.scoring.scales.gaussian import FORM_TITLES, UNITS
from xlbridge.workbooks.kit import layout, styles
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import PAPER_SIZES, ROW_HEIGHT
from xlbridge.workbooks.kit.values import enter_text

AUDIT_SHEET = "Audit"
TITLE_ROW = 1
SUBTITLE_ROW = 2
FIRST_PARAMETER_ROW = 4
NOTE_HEIGHT = 3 * ROW_HEIGHT  # the pooling note wraps over three lines

TABLE_COLUMNS = (
    Column("result", "VP result", 12, "@"),
    Column("observed", "Observed count", 12, "0"),
    Column("expected", "Expected count", 12, "0.0"),
    Column("observed_share", "Observed share", 12, "0.0%"),
    Column("expected_share", "Expected share", 12, "0.0%"),
    Column("contribution", "(O − E)² / E", 12, "0.00"),
)
#: Column numbers and letters of the table by key: ``TABLE["expected"]`` is "C".
TABLE_INDEX: Mapping[str, int] = {column.key: i for i, column in enumerate(TABLE_COLUMNS, 1)}
TABLE: Mapping[str, str] = layout.letters(TABLE_COLUMNS)
#: Labels span A:C, values D:F (parameters and test results alike).
LABEL_COLUMNS = ("A", "C")
VALUE_COLUMNS = ("D", "F")

K_FORMAT = "0.00"
P_VALUE_FORMAT = "[<0.001]0.0E+00;0.000"
OBSERVED_COLOUR = "2F5597"  # dark blue
EXPECTED_COLOUR = "F4B183"  # light orange
FRAME_COLOUR = "A6A6A6"  # the chart's frame, grey
CHART_HEIGHT_CM = 9.5
CHART_TITLE_POINTS = 12
#: Excel's column width unit: 7 pixels a character plus 5 of padding, 96 pixels an inch.
PIXELS_PER_CHARACTER, COLUMN_PADDING_PIXELS, PIXELS_PER_CM = 7, 5, 96 / 2.54
POINTS_PER_CM = 72 / 2.54


class Entry(NamedTuple):
    """One labelled value of the parameter or test block."""

    key: str
    label: str
    value: object
    number_format: str


@dataclass(frozen=True)
class AuditBook:
    """The workbook and where its cells are (table columns: ``TABLE``)."""

    workbook: Workbook
    labels: tuple[str, ...]  # the VP result of each table row, top to bottom
    first_row: int  # the first result's row
    top_row: int  # the T-0 result's row
    cells: Mapping[str, str]  # parameter and test values by key ("k", "chi2", …), e.g. "D6"
    chart_anchor: str  # top left cell of the chart
    chart_height_cm: float
    chart_width_cm: float

    @property
    def last_row(self) -> int:
        """The last result's row."""
        return self.first_row + len(self.labels) - 1

    @property
    def header_row(self) -> int:
        return self.first_row - 1

    @property
    def total_row(self) -> int:
        return self.last_row + 1

    def result_row(self, label: str) -> int:
        """Row of a VP result such as "20-0"."""
        return self.first_row + self.labels.index(label)


def build_audit_book(
    report: Audit, fit: Fit, *, form: str, scale_k: float, title: str, paper: str = "a4"
) -> AuditBook:
    """A one-sheet workbook of an audit: parameters, table, χ² test and a chart.

    ``report`` and ``fit`` come from :func:`xlbridge.scoring.scales.fit.audit` and
    :func:`~xlbridge.scoring.scales.fit.fit_k` on the same margins; ``scale_k`` is the K (S8 for
    pairs) of the audited scale, ``title`` heads the sheet and ``paper`` is a4 or letter.
    """
    form = checks.choice("form", form, FORMS)
    if form != fit.form:
        raise InputError(f"form must be the fit's form ({fit.form}), got {form}")
    scale_k = checks.positive_number("scale_k", scale_k)
    paper = checks.choice("paper", paper, PAPER_SIZES)
    workbook, ws = layout.new_workbook(AUDIT_SHEET)
    _write_title(ws, title, form)
    parameters = _parameter_entries(report, fit, form, scale_k)
    cells = dict(_write_entries(ws, FIRST_PARAMETER_ROW, parameters))
    first_row = FIRST_PARAMETER_ROW + len(parameters) + 2
    labels = tuple(report.labels)
    top_row = first_row + int(np.flatnonzero(report.loser == 0)[0])
    _write_table(ws, first_row, labels, report)
    total_row = first_row + len(labels)
    test_row = total_row + 2
    test_entries = _test_entries(report, labels[top_row - first_row], top_row)
    cells.update(_write_test(ws, test_row, test_entries))
    anchor_row = test_row + len(test_entries) + 2
    book = AuditBook(
        workbook=workbook,
        labels=labels,
        first_row=first_row,
        top_row=top_row,
        cells=cells,
        chart_anchor=f"A{anchor_row}",
        chart_height_cm=CHART_HEIGHT_CM,
        chart_width_cm=_table_width_cm(),
    )
    ws.add_chart(_chart(ws, book), book.chart_anchor)
    last_row = anchor_row + _rows_under_chart(ws, anchor_row)
    layout.finish(ws, paper, last_row, len(TABLE_COLUMNS))
    return book


# --------------------------------------------------------------------------------------------
# Title and labelled values


def _k_name(form: str) -> tuple[str, str]:
    """What the form calls its spread parameter, and its unit: ("K", "IMPs"), ("S8", "%")."""
    return ("S8" if form == "pairs" else "K"), UNITS.get(form, "IMPs")


def _write_title(ws: Worksheet, title: str, form: str) -> None:
    last = get_column_letter(len(TABLE_COLUMNS))
    for row in (TITLE_ROW, SUBTITLE_ROW):
        ws.merge_cells(f"A{row}:{last}{row}")
        ws.row_dimensions[row].height = ROW_HEIGHT
    enter_text(ws.cell(TITLE_ROW, 1), title)
    ws.cell(TITLE_ROW, 1).font = styles.TITLE_FONT
    subtitle = ws.cell(SUBTITLE_ROW, 1)
    enter_text(
        subtitle,
        f"{FORM_TITLES[form]}: how often each VP result happened, against the Gaussian model "
        '(J. Probst, "VP scales")',
    )
    subtitle.font = styles.SMALL_FONT
    for column in TABLE_COLUMNS:
        ws.column_dimensions[TABLE[column.key]].width = column.width


def _parameter_entries(report: Audit, fit: Fit, form: str, scale_k: float) -> list[Entry]:
    """Form, the scale's K, the fitted K and its interval, results and the model's K."""
    k, unit = _k_name(form)
    model = "fitted" if math.isclose(report.model_k, fit.k, rel_tol=1e-12) else "as given"
    return [
        Entry("form", "Form of scoring", FORM_TITLES[form], "@"),
        Entry("scale_k", f"{k} of the scale ({unit})", scale_k, K_FORMAT),
        Entry("k", f"{k} fitted from the results ({unit})", fit.k, K_FORMAT),
        Entry("low", f"Fitted {k}: lower limit", fit.low, K_FORMAT),
        Entry("high", f"Fitted {k}: upper limit", fit.high, K_FORMAT),
        Entry("level", "Confidence level of the limits", fit.level, "0%"),
        Entry("count", "Results (matches)", report.count, "0"),
        Entry(
            "model_k", f"{k} of the model for expected counts ({model})", report.model_k, K_FORMAT
        ),
    ]


def _test_entries(report: Audit, top_label: str, top_row: int) -> list[Entry]:
    """The core's χ² test and the shares of T-0 results."""
    observed_share = f"={TABLE['observed_share']}{top_row}"
    return [
        Entry("chi2", "χ² of the test", report.chi2, "0.00"),
        Entry("dof", "Degrees of freedom", report.dof, "0"),
        Entry("p_value", "p-value", report.p_value, P_VALUE_FORMAT),
        Entry(
            "expected_top_share",
            f"Expected share of {top_label} results (either way)",
            report.top_share,
            "0.0%",
        ),
        Entry(
            "observed_top_share",
            f"Observed share of {top_label} results (either way)",
            observed_share,
            "0.0%",
        ),
    ]


def _write_entries(ws: Worksheet, row: int, entries: list[Entry]) -> dict[str, str]:
    """Each entry on its own row from ``row``; returns the value cell of each key."""
    (label_from, label_to), (value_from, value_to) = LABEL_COLUMNS, VALUE_COLUMNS
    cells: dict[str, str] = {}
    for offset, entry in enumerate(entries):
        at = row + offset
        ws.merge_cells(f"{label_from}{at}:{label_to}{at}")
        ws.merge_cells(f"{value_from}{at}:{value_to}{at}")
        label = ws[f"{label_from}{at}"]
        enter_text(label, entry.label)
        label.font, label.fill = styles.HEADER_FONT, styles.HEADER_FILL
        label.alignment = styles.LEFT
        value = ws[f"{value_from}{at}"]
        if isinstance(entry.value, str) and not entry.value.startswith("="):
            enter_text(value, entry.value)
        else:
            value.value = entry.value
        value.font, value.alignment = styles.BODY_FONT, styles.CENTER
        value.number_format = entry.number_format
        _box(ws, f"{label_from}{at}:{value_to}{at}")
        ws.row_dimensions[at].height = ROW_HEIGHT
        cells[entry.key] = f"{value_from}{at}"
    return cells


def _box(ws: Worksheet, ref: str) -> None:
    """Thin borders round every cell of ``ref`` (merged cells need each of theirs)."""
    for row in ws[ref]:
        for cell in row:
            cell.border = styles.BOX


# --------------------------------------------------------------------------------------------
# Table


def _write_table(ws: Worksheet, first_row: int, labels: tuple[str, ...], report: Audit) -> None:
    """Headers, one row per VP result and the totals."""
    header_row, total_row = first_row - 1, first_row + len(labels)
    layout.headings(ws, header_row, TABLE_COLUMNS)
    rows = zip(labels, report.observed.tolist(), report.expected.tolist(), strict=True)
    for offset, (label, observed, expected) in enumerate(rows):
        row = first_row + offset
        _write_table_row(ws, row, _result_cells(row, label, observed, expected, total_row))
    _write_table_row(ws, total_row, _total_cells(first_row, total_row - 1), bold=True)


def _result_cells(
    row: int, label: str, observed: float, expected: float, total_row: int
) -> dict[str, object]:
    """A result's counts (values), shares of their column's total and (O − E)²/E (formulas)."""
    o, e = f"{TABLE['observed']}{row}", f"{TABLE['expected']}{row}"
    return {
        "result": label,
        "observed": int(observed),
        "expected": expected,
        "observed_share": f"={o}/{TABLE['observed']}${total_row}",
        "expected_share": f"={e}/{TABLE['expected']}${total_row}",
        "contribution": f"=IF({e}>0,({o}-{e})^2/{e},0)",
    }


def _total_cells(first_row: int, last_row: int) -> dict[str, object]:
    """SUM of every numeric column."""
    totals: dict[str, object] = {"result": "Total"}
    for key in ("observed", "expected", "observed_share", "expected_share", "contribution"):
        totals[key] = f"=SUM({TABLE[key]}{first_row}:{TABLE[key]}{last_row})"
    return totals


def _write_table_row(
    ws: Worksheet, row: int, values: Mapping[str, object], bold: bool = False
) -> None:
    font = styles.HEADER_FONT if bold else styles.BODY_FONT
    for column in TABLE_COLUMNS:
        value = values[column.key]
        cell = layout.put(ws[f"{TABLE[column.key]}{row}"], value, column.number_format, font=font)
        if column.key == "result":
            enter_text(cell, str(value))
    ws.row_dimensions[row].height = ROW_HEIGHT


# --------------------------------------------------------------------------------------------
# The test's results


def _write_test(ws: Worksheet, row: int, entries: list[Entry]) -> dict[str, str]:
    """χ², dof and p-value, the pooling note, then the T-0 shares."""
    statistics, shares = entries[:3], entries[3:]
    cells = _write_entries(ws, row, statistics)
    note_row = row + len(statistics)
    _write_note(ws, note_row)
    cells.update(_write_entries(ws, note_row + 1, shares))
    return cells


def _write_note(ws: Worksheet, row: int) -> None:
    text = (
        f"The χ² test pools results expected fewer than {MIN_EXPECTED:g} times (from the top "
        "result down) and loses a degree of freedom when the model's K is fitted, so the sum "
        "of the (O − E)²/E column may differ from the test's χ². A small p-value says the "
        "results do not follow the model."
    )
    span = f"A{row}:{get_column_letter(len(TABLE_COLUMNS))}{row}"
    layout.merged_text(ws, span, text, alignment=styles.WRAP, height=NOTE_HEIGHT)


# --------------------------------------------------------------------------------------------
# Chart


def _table_width_cm() -> float:
    """The table's width, as wide as the chart is drawn."""
    pixels = sum(
        column.width * PIXELS_PER_CHARACTER + COLUMN_PADDING_PIXELS for column in TABLE_COLUMNS
    )
    return round(pixels / PIXELS_PER_CM, 1)


def _chart(ws: Worksheet, book: AuditBook) -> BarChart:
    """Clustered columns: observed and expected count of each VP result."""
    chart = BarChart()
    chart.type, chart.grouping, chart.gapWidth, chart.overlap = "col", "clustered", 60, -5
    chart.title = _chart_title("VP results: observed and expected counts")
    chart.x_axis.title = "VP result (winner-loser)"
    chart.y_axis.title = "Matches"
    chart.y_axis.numFmt = "0"
    chart.x_axis.delete = chart.y_axis.delete = False  # openpyxl 3.1 hides axes otherwise
    for key, name, colour in (
        ("observed", "observed", OBSERVED_COLOUR),
        ("expected", "expected", EXPECTED_COLOUR),
    ):
        column = TABLE_INDEX[key]
        values = Reference(ws, min_col=column, min_row=book.first_row, max_row=book.last_row)
        series = Series(values, title=name)
        series.graphicalProperties.solidFill = colour
        series.graphicalProperties.line.solidFill = colour
        chart.series.append(series)
    categories = TABLE_INDEX["result"]
    chart.set_categories(
        Reference(ws, min_col=categories, min_row=book.first_row, max_row=book.last_row)
    )
    chart.legend.position = "b"
    chart.graphical_properties = GraphicalProperties(ln=LineProperties(solidFill=FRAME_COLOUR))
    chart.width, chart.height = book.chart_width_cm, book.chart_height_cm
    return chart


def _chart_title(text: str) -> Title:
    """A bold chart title of CHART_TITLE_POINTS (the default is too large for the chart)."""
    font = CharacterProperties(sz=CHART_TITLE_POINTS * 100, b=True)
    run = RegularTextRun(rPr=font, t=text)
    paragraph = Paragraph(pPr=ParagraphProperties(defRPr=font), r=[run])
    return Title(tx=Text(rich=RichText(p=[paragraph])), overlay=False)


def _rows_under_chart(ws: Worksheet, anchor_row: int) -> int:
    """Rows the chart covers from ``anchor_row`` (given the ROW_HEIGHT each), set to that."""
    rows = math.ceil(CHART_HEIGHT_CM * POINTS_PER_CM / ROW_HEIGHT)
    layout.row_heights(ws, anchor_row, anchor_row + rows)
    return rows
