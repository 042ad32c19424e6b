"""What every sheet of the results pack needs besides the session: names, deals and number
formats."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from xlbridge.io.travellers.session_csv import pair_names
from xlbridge.scoring.session import PairResult, SessionResult

if TYPE_CHECKING:
    from xlbridge.scoring.double_dummy import BoardAnalysis

#: Names by pair label, or by (section, direction, pair) as :func:`read_names` gives them.
Names = Mapping[object, str]


@dataclass(frozen=True)
class PackContext:
    """What every sheet of the pack needs besides the session: names, unit, number formats."""

    result: SessionResult
    names: dict[tuple[str, str, str], str]
    deals: dict[int, dict[str, str]]
    value_format: str  # a board's matchpoints or IMPs as printed
    total_format: str  # a pair's total
    top_format: str  # a pair's top
    #: Masterpoints awarded by (section, direction, pair), as printed ("0.08 Green"); empty
    #: when the input carries no awards (no column then).
    awards: Mapping[tuple[str, str, str], str] = field(default_factory=dict)
    #: Double-dummy analysis by board, when asked for (shown with the board's traveller).
    analyses: Mapping[int, BoardAnalysis] = field(default_factory=dict)
    #: Results a director would query, as the notes list them.
    queries: tuple[str, ...] = ()

    @property
    def matchpoints(self) -> bool:
        return self.result.method in ("mp", "acbl")

    @property
    def unit(self) -> str:
        return "MPs" if self.matchpoints else "IMPs"

    def names_of(self, pair: PairResult) -> str:
        return pair_names(self.names, pair)

    def award_of(self, pair: PairResult) -> str:
        return pair_names(self.awards, pair)
