"""A Swiss event, teams or pairs: type the draw and the results, read VPs and the standings.

:func:`build_swiss_event` makes the workbook. Every sheet has a title in row 1 and is
protected without a password: inputs are unlocked and tinted, everything else is locked.
Only the Excel 2010 function set is used (IF, AND, OR, NOT, ISNUMBER, INT, MAX, COUNT,
COUNTIF, COUNTIFS, SUMIFS, SUMPRODUCT, SUM, AVERAGE, INDEX, LOOKUP, ROUND, ABS, SQRT,
NORMSINV), so the file recalculates in Excel 2010 and later and in LibreOffice 7.4.

- **Entries** — one row per entry number 1 … ``teams`` from row 6 (headings in row 5): the
  number, the name (a text input: a name that starts with "=" stays a name). With late entry
  (the default for pairs) also "enters at round" (an input, a whole number 1 … rounds, blank
  = 1) and the entry VPs (Probst): an entry at round (session) s ≥ 3 starts on
  Σ_{j=3..s}(A − T + j) = (s − 2)·(A − T) + s(s + 1)/2 − 3, T = the number of rounds (C2,
  fixed by the workbook) and A the "add" parameter (C3, an input, 17); 0 for s ≤ 2.
  T = 6 gives 14, 29, 45, 62 and T = 7 gives 13, 27, 42, 58, 75.
- **Round 1 … Round T** — one row per table from row 3 (headings in row 2), ceil(teams/2)
  tables: table number, home and away entry numbers (inputs, whole numbers 1 … teams: the
  director types the draw), their names (looked up), the home margin (teams: the home team's
  IMP margin, a whole number; pairs: the home pair's matchpoint percentage, 0 … 100 with at
  most 2 decimals), the away margin (−IMPs, or 100 − %), home and away VPs, and a Check:
  "" (empty row), "to play" (drawn, no margin yet), "ok" (scored), "bye", or what is wrong
  (home entry missing, an entry number out of range, an entry against itself, an entry drawn
  twice in the round, a late entry drawn before its round, a margin typed for a bye). Only
  rows whose Check is "ok" or "bye" carry VPs, so a wrong draw never reaches the standings.
- **Standings** — one row per entry from row 3: number, name, entry VPs (late entry only),
  the VPs of each round, total VPs, rounds played, the tie-break and the rank. To the right,
  outside the print area, working columns hold each round's IMP margin (teams) or MP %
  (pairs) of the entry.
- **Scale** — the live VP card (:func:`xlbridge.workbooks.scales.live_card.write_card`: boards and
  K, or S8 for pairs, are inputs; σ and the bands are formulas), so every VP in the workbook is
  ``VPSCALE`` for the same parameters; below it the bye VPs (an input, 12).

Conventions:

- **Byes.** A table with a home entry and no away entry is a bye: its entry gets the bye
  VPs of the Scale sheet (12 of 20 unless changed) as soon as the draw is typed, and no
  margin (a margin typed for a bye is flagged and the row carries nothing). A bye counts
  as a round played; it adds 0 IMPs to the teams tie-break and is left out of the pairs
  average %.
- **Blanks.** A round in which an entry has no "ok" or "bye" row (not drawn yet, margin not
  typed, late entrant not yet in) leaves that entry's cell blank, not 0. An entry with no
  round yet has a blank total, tie-break and rank (a late entry's VPs show from its first
  result).
- **Ranking.** Total VPs (entry VPs plus every round), then the tie-break — teams: the total
  IMP margin; pairs: the average matchpoint % over the matches played (byes left out; 50
  for an entry whose only rounds are byes). The rank is 1 + the entries with a higher total
  + the entries with an equal total and a higher tie-break; "higher" and "equal" are to
  within 1E-9 (sums and averages of decimals), so equal totals with equal tie-breaks rank
  equal.

Techniques: the round VPs of an entry are ``SUMIFS`` over the home and away columns of the
round sheet, present when ``COUNTIFS`` finds the entry on an "ok" or "bye" row; VPs come
from :meth:`CardCells.vp_formula` (``LOOKUP`` of the margin, rounded to the card's step,
in the card's bounds); names from ``INDEX``; the rank from ``SUMPRODUCT`` masked with
``ISNUMBER``. The LibreOffice tests hold every number equal to
:mod:`xlbridge.scoring.scales.gaussian`.
"""

from xlbridge.workbooks.swiss_event.book import SwissEventBook, enter_entry, enter_table
from xlbridge.workbooks.swiss_event.build import build_swiss_event
from xlbridge.workbooks.swiss_event.sizes import most_rounds, size_warnings

__all__ = [
    "SwissEventBook",
    "build_swiss_event",
    "enter_entry",
    "enter_table",
    "most_rounds",
    "size_warnings",
]
