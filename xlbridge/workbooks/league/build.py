"""An all-play-all teams league: a round-robin schedule, IMP margins in, VPs and a table out.

Every team meets every other team once, in ``teams − 1`` rounds (``teams`` rounds for an odd
number of teams: each round one team has a bye), drawn by the circle method
(:func:`round_robin`). A match is scored by its IMP margin for the home team, turned into VPs
for both teams by the live card on the Scale sheet.

Sheets (every one: a title in row 1, headings in row 2 — frozen and repeated on printed
pages —, one record a row from row 3; inputs unlocked and tinted, everything else locked
behind sheet protection without a password):

- **Teams** — one row per team: number (fixed) and name (text input, formatted "@" so a name
  such as "=Smith" stays text). A blank name shows as "Team n" elsewhere.
- **Matches** — one row per fixture, round by round (a page break never splits a round):
  round, home team number and name, away team number and name, the IMP margin for the home
  team (input: a whole number from −24·boards to 24·boards; blank = not played yet; 0 is a
  draw), home VPs and away VPs (blank until the margin is typed). A team with a bye has a
  row of its own in its round, "bye" in place of the away team and no input. Team names here
  and on the Table are formulas reading the Teams sheet.
- **Table** — a cross table: one row per team, one column per opponent (headed by its
  number); the cell of row i, column j holds the VPs team i scored against team j, blank
  until they have played; the diagonal is shaded. Then matches played, total VPs, total IMP
  margin (for information) and rank. A team that has played no match shows blank totals and
  no rank.
- **Scale** — the live VP card (:func:`xlbridge.workbooks.scales.live_card.write_card`, teams of
  four, 20 VPs) for the league's board count, with boards and K as inputs.

Ranks: among the teams that have played, 1 + the teams with more VPs + the teams with as
many VPs and a larger IMP margin, so teams equal on both share a place (as
:func:`xlbridge.scoring.ranking.places`, and ``xlbridge swiss standings``). A bye scores
nothing (and is not a match played).

Techniques (Excel 2010 function set): the schedule is fixed when the workbook is built, so a
cross-table cell refers straight to its match's VP cell on the Matches sheet; a team's VPs
are SUM and its matches COUNT over its row of the cross table (blank cells are ""); its IMP
margin is SUMIF(home numbers, team, margins) − SUMIF(away numbers, team, margins); VPs are
:meth:`~xlbridge.workbooks.scales.live_card.CardCells.vp_formula` of the margin (the away team's of
its negative); ranks are :func:`xlbridge.workbooks.kit.formulas.place` of VPs and margin.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from openpyxl import Workbook
from openpyxl.styles import PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring import checks
from xlbridge.scoring.imps import MAX_IMPS
from xlbridge.scoring.names import MAX_BOARDS
from xlbridge.scoring.scales.choice import choose_scale
from xlbridge.scoring.scales.wbf_discrete import DiscreteScale
from xlbridge.workbooks.kit import formulas, layout, ranking, refs, styles, validation
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import (
    PAPER_SIZES,
    ROW_HEIGHT,
    is_wide,
    keep_sections_together,
    orient,
)
from xlbridge.workbooks.scales.cards import write_scale_sheet
from xlbridge.workbooks.scales.live_card import CardCells

TEAMS_SHEET = "Teams"
MATCHES_SHEET = "Matches"
TABLE_SHEET = "Table"
RANKING_SHEET = ranking.SHEET
SCALE_SHEET = "Scale"
TITLE = "League"

MAX_TEAMS = 40
NAME_LENGTH = 60
BYE = "bye"

TITLE_ROW = 1
HEADER_ROW = 2
FIRST_ROW = 3
HEADER_HEIGHT = 3 * ROW_HEIGHT
DIAGONAL_FILL = PatternFill("solid", fgColor="BFBFBF")
BYE_FILL = styles.WORKING_FILL

TEAMS_COLUMNS = (
    Column("number", "Team", 6),
    Column("name", "Team name", ranking.NAME_WIDTH, "@", True),
)
MATCHES_COLUMNS = (
    Column("round", "Round", 6),
    Column("home", "Home team", 6),
    Column("home_name", "Home team name", ranking.NAME_WIDTH, "General"),
    Column("away", "Away team", 6),
    Column("away_name", "Away team name", ranking.NAME_WIDTH, "General"),
    Column("margin", "IMP margin of the home team (+ won, − lost)", 12),
    Column("home_vp", "Home VPs", 7),
    Column("away_vp", "Away VPs", 7),
)
TEAMS = layout.letters(TEAMS_COLUMNS)
MATCHES = layout.letters(MATCHES_COLUMNS)
#: Table columns before the cross table, and the widths of its parts.
TABLE_NUMBER, TABLE_NAME = "A", "B"
FIRST_CROSS_COLUMN = 3
CROSS_WIDTH = 5.0
TOTALS = (
    Column("played", "Matches played", 8),
    Column("vps", "VPs", 7),
    Column("margin", "IMP margin", 8),
    Column("rank", "Place", 6),
)


class Fixture(NamedTuple):
    """One row of the Matches sheet: a match, or a bye (``away`` None)."""

    round: int
    home: int
    away: int | None
    row: int


def round_robin(teams: int) -> list[list[tuple[int, int | None]]]:
    """A round-robin schedule by the circle method: a list of rounds of (home, away) pairs.

    Team 1 stays put while the others rotate one place a round; with an odd number of teams a
    "bye" (None) joins the circle, and its partner sits out (listed last in its round, as
    (team, None)). Team 1 is at home in rounds 1, 3, 5 … and away in rounds 2, 4 …; in the
    other pairs the team in the upper half of the circle is at home, so every
    team is at home in half its matches, give or take one.
    """
    teams = checks.whole_number("teams", teams, 2, MAX_TEAMS)
    circle: list[int | None] = [*range(1, teams + 1)] + ([None] if teams % 2 else [])
    size = len(circle)
    rounds: list[list[tuple[int, int | None]]] = []
    for number in range(size - 1):
        matches: list[tuple[int, int | None]] = []
        byes: list[tuple[int, int | None]] = []
        for i in range(size // 2):
            home, away = circle[i], circle[size - 1 - i]
            if i == 0 and number % 2:
                home, away = away, home
            if home is None or away is None:
                team = home if away is None else away
                assert team is not None
                byes.append((team, None))
            else:
                matches.append((home, away))
        rounds.append(matches + byes)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def double_round_robin(teams: int) -> list[list[tuple[int, int | None]]]:
    """Home and away: :func:`round_robin`, then the same rounds again with home and away
    swapped (a bye stays a bye), so every two teams meet twice, once at each's home."""
    first = round_robin(teams)
    second: list[list[tuple[int, int | None]]] = [
        [(a, h) if a is not None else (h, None) for h, a in matches] for matches in first
    ]
    return first + second


@dataclass(frozen=True)
class LeagueBook:
    """The workbook and where its cells are (columns: ``TEAMS``, ``MATCHES``)."""

    workbook: Workbook
    teams: int
    boards: int
    fixtures: tuple[Fixture, ...]
    card: CardCells
    double: bool = False

    @property
    def matches(self) -> tuple[Fixture, ...]:
        """The fixtures that are matches (not byes)."""
        return tuple(f for f in self.fixtures if f.away is not None)

    def team_row(self, team: int) -> int:
        """Row of team ``team`` on the Teams and the Table sheets."""
        return FIRST_ROW + team - 1

    def name_cell(self, team: int) -> str:
        """The name input of a team on the Teams sheet."""
        return f"{TEAMS['name']}{self.team_row(team)}"

    def margin_cell(self, home: int, away: int) -> str:
        """The margin input of the match between ``home`` and ``away`` (Matches sheet)."""
        return f"{MATCHES['margin']}{self._fixture(home, away).row}"

    def cross_cell(self, team: int, opponent: int) -> str:
        """The Table cell of the VPs ``team`` scored against ``opponent``."""
        return f"{get_column_letter(FIRST_CROSS_COLUMN + opponent - 1)}{self.team_row(team)}"

    def total_column(self, key: str) -> str:
        """The Table's column of a total: ``key`` is played, vps, margin or rank."""
        index = [c.key for c in TOTALS].index(key)
        letter: str = get_column_letter(FIRST_CROSS_COLUMN + self.teams + index)
        return letter

    def total_cell(self, key: str, team: int) -> str:
        """A total of a team on the Table."""
        return f"{self.total_column(key)}{self.team_row(team)}"

    def _fixture(self, home: int, away: int) -> Fixture:
        for fixture in self.fixtures:
            if (fixture.home, fixture.away) == (home, away):
                return fixture
        raise KeyError(f"no match {home} v {away}")


def build_league(
    *,
    teams: int = 8,
    boards: int = 16,
    k: float | None = None,
    double: bool = False,
    paper: str = "a4",
    scale: str | None = None,
    bounds: str | None = None,
) -> LeagueBook:
    """An all-play-all league of ``teams`` teams playing ``boards``-board matches.

    ``k`` is the card's K (default 6.5); ``double`` plays home and away (every two teams meet
    twice); ``paper`` is a4 or letter; ``scale`` gaussian (default) or wbf-discrete (the WBF
    whole-VP table), ``bounds`` lower or white-book (gaussian only). Raises InputError naming
    the first bad option.
    """
    teams = checks.whole_number("teams", teams, 2, MAX_TEAMS)
    double = checks.flag("double", double)
    boards = checks.whole_number("boards", boards, 1, MAX_BOARDS)
    if k is not None:
        k = checks.positive_number("k", k)
    paper = checks.choice("paper", paper, PAPER_SIZES)
    chosen = choose_scale(boards, scale, k=k, bounds=bounds)
    spread = "" if isinstance(chosen, DiscreteScale) else " or K"

    fixtures: list[Fixture] = []
    section_heights: list[int] = []
    schedule = double_round_robin(teams) if double else round_robin(teams)
    for number, pairs in enumerate(schedule, start=1):
        for home, away in pairs:
            fixtures.append(Fixture(number, home, away, FIRST_ROW + len(fixtures)))
        section_heights.append(len(pairs))

    workbook, teams_ws = layout.new_workbook(TEAMS_SHEET)
    matches_ws = workbook.create_sheet(MATCHES_SHEET)
    table_ws = workbook.create_sheet(TABLE_SHEET)
    ranking_ws = workbook.create_sheet(RANKING_SHEET)
    card = write_scale_sheet(
        workbook.create_sheet(SCALE_SHEET),
        chosen,
        paper,
        f"Change boards{spread} (tinted cells): the {MATCHES_SHEET} and {TABLE_SHEET} sheets "
        "follow.",
    )
    book = LeagueBook(workbook, teams, boards, tuple(fixtures), card, double)
    _write_teams(teams_ws, book, paper)
    _write_matches(matches_ws, book, section_heights, paper)
    _write_table(table_ws, book, paper)
    _write_ranking(ranking_ws, book, paper)
    return book


# --------------------------------------------------------------------------------------------
# Helpers


def _start_sheet(ws: Worksheet, title: str, columns: tuple[Column, ...]) -> None:
    layout.start_sheet(ws, title, columns, heading_row=HEADER_ROW, height=HEADER_HEIGHT)


def _finish_sheet(ws: Worksheet, paper: str, last_row: int, last_column: int, freeze: str) -> None:
    layout.finish(ws, paper, last_row, last_column, freeze=f"{freeze}{FIRST_ROW}")
    orient(ws, last_column)


def _display_name(team: int) -> str:
    """A formula showing team ``team``'s name from the Teams sheet, "Team n" when blank."""
    name = refs.on(TEAMS_SHEET, refs.absolute(TEAMS["name"], FIRST_ROW + team - 1))
    return f'=IF({name}="","Team {team}",{name})'


# --------------------------------------------------------------------------------------------
# Teams


def _write_teams(ws: Worksheet, book: LeagueBook, paper: str) -> None:
    _start_sheet(ws, f"{TITLE} · {book.teams} teams", TEAMS_COLUMNS)
    for team in range(1, book.teams + 1):
        values = {"number": team}
        layout.write_row(ws, book.team_row(team), TEAMS_COLUMNS, values, left=layout.text_columns)
    last = book.team_row(book.teams)
    validation.text_length(
        ws,
        [refs.column_range(TEAMS["name"], FIRST_ROW, last)],
        NAME_LENGTH,
        "Team",
        f"A team name has at most {NAME_LENGTH} characters.",
    )
    _finish_sheet(ws, paper, last, len(TEAMS_COLUMNS), "A")


# --------------------------------------------------------------------------------------------
# Matches


def _write_matches(ws: Worksheet, book: LeagueBook, section_heights: list[int], paper: str) -> None:
    _start_sheet(
        ws,
        f"{TITLE} · {book.teams} teams · matches (type the home team's IMP margin)",
        MATCHES_COLUMNS,
    )
    margin_limit = MAX_IMPS * book.boards
    for fixture in book.fixtures:
        row = fixture.row
        margin = f"{MATCHES['margin']}{row}"
        values: dict[str, object] = {
            "round": fixture.round,
            "home": fixture.home,
            "home_name": _display_name(fixture.home),
        }
        if fixture.away is None:
            values["away_name"] = BYE
        else:
            values |= {
                "away": fixture.away,
                "away_name": _display_name(fixture.away),
                "home_vp": "=" + book.card.vp_formula(margin, SCALE_SHEET),
                "away_vp": f"=IF(ISNUMBER({margin}),"
                f'{book.card.vp_formula(f"(-{margin})", SCALE_SHEET)},"")',
            }
        layout.write_row(ws, row, MATCHES_COLUMNS, values, left=layout.text_columns)
        if fixture.away is None:
            for key in ("away", "margin", "home_vp", "away_vp"):
                ws[f"{MATCHES[key]}{row}"].fill = BYE_FILL
        else:
            styles.mark_input(ws, margin)
    margins = [f"{MATCHES['margin']}{f.row}" for f in book.fixtures if f.away is not None]
    validation.whole(ws, margins, -margin_limit, margin_limit, "IMP margin")
    landscape = is_wide([column.width for column in MATCHES_COLUMNS])
    height = ws.row_dimensions[HEADER_ROW].height or HEADER_HEIGHT
    keep_sections_together(ws, paper, section_heights, FIRST_ROW, height, landscape=landscape)
    _finish_sheet(ws, paper, book.fixtures[-1].row, len(MATCHES_COLUMNS), "A")


# --------------------------------------------------------------------------------------------
# Table


def _write_table(ws: Worksheet, book: LeagueBook, paper: str) -> None:
    n = book.teams
    last_column = FIRST_CROSS_COLUMN + n + len(TOTALS) - 1
    boards = refs.on(SCALE_SHEET, refs.fixed(book.card.boards))
    layout.title(
        ws,
        f'="{TITLE} table · {n} teams · "&{boards}&"-board matches · VPs '
        f'scored against each opponent{" (home and away added)" if book.double else ""}"',
        last_column,
    )
    layout.heading(ws.cell(HEADER_ROW, 1), "Team")
    layout.heading(ws.cell(HEADER_ROW, 2), "Team name")
    ws.column_dimensions[TABLE_NUMBER].width = 6
    ws.column_dimensions[TABLE_NAME].width = ranking.NAME_WIDTH
    for opponent in range(1, n + 1):
        column = FIRST_CROSS_COLUMN + opponent - 1
        layout.heading(ws.cell(HEADER_ROW, column), opponent).number_format = "0"
        ws.column_dimensions[get_column_letter(column)].width = CROSS_WIDTH
    layout.headings(ws, HEADER_ROW, TOTALS, first=FIRST_CROSS_COLUMN + n, height=HEADER_HEIGHT)

    where: dict[tuple[int, int], list[str]] = {}
    for fixture in book.matches:
        assert fixture.away is not None
        where.setdefault((fixture.home, fixture.away), []).append(
            f"{MATCHES['home_vp']}{fixture.row}"
        )
        where.setdefault((fixture.away, fixture.home), []).append(
            f"{MATCHES['away_vp']}{fixture.row}"
        )
    first_cross = get_column_letter(FIRST_CROSS_COLUMN)
    last_cross = get_column_letter(FIRST_CROSS_COLUMN + n - 1)
    last_row = book.team_row(n)
    home_numbers, away_numbers, margins = (
        refs.on(MATCHES_SHEET, refs.absolute(MATCHES[key], FIRST_ROW, book.fixtures[-1].row))
        for key in ("home", "away", "margin")
    )

    def whole_column(key: str) -> str:
        return refs.absolute(book.total_column(key), FIRST_ROW, last_row)

    all_vps, all_margins = whole_column("vps"), whole_column("margin")
    for team in range(1, n + 1):
        row = book.team_row(team)
        layout.put(ws.cell(row, 1), team, "0")
        layout.put(ws.cell(row, 2), _display_name(team), "General", alignment=styles.LEFT)
        for opponent in range(1, n + 1):
            column = FIRST_CROSS_COLUMN + opponent - 1
            if opponent == team:
                layout.put(ws.cell(row, column), None, "0").fill = DIAGONAL_FILL
            else:
                layout.put(ws.cell(row, column), _cross_formula(where[team, opponent]), "0")
        played, vps, margin = (book.total_cell(key, team) for key in ("played", "vps", "margin"))
        matches = (
            f"SUMPRODUCT((({home_numbers}=$A{row})+({away_numbers}=$A{row}))*ISNUMBER({margins}))"
        )
        totals = {
            "played": f'=IF({matches}=0,"",{matches})',
            "vps": f'=IF({played}="","",SUM({first_cross}{row}:{last_cross}{row}))',
            "margin": f'=IF({played}="","",SUMIF({home_numbers},$A{row},{margins})'
            f"-SUMIF({away_numbers},$A{row},{margins}))",
            "rank": f'=IF({vps}="","",{formulas.place(vps, all_vps, margin, all_margins)})',
        }
        layout.write_row(ws, row, TOTALS, totals, first=FIRST_CROSS_COLUMN + n)
    ws.print_title_rows = f"{TITLE_ROW}:{HEADER_ROW}"
    _finish_sheet(ws, paper, last_row, last_column, first_cross)


def _cross_formula(cells: list[str]) -> str:
    """The VPs a team scored against one opponent: its match's VP cell on the Matches sheet,
    or with home and away the sum of both, blank until one is played."""
    on_matches = [refs.on(MATCHES_SHEET, cell) for cell in cells]
    if len(on_matches) == 1:
        return "=" + on_matches[0]
    both = ",".join(on_matches)
    return f'=IF(COUNT({both})=0,"",SUM({both}))'


# --------------------------------------------------------------------------------------------
# Ranking


def _write_ranking(ws: Worksheet, book: LeagueBook, paper: str) -> None:
    """The Table sorted by place: VPs, then IMP margin."""
    team, name = TEAMS_COLUMNS
    by_key = {column.key: column for column in TOTALS}

    def total(key: str) -> ranking.Shown:
        return ranking.Shown(by_key[key], book.total_column(key))

    shown = [
        ranking.Shown(team, TABLE_NUMBER),
        ranking.Shown(name, TABLE_NAME, text=True),
        total("played"),
        total("vps"),
        total("margin"),
    ]
    source = ranking.Source(
        TABLE_SHEET, FIRST_ROW, book.team_row(book.teams), book.total_column("rank")
    )
    ranking.write_ranking(
        ws,
        f"{TITLE} · {book.teams} teams · ranking by VPs, then IMP margin",
        source,
        shown,
        paper,
        note="Teams equal on VPs are placed by their IMP margin; teams equal on both share "
        'a place, marked "=". A team that has not played is not listed.',
    )
