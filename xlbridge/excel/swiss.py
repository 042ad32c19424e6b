"""The Excel functions of Swiss events: the next round's draw (SWISS_DRAW) and a late
entry's score (LATE_ENTRY)."""

from __future__ import annotations

from typing import Any

import numpy as np
from xlwings import arg

from xlbridge.errors import InputError
from xlbridge.excel.cells import (
    MAX_SESSIONS,
    Grid,
    as_range,
    blank,
    blank_range,
    cell_errors,
    excel_function,
    to_cells,
)
from xlbridge.scoring import checks
from xlbridge.scoring.swiss.draw import LAST_ADD, late_entry, played_matrix, swiss_draw


@excel_function
@arg("teams", ndim=2, doc="The teams (names or numbers), one per cell.")
@arg("scores", ndim=2, doc="Each team's score so far (VPs), in the same order.")
@arg(
    "played",
    ndim=2,
    doc="Earlier matches: two columns (team, team), one row per match "
    "(BYE for a bye); or a teams × teams cross table of who met whom.",
)
@arg("seed", doc="A whole number for the random order within score groups (default 0).")
@cell_errors
def SWISS_DRAW(teams: Any, scores: Any, played: Any = None, seed: Any = None) -> Grid:
    """The next round of a Swiss: score groups top down, random within a group, no team meeting
    another twice while that can be avoided, a bye for an odd field; one row per table (table,
    home, away), then the bye."""
    names, points = _teams_and_scores(teams, scores)
    history = _matches_played(played, names)
    order = None if blank(seed) else checks.whole_number("seed", seed, 0)
    draw = swiss_draw(names, points, history, order)
    rows: Grid = [[table, home, away] for table, (home, away) in enumerate(draw.tables, 1)]
    if draw.bye is not None:
        rows.append(["bye", draw.bye, None])
    return rows


def _teams_and_scores(teams: Any, scores: Any) -> tuple[list[Any], list[Any]]:
    """Each team with the score beside it (same shape); rows blank in both are skipped, a
    team without a score or a score without a team is an error naming the cell."""
    team_cells = [cell for row in as_range(teams) for cell in row]
    score_cells = [cell for row in as_range(scores) for cell in row]
    if len(team_cells) != len(score_cells):
        raise InputError(
            f"scores must have one cell per team ({len(team_cells)}), got {len(score_cells)}"
        )
    names, points = [], []
    for i, (team, score) in enumerate(zip(team_cells, score_cells, strict=True), 1):
        if blank(team) and blank(score):
            continue
        if blank(team) or blank(score):
            missing = "teams" if blank(team) else "scores"
            raise InputError(f"{missing} must not be blank beside a filled cell: cell {i}")
        if isinstance(team, bool):
            raise InputError(f"teams must be names or numbers, got {checks.shown(team)}")
        names.append(team)
        points.append(score)
    return names, points


def _matches_played(played: Any, teams: list[Any]) -> list[Any]:
    """Earlier matches as (team, team) pairs: two columns, or a square cross table."""
    if blank_range(played):
        return []
    width = len(played[0])
    if width == len(played) == len(teams) and width != 2:
        return played_matrix(teams, played)
    if width != 2:
        raise InputError(
            f"played must be two columns (team, team) or a {len(teams)} × {len(teams)} cross "
            f"table, got {len(played)} × {width}"
        )
    return [tuple(row) for row in played if not all(blank(cell) for cell in row)]


@excel_function
@arg(
    "session",
    ndim=2,
    doc="The session (round) at which the pair joins: a cell or range of whole numbers from 1 "
    "to sessions.",
)
@arg("sessions", doc="Sessions in the event: a whole number from 1 to 100.")
@arg(
    "last_add",
    doc="What the last session adds (default 17): a number above sessions - 3 and above 0, "
    "at most 1000.",
)
@cell_errors
def LATE_ENTRY(session: Any, sessions: Any, last_add: Any = None) -> Grid:
    """Entry score of a pair joining a Swiss pairs late (J. Probst): with 6 sessions, 14,
    29, 45, 62 for sessions 3 to 6; 0 for sessions 1 and 2. Same shape as session.

    session: whole numbers from 1 to sessions (blank cells stay blank). sessions: a whole
    number from 1 to 100. last_add: a number greater than sessions - 3 and greater than 0,
    at most 1000 (session j adds last_add - sessions + j, so every late session adds more
    than 0 and no entry score is negative). Anything else is an error naming the argument."""
    entered = checks.margins("session", session)
    total = checks.whole_number("sessions", sessions, 1, MAX_SESSIONS)
    add = LAST_ADD if blank(last_add) else last_add
    scores = np.full(entered.shape, np.nan)
    known = ~np.isnan(entered)
    scores[known] = late_entry(entered[known], total, add)
    return to_cells(scores)
