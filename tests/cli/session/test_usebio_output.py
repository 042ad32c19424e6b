"""`xlbridge session --usebio` end to end: the event's date (--date, or the input's own), the
deals of --deals in the HANDSET, and two sections written flat and read back."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from pathlib import Path

import pytest
from openpyxl import load_workbook

from xlbridge.cli.main import main
from xlbridge.io.usebio import read_usebio
from xlbridge.workbooks.pairs_session.book import TRAVELLER

DATA = Path(__file__).parents[2] / "io" / "data"
# Two boards at two tables, a Howell of four pairs.
HOWELL = "board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n2,4,1,-100\n2,2,3,-50\n"
DEALS = {
    1: "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
    2: "N:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432",
}


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    status = main(["session", *(str(a) for a in args)])
    out, err = capsys.readouterr()
    return status, out, err


def howell(tmp_path: Path) -> Path:
    path = tmp_path / "howell.csv"
    path.write_text(HOWELL, encoding="utf-8")
    return path


def date_of(path: Path) -> str:
    text = path.read_text(encoding="ascii")
    return text.split("<DATE>", 1)[1].split("</DATE>", 1)[0]


@pytest.mark.parametrize("typed", ["2026-11-30", "30/11/2026", "2026-1-5"])
def test_date_typed_either_way_is_written_day_month_year(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], typed: str
) -> None:
    out = tmp_path / "out.xml"
    assert run(capsys, howell(tmp_path), "--usebio", out, "--date", typed)[0] == 0
    assert date_of(out) == {"2026-11-30": "30/11/2026", "30/11/2026": "30/11/2026"}.get(
        typed, "05/01/2026"
    )


@pytest.mark.parametrize("typed", ["31/02/2026", "Tuesday 30 Nov", "2026/11/30", "30-11-2026"])
def test_a_date_usebio_cannot_hold_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], typed: str
) -> None:
    out, ranking = tmp_path / "out.xml", tmp_path / "ranking.csv"
    argv = [howell(tmp_path), "--usebio", out, "--ranking", ranking, "--date", typed]
    status, stdout, err = run(capsys, *argv)
    assert (status, stdout) == (2, "")
    assert err == (
        "xlbridge: error: --date: USEBIO needs a calendar date, written YYYY-MM-DD or "
        f"DD/MM/YYYY, got {typed!r}\n"
    )
    assert not out.exists() and not ranking.exists()


def test_without_usebio_the_date_is_free_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ranking = tmp_path / "ranking.csv"
    assert run(capsys, howell(tmp_path), "--ranking", ranking, "--date", "Tuesday 30 Nov")[0] == 0


def test_no_date_at_all_is_refused_naming_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, out, ranking = howell(tmp_path), tmp_path / "out.xml", tmp_path / "ranking.csv"
    status, stdout, err = run(capsys, source, "--usebio", out, "--ranking", ranking)
    assert (status, stdout) == (2, "")
    assert err == (
        f"xlbridge: error: --usebio needs the event's date and {source} gives none: give "
        "--date YYYY-MM-DD or DD/MM/YYYY\n"
    )
    assert not out.exists() and not ranking.exists()


@pytest.mark.parametrize(
    ("source", "written"),
    [("quirks-usebio.xml", "03/11/2026"), ("quirks.pbn", "03/11/2026")],
    ids=["usebio-date", "pbn-date"],
)
def test_the_input_files_own_date_counts_and_date_wins_over_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str, written: str
) -> None:
    """The USEBIO file's DATE 03/11/2026 and the PBN file's Date "2026.11.03" are the same
    day; --date 2026-11-30 replaces either."""
    out = tmp_path / "out.xml"
    assert run(capsys, DATA / source, "--usebio", out)[0] == 0
    assert date_of(out) == written
    assert run(capsys, DATA / source, "--usebio", out, "--force", "--date", "2026-11-30")[0] == 0
    assert date_of(out) == "30/11/2026"


def test_a_files_date_that_is_no_calendar_date_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "event.xml"
    text = (DATA / "quirks-usebio.xml").read_bytes().replace(b"03/11/2026", b"Tuesday")
    source.write_bytes(text)
    status, _, err = run(capsys, source, "--usebio", tmp_path / "out.xml")
    assert status == 2
    assert f"the date of {source}, 'Tuesday', is not a calendar date: give --date" in err


def test_the_typed_workbooks_date_cell_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A date typed in the title row beside "Date" (Excel keeps it as a date cell)."""
    path = tmp_path / "EVENING.xlsx"
    argv = ["template", "pairs-session", "--pairs", "4", "--boards", "2", "--movement", "howell"]
    assert main([*argv, "-o", str(path)]) == 0
    book = load_workbook(path)
    sheet = book["Traveller"]
    column = sheet.max_column + 1
    sheet.cell(1, column, "Date")
    sheet.cell(1, column + 1, datetime(2026, 11, 30))
    rows = [(1, 1, 2, 420), (1, 3, 4, 400), (2, 1, 3, -50), (2, 2, 4, 100)]
    for row, values in enumerate(rows, start=4):
        for key, value in zip(("board", "ns_pair", "ew_pair", "entered"), values, strict=True):
            sheet[f"{TRAVELLER[key]}{row}"] = value
    book.save(path)
    out = tmp_path / "out.xml"
    capsys.readouterr()
    status, _, err = run(capsys, path, "--usebio", out)
    assert status == 0, err
    assert date_of(out) == "30/11/2026"


def test_the_deals_of_deals_go_into_the_handset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deals = tmp_path / "deals.pbn"
    deals.write_text(
        "".join(f'[Board "{n}"]\n[Deal "{deal}"]\n\n' for n, deal in DEALS.items()),
        encoding="utf-8",
    )
    out = tmp_path / "out.xml"
    argv = [howell(tmp_path), "--usebio", out, "--deals", deals, "--date", "2026-11-30"]
    assert run(capsys, *argv)[0] == 0
    assert read_usebio(out).hands == {("", n): deal for n, deal in DEALS.items()}


# Two sections, each a three-table Mitchell over two boards; NS 1 of B has names.
SECTIONS = "section,board,ns_pair,ew_pair,ns_score\n" + "".join(
    f"{s},{b},{ns},{ew},{score}\n"
    for s, shift in (("A", 0), ("B", 30))
    for b, ns, ew, score in (
        (1, 1, 1, 420),
        (1, 2, 2, 400),
        (1, 3, 3, -50),
        (2, 1, 2, 110),
        (2, 2, 3, 140),
        (2, 3, 1, -100),
    )
    for score in (score - shift * (ns % 2),)
)


def ranking(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def test_two_sections_round_trip_through_usebio(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CSV → --usebio → the file rescored: every number agrees and every pair is in its
    section again, as its number says ((B) 1 NS)."""
    source, names = tmp_path / "sections.csv", tmp_path / "names.csv"
    source.write_text(SECTIONS, encoding="utf-8")
    names.write_text("section,direction,pair,names\nB,NS,1,Ann Abel & Bo Byrd\n", encoding="utf-8")
    xml, first, second = tmp_path / "out.xml", tmp_path / "1.csv", tmp_path / "2.csv"
    argv = [source, "--names", names, "--usebio", xml, "--ranking", first, "--date", "2026-11-30"]
    assert run(capsys, *argv)[0] == 0
    assert "<PAIR_NUMBER>(B) 1 NS</PAIR_NUMBER>" in xml.read_text(encoding="ascii")
    status, out, _ = run(capsys, xml, "--compare", "--ranking", second)
    assert status == 0 and "compare: all " in out and " agree " in out
    assert ranking(first) == ranking(second)
    event = read_usebio(xml)
    assert {p.section for p in event.pairs} == {line.section for line in event.lines} == {"A", "B"}
    assert [
        p.names for p in event.pairs if (p.section, p.number, p.direction) == ("B", 1, "NS")
    ] == [("Ann Abel", "Bo Byrd")]


def test_players_without_names_are_said_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The ABF's results site needs every player's name: four pairs without names are eight
    players without one; with every name given, nothing is said."""
    out = tmp_path / "out.xml"
    status, _, err = run(capsys, howell(tmp_path), "--usebio", out, "--date", "2026-11-30")
    assert status == 0
    assert f"note: 8 players have no name in {out}; results sites such as the ABF's" in err
    names = tmp_path / "names.csv"
    names.write_text(
        "pair,names\n1,Ann Able & Bob Baker\n2,Cy Cole & Di Dunn\n3,Ed Eyre & Flo Ford\n"
        "4,Gus Gale & Hal Hunt\n",
        encoding="utf-8",
    )
    args = (howell(tmp_path), "--usebio", out, "--date", "2026-11-30", "--names", names)
    status, _, err = run(capsys, *args, "--force")
    assert status == 0 and "no name" not in err
