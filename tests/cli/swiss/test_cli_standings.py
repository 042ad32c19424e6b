"""`xlbridge swiss standings FILE.xlsx [--html DIR] [--event NAME]`: a Swiss teams event and a
league, with names and results typed as a director types them; the pages read back; the
rounds counted and the title (places against the workbook: test_standings_ties.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from site_reader import cell, read_page
from standings_books import league_book, swiss_book

from xlbridge.cli.main import main
from xlbridge.scoring.scales.choice import choose_scale
from xlbridge.workbooks.league.build import MATCHES, MATCHES_SHEET, TEAMS, TEAMS_SHEET, build_league
from xlbridge.workbooks.swiss_event import build_swiss_event
from xlbridge.workbooks.swiss_event.book import ENTRIES_SHEET
from xlbridge.workbooks.swiss_event.loop import read_event, scores

NAMES = ["Riverside", "<script>alert(1)</script>", "Hilltop & Co", "Lakeside", "Castle"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def swiss(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Five teams, three rounds: two drawn and played (margins 12, -7, 30, 0 …), one drawn."""
    path = tmp_path / "event.xlsx"
    assert main(["template", "swiss-teams", "-o", str(path), "--teams", "5", "--rounds", "3"]) == 0
    book = build_swiss_event(form="teams", teams=5, rounds=3)
    workbook = load_workbook(path)
    for entry, name in enumerate(NAMES, 1):
        workbook[ENTRIES_SHEET][book.entries_cell("name", entry)] = name
    workbook.save(path)
    margins = iter([12, -7, 30, 0])
    for number in (1, 2, 3):
        assert main(["swiss", "draw", str(path)]) == 0
        if number == 3:
            break
        event, workbook, book = read_event(path)
        sheet = workbook[book.round_sheet(number)]
        for table in event.tables[number]:
            if table.away is not None:
                sheet[book.round_cell("home_margin", table.table)] = next(margins)
        workbook.save(path)
    capsys.readouterr()
    return path


def test_swiss_standings_printed_and_as_pages(
    swiss: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site"
    code, out, err = run(["swiss", "standings", str(swiss), "--html", str(site)], capsys)
    assert code == 0, err
    assert err.strip().splitlines()[-1] == f"site written: {site} (4 pages)"
    event, _, _ = read_event(swiss)
    totals = scores(event)
    page = read_page(site / "index.html")
    rows = page.rows("standings")
    assert {int(cell(r, "number").text): float(cell(r, "total").text) for r in rows} == totals
    assert [cell(r, "names").text for r in rows if cell(r, "number").text == "2"] == [NAMES[1]]
    assert "<script>alert" not in (site / "index.html").read_text(encoding="utf-8")
    ranked = sorted(totals.values(), reverse=True)
    assert [float(cell(r, "total").text) for r in rows] == ranked
    assert "Riverside" in out
    for number in (1, 2, 3):  # who played whom, as drawn in the workbook
        shown = read_page(site / f"round-{number}.html").rows("matches")
        met = {
            frozenset((cell(r, "home").text.split()[0], cell(r, "away").text.split()[0]))
            for r in shown
        }
        drawn = {
            frozenset((str(t.home), "bye" if t.away is None else str(t.away)))
            for t in event.tables[number]
        }
        assert met == drawn
    for path in site.iterdir():
        for link in read_page(path).links:
            assert (site / link).is_file()


def test_a_league_s_standings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A four-team league, 16 boards, K 6.5: round 1 played (home margins 20 and -5)."""
    path = tmp_path / "league.xlsx"
    assert main(["template", "league", "-o", str(path), "--teams", "4", "--boards", "16"]) == 0
    book = build_league(teams=4, boards=16)
    workbook = load_workbook(path)
    for team, name in enumerate(NAMES[:4], 1):
        workbook[TEAMS_SHEET][f"{TEAMS['name']}{book.team_row(team)}"] = name
    played = {}
    for fixture, margin in zip([f for f in book.fixtures if f.round == 1], (20, -5), strict=True):
        workbook[MATCHES_SHEET][f"{MATCHES['margin']}{fixture.row}"] = margin
        played[fixture.home, fixture.away] = margin
    workbook.save(path)
    site = tmp_path / "site"
    code, _, err = run(["swiss", "standings", str(path), "--html", str(site)], capsys)
    assert code == 0, err
    scale = choose_scale(16, k=6.5)
    expected = dict.fromkeys(range(1, 5), 0.0)
    for (home, away), margin in played.items():
        expected[home] += float(scale.vp(margin))
        expected[away] += float(scale.vp(-margin))
    rows = read_page(site / "index.html").rows("standings")
    shown = {int(cell(r, "number").text): float(cell(r, "total").text) for r in rows}
    assert shown == pytest.approx(expected, abs=0.005)
    # every round of the schedule is drawn: a page each
    assert len(list(site.glob("round-*.html"))) == 3


def test_not_an_event_workbook(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "other.xlsx"
    assert main(["template", "teams-match", "-o", str(path)]) == 0
    capsys.readouterr()
    code, _, err = run(["swiss", "standings", str(path)], capsys)
    assert code == 2 and "not a Swiss event workbook" in err
    folder = tmp_path / "event.xlsx"
    folder.mkdir()
    code, _, err = run(["swiss", "standings", str(folder)], capsys)
    assert code == 2 and err.strip().endswith(f"{folder} is a folder; name a file in it")


#: Rounds 1 and 2 of a 10-team league (fixtures 1-10, 2-9 … then 9-1, 10-8 …), as
#: (team, opponent, the team's margin).
TWO_ROUNDS = [(1, 10, 12), (2, 9, -3), (3, 8, 0), (4, 7, 25), (5, 6, 7)] + [
    (1, 9, 4),
    (8, 10, 9),
    (2, 7, -1),
    (3, 6, 30),
    (4, 5, 2),
]


def heading(page: str, tag: str) -> str:
    found = re.search(rf"<{tag}>(.*?)</{tag}>", page)
    assert found is not None, tag
    return found.group(1)


def test_after_two_of_nine_rounds_titled_from_the_event_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 10-team league (9 rounds, all drawn) with 2 played: the standings are "after 2
    rounds", round by round shows R1 and R2, every drawn round keeps its page; the pages
    are headed by the Event cell's text, not the file's name."""
    names = [f"Team {n}" for n in range(1, 11)]
    path = league_book(tmp_path / "spring.xlsx", names, TWO_ROUNDS, event="County League")
    site = tmp_path / "site"
    code, _, err = run(["swiss", "standings", str(path), "--html", str(site)], capsys)
    assert code == 0, err
    page = (site / "index.html").read_text(encoding="utf-8")
    assert heading(page, "h2") == "Standings after 2 rounds"
    assert heading(page, "title") == "Standings — County League"
    assert heading(page, "h1") == "County League"
    columns = [c.text for c in read_page(site / "index.html").tables["rounds"][0][0]]
    assert columns == ["Team", "R1", "R2", "Total"]
    assert len(list(site.glob("round-*.html"))) == 9
    round_5 = (site / "round-5.html").read_text(encoding="utf-8")
    assert heading(round_5, "h1") == "County League"
    assert heading(round_5, "h2") == "Round 5: not played yet"
    assert heading((site / "round-2.html").read_text(encoding="utf-8"), "h2") == "Round 2"


def test_event_option_wins_over_the_event_cell_and_a_blank_cell_gives_the_file_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    swiss = swiss_book(
        tmp_path / "county.xlsx",
        "teams",
        ["A", "B", "C", "D"],
        [[(1, 2, 5), (3, 4, 0)]],
        event="County Swiss Teams",
    )
    plain = swiss_book(
        tmp_path / "club-night.xlsx", "pairs", ["A", "B"], [[(1, 2, 55.0)]], planned=1
    )
    cases = (
        (swiss, [], "County Swiss Teams"),
        (swiss, ["--event", "  Spring   Swiss "], "Spring Swiss"),
        (swiss, ["--event", " "], "County Swiss Teams"),  # blank: as if not given
        (plain, [], "club-night"),
    )
    for case, (path, argv, title) in enumerate(cases):
        site = tmp_path / f"site-{case}"
        code, _, err = run(["swiss", "standings", str(path), "--html", str(site), *argv], capsys)
        assert code == 0, err
        page = (site / "index.html").read_text(encoding="utf-8")
        assert heading(page, "h1") == title
        assert heading(page, "h2") == "Standings after 1 round"


def test_an_event_over_200_characters_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--event as other commands bound it (200 characters), and the Event cell likewise,
    named by sheet and cell; nothing is written."""
    path = league_book(tmp_path / "league.xlsx", ["A", "B", "C", "D"], [(1, 4, 3)])
    site = tmp_path / "site"
    code, _, err = run(
        ["swiss", "standings", str(path), "--html", str(site), "--event", "x" * 201], capsys
    )
    assert code == 2
    assert (
        err.strip() == "xlbridge: error: --event: 201 characters; at most 200 (it heads every page)"
    )
    assert not site.exists()
    code, _, _ = run(["swiss", "standings", str(path), "--event", "x" * 200], capsys)
    assert code == 0
    workbook = load_workbook(path)
    workbook[MATCHES_SHEET]["F1"] = "y" * 201  # the Event cell, beside its label
    assert workbook[MATCHES_SHEET]["E1"].value == "Event"
    workbook.save(path)
    code, _, err = run(["swiss", "standings", str(path), "--html", str(site)], capsys)
    assert code == 2
    assert err.strip() == (
        f"xlbridge: error: {path}: Matches!F1: the Event: 201 characters; at most 200 "
        "(it heads every page)"
    )
    assert not site.exists()


def test_a_league_bye_scores_nothing_and_places_nobody(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Five teams: in round 1 team 1 has the bye (no result in a league: the Table leaves
    its VPs blank and gives it no place), 2 beats 5 by 10 and 3 v 4 is drawn."""
    path = league_book(tmp_path / "odd.xlsx", NAMES, [(2, 5, 10), (3, 4, 0)])
    site = tmp_path / "site"
    code, out, err = run(["swiss", "standings", str(path), "--html", str(site)], capsys)
    assert code == 0, err
    riverside = next(line for line in out.splitlines() if "Riverside" in line)
    assert riverside.split() == ["1", "Riverside", "0.00"]  # number, name, VPs: no place
    index = read_page(site / "index.html")
    first = next(r for r in index.rows("rounds") if r[0].text.startswith("1 "))
    assert first[1].text == "bye"  # no VPs, not "0" nor "–"
    bye = next(r for r in read_page(site / "round-1.html").rows("matches") if "bye" in r[1].text)
    assert (cell(bye, "home").text, cell(bye, "home-vps").text) == ("1 Riverside", "")
