"""Help that helps, answers that explain themselves, and no dead ends on the command line."""

from __future__ import annotations

import argparse
import math
from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.cli.parser import build_parser
from xlbridge.scoring.scales.fit import average_plus
from xlbridge.scoring.scales.gaussian import vp_result
from xlbridge.scoring.wording import plural

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _commands(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """Every sub-command's parser (those of ``handicap update`` and ``swiss draw`` included)."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                found += [sub, *_commands(sub)]
    return found


COMMANDS = _commands(build_parser())


def _in_required_group(parser: argparse.ArgumentParser, action: argparse.Action) -> bool:
    return any(
        group.required and action in group._group_actions
        for group in parser._mutually_exclusive_groups
    )


@pytest.mark.parametrize("parser", COMMANDS, ids=[p.prog for p in COMMANDS])
def test_every_command_has_a_description_and_shows_its_defaults(parser) -> None:
    text = parser.format_help()
    assert parser.description and parser.description.split()[0] in text
    for action in parser._actions:
        if (
            not action.option_strings
            or action.required
            or action.nargs == 0  # a flag: off unless given
            or isinstance(action, argparse._SubParsersAction)
            or _in_required_group(parser, action)
        ):
            continue
        shown = parser._get_formatter()._get_help_string(action) or ""
        assert "default" in shown, f"{parser.prog} {action.option_strings[0]}: {shown!r}"
        if action.default not in (None, argparse.SUPPRESS):
            assert str(action.default) in shown, f"{parser.prog} {action.option_strings[0]}"


def test_the_help_shows_the_defaults_the_issue_names(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["cards", "--help"])
    cards = " ".join(capsys.readouterr().out.split())
    assert "(default: 4-32)" in cards and "(default: nearest)" in cards
    with pytest.raises(SystemExit):
        main(["swiss", "draw", "--help"])
    assert "(default: the round number for an .xlsx, 0 for a .csv)" in " ".join(
        capsys.readouterr().out.split()
    )


def test_help_says_why_halves_can_beat_the_top(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "4.5 on a 3-table board whose top is 4" in text and "De Wael" in text


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["score", "--methd", "mp", "t.csv"], "unknown option --methd (did you mean --method?)"),
        (["scale", "--bords", "8"], "unknown option --bords (did you mean --boards?)"),
        (["handicap", "update", "--regster", "p.csv"], "did you mean --register?"),
        (["session", "x.csv", "--winers", "2"], "did you mean --winners?"),
    ],
)
def test_a_misspelled_option_names_the_nearest_and_the_commands_usage(capsys, argv, words) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    command = " ".join(a for a in argv[:2] if not a.startswith("-") and "." not in a)
    assert stop.value.code == 2 and err.count("\n") == 1
    assert words in err and f"usage: xlbridge {command} [-h]" in err, err


def test_an_option_with_no_near_name_gets_no_guess(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["scale", "--boards", "8", "--zzzzzz"])
    err = capsys.readouterr().err
    assert "unknown option --zzzzzz;" in err and "did you mean" not in err


# --- plurals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "text"),
    [(0, "0 VP cards"), (1, "1 VP card"), (2, "2 VP cards"), (1200, "1,200 VP cards")],
)
def test_plural(count, text) -> None:
    assert plural(count, "VP card") == text
    assert (
        plural(1, "entry", "entries") == "1 entry" and plural(3, "entry", "entries") == "3 entries"
    )


def test_a_one_board_match_is_one_board(capsys) -> None:
    from xlbridge.workbooks.scales.cards import wbf_title

    assert main(["scale", "--boards", "1", "--form", "butler", "--tables", "2"]) == 0
    assert capsys.readouterr().out.startswith("Butler · 1 board · 2 tables · K 7")
    assert wbf_title(1).startswith("WBF 2013 continuous VP scale · 1 board · ")
    assert wbf_title(8).startswith("WBF 2013 continuous VP scale · 8 boards · ")


def test_one_card_is_one_card(tmp_path, capsys) -> None:
    out = tmp_path / "one.xlsx"
    assert main(["cards", "-o", str(out), "--boards", "8"]) == 0
    assert capsys.readouterr().out.startswith(f"wrote 1 VP card to {out}: 8 boards, ")


def test_one_competition_is_one_competition(tmp_path, capsys) -> None:
    club = EXAMPLES / "club"
    new = tmp_path / "players.csv"
    argv = [
        "handicap",
        "update",
        "--register",
        str(club / "players.csv"),
        "--results",
        str(club / "results.csv"),
        "-o",
        str(new),
        "--add-new",
    ]
    assert main(argv) == 0
    assert capsys.readouterr().err.startswith(
        "applied 1 competition (0 already applied) to 10 players"
    )
    assert (
        main(["handicap", "update", "--register", str(new), "--results", str(club / "results.csv")])
        == 0
    )
    assert "the results' 1 competition is already in" in capsys.readouterr().err


# --- answers that explain themselves ---------------------------------------------------------


def test_negative_vps_are_written_readably() -> None:
    assert vp_result(20, 0) == "20-0" and vp_result(12, 8) == "12-8"
    assert vp_result(20, -1) == "20 / \u22121"
    assert vp_result(10.5, 9.5) == "10.5-9.5"


def test_scale_text_never_prints_a_double_minus(capsys) -> None:
    assert main(["scale", "--boards", "8", "--negative"]) == 0
    out = capsys.readouterr().out
    assert "--" not in out and out.splitlines()[-1].split()[-3:] == ["20", "/", "\u22125"]


def test_average_plus_in_the_units_a_director_expects(call_udf) -> None:
    # Swiss pairs, one board: the margin is 3 × (11·√8)/6.5 = 14.36 %-points above 50, so the
    # board is scored 64.36 % (docs/swiss.md). In teams of four A+ is 3 IMPs either way.
    margin = 3 * 11 * math.sqrt(8) / 6.5
    assert round(margin, 2) == 14.36
    assert call_udf("AVERAGE_PLUS", "pairs") == [[pytest.approx(50 + margin)]]
    assert call_udf("AVERAGE_PLUS", "pairs", None, None, True) == [[pytest.approx(margin)]]
    assert call_udf("AVERAGE_PLUS", "teams") == call_udf("AVERAGE_PLUS", "teams", 1, None, True)
    assert call_udf("AVERAGE_PLUS") == [[3.0]]
    assert average_plus("pairs", score=True) == pytest.approx(64.36, abs=0.005)
    with pytest.raises(Exception, match="margin must be TRUE or FALSE"):
        call_udf("AVERAGE_PLUS", "pairs", None, None, "yes")


@pytest.mark.parametrize("form", ["teams", "pairs", "aggregate", "teams8", "patton"])
@pytest.mark.parametrize("boards", [1, 8, 32])
def test_average_plus_score_is_the_margin_above_average(form, boards) -> None:
    offset = 50.0 if form == "pairs" else 0.0
    assert average_plus(form, boards, score=True) == pytest.approx(
        offset + average_plus(form, boards)
    )


# --- no dead ends ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (
            ["scale", "--boards", "8", "--tables", "15"],
            "--tables applies to form butler only, not to teams",
        ),
        (
            ["scale", "--boards", "8", "--form", "pairs", "--comparisons", "3"],
            "--comparisons applies to form cross only, not to pairs",
        ),
        (["cards", "-o", "x.xlsx", "--results", "3"], "--results applies to form cross only"),
        (
            ["audit", str(EXAMPLES / "season.csv"), "--form", "cross"],
            "form cross cannot be fitted (its σ needs the event's comparisons and results per "
            "board; for teams of eight cross-IMPed use teams8)",
        ),
    ],
)
def test_options_that_do_not_apply_are_named(tmp_path, monkeypatch, capsys, argv, words) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert not list(tmp_path.iterdir())


def test_butler_cannot_be_audited_and_the_message_offers_only_what_can(capsys) -> None:
    assert main(["audit", str(EXAMPLES / "season.csv"), "--form", "butler"]) == 2
    err = capsys.readouterr().err
    assert "form butler cannot be fitted" in err
    assert err.rstrip().endswith("use one of teams, teams8, pairs, aggregate, patton")


def test_butler_scale_still_takes_tables(capsys) -> None:
    assert main(["scale", "--boards", "8", "--form", "butler", "--tables", "15"]) == 0
    assert "15 tables" in capsys.readouterr().out.splitlines()[0]
