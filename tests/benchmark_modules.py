"""The benchmark scripts as modules, for the tests (benchmarks/ is a folder, not a package).

Import as ``from benchmark_modules import load`` (tests/ is on sys.path; see conftest.py).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` imported as ``name``, with its sibling scripts importable."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    return importlib.import_module(name)
