"""The handicap workbook: a Project 52 register and a club pairs handicap tournament.

A club keeps its players' handicaps (Project 52) and scores a pairs handicap tournament by
topscore (matchpoint %) with live formulas that restate :mod:`xlbridge.scoring.handicap`; the
LibreOffice tests hold every value equal to the core's.

Every sheet has a title in row 1 and is protected without a password: inputs are unlocked
and tinted, formulas and constants locked (a user may unprotect a sheet to change them).

- **Register** — headings in row 2 (frozen), one player per row from row 3 (``players``
  rows): player id (input, a whole number), name (text input), master points M (input),
  current handicap (input, blank for a newcomer), start handicap H₀ = cap/(1 + C·M) (blank
  without master points), handicap in use (the current handicap if given, else H₀ if M is
  given, else the cap: a newcomer without master points starts at 52) and Check: "" for an
  empty row, "ok", or what is wrong (id missing or used twice, M or handicap not a number).
  A row whose Check is not "ok" has no handicap in use.
- **Constants** — the Project 52 constants, from :data:`xlbridge.scoring.handicap.SPEC`, one per
  row (label, value, name), each value a workbook name (``HC_CAP`` …) that the formulas
  read. The Register's columns are workbook names too (``REGISTER_IDS`` …).
- **Tournament** — row 2: boards in the competition N_B (input, D2) and the method (fixed:
  topscore, pairs, no datum); row 3: pairs entered N, field mean h̄, C_u = N/(N − 1), rows
  to check and a message; row 4 a note; row 5 headings (frozen with everything above); from
  row 6 one row per pair (``pairs`` rows): pair number (fixed), player ids (inputs), their
  names and handicaps in use (INDEX/MATCH on the Register), the pair handicap (their mean),
  the expected % = 50 + C_u·(h̄ − h_pair)/(C_k·C_b), boards played N_G (input, blank = N_B),
  achieved % (input), handicap result % = achieved − (expected − 50), its rank, Δh (the same
  for both players) = (N_G/480)·N_B/(N_B + S)·C_u·C_k·C_b·(expected − achieved), each
  player's new handicap min(cap, h + Δh), and Check.
- Hidden working columns S:X of the Tournament: each player's Register row (MATCH, 0 when
  not found), the row's pair problem, whether the pair is in the field, its result problem
  and whether its result counts.

Rules: the field is the rows whose pair is good (both ids given, different, in the Register
once with an "ok" row, neither playing in another pair); a bad row shows why in Check and no
numbers. The expected % shows as soon as 2 pairs are in the field (a club can charge it
before play); a row without an achieved % (or with a bad one, or N_G outside 1..N_B) shows
the expected % but no result, rank, Δh or new handicap. Ranks are 1 + the number of results
higher by more than 1E-9, so equal results rank equal despite float noise.

Only the Excel 2010 function set is used (IF, AND, OR, NOT, ISNUMBER, COUNT, COUNTA,
COUNTIF, SUM, SUMPRODUCT, INDEX, MATCH, IFERROR, INT, MIN).

:func:`fill_example` types :data:`EXAMPLE_PLAYERS` and :data:`EXAMPLE_PAIRS` (12 players,
two of them newcomers; 6 pairs over 24 boards, one playing 22) into a built workbook, through
:func:`enter_players` and :func:`enter_pairs`, which type any :class:`RegisterEntry` and
:class:`PairEntry` rows (names always as text).
"""

from xlbridge.workbooks.handicap_book.book import HandicapBook
from xlbridge.workbooks.handicap_book.build import build_handicap_book
from xlbridge.workbooks.handicap_book.example import (
    PairEntry,
    RegisterEntry,
    enter_pairs,
    enter_players,
    fill_example,
)

__all__ = [
    "HandicapBook",
    "PairEntry",
    "RegisterEntry",
    "build_handicap_book",
    "enter_pairs",
    "enter_players",
    "fill_example",
]
