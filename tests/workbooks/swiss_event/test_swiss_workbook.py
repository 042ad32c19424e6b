"""The Swiss loop on an event workbook: `xlbridge swiss draw EVENT.xlsx` round after round.

A workbook made by `xlbridge template` gets names typed by the test; then, round by round, the
command draws the next round into its sheet and the test types random results into it (with
openpyxl, as a director types them). Every typed cell must be unchanged by each draw, the file
before each draw must survive as the backup, and each draw must pair every entry present once
with no repeat meeting. The standings the command draws from are the core's VPs of the typed
results, and LibreOffice's Standings sheet must agree with them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
import workbook_checks as checks
from openpyxl import load_workbook

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.workbooks.swiss_event import build_swiss_event, enter_entry
from xlbridge.workbooks.swiss_event.book import ENTRIES_SHEET, MAX_IMPS, STANDINGS_SHEET
from xlbridge.workbooks.swiss_event.loop import read_event, scores

TRICKY = ("=SUM(A1:A2)", "+44 Bridge", "-Minus Club", "@Home", "Smith & Jones", "1E3")


def typed_cells(path: Path) -> dict[tuple[str, str], tuple[Any, str]]:
    """Every unlocked (input) cell holding something: (sheet, cell) → (value, type)."""
    workbook = load_workbook(path)
    typed = {}
    for ws in workbook.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.protection.locked is False and cell.value is not None:
                    typed[ws.title, cell.coordinate] = (cell.value, cell.data_type)
    return typed


def make_event(tmp_path: Path, name: str, args: list[str], names: dict[int, str], **kw) -> Path:
    path = tmp_path / "event.xlsx"
    assert main(["template", name, "-o", str(path), *args]) == 0
    book = build_swiss_event(form=name.split("-")[1], **kw)  # the same layout, to type into
    workbook = load_workbook(path)
    book_cells = {e: book.entries_cell("name", e) for e in names}
    for entry, text in names.items():
        cell = workbook[ENTRIES_SHEET][book_cells[entry]]
        cell.value, cell.data_type = text, "s"
    workbook.save(path)
    return path


def draw_round(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    before = path.read_bytes()
    typed = typed_cells(path)
    capsys.readouterr()
    assert main(["swiss", "draw", str(path)]) == 0
    out = capsys.readouterr().out
    number = int(out.splitlines()[0].split()[1])
    backups = sorted(path.parent.glob(f"event.before-round-{number}*.xlsx"))
    assert backups and backups[-1].read_bytes() == before  # the file as it was
    after = typed_cells(path)
    for key, value in typed.items():
        assert after[key] == value, key  # typed cells untouched
    return number, out


def tables_of(path: Path, number: int) -> list[tuple[int, int | None, Any]]:
    event, _, _ = read_event(path)
    return [(t.home, t.away, t.margin) for t in event.tables[number]]


def type_results(path: Path, number: int, rng: np.random.Generator, form: str) -> None:
    event, workbook, book = read_event(path)
    ws = workbook[book.round_sheet(number)]
    for t in event.tables[number]:
        if t.away is None:
            continue
        if form == "teams":
            margin: float = int(rng.integers(-60, 61))
        else:
            margin = round(float(rng.uniform(20, 80)), 2)
        ws[book.round_cell("home_margin", t.table)] = margin
    workbook.save(path)


def test_swiss_teams_loop_over_five_rounds(
    libreoffice, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """24 teams: draw → random results → draw, five times; then LibreOffice's standings."""
    names = {e: f"{TRICKY[e % len(TRICKY)]} {e}" for e in range(1, 25)}
    names[1] = "=SUM(A1:A2)"
    names[2] = "A team with a forty-character long name!"
    path = make_event(
        tmp_path, "swiss-teams", ["--teams", "24", "--rounds", "7"], names, teams=24, rounds=7
    )
    rng = np.random.default_rng(5)
    met: set[frozenset[int]] = set()
    for expected_round in range(1, 6):
        number, out = draw_round(path, capsys)
        assert number == expected_round
        assert "repeat meetings: 0" in out and "; teams floated to another score:" in out
        tables = tables_of(path, number)
        assert len(tables) == 12 and all(margin is None for _, _, margin in tables)
        seated = [e for home, away, _ in tables for e in (home, away)]
        assert sorted(seated) == list(range(1, 25))  # everyone once
        pairs = {frozenset((h, a)) for h, a, _ in tables if a is not None}
        assert not pairs & met  # nobody meets twice
        met |= pairs
        type_results(path, number, rng, "teams")
    event, _, book = read_event(path)
    assert {n for n in range(1, 8) if event.tables[n]} == {1, 2, 3, 4, 5}
    totals = scores(event)
    values = checks.recalculated(libreoffice, load_workbook(path), tmp_path / "recalc.xlsx")
    standings = values[STANDINGS_SHEET]
    for entry in range(1, 25):
        got = standings[book.standings_cell("total", entry)].value
        assert got == pytest.approx(totals[entry], abs=1e-9), entry
    # The top of the draw is the score order: table 1 of round 6 seats the leaders.
    number, out = draw_round(path, capsys)
    home, away, _ = tables_of(path, number)[0]
    best = max(totals.values())
    assert max(totals[home], totals[away]) == best


def test_swiss_pairs_loop_with_a_bye_and_late_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """9 pairs, one entering at round 3: byes in rounds 1-2 (8 present) and none twice."""
    names = {e: f"Pair {e}" for e in range(1, 10)}
    path = make_event(
        tmp_path, "swiss-pairs", ["--teams", "9", "--rounds", "4"], names, teams=9, rounds=4
    )
    book = build_swiss_event(form="pairs", teams=9, rounds=4)
    workbook = load_workbook(path)
    workbook[ENTRIES_SHEET][book.entries_cell("enters", 9)] = 3
    workbook[ENTRIES_SHEET][book.entries_cell("name", 8)] = None  # pair 8 withdrew before play
    workbook.save(path)
    rng = np.random.default_rng(2)
    byes = []
    for number in range(1, 5):
        drawn, out = draw_round(path, capsys)
        assert drawn == number
        assert "; pairs floated to another score:" in out and "teams" not in out
        tables = tables_of(path, number)
        seated = sorted(e for h, a, _ in tables for e in (h, a) if e is not None)
        present = [e for e in range(1, 10) if e != 8 and (e != 9 or number >= 3)]
        assert seated == present
        byes += [h for h, a, _ in tables if a is None]
        type_results(path, number, rng, "pairs")
    assert len(byes) == len(set(byes)) == 2  # 7 pairs in rounds 1 and 2, then 8
    event, _, _ = read_event(path)
    assert scores(event)[9] >= 17 - 4 + 3  # entry VPs at round 3 of 4: add − rounds + 3


# --------------------------------------------------------------------------------------------
# Refusals: one line, exit 2, the file unchanged and no backup


def refused(path: Path, capsys: pytest.CaptureFixture[str], message: str) -> None:
    before = path.read_bytes() if path.exists() else None
    capsys.readouterr()
    assert main(["swiss", "draw", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err
    if before is not None:
        assert path.read_bytes() == before
    assert not list(path.parent.glob("*.before-round-*"))


def test_an_unfinished_round_is_refused(tmp_path: Path, capsys) -> None:
    names = {e: f"Team {e}" for e in range(1, 7)}  # entries without a name are not drawn
    path = make_event(
        tmp_path, "swiss-teams", ["--teams", "6", "--rounds", "3"], names, teams=6, rounds=3
    )
    assert main(["swiss", "draw", str(path)]) == 0
    for backup in tmp_path.glob("*.before-round-*"):
        backup.unlink()
    refused(path, capsys, "Round 1 table 1 has no result yet")


@pytest.mark.parametrize(
    ("cell", "value", "message"),
    [
        ("F3", "ten", "Round 1!F3: the IMP margin must be a whole number"),
        ("F3", 2.5, "Round 1!F3: the IMP margin must be a whole number"),
        ("F3", MAX_IMPS + 1, "Round 1!F3: the IMP margin must be a whole number"),
        ("B3", 7, "Round 1!B3: entry number must be a whole number from 1 to 6, got 7"),
        ("B3", True, "Round 1!B3: entry number must be a whole number"),
        ("D3", 1, "Round 1!B3: entry 1 cannot play itself"),
        ("D4", 1, "Round 1!D4: entry 1 is drawn twice in round 1"),
    ],
)
def test_bad_typed_cells_are_named(tmp_path: Path, capsys, cell: str, value, message) -> None:
    path = make_event(
        tmp_path, "swiss-teams", ["--teams", "6", "--rounds", "3"], {}, teams=6, rounds=3
    )
    workbook = load_workbook(path)
    ws = workbook["Round 1"]
    for row, (home, away) in enumerate(((1, 2), (3, 4), (5, 6)), start=3):
        ws[f"B{row}"], ws[f"D{row}"], ws[f"F{row}"] = home, away, 0
    ws[cell] = value
    workbook.save(path)
    refused(path, capsys, message)


def test_a_workbook_that_is_not_a_swiss_event_is_refused(tmp_path: Path, capsys) -> None:
    path = tmp_path / "match.xlsx"
    assert main(["template", "teams-match", "-o", str(path)]) == 0
    refused(path, capsys, "not a Swiss event workbook")
    damaged = tmp_path / "damaged.xlsx"
    damaged.write_bytes(b"PK\x03\x04 not really a workbook")
    refused(damaged, capsys, "damaged.xlsx: not an .xlsx workbook")


def test_every_round_drawn_is_refused(tmp_path: Path, capsys) -> None:
    names = {e: f"Team {e}" for e in range(1, 5)}
    path = make_event(
        tmp_path, "swiss-teams", ["--teams", "4", "--rounds", "1"], names, teams=4, rounds=1
    )
    assert main(["swiss", "draw", str(path)]) == 0
    for backup in tmp_path.glob("*.before-round-*"):
        backup.unlink()
    refused(path, capsys, "Round 1 table 1 has no result yet")
    workbook = load_workbook(path)
    workbook["Round 1"]["F3"] = workbook["Round 1"]["F4"] = 3
    workbook.save(path)
    refused(path, capsys, "every round (1) is drawn already")


def test_reader_errors_are_input_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not a Swiss event workbook"):
        path = tmp_path / "plain.xlsx"
        book = build_swiss_event(teams=4, rounds=2)
        enter_entry(book, 1, "x")
        del book.workbook.defined_names["SWISS_FORM"]
        book.workbook.save(path)
        read_event(path)


def test_a_withdrawn_entry_is_left_out_of_later_draws(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Team 3's name is cleared after round 1: round 2 seats the other five and a bye."""
    names = {e: f"Team {e}" for e in range(1, 7)}
    path = make_event(
        tmp_path, "swiss-teams", ["--teams", "6", "--rounds", "3"], names, teams=6, rounds=3
    )
    draw_round(path, capsys)
    type_results(path, 1, np.random.default_rng(1), "teams")
    book = build_swiss_event(form="teams", teams=6, rounds=3)
    workbook = load_workbook(path)
    workbook[ENTRIES_SHEET][book.entries_cell("name", 3)] = None
    workbook.save(path)
    assert draw_round(path, capsys)[0] == 2
    seated = sorted(e for h, a, _ in tables_of(path, 2) for e in (h, a) if e is not None)
    assert seated == [1, 2, 4, 5, 6]
    assert sum(a is None for _, a, _ in tables_of(path, 2)) == 1  # five entries: a bye


@pytest.mark.parametrize(
    ("args", "kw", "expected_scale"),
    [
        (["--scale", "wbf-discrete"], {"scale": "wbf-discrete"}, ("wbf-discrete", None)),
        (["--bounds", "white-book"], {"bounds": "white-book"}, ("gaussian", "white-book")),
    ],
)
def test_the_loop_scores_on_the_workbook_s_own_card(
    tmp_path: Path, capsys, args: list[str], kw: dict[str, str], expected_scale
) -> None:
    """A Swiss made on the WBF discrete table (or White Book bounds) is scored on that card
    when the next round is drawn, not on the default Gaussian one."""
    from xlbridge.scoring.scales.choice import choose_scale

    names = {e: f"Team {e}" for e in range(1, 9)}
    path = make_event(
        tmp_path,
        "swiss-teams",
        ["--teams", "8", "--rounds", "3", *args],
        names,
        teams=8,
        rounds=3,
        **kw,
    )
    draw_round(path, capsys)
    type_results(path, 1, np.random.default_rng(5), "teams")
    event, _, _ = read_event(path)
    assert (event.scale, event.k if expected_scale[1] is None else event.bounds) == expected_scale
    card = (
        choose_scale(8, "wbf-discrete")
        if event.scale == "wbf-discrete"
        else choose_scale(8, k=6.5, form="teams", bounds="white-book")
    )
    total = dict.fromkeys(range(1, 9), 0.0)
    for t in event.tables[1]:
        total[t.home] += float(card.vp(t.margin))
        total[t.away] += float(card.vp(-t.margin))
    assert scores(event) == pytest.approx(total)
    # 8 boards on the discrete table: 39 IMPs is 20-0 where the Gaussian card gives it at 31.
    if event.scale == "wbf-discrete":
        assert float(card.vp(35)) == 19.0
    draw_round(path, capsys)


def test_every_bad_cell_of_the_rounds_in_one_run(tmp_path: Path, capsys) -> None:
    """Three tables typed wrong: three lines, in the order of the sheet's rows."""
    path = make_event(
        tmp_path, "swiss-teams", ["--teams", "6", "--rounds", "3"], {}, teams=6, rounds=3
    )
    workbook = load_workbook(path)
    ws = workbook["Round 1"]
    for row, (home, away, margin) in enumerate(((1, 2, "ten"), (3, 3, 0), (5, 6, 2.5)), start=3):
        ws[f"B{row}"], ws[f"D{row}"], ws[f"F{row}"] = home, away, margin
    workbook.save(path)
    assert main(["swiss", "draw", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert [line.split(": ")[3] for line in err] == ["Round 1!F3", "Round 1!B4", "Round 1!F5"]
    assert "entry 3 cannot play itself" in err[1]
    assert not list(path.parent.glob("*.before-round-*"))
