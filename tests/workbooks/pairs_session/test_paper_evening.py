"""The paper club's evening end to end, as a scorer runs it from the command line: a movement,
the pairs-session workbook pre-filled from it, contracts typed in (by openpyxl, as a scorer
types them), ``xlbridge session EVENING.xlsx`` with a results pack. Its ranking equals
``session`` on the same lines written as a traveller CSV, and the workbook's own formulas as
LibreOffice recalculates them (both evenings in one LibreOffice run)."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest
from libreoffice import read_values, recalculate_many
from openpyxl import load_workbook
from test_session_workbook_evenings import _ranking
from workbook_checks import blank, type_in

from xlbridge.cli.main import main
from xlbridge.workbooks.pairs_session.book import PAIRS, PAIRS_SHEET, TRAVELLER, TRAVELLER_SHEET

#: (movement command, how the pairs are known in the ranking CSV) of each evening.
EVENINGS = {
    "mitchell": ["movement", "mitchell", "--tables", "5", "--boards-per-round", "2"],
    "howell": ["movement", "howell", "--pairs", "7", "--boards-per-round", "2"],
}
CONTRACTS = (("4S", 10), ("3NT", 9), ("2H", 8), ("1NT", 7), ("5D", 11), ("4HX", 10), ("PASS", 0))


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def _type_contracts(path: Path, seed: int) -> list[list[object]]:
    """Type a contract, declarer and tricks on every pre-filled line (one an adjusted score);
    the lines as traveller CSV rows."""
    workbook = load_workbook(path)
    sheet = workbook[TRAVELLER_SHEET]
    rng = random.Random(seed)
    typed: dict[str, object] = {}
    rows: list[list[object]] = []
    row = 4
    while sheet[f"{TRAVELLER['board']}{row}"].value is not None:
        board, ns, ew = (
            sheet[f"{TRAVELLER[k]}{row}"].value for k in ("board", "ns_pair", "ew_pair")
        )
        if row == 6:
            typed[f"{TRAVELLER['entered']}{row}"] = "A60/40"
            rows.append([board, ns, ew, "", "", "", "A60/40"])
        else:
            contract, target = rng.choice(CONTRACTS)
            by = rng.choice("NESW") if contract != "PASS" else ""
            tricks = min(13, max(0, target + rng.choice((-1, 0, 0, 1)))) if by else ""
            typed[f"{TRAVELLER['contract']}{row}"] = contract
            if by:
                typed[f"{TRAVELLER['by']}{row}"] = by
                typed[f"{TRAVELLER['tricks']}{row}"] = tricks
            rows.append([board, ns, ew, contract, by, tricks, ""])
        row += 1
    type_in(sheet, typed)
    workbook.save(path)
    return rows


def test_movement_to_workbook_to_results(
    libreoffice, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    evenings = []
    for seed, (name, command) in enumerate(EVENINGS.items()):
        movement, evening = tmp_path / f"{name}.csv", tmp_path / f"{name}-evening.xlsx"
        _run([*command, "--csv", str(movement)], capsys)
        _run(["template", "pairs-session", "--movement", str(movement), "-o", str(evening),
              "--event", "Tuesday Pairs"], capsys)  # fmt: skip
        rows = _type_contracts(evening, seed)
        lines = tmp_path / f"{name}-lines.csv"
        with lines.open("w", newline="", encoding="utf-8") as handle:
            out = csv.writer(handle)
            out.writerow(["board", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "score"])
            out.writerows(rows)
        evenings.append((name, evening, lines))
    recalculated = recalculate_many(libreoffice, [evening for _, evening, _ in evenings])
    for (name, evening, lines), values_path in zip(evenings, recalculated, strict=True):
        ours, from_csv, pack = (tmp_path / f"{name}-{x}" for x in ("r.csv", "c.csv", "pack.xlsx"))
        _run(["session", str(evening), "--ranking", str(ours), "-o", str(pack)], capsys)
        winners = ["--winners", "2"] if name == "mitchell" else []
        _run(["session", str(lines), *winners, "--ranking", str(from_csv)], capsys)
        got = _ranking(ours)
        assert len(got) == {"mitchell": 10, "howell": 7}[name]  # every pair ranked
        assert got == _ranking(from_csv), name
        sheet = read_values(values_path)[PAIRS_SHEET]
        formulas = {}
        for row in range(1, sheet.max_row + 1):
            cells = {key: sheet[f"{PAIRS[key]}{row}"].value for key in ("pair", "mp", "place")}
            if isinstance(cells["pair"], (int, float)) and not blank(cells["mp"]):
                direction = sheet[f"{PAIRS['sat']}{row}"].value if name == "mitchell" else ""
                formulas[(direction or "", str(int(cells["pair"])))] = (cells["place"], cells["mp"])
        assert set(formulas) == set(got), name
        for key, (place, mp) in formulas.items():
            assert got[key][0] == place and got[key][1] == pytest.approx(mp, abs=1e-4), key
        # The pack is headed with the event typed into the workbook's Event cell.
        assert "Tuesday Pairs" in str(load_workbook(pack).worksheets[0].oddHeader.center.text)
