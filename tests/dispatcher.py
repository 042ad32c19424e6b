"""Calling Excel functions the way Excel's calls arrive: through xlwings' Office.js dispatcher.

Import as ``from dispatcher import call`` (tests/ is on sys.path; see conftest.py). xlwings
must already be imported with XLWINGS_ON_SERVER=true, which conftest.py sets.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from types import ModuleType
from typing import Any

# xlwings looks for Pyodide's ``pyodide.ffi`` (``from pyodide.ffi import ...`` in a
# ``try/except ImportError``) several times in every call. Outside Pyodide the import fails
# either way, but only after a search of every folder on sys.path (pytest puts each test
# folder there): about 10 ms a call. Where Pyodide really is absent, a None entry makes the same
# ImportError immediate.
if "pyodide" not in sys.modules and importlib.util.find_spec("pyodide") is None:
    sys.modules["pyodide"] = None  # type: ignore[assignment]


def as_range(value: Any) -> list[list[Any]]:
    """An argument as Office.js sends it: always a 2-D list (one cell is [[v]])."""
    if isinstance(value, list):
        return value if value and isinstance(value[0], list) else [value]
    return [[value]]


def call(module: ModuleType, name: str, *args: Any) -> Any:
    """Call the Excel function ``name`` of ``module`` through ``custom_functions_call``.

    Arguments are cell values or 2-D lists (ranges); None or "" stand for blank cells.
    """
    import xlwings
    from xlwings.server import custom_functions_call

    payload = {
        "func_name": name,
        "args": [as_range(a) for a in args],
        "version": xlwings.__version__,
        "client": "Office.js",
        "runtime": "1.4",
    }
    return asyncio.run(custom_functions_call(payload, module))
