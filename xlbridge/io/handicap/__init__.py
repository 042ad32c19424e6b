"""The handicap batch: apply a month of competitions to a player register.

``xlbridge handicap update --register players.csv --results results.csv`` reads:

- the **register**: one row per player — ``id`` (any text), ``name``, ``handicap`` and, for a
  newcomer without a handicap, ``masterpoints`` (start handicap 52/(1 + 0.01·M); neither
  given: 52). Other columns are kept.
- the **results**: one row per entry (pair, player or team) per competition — ``competition``
  (an id), ``date`` (YYYY-MM-DD), ``form`` (pairs, individual, team; default pairs),
  ``method`` (topscore, imp; default topscore), ``boards`` (N_B), ``played`` (N_G, default
  N_B), ``players`` (the ids, separated by "+", "/", "&" or spaces), ``result`` (the
  matchpoint % for topscore, IMPs per board for imp) and ``datum`` (yes/no, default no).
  A team competition is a single match: two rows, one per team.

Competitions are applied in date order. All competitions of one date are computed from the
handicaps at the start of that date and their changes are added together (then capped at 52),
so the order of rows and of competitions within a date does not matter. Every change goes to
the history file (competition, date, player, before, delta, after); a competition whose id is
already there is skipped, so re-running a batch changes nothing. A player id in the results
that is not in the register is an error listing them all, unless ``--add-new`` is given: then
they are added as newcomers at 52.

Everything is checked before anything is written: a damaged register (unbalanced quotes, rows
with the wrong number of fields, handicaps outside −100 … 52, an id twice) is an error naming
its file and line, never rewritten. The register is rewritten in its own encoding (UTF-8 or
Windows-1252), byte-order mark, separator and line endings; the history likewise. The two
files are replaced together through a write-ahead journal (:mod:`xlbridge.io.journal`), so a
crash at any point leaves a register and a history that agree once the next run has started.

The batch is in five modules, each named here for the command line and the tests:
:mod:`~xlbridge.io.handicap.register_file` (the register), :mod:`~xlbridge.io.handicap.results_file`
(the results), :mod:`~xlbridge.io.handicap.apply` (applying them),
:mod:`~xlbridge.io.handicap.history_file` (the history) and
:mod:`~xlbridge.io.handicap.register_write` (the register written back).
"""

from __future__ import annotations

from xlbridge.io.handicap.apply import History, Update, apply_results
from xlbridge.io.handicap.history_file import (
    HISTORY_COLUMNS,
    HistoryFile,
    default_history_path,
    history_bytes,
    read_applied,
    read_history,
)
from xlbridge.io.handicap.register_file import (
    DECIMALS,
    ID_COLUMNS,
    LOWEST_HANDICAP,
    REGISTER_REQUIRED,
    Register,
    parse_register,
    read_register,
)
from xlbridge.io.handicap.register_write import register_bytes, register_text
from xlbridge.io.handicap.results_file import (
    PLAYER_SEPARATORS,
    PLAYERS_PER_ENTRY,
    RESULTS_REQUIRED,
    YES_NO,
    Results,
    parse_results,
    read_results,
)

__all__ = [
    "DECIMALS",
    "HISTORY_COLUMNS",
    "ID_COLUMNS",
    "LOWEST_HANDICAP",
    "PLAYERS_PER_ENTRY",
    "PLAYER_SEPARATORS",
    "REGISTER_REQUIRED",
    "RESULTS_REQUIRED",
    "YES_NO",
    "History",
    "HistoryFile",
    "Register",
    "Results",
    "Update",
    "apply_results",
    "default_history_path",
    "history_bytes",
    "parse_register",
    "parse_results",
    "read_applied",
    "read_history",
    "read_register",
    "read_results",
    "register_bytes",
    "register_text",
]
