"""`xlbridge score`: traveller files in, the same rows scored out (seeds 002 and 004)."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

import pytest

from xlbridge.cli.main import main

# Seed 002: eight plain results; table 9 was assigned 60 % of 430 and 40 % of 400.
SEED_002 = """board,table,ns_pair,ew_pair,ns_score,ew_score,weight
1,1,1,11,460,,
1,2,2,12,430,,
1,3,3,13,430,,
1,4,4,14,430,,
1,5,5,15,420,,
1,6,6,16,420,,
1,7,7,17,420,,
1,8,8,18,400,,
1,9,9,19,430,,0.6
1,9,9,19,400,,0.4
"""

# Seed 004: ten tables; table 10 is split: NS −150, and EW −450 from EW's side (as if NS had
# made +450), so the halves table holds −150 and 450 at weight ½ each.
SEED_004 = """board,table,ns_score,ew_score
1,1,480,
1,2,450,
1,3,450,
1,4,450,
1,5,420,
1,6,420,
1,7,-50,
1,8,-50,
1,9,-100,
1,10,-150,-450
"""


def run(tmp_path: Path, text: str, *options: str, name: str = "traveller.csv") -> Path:
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    out = tmp_path / f"scored-{name}"
    assert main(["score", str(source), "-o", str(out), *options]) == 0
    return out


def table(path: Path, delimiter: str = ",") -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8")), delimiter=delimiter))


def test_seed_002_weighted_table_gets_7_00_of_16(tmp_path: Path) -> None:
    rows = table(run(tmp_path, SEED_002))
    assert [r["ns_mp"] for r in rows] == [
        "16",
        "11.4",
        "11.4",
        "11.4",
        "4.8",
        "4.8",
        "4.8",
        "0.4",
        "7",
        "",
    ]
    # No split scores: NS + EW make the top of 16 at every table.
    assert all(float(r["ns_mp"]) + float(r["ew_mp"]) == pytest.approx(16) for r in rows[:-1])
    # Columns the user typed are kept, in order.
    assert list(rows[0])[:7] == [
        "board",
        "table",
        "ns_pair",
        "ew_pair",
        "ns_score",
        "ew_score",
        "weight",
    ]
    assert rows[8]["ns_pair"] == "9" and rows[8]["weight"] == "0.6"


def test_seed_004_cross_imps_halves_divisor_scores_is_3_1(tmp_path: Path) -> None:
    out = run(tmp_path, SEED_004, "--method", "ximp", "--split", "halves", "--divisor", "scores")
    rows = table(out)
    # The +420 pairs: (−2 − 3.5 + 0 + 20 + 11 + 5.5) / 10 = 3.1 (the Butler worked example).
    assert float(rows[4]["ns_ximp"]) == pytest.approx(3.1)
    assert float(rows[5]["ns_ximp"]) == pytest.approx(3.1)


def test_seed_004_bastille_with_halves(tmp_path: Path) -> None:
    rows = table(run(tmp_path, SEED_004, "--method", "bastille", "--split", "halves"))
    # Datum 2265/8 = 283.125; 480 is +196.875 → (196.875 + 60)/50 continuous IMPs.
    assert float(rows[0]["ns_bastille"]) == pytest.approx((480 - 283.125 + 60) / 50)


def test_neuberg_expected_and_percent(tmp_path: Path) -> None:
    rows = table(run(tmp_path, SEED_002, "--method", "mp", "--expected", "10"))
    # 9 results factored to 10: (7 + 1)·10/9 − 1 on a top of 18.
    assert float(rows[8]["ns_mp"]) == pytest.approx(8 * 10 / 9 - 1)
    rows = table(run(tmp_path, SEED_002, "--method", "percent", name="p.csv"))
    assert float(rows[8]["ns_percent"]) == pytest.approx(7 / 16 * 100)


def test_semicolons_and_decimal_commas_round_trip(tmp_path: Path) -> None:
    text = SEED_002.replace(",", ";").replace("0.6", "0,6").replace("0.4", "0,4")
    out = run(tmp_path, text)
    rows = table(out, delimiter=";")
    assert rows[1]["ns_mp"] == "11,4" and rows[8]["ns_mp"] == "7"
    assert rows[8]["weight"] == "0,6"


def test_rerun_on_scored_file_replaces_the_result_columns(tmp_path: Path) -> None:
    once = run(tmp_path, SEED_002)
    twice = run(tmp_path, once.read_text(encoding="utf-8"), name="again.csv")
    assert twice.read_text(encoding="utf-8") == once.read_text(encoding="utf-8")


def test_row_order_does_not_change_results(tmp_path: Path) -> None:
    header, *lines = SEED_002.splitlines()
    expected = {r["table"]: r["ns_mp"] for r in table(run(tmp_path, SEED_002)) if r["ns_mp"]}
    rng = random.Random(4)
    for attempt in range(3):
        rng.shuffle(lines)
        shuffled = "\n".join([header, *lines]) + "\n"
        rows = table(run(tmp_path, shuffled, name=f"shuffled{attempt}.csv"))
        assert {r["table"]: r["ns_mp"] for r in rows if r["ns_mp"]} == expected


def test_stdout_when_no_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "t.csv"
    source.write_text(SEED_002, encoding="utf-8")
    assert main(["score", str(source)]) == 0
    assert capsys.readouterr().out.splitlines()[9].endswith(",7,9")


def test_existing_output_needs_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "t.csv"
    source.write_text(SEED_002, encoding="utf-8")
    out = tmp_path / "out.csv"
    out.write_text("keep me", encoding="utf-8")
    assert main(["score", str(source), "-o", str(out)]) == 2
    assert "already exists; use --force" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "keep me"
    assert main(["score", str(source), "-o", str(out), "--force"]) == 0
    assert "ns_mp" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("changes", "options", "message"),
    [
        ((("1,5,5,15,420", "1,5,5,15,4x0"),), (), "line 6: ns_score must be a number, got '4x0'"),
        ((("1,5,5,15,420", "1,5,5,15,"),), (), "line 6: ns_score must be a number, got ''"),
        ((("1,5,5", "1.5,5,5"),), (), "line 6: board must be a whole number, got '1.5'"),
        (
            (("0.4\n", "0.3\n"),),
            (),
            "lines 10, 11: the weights of board 1, table 9 must add up to 1",
        ),
        (
            (("0.6\n", "1.4\n"), ("0.4\n", "-0.4\n")),
            (),
            "line 11: weight must be at least 0, got -0.4",
        ),
        (
            (("0.4\n", "\n"),),
            (),
            "lines 10, 11: board 1, table 9 has 2 rows, so each needs a weight",
        ),
        ((("1,2,2,12,430,,", "1,1,2,12,430,,"),), (), "lines 2, 3: board 1, table 1 has 2 rows"),
        ((("ns_score", "points"),), (), "line 1: the header must have the column(s) ns_score"),
        ((("board,table", "board,pair"),), (), "the column(s) table (also: entry)"),
        ((), ("--method", "mpp"), "method must be one of mp, acbl, percent, ascherman"),
        ((), ("--split", "thirds"), "split must be one of separate, halves"),
        ((), ("--expected", "8"), "expected must be at least the number of results on board 1 (9)"),
        ((), ("--method", "ximp", "--expected", "10"), "--expected is for the matchpoint"),
        ((), ("--method", "mp", "--divisor", "scores"), "--divisor is for ximp, got --method mp"),
        ((), ("--method", "ximp", "--trim", "0"), "--trim is for butler and bastille"),
        ((), ("--method", "butler", "--trim", "5"), "trim must leave some weight"),
        ((), ("--method", "mp", "--datum-rounding", "even"), "--datum-rounding is for butler"),
        (
            (),
            ("--method", "butler", "--datum-rounding", "up"),
            "rounding must be one of away, even",
        ),
        (
            (("1,1,1,11,460,,\n", "1,1,1,11,460,,\n2,1,1,11,460,,\n"),),
            (),
            "line 3: board 2 must have at least 2 tables",
        ),
        (
            (("1,8,8,18,400,,", "1,8,8,18,400,,,extra,fields"),),
            (),
            "line 9: 9 fields, the header has 7",
        ),
    ],
)
def test_bad_input_names_the_line_and_writes_nothing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    changes: tuple[tuple[str, str], ...],
    options: tuple[str, ...],
    message: str,
) -> None:
    text = SEED_002
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    source = tmp_path / "bad.csv"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out.csv"
    assert main(["score", str(source), "-o", str(out), *options]) == 2
    err = capsys.readouterr().err
    assert err.startswith("xlbridge: error: ") and message in err, err
    assert err.count("\n") == 1  # one line, no traceback
    assert not out.exists()


def test_butler_datum_rounding_of_an_exact_5(tmp_path: Path) -> None:
    # Board 1: 645 and 605, mean 625: datum 630 by default (+15 → 0, −25 → −1 IMPs), 620 with
    # --datum-rounding even (+25 → 1, −15 → 0). Board 2: −400 and −490, mean −445: −450 (+50 →
    # 2, −40 → −1) or −440 (+40 → 1, −50 → −2).
    text = "board,table,ns_score\n1,1,645\n1,2,605\n2,1,-400\n2,2,-490\n"
    away = table(run(tmp_path, text, "--method", "butler"))
    assert [r["ns_butler"] for r in away] == ["0", "-1", "2", "-1"]
    assert [r["ew_butler"] for r in away] == ["0", "1", "-2", "1"]
    same = table(run(tmp_path, text, "--method", "butler", "--datum-rounding", "away", "--force"))
    assert same == away
    even = table(run(tmp_path, text, "--method", "butler", "--datum-rounding", "even", "--force"))
    assert [r["ns_butler"] for r in even] == ["1", "0", "1", "-2"]


def test_empty_and_missing_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_text("\n\n", encoding="utf-8")
    assert main(["score", str(empty)]) == 2
    assert "the file is empty" in capsys.readouterr().err
    header_only = tmp_path / "header.csv"
    header_only.write_text("board,table,ns_score\n", encoding="utf-8")
    assert main(["score", str(header_only)]) == 2
    assert "no records below the header" in capsys.readouterr().err
    assert main(["score", str(tmp_path / "missing.csv")]) == 2
    assert "missing.csv" in capsys.readouterr().err


def test_excel_csv_in_windows_1252_is_read(tmp_path: Path) -> None:
    """Excel's plain "CSV" save on Windows writes Windows-1252 (here: ö in a pair's name)."""
    text = SEED_002.replace("ns_pair", "ns_names").replace("1,1,1,11", "1,1,Björk,11")
    source = tmp_path / "cp1252.csv"
    source.write_bytes(text.encode("cp1252"))
    out = tmp_path / "out.csv"
    assert main(["score", str(source), "-o", str(out)]) == 0
    assert "Björk" in out.read_text(encoding="utf-8")


def test_core_errors_name_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "seed002.csv"
    source.write_text(SEED_002, encoding="utf-8")
    assert main(["score", str(source), "--expected", "8"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"xlbridge: error: {source}: expected must be at least")
