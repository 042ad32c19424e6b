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
    teams further than needed.

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
    InputError unless both are whole numbers with 1 ≤ session ≤ sessions and ``last_add`` is a
    number.
    """
    s = _whole_numbers("session", session, 1)
    total = _whole_numbers("sessions", sessions, 1)
    add = number("last_add", last_add)
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
# The draw: the matching


class _Matcher:
    """A maximum matching of the "not yet met" graph over the teams still to be paired.

    Vertices are draw-order ranks (0 = top), plus the pseudo-team BYE as the last vertex in an
    odd field. ``adjacent[v]`` lists the vertices v has not met, highest ranked first. Only
    living vertices (not yet paired) take part. ``work`` counts the edges the searches visit.
    """

    def __init__(self, adjacent: list[list[int]]) -> None:
        self.size = len(adjacent)
        self.adjacent = adjacent
        self.mate = [-1] * self.size
        self.alive = [True] * self.size
        self.edges = 0  # matched pairs
        self.work = 0

    def _forest(self, roots: list[int]) -> tuple[int, list[bool]]:
        """Grow Edmonds' alternating forest (blossoms shrunk) from the unmatched ``roots``.

        One breadth-first search after e-maxx.ru's O(V³) form of the blossom algorithm. With a
        single root, stops at the first unmatched vertex reached and returns it (-1 if none).
        With every unmatched vertex as a root of a maximum matching, runs to the end; the
        vertices it marks even are then exactly those some maximum matching leaves unmatched
        (the D of the Gallai–Edmonds decomposition). Returns (end, even).
        """
        n, mate, alive, adjacent = self.size, self.mate, self.alive, self.adjacent
        even = [False] * n
        root = [False] * n
        parent = [-1] * n
        base = list(range(n))

        def common_base(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                if mate[b] == -1:  # pragma: no cover - two trees meet: the matching was short
                    raise AssertionError("the matching is not maximum")
                b = parent[mate[b]]

        def mark(v: int, stem: int, child: int, blossom: list[bool]) -> None:
            while base[v] != stem:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        for r in roots:
            even[r] = root[r] = True
        queue = list(roots)
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            self.work += len(adjacent[v])
            for to in adjacent[v]:
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if root[to] or (mate[to] != -1 and parent[mate[to]] != -1):
                    stem = common_base(v, to)
                    blossom = [False] * n
                    mark(v, stem, to, blossom)
                    mark(to, stem, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = stem
                            if not even[i]:
                                even[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        while to != -1:  # flip the path back to the root
                            back = parent[to]
                            onward = mate[back]
                            mate[to], mate[back] = back, to
                            to = onward
                        self.edges += 1
                        return back, even
                    even[mate[to]] = True
                    queue.append(mate[to])
        return -1, even

    def augment(self, root: int) -> bool:
        """Grow the matching by an augmenting path from the unmatched ``root``, if one exists."""
        return self._forest([root])[0] != -1

    def _remove(self, vertices: tuple[int, ...]) -> list[int]:
        """Take ``vertices`` out; returns the partners this leaves unmatched."""
        freed = [self.mate[x] for x in vertices if self.mate[x] not in (-1, *vertices)]
        for x in vertices:
            if self.mate[x] != -1:
                self.mate[self.mate[x]] = -1
                self.mate[x] = -1
                self.edges -= 1
            self.alive[x] = False
        return freed

    def take(self, a: int, b: int, unmet: bool, budget: float) -> bool:
        """Pair a with b and remove both, if the rest can still be paired with the fewest repeats.

        The rest must keep a matching one smaller (``unmet``: a–b is itself a new meeting) or
        as large (a–b is a repeat) as now. Losing a and b frees their partners, and only paths
        from those can restore the size, so at most two searches decide. On failure, or when a
        search is needed after ``budget`` is spent, nothing changes and the answer is False.
        """
        target = self.edges - (1 if unmet else 0)
        matched = [x for x in (a, b) if self.mate[x] != -1]
        left = self.edges - (1 if self.mate[a] == b else len(matched))
        if left < target and self.work >= budget:
            return False
        saved = (self.mate.copy(), self.edges) if left < target else None
        for y in self._remove((a, b)):
            if self.edges >= target:
                break
            if self.mate[y] == -1:
                self.augment(y)
        if saved is None or self.edges >= target:
            return True
        self.mate, self.edges = saved
        self.alive[a] = self.alive[b] = True
        return False

    def partners(self, t: int) -> tuple[bool, list[bool]]:
        """Which partners leave the rest pairable with the fewest repeats, all at once.

        Removes t (re-growing the matching from its partner), marks the Gallai–Edmonds set D
        of what is left, and puts everything back. With ν the matching size now: an unmet
        partner c fits when the rest still has ν without t (t itself can be left over) or c
        is in D; a repeat partner fits when both hold. Returns (t can be left over, D).
        """
        saved = (self.mate.copy(), self.edges)
        for y in self._remove((t,)):
            self.augment(y)
        spare = self.edges == saved[1]
        unmatched = [v for v in range(self.size) if self.alive[v] and self.mate[v] == -1]
        _, in_d = self._forest(unmatched)
        self.mate, self.edges = saved
        self.alive[t] = True
        return spare, in_d


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
    ranked_met = met[np.ix_(order, order)].tolist()
    ranked_byes = bye_count[order].tolist()
    odd = n % 2 == 1
    bye = n  # the BYE vertex in an odd field
    size = n + 1 if odd else n
    adjacent = [[c for c in range(n) if c != t and ranked_met[t][c] == 0] for t in range(n)]
    if odd:
        for t in range(n):
            if ranked_byes[t] == 0:
                adjacent[t].append(bye)
        adjacent.append([t for t in range(n) if ranked_byes[t] == 0])

    def times(t: int, c: int) -> int:
        return int(ranked_byes[c] if t == bye else ranked_met[t][c])

    def preference(t: int) -> list[int]:
        """Partners for t, best first: never met before met, fewest meetings, then draw order;
        the bye goes to the lowest rank first."""
        living = [c for c in range(n) if c != t and matcher.alive[c]]
        if t == bye:
            return sorted(living, key=lambda c: (ranked_byes[c], -c))
        return sorted(living, key=lambda c: ranked_met[t][c])

    # A maximum matching, grown from the greedy top-down draw so that it is usually the answer.
    matcher = _Matcher(adjacent)
    firsts = ([bye] if odd else []) + list(range(n))
    for t in firsts:
        if matcher.mate[t] == -1:
            for c in preference(t):
                if matcher.mate[c] == -1 and times(t, c) == 0:
                    matcher.mate[t], matcher.mate[c] = c, t
                    matcher.edges += 1
                    break
    for v in range(size):
        if matcher.mate[v] == -1:
            matcher.augment(v)
    budget = matcher.work + SEARCH_BUDGET

    # Top down: each team takes the first partner that leaves the rest pairable. The first
    # choice usually fits (at most two searches tell); otherwise one Gallai–Edmonds pass
    # sorts every other candidate at once. Past the budget only partners that need no search
    # are taken, which always exist: the team's partner in the matching, or two unmatched.
    pairs: list[tuple[int, int]] = []
    for t in firsts:
        if not matcher.alive[t]:
            continue
        first, *others = preference(t)
        if matcher.take(t, first, times(t, first) == 0, budget):
            pairs.append((t, first))
            continue
        candidates, limit = others, float(budget)
        if matcher.work < budget:
            spare, in_d = matcher.partners(t)
            candidates = [
                c for c in others if (spare or in_d[c] if times(t, c) == 0 else spare and in_d[c])
            ]
            limit = math.inf
        for c in candidates:
            if matcher.take(t, c, times(t, c) == 0, limit):
                pairs.append((t, c))
                break
        else:  # pragma: no cover - a partner of the maximum matching always fits
            raise AssertionError(f"no partner for rank {t}")

    tables = [(names[order[t]], names[order[c]]) for t, c in pairs if t != bye]
    bye_team = next((names[order[c]] for t, c in pairs if t == bye), None)
    return Draw(
        tables=tables,
        bye=bye_team,
        repeats=sum(times(t, c) > 0 for t, c in pairs),
        floats=sum(bool(score[order[t]] != score[order[c]]) for t, c in pairs if t != bye),
        order=tuple(names[i] for i in order),
    )
