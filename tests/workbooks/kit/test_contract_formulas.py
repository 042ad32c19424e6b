"""The spreadsheet formulas that read and score contracts, recalculated by LibreOffice.

Every contract (7 levels × 5 strains × undoubled, doubled, redoubled × not vulnerable and
vulnerable × 0–13 tricks) must score as :func:`xlbridge.scoring.contract.declarer_score`; the
notations met on travellers, typed into the pairs-session workbook, as
:func:`xlbridge.scoring.contract.contract_scores` on every board's vulnerability; adjusted scores
as :func:`xlbridge.scoring.session.parse_adjusted`.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
import workbook_checks as checks
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from xlbridge.scoring.contract import contract_scores, declarer_score
from xlbridge.scoring.session import parse_adjusted
from xlbridge.workbooks.kit import contract_formulas as cf
from xlbridge.workbooks.pairs_session import build_pairs_session
from xlbridge.workbooks.pairs_session.book import TRAVELLER, TRAVELLER_SHEET

LEVELS, STRAINS, DOUBLINGS, VULNERABLE, TRICKS = range(1, 8), range(5), range(3), (0, 1), range(14)


def test_every_contract_scores_as_law_77(libreoffice, tmp_path: Path) -> None:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    cases = list(itertools.product(LEVELS, STRAINS, DOUBLINGS, VULNERABLE, TRICKS))
    for row, (level, strain, doubled, vulnerable, tricks) in enumerate(cases, start=1):
        # The formulas number strains from 1 (clubs) and write doubling as 1, 2, 4.
        sheet.append([level, strain + 1, 2**doubled, tricks, vulnerable])
        sheet[f"F{row}"] = "=" + cf.declarer_score(
            f"A{row}", f"B{row}", f"C{row}", f"D{row}", f"E{row}"
        )
    values = checks.recalculated(libreoffice, workbook, tmp_path / "contracts.xlsx").active
    # declarer_score(level, strain, doubled, vulnerable, tricks), column by column
    expected = declarer_score(*(list(column) for column in zip(*cases, strict=True)))
    got = [values[f"F{row}"].value for row in range(1, len(cases) + 1)]
    assert got == expected.tolist()
    # The checks of the Laws' scoring table, by hand: 4S= +420 / +620, 7NTxx= vul. +2980,
    # 4Hx-3 -500 / -800, 1NTx= +180, 2Dxx+1 +760.
    where = {case: row for row, case in enumerate(cases, start=1)}
    for case, score in {
        (4, 3, 0, 0, 10): 420,
        (4, 3, 0, 1, 10): 620,
        (7, 4, 2, 1, 13): 2980,
        (4, 2, 1, 0, 7): -500,
        (4, 2, 1, 1, 7): -800,
        (1, 4, 1, 0, 7): 180,
        (2, 1, 2, 0, 9): 760,
        (3, 4, 0, 0, 10): 430,
        (6, 0, 0, 1, 12): 1370,
    }.items():
        assert values[f"F{where[case]}"].value == score, case


def spellings() -> st.SearchStrategy[tuple[str, str, int, int]]:
    """A contract as a scorer might type it, a declarer, the tricks and a board."""
    strain = st.sampled_from(
        ["C", "c", "♣", "D", "♦", "H", "h", "♥", "S", "s", "♠", "NT", "nt", "N", "n", "Nt"]
    )
    doubling = st.sampled_from(["", "X", "x", "*", "XX", "xx", "**", "Xx"])
    contract = st.builds(
        lambda level, gap, strain, doubling, pad: f"{pad}{level}{gap}{strain}{doubling}{pad}",
        st.integers(1, 7),
        st.sampled_from(["", " "]),
        strain,
        doubling,
        st.sampled_from(["", " "]),
    )
    passed = st.sampled_from(["PASS", "pass", "P", "AP", "Pass"])
    return st.tuples(
        st.one_of(contract, passed),
        st.sampled_from(["N", "E", "S", "W", "n", "e", "s", "w"]),
        st.integers(0, 13),
        st.integers(1, 32),
    )


def typed_lines(book: Any, lines: list[tuple[Any, ...]]) -> None:
    sheet = book.workbook[TRAVELLER_SHEET]
    typed = {}
    for number, values in enumerate(lines, start=1):
        row = book.line_row(number)
        for key, value in zip(
            ("contract", "by", "tricks", "board", "entered"), values, strict=False
        ):
            typed[f"{TRAVELLER[key]}{row}"] = value
    checks.type_in(sheet, typed)


# Each example is one LibreOffice recalculation of 60 lines: few examples, and no shrinking
# (a failure prints its 60 lines).
@settings(
    max_examples=3,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.lists(spellings(), min_size=60, max_size=60))
def test_typed_contracts_score_as_the_core(
    libreoffice, tmp_path_factory: pytest.TempPathFactory, lines: list[tuple[Any, ...]]
) -> None:
    """Contracts typed in any notation, on boards of every vulnerability (the working column
    that holds the contract's NS score)."""
    book = build_pairs_session(pairs=4, boards=32, movement="howell")
    assert book.lines >= len(lines)
    typed = [
        (contract, None, None, board)
        if contract.strip().upper() in cf.PASSED_OUT
        else (contract, by, tricks, board)
        for contract, by, tricks, board in lines
    ]
    typed_lines(book, typed)
    path = tmp_path_factory.mktemp("contracts") / "pairs.xlsx"
    values = checks.recalculated(libreoffice, book.workbook, path)[TRAVELLER_SHEET]
    contracts, bys, tricks, boards = zip(*typed, strict=True)
    expected = contract_scores(list(contracts), list(bys), list(tricks), list(boards))
    got = [
        values[f"{TRAVELLER['contract_score']}{book.line_row(n)}"].value
        for n in range(1, len(lines) + 1)
    ]
    assert got == expected.tolist()


ADJUSTED = [
    "A60/40",
    "A40/60",
    "A50/50",
    "A40/40",
    "A60/60",
    "A6040",
    "A4060",
    "a60/40",
    "A60 / 40",
    "A+/A-",
    "A-/A+",
    "A=/A=",
    "A-/A-",
    "A+/A+",
    "A+/A=",
    "a+/a-",
    "A−/A+",
]
# Not artificial adjusted scores (each side 60, 50 or 40 %), as every reader of the program
# refuses them: the workbook leaves the shares blank and its Check column says so.
NOT_ADJUSTED = [
    *("A70", "A120/40", "A60/140", "A", "A/", "AB/CD", "A60/", "A-60/40", "A6O/40"),
    *("A100/0", "A0/100", "A70/30", "A55/45", "A60/40.5", "A7030"),
]


def test_adjusted_scores_read_as_the_core(libreoffice, tmp_path: Path) -> None:
    book = build_pairs_session(pairs=20, boards=4, movement="howell")
    assert book.lines >= len(ADJUSTED + NOT_ADJUSTED)
    typed_lines(book, [(None, None, None, 1, text) for text in ADJUSTED + NOT_ADJUSTED])
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "pairs.xlsx")
    sheet = values[TRAVELLER_SHEET]
    for number, text in enumerate(ADJUSTED + NOT_ADJUSTED, start=1):
        row = book.line_row(number)
        shares = (
            sheet[f"{TRAVELLER['ns_share']}{row}"].value,
            sheet[f"{TRAVELLER['ew_share']}{row}"].value,
        )
        if text in ADJUSTED:
            adjusted = parse_adjusted(text)
            assert adjusted is not None
            assert shares == (adjusted.ns_percent, adjusted.ew_percent), text
        else:
            assert checks.blank(shares[0]) or checks.blank(shares[1]), text
