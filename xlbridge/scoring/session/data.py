"""Traveller lines and the results of a pairs session: the data, without the scoring.

See :mod:`xlbridge.scoring.session` (which scores a session and exports every name here). A
traveller line is one table's result on one board (:class:`TravellerLine`, or many as the
columns of a :class:`Traveller`); a scored session gives each pair a :class:`PairResult`,
each board a :class:`BoardTraveller` of :class:`ScoredLine` and each pair a score card of
:class:`ScoreCardRow`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from xlbridge.errors import InputError
from xlbridge.scoring.checks import shown
from xlbridge.scoring.contract import SEATS, Contract, ns_score, parse_row

#: Directions of a two-winner ranking; a one-winner ranking has the direction "".
DIRECTIONS = ("NS", "EW")
#: Text meaning "this table did not play the board".
NOT_PLAYED = ("NP", "NOT PLAYED", "")
#: IMPs of an artificial adjusted score by its matchpoint share (Law 12C2: A+, A=, A−).
ADJUSTED_IMPS = {60.0: 3.0, 50.0: 0.0, 40.0: -3.0}

# Line kinds (``Traveller.kind``).
SCORE, ADJUSTED, NOT_PLAYED_KIND = 0, 1, 2


# --------------------------------------------------------------------------------------------
# Artificial adjusted scores


@dataclass(frozen=True)
class Adjusted:
    """An artificial adjusted score: each side's share of the board in percent."""

    ns_percent: float
    ew_percent: float

    def __str__(self) -> str:
        return f"A{_percent_text(self.ns_percent)}/{_percent_text(self.ew_percent)}"

    def imps(self) -> tuple[float, float]:
        """(NS, EW) IMPs at IMP scoring: A+ +3, A= 0, A− −3."""
        try:
            return ADJUSTED_IMPS[self.ns_percent], ADJUSTED_IMPS[self.ew_percent]
        except KeyError:
            raise InputError(
                f"adjusted score {self} has no IMP equivalent at IMPs: use A+ (60), "
                "A= (50) or A- (40) for each side"
            ) from None


def _percent_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


_SIGNS = {"+": 60.0, "=": 50.0, "": 50.0, "-": 40.0}
_ADJUSTED_SIGNS = re.compile(r"A([+=-]?)\s*/\s*A([+=-]?)")
_ADJUSTED_SHARES = re.compile(r"A(\d{1,3}(?:\.\d+)?)\s*[/-]\s*(\d{1,3}(?:\.\d+)?)")
_ADJUSTED_USEBIO = re.compile(r"A(\d\d)(\d\d)")


def parse_adjusted(value: Any) -> Adjusted | None:
    """An artificial adjusted score from ``A60/40``, ``A6040``, ``A60-40``, ``A+/A-``,
    ``A=/A=``, ``A-/A-``, ``A/A`` (case ignored, ``−`` read as ``-``); None for any other
    text (a score, a contract). Shares must be 0–100."""
    text = str(value).strip().upper().replace("\u2212", "-").replace("AVE", "A")
    if not text.startswith("A") or text in ("AP",):
        return None
    for pattern in (_ADJUSTED_SIGNS, _ADJUSTED_SHARES, _ADJUSTED_USEBIO):
        match = pattern.fullmatch(text)
        if match is None:
            continue
        if pattern is _ADJUSTED_SIGNS:
            shares = [_SIGNS[sign] for sign in match.groups()]
        else:
            shares = [float(part) for part in match.groups()]
        if any(share > 100 for share in shares):
            raise InputError(f"adjusted score shares must be from 0 to 100 %, got {shown(value)}")
        return Adjusted(*shares)
    return None


#: The shares an artificial adjusted score gives each side (Law 12C2: A−, A=, A+): the one set
#: the traveller CSV, the USEBIO reader and the USEBIO writer accept (USEBIO writes A6040).
ARTIFICIAL_SHARES = (40.0, 50.0, 60.0)


def artificial(adjusted: Adjusted) -> Adjusted:
    """``adjusted`` when each side's share is one of :data:`ARTIFICIAL_SHARES`, else an
    :class:`InputError` saying so (A100/0 and A60/40.5 are not artificial adjusted scores)."""
    if adjusted.ns_percent in ARTIFICIAL_SHARES and adjusted.ew_percent in ARTIFICIAL_SHARES:
        return adjusted
    raise InputError(
        f"adjusted score {adjusted} must give each side 60, 50 or 40 % (A+, A=, A-), as "
        "USEBIO writes them (A6040)"
    )


def is_not_played(value: Any) -> bool:
    """Whether a score cell says the table did not play the board (``NP`` or blank)."""
    return value is None or str(value).strip().upper() in NOT_PLAYED


# --------------------------------------------------------------------------------------------
# Traveller lines, one at a time (for readers of other formats) and as columns


@dataclass(frozen=True)
class TravellerLine:
    """One table's result on one board, as a traveller records it.

    Build one with :meth:`with_score`, :meth:`with_contract`, :meth:`with_adjusted` or
    :meth:`not_played`. ``ns_score`` is NS's score whenever there is one (worked out from the
    contract for a contract line); ``contract``/``declarer``/``tricks`` describe the play when
    known; ``adjusted`` is set for an artificial adjusted score; a line with neither score nor
    adjusted score is "not played". ``line`` is where it came from (a file line, for messages).
    """

    board: int
    ns_pair: str
    ew_pair: str
    section: str = ""
    ns_score: float | None = None
    ew_score: float | None = None  # EW's own score when it differs (split score)
    weight: float | None = None  # share of a weighted score (None: the table's only line)
    contract: str = ""  # as written on a traveller: "4SX", "PASS"
    declarer: str = ""  # N, E, S or W
    tricks: int | None = None  # tricks taken by declarer
    lead: str = ""
    round: int | None = None
    adjusted: Adjusted | None = None
    line: int = 0  # the source line (0: unknown)

    @classmethod
    def with_score(
        cls, board: int, ns_pair: Any, ew_pair: Any, ns_score: float, **details: Any
    ) -> TravellerLine:
        """A line with NS's score (``ew_score``, ``weight`` and the others as keywords)."""
        return cls(int(board), str(ns_pair), str(ew_pair), ns_score=float(ns_score), **details)

    @classmethod
    def with_contract(
        cls,
        board: int,
        ns_pair: Any,
        ew_pair: Any,
        contract: Any,
        declarer: Any,
        result: Any,
        **details: Any,
    ) -> TravellerLine:
        """A line from a contract (``4S``, ``3NTX``, ``PASS``), its declarer (N/E/S/W) and the
        result (tricks ``10`` or ``=``, ``+1``, ``-2``); the score is worked out (Law 77)."""
        level, strain, doubled, seat, tricks = parse_row(contract, declarer, result)
        score = int(ns_score(level, strain, doubled, seat, tricks, int(board)))
        passed = level == 0
        return cls(
            int(board),
            str(ns_pair),
            str(ew_pair),
            ns_score=float(score),
            contract=str(Contract(level, strain, doubled)),
            declarer="" if passed else SEATS[seat],
            tricks=None if passed else tricks,
            **details,
        )

    @classmethod
    def with_adjusted(
        cls, board: int, ns_pair: Any, ew_pair: Any, adjusted: Adjusted | str, **details: Any
    ) -> TravellerLine:
        """A line with an artificial adjusted score (an :class:`Adjusted` or ``"A60/40"``)."""
        if not isinstance(adjusted, Adjusted):
            parsed = parse_adjusted(adjusted)
            if parsed is None:
                raise InputError(f"adjusted score must be like A60/40 or A+/A-, got {adjusted!r}")
            adjusted = parsed
        return cls(int(board), str(ns_pair), str(ew_pair), adjusted=adjusted, **details)

    @classmethod
    def not_played(cls, board: int, ns_pair: Any, ew_pair: Any, **details: Any) -> TravellerLine:
        """A line saying the table did not play the board."""
        return cls(int(board), str(ns_pair), str(ew_pair), **details)


def label_codes(values: Iterable[Any]) -> tuple[tuple[str, ...], np.ndarray]:
    """Labels in the order first met and each value's index into them (values as text)."""
    index: dict[str, int] = {}
    codes = [index.setdefault(str(value), len(index)) for value in values]
    return tuple(index), np.array(codes, dtype=np.int64)


@dataclass(frozen=True)
class Traveller:
    """Traveller lines as columns (one entry per line), the form :func:`score_session` takes.

    Build it with :meth:`from_lines` or directly from arrays (the CSV reader does). Sections
    and pairs are codes into ``sections`` and ``pairs`` (labels as text, see
    :func:`label_codes`); a pair is known by its section and label. ``kind`` is SCORE,
    ADJUSTED or NOT_PLAYED_KIND. ``contract``, ``declarer`` and ``lead`` are the texts shown on
    travellers ("" when unknown), ``tricks`` −1 when unknown, ``round`` 0 when unknown.
    ``source`` and ``lines`` let errors name the file and line.
    """

    section: np.ndarray  # int64 codes into sections
    board: np.ndarray  # int64
    ns_pair: np.ndarray  # int64 codes into pairs
    ew_pair: np.ndarray  # int64 codes into pairs
    kind: np.ndarray  # int8: SCORE, ADJUSTED, NOT_PLAYED_KIND
    ns_score: np.ndarray  # float, NaN unless kind SCORE
    ew_score: np.ndarray  # float, NaN unless a split score (EW's own side)
    weight: np.ndarray  # float, 1 for a whole table (NaN: blank, 1 on a table of one line)
    ns_share: np.ndarray  # float percent, NaN unless ADJUSTED
    ew_share: np.ndarray
    contract: np.ndarray  # str (object array), "" unknown
    declarer: np.ndarray  # str (object array)
    tricks: np.ndarray  # int64, -1 unknown
    lead: np.ndarray  # str (object array)
    round: np.ndarray  # int64, 0 unknown
    lines: np.ndarray  # int64 source line of each entry (0 unknown)
    sections: tuple[str, ...] = ("",)
    pairs: tuple[str, ...] = ()
    source: str = "traveller"

    def __len__(self) -> int:
        return int(self.board.size)

    @classmethod
    def from_lines(cls, lines: Iterable[TravellerLine], source: str = "traveller") -> Traveller:
        """Columns from :class:`TravellerLine` objects (in their order)."""
        items = list(lines)
        if not items:
            raise InputError(f"{source}: no traveller lines")

        def column(get: Any, dtype: Any) -> np.ndarray:
            return np.array([get(item) for item in items], dtype=dtype)

        def number(value: float | None) -> float:
            return math.nan if value is None else float(value)

        kinds = [
            ADJUSTED
            if item.adjusted is not None
            else SCORE
            if item.ns_score is not None
            else NOT_PLAYED_KIND
            for item in items
        ]
        sections, section = label_codes(item.section for item in items)
        pairs, codes = label_codes([i.ns_pair for i in items] + [i.ew_pair for i in items])
        return cls(
            section=section,
            board=column(lambda i: i.board, np.int64),
            ns_pair=codes[: len(items)],
            ew_pair=codes[len(items) :],
            kind=np.array(kinds, dtype=np.int8),
            ns_score=column(lambda i: number(i.ns_score), float),
            ew_score=column(lambda i: number(i.ew_score), float),
            weight=column(lambda i: number(i.weight), float),
            ns_share=column(lambda i: i.adjusted.ns_percent if i.adjusted else math.nan, float),
            ew_share=column(lambda i: i.adjusted.ew_percent if i.adjusted else math.nan, float),
            contract=column(lambda i: i.contract, object),
            declarer=column(lambda i: i.declarer, object),
            tricks=column(lambda i: -1 if i.tricks is None else i.tricks, np.int64),
            lead=column(lambda i: i.lead, object),
            round=column(lambda i: i.round or 0, np.int64),
            lines=column(lambda i: i.line, np.int64),
            sections=sections,
            pairs=pairs,
            source=source,
        )

    def fail(self, rows: int | Sequence[int] | np.ndarray, message: str) -> InputError:
        """An error naming the source and the lines of entries ``rows``."""
        indices = np.atleast_1d(np.asarray(rows, dtype=np.int64))
        numbers = self.lines[indices]
        if (numbers > 0).all():
            label = "line" if indices.size == 1 else "lines"
            where = f"{label} {', '.join(str(n) for n in numbers.tolist())}"
        else:
            label = "entry" if indices.size == 1 else "entries"
            where = f"{label} {', '.join(str(i + 1) for i in indices.tolist())}"
        return InputError(f"{self.source}, {where}: {message}")


# --------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class PairResult:
    """A pair's result in the session.

    ``score`` is its matchpoint total as shown (english or acbl, as the session's method) or
    its IMP total. At matchpoints, with the session's totals "factored" (the default), a pair
    that played fewer boards than the most-played count B of its ranking is shown with its
    total factored to B: raw × B / boards, to 2 decimals; ``raw_score`` is always the plain
    sum of its boards (None: the same as ``score``). ``top`` the sum of the tops of the boards
    it played (NaN at IMPs); ``percentage`` raw / top × 100 (NaN at IMPs); ``per_board`` raw /
    boards. ``place`` is as printed ("1", "3="), ``rank`` its number (3 for "3=").
    ``direction`` is "NS"/"EW" with two winners, "" with one, except in a Mitchell ranked with
    one winner (``joint``), where NS 3 and EW 3 are two pairs of one ranking, shown as
    ``label`` "3NS" and "3EW".
    """

    section: str
    pair: str
    direction: str
    boards: int
    score: float
    top: float
    percentage: float
    per_board: float
    place: str
    rank: int
    joint: bool = False
    raw_score: float | None = None

    @property
    def raw(self) -> float:
        """The plain sum of the pair's board results (before any factoring of the total)."""
        return self.score if self.raw_score is None else self.raw_score

    @property
    def label(self) -> str:
        """The pair as a ranking shows it: its number, with its direction ("3NS") when both
        directions are ranked together."""
        return f"{self.pair}{self.direction}" if self.joint and self.direction else self.pair

    @property
    def key(self) -> tuple[str, str, str]:
        """(section, direction, pair): what identifies the pair in the session."""
        return self.section, self.direction, self.pair


@dataclass(frozen=True)
class ScoredLine:
    """One table's line on a scored board traveller.

    ``ns_score`` is NS's score (NaN for an adjusted score or a weighted score, see
    ``score_text``); ``ns_value``/``ew_value`` the matchpoints or IMPs each side got;
    ``ns_percent``/``ew_percent`` those as a percentage of the board's top (NaN at IMPs).
    ``score_text`` is the score as shown: "420", "-50", "A60/40", "60% 430 + 40% 400", or
    "420 / EW -400" for a split score, whose EW score (EW's own side, −400) is ``ew_score``
    (NaN for any other line). ``line`` is the line of the input file (0 unknown).
    """

    section: str
    board: int
    ns_pair: str
    ew_pair: str
    round: int  # 0 unknown
    contract: str  # "" unknown
    declarer: str
    lead: str
    tricks: int  # -1 unknown
    ns_score: float
    score_text: str
    adjusted: str  # "A60/40" or ""
    ns_value: float
    ew_value: float
    ns_percent: float
    ew_percent: float
    ew_score: float = math.nan
    line: int = 0

    @property
    def result(self) -> str:
        """The result relative to the contract ("=", "+1", "-2"), or "" when unknown."""
        if not self.contract or self.contract == "PASS" or self.tricks < 0:
            return ""
        over = self.tricks - int(self.contract[0]) - 6
        return "=" if over == 0 else f"{over:+d}"


@dataclass(frozen=True)
class BoardTraveller:
    """A board as scored: its lines (NS score best first) with the top or the datum.

    ``section`` is the board's section ("" when scored across the field: the lines then come
    from every section). ``top`` is the matchpoint top (after factoring; NaN at IMPs),
    ``datum`` the Butler datum (NaN otherwise), ``results`` the number of real results.
    """

    section: str
    board: int
    top: float
    datum: float
    results: int
    lines: tuple[ScoredLine, ...]


@dataclass(frozen=True)
class ScoreCardRow:
    """A line of a pair's personal score card, boards in order.

    ``direction`` is where the pair sat (NS/EW); ``score`` the pair's own score (EW's is
    −NS's; NaN for an adjusted score, see ``score_text``); ``value`` its matchpoints or IMPs,
    ``percent`` those as a percentage of the top (NaN at IMPs); ``running_total`` the sum of
    ``value`` so far. A board the pair did not play has no row.
    """

    board: int
    round: int
    opponents: str
    direction: str
    contract: str
    declarer: str
    tricks: int
    result: str
    score: float
    score_text: str
    value: float
    percent: float
    running_total: float
