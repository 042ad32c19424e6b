"""`xlbridge session`'s outputs never name its inputs or each other: with --force the
scorer's typed evening workbook would be replaced by its own results pack, a traveller file
by its ranking; two outputs on one name wrote the first, then refused the second."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from xlbridge.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_an_output_naming_the_input_is_refused_even_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    travellers = tmp_path / "mitchell.csv"
    shutil.copy(EXAMPLES / "mitchell.csv", travellers)
    names = tmp_path / "names.csv"
    shutil.copy(EXAMPLES / "mitchell-names.csv", names)
    before = travellers.read_bytes(), names.read_bytes()
    for option, target in (("--ranking", travellers), ("--ranking", names), ("--html", names)):
        argv = ["session", str(travellers), "--names", str(names), option, str(target)]
        assert main([*argv, "--force"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1
        assert f"{option} {target} is an input of this run" in err
    assert (travellers.read_bytes(), names.read_bytes()) == before


@pytest.mark.parametrize(
    ("first", "second", "name"),
    [("--ranking", "--html", "out.csv"), ("-o", "--html", "out.xlsx")],
)
def test_two_outputs_on_one_name_are_refused_before_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], first: str, second: str, name: str
) -> None:
    target = tmp_path / name
    argv = ["session", str(EXAMPLES / "howell.csv"), first, str(target), second, str(target)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{first} and {second} both name {target}" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["session", str(EXAMPLES / "howell.csv"), "--ranking", "{out}.csv"],
        ["movement", "mitchell", "--tables", "5", "-o", "{out}.xlsx"],
        ["template", "pairs-session", "-o", "{out}.xlsx"],
        ["deals", str(EXAMPLES / "mitchell-deals.pbn"), "-o", "{out}.xlsx"],
    ],
)
def test_an_event_name_of_ten_thousand_characters_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """--event, --date and --club head every page: 10,000 characters (a paste gone wrong) are
    refused by the option's name, not printed on every page."""
    if argv[0] == "deals":
        pytest.importorskip("endplay")
    out = str(tmp_path / "out")
    for option in ("--event",) if argv[0] == "deals" else ("--event", "--club", "--date"):
        code = main([*(a.format(out=out) for a in argv), option, "x" * 10_000])
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1
        assert f"{option}: 10000 characters; at most 200" in err
    assert list(tmp_path.iterdir()) == []


def test_an_event_name_typed_in_the_workbook_is_bounded_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from openpyxl import load_workbook

    from xlbridge.workbooks.pairs_session.book import TRAVELLER, TRAVELLER_SHEET

    path = tmp_path / "EVENING.xlsx"
    assert (
        main(["template", "pairs-session", "-o", str(path), "--pairs", "4", "--movement", "howell"])
        == 0
    )
    workbook = load_workbook(path)
    sheet = workbook[TRAVELLER_SHEET]
    for row, (ns, ew, score) in enumerate([(1, 2, 420), (3, 4, 400)], start=4):
        values = (1, ns, ew, score)
        for key, value in zip(("board", "ns_pair", "ew_pair", "entered"), values, strict=True):
            sheet[f"{TRAVELLER[key]}{row}"] = value
    label = next(c for c in sheet[1] if c.value == "Event")
    sheet.cell(1, label.column + 1).value = "E" * 300
    workbook.save(path)
    capsys.readouterr()
    assert main(["session", str(path), "--html", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert f"{path}: the Event typed in the title row: 300 characters; at most 200" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["EVENING.xlsx"]


def typed_howell(tmp_path: Path) -> Path:
    """A two-table Howell evening workbook with a score typed on every traveller line."""
    path = tmp_path / "EVENING.xlsx"
    argv = ["template", "pairs-session", "-o", str(path), "--tables", "2", "--movement", "howell"]
    assert main(argv) == 0
    from openpyxl import load_workbook

    from xlbridge.workbooks.pairs_session.book import TRAVELLER, TRAVELLER_SHEET

    workbook = load_workbook(path)
    sheet = workbook[TRAVELLER_SHEET]
    row = 4
    while sheet[f"{TRAVELLER['board']}{row}"].value is not None:
        sheet[f"{TRAVELLER['entered']}{row}"] = 10 * (row % 7)
        row += 1
    workbook.save(path)
    return path


def test_a_howell_workbook_is_not_ranked_by_direction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Howell workbook's pairs sit both ways, so --winners 2 would rank each pair twice (8
    pairs became 15 entries); one winner is still open to it."""
    path = typed_howell(tmp_path)
    capsys.readouterr()
    assert main(["session", str(path), "--winners", "2"]) == 2
    err = capsys.readouterr().err
    assert f"{path}: pair 1 sits both NS and EW (a Howell): --winners 2 would rank it" in err
    assert main(["session", str(path), "--winners", "1"]) == 0


def test_a_datum_rounding_for_a_matchpointed_workbook_names_the_workbook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The workbook's own options fill in what was not given; the error of one that does not
    fit them names the workbook, as every error of the typed workbook does."""
    path = typed_howell(tmp_path)
    capsys.readouterr()
    assert main(["session", str(path), "--datum-rounding", "even"]) == 2
    err = capsys.readouterr().err
    assert f"{path}: --datum-rounding is for butler, got --method mp" in err
    assert main(["session", str(path), "--method", "butler", "--datum-rounding", "even"]) == 0
