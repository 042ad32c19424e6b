"""A matchpointed pairs session: type the travellers, read scores, matchpoints and a ranking.

For scorers who stay in the spreadsheet: every number follows by formulas in the Excel 2010
function set, no Python needed. Sheets (title in row 1, headings frozen and printed on every
page, inputs unlocked and tinted, everything else locked behind sheet protection without a
password):

Pair numbers: a Howell numbers its pairs 1 to N; a Mitchell numbers each direction from 1 to
the number of tables T (NS 3 and EW 3 are two pairs), as club travellers do.

- **Traveller** — one row per traveller line, in any order, room for every time a board can
  be played (boards × pairs ÷ 2). The scorer types the board, the NS and EW pair numbers and
  then either a contract (``4S``, ``4♠``, ``3NT``, ``3N``, ``4HX``, ``4H*``, ``2DXX``,
  ``PASS``) with the declarer (N, E, S, W) and the tricks declarer took (0–13), or an NS
  score, or an artificial adjusted score (Law 12C2: ``A60/40``, ``A6040``, ``A+/A-``,
  ``A=/A=``, ``A-/A-`` …; + is 60 %, = 50 %, - 40 % of the top), or ``NP`` (not played).
  A contract typed together with a score must agree with it. The row shows the board's
  vulnerability, the NS score of the contract (Law 77), both sides' matchpoints and a Check
  cell: "ok", "not played", or what is wrong — a board or pair number out of range, the same
  pair on both sides (Howell), a pair on two lines of one board, a contract that cannot be
  read, a declarer that is not N/E/S/W, tricks outside 0–13, a score that is not a multiple
  of 10 or does not match the contract, an error value in a cell, a lone result on a board
  (nothing to compare it with). Such a row scores nothing. Built from a movement
  (``plan``), the Traveller lists every line the movement produces, in board order, with
  the board, round, table and pair numbers typed in (the Round and Table columns are hidden
  otherwise): the scorer types only the results.
- **Boards** — per board: dealer, vulnerability, results, adjusted scores, lines not played
  and the lines that count; above them E, the lines of the most-played board, and the top
  2(E − 1) every board is scored to.
- **Pairs** — per pair (a Mitchell's NS pairs, then its EW pairs): names (input), where the
  pair sat, boards, matchpoints, top, percentage and place (``3=`` for a tie; ties are
  equal percentages to two decimals).
- **Ranking** — the pairs sorted by percentage (equal ones by pair number), one list for a
  Howell, a North-South and an East-West list for a Mitchell; rows of pairs not yet scored
  stay blank.

Matchpoints (2 per win): a board's results are matchpointed among themselves,
MP = 2·(results below) + (results equal, itself included) − 1, then factored by Neuberg to E,
MP' = (MP + 1)·E/A − 1, so every board has the same top 2(E − 1); an adjusted score is not
part of the field and gets its share of that top; EW's matchpoints are the top less NS's. A
pair's percentage is its total over the tops of the boards it has a scored line on.

Techniques: the contract is read and scored in hidden working columns
(:mod:`xlbridge.workbooks.kit.contract_formulas`); matchpoints are COUNTIFS over the traveller
column of the lines that count; pair totals are SUMIFS; a pair's place is 1 + the pairs of its
list with a higher percentage (SUMPRODUCT), its position that plus the equal ones with a lower
number, and the Ranking sheet finds position k with MATCH.
"""

from xlbridge.workbooks.pairs_session.book import PairsSessionBook
from xlbridge.workbooks.pairs_session.build import build_pairs_session

__all__ = ["PairsSessionBook", "build_pairs_session"]
