"""A pairs session: traveller lines in, pair totals, percentages and places out.

The session's face: every name the other layers use, each loaded from its home —
:mod:`.data` (traveller lines, adjusted scores and the result records, without the scoring),
:mod:`.tables` (the lines checked and grouped by board and table), :mod:`.totals` (pair totals
and places), :mod:`.options` (:class:`SessionOptions`: how a session is scored) and :mod:`.result`
(:func:`score_session` and :class:`SessionResult`).
"""

from xlbridge.scoring.names import FACTORINGS, TOTALS
from xlbridge.scoring.session.data import (
    ADJUSTED,
    ADJUSTED_IMPS,
    ARTIFICIAL_SHARES,
    DIRECTIONS,
    NOT_PLAYED,
    NOT_PLAYED_KIND,
    SCORE,
    Adjusted,
    BoardTraveller,
    PairResult,
    ScoreCardRow,
    ScoredLine,
    Traveller,
    TravellerLine,
    artificial,
    is_not_played,
    label_codes,
    parse_adjusted,
)
from xlbridge.scoring.session.options import SessionOptions
from xlbridge.scoring.session.result import (
    METHODS,
    SessionResult,
    score_session,
)
from xlbridge.scoring.session.tables import MAX_SCORE
from xlbridge.scoring.session.totals import PLACE_DECIMALS, factored_total

__all__ = [
    "ADJUSTED",
    "ADJUSTED_IMPS",
    "ARTIFICIAL_SHARES",
    "DIRECTIONS",
    "FACTORINGS",
    "MAX_SCORE",
    "METHODS",
    "NOT_PLAYED",
    "NOT_PLAYED_KIND",
    "PLACE_DECIMALS",
    "SCORE",
    "TOTALS",
    "Adjusted",
    "BoardTraveller",
    "PairResult",
    "ScoreCardRow",
    "ScoredLine",
    "SessionOptions",
    "SessionResult",
    "Traveller",
    "TravellerLine",
    "artificial",
    "factored_total",
    "is_not_played",
    "label_codes",
    "parse_adjusted",
    "score_session",
]
