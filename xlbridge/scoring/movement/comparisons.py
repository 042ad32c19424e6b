"""How often two pairs are compared (sat the same direction on the same board), counted over
plays: (NS pair, EW pair, boards), the pairs anything hashable. Used for the balance a
movement reports and to turn the tables of a shortened Howell so that it is as even as it can
be made.

Counted as a product: a row per pair with a 1 for every (board, direction) it played, so
each two pairs' count is their rows' dot product (quick for a 200-pair movement).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import numpy as np
from numpy.typing import NDArray

Play = tuple[Hashable, Hashable, tuple[int, ...]]
Matrix = NDArray[np.int64]


class _Played:
    """The 0/1 matrix of (pair, board and direction) for ``plays``, which can be turned."""

    def __init__(self, plays: Sequence[Play], pairs: Sequence[Hashable]) -> None:
        self.row = {pair: i for i, pair in enumerate(pairs)}
        boards = sorted({board for _, _, on in plays for board in on})
        self.column = {board: 2 * i for i, board in enumerate(boards)}
        self.matrix: Matrix = np.zeros((len(pairs), 2 * len(boards)), dtype=np.int64)
        for play in plays:
            self.seat(play, turned=False, value=1)

    def seat(self, play: Play, *, turned: bool, value: int) -> None:
        ns, ew, boards = play
        for board in boards:
            column = self.column[board]
            self.matrix[self.row[ns], column + turned] = value
            self.matrix[self.row[ew], column + (not turned)] = value

    def turn(self, play: Play, turned: bool) -> None:
        """Seat ``play`` the other way round (``turned``: now turned, EW pair NS)."""
        self.seat(play, turned=not turned, value=0)
        self.seat(play, turned=turned, value=1)

    def together(self) -> Matrix:
        return self.matrix @ self.matrix.T


def together(plays: Sequence[Play], pairs: Sequence[Hashable]) -> Matrix:
    """For each two of ``pairs`` (rows and columns in that order), the boards on which they
    sat the same direction."""
    return _Played(plays, pairs).together()


def balanced_directions(plays: Sequence[Play], pairs: Sequence[Hashable]) -> list[bool]:
    """Which plays to turn round (the EW pair sitting NS) so that every two pairs are compared
    about equally often: one play at a time, turned while that narrows the spread between the
    least and the most compared (else lowers the sum of squares), until no turn helps."""
    played = _Played(plays, pairs)
    upper = np.triu_indices(len(pairs), 1)

    def unevenness() -> tuple[int, int]:
        counts = played.together()[upper]
        return int(counts.max() - counts.min()), int((counts * counts).sum())

    turned = [False] * len(plays)
    best = unevenness()
    better = True
    while better:
        better = False
        for i, play in enumerate(plays):
            played.turn(play, not turned[i])
            found = unevenness()
            if found < best:
                best, turned[i], better = found, not turned[i], True
            else:
                played.turn(play, turned[i])
    return turned
