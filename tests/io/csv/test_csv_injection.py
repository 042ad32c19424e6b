"""No CSV the product writes holds a live formula: text that would start one gets an apostrophe.

Every writer is run on input whose names and ids start with =, +, -, @, a tab or a carriage
return: ``swiss draw -o``, ``score`` (to a file and to stdout), ``handicap update`` (register
and history). Numbers, negative ones included, stay numbers.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.cli.main import main
from xlbridge.io.csv.cells import FORMULA_STARTS, csv_cell, csv_text, unmarked

DANGEROUS = ["=1+1", "+A1", "-2+3", "@SUM(A1)", "\t=2+2", "\r=3+3", '=HYPERLINK("x")', "-"]


def _number(cell: str) -> bool:
    try:
        float(cell.replace(",", "."))
    except ValueError:
        return False
    return True


def _write_csv(path: Path, rows: list) -> None:
    """Input as a user's file holds it: plain CSV, formulas and all (no apostrophes)."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)  # Excel's line ends
    path.write_text(out.getvalue())


def _live_cells(text: str, delimiter: str = ",") -> list[str]:
    """Cells a spreadsheet would take for a formula (or that hide a leading tab/CR)."""
    rows = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    cells = [cell for row in rows for cell in row]
    return [c for c in cells if c.startswith(FORMULA_STARTS) and not _number(c)]


@pytest.mark.parametrize("text", DANGEROUS)
def test_formula_like_text_gets_an_apostrophe_and_reads_back(text: str) -> None:
    assert csv_cell(text) == "'" + text
    assert unmarked(csv_cell(text)) == text


@pytest.mark.parametrize("number", ["-3.5", "+2", "-0", "-1e3", "-0,5", "12", "-50"])
def test_numbers_stay_numbers(number: str) -> None:
    assert csv_cell(number) == number


@given(st.text(max_size=12))
def test_no_text_is_written_live_and_every_text_reads_back(text: str) -> None:
    written = csv_cell(text)
    assert not written.startswith(FORMULA_STARTS) or _number(written)
    assert unmarked(written) == text or (text.startswith("'") and text[1:2] in FORMULA_STARTS)
    assert not _live_cells(csv_text([[text, 1]]))


def test_swiss_draw_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    standings = [["team", "score"], *zip(DANGEROUS, range(8, 0, -1), strict=True)]
    _write_csv(tmp_path / "s.csv", standings)
    assert main(["swiss", "draw", str(tmp_path / "s.csv"), "-o", str(tmp_path / "d.csv")]) == 0
    written = (tmp_path / "d.csv").read_text()
    assert not _live_cells(written)
    names = {unmarked(c) for row in csv.reader(io.StringIO(written)) for c in row[1:]}
    assert {name.strip() for name in DANGEROUS} <= names  # every team is there, as typed


@pytest.mark.parametrize("to_file", [True, False])
def test_score_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str], to_file: bool) -> None:
    scores = (420, -50, 400, 90)
    pairs = zip(scores, DANGEROUS[:4], strict=True)
    rows = [[1, table, score, name] for table, (score, name) in enumerate(pairs, 1)]
    _write_csv(tmp_path / "t.csv", [["board", "table", "ns_score", "ns_pair"], *rows])
    output = ["-o", str(tmp_path / "out.csv")] if to_file else []
    assert main(["score", str(tmp_path / "t.csv"), *output]) == 0
    written = (tmp_path / "out.csv").read_text() if to_file else capsys.readouterr().out
    assert not _live_cells(written)
    table = list(csv.DictReader(io.StringIO(written)))
    assert [row["ns_score"] for row in table] == ["420", "-50", "400", "90"]
    assert any(row["ew_mp"].startswith("-") or row["ns_mp"] for row in table)
    assert [unmarked(row["ns_pair"]) for row in table] == [n.strip() for n in DANGEROUS[:4]]


def test_handicap_register_and_history(tmp_path: Path) -> None:
    ids = ["=A1", "@B2", "-C3", "=D4"]  # ("+" separates the players of an entry)
    (tmp_path / "p.csv").write_text(
        "id,name,handicap\n"
        + "".join(f"{i},{name},20\n" for i, name in zip(ids, DANGEROUS[:4], strict=True))
    )
    (tmp_path / "r.csv").write_text(
        "competition,date,boards,players,result\n"
        f"=cmd|x,2026-11-03,24,'{ids[0]} '{ids[1]},60\n"
        f"=cmd|x,2026-11-03,24,'{ids[2]} '{ids[3]},40\n"
    )
    args = [
        "handicap",
        "update",
        "--register",
        str(tmp_path / "p.csv"),
        "--results",
        str(tmp_path / "r.csv"),
    ]
    assert main(args) == 0
    register = (tmp_path / "p.csv").read_text()
    history = (tmp_path / "p-history.csv").read_text()
    assert not _live_cells(register) and not _live_cells(history)
    assert register.count("\n") == 5  # the ids were matched: nobody added
    deltas = [row["delta"] for row in csv.DictReader(io.StringIO(history))]
    assert sum(d.startswith("-") for d in deltas) == 2  # negative numbers stay numbers
    assert main(args) == 0  # the competition "=cmd|x" is found in the history again
    assert (tmp_path / "p.csv").read_text() == register
