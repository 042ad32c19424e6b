"""The all-play-all league workbook, recalculated by LibreOffice and compared with the core.

Three recalculations: an empty league, an even league part-way through and an odd league
(byes) with a team that has not played yet, a changed K and two teams level on VPs.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import workbook_checks as checks
from workbook_checks import blank

from xlbridge.errors import InputError
from xlbridge.scoring.ranking import places
from xlbridge.scoring.scales.gaussian import vp_scale
from xlbridge.workbooks.kit.ranking import FIRST_ROW as RANKING_FIRST_ROW
from xlbridge.workbooks.league.build import (
    BYE,
    FIRST_ROW,
    MATCHES,
    MATCHES_COLUMNS,
    MATCHES_SHEET,
    MAX_TEAMS,
    RANKING_SHEET,
    SCALE_SHEET,
    TABLE_SHEET,
    TEAMS,
    TEAMS_SHEET,
    LeagueBook,
    build_league,
    double_round_robin,
    round_robin,
)

ALLOWED_FUNCTIONS = {
    "COUNT",
    "IF",
    "ISNUMBER",
    "LOOKUP",
    "MAX",
    "NORMSINV",
    "ROUND",
    "SQRT",
    "SUM",
    "SUMIF",
    "SUMPRODUCT",
    "ABS",
    "COUNTIF",
    "IFERROR",
    "INDEX",
    "MATCH",
    "ROWS",
}
FORMULA_LIKE = {1: "=Smith", 2: "+Plus Four", 3: "-Minus", 4: "@Home"}
SHEETS = (TEAMS_SHEET, MATCHES_SHEET, TABLE_SHEET, RANKING_SHEET, SCALE_SHEET)
Margins = dict[tuple[int, int], int | None]
TOTALS_KEYS = ("played", "vps", "margin", "rank")
#: A seed whose results leave two teams level on VPs (3rd equal) in the odd league.
TIE_SEED = 13


@dataclass(frozen=True)
class Standing:
    """A team's line of the table, from the core."""

    against: dict[int, float]  # opponent → VPs, played matches only (both legs added)
    margin: int
    matches: int = 0


# --------------------------------------------------------------------------------------------
# Helpers


def random_margins(
    seed: int, book: LeagueBook, k: float, unplayed: float, idle: int | None = None
) -> Margins:
    """An IMP margin for each match (None = not played): normal with σ = K·√boards, whole
    numbers; ``idle`` plays no match at all."""
    rng = np.random.default_rng(seed)
    sigma = k * np.sqrt(book.boards)
    margins: Margins = {}
    for pair in pairs(book):
        if idle in pair or rng.random() < unplayed:
            margins[pair] = None
        else:
            margins[pair] = int(np.rint(rng.normal(0, 1.5 * sigma)))
    return margins


def pairs(book: LeagueBook) -> list[tuple[int, int]]:
    """(home, away) of every match, byes left out."""
    return [(f.home, f.away) for f in book.fixtures if f.away is not None]


def fill(book: LeagueBook, margins: Margins, names: dict[int, str]) -> None:
    checks.type_in(
        book.workbook[TEAMS_SHEET], {book.name_cell(t): name for t, name in names.items()}
    )
    typed = {book.margin_cell(home, away): margin for (home, away), margin in margins.items()}
    checks.type_in(book.workbook[MATCHES_SHEET], typed)


def standings(book: LeagueBook, margins: Margins, k: float) -> dict[int, Standing]:
    """Each team's VPs against each opponent it has played, and its IMP margin (core VPs)."""
    scale = vp_scale(book.boards, k)
    against: dict[int, dict[int, float]] = {team: {} for team in range(1, book.teams + 1)}
    total_margin = Counter[int]()
    played = Counter[int]()
    for (home, away), margin in margins.items():
        if margin is None:
            continue
        against[home][away] = against[home].get(away, 0.0) + float(scale.vp(margin))
        against[away][home] = against[away].get(home, 0.0) + float(scale.vp(-margin))
        total_margin[home] += margin
        total_margin[away] -= margin
        played[home] += 1
        played[away] += 1
    return {team: Standing(against[team], total_margin[team], played[team]) for team in against}


def ranks(table: dict[int, Standing]) -> dict[int, int]:
    """The core's places: VPs, then IMP margin, among the teams that have played."""
    teams = sorted(table)
    vps = [sum(table[t].against.values()) if table[t].against else None for t in teams]
    margins = [float(table[t].margin) for t in teams]
    return {t: p for t, p in zip(teams, places(vps, margins), strict=True) if p is not None}


def shown_name(team: int, names: dict[int, str]) -> str:
    return names.get(team, f"Team {team}")


def assert_league(
    values: Any, book: LeagueBook, margins: Margins, k: float, names: dict[int, str]
) -> None:
    """Teams, Matches and Table sheets as the core says; unplayed things blank."""
    scale = vp_scale(book.boards, k)
    teams = values[TEAMS_SHEET]
    for team in range(1, book.teams + 1):
        assert teams[f"{TEAMS['number']}{book.team_row(team)}"].value == team
        assert teams[book.name_cell(team)].value == names.get(team), team

    matches = values[MATCHES_SHEET]
    for fixture in book.fixtures:
        cells = {key: matches[f"{letter}{fixture.row}"].value for key, letter in MATCHES.items()}
        assert (cells["round"], cells["home"]) == (fixture.round, fixture.home)
        assert cells["home_name"] == shown_name(fixture.home, names)
        if fixture.away is None:
            assert cells["away_name"] == BYE
            assert all(blank(cells[key]) for key in ("away", "margin", "home_vp", "away_vp"))
            continue
        assert cells["away"] == fixture.away
        assert cells["away_name"] == shown_name(fixture.away, names)
        margin = margins[fixture.home, fixture.away]
        if margin is None:
            assert all(blank(cells[key]) for key in ("margin", "home_vp", "away_vp")), fixture
        else:
            assert cells["home_vp"] == float(scale.vp(margin)), fixture
            assert cells["away_vp"] == float(scale.vp(-margin)), fixture

    table = values[TABLE_SHEET]
    want = standings(book, margins, k)
    want_ranks = ranks(want)
    for team in range(1, book.teams + 1):
        row = book.team_row(team)
        assert table[f"A{row}"].value == team
        assert table[f"B{row}"].value == shown_name(team, names)
        for opponent in range(1, book.teams + 1):
            got = table[book.cross_cell(team, opponent)].value
            if opponent in want[team].against:
                assert got == want[team].against[opponent], (team, opponent)
            else:
                assert blank(got), (team, opponent)
        totals = {key: table[book.total_cell(key, team)].value for key in TOTALS_KEYS}
        if not want[team].against:
            assert all(blank(totals[key]) for key in TOTALS_KEYS), team
            continue
        assert totals["played"] == want[team].matches, team
        assert totals["vps"] == sum(want[team].against.values()), team
        assert totals["margin"] == want[team].margin, team
        assert totals["rank"] == want_ranks[team], team
    assert_ranking_sheet(values, book, want, names)


def assert_ranking_sheet(
    values: Any, book: LeagueBook, want: dict[int, Standing], names: dict[int, str]
) -> None:
    """The Ranking sheet lists the teams that have played in the core's order and places."""
    teams = list(range(1, book.teams + 1))
    vps = [sum(want[t].against.values()) if want[t].against else None for t in teams]
    margins = [float(want[t].margin) for t in teams]
    letters = {"place": "A", "number": "B", "name": "C", "played": "D", "vps": "E", "margin": "F"}
    checks.assert_ranking(
        values[RANKING_SHEET],
        letters,
        RANKING_FIRST_ROW,
        book.teams,
        vps,
        margins,
        {
            "number": teams,
            "name": [shown_name(t, names) for t in teams],
            "played": [want[t].matches for t in teams],
            "vps": vps,
            "margin": margins,
        },
    )


# --------------------------------------------------------------------------------------------
# Recalculated in LibreOffice


def test_empty_league_is_blank_and_error_free(libreoffice, tmp_path: Path) -> None:
    book = build_league()
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "league.xlsx")
    margins: Margins = dict.fromkeys(pairs(book))
    assert_league(values, book, margins, 6.5, {})


def test_league_part_way_through_matches_core(libreoffice, tmp_path: Path) -> None:
    book = build_league(teams=8, boards=16)
    margins = random_margins(11, book, 6.5, unplayed=0.25)
    names = FORMULA_LIKE | {6: "Sixes & Sevens"}
    fill(book, margins, names)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "league.xlsx")
    assert None in margins.values() and 0 < sum(m is not None for m in margins.values())
    assert_league(values, book, margins, 6.5, names)


def test_odd_league_with_an_idle_team_and_a_tie(libreoffice, tmp_path: Path) -> None:
    boards, k = 24, 6.0
    book = build_league(teams=7, boards=boards, k=7.0)
    book.workbook[SCALE_SHEET][book.card.k] = k  # the organiser changes K: the VPs follow
    margins = random_margins(TIE_SEED, book, k, unplayed=0.1, idle=7)
    names = {team: name for team, name in FORMULA_LIKE.items() if team != 2}
    fill(book, margins, names)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "league.xlsx")
    want = standings(book, margins, k)
    assert not want[7].against  # team 7 has played nothing: blank totals, no rank
    vps = Counter(sum(s.against.values()) for s in want.values() if s.against)
    assert max(vps.values()) > 1  # two teams level on VPs, placed apart by IMP margin
    assert len(set(ranks(want).values())) == len(ranks(want))
    assert_league(values, book, margins, k, names)


def mirrored_margins(seed: int, book: LeagueBook, k: float) -> Margins:
    """Random margins in which teams 1 and 2 score alike against everyone (and 0 net against
    each other over the two legs), so they tie on VPs and on IMP margin and share a place."""
    margins = random_margins(seed, book, k, unplayed=0.2)
    for (home, away), margin in list(margins.items()):
        if {home, away} == {1, 2}:
            margins[home, away] = margins[away, home] = 5
        elif 1 in (home, away):
            twin = (2, away) if home == 1 else (home, 2)
            margins[twin] = margin
    return margins


@pytest.mark.parametrize("seed", [3, 8])
def test_double_league_with_a_shared_place(libreoffice, tmp_path: Path, seed: int) -> None:
    book = build_league(teams=6, boards=12, double=True)
    margins = mirrored_margins(seed, book, 6.5)
    names = {1: "=Twin one", 2: "Twin two " + "x" * 40}
    fill(book, margins, names)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "league.xlsx")
    want = standings(book, margins, 6.5)
    assert ranks(want)[1] == ranks(want)[2]  # shared: "n=" on the Ranking
    assert_league(values, book, margins, 6.5, names)


def test_double_round_robin_meets_twice_home_and_away() -> None:
    for teams in (2, 5, 8):
        rounds = double_round_robin(teams)
        assert len(rounds) == 2 * len(round_robin(teams))
        matches = Counter((h, a) for matches in rounds for h, a in matches if a is not None)
        assert all(count == 1 for count in matches.values())
        for h, a in matches:
            assert (a, h) in matches


# --------------------------------------------------------------------------------------------
# The schedule


@pytest.mark.parametrize("teams", range(2, MAX_TEAMS + 1))
def test_round_robin_every_pair_meets_once(teams: int) -> None:
    rounds = round_robin(teams)
    assert len(rounds) == (teams - 1 if teams % 2 == 0 else teams)
    pairs = [
        frozenset((home, away)) for matches in rounds for home, away in matches if away is not None
    ]
    assert Counter(pairs) == Counter(
        frozenset(p) for p in itertools.combinations(range(1, teams + 1), 2)
    )
    byes = Counter(home for matches in rounds for home, away in matches if away is None)
    for matches in rounds:
        seen = [team for home, away in matches for team in (home, away) if team is not None]
        assert len(seen) == len(set(seen)) == teams  # everyone once a round (a bye included)
        assert sum(away is None for _, away in matches) == teams % 2
    assert byes == (Counter(range(1, teams + 1)) if teams % 2 else Counter())
    home = Counter(h for matches in rounds for h, a in matches if a is not None)
    assert max(home.values()) - min(home.get(t, 0) for t in range(1, teams + 1)) <= 1


def test_matches_sheet_follows_the_schedule() -> None:
    book = build_league(teams=5)
    sheet = book.workbook[MATCHES_SHEET]
    rows = [
        (
            sheet[f"{MATCHES['round']}{f.row}"].value,
            sheet[f"{MATCHES['home']}{f.row}"].value,
            sheet[f"{MATCHES['away']}{f.row}"].value,
        )
        for f in book.fixtures
    ]
    schedule = [
        (number, home, away)
        for number, matches in enumerate(round_robin(5), start=1)
        for home, away in matches
    ]
    assert rows == schedule
    assert [f.row for f in book.fixtures] == list(range(FIRST_ROW, FIRST_ROW + len(schedule)))


# --------------------------------------------------------------------------------------------
# Structure (no recalculation)


def test_inputs_unlocked_formulas_locked_and_validated() -> None:
    book = build_league(teams=7, boards=20)
    workbook = book.workbook
    assert workbook.sheetnames == list(SHEETS)
    names = {book.name_cell(team) for team in range(1, book.teams + 1)}
    margins = {book.margin_cell(home, away) for home, away in pairs(book)}
    inputs = {
        TEAMS_SHEET: names,
        MATCHES_SHEET: margins,
        TABLE_SHEET: set(),
        RANKING_SHEET: set(),
        SCALE_SHEET: {book.card.boards, book.card.k},
    }
    for title, wanted in inputs.items():
        checks.assert_only_inputs_unlocked(workbook[title], wanted)
    checks.assert_protected(workbook.worksheets)
    for ref in names:
        assert workbook[TEAMS_SHEET][ref].number_format == "@"
    for title in (TEAMS_SHEET, MATCHES_SHEET):
        assert workbook[title].freeze_panes == f"A{FIRST_ROW}", title
    assert workbook[TABLE_SHEET].freeze_panes == f"C{FIRST_ROW}"

    name_rules = workbook[TEAMS_SHEET].data_validations.dataValidation
    assert [(r.type, str(r.sqref)) for r in name_rules] == [
        ("textLength", f"B{FIRST_ROW}:B{book.team_row(book.teams)}")
    ]
    (margin_rule,) = workbook[MATCHES_SHEET].data_validations.dataValidation
    assert (margin_rule.type, margin_rule.formula1, margin_rule.formula2) == (
        "whole",
        "-480",
        "480",
    )
    assert set(str(margin_rule.sqref).split()) == margins

    # Formulas everywhere outside the inputs, team numbers and headings; byes have no input.
    table = workbook[TABLE_SHEET]
    for team in range(1, book.teams + 1):
        for opponent in range(1, book.teams + 1):
            cell = table[book.cross_cell(team, opponent)]
            if team == opponent:
                assert cell.value is None and cell.fill.fgColor.rgb.endswith("BFBFBF")
            else:
                assert str(cell.value).startswith("='Matches'!"), cell.coordinate
        for key in TOTALS_KEYS:
            assert str(table[book.total_cell(key, team)].value).startswith("=")
    matches = workbook[MATCHES_SHEET]
    for fixture in book.fixtures:
        for column in MATCHES_COLUMNS:
            value = matches[f"{MATCHES[column.key]}{fixture.row}"].value
            if column.key in ("home_name", "away_name", "home_vp", "away_vp"):
                assert fixture.away is None or str(value).startswith("="), column.key
            if fixture.away is None and column.key in ("away", "margin", "home_vp", "away_vp"):
                assert value is None
    checks.assert_allowed_functions(workbook, ALLOWED_FUNCTIONS)


def test_options_reach_the_card() -> None:
    book = build_league(boards=12, k=6.25)
    sheet = book.workbook[SCALE_SHEET]
    assert (sheet[book.card.boards].value, sheet[book.card.k].value) == (12, 6.25)
    assert len(book.card.band_rows) == len(vp_scale(12, 6.25).winner)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_print_setup(paper: str) -> None:
    book = build_league(teams=12, paper=paper)
    for sheet in book.workbook.worksheets:
        checks.assert_printable(sheet, paper)
    for title in (TEAMS_SHEET, MATCHES_SHEET, TABLE_SHEET):
        assert str(book.workbook[title].print_title_rows) in ("$2:$2", "$1:$2"), title
    assert book.workbook[TABLE_SHEET].page_setup.orientation == "landscape"
    # Page breaks fall between rounds (6 matches a round), never inside one.
    breaks = [b.id for b in book.workbook[MATCHES_SHEET].row_breaks.brk]
    assert breaks and all((row - FIRST_ROW + 1) % 6 == 0 for row in breaks)


@pytest.mark.parametrize(
    ("arguments", "option"),
    [
        ({"teams": 1}, "teams"),
        ({"teams": MAX_TEAMS + 1}, "teams"),
        ({"teams": 7.5}, "teams"),
        ({"boards": 0}, "boards"),
        ({"boards": 201}, "boards"),
        ({"k": 0}, "k"),
        ({"k": -1}, "k"),
        ({"paper": "a3"}, "paper"),
    ],
)
def test_bad_options_are_rejected(arguments: dict[str, Any], option: str) -> None:
    with pytest.raises(InputError, match=rf"^{option}\b"):
        build_league(**arguments)


def test_every_bad_margin_in_one_run(tmp_path: Path) -> None:
    """Two margins typed wrong (text; more IMPs than 16 boards can give: 24 x 16 = 384): both
    named, in row order, and no standings."""
    from xlbridge.errors import InputErrors
    from xlbridge.workbooks.league.results import league_standings

    book = build_league(teams=4, boards=16)
    (first, second), *_ = [pairs(book)[:2]]
    checks.type_in(
        book.workbook[MATCHES_SHEET],
        {book.margin_cell(*first): "ten", book.margin_cell(*second): 385},
    )
    path = tmp_path / "league.xlsx"
    book.workbook.save(path)
    with pytest.raises(InputErrors) as caught:
        league_standings(path)
    cells = [book.margin_cell(*first), book.margin_cell(*second)]
    assert [m.split(": ")[1] for m in caught.value.messages] == [
        f"{MATCHES_SHEET}!{cell}" for cell in cells
    ]
    assert "must be a whole number from -384 to 384, got 385" in caught.value.messages[1]


@pytest.mark.parametrize("sheet", [TEAMS_SHEET, SCALE_SHEET])
def test_a_chart_sheet_where_a_table_belongs_is_named(tmp_path: Path, sheet: str) -> None:
    """A chart sheet in place of the Teams or the Scale sheet: named (it was a TypeError, a
    chart sheet has no cells)."""
    from xlbridge.workbooks.league.results import league_standings

    path = tmp_path / "league.xlsx"
    build_league(teams=4, boards=16).workbook.save(path)
    checks.chart_in_place_of(path, sheet)
    with pytest.raises(InputError) as caught:
        league_standings(path)
    assert str(caught.value) == (
        f"{path}: sheet {sheet} is a chart sheet, not the template's table: restore the sheet "
        "from a backup (or from a new template) and delete the chart sheet"
    )
