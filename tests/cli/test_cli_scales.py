"""The VP-scale commands: scale and cards, their board lists and scale options."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import load_workbook

from xlbridge.cli.main import main
from xlbridge.cli.scales import parse_boards


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_scale_prints_readable_card(capsys) -> None:
    code, out, _ = run(capsys, "scale", "--boards", "8", "--rounding", "floor")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Teams of four · 8 boards · K 6.5 · σ 18.38")
    assert lines[2].split() == ["0", "10-10"]
    assert lines[3].split() == ["1", "-", "2", "11-9"]
    assert lines[-1].split() == ["30", "+", "20-0"]


def test_scale_json_rows(capsys) -> None:
    code, out, _ = run(
        capsys, "scale", "--boards", "8", "--negative", "--rounding", "ceil", "--json"
    )
    rows = json.loads(out)
    assert code == 0
    assert rows[-1] == {"from": 48, "to": None, "winner": 20, "loser": -5}
    # ceil: 11-9 starts at ⌈1.10⌉ = 2 IMPs, so the draw band is 0-1.
    assert rows[0] == {"from": 0, "to": 1, "winner": 10, "loser": 10}


def test_scale_butler_and_aggregate_options(capsys) -> None:
    _, out, _ = run(
        capsys,
        "scale",
        "--boards",
        "15",
        "--form",
        "butler",
        "--tables",
        "15",
        "--rounding",
        "none",
        "--json",
    )
    assert json.loads(out)[-1]["from"] == pytest.approx(38.747, abs=0.001)
    _, out, _ = run(
        capsys, "scale", "--boards", "24", "--form", "aggregate", "--vp-total", "12", "--json"
    )
    assert len(json.loads(out)) == 7


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--boards", "0"], "boards must be a whole number from 1 to 200, got 0"),
        (["--boards", "8.5"], "boards must be a whole number from 1 to 200, got 8.5"),
        (["--boards", "201"], "got 201"),
        (["--boards", "8", "--k", "0"], "k must be a number greater than 0, got 0"),
        (["--boards", "8", "--k", "-2"], "k must be a number greater than 0, got -2"),
        (["--boards", "8", "--form", "rubber"], "form must be one of"),
        (["--boards", "8", "--rounding", "up"], "rounding must be one of"),
        (["--boards", "8", "--vp-total", "13"], "vp_total must be an even whole number"),
        (["--boards", "8", "--vp-total", "0"], "vp_total must be an even whole number"),
        (["--boards", "8", "--form", "butler"], "tables must be a whole number of at least 2"),
    ],
)
def test_scale_bad_input_one_line_exit_2(capsys, argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "scale", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_non_number_option_exits_2_naming_it(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["scale", "--boards", "8", "--k", "abc"])
    assert stop.value.code == 2
    assert "argument --k: must be a number, got 'abc'" in capsys.readouterr().err


def test_parse_boards() -> None:
    assert parse_boards("4-6,8,6") == [4, 5, 6, 8]
    assert parse_boards("12") == [12]


@pytest.mark.parametrize("text", ["4-300", "0", "x", "9-4", "4-"])
def test_bad_board_lists(capsys, tmp_path: Path, text: str) -> None:
    code, _, err = run(capsys, "cards", "-o", str(tmp_path / "c.xlsx"), "--boards", text)
    assert code == 2 and "boards must" in err
    assert not list(tmp_path.iterdir())


def test_cards_writes_workbook_and_refuses_to_overwrite(capsys, tmp_path: Path) -> None:
    target = tmp_path / "cards.xlsx"
    code, out, _ = run(capsys, "cards", "-o", str(target), "--boards", "7-9", "--wbf")
    assert code == 0 and "3 VP cards" in out
    book = load_workbook(target)
    assert book.sheetnames == ["VP cards", "WBF scale"]
    before = target.read_bytes()
    code, _, err = run(capsys, "cards", "-o", str(target), "--boards", "10")
    assert code == 2 and "already exists; use --force" in err
    assert target.read_bytes() == before
    code, _, _ = run(capsys, "cards", "-o", str(target), "--boards", "10", "--force")
    assert code == 0 and target.read_bytes() != before
    assert [p.name for p in tmp_path.iterdir()] == ["cards.xlsx"]  # no temporary files left


def test_cards_failure_leaves_existing_file_untouched(capsys, tmp_path: Path) -> None:
    target = tmp_path / "cards.xlsx"
    target.write_bytes(b"the user's own file")
    code, _, err = run(capsys, "cards", "-o", str(target), "--k", "-1", "--force")
    assert code == 2 and "k must be a number greater than 0" in err
    assert target.read_bytes() == b"the user's own file"


def test_cards_rejects_other_suffixes_and_missing_folders(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "cards", "-o", str(tmp_path / "cards.csv"))
    assert code == 2 and "-o writes .xlsx" in err
    code, _, err = run(capsys, "cards", "-o", str(tmp_path / "nowhere" / "cards.xlsx"))
    assert code == 2 and "does not exist" in err


def test_cards_letter_paper(capsys, tmp_path: Path) -> None:
    target = tmp_path / "letter.xlsx"
    assert run(capsys, "cards", "-o", str(target), "--paper", "letter", "--boards", "8")[0] == 0
    assert load_workbook(target)["VP cards"].page_setup.paperSize == 1
    code, _, err = run(capsys, "cards", "-o", str(tmp_path / "x.xlsx"), "--paper", "a3")
    assert code == 2 and "paper must be one of a4, letter" in err


def test_cross_form_needs_comparisons_and_results(capsys) -> None:
    code, _, err = run(capsys, "scale", "--boards", "8", "--form", "cross")
    assert code == 2 and "comparisons must be a number greater than 0, got blank" in err
    code, out, _ = run(
        capsys,
        "scale",
        "--boards",
        "8",
        "--form",
        "cross",
        "--comparisons",
        "4",
        "--results",
        "4",
        "--json",
    )
    assert code == 0 and json.loads(out)[-1]["from"] == 87  # the teams-of-eight scale


def test_scale_wbf_discrete_prints_the_ebu_8_board_table(capsys) -> None:
    code, out, _ = run(capsys, "scale", "--boards", "8", "--scale", "wbf-discrete")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("WBF discrete VP scale · 8 boards")
    assert [line.split() for line in lines[-3:]] == [
        ["26", "-", "30", "18-2"],
        ["31", "-", "38", "19-1"],
        ["39", "+", "20-0"],
    ]


def test_scale_wbf_discrete_half_json(capsys) -> None:
    code, out, _ = run(
        capsys, "scale", "--boards", "4", "--scale", "wbf-discrete", "--vp-total", "10", "--json"
    )
    rows = json.loads(out)
    # The EBU's 10-VP table for a half of 4 boards: 5-5 0, 6-4 1-3, … 10-0 18+.
    assert code == 0 and rows[0] == {"from": 0, "to": 0, "winner": 5, "loser": 5}
    assert rows[1] == {"from": 1, "to": 3, "winner": 6, "loser": 4}
    assert rows[-1] == {"from": 18, "to": None, "winner": 10, "loser": 0}


def test_scale_white_book_bounds_json_gives_printed_from_to(capsys) -> None:
    argv = ["scale", "--boards", "8", "--form", "pairs", "--bounds", "white-book", "--json"]
    code, out, _ = run(capsys, *argv)
    rows = json.loads(out)
    assert code == 0
    # The Swiss pairs card as the White Book prints it: 54.75 - 56.23 is 14-6.
    assert rows[4] == {"from": 54.75, "to": 56.23, "winner": 14, "loser": 6}
    code, out, _ = run(capsys, *argv[:-1])
    assert "White Book bounds" in out.splitlines()[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--scale", "wbf-discrete", "--k", "6"], "--k applies to the gaussian scale only"),
        (["--scale", "wbf-discrete", "--bounds", "white-book"], "--bounds applies to the gaussian"),
        (["--scale", "wbf-discrete", "--vp-total", "12"], "vp_total must be 20 (a match) or 10"),
        (["--scale", "wbf"], "scale must be one of gaussian, wbf-discrete"),
        (["--bounds", "upper"], "bounds must be one of lower, white-book"),
    ],
)
def test_scale_choice_errors_one_line(capsys, argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "scale", "--boards", "8", *argv)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
