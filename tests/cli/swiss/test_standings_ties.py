"""Standings ties: a league and a Swiss (teams and pairs) with equal VPs, where the command,
the site and the recalculated workbook agree on every place.

Each workbook is typed so that entries tie on VPs (margins past the blitz all score 20), some
split by the tie-break (IMP margin; average matchpoint % at pairs) and some equal on both. The
places are worked out by hand below; LibreOffice recalculates the three workbooks in one run
and their Ranking sheets must show the same places as ``xlbridge swiss standings`` prints and
its ``--html`` site shows.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from libreoffice import read_values, recalculate_many
from site_reader import cell, read_page
from standings_books import league_book, swiss_book

from xlbridge.cli.main import main

# A 5-team league, 16 boards, K 6.5 (+47 and more score 20-0). Round 1: 2 v 5, 3 v 4, team 1
# has a bye (no result in a league); round 2: 5 v 1 played (a draw, 10-10), 2 v 3 not yet.
# Quarry Road 20 (+50) and Foxes 20 (+47) are split by IMPs; Castle 10 (0) and Lakeside 10
# (-50) too; Hilltop 0 (-47).
LEAGUE = (
    ["Castle", "Quarry Road", "Foxes", "Hilltop", "Lakeside"],
    [(2, 5, 50), (3, 4, 47), (1, 5, 0)],
    {2: "1", 3: "2", 1: "3", 5: "4", 4: "5"},
)
# 7 Swiss teams, 8 boards (+40 and more score 20-0), bye 12 VPs. Round 1 played: 1 +60 v 2,
# 3 +50 v 4, 5 +60 v 6, 7 a bye; round 2 drawn, not played, 6 with the bye (12 VPs at once).
# 1 and 5: 20, +60 each: 1=; 3: 20, +50; 7: 12, 0; 6: 12, -60; 4: 0, -50; 2: 0, -60.
SWISS_TEAMS = (
    [(1, 2, 60), (3, 4, 50), (5, 6, 60), (7, None, None)],
    [(1, 5, None), (3, 7, None), (2, 4, None), (6, None, None)],
)
SWISS_TEAMS_PLACES = {1: "1=", 5: "1=", 3: "3", 7: "4", 6: "5", 4: "6", 2: "7"}
# 7 Swiss pairs, 8 boards: 62% and 62.5% both score 18-2. Round 1: 1 62.5% v 2, 3 62% v 4,
# 5 62.5% v 6. 1 and 5: 18, 62.5% each: 1=; 3: 18, 62%; 4: 2, 38%; 2 and 6: 2, 37.5%: 5=.
# Pair 7 enters at round 3 with 17 VPs (add 17 - 3 rounds + 3): no place until it plays.
SWISS_PAIRS = ([(1, 2, 62.5), (3, 4, 62.0), (5, 6, 62.5)],)
SWISS_PAIRS_PLACES = {1: "1=", 5: "1=", 3: "3", 4: "4", 2: "5=", 6: "5="}


def command_places(
    path: Path, site: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[dict[int, str], dict[int, str]]:
    """The places ``swiss standings`` prints and its site shows, by entry number (the entries
    with a place)."""
    assert main(["swiss", "standings", str(path), "--html", str(site)]) == 0
    out = capsys.readouterr().out
    printed = {}
    for line in out.splitlines()[1:]:
        if line.startswith(" "):
            continue  # no place yet: a blank place column
        place, number = line.split()[:2]
        printed[int(number)] = place
    rows = read_page(site / "index.html").rows("standings")
    shown = {int(cell(r, "number").text): cell(r, "place").text for r in rows}
    return printed, {number: place for number, place in shown.items() if place}


def ranking_places(path: Path) -> dict[int, str]:
    """The places on a recalculated workbook's Ranking sheet (place, then entry number, from
    row 3), by entry number."""
    ws = read_values(path)["Ranking"]
    places = {}
    row = 3
    while ws[f"A{row}"].value not in (None, ""):
        places[int(ws[f"B{row}"].value)] = str(ws[f"A{row}"].value)
        row += 1
    return places


def test_command_site_and_workbook_agree_on_every_place(
    libreoffice, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names, results, league_places = LEAGUE
    books = {
        "league": (league_book(tmp_path / "league.xlsx", names, results), league_places),
        "teams": (
            swiss_book(
                tmp_path / "teams.xlsx", "teams", [f"T{n}" for n in range(1, 8)], SWISS_TEAMS
            ),
            SWISS_TEAMS_PLACES,
        ),
        "pairs": (
            swiss_book(
                tmp_path / "pairs.xlsx",
                "pairs",
                [f"P{n}" for n in range(1, 8)],
                SWISS_PAIRS,
                enters={7: 3},
            ),
            SWISS_PAIRS_PLACES,
        ),
    }
    capsys.readouterr()
    recalculated = recalculate_many(libreoffice, [path for path, _ in books.values()])
    for (kind, (path, expected)), values in zip(books.items(), recalculated, strict=True):
        printed, shown = command_places(path, tmp_path / f"{kind}-site", capsys)
        assert printed == expected, kind
        assert shown == expected, kind
        assert ranking_places(values) == expected, kind
