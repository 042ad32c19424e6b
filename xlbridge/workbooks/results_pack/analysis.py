"""A board's double-dummy analysis on its traveller in the results pack (see :mod:`.boards`).

Under the hand diagram: a small table of the tricks each declarer (N, S, E, W) makes in each
strain (NT, ♠, ♥, ♦, ♣) and, beside it, the par score and contracts. Each traveller line gets a
"vs DD" value: the tricks taken minus the double-dummy tricks of its contract and declarer
(blank for a line with no contract played).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlbridge.scoring.double_dummy import STRAINS, SYMBOLS, TABLE_ORDER
from xlbridge.workbooks.results_pack.sheet import CENTER, FIT_LEFT, Col, PackSheet

if TYPE_CHECKING:
    from xlbridge.scoring.double_dummy import BoardAnalysis
    from xlbridge.scoring.session import ScoredLine

#: The traveller column of each line's tricks against double dummy ("+1", "0", "-2").
DD_COLUMN = Col("dd", "vs DD", 6, "+0;-0;0")
DD_NOTE = (
    "DD: the tricks each declarer makes in each strain double dummy; vs DD: tricks taken "
    "minus those; par: the result when both sides bid and play perfectly."
)
#: Columns the table takes: the declarer and five strains.
TABLE_COLUMNS = 6


def write_analysis(sheet: PackSheet, analysis: BoardAnalysis) -> None:
    """The table's heading row (par beside it), then a row per declarer."""
    width = len(sheet.columns)
    heading = [(1, 1, "DD", CENTER)]
    heading += [(j, j, SYMBOLS[s], CENTER) for j, s in enumerate(STRAINS, start=2)]
    sheet.spans([*heading, (TABLE_COLUMNS + 1, width, analysis.par_text, FIT_LEFT)])
    for seat in TABLE_ORDER:
        row = [(1, 1, seat, CENTER)]
        row += [
            (j, j, str(analysis.table[seat][strain]), CENTER)
            for j, strain in enumerate(STRAINS, start=2)
        ]
        sheet.spans(row)


def against_dd(line: ScoredLine, analysis: BoardAnalysis | None) -> int | None:
    """The line's tricks taken minus double dummy's for its contract and declarer; None when
    there is no analysis or no played contract."""
    if analysis is None or line.tricks < 0 or line.declarer not in TABLE_ORDER:
        return None
    strain = line.contract[1:].rstrip("X")
    if not line.contract[:1].isdigit() or strain not in SYMBOLS:
        return None
    return analysis.against(strain, line.declarer, line.tricks)
