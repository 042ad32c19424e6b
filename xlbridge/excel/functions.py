"""xlbridge's Excel functions: every one of them, in :data:`__all__`.

A thin adapter over :mod:`xlbridge.scoring`: it coerces cells, lets the core validate, calls it,
and turns bad input into an Excel error whose message names the argument. The same functions
serve the classic Windows add-in, xlwings Lite and xlwings Server, so they use only
``xlwings.func``/``arg``/``ret`` and positional parameters with defaults. Blank optional
cells arrive as None and mean "the default"; blank cells inside a range give blank results.

Every function answers with a right number or an error naming the argument, never a raw
Python exception (see :mod:`xlbridge.excel.cells`, which reads every argument's Excel error
cells as errors, not blanks). The functions live with their subject: VP scales, IMPs and the
fitting of scales in :mod:`~xlbridge.excel.scales`, a board's scoring in
:mod:`~xlbridge.excel.boards`, handicaps in :mod:`~xlbridge.excel.handicaps`, Swiss events in
:mod:`~xlbridge.excel.swiss`. xlwings finds the functions by iterating this module (and
:mod:`xlbridge.udfs`, which re-exports it), so a new function is imported here too.
"""

from __future__ import annotations

from xlbridge.excel.boards import (
    BUTLER_IMPS,
    CONTRACT_SCORE,
    CROSS_IMPS,
    DATUM,
    MATCHPOINTS,
    NEUBERG,
    WEIGHTED_MP,
)
from xlbridge.excel.handicaps import HANDICAP_DELTA, HANDICAP_EXPECTED, HANDICAP_START
from xlbridge.excel.scales import AVERAGE_PLUS, FIT_K, IMPS, SCALE_AUDIT, VP, VP_WBF, VPSCALE
from xlbridge.excel.swiss import LATE_ENTRY, SWISS_DRAW

#: Every Excel function (UPPER-case names), for ``from xlbridge.udfs import *`` and for
#: ``xlbridge install``, which writes modules that import them all.
__all__ = [
    "AVERAGE_PLUS",
    "BUTLER_IMPS",
    "CONTRACT_SCORE",
    "CROSS_IMPS",
    "DATUM",
    "FIT_K",
    "HANDICAP_DELTA",
    "HANDICAP_EXPECTED",
    "HANDICAP_START",
    "IMPS",
    "LATE_ENTRY",
    "MATCHPOINTS",
    "NEUBERG",
    "SCALE_AUDIT",
    "SWISS_DRAW",
    "VP",
    "VPSCALE",
    "VP_WBF",
    "WEIGHTED_MP",
]
