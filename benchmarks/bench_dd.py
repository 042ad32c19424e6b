"""Workload 11: double-dummy analysis of a session's 36 boards in one batch.

    python benchmarks/bench_dd.py [--quick]

``xlbridge.scoring.double_dummy.analyse`` of 36 boards (tables, par and our structures, the
cache emptied before each run so every deal is solved) against endplay's own batch call
(``calc_all_tables``) on the same deals in the same run: at most 1.2×. The deals are the first
36 of DDS's published test deals kept under tests/scoring/data/dds. Needs the optional extra
(endplay); without it the line is skipped with a notice.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
from bench_common import Line, Sizes, interleaved, script_main

BOARDS = 36
DEALS = Path(__file__).resolve().parents[1] / "tests/scoring/data/dds/list100_subset.txt"


def deals() -> list[str]:
    """The first 36 deals of the DDS test file (PBN, from the seat each names)."""
    found = re.findall(r'^PBN .*"(.+)"', DEALS.read_text(), flags=re.MULTILINE)
    return found[:BOARDS]


def lines(sizes: Sizes) -> list[Line]:
    """Workload 11: our batch analysis against endplay's batch call on the same deals."""
    from xlbridge.scoring import double_dummy

    if not double_dummy.available():
        print("notice: endplay (pip install 'xlbridge[dd]') is missing; bench_dd is skipped")
        return []
    from endplay.dds import calc_all_tables
    from endplay.types import Deal

    dealt = [double_dummy.DealtBoard(board, deal) for board, deal in enumerate(deals(), 1)]

    def ours() -> object:
        double_dummy.clear_cache()
        return double_dummy.analyse(dealt)

    def theirs() -> object:
        return calc_all_tables([Deal(board.deal) for board in dealt])

    mine = ours()
    tables = [table.to_list() for table in theirs()]  # type: ignore[attr-defined]
    strains = ("S", "H", "D", "C", "NT")
    for board, table in zip(dealt, tables, strict=True):
        got = mine[board.board].table  # type: ignore[index]
        expected = {
            seat: {s: table[d][p] for d, s in enumerate(strains)} for p, seat in enumerate("NESW")
        }
        assert got == expected, f"board {board.board}: {got} != {expected}"
    ours_s, theirs_s = interleaved(ours, theirs, max(3, sizes.repeats // 2))
    case = f"{BOARDS} boards, tables and par"
    return [Line("DD batch vs endplay", case, ours_s, "endplay calc_all_tables", theirs_s, "limit")]


if __name__ == "__main__":
    sys.exit(script_main(lines, __doc__))
