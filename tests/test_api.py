"""The public Python API: ``import xlbridge`` and the names in ``xlbridge.__all__``.

Each name is loaded on first use (PEP 562), so importing the package loads nothing heavy; each
is the very object of the module it lives in; docs/api.md lists every one; and the Python
examples of docs/, which use only these names, run as printed.
"""

from __future__ import annotations

import ast
import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import xlbridge

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("numpy", "scipy", "openpyxl", "xlwings")


def _loaded_by(code: str) -> list[str]:
    probe = f"{code}\nimport sys\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return done.stdout.split()


def test_import_xlbridge_loads_nothing_heavy() -> None:
    assert _loaded_by("import xlbridge; xlbridge.__all__; dir(xlbridge)") == []


def test_a_name_loads_only_its_own_module() -> None:
    assert "openpyxl" not in _loaded_by("import xlbridge; xlbridge.imps")


@pytest.mark.parametrize("name", xlbridge.__all__)
def test_every_public_name_is_its_modules_own(name: str) -> None:
    value = getattr(xlbridge, name)
    home = importlib.import_module(xlbridge._HOMES[name])
    assert value is getattr(home, name)
    assert name in dir(xlbridge)
    assert (value.__doc__ or "").strip(), f"{name} has no docstring"


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'vp_scales'"):
        xlbridge.vp_scales  # noqa: B018
    assert not hasattr(xlbridge, "boards")


def test_the_api_page_documents_every_name() -> None:
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    missing = [name for name in xlbridge.__all__ if f"`{name}" not in page]
    assert missing == []


def test_the_type_checkers_view_matches_the_names() -> None:
    """The TYPE_CHECKING imports (what editors and mypy see) name the same homes."""
    tree = ast.parse((ROOT / "xlbridge" / "__init__.py").read_text(encoding="utf-8"))
    block = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
    )
    seen = {
        alias.name: node.module
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert seen == xlbridge._HOMES
    assert sorted(xlbridge.__all__) == sorted(xlbridge._HOMES)


def test_the_verbs_compute() -> None:
    """A few worked figures through the API: the IMP table (Law 78B), matchpoints of a
    three-table board (2 per win: 4, 2, 0) and Butler IMPs against a datum."""
    assert xlbridge.imps([0, 20, 50, 4000, -430]).tolist() == [0, 1, 2, 24, -10]
    board = xlbridge.matchpoints([1, 1, 1], [1, 2, 3], [420, 170, -50])
    assert board.value.tolist() == [4, 2, 0]
    assert xlbridge.contract_scores(["4S"], ["N"], ["="], [1]).tolist() == [420]
    with pytest.raises(xlbridge.InputError):
        xlbridge.vp_scale(0)


def _python_blocks(text: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.M | re.S)


@pytest.mark.parametrize("page", ["docs/pairs-evening.md", "docs/api.md"])
def test_the_python_examples_run(page: str, tmp_path: Path) -> None:
    """Run as printed, from a folder holding the examples; they write only into out/, and
    what a block shows after ``# `` on a print line is what it prints."""
    blocks = _python_blocks((ROOT / page).read_text(encoding="utf-8"))
    assert blocks, f"{page} has no Python example"
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    for block in blocks:
        deep = re.findall(r"^\s*(?:from|import) xlbridge\.\S+", block, flags=re.M)
        assert deep == [], f"{page} teaches a deep import"
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", block], cwd=tmp_path, env=env, check=True, capture_output=True
        )
        shown = [
            line.split("# ", 1)[1].split(" (")[0].strip()
            for line in block.splitlines()
            if line.startswith("print(") and "# " in line
        ]
        printed = done.stdout.decode().splitlines()
        for said in shown:
            assert any(out.strip() == said for out in printed), (said, printed)
    written = {p.relative_to(tmp_path).parts[0] for p in tmp_path.rglob("*") if p.is_file()}
    assert written <= {"out"}, written


@pytest.mark.parametrize("writer, suffix", [("write_usebio", ".xml"), ("write_pbn", ".pbn")])
def test_the_api_reads_scores_and_writes_an_event(writer: str, suffix: str, tmp_path: Path) -> None:
    """USEBIO or PBN out and back in through the API scores the same session; an existing
    file is kept unless forced."""
    traveller = xlbridge.read_session(ROOT / "examples" / "howell.csv")
    first = xlbridge.score_session(traveller)
    out = tmp_path / f"howell{suffix}"
    write = getattr(xlbridge, writer)
    event = xlbridge.EventFile("howell", date="2026-11-30")
    write(out, first, event)
    written = out.read_bytes()
    with pytest.raises(xlbridge.InputError, match="already exists"):
        write(out, first, event)
    assert out.read_bytes() == written
    write(out, first, event, force=True)
    assert xlbridge.compare(xlbridge.read_event(out), first).agree
    again = xlbridge.score_event(xlbridge.read_event(out))
    assert [p.score for p in again.ranking()] == pytest.approx([p.score for p in first.ranking()])
    assert np.isfinite([p.percentage for p in again.pairs]).all()
