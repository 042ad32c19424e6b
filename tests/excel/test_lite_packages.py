"""xlwings Lite installs what ``requirements.txt`` names, and what the xlbridge wheel depends on,
inside Pyodide: every package must be one Pyodide builds itself (never pinned: its version is
Pyodide's) or a pure-Python wheel, as xlwings Lite's documentation on dependencies asks."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from xlbridge.excel.install import lite_requirements

ROOT = Path(__file__).resolve().parents[2]
WHEEL = "https://example.org/xlbridge-0.1.0-py3-none-any.whl"

#: Packages Pyodide builds and serves itself, whose versions are tied to Pyodide's: the recipes
#: in pyodide/pyodide-recipes, packages/ (numpy 2.4.6, scipy 1.18.0, MarkupSafe 3.0.3, Jinja2
#: 3.1.6 in the recipes of August 2026).
PYODIDE_BUILT = {"numpy", "scipy", "markupsafe", "jinja2"}
#: Pure-Python wheels on PyPI (py3-none-any), which micropip installs as they are: openpyxl and
#: its et-xmlfile, defusedxml; xlwings, whose Pyodide wheel xlwings Lite itself installs.
PURE_PYTHON = {"openpyxl", "et-xmlfile", "defusedxml", "xlwings"}


def _name(requirement: str) -> tuple[str, str]:
    """A requirement's normalised name and the rest (its version specifier, if any)."""
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*)", requirement)
    assert match is not None, requirement
    return re.sub(r"[-_.]+", "-", match.group(1)).lower(), match.group(2).strip()


def test_requirements_name_only_pyodide_builds_unpinned_and_the_wheel() -> None:
    lines = [
        line.strip()
        for line in lite_requirements(WHEEL).splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert lines[-1] == WHEEL  # xlbridge itself: the wheel, never the name (not on PyPI)
    for line in lines[:-1]:
        name, specifier = _name(line)
        assert name in PYODIDE_BUILT | PURE_PYTHON, f"{name}: neither built by Pyodide nor pure"
        if name in PYODIDE_BUILT:
            assert specifier == "", f"{name} is Pyodide's own build: it must not be pinned"


def test_the_wheels_own_dependencies_install_in_pyodide() -> None:
    """micropip installs the wheel's dependencies too: each is a Pyodide build or a pure
    wheel, and a Pyodide build is asked for by a floor at most, which Pyodide's versions
    meet (numpy 2.4.6 ≥ 1.26, scipy 1.18.0 ≥ 1.11)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for requirement in project["dependencies"]:
        name, specifier = _name(requirement)
        assert name in PYODIDE_BUILT | PURE_PYTHON, f"{name}: neither built by Pyodide nor pure"
        if name in PYODIDE_BUILT:
            assert specifier == "" or re.fullmatch(r">=\s*[\d.]+", specifier), requirement
