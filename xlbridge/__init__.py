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
    from xlbridge.io.event_files.compare import compare
    from xlbridge.io.event_files.contents import EventFile
    from xlbridge.io.pbn.read import read_pbn
    from xlbridge.io.score_event import read_event, score_event, write_pbn, write_usebio
    from xlbridge.io.travellers.session_csv import read_names, read_session
    from xlbridge.io.usebio import read_usebio
    from xlbridge.scoring.boards.cross_imps import cross_imps
    from xlbridge.scoring.boards.datums import butler_imps, datum
    from xlbridge.scoring.boards.matchpoints import matchpoints, neuberg
    from xlbridge.scoring.boards.split_scores import score_traveller
    from xlbridge.scoring.contract import contract_scores
    from xlbridge.scoring.handicap import expected_result, handicap_change, start_handicap
    from xlbridge.scoring.imps import continuous_imps, imps
    from xlbridge.scoring.scales.fit import audit, average_plus, fit_k
    from xlbridge.scoring.scales.gaussian import VPScale, vp_scale
    from xlbridge.scoring.scales.wbf import wbf_vp
    from xlbridge.scoring.scales.wbf_discrete import DiscreteScale, wbf_discrete, wbf_discrete_vp
    from xlbridge.scoring.session import SessionOptions, SessionResult, score_session
    from xlbridge.scoring.session.data import Traveller
    from xlbridge.scoring.swiss.draw import late_entry, swiss_draw
    from xlbridge.workbooks.results_pack.pack import build_results_pack

#: Every public name and the module it lives in, by what it is for.
_HOMES: dict[str, str] = {
    # VP scales: Gaussian (Probst), the WBF continuous and discrete scales, fitting K
    "VPScale": "xlbridge.scoring.scales.gaussian",
    "vp_scale": "xlbridge.scoring.scales.gaussian",
    "wbf_vp": "xlbridge.scoring.scales.wbf",
    "DiscreteScale": "xlbridge.scoring.scales.wbf_discrete",
    "wbf_discrete": "xlbridge.scoring.scales.wbf_discrete",
    "wbf_discrete_vp": "xlbridge.scoring.scales.wbf_discrete",
    "fit_k": "xlbridge.scoring.scales.fit",
    "audit": "xlbridge.scoring.scales.fit",
    "average_plus": "xlbridge.scoring.scales.fit",
    # IMPs
    "imps": "xlbridge.scoring.imps",
    "continuous_imps": "xlbridge.scoring.imps",
    # A board: matchpoints, Neuberg, cross-IMPs, Butler datums, a whole traveller
    "matchpoints": "xlbridge.scoring.boards.matchpoints",
    "neuberg": "xlbridge.scoring.boards.matchpoints",
    "cross_imps": "xlbridge.scoring.boards.cross_imps",
    "datum": "xlbridge.scoring.boards.datums",
    "butler_imps": "xlbridge.scoring.boards.datums",
    "score_traveller": "xlbridge.scoring.boards.split_scores",
    # Contracts (Law 77)
    "contract_scores": "xlbridge.scoring.contract",
    # A pairs session
    "Traveller": "xlbridge.scoring.session.data",
    "SessionOptions": "xlbridge.scoring.session",
    "SessionResult": "xlbridge.scoring.session",
    "score_session": "xlbridge.scoring.session",
    "read_session": "xlbridge.io.travellers.session_csv",
    "read_names": "xlbridge.io.travellers.session_csv",
    "build_results_pack": "xlbridge.workbooks.results_pack.pack",
    # Event files: USEBIO and PBN
    "EventFile": "xlbridge.io.event_files.contents",
    "read_event": "xlbridge.io.score_event",
    "read_usebio": "xlbridge.io.usebio",
    "read_pbn": "xlbridge.io.pbn.read",
    "score_event": "xlbridge.io.score_event",
    "write_usebio": "xlbridge.io.score_event",
    "write_pbn": "xlbridge.io.score_event",
    "compare": "xlbridge.io.event_files.compare",
    # Swiss events
    "swiss_draw": "xlbridge.scoring.swiss.draw",
    "late_entry": "xlbridge.scoring.swiss.draw",
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
    "SessionOptions",
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
