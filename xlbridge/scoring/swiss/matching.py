"""The matching search behind the Swiss draw (:func:`xlbridge.scoring.swiss.draw.swiss_draw`).

The draw's rules and why this finds exactly the first pairing a backtracking search would are
in :mod:`xlbridge.scoring.swiss.draw`. Here: :class:`RankedField`, the teams by draw-order rank and
who has met whom; :class:`Matcher`, a maximum matching of the "not yet met" graph (Edmonds'
blossom algorithm) kept up to date as teams are paired; :func:`start_matching`, the greedy
top-down start grown to a maximum matching; and :func:`pair_top_down`, which pairs each team
with the first partner that leaves the rest pairable with the fewest repeats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class RankedField:
    """The teams by draw-order rank (0 = top) and their history: ``met[t][c]`` the times ranks
    t and c have met, ``byes[t]`` rank t's byes so far. In an odd field the pseudo-team BYE
    is one more vertex, numbered ``n``."""

    met: list[list[int]]
    byes: list[int]

    @property
    def n(self) -> int:
        """The number of teams."""
        return len(self.byes)

    @property
    def odd(self) -> bool:
        return self.n % 2 == 1

    @property
    def bye(self) -> int:
        """The BYE vertex (in an odd field)."""
        return self.n

    @property
    def size(self) -> int:
        """The vertices of the graph: the teams, and BYE in an odd field."""
        return self.n + 1 if self.odd else self.n

    @property
    def firsts(self) -> list[int]:
        """The order in which vertices choose partners: BYE first, then the teams top down."""
        return ([self.bye] if self.odd else []) + list(range(self.n))

    def times(self, t: int, c: int) -> int:
        """How often t and c have met (for BYE, c's byes)."""
        return int(self.byes[c] if t == self.bye else self.met[t][c])

    def adjacent(self) -> list[list[int]]:
        """For each vertex, the vertices it has not met, highest ranked first (BYE last)."""
        n, met, byes = self.n, self.met, self.byes
        adjacent = [[c for c in range(n) if c != t and met[t][c] == 0] for t in range(n)]
        if self.odd:
            for t in range(n):
                if byes[t] == 0:
                    adjacent[t].append(self.bye)
            adjacent.append([t for t in range(n) if byes[t] == 0])
        return adjacent

    def preference(self, t: int, alive: list[bool]) -> list[int]:
        """Partners for t, best first: never met before met, fewest meetings, then draw order;
        the bye goes to the lowest rank first."""
        living = [c for c in range(self.n) if c != t and alive[c]]
        if t == self.bye:
            return sorted(living, key=lambda c: (self.byes[c], -c))
        return sorted(living, key=lambda c: self.met[t][c])


@dataclass
class _Forest:
    """One growth of Edmonds' alternating forest: which vertices are even and roots, each
    vertex's parent and the base of its (shrunk) blossom. ``mate`` is the matching's own list."""

    mate: list[int]
    even: list[bool]
    root: list[bool]
    parent: list[int]
    base: list[int]

    @classmethod
    def planted(cls, mate: list[int], roots: list[int]) -> _Forest:
        """A forest of the ``roots`` alone, every root even."""
        n = len(mate)
        forest = cls(mate, [False] * n, [False] * n, [-1] * n, list(range(n)))
        for r in roots:
            forest.even[r] = forest.root[r] = True
        return forest

    def common_base(self, a: int, b: int) -> int:
        base, mate, parent = self.base, self.mate, self.parent
        seen = [False] * len(mate)
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

    def mark(self, v: int, stem: int, child: int, blossom: list[bool]) -> None:
        base, mate, parent = self.base, self.mate, self.parent
        while base[v] != stem:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    def shrink(self, v: int, to: int, queue: list[int]) -> None:
        """Shrink the blossom that the edge v–to closes into its base; its vertices that were
        not even become even and join ``queue``."""
        base, even = self.base, self.even
        stem = self.common_base(v, to)
        blossom = [False] * len(base)
        self.mark(v, stem, to, blossom)
        self.mark(to, stem, v, blossom)
        for i in range(len(base)):
            if blossom[base[i]]:
                base[i] = stem
                if not even[i]:
                    even[i] = True
                    queue.append(i)


class Matcher:
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
        mate, alive, adjacent = self.mate, self.alive, self.adjacent
        forest = _Forest.planted(mate, roots)
        even, root, parent, base = forest.even, forest.root, forest.parent, forest.base
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
                    forest.shrink(v, to, queue)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        return self._flip(parent, to), even
                    even[mate[to]] = True
                    queue.append(mate[to])
        return -1, even

    def _flip(self, parent: list[int], to: int) -> int:
        """Flip the augmenting path that ends at the unmatched ``to`` back to its root (one
        more matched pair); returns the root."""
        mate = self.mate
        while to != -1:
            back = parent[to]
            onward = mate[back]
            mate[to], mate[back] = back, to
            to = onward
        self.edges += 1
        return back

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


def start_matching(field: RankedField) -> Matcher:
    """A maximum matching, grown from the greedy top-down draw so that it is usually the answer."""
    matcher = Matcher(field.adjacent())
    for t in field.firsts:
        if matcher.mate[t] == -1:
            for c in field.preference(t, matcher.alive):
                if matcher.mate[c] == -1 and field.times(t, c) == 0:
                    matcher.mate[t], matcher.mate[c] = c, t
                    matcher.edges += 1
                    break
    for v in range(field.size):
        if matcher.mate[v] == -1:
            matcher.augment(v)
    return matcher


def pair_top_down(field: RankedField, matcher: Matcher, budget: int) -> list[tuple[int, int]]:
    """Top down: each team takes the first partner that leaves the rest pairable.

    The first choice usually fits (at most two searches tell); otherwise one Gallai–Edmonds
    pass sorts every other candidate at once. Past the ``budget`` of edge visits only partners
    that need no search are taken, which always exist: the team's partner in the matching, or
    two unmatched. Returns the (rank, rank) pairs in the order taken, BYE's first.
    """
    times = field.times
    pairs: list[tuple[int, int]] = []
    for t in field.firsts:
        if not matcher.alive[t]:
            continue
        first, *others = field.preference(t, matcher.alive)
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
    return pairs
