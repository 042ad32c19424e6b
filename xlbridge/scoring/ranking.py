"""Places in a ranking: by a score, then a tie-break, equal entries sharing a place.

The event workbooks rank their entries with the same rule in spreadsheet formulas; the tests
hold the two equal.

An entry's place is 1 + the entries with a higher score + the entries with an equal score and
a higher tie-break. "Higher" and "equal" are to within :data:`TOLERANCE` (totals are sums of
decimals, so two totals that are equal on paper may differ in the last bits). Entries equal on
both share a place, printed with "=" (two entries third are both "3=" and the next is 5th). An
entry without a score (not yet scored) has no place.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

#: How much larger a score or tie-break must be to rank above.
TOLERANCE = 1e-9


class Place(NamedTuple):
    """One line of a ranking: the entry (its index in the input), its place and whether
    shared."""

    entry: int
    place: int
    shared: bool

    @property
    def label(self) -> str:
        """The place as a director writes it: "3", or "3=" when shared."""
        return f"{self.place}=" if self.shared else str(self.place)


def _number(value: float | None) -> float | None:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    return float(value)


def places(
    scores: Sequence[float | None],
    tiebreaks: Sequence[float | None] | None = None,
    tolerance: float = TOLERANCE,
) -> list[int | None]:
    """The place of each entry (None for an entry without a score).

    ``tiebreaks`` (optional, same length) orders entries with equal scores, higher first; a
    missing tie-break counts as lower than any.
    """
    values = [_number(s) for s in scores]
    breaks = [_number(t) for t in tiebreaks] if tiebreaks is not None else [None] * len(values)
    if len(breaks) != len(values):
        raise ValueError("scores and tiebreaks must have the same length")
    result: list[int | None] = []
    for value, tiebreak in zip(values, breaks, strict=True):
        if value is None:
            result.append(None)
            continue
        above = 0
        for other, other_break in zip(values, breaks, strict=True):
            if other is None:
                continue
            if other > value + tolerance:
                above += 1
            elif (
                abs(other - value) <= tolerance
                and other_break is not None
                and (tiebreak is None or other_break > tiebreak + tolerance)
            ):
                above += 1
        result.append(1 + above)
    return result


def ranking(
    scores: Sequence[float | None],
    tiebreaks: Sequence[float | None] | None = None,
    tolerance: float = TOLERANCE,
) -> list[Place]:
    """The entries with a score in ranking order (equal places in input order)."""
    placed = places(scores, tiebreaks, tolerance)
    counts: dict[int, int] = {}
    for place in placed:
        if place is not None:
            counts[place] = counts.get(place, 0) + 1
    lines = [
        Place(index, place, counts[place] > 1)
        for index, place in enumerate(placed)
        if place is not None
    ]
    return sorted(lines, key=lambda line: (line.place, line.entry))
