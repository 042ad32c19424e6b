"""Start-up imports only what a command needs (the time itself is a benchmark, not a test)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("numpy", "scipy", "openpyxl", "xlwings")


def _loaded_after(code: str) -> list[str]:
    """The heavy packages a fresh Python has loaded after running ``code``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XLWINGS_")}
    env["PYTHONPATH"] = str(ROOT)
    probe = f"{code}\nimport sys\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout.split()


def test_the_command_line_loads_nothing_heavy_before_a_command_runs() -> None:
    assert _loaded_after("import xlbridge.cli.parser; xlbridge.cli.parser.build_parser()") == []


@pytest.mark.parametrize(
    ("argv", "allowed"),
    [
        (["--version"], set()),
        (["scale", "--boards", "8"], {"numpy"}),
    ],
)
def test_a_command_loads_only_what_it_needs(argv: list[str], allowed: set[str]) -> None:
    code = (
        "import contextlib, io, xlbridge.cli.main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        f"    xlbridge.cli.main.main({argv!r})"
    )
    assert set(_loaded_after(code)) <= allowed


def test_the_excel_functions_load_no_scipy_or_openpyxl_at_import() -> None:
    assert set(_loaded_after("import xlbridge.udfs")) <= {"numpy", "xlwings"}


def test_fitting_still_loads_scipy_when_it_is_used() -> None:
    code = "from xlbridge.scoring.scales.fit import fit_k\nfit_k([10.0, -4.0, 22.0], [8, 8, 8])"
    assert "scipy" in _loaded_after(code)
