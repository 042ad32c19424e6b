"""`xlbridge audit`: a season's margins in, the fit and the audit table out (and a workbook)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import numpy as np
import pytest
from libreoffice import error_cells

from xlbridge.cli.main import main
from xlbridge.scoring.scales.fit import audit, fit_k


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = np.random.default_rng(21)
    boards = rng.choice([8, 12], 250)
    margins = np.round(rng.normal(0, 7 * np.sqrt(boards))).astype(int)
    path = tmp_path_factory.mktemp("season") / "season.csv"
    rows = "".join(f"{m},{b}\n" for m, b in zip(margins, boards, strict=True))
    path.write_text("margin,boards\n" + rows, encoding="utf-8")
    return path


def test_prints_the_fit_and_the_table(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(season)]) == 0
    out = capsys.readouterr().out
    data = np.loadtxt(season, delimiter=",", skiprows=1)
    fit = fit_k(data[:, 0], data[:, 1])
    report = audit(data[:, 0], data[:, 1])
    assert f"fitted K {fit.k:.3f} (90% interval {fit.low:.3f} to {fit.high:.3f})" in out
    assert f"   20-0 {report.observed[-1]:9.0f} {report.expected[-1]:9.1f}" in out
    assert f"p = {report.p_value:.3g}" in out


def test_writes_a_workbook_with_a_chart(
    season: Path, tmp_path: Path, libreoffice, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "audit.xlsx"
    assert main(["audit", str(season), "-o", str(out)]) == 0
    with zipfile.ZipFile(out) as archive:
        assert any(name.startswith("xl/charts/chart") for name in archive.namelist())
    assert error_cells(libreoffice.recalc(out)) == []
    assert main(["audit", str(season), "-o", str(out)]) == 2
    assert "already exists; use --force" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "options", "message"),
    [
        ("margin,boards\n5,8\n", (), "margins must hold at least 2 results, got 1"),
        ("margin,boards\n5,8\n6,0\n", (), "line 3: boards must be a whole number from 1 to 200"),
        ("margin,boards\n5,8\nlots,8\n", (), "line 3: margin must be a number, got 'lots'"),
        ("margin,boards\n5,8\n6,8.5\n", (), "line 3: boards must be a whole number, got '8.5'"),
        ("margin,matches\n5,8\n", (), "line 1: the header must have the column(s) boards"),
        ("margin,boards\n5,8\n6,8\n", ("--form", "butler"), "form butler cannot be fitted"),
        ("margin,boards\n5,8\n6,8\n", ("-o", "x.txt"), "-o writes .xlsx"),
    ],
)
def test_bad_input_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, options, message: str
) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    assert main(["audit", str(path), *options]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def test_the_scales_page_shows_what_the_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parents[2]
    assert main(["audit", str(root / "examples" / "season.csv"), "--expected-from", "scale"]) == 0
    page = (root / "docs" / "scales.md").read_text(encoding="utf-8")
    for line in capsys.readouterr().out.splitlines():
        assert line in page, line
