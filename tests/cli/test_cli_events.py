"""`xlbridge template` and `xlbridge swiss draw` on the command line."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from openpyxl import load_workbook

from xlbridge.cli.main import main
from xlbridge.scoring.swiss.draw import swiss_draw

STANDINGS = """team,score,opponents
Aces,20,Bees
Bees,0,Aces
Cats,20,Dogs
Dogs,0,Cats
Eels,10,BYE
"""


@pytest.mark.parametrize(
    ("name", "options", "sheets"),
    [
        ("teams-match", ["--boards", "12", "--scale", "wbf"], {"Match"}),
        ("swiss-teams", ["--teams", "9", "--rounds", "4", "--boards", "7"], {"Round 4"}),
        ("swiss-pairs", ["--teams", "20", "--rounds", "6", "--k", "10.35"], {"Standings"}),
        ("league", ["--teams", "6", "--boards", "20"], {"Table", "Matches"}),
    ],
)
def test_template_writes_the_event_workbook(tmp_path: Path, name, options, sheets) -> None:
    out = tmp_path / f"{name}.xlsx"
    assert main(["template", name, "-o", str(out), *options]) == 0
    assert sheets <= set(load_workbook(out).sheetnames)
    assert main(["template", name, "-o", str(out), *options]) == 2  # exists: needs --force
    assert main(["template", name, "-o", str(out), *options, "--force"]) == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["swiss-teams", "--teams", "1"], "teams must be a whole number from 2"),
        (["swiss-pairs", "--rounds", "0"], "rounds must be a whole number from 1"),
        (["league", "--boards", "0"], "boards must be a whole number from 1 to 200, got 0"),
        (["swiss-pairs", "--scale", "wbf"], "Gaussian pairs scale (S8) only: --scale gaussian"),
        (["league", "--scale", "wbf"], "scale must be one of gaussian, wbf-discrete; got 'wbf'"),
        (["teams-match", "--rounds", "3"], "template teams-match does not take --rounds"),
        (["chess"], "template must be one of teams-match, swiss-teams, swiss-pairs, league"),
    ],
)
def test_template_options_out_of_range_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args, message
) -> None:
    out = tmp_path / "x.xlsx"
    assert main(["template", args[0], "-o", str(out), *args[1:]]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not out.exists()


def test_swiss_draw_prints_and_writes_the_core_draw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    standings = tmp_path / "standings.csv"
    standings.write_text(STANDINGS, encoding="utf-8")
    out = tmp_path / "draw.csv"
    assert main(["swiss", "draw", str(standings), "--seed", "4", "-o", str(out)]) == 0
    draw = swiss_draw(
        ["Aces", "Bees", "Cats", "Dogs", "Eels"],
        [20, 0, 20, 0, 10],
        [("Aces", "Bees"), ("Cats", "Dogs")],
        4,
        ["Eels"],
    )
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert rows[0] == ["table", "home", "away"]
    assert rows[1:-1] == [[str(i), h, a] for i, (h, a) in enumerate(draw.tables, 1)]
    assert rows[-1] == ["bye", draw.bye, ""] and draw.bye != "Eels"  # Eels had a bye
    printed = capsys.readouterr().out
    assert "repeat meetings: 0" in printed and f"bye  {draw.bye}" in printed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (STANDINGS.replace("Aces,20,Bees", "Aces,20,Bats"), "line 2: opponent 'Bats' is not"),
        (STANDINGS.replace("Bees,0,Aces", "Bees,0,"), "'Aces' and 'Bees' must list each other"),
        (STANDINGS.replace("Cats,20", "Cats,twenty"), "line 4: score must be a number"),
        (STANDINGS.replace("score", "points"), "line 1: the header must have the column(s) score"),
        (STANDINGS.replace("Dogs,0,Cats", "Aces,0,Cats"), "lines 2, 5: team 'Aces' appears twice"),
    ],
)
def test_swiss_draw_bad_standings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    standings = tmp_path / "standings.csv"
    standings.write_text(text, encoding="utf-8")
    assert main(["swiss", "draw", str(standings)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def test_swiss_team_names_may_not_hold_the_separator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    standings = tmp_path / "standings.csv"
    standings.write_text(STANDINGS.replace("Eels,10", "Eels|Rays,10"), encoding="utf-8")
    assert main(["swiss", "draw", str(standings)]) == 2
    assert "line 6: team names must not contain '|'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "sizes"),
    [
        (
            ["swiss-teams"],
            "swiss-teams, 16 teams, 7 rounds, 8 boards a match, Gaussian VP scale, K 6.5, "
            "no late entry, A4",
        ),
        (
            ["swiss-pairs", "--teams", "20", "--paper", "letter"],
            "swiss-pairs, 20 pairs, 7 rounds, 8 boards a match, Gaussian VP scale, S8 11, "
            "late entry, LETTER",
        ),
        (
            ["league", "--teams", "5", "--double"],
            "league, 5 teams, home and away (10 rounds), 16 boards a match, Gaussian VP scale, "
            "K 6.5, A4",
        ),
        (
            ["teams-match", "--scale", "wbf", "--boards", "12"],
            "teams-match, 12 boards, WBF continuous VP scale, A4",
        ),
    ],
)
def test_template_says_the_sizes_it_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], sizes: str
) -> None:
    out = tmp_path / "x.xlsx"
    assert main(["template", args[0], "-o", str(out), *args[1:]]) == 0
    assert capsys.readouterr().out == f"wrote {out}: {sizes}\n"


def test_more_rounds_than_opponents_are_refused_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.xlsx"
    assert main(["template", "swiss-teams", "--teams", "8", "--rounds", "9", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (
        "xlbridge: error: rounds must be at most 7 for 8 teams, got 9: each entry can meet "
        "only 7 others, so more rounds would repeat a meeting\n"
    )
    assert not out.exists()


@pytest.mark.parametrize(
    ("teams", "rounds", "warning"),
    [
        ("8", "7", "7 rounds among 8 entries is a complete round robin"),
        ("12", "7", "7 rounds among 12 entries is more than half the field"),
        ("24", "7", None),
    ],
)
def test_odd_sizes_are_warned_about(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], teams: str, rounds: str, warning
) -> None:
    out = tmp_path / "x.xlsx"
    args = ["template", "swiss-teams", "--teams", teams, "--rounds", rounds, "-o", str(out)]
    assert main(args) == 0
    err = capsys.readouterr().err
    if warning is None:
        assert err == ""
    else:
        assert err.startswith(f"xlbridge: warning: {warning}") and err.count("\n") == 1
    assert out.exists()


def test_league_double_is_home_and_away(tmp_path: Path) -> None:
    out = tmp_path / "league.xlsx"
    assert main(["template", "league", "--teams", "4", "--double", "-o", str(out)]) == 0
    matches = load_workbook(out)["Matches"]
    fixtures = [(r[1].value, r[3].value) for r in matches.iter_rows(min_row=3) if r[1].value]
    assert len(fixtures) == 12 and {(a, h) for h, a in fixtures} == set(fixtures)
