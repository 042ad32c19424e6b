"""``xlbridge session EVENING.xlsx`` on random typed evenings: the same ranking as the
workbook's own formulas recalculated by LibreOffice, and as ``session`` on the same lines
written as a traveller CSV.

The evenings come from the pairs-session workbook's own tests (every notation of contract,
NS scores, adjusted scores, NP, boards played fewer times); all the workbooks are
recalculated in one LibreOffice run.
"""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest
from libreoffice import read_values, recalculate_many
from test_pairs_session import Line, fill, random_evening
from workbook_checks import blank, type_in

from xlbridge.cli.main import main
from xlbridge.workbooks.pairs_session import build_pairs_session
from xlbridge.workbooks.pairs_session.book import PAIRS, PAIRS_SHEET

#: (movement, pairs, boards, seed) of each evening.
EVENINGS = [("mitchell", 16, 14, 11), ("howell", 13, 12, 5), ("mitchell", 11, 6, 29)]


def _csv(lines: list[Line], path: Path) -> None:
    """The lines as a traveller CSV: the typed cells under the CSV reader's column names."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["board", "ns_pair", "ew_pair", "contract", "declarer", "result", "score"])
        for line in lines:
            out.writerow(["" if v is None else v for v in line.values()])


def _ranking(path: Path) -> dict[tuple[str, str], tuple[str, float, float]]:
    """(direction, pair) -> (place, score, percentage) from a --ranking CSV."""
    with path.open(encoding="utf-8") as handle:
        return {
            (row["direction"], row["pair"]): (
                row["place"],
                float(row["score"]),
                float(row["percentage"]),
            )
            for row in csv.DictReader(handle)
        }


def _session(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["session", *args])
    err = capsys.readouterr().err
    assert code == 0, err


def test_typed_evenings_equal_formulas_and_csv(
    libreoffice, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    books, paths = [], []
    for number, (movement, pairs, boards, seed) in enumerate(EVENINGS):
        book = build_pairs_session(pairs=pairs, boards=boards, movement=movement)
        lines = random_evening(seed, book)
        fill(book, lines)
        type_in(book.workbook[PAIRS_SHEET], {f"{PAIRS['name']}{book.pair_row(1)}": "=Ann & Bo"})
        path = tmp_path / f"evening{number}.xlsx"
        book.workbook.save(path)
        _csv(lines, tmp_path / f"evening{number}.csv")
        books.append((book, lines))
        paths.append(path)
    recalculated = recalculate_many(libreoffice, paths)
    for (book, _), path, values_path in zip(books, paths, recalculated, strict=True):
        ours = path.with_suffix(".ranking.csv")
        _session([str(path), "--ranking", str(ours)], capsys)
        from_csv = path.with_suffix(".csv.ranking.csv")
        winners = ["--winners", "2"] if book.is_mitchell else []
        _session([str(path.with_suffix(".csv")), *winners, "--ranking", str(from_csv)], capsys)
        got = _ranking(ours)
        assert got == _ranking(from_csv)
        sheet = read_values(values_path)[PAIRS_SHEET]
        formulas = {}
        for direction, number, row in book.pair_rows():
            cells = {key: sheet[f"{PAIRS[key]}{row}"].value for key in ("mp", "percent", "place")}
            if not blank(cells["mp"]):
                formulas[(direction, str(number))] = (
                    cells["place"],
                    cells["mp"],
                    cells["percent"],
                )
        assert set(got) == set(formulas)
        for key, (place, mp, percent) in formulas.items():
            assert got[key][0] == place, key
            assert got[key][1] == pytest.approx(mp, abs=1e-4), key
            assert got[key][2] == pytest.approx(percent, abs=0.00501), key
        # Saved by a spreadsheet, the workbook carries its own results: --compare agrees.
        assert main(["session", str(values_path), "--compare"]) == 0
        assert "agree against the workbook's formulas" in capsys.readouterr().out
    # Scored 1 per win, every matchpoint differs from the workbook's 2 per win: exit 3.
    assert main(["session", str(recalculated[0]), "--compare", "--method", "acbl"]) == 3
    assert "NS matchpoints" in capsys.readouterr().out
    # Filled in by a program, it has no results of its own to compare with.
    assert main(["session", str(paths[0]), "--compare"]) == 2
    assert "holds no calculated results of its own" in capsys.readouterr().err


def test_names_and_winners_come_from_the_workbook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Mitchell's two rankings and its typed names, without any option; --winners 1 ranks
    both directions together as 1NS, 1EW …"""
    book = build_pairs_session(pairs=8, boards=4, movement="mitchell")
    rng = np.random.default_rng(3)
    lines = [
        Line(board, t, 1 + (t + board) % 4, entered=int(rng.choice([420, 450, -50, 100])))
        for board in range(1, 5)
        for t in range(1, 5)
    ]
    fill(book, lines)
    type_in(book.workbook[PAIRS_SHEET], {f"{PAIRS['name']}{book.pair_row(2, 'EW')}": "Cy & Di"})
    path = tmp_path / "EVENING.xlsx"
    book.workbook.save(path)
    assert main(["session", str(path)]) == 0
    out = capsys.readouterr().out
    assert "NS pairs" in out and "EW pairs" in out and "Cy & Di" in out
    assert main(["session", str(path), "--winners", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("All pairs") and "2EW" in out and "Cy & Di" in out
