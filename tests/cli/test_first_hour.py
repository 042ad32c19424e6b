"""The first hour of a new user: what they type is accepted or answered with what to do, every
output is in the format its name says, and every command ends with one true summary line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from xlbridge.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# 1. Outputs follow their suffix, or the suffix is refused with the ones that can be written


@pytest.mark.parametrize(
    ("argv", "output", "can"),
    [
        (["session", str(EXAMPLES / "howell.csv"), "--ranking"], "r.xlsx", ".csv"),
        (["score", str(EXAMPLES / "howell.csv"), "-o"], "scored.xlsx", ".csv"),
        (["session", str(EXAMPLES / "howell.csv"), "-o"], "results.csv", ".xlsx"),
        (["cards", "-o"], "cards.csv", ".xlsx"),
        (["template", "league", "-o"], "league.csv", ".xlsx"),
    ],
)
def test_an_output_suffix_that_cannot_be_written_is_refused(
    capsys, tmp_path: Path, argv: list[str], output: str, can: str
) -> None:
    code, _, err = run(capsys, *argv, str(tmp_path / output))
    assert code == 2
    assert f"writes {can}" in err and output in err
    assert not (tmp_path / output).exists()


def test_session_o_csv_says_where_the_ranking_goes(capsys, tmp_path: Path) -> None:
    code, _, err = run(
        capsys, "session", str(EXAMPLES / "howell.csv"), "-o", str(tmp_path / "r.csv")
    )
    assert code == 2 and "--ranking" in err


def test_swiss_draw_o_xlsx_is_refused(capsys, tmp_path: Path) -> None:
    standings = tmp_path / "standings.csv"
    standings.write_text("team,score,opponents\nA,0,\nB,0,\n", encoding="utf-8")
    code, _, err = run(capsys, "swiss", "draw", str(standings), "-o", str(tmp_path / "d.xlsx"))
    assert code == 2 and "writes .csv" in err
    assert not (tmp_path / "d.xlsx").exists()


# 2. Summaries built from the values used


def test_teams_match_summary_names_the_discrete_scale(capsys, tmp_path: Path) -> None:
    out_file = tmp_path / "m.xlsx"
    code, out, _ = run(
        capsys, "template", "teams-match", "-o", str(out_file), "--scale", "wbf-discrete"
    )
    assert code == 0
    assert "WBF discrete" in out and "Gaussian" not in out and "fixed VP table" not in out
    label = load_workbook(out_file)["Match"]["B6"].value  # the scale line the sheet shows
    assert "WBF discrete" in str(label)


def test_pairs_session_summary_gives_whole_sizes_from_the_file(capsys, tmp_path: Path) -> None:
    out_file = tmp_path / "p.xlsx"
    code, out, _ = run(
        capsys, "template", "pairs-session", "-o", str(out_file), "--pairs", "14", "--boards", "26"
    )
    assert code == 0
    assert out.strip() == f"wrote {out_file}: pairs-session, 14 pairs, 26 boards, mitchell, A4"
    assert "." not in out.split(":", 1)[1].split(",")[1]  # 14, not 14.0
    # The file holds what the summary says: a Mitchell of 7 tables (NS and EW pairs 1-7,
    # 14 pairs in all) and boards 1 to 26.
    book = load_workbook(out_file)
    assert "Mitchell · 7 tables" in book["Traveller"]["A1"].value
    pairs = [(row[0].value, row[2].value) for row in book["Pairs"].iter_rows(min_row=3)]
    assert sorted(pairs) == sorted((n, d) for n in range(1, 8) for d in ("NS", "EW"))
    boards = [row[0].value for row in book["Boards"].iter_rows(min_row=4)]
    assert boards == list(range(1, 27))
    code, out, _ = run(capsys, "template", "pairs-session", "-o", str(tmp_path / "d.xlsx"))
    assert out.strip().endswith("pairs-session, 20 pairs, 24 boards, mitchell, A4")


def test_score_summary_goes_to_stderr_when_the_csv_goes_to_stdout(capsys) -> None:
    traveller = EXAMPLES / "weighted.csv"
    code, out, err = run(capsys, "score", str(traveller))
    assert code == 0
    assert out.startswith("board,")
    assert err.strip() == "scored 9 tables by matchpoints (mp); wrote the CSV to stdout"


def test_scale_json_summary_goes_to_stderr(capsys) -> None:
    import json

    code, out, err = run(capsys, "scale", "--boards", "8", "--json")
    assert code == 0 and json.loads(out)
    assert err.startswith("Teams of four · 8 boards · K 6.5")


def test_session_ends_with_one_summary_line(capsys, tmp_path: Path) -> None:
    ranking = tmp_path / "r.csv"
    code, _, err = run(capsys, "session", str(EXAMPLES / "howell.csv"), "--ranking", str(ranking))
    assert code == 0
    assert err.strip().splitlines() == [
        f"scored 14 pairs on 26 boards by matchpoints (mp), one winner; wrote {ranking}"
    ]
    assert len(ranking.read_text(encoding="utf-8").splitlines()) == 1 + 14


def test_cards_summary_matches_the_cards_written(capsys, tmp_path: Path) -> None:
    out_file = tmp_path / "c.xlsx"
    code, out, _ = run(capsys, "cards", "-o", str(out_file), "--boards", "8-10")
    assert code == 0
    assert out.strip() == (
        f"wrote 3 VP cards to {out_file}: 8-10 boards, Teams of four, K 6.5, 20 VP, "
        "a bound starts its band, A4"
    )
    sheet = load_workbook(out_file)["VP cards"]
    cells = {c.coordinate: c.value for row in sheet.iter_rows(max_row=5) for c in row}
    labels = [ref for ref, value in cells.items() if value == "boards"]
    boards = [cells[chr(ord(ref[0]) + 1) + ref[1:]] for ref in labels]
    assert boards == [8, 9, 10]  # the board counts the summary gives
    assert [cells[chr(ord(ref[0]) + 3) + ref[1:]] for ref in labels] == [6.5] * 3  # K
    assert [cells[chr(ord(ref[0]) + 3) + "5"] for ref in labels] == [20] * 3  # VPs
    assert str(sheet.page_setup.paperSize) == sheet.PAPERSIZE_A4


def test_install_ends_with_the_files_written(capsys, tmp_path: Path) -> None:
    url = "https://example.org/xlbridge-0.1.0-py3-none-any.whl"
    code, out, _ = run(capsys, "install", "--lite", str(tmp_path / "lite"), "--wheel-url", url)
    assert code == 0
    written = sorted(str(p) for p in (tmp_path / "lite").iterdir())
    assert out.strip().splitlines()[-1] == f"wrote {written[0]} and {written[1]}"


# 3. Errors that say what to do


def test_an_excel_workbook_given_for_a_csv_says_to_save_it_as_csv(capsys, tmp_path: Path) -> None:
    book = tmp_path / "traveller.xlsx"
    Workbook().save(book)
    code, _, err = run(capsys, "score", str(book))
    assert code == 2
    assert "this is an Excel workbook; save the sheet as CSV" in err
    assert "xlbridge session" in err


def test_score_given_contracts_points_to_session(capsys) -> None:
    code, _, err = run(capsys, "score", str(EXAMPLES / "howell.csv"))
    assert code == 2
    assert "line 2: ns_score must be a number" in err and "`xlbridge session` scores" in err


def test_alias_lists_read_flat(capsys, tmp_path: Path) -> None:
    names = tmp_path / "names.csv"
    names.write_text("number,who\n1,A\n", encoding="utf-8")
    code, _, err = run(capsys, "session", str(EXAMPLES / "howell.csv"), "--names", str(names))
    assert code == 2
    assert "pair, names (also: name, players)" in err
    assert "(or" not in err


def test_a_folder_given_for_a_file_names_the_files_read(capsys) -> None:
    code, _, err = run(capsys, "session", str(EXAMPLES))
    assert code == 2
    assert "a .csv file is needed" not in err and "is a folder" in err


# 4. Help that says what is read


def test_top_level_help_lists_every_template_kind(capsys) -> None:
    from xlbridge.workbooks.ready_made import TEMPLATES

    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    for kind in TEMPLATES:
        assert kind in out


def test_session_help_names_every_input_format(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["session", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "the traveller .csv" not in out
    assert ".xml" in out and ".pbn" in out


# 6. Suggestions


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["sesion", "x.csv"], "did you mean session?"),
        (["template", "teams-mach", "-o", "x.xlsx"], "did you mean teams-match?"),
        (["session", str(EXAMPLES / "howell.csv"), "--method", "butlr"], "did you mean butler?"),
        (["scale", "--boards", "8", "--form", "teems"], "did you mean teams?"),
    ],
)
def test_a_misspelled_choice_gets_a_suggestion(capsys, tmp_path: Path, argv, hint) -> None:
    code = None
    try:
        code = main([a if a != "x.xlsx" else str(tmp_path / a) for a in argv])
    except SystemExit as stop:
        code = stop.code
    assert code == 2
    assert hint in capsys.readouterr().err


# 7. The score column


def test_score_reads_a_score_column_as_session_does(tmp_path: Path) -> None:
    traveller = tmp_path / "t.csv"
    traveller.write_text("board,table,score\n1,1,420\n1,2,450\n", encoding="utf-8")
    out = tmp_path / "scored.csv"
    assert main(["score", str(traveller), "-o", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("board,table,score,")
    assert len(lines) == 3


# 8. Defaults typed explicitly


def test_swiss_pairs_takes_the_default_scale_typed_out(capsys, tmp_path: Path) -> None:
    code, out, _ = run(
        capsys, "template", "swiss-pairs", "-o", str(tmp_path / "p.xlsx"), "--scale", "gaussian"
    )
    assert code == 0 and "S8 11" in out
    code, _, err = run(
        capsys, "template", "swiss-pairs", "-o", str(tmp_path / "q.xlsx"), "--scale", "wbf"
    )
    assert code == 2 and "gaussian" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["scale", "--boards", "8", "--scale", "gaussian", "--form", "teams", "--k", "6.5"],
        [
            "scale",
            "--boards",
            "8",
            "--vp-total",
            "20",
            "--rounding",
            "nearest",
            "--bounds",
            "lower",
        ],
        ["template", "swiss-teams", "--scale", "gaussian", "--bounds", "lower", "--paper", "a4"],
        ["template", "swiss-pairs", "--k", "11", "--bounds", "lower", "--scale", "gaussian"],
        ["template", "pairs-session", "--movement", "mitchell", "--pairs", "20", "--boards", "24"],
        ["session", str(EXAMPLES / "howell.csv"), "--winners", "auto", "--method", "mp"],
        ["session", str(EXAMPLES / "howell.csv"), "--factoring", "most-played"],
        ["score", str(EXAMPLES / "weighted.csv"), "--split", "separate", "--method", "mp"],
        ["score", str(EXAMPLES / "weighted.csv"), "--method", "ximp", "--divisor", "comparisons"],
        ["swiss", "draw", str(EXAMPLES / "standings.csv"), "--seed", "0"],
    ],
    ids=lambda argv: " ".join(a for a in argv if "/" not in a),
)
def test_a_default_typed_out_is_accepted(capsys, tmp_path: Path, argv: list[str]) -> None:
    if argv[0] == "template":
        argv = [*argv, "-o", str(tmp_path / "t.xlsx")]
    code, _, err = run(capsys, *argv)
    assert code == 0, err


# 6, 12. The Swiss draw: names printed, unnamed entries not drawn


def _swiss(tmp_path: Path, names: list[str]) -> Path:
    from xlbridge.workbooks.ready_made import make_template

    made = make_template("swiss-teams", teams=6, rounds=3, boards=8)
    path = tmp_path / "swiss.xlsx"
    sheet = made.workbook["Entries"]
    from xlbridge.workbooks.swiss_event import build_swiss_event

    book = build_swiss_event(form="teams", teams=6, rounds=3, boards=8)
    for entry, name in enumerate(names, 1):
        sheet[book.entries_cell("name", entry)] = name
    made.workbook.save(path)
    return path


def test_swiss_draw_prints_names_with_numbers(capsys, tmp_path: Path) -> None:
    names = ["Lindqvist", "Okafor", "Brennan", "Delacroix"]
    path = _swiss(tmp_path, names)
    code, out, err = run(capsys, "swiss", "draw", str(path))
    assert code == 0
    drawn = [line for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert len(drawn) == 2  # four named entries of six: two tables
    for name in names:
        assert any(f" {name}" in line for line in drawn)
    assert "drew round 1 of 4 teams" in err and len(err.strip().splitlines()) == 1


def test_a_fresh_swiss_template_draws_nobody(capsys, tmp_path: Path) -> None:
    path = _swiss(tmp_path, [])
    code, _, err = run(capsys, "swiss", "draw", str(path))
    assert code == 2
    assert "name" in err and "Entries" in err


# 13. Quiet pipes


def test_a_closed_pipe_exits_0_quietly(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = f"{sys.executable} -m xlbridge scale --boards 8 --vp-total 1000 | head -3"
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.stdout.count("\n") == 3
    assert done.stderr == ""
    assert done.returncode == 0
