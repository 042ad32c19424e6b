"""The standings of a league workbook (made by ``xlbridge template league``), from what was
typed: the teams' names, each match's IMP margin, and boards and K on the Scale sheet.

:func:`league_standings` reads only typed cells, never the formulas' cached values (a file
written by xlbridge and never opened in a spreadsheet has none), and works the VPs out with the
core on the workbook's own card (:mod:`xlbridge.scoring.scales.gaussian`: the Gaussian card with its
bounds, or the WBF discrete table), as the Table sheet does; a bye scores nothing. A typed
cell that is not a number in range is named by sheet and cell.
"""

from __future__ import annotations

from pathlib import Path

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import InputError, Mistakes
from xlbridge.io.typed_workbook import (
    cell_where,
    open_workbook,
    typed_name,
    typed_number,
    worksheet,
)
from xlbridge.scoring.imps import MAX_IMPS
from xlbridge.scoring.names import MAX_BOARDS
from xlbridge.scoring.scales.choice import choose_scale
from xlbridge.scoring.scales.gaussian import VPScale
from xlbridge.scoring.scales.wbf_discrete import DiscreteScale
from xlbridge.scoring.team_standings import Match, Standings, team_standings
from xlbridge.workbooks.league.build import (
    FIRST_ROW,
    MATCHES,
    MATCHES_SHEET,
    SCALE_SHEET,
    TEAMS,
    TEAMS_SHEET,
    build_league,
)

#: The Scale sheet's title of a WBF discrete card, and the note of White Book bounds.
DISCRETE_TITLE, WHITE_BOOK_NOTE = "WBF discrete", "White Book bounds"


def is_league(path: Path) -> bool:
    """Whether ``path`` is a league workbook (it has the Teams and Matches sheets)."""
    workbook = open_workbook(path)
    return {TEAMS_SHEET, MATCHES_SHEET, SCALE_SHEET} <= set(workbook.sheetnames)


def league_standings(path: Path) -> Standings:
    """The league's standings: every team's VPs and opponent round by round, totals, places."""
    workbook = open_workbook(path)
    if not {TEAMS_SHEET, MATCHES_SHEET, SCALE_SHEET} <= set(workbook.sheetnames):
        raise InputError(f"{path}: not a league workbook made by xlbridge template league")
    teams_ws, matches_ws, scale_ws = (
        worksheet(path, workbook, title) for title in (TEAMS_SHEET, MATCHES_SHEET, SCALE_SHEET)
    )
    mistakes = Mistakes()  # every bad cell of the Teams and Matches sheets, raised together
    names: dict[int, str] = {}
    while teams_ws[f"{TEAMS['number']}{FIRST_ROW + len(names)}"].value == len(names) + 1:
        team = len(names) + 1
        ref = f"{TEAMS['name']}{FIRST_ROW + team - 1}"
        try:
            names[team] = typed_name(path, teams_ws, ref) or f"Team {team}"
        except InputError as error:
            mistakes.add(error, (0, team))
            names[team] = f"Team {team}"
    if len(names) < 2:
        raise InputError(f"{path}: the {TEAMS_SHEET} sheet is missing or damaged")
    boards, scale = _scale(path, scale_ws, len(names))
    matches = _matches(path, matches_ws, len(names), boards, mistakes)
    mistakes.raise_if_any()
    rounds = max((number for number, *_ in matches), default=0)

    def vps(margin: float) -> tuple[float, float]:
        return float(scale.vp(margin)), float(scale.vp(-margin))

    return team_standings(names, rounds, matches, vps)


def _scale(path: Path, ws: Worksheet, teams: int) -> tuple[int, VPScale | DiscreteScale]:
    """The boards and the card typed on the Scale sheet (its cells are where a league of
    ``teams`` teams has them)."""
    card = build_league(teams=teams).card
    typed = typed_number(path, ws, card.boards, "boards", 1, MAX_BOARDS, whole=True)
    if typed is None:
        raise InputError(f"{cell_where(path, ws.title, card.boards)}: type the number of boards")
    boards = int(typed)
    if DISCRETE_TITLE in str(ws["A1"].value or ""):
        return boards, choose_scale(boards, "wbf-discrete")
    k = typed_number(path, ws, card.k or "D2", "K", 1e-9, 1e9, whole=False)
    white_book = any(WHITE_BOOK_NOTE in str(ws[f"A{row}"].value or "") for row in range(1, 8))
    return boards, choose_scale(boards, k=k, bounds="white-book" if white_book else "lower")


def _matches(path: Path, ws: Worksheet, teams: int, boards: int, mistakes: Mistakes) -> list[Match]:
    """Every fixture row as (round, home, away or None, home margin or None); a bad row is
    kept in ``mistakes``."""
    matches: list[Match] = []
    row = FIRST_ROW
    while isinstance(ws[f"{MATCHES['round']}{row}"].value, int):
        try:
            matches.append(_match(path, ws, row, teams, boards))
        except InputError as error:
            mistakes.add(error, (1, row))
        row += 1
    return matches


def _match(path: Path, ws: Worksheet, row: int, teams: int, boards: int) -> Match:
    """The fixture typed in ``row`` of the Matches sheet."""
    number = int(ws[f"{MATCHES['round']}{row}"].value)
    home = ws[f"{MATCHES['home']}{row}"].value
    away = ws[f"{MATCHES['away']}{row}"].value
    if not isinstance(home, int) or not 1 <= home <= teams:
        where = cell_where(path, ws.title, f"{MATCHES['home']}{row}")
        raise InputError(f"{where}: not a team number")
    if away is not None and (not isinstance(away, int) or not 1 <= away <= teams):
        where = cell_where(path, ws.title, f"{MATCHES['away']}{row}")
        raise InputError(f"{where}: not a team number")
    margin = None
    if away is not None:
        limit = float(MAX_IMPS * boards)
        margin = typed_number(
            path, ws, f"{MATCHES['margin']}{row}", "the IMP margin", -limit, limit, whole=True
        )
    return (number, home, away, margin)
