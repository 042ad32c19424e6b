"""Swiss events: the entry score of a late entrant and the draw for the next round.

Late entry (J. Probst, "VP scales"; docs/swiss.md)
    A pair that joins a Swiss of T sessions at session s ≥ 3 starts on Σ_{j=3..s} (17 − T + j):
    the last session's entrants get "add 17" and each earlier session one less. See
    :func:`late_entry`.

The draw (J. Probst, "VP scales", on assigning matches)
    :func:`swiss_draw` pairs the next round from the scores so far and who has met whom. Its
    rules, in order of priority:

    1. **Draw order.** Teams are ranked by score, highest first. Teams on the same score form a
       *score group*; within a group the order is drawn at random (a numpy Generator seeded by
       ``seed``; Probst: every team on a score has the same merit, so neither goal
       difference nor count-back splits them). The same inputs and seed give the same draw;
       pass a different seed each round (the round number will do), or ties fall into the same
       order every round. ``seed`` left blank is :data:`DEFAULT_SEED`. Scores equal to
       :data:`SCORE_DECIMALS` decimals are equal (0.1 + 0.2 is 0.3).
    2. **Fewest repeats.** No two teams meet twice while that is avoidable. When no pairing of
       the whole field avoids every repeat, the draw has the fewest repeats any pairing has,
       and among those it gives them to the lowest teams (see 5).
    3. **The bye.** In an odd field one team sits out against the pseudo-team ``"BYE"``. It
       goes to the lowest-ranked team that has not had a bye yet, as long as the rest of the
       field can still be paired with the fewest repeats; a second bye counts as a repeat (when
       every team has had one, the lowest team with the fewest byes gets it). The byes so far
       come from ``byes`` and from ``played`` pairs that name ``"BYE"``.
    4. **Top down.** The highest-ranked team not yet paired plays the first team below it in
       the draw order that it has not met, provided the rest of the field can still be
       completed under rules 2 and 3; otherwise the next one, and so on. So the top group
       pairs within itself, a team left over (an odd group, or one whose groupmates it has
       all met) *floats* down to play the top of the next group, and so on down the field.
    5. Where a repeat cannot be avoided, a team first tries every partner it has not met (in
       draw order), then those met fewest times (in draw order), so repeats fall to the lowest
       teams.

    The result is exactly the first complete pairing a backtracking search over the top-down
    order would find (try partners in draw order, avoid repeats, backtrack when a later team
    cannot be paired; with the fewest repeats allowed when none is repeat-free). It is found
    without backtracking: a maximum matching of the "not yet met" graph (Edmonds' blossom
    algorithm, the bye a vertex of its own) says exactly how many repeats are unavoidable and,
    kept up to date as teams are paired, whether a candidate table still leaves the rest
    pairable with no more. A team's first choice is settled by at most two augmenting-path
    searches; when it does not fit, one pass of the Gallai–Edmonds decomposition says which of
    the other candidates do. That is polynomial (a few passes over the graph per team at
    worst), so a field of 200 takes milliseconds. As a guard for pathological fields the
    searches are capped at :data:`SEARCH_BUDGET` edge visits; past it each remaining team
    takes the first partner that needs no search (its partner in the current maximum matching,
    or another team that matching leaves out), which keeps the fewest repeats but may float
    teams further than needed. The search is in :mod:`xlbridge.scoring.swiss.matching`.

Tables come back top down: table 1 holds the highest-ranked team, and the home team (first of
each pair) is the one ranked higher: the higher score, ties by draw order.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from xlbridge.errors import InputError
from xlbridge.scoring.checks import number, shown, whole_number
from xlbridge.scoring.swiss.matching import RankedField, pair_top_down, start_matching

#: The pseudo-team a bye is played against; no team may be called this (any case).
BYE = "BYE"
#: The seed used when ``seed`` is left blank.
DEFAULT_SEED = 0
#: Edge visits the pairing searches may spend before falling back (see the module docstring).
SEARCH_BUDGET = 2_000_000
#: Scores equal to this many decimals are the same score (VPs summed in a sheet carry float noise).
SCORE_DECIMALS = 6
#: The add for the last session of late entry (Probst's "add 17").
LAST_ADD = 17
#: The largest add accepted (far beyond any VP scale's use).
MAX_ADD = 1000


# --------------------------------------------------------------------------------------------
# Late entry


def _whole_numbers(name: str, values: Any, low: int) -> np.ndarray:
    """``values`` (a number or an array of them) as an int64 array, each at least ``low``."""
    array = np.asarray(values, dtype=object)
    out = np.empty(array.shape, dtype=np.int64)
    flat = out.reshape(-1)
    for i, value in enumerate(array.reshape(-1)):
        flat[i] = whole_number(name, value, low)
    return out


def late_entry(session: ArrayLike, sessions: ArrayLike, last_add: Any = LAST_ADD) -> np.ndarray:
    """The score a pair starts on when it joins a Swiss at session ``session`` of ``sessions``.

    J. Probst, "VP scales" (docs/swiss.md): a pair entering at session s ≥ 3 of T starts on
    Σ_{j=3..s} (last_add − T + j), so those who enter for the last session get "add
    ``last_add``" (17 by default) on top of the adds of every earlier late session. With T = 6
    the entry scores for s = 3, 4, 5, 6 are 14, 29, 45, 62; with T = 7, for s = 3..7, 13, 27,
    42, 58, 75. A pair entering at session 1 or 2 starts on 0: session 1 is the start of the
    Swiss, and Probst's scheme begins adding at session 3.

    ``session`` and ``sessions`` may be arrays; they broadcast against each other. Raises
    InputError unless both are whole numbers with 1 ≤ session ≤ sessions and ``last_add`` is
    in the domain :func:`check_last_add` states, so no entry score is ever negative.
    """
    s = _whole_numbers("session", session, 1)
    total = _whole_numbers("sessions", sessions, 1)
    add = check_last_add(last_add, int(np.max(total, initial=1)))
    try:
        s, total = np.broadcast_arrays(s, total)
    except ValueError:
        raise InputError(
            f"session and sessions must have matching shapes, got {np.shape(s)} "
            f"and {np.shape(total)}"
        ) from None
    late = s > total
    if late.any():
        i = int(np.flatnonzero(late.reshape(-1))[0])
        raise InputError(
            f"session must be a whole number from 1 to sessions ({total.reshape(-1)[i]}), "
            f"got {s.reshape(-1)[i]}"
        )
    terms = np.maximum(s - 2, 0)  # j = 3..s
    sum_j = np.where(s >= 3, s * (s + 1) // 2 - 3, 0)  # Σ_{j=3..s} j
    return np.asarray(terms * (add - total) + sum_j, dtype=float)


def check_last_add(last_add: Any, sessions: int) -> float:
    """``last_add`` as a float if it lies in its domain: more than sessions − 3 and more than 0,
    and at most :data:`MAX_ADD`.

    Session j adds last_add − sessions + j, the least at j = 3; above sessions − 3 every late
    session adds more than 0, so entry scores are never negative and grow with the session.
    """
    add = number("last_add", last_add)
    low = max(0, sessions - 3)
    if not low < add <= MAX_ADD:
        raise InputError(
            f"last_add must be a number greater than {low} (more than 0 and more than "
            f"sessions - 3, so every late session adds more than 0) and at most {MAX_ADD}, "
            f"got {shown(last_add)}"
        )
    return add


# --------------------------------------------------------------------------------------------
# The draw: input


@dataclass(frozen=True)
class Draw:
    """The next round of a Swiss.

    ``tables`` — (home, away) pairs, table 1 first: top down by the home team's rank; the home
    team is the higher ranked (higher score, ties by draw order).
    ``bye`` — the team that sits out, or None in an even field.
    ``repeats`` — tables (a second bye included) whose teams have met before; 0 whenever any
    pairing avoids every repeat, otherwise the fewest possible.
    ``floats`` — tables whose two teams are on different scores: each is a team moved down from
    its score group.
    ``order`` — the draw order: every team by rank, highest first, ties in the random order drawn.
    """

    tables: list[tuple[Any, Any]]
    bye: Any | None
    repeats: int
    floats: int
    order: tuple[Any, ...]


def _is_blank(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, str):
        return value.strip() == ""
    return isinstance(value, float) and math.isnan(value)


def _plain(value: Any) -> Any:
    """numpy scalars as Python values (np.str_ stays a str)."""
    if isinstance(value, np.generic):
        return value.item()
    return value


def _is_bye(value: Any) -> bool:
    return isinstance(value, str) and value.strip().casefold() == BYE.casefold()


def _key(name: str, value: Any) -> str | float:
    """How a team is matched: text without surrounding spaces, numbers as floats (8 = 8.0)."""
    value = _plain(value)
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InputError(f"{name} must hold team names or numbers, got {shown(value)}")
    if not math.isfinite(value):
        raise InputError(f"{name} must hold team names or numbers, got {shown(value)}")
    return float(value)


def _cells(value: Any) -> list[Any]:
    """A list, tuple, array or Excel range of cells as a flat list."""
    if isinstance(value, str) or not isinstance(value, Iterable | np.ndarray):
        return [value]
    return list(np.asarray(value, dtype=object).reshape(-1))


def _teams(teams: Any) -> tuple[list[Any], list[str | float]]:
    """The teams as given (numpy scalars made plain) and their matching keys."""
    if isinstance(teams, str) or not isinstance(teams, Iterable | np.ndarray):
        raise InputError(f"teams must be a list of team names or numbers, got {shown(teams)}")
    names = [_plain(value) for value in _cells(teams)]
    if len(names) < 2:
        raise InputError(f"teams must hold at least 2 teams, got {len(names)}")
    keys: list[str | float] = []
    seen: dict[str | float, int] = {}
    for row, value in enumerate(names, start=1):
        if _is_blank(value):
            raise InputError(f"teams must not hold blanks, got {shown(value)} in row {row}")
        if _is_bye(value):
            raise InputError(
                f"teams must not use the name {BYE} (it is the bye), got {shown(value)}"
            )
        key = _key("teams", value)
        if key in seen:
            raise InputError(
                f"teams must all be different, got {shown(value)} twice (rows {seen[key]} "
                f"and {row})"
            )
        seen[key] = row
        keys.append(key)
    return names, keys


def _scores(scores: Any, names: list[Any]) -> np.ndarray:
    cells = _cells(scores)
    if len(cells) != len(names):
        raise InputError(
            f"scores must have one value per team ({len(names)} teams), got {len(cells)}"
        )
    out = np.empty(len(cells))
    for i, value in enumerate(cells):
        value = _plain(value)
        try:
            out[i] = number("scores", value)
        except InputError:
            raise InputError(
                f"scores must hold a number for every team, got {shown(value)} for team "
                f"{shown(names[i])}"
            ) from None
    return out


def _lookup(name: str, value: Any, index: dict[str | float, int], where: str) -> int:
    """The team's index; -1 for the pseudo-team BYE."""
    value = _plain(value)
    if _is_bye(value):
        return -1
    if _is_blank(value):
        raise InputError(f"{name} must name a team, got blank{where}")
    key = _key(name, value)
    if key not in index:
        raise InputError(f"{name} names {shown(value)}{where}, which is not one of teams")
    return index[key]


def _history(
    played: Any, byes: Any, index: dict[str | float, int]
) -> tuple[np.ndarray, np.ndarray]:
    """Times each pair of teams has met (n × n) and each team's byes so far."""
    n = len(index)
    met = np.zeros((n, n), dtype=np.int64)
    bye_count = np.zeros(n, dtype=np.int64)
    pairs: Any = [] if played is None else played
    if isinstance(pairs, str) or not isinstance(pairs, Iterable | np.ndarray):
        raise InputError(f"played must be a list of (team, team) pairs, got {shown(played)}")
    for number_, pair in enumerate(pairs, start=1):
        items = list(pair) if isinstance(pair, Iterable | np.ndarray) else None
        if isinstance(pair, str) or items is None or len(items) != 2:
            raise InputError(
                f"played must be a list of (team, team) pairs, got {shown(pair)} in pair "
                f"{number_} (for a cross-table use played_matrix)"
            )
        if all(_is_blank(_plain(item)) for item in items):
            continue  # an empty row of a worksheet range
        where = f" in pair {number_}"
        a, b = (_lookup("played", item, index, where) for item in items)
        if a == b:
            what = BYE if a < 0 else shown(items[0])
            raise InputError(f"played must pair two different teams, got {what} twice{where}")
        if a < 0 or b < 0:
            bye_count[max(a, b)] += 1
        else:
            met[a, b] += 1
            met[b, a] += 1
    for row, value in enumerate([] if byes is None else _cells(byes), start=1):
        if _is_blank(_plain(value)):
            continue
        team = _lookup("byes", value, index, f" in row {row}")
        if team < 0:
            raise InputError(f"byes must name teams, got {shown(value)} in row {row}")
        bye_count[team] += 1
    return met, bye_count


def played_matrix(teams: Sequence[Any], matrix: Any) -> list[tuple[Any, Any]]:
    """The ``played`` pairs of :func:`swiss_draw` from a cross-table of who has met whom.

    ``matrix`` has one row and one column per team, in the order of ``teams``; the cell in row
    a, column b holds how often a and b have met: TRUE/FALSE, 1/0, a whole count, or blank for
    never. It must be symmetric with blanks or 0 on the diagonal. Each meeting becomes one
    (team, team) pair, row team first.
    """
    names, _ = _teams(teams)
    n = len(names)
    table = np.asarray(matrix, dtype=object)
    if table.shape != (n, n):
        raise InputError(
            f"played must be a square table with one row and one column per team ({n} × {n}), "
            f"got shape {' × '.join(map(str, table.shape)) or 'a single value'}"
        )
    counts = np.zeros((n, n), dtype=np.int64)
    for a in range(n):
        for b in range(n):
            cell = _plain(table[a, b])
            if _is_blank(cell):
                continue
            if isinstance(cell, bool):
                counts[a, b] = int(cell)
                continue
            try:
                counts[a, b] = whole_number("played", cell, 0)
            except InputError:
                raise InputError(
                    f"played must hold TRUE/FALSE, whole counts or blanks, got {shown(cell)} "
                    f"in row {shown(names[a])}, column {shown(names[b])}"
                ) from None
    for a in range(n):
        if counts[a, a]:
            raise InputError(
                f"played must have blanks or 0 on the diagonal (a team never meets itself), "
                f"got {shown(table[a, a])} for team {shown(names[a])}"
            )
    asymmetric = np.argwhere(counts != counts.T)
    if asymmetric.size:
        a, b = (int(i) for i in asymmetric[0])
        raise InputError(
            f"played must be symmetric, got {shown(table[a, b])} in row {shown(names[a])}, "
            f"column {shown(names[b])} but {shown(table[b, a])} in row {shown(names[b])}, "
            f"column {shown(names[a])}"
        )
    return [
        (names[a], names[b]) for a in range(n) for b in range(a + 1, n) for _ in range(counts[a, b])
    ]


# --------------------------------------------------------------------------------------------
# The draw


def swiss_draw(
    teams: Sequence[Any],
    scores: ArrayLike,
    played: Any,
    seed: Any = None,
    byes: Any = None,
) -> Draw:
    """Pair the next round of a Swiss: score groups top down, random within a group, no repeats.

    ``teams`` — the team names or numbers, all different (no blanks, none called BYE).
    ``scores`` — each team's score so far (VPs), in the order of ``teams``.
    ``played`` — who has met whom: a list of (team, team) pairs naming teams as in ``teams``,
    one pair per match (the tables of every earlier round, one after another); a pair with
    ``"BYE"`` on one side records a bye. For a cross-table use :func:`played_matrix`. Blank
    pairs are skipped.
    ``seed`` — a whole number for the random order within score groups (blank: 0). The same
    inputs and seed give the same draw; use a new seed each round.
    ``byes`` — teams that have had a bye (a team twice for two byes); blanks are skipped.

    Returns a :class:`Draw`: the tables top down (home team first), the bye, the number of
    repeat meetings (0 whenever avoidable) and of floats. The rules are in the module help.
    Raises InputError naming the first bad argument and value.
    """
    names, keys = _teams(teams)
    n = len(names)
    score = np.round(_scores(scores, names), SCORE_DECIMALS)
    met, bye_count = _history(played, byes, {key: i for i, key in enumerate(keys)})
    seed = DEFAULT_SEED if _is_blank(seed) else whole_number("seed", seed, 0)

    lots = np.random.default_rng(seed).permutation(n)
    order = np.lexsort((lots, -score))  # rank -> team
    field = RankedField(met[np.ix_(order, order)].tolist(), bye_count[order].tolist())
    matcher = start_matching(field)
    pairs = pair_top_down(field, matcher, matcher.work + SEARCH_BUDGET)

    bye = field.bye
    tables = [(names[order[t]], names[order[c]]) for t, c in pairs if t != bye]
    bye_team = next((names[order[c]] for t, c in pairs if t == bye), None)
    return Draw(
        tables=tables,
        bye=bye_team,
        repeats=sum(field.times(t, c) > 0 for t, c in pairs),
        floats=sum(bool(score[order[t]] != score[order[c]]) for t, c in pairs if t != bye),
        order=tuple(names[i] for i in order),
    )
