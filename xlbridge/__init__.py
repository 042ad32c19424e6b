"""xlbridge: duplicate-bridge scoring for the spreadsheet, and from Python.

The names below are the public Python API (``docs/api.md`` describes each)::

    import xlbridge

    xlbridge.vp_scale(8).vp(14)                      # VPs of a 14-IMP win over 8 boards
    xlbridge.imps([420, -50, 1100])                  # IMPs of point differences
    result = xlbridge.score_session(xlbridge.read_session("examples/howell.csv"))

They are loaded on first use (PEP 562), so ``import xlbridge`` (and ``xlbridge --version``)
loads no numpy, SciPy, openpyxl or xlwings. Deeper modules stay importable, but only these
names are promised to stay where they are.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:  # what editors and type checkers see; the names load lazily below
    from xlbridge.errors import InputError
    from xlbridge.io.compare import compare
    from xlbridge.io.event_file import EventFile
    from xlbridge.io.events import read_event, score_event, write_pbn, write_usebio
    from xlbridge.io.pbn import read_pbn
    from xlbridge.io.sessions import read_names, read_session
    from xlbridge.io.usebio import read_usebio
    from xlbridge.scoring.contract import contract_scores
    from xlbridge.scoring.cross_imps import cross_imps
    from xlbridge.scoring.datums import butler_imps, datum
    from xlbridge.scoring.fit import audit, average_plus, fit_k
    from xlbridge.scoring.handicap import expected_result, handicap_change, start_handicap
    from xlbridge.scoring.imps import continuous_imps, imps
    from xlbridge.scoring.matchpoints import matchpoints, neuberg
    from xlbridge.scoring.scales import VPScale, vp_scale
    from xlbridge.scoring.session import SessionResult, score_session
    from xlbridge.scoring.session_types import Traveller
    from xlbridge.scoring.split_scores import score_traveller
    from xlbridge.scoring.swiss import late_entry, swiss_draw
    from xlbridge.scoring.wbf import wbf_vp
    from xlbridge.scoring.wbf_discrete import DiscreteScale, wbf_discrete, wbf_discrete_vp
    from xlbridge.workbooks.results_pack.pack import build_results_pack

#: Every public name and the module it lives in, by what it is for.
_HOMES: dict[str, str] = {
    # VP scales: Gaussian (Probst), the WBF continuous and discrete scales, fitting K
    "VPScale": "xlbridge.scoring.scales",
    "vp_scale": "xlbridge.scoring.scales",
    "wbf_vp": "xlbridge.scoring.wbf",
    "DiscreteScale": "xlbridge.scoring.wbf_discrete",
    "wbf_discrete": "xlbridge.scoring.wbf_discrete",
    "wbf_discrete_vp": "xlbridge.scoring.wbf_discrete",
    "fit_k": "xlbridge.scoring.fit",
    "audit": "xlbridge.scoring.fit",
    "average_plus": "xlbridge.scoring.fit",
    # IMPs
    "imps": "xlbridge.scoring.imps",
    "continuous_imps": "xlbridge.scoring.imps",
    # A board: matchpoints, Neuberg, cross-IMPs, Butler datums, a whole traveller
    "matchpoints": "xlbridge.scoring.matchpoints",
    "neuberg": "xlbridge.scoring.matchpoints",
    "cross_imps": "xlbridge.scoring.cross_imps",
    "datum": "xlbridge.scoring.datums",
    "butler_imps": "xlbridge.scoring.datums",
    "score_traveller": "xlbridge.scoring.split_scores",
    # Contracts (Law 77)
    "contract_scores": "xlbridge.scoring.contract",
    # A pairs session
    "Traveller": "xlbridge.scoring.session_types",
    "SessionResult": "xlbridge.scoring.session",
    "score_session": "xlbridge.scoring.session",
    "read_session": "xlbridge.io.sessions",
    "read_names": "xlbridge.io.sessions",
    "build_results_pack": "xlbridge.workbooks.results_pack.pack",
    # Event files: USEBIO and PBN
    "EventFile": "xlbridge.io.event_file",
    "read_event": "xlbridge.io.events",
    "read_usebio": "xlbridge.io.usebio",
    "read_pbn": "xlbridge.io.pbn",
    "score_event": "xlbridge.io.events",
    "write_usebio": "xlbridge.io.events",
    "write_pbn": "xlbridge.io.events",
    "compare": "xlbridge.io.compare",
    # Swiss events
    "swiss_draw": "xlbridge.scoring.swiss",
    "late_entry": "xlbridge.scoring.swiss",
    # Project 52 handicaps
    "start_handicap": "xlbridge.scoring.handicap",
    "expected_result": "xlbridge.scoring.handicap",
    "handicap_change": "xlbridge.scoring.handicap",
    # Errors
    "InputError": "xlbridge.errors",
}

#: The public names (the same as ``_HOMES``'s keys; a test holds them equal).
__all__ = [
    "DiscreteScale",
    "EventFile",
    "InputError",
    "SessionResult",
    "Traveller",
    "VPScale",
    "audit",
    "average_plus",
    "build_results_pack",
    "butler_imps",
    "compare",
    "continuous_imps",
    "contract_scores",
    "cross_imps",
    "datum",
    "expected_result",
    "fit_k",
    "handicap_change",
    "imps",
    "late_entry",
    "matchpoints",
    "neuberg",
    "read_event",
    "read_names",
    "read_pbn",
    "read_session",
    "read_usebio",
    "score_event",
    "score_session",
    "score_traveller",
    "start_handicap",
    "swiss_draw",
    "vp_scale",
    "wbf_discrete",
    "wbf_discrete_vp",
    "wbf_vp",
    "write_pbn",
    "write_usebio",
]


def __getattr__(name: str) -> Any:
    """Load a public name from its module on first use, and keep it."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'xlbridge' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
