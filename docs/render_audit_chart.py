"""Regenerate ``docs/audit-chart.png``: the chart of the audit workbook for the sample season.

The sample season ``examples/season.csv`` (columns ``margin,boards``) is **synthetic**, drawn
by :func:`make_season`, not real results: 380 teams-of-four matches whose boards are drawn
uniformly from 8, 10 and 12, each margin N(0, (7.2·√n)²) rounded to whole IMPs
(``numpy.rint``), all from ``numpy.random.default_rng(2026)``. Its K of 7.2 is a little wider
than the 6.5 the scale is built from, so the season has a few too many blowouts for that scale.

The script reads the season, fits K and audits the teams scale with K 6.5
(:func:`xlbridge.scoring.scales.fit.fit_k`, :func:`~xlbridge.scoring.scales.fit.audit`), builds
the workbook (:func:`xlbridge.workbooks.scales.audit_book.build_audit_book`), prints it to PDF with
headless LibreOffice (an isolated, throw-away profile), finds the chart's frame on the page (the
lowest block of ink) and crops it out with ``pdftoppm``::

    python docs/render_audit_chart.py            # from examples/season.csv
    python docs/render_audit_chart.py --season   # rewrite examples/season.csv first
"""

from __future__ import annotations

import argparse
import csv
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from xlbridge.scoring.scales.fit import Audit, Fit, audit, fit_k
from xlbridge.workbooks.scales.audit_book import AuditBook, build_audit_book

ROOT = Path(__file__).resolve().parents[1]
SEASON_CSV = ROOT / "examples" / "season.csv"
CHART_PNG = ROOT / "docs" / "audit-chart.png"

SEASON_SEED = 2026
SEASON_MATCHES = 380
SEASON_BOARDS = (8, 10, 12)
SEASON_K = 7.2  # IMPs a board: the spread the margins are drawn with
SCALE_K = 6.5  # the K of the audited teams-of-four scale
FORM = "teams"
TITLE = "Sample season (synthetic): teams-of-four VP scale, K 6.5"

DPI = 110
INK_BELOW = 245  # grey levels (0 black … 255 white) darker than this are ink
CROP_MARGIN = 6  # pixels of white kept round the chart's frame
SOFFICE_TIMEOUT = 180


# --------------------------------------------------------------------------------------------
# The sample season


def make_season(
    seed: int = SEASON_SEED, matches: int = SEASON_MATCHES, k: float = SEASON_K
) -> tuple[np.ndarray, np.ndarray]:
    """Synthetic margins (whole IMPs) and boards of ``matches`` teams matches."""
    rng = np.random.default_rng(seed)
    boards = rng.choice(SEASON_BOARDS, size=matches)
    margins = np.rint(rng.normal(0.0, k * np.sqrt(boards))).astype(int)
    return margins, boards


def write_season(path: Path = SEASON_CSV) -> None:
    margins, boards = make_season()
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["margin", "boards"])
        writer.writerows(zip(margins.tolist(), boards.tolist(), strict=True))


def read_season(path: Path = SEASON_CSV) -> tuple[np.ndarray, np.ndarray]:
    """Margins and boards of a ``margin,boards`` CSV file."""
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    margins = np.array([float(row["margin"]) for row in rows])
    boards = np.array([int(row["boards"]) for row in rows])
    return margins, boards


def audit_season(path: Path = SEASON_CSV) -> tuple[Fit, Audit, AuditBook]:
    """The fit, the audit and the workbook of the season in ``path``.

    Expected counts are those of the scale's own K (``xlbridge audit --expected-from scale``):
    what the scale was designed to give, so the chart shows where the season departs from it.
    """
    margins, boards = read_season(path)
    fit = fit_k(margins, boards, FORM)
    report = audit(margins, boards, SCALE_K, FORM, model_k=SCALE_K)
    book = build_audit_book(report, fit, form=FORM, scale_k=SCALE_K, title=TITLE)
    return fit, report, book


# --------------------------------------------------------------------------------------------
# Printing and cropping


def _run(command: list[str]) -> None:
    subprocess.run(command, check=True, capture_output=True, timeout=SOFFICE_TIMEOUT)


def to_pdf(workbook: Path, folder: Path) -> Path:
    """Print ``workbook`` to PDF with headless LibreOffice and a throw-away profile."""
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        raise SystemExit("LibreOffice (soffice) not found")
    profile = (folder / "profile").as_uri()
    _run([soffice, "--headless", "--norestore", f"-env:UserInstallation={profile}",
          "--convert-to", "pdf", "--outdir", str(folder), str(workbook)])  # fmt: skip
    return folder / f"{workbook.stem}.pdf"


def _grey_page(pdf: Path, folder: Path) -> np.ndarray:
    """Page 1 of ``pdf`` as grey levels (rows × columns) at DPI, through a binary PGM."""
    prefix = folder / "page"
    _run(["pdftoppm", "-gray", "-r", str(DPI), "-f", "1", "-l", "1", "-singlefile",
          str(pdf), str(prefix)])  # fmt: skip
    data = prefix.with_suffix(".pgm").read_bytes()
    magic, width, height, depth = data.split(maxsplit=4)[:4]
    assert magic == b"P5" and depth == b"255", "pdftoppm wrote an unexpected PGM"
    pixels = np.frombuffer(data[-int(width) * int(height) :], dtype=np.uint8)
    return pixels.reshape(int(height), int(width))


def chart_box(page: np.ndarray) -> tuple[int, int, int, int]:
    """(x, y, width, height) of the lowest unbroken band of inked rows: the framed chart."""
    ink = page < INK_BELOW
    inked_rows = np.flatnonzero(ink.any(axis=1))
    bottom = int(inked_rows[-1])
    top = bottom
    while top > 0 and ink[top - 1].any():
        top -= 1
    inked_columns = np.flatnonzero(ink[top : bottom + 1].any(axis=0))
    left, right = int(inked_columns[0]), int(inked_columns[-1])
    x, y = max(left - CROP_MARGIN, 0), max(top - CROP_MARGIN, 0)
    return x, y, right - left + 1 + 2 * CROP_MARGIN, bottom - top + 1 + 2 * CROP_MARGIN


def render_chart(book: AuditBook, out: Path = CHART_PNG) -> Path:
    """Save the workbook, print it, and write the chart's crop of page 1 to ``out``."""
    with tempfile.TemporaryDirectory(prefix="xlbridge-audit-chart-") as temp:
        folder = Path(temp)
        workbook = folder / "audit.xlsx"
        book.workbook.save(workbook)
        pdf = to_pdf(workbook, folder)
        x, y, width, height = chart_box(_grey_page(pdf, folder))
        crop = folder / "chart"
        _run(["pdftoppm", "-png", "-r", str(DPI), "-f", "1", "-l", "1", "-singlefile",
              "-x", str(x), "-y", str(y), "-W", str(width), "-H", str(height),
              str(pdf), str(crop)])  # fmt: skip
        shutil.copyfile(crop.with_suffix(".png"), out)
    return out


# --------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--season", action="store_true", help="rewrite examples/season.csv")
    arguments = parser.parse_args(argv)
    if arguments.season:
        write_season()
    fit, report, book = audit_season()
    print(
        f"{fit.count} results: K = {fit.k:.3f} ({fit.level:.0%} interval "
        f"{fit.low:.3f}–{fit.high:.3f}); χ² = {report.chi2:.2f}, dof {report.dof}, "
        f"p = {report.p_value:.3f}"
    )
    for label, seen, expected in zip(report.labels, report.observed, report.expected, strict=True):
        print(f"  {label:>6}  observed {seen:4.0f}  expected {expected:6.1f}")
    print(f"wrote {render_chart(book).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
