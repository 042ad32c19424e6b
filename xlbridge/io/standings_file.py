"""Standings files for ``xlbridge swiss draw``: who is on what, and who has met whom.

A CSV file with a header row (see :mod:`xlbridge.io.csv.table` for separators and names):

- ``team`` — the team (or pair) name or number, one row each;
- ``score`` — its score so far (VPs);
- ``opponents`` — optional: the teams it has met, separated by ``|`` (``BYE`` for a bye);
- ``byes`` — optional: how many byes it has had (blank: none, or as many ``BYE`` opponents).

The draw is printed table by table, or written to ``-o FILE.csv`` (columns table, home,
away; the bye on a last row ``bye``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from xlbridge.errors import InputError
from xlbridge.io.bounds import terminal_text
from xlbridge.io.csv.cells import csv_text, unmarked
from xlbridge.io.csv.checks import check_range, check_table_text
from xlbridge.io.csv.table import parse_table, read_text
from xlbridge.scoring.checks import shown
from xlbridge.scoring.swiss.draw import BYE, Draw, swiss_draw

OPPONENT_SEPARATOR = "|"


def draw_from_file(path: Path, seed: int | None = None) -> Draw:
    """Read a standings file and draw the next round (errors name the file and line)."""
    return draw_from_text(read_text(path), str(path), seed)


def draw_from_text(text: str, name: str = "standings", seed: int | None = None) -> Draw:
    table = parse_table(text, name, ("team", "score"))
    check_table_text(table)
    teams = table.texts("team")
    table.reject_repeats(teams, "team")
    for row, team in enumerate(teams):
        if OPPONENT_SEPARATOR in team:
            raise table.fail(
                row, f"team names must not contain {OPPONENT_SEPARATOR!r}, got {shown(team)}"
            )
        if team.upper() == BYE:
            raise table.fail(
                row, f"a team must not be named {BYE} (it marks a bye), got {shown(team)}"
            )
    scores = check_range(table, "score", table.numbers("score", blank_allowed=False), "points")
    played: list[tuple[str, str]] = []
    byes: list[str] = []
    for row, (team, cell) in enumerate(zip(teams, table.column("opponents"), strict=True)):
        for opponent in (unmarked(part.strip()) for part in cell.split(OPPONENT_SEPARATOR)):
            if opponent.upper() == BYE:
                byes.append(team)
            elif opponent and opponent not in teams:
                raise table.fail(row, f"opponent {shown(opponent)} is not a team in this file")
            elif opponent == team:
                raise table.fail(row, f"team {shown(team)} lists itself as an opponent")
            elif opponent:
                played.append((team, opponent))
    if table.has("byes"):
        counts = check_range(table, "byes", table.numbers("byes", blank_allowed=True), "byes")
        for team, count in zip(teams, counts, strict=True):
            extra = 0 if count != count else int(count) - byes.count(team)
            byes.extend([team] * max(extra, 0))
    _check_symmetric(played, name)
    try:
        return swiss_draw(teams, scores, played, seed, byes)
    except InputError as error:  # too few teams: name the file (--seed is not the file's)
        if str(error).startswith("seed "):
            raise
        raise InputError(f"{name}: {error}") from None


def _check_symmetric(played: list[tuple[str, str]], name: str) -> None:
    """Each meeting must be listed on both teams' rows."""
    counted: dict[frozenset[str], int] = {}
    for a, b in played:
        key = frozenset((a, b))
        counted[key] = counted.get(key, 0) + (1 if a < b else -1)
    lopsided = [tuple(sorted(key)) for key, balance in counted.items() if balance]
    if lopsided:
        a, b = lopsided[0]
        raise InputError(
            f"{name}: {shown(a)} and {shown(b)} must list each other as opponents "
            "the same number of times"
        )


def draw_csv(draw: Draw) -> str:
    """The draw as CSV text; team names that would start a formula are written as text."""
    rows: list[list[object]] = [["table", "home", "away"]]
    rows += [[i, home, away] for i, (home, away) in enumerate(draw.tables, 1)]
    if draw.bye is not None:
        rows.append(["bye", draw.bye, ""])
    return csv_text(rows)


def draw_text(draw: Draw, names: Mapping[Any, str] | None = None, noun: str = "team") -> str:
    """The draw as a short printed list; each entry with its name from ``names`` when it has
    one ("3 Lindqvist"), as printed for the players to find their table, and the entries
    (``noun``: "team" or "pair") floated down to another score."""

    def label(entry: Any) -> str:
        name = terminal_text((names or {}).get(entry, ""))
        return f"{entry} {name}" if name else str(entry)

    width = max((len(label(home)) for home, _ in draw.tables), default=4)
    lines = [f"{'table':>5}  {'home':<{width}}  away"]
    lines += [
        f"{i:>5}  {label(home):<{width}}  {label(away)}"
        for i, (home, away) in enumerate(draw.tables, 1)
    ]
    if draw.bye is not None:
        lines.append(f"{'bye':>5}  {label(draw.bye)}")
    lines.append(
        f"repeat meetings: {draw.repeats}; {noun}s floated to another score: {draw.floats}"
    )
    return "\n".join(lines)
