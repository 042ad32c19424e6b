"""The audit workbook (``xlbridge audit``), built from real fits and audits of synthetic seasons.

Its formulas are recalculated by LibreOffice Calc (one recalculation per case) and must give
the shares and (O − E)²/E computed here from the report's counts; the chart is checked in the
saved file's XML (openpyxl does not read charts back).
"""

from __future__ import annotations

import importlib.util
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

import numpy as np
import pytest
import workbook_checks as checks
from libreoffice import error_cells, read_values

from xlbridge.errors import InputError
from xlbridge.scoring.scales.fit import Audit, Fit, audit, fit_k
from xlbridge.scoring.scales.gaussian import FORM_TITLES
from xlbridge.workbooks.scales.audit_book import (
    AUDIT_SHEET,
    TABLE,
    AuditBook,
    build_audit_book,
)

ROOT = Path(__file__).resolve().parents[3]
CHART_NS = {"c": "http://schemas.openxmlformats.org/drawingml/2006/chart"}
#: Functions a formula may call.
ALLOWED_FUNCTIONS = {"IF", "SUM"}
SCALE_K = 6.5


@dataclass(frozen=True)
class Case:
    """An audited synthetic season and its workbook."""

    report: Audit
    fit: Fit
    form: str
    scale_k: float
    book: AuditBook


def teams_margins(seed: int, matches: int) -> tuple[np.ndarray, np.ndarray]:
    """Whole-IMP margins of 8- and 12-board matches drawn with K = 7."""
    rng = np.random.default_rng(seed)
    boards = rng.choice([8, 12], size=matches)
    return np.rint(rng.normal(0.0, 7.0 * np.sqrt(boards))), boards


def pairs_margins(seed: int, matches: int) -> tuple[np.ndarray, np.ndarray]:
    """Matchpoint percentages (the draw is 50) of 6- and 8-board matches drawn with S8 = 12."""
    rng = np.random.default_rng(seed)
    boards = rng.choice([6, 8], size=matches)
    spread = 12.0 * np.sqrt(8) / np.sqrt(boards)
    return np.round(np.clip(50 + rng.normal(0.0, spread), 0, 100), 2), boards


def make_case(name: str, paper: str = "a4") -> Case:
    """The teams, pairs or negative-VP case."""
    if name == "pairs":
        margins, boards = pairs_margins(5, 200)
        form, scale_k, options = "pairs", 11.0, {}
    else:
        margins, boards = teams_margins(11, 300)
        form, scale_k = "teams", SCALE_K
        options = {"negative": True} if name == "negative" else {}
    report = audit(margins, boards, scale_k, form, **options)
    fit = fit_k(margins, boards, form)
    book = build_audit_book(
        report, fit, form=form, scale_k=scale_k, title=f"Audit: {name}", paper=paper
    )
    return Case(report, fit, form, scale_k, book)


CASES = ("teams", "pairs", "negative")


@pytest.fixture(scope="module", params=CASES)
def case(request: pytest.FixtureRequest) -> Case:
    return make_case(request.param)


def saved(case: Case, folder: Path) -> Path:
    path = folder / "audit.xlsx"
    case.book.workbook.save(path)
    return path


def value_at(sheet: Any, case: Case, key: str) -> Any:
    return sheet[case.book.cells[key]].value


# --------------------------------------------------------------------------------------------
# Recalculated in LibreOffice


@pytest.mark.parametrize("name", CASES)
def test_formulas_recalculate_to_the_report(libreoffice, tmp_path: Path, name: str) -> None:
    case = make_case(name)
    result = libreoffice.recalc(saved(case, tmp_path))
    assert error_cells(result) == []
    sheet = read_values(result)[AUDIT_SHEET]
    book, report = case.book, case.report
    observed, expected = report.observed, report.expected
    contributions = (observed - expected) ** 2 / expected
    for i, label in enumerate(report.labels):
        row = book.result_row(label)
        got = {key: sheet[f"{letter}{row}"].value for key, letter in TABLE.items()}
        assert got["result"] == label
        assert got["observed"] == observed[i]
        assert got["expected"] == pytest.approx(expected[i], rel=1e-12)
        assert got["observed_share"] == pytest.approx(observed[i] / report.count, rel=1e-12)
        assert got["expected_share"] == pytest.approx(expected[i] / expected.sum(), rel=1e-12)
        assert got["contribution"] == pytest.approx(contributions[i], rel=1e-9, abs=1e-12)
    totals = {key: sheet[f"{TABLE[key]}{book.total_row}"].value for key in TABLE}
    assert totals["observed"] == report.count
    assert totals["expected"] == pytest.approx(report.count, rel=1e-9)
    assert totals["observed_share"] == pytest.approx(1.0, rel=1e-12)
    assert totals["expected_share"] == pytest.approx(1.0, rel=1e-12)
    assert totals["contribution"] == pytest.approx(contributions.sum(), rel=1e-9)
    assert value_at(sheet, case, "chi2") == pytest.approx(report.chi2, rel=1e-12)
    assert value_at(sheet, case, "dof") == report.dof
    assert value_at(sheet, case, "p_value") == pytest.approx(report.p_value, rel=1e-12)
    top = book.top_row - book.first_row
    assert value_at(sheet, case, "expected_top_share") == pytest.approx(report.top_share)
    assert report.top_share == pytest.approx(expected[top] / report.count, rel=1e-12)
    assert value_at(sheet, case, "observed_top_share") == pytest.approx(
        observed[top] / report.count, rel=1e-12
    )
    with zipfile.ZipFile(result) as recalculated:  # LibreOffice kept the chart
        assert any(re.fullmatch(r"xl/charts/chart\d+\.xml", n) for n in recalculated.namelist())


# --------------------------------------------------------------------------------------------
# Layout and values (no recalculation)


def test_rows_follow_the_report(case: Case) -> None:
    book, report = case.book, case.report
    sheet = book.workbook[AUDIT_SHEET]
    assert list(book.labels) == report.labels
    assert book.labels[0] == "10-10" and book.labels[book.top_row - book.first_row] == "20-0"
    column = [
        sheet[f"{TABLE['result']}{row}"].value for row in range(book.first_row, book.total_row)
    ]
    assert column == report.labels
    assert sheet[f"{TABLE['result']}{book.total_row}"].value == "Total"
    assert sheet[f"{TABLE['expected']}{book.first_row}"].number_format == "0.0"
    assert sheet[f"{TABLE['observed_share']}{book.first_row}"].number_format == "0.0%"


def test_negative_results_follow_the_top_result() -> None:
    plain, negative = make_case("teams"), make_case("negative")
    assert len(plain.book.labels) == 11
    assert len(negative.book.labels) == 16
    assert negative.book.labels[10:] == (
        "20-0",
        "20 / −1",
        "20 / −2",
        "20 / −3",
        "20 / −4",
        "20 / −5",
    )
    assert negative.book.total_row == plain.book.total_row + 5
    # Results expected < 5 times are pooled for the test, unlike the column's sum.
    assert (negative.report.expected < 5).any()
    report = negative.report
    column_sum = float(np.sum((report.observed - report.expected) ** 2 / report.expected))
    assert column_sum != pytest.approx(report.chi2)


def test_parameters(case: Case) -> None:
    sheet = case.book.workbook[AUDIT_SHEET]
    report, fit = case.report, case.fit
    expected = {
        "scale_k": case.scale_k,
        "k": fit.k,
        "low": fit.low,
        "high": fit.high,
        "level": fit.level,
        "count": report.count,
        "model_k": report.model_k,
    }
    for key, value in expected.items():
        assert value_at(sheet, case, key) == value, key
    assert value_at(sheet, case, "form") == FORM_TITLES[case.form]
    assert fit.low < fit.k < fit.high and report.model_k == fit.k
    label = sheet[f"A{case.book.cells['k'][1:]}"].value
    assert label.startswith("S8" if case.form == "pairs" else "K") and "fitted" in label


def chart_xml(path: Path) -> ElementTree.Element:
    with zipfile.ZipFile(path) as workbook:
        assert "xl/charts/chart1.xml" in workbook.namelist()
        return ElementTree.fromstring(workbook.read("xl/charts/chart1.xml"))


def test_chart_of_observed_and_expected(case: Case, tmp_path: Path) -> None:
    book = case.book
    chart = chart_xml(saved(case, tmp_path))
    bar = chart.find(".//c:barChart", CHART_NS)
    assert bar is not None
    assert bar.find("c:barDir", CHART_NS).get("val") == "col"  # type: ignore[union-attr]
    assert bar.find("c:grouping", CHART_NS).get("val") == "clustered"  # type: ignore[union-attr]
    series = bar.findall("c:ser", CHART_NS)
    titles = [s.findtext("c:tx//c:v", namespaces=CHART_NS) for s in series]
    assert titles == ["observed", "expected"]

    def column(letter: str) -> str:
        return f"'{AUDIT_SHEET}'!${letter}${book.first_row}:${letter}${book.last_row}"

    for s, key in zip(series, ("observed", "expected"), strict=True):
        assert s.findtext("c:val//c:f", namespaces=CHART_NS) == column(TABLE[key])
        assert s.findtext("c:cat//c:f", namespaces=CHART_NS) == column(TABLE["result"])
    axis_titles = ["".join(t.itertext()) for t in chart.findall(".//c:valAx/c:title", CHART_NS)]
    axis_titles += ["".join(t.itertext()) for t in chart.findall(".//c:catAx/c:title", CHART_NS)]
    assert axis_titles == ["Matches", "VP result (winner-loser)"]
    assert chart.find(".//c:legend", CHART_NS) is not None
    anchor_row = int(book.chart_anchor[1:])
    assert anchor_row > int(book.cells["observed_top_share"][1:])  # below the test's results


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_protected_and_printed_on_one_page(paper: str) -> None:
    case = make_case("negative", paper)
    sheet = case.book.workbook[AUDIT_SHEET]
    checks.assert_protected([sheet])
    checks.assert_only_inputs_unlocked(sheet, ())
    checks.assert_printable(sheet, paper)
    assert sheet.page_setup.orientation == "portrait"
    area = re.fullmatch(rf"'{AUDIT_SHEET}'!\$A\$1:\$F\$(\d+)", str(sheet.print_area))
    assert area is not None
    chart_rows = case.book.chart_height_cm / 2.54 * 72 / 11.25
    assert int(area.group(1)) >= int(case.book.chart_anchor[1:]) + chart_rows
    checks.assert_allowed_functions(case.book.workbook, ALLOWED_FUNCTIONS)


@pytest.mark.parametrize(
    "arguments",
    [{"paper": "a3"}, {"form": "bogus"}, {"form": "pairs"}, {"scale_k": 0}],
    ids=["paper", "unknown-form", "form-not-fitted", "scale-k"],
)
def test_bad_arguments_are_rejected(arguments: dict[str, Any]) -> None:
    margins, boards = teams_margins(3, 50)
    options: dict[str, Any] = {"form": "teams", "scale_k": SCALE_K, "title": "t", **arguments}
    with pytest.raises(InputError):
        build_audit_book(audit(margins, boards, SCALE_K), fit_k(margins, boards), **options)


# --------------------------------------------------------------------------------------------
# The sample season of docs/scales.md (examples/season.csv)


def render_script() -> ModuleType:
    """docs/render_audit_chart.py, imported from its file (docs is not a package)."""
    spec = importlib.util.spec_from_file_location(
        "render_audit_chart", ROOT / "docs" / "render_audit_chart.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sample_season_is_the_documented_draw() -> None:
    script = render_script()
    margins, boards = script.read_season(ROOT / "examples" / "season.csv")
    drawn_margins, drawn_boards = script.make_season()
    assert margins.tolist() == drawn_margins.tolist()
    assert boards.tolist() == drawn_boards.tolist()
    assert set(boards.tolist()) == {8, 10, 12} and len(margins) == 380
