"""A pairs session: traveller lines in, pair totals, percentages and places out.

A traveller line is one table's result on one board: the board, the NS and EW pair numbers
(any labels: "1", "12", "A3"), an optional section, and either

- a score from NS's side (``ns_score``; ``ew_score`` too when the two sides got different
  scores; several lines of one table with ``weight`` for an assigned weighted score),
- a contract, declarer and result, whose score is worked out (Law 77, :mod:`.contract`),
- an artificial adjusted score (Law 12C2): ``A60/40``, ``A6040``, ``A+/A-``, ``A=/A=`` …,
  giving each side a share of the board (A+ 60 %, A= 50 %, A− 40 %; +3/0/−3 IMPs at IMPs),
- or "not played" (``NP``): the table did not play the board.

Scoring (:func:`score_session`) uses :mod:`.boards` for every board: matchpoints (english or
acbl), cross-IMPs or Butler. Adjusted scores are not part of the field: a board's other
results are compared among themselves and factored by Neuberg to the board's number of
results, and (by default) every board is factored to the most-played board's count, so every
board has the same top (as Compscore3 publishes). ``factoring="available"`` instead keeps each
board's own top and divides by the matchpoints available (as New Zealand's Scorer does).
A pair's percentage is its total over the sum of the tops of the boards it played. At IMPs a
pair's score is its IMP total (ranked per board when pairs played different numbers).

One winner or two: a movement in which some pair sits both NS and EW (a Howell) ranks all pairs
together; otherwise (a Mitchell) NS and EW are ranked separately. With two winners a pair is
known by its direction and number, so Mitchells whose NS and EW pairs are both numbered 1…N
work: they are recognised by NS pair p and EW pair p both playing every board. Equal scores
(to two decimals) share a place, written "3=", and the next is 5.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from xlbridge.core.boards import (
    WEIGHT_TOLERANCE,
    butler_imps,
    cross_imps,
    datum,
    matchpoints,
    score_traveller,
)
from xlbridge.core.contract import SEATS, Contract, ns_score, parse_row
from xlbridge.core.validate import InputError, choice, shown

#: Session scoring methods: matchpoints 2 per win (mp) or 1 per win (acbl), cross-IMPs, Butler.
METHODS = ("mp", "acbl", "ximp", "butler")
#: How boards played fewer times are put on the same footing (see the module description).
FACTORINGS = ("most_played", "available")
#: Directions of a two-winner ranking; a one-winner ranking has the direction "".
DIRECTIONS = ("NS", "EW")
#: Text meaning "this table did not play the board".
NOT_PLAYED = ("NP", "NOT PLAYED", "")
#: Decimals to which scores are compared for ties (and shown).
PLACE_DECIMALS = 2
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

    ``score`` is its matchpoint total (english or acbl, as the session's method) or its IMP
    total; ``top`` the sum of the tops of the boards it played (NaN at IMPs); ``percentage``
    score / top × 100 (NaN at IMPs); ``per_board`` score / boards. ``place`` is as printed
    ("1", "3="), ``rank`` its number (3 for "3="). ``direction`` is "NS"/"EW" with two winners,
    "" with one.
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
    "420 / EW -400" for a split score.
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


@dataclass(frozen=True)
class SessionResult:
    """A scored session (see :func:`score_session`).

    ``method`` mp, acbl, ximp or butler; ``unit`` "MP" or "IMPs"; ``winners`` 1 or 2;
    ``directions`` ("",) or ("NS", "EW"); ``sections`` the sections in the order met;
    ``pairs`` every pair's result, ranking by ranking (section — unless ranked across the
    field —, then direction, then place); ``travellers`` every board as scored;
    ``score_card(pair)`` a pair's personal score card.
    """

    method: str
    winners: int
    across_field: bool
    factoring: str
    sections: tuple[str, ...]
    _scored: _Scored = field(repr=False, compare=False)

    @property
    def unit(self) -> str:
        return "MP" if self.method in ("mp", "acbl") else "IMPs"

    @property
    def directions(self) -> tuple[str, ...]:
        return DIRECTIONS if self.winners == 2 else ("",)

    @cached_property
    def pairs(self) -> tuple[PairResult, ...]:
        return self._scored.pair_results()

    def ranking(self, section: str | None = None, direction: str | None = None) -> list[PairResult]:
        """The pairs of one ranking in place order (all of them when no filter is given)."""
        return [
            pair
            for pair in self.pairs
            if (section is None or pair.section == section)
            and (direction is None or pair.direction == direction)
        ]

    @cached_property
    def travellers(self) -> tuple[BoardTraveller, ...]:
        """Every board's traveller, by section (when scored within sections) then board."""
        return self._scored.travellers()

    def score_card(self, pair: PairResult) -> list[ScoreCardRow]:
        """The personal score card of ``pair`` (one of ``pairs``)."""
        return self._scored.score_card(pair)


# --------------------------------------------------------------------------------------------
# Scoring


#: No contract scores more than this either way (7NTXX vulnerable, all 13 tricks lost).
MAX_SCORE = 7600


def _check_scores(traveller: Traveller) -> None:
    """Every score line has a score, within what a contract can score."""
    scores = traveller.ns_score
    if -MAX_SCORE <= scores.min() and scores.max() <= MAX_SCORE:  # False with any NaN
        return
    score_line = traveller.kind == SCORE
    bad = score_line & ~(np.abs(scores) <= MAX_SCORE)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise traveller.fail(
            row, f"ns_score must be a bridge score from -{MAX_SCORE} to {MAX_SCORE}, "
            f"got {shown(float(scores[row]))}",
        )  # fmt: skip


def _winners(value: str | int) -> str:
    text = str(value).strip().lower()
    if text not in ("auto", "1", "2"):
        raise InputError(f"winners must be auto, 1 or 2, got {shown(value)}")
    return text


def _dense_codes(key: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct values of a key of whole numbers from 0 (ascending), each value's index
    into them, and how often each occurs."""
    if key.max() < 4 * key.size + 1024:
        counts = np.bincount(key)
        distinct = np.flatnonzero(counts)
        index = np.cumsum(counts > 0) - 1
        return distinct, index[key], counts[distinct]
    distinct, codes, counts = np.unique(key, return_inverse=True, return_counts=True)
    return distinct, codes.reshape(-1), counts


@dataclass
class _Tables:
    """The lines grouped into tables (the components of a weighted score are one table)."""

    first: np.ndarray  # each table's first row
    of_row: np.ndarray  # each row's table
    rows_each: bool  # every row is a table of its own (of_row is arange)


def _pair_ids(traveller: Traveller) -> tuple[np.ndarray, np.ndarray, int]:
    """Each line's NS and EW pair as a number from (section, label): section × labels + label;
    and how many such numbers there can be."""
    labels = max(len(traveller.pairs), 1)
    ns = traveller.section * labels
    ew = ns + traveller.ew_pair
    ns += traveller.ns_pair
    return ns, ew, len(traveller.sections) * labels


def _sits_both_ways(ns: np.ndarray, ew: np.ndarray, ids: int) -> bool:
    """Whether some pair sits NS on one line and EW on another (``_pair_ids`` numbers)."""
    seen_ns = np.zeros(ids, dtype=bool)
    seen_ns[ns] = True
    return bool(seen_ns[ew].any())


def _numbered_by_direction(traveller: Traveller) -> bool:
    """Whether NS and EW pairs are numbered separately (a Mitchell numbered 1…N both ways).

    In such a Mitchell every board is played by NS pair p and by EW pair p, so on every board
    most NS numbers are EW numbers too; with pairs numbered once (a Howell) a number appears
    on a board only once. Every board must show it, so one mistyped line does not make a
    Howell a Mitchell (it is reported as a pair playing a board twice instead).
    """
    pairs = max(len(traveller.pairs), 1)
    board = traveller.section * (int(traveller.board.max()) + 1) + traveller.board
    ns_key = board * pairs + traveller.ns_pair
    ew_key = board * pairs + traveller.ew_pair
    shared = np.isin(ns_key, ew_key)
    _, group = np.unique(board, return_inverse=True)
    lines = np.bincount(group.reshape(-1))
    both = np.bincount(group.reshape(-1), weights=shared)
    return bool((both * 2 > lines).all())


def _one_table_per_line(size: int) -> _Tables:
    rows = np.arange(size)
    return _Tables(rows, rows, True)


def _tables(traveller: Traveller, ns_id: np.ndarray, ew_id: np.ndarray, ids: int) -> _Tables:
    """Group rows into tables; reject a pair on both sides of a line or playing a board twice."""
    same = np.flatnonzero(ns_id == ew_id)
    if same.size:
        row = int(same[0])
        raise traveller.fail(
            row,
            f"pair {traveller.pairs[traveller.ns_pair[row]]} is on both sides of the line "
            "(NS and EW); if NS and EW pairs are numbered separately (a Mitchell), score "
            "with two winners",
        )
    size = len(traveller)
    board_span = int(traveller.board.max()) + 1
    if float(board_span) * ids * 2 >= 2.0**62:
        raise InputError(f"{traveller.source}: too many boards and pairs to score")
    ns_key = traveller.board * ids
    ew_key = ns_key + ew_id
    ns_key += ns_id
    if board_span * ids <= 64 * size:  # every (board, pair) met once: the usual case
        seen = np.zeros(board_span * ids, dtype=bool)
        seen[ns_key] = True
        seen[ew_key] = True
        if np.count_nonzero(seen) == 2 * size:
            return _one_table_per_line(size)
    keys = np.concatenate([ns_key, ew_key])
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    repeat = np.flatnonzero(sorted_keys[1:] == sorted_keys[:-1])
    if repeat.size == 0:
        return _one_table_per_line(size)
    first_row, second_row = order[repeat] % size, order[repeat + 1] % size
    same_table = (ns_id[first_row] == ns_id[second_row]) & (ew_id[first_row] == ew_id[second_row])
    bad = np.flatnonzero(~same_table)
    if bad.size:
        a, b = int(first_row[bad[0]]), int(second_row[bad[0]])
        pid = keys[order[repeat[bad[0]]]] % ids
        label = traveller.pairs[int(pid % max(len(traveller.pairs), 1))]
        raise traveller.fail(
            sorted((a, b)),
            f"pair {label} plays board {traveller.board[a]} on two lines",
        )
    _, of_row = np.unique(ns_key, return_inverse=True)
    of_row = of_row.reshape(-1)
    first = np.full(int(of_row.max()) + 1, size, dtype=np.int64)
    np.minimum.at(first, of_row, np.arange(size))
    return _Tables(first, of_row, False)


def _check_components(traveller: Traveller, tables: _Tables) -> None:
    """Only scores may have several lines (a weighted score); weights of a table add to 1."""
    weight = traveller.weight
    if tables.rows_each and weight.min() == weight.max() == 1:  # NaN compares unequal
        return
    if not tables.rows_each:
        count = np.bincount(tables.of_row)[tables.of_row]
        blank = np.flatnonzero(np.isnan(weight) & (count > 1))
        if blank.size:
            rows = np.flatnonzero(tables.of_row == tables.of_row[blank[0]])
            label = traveller.pairs[int(traveller.ns_pair[rows[0]])]
            raise traveller.fail(
                rows,
                f"pair {label} plays board {traveller.board[rows[0]]} on {rows.size} lines "
                "(lines of one table need a weight each: an assigned weighted score)",
            )
    weight[np.isnan(weight)] = 1.0
    bad_weight = np.flatnonzero(~np.isfinite(weight) | (weight < 0))
    if bad_weight.size:
        row = int(bad_weight[0])
        raise traveller.fail(row, f"weight must be a number of at least 0, got {weight[row]:g}")
    if tables.rows_each:
        off = np.flatnonzero(np.abs(weight - 1) > WEIGHT_TOLERANCE)
        if off.size:
            row = int(off[0])
            raise traveller.fail(
                row, f"a table's weights must add up to 1, got {weight[row]:.12g} on one line"
            )
        return
    count = np.bincount(tables.of_row)
    several = count[tables.of_row] > 1
    not_scores = np.flatnonzero(several & (traveller.kind != SCORE))
    if not_scores.size:
        rows = np.flatnonzero(tables.of_row == tables.of_row[not_scores[0]])
        raise traveller.fail(
            rows, "an adjusted score or NP must be the table's only line on the board"
        )
    sums = np.bincount(tables.of_row, weights=weight)
    off = np.flatnonzero(np.abs(sums - 1) > WEIGHT_TOLERANCE)
    if off.size:
        rows = np.flatnonzero(tables.of_row == off[0])
        raise traveller.fail(rows, f"a table's weights must add up to 1, got {sums[off[0]]:.12g}")


@dataclass
class _Scored:
    """A scored session as arrays; builds the result objects on demand."""

    traveller: Traveller
    method: str
    two_winners: bool
    across_field: bool
    tables: _Tables
    table_ns: np.ndarray  # NS pair id of each table
    table_ew: np.ndarray
    table_group: np.ndarray  # scoring group (board) of each table; -1 not played
    table_kind: np.ndarray  # kind of each table
    group_board: np.ndarray
    group_section: np.ndarray  # -1 across the field
    group_top: np.ndarray  # NaN at IMPs
    group_results: np.ndarray  # real results per group
    ns_value: np.ndarray  # per table, NaN not played
    ew_value: np.ndarray
    pair_ids: int
    pair_total: np.ndarray = field(init=False)
    pair_boards: np.ndarray = field(init=False)
    pair_top: np.ndarray = field(init=False)
    pair_rank: np.ndarray = field(init=False)
    pair_tied: np.ndarray = field(init=False)
    pair_order: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        played = self.table_group >= 0
        every = bool(played.all())
        ns = self.table_ns if every else self.table_ns[played]
        ew = self.table_ew if every else self.table_ew[played]
        ns_value = self.ns_value if every else self.ns_value[played]
        ew_value = self.ew_value if every else self.ew_value[played]
        ids = self.pair_ids
        self.pair_total = np.bincount(ns, ns_value, ids) + np.bincount(ew, ew_value, ids)
        self.pair_boards = np.bincount(ns, minlength=ids) + np.bincount(ew, minlength=ids)
        if self.imps:
            self.pair_top = np.full(ids, np.nan)
        elif (self.group_top == self.group_top[0]).all():  # every board has the same top
            self.pair_top = self.pair_boards * self.group_top[0]
        else:
            top = self.group_top[self.table_group[played]]
            self.pair_top = np.bincount(ns, top, ids) + np.bincount(ew, top, ids)
        self._rank()

    @property
    def imps(self) -> bool:
        return self.method in ("ximp", "butler")

    def _pair_section(self, pid: Any) -> Any:
        return self._pair_number(pid) // max(len(self.traveller.pairs), 1)

    def _pair_direction(self, pid: Any) -> Any:
        """0 NS, 1 EW with two winners; 0 for everyone with one."""
        if not self.two_winners:
            return np.zeros_like(pid)
        return pid // (self.pair_ids // 2)

    def _pair_label(self, pid: Any) -> Any:
        return self._pair_number(pid) % max(len(self.traveller.pairs), 1)

    def _pair_number(self, pid: Any) -> Any:
        """section × labels + label, whatever the direction."""
        return pid % (self.pair_ids // 2) if self.two_winners else pid

    def _rank(self) -> None:
        """Places within each ranking (ties to PLACE_DECIMALS share a place)."""
        pid = np.flatnonzero(self.pair_boards)
        section = np.zeros_like(pid) if self.across_field else self._pair_section(pid)
        ranking = section * 2 + self._pair_direction(pid)
        total, boards = self.pair_total[pid], self.pair_boards[pid]
        if self.imps:  # IMPs per board in a ranking whose pairs played unequal numbers
            value = np.where(self._uneven_boards(ranking, boards), total / boards, total)
        else:  # every board has a top of at least 2
            value = total / self.pair_top[pid] * 100
        # One key: the ranking, then the value to the shown decimals, best first.
        key = (ranking << 42) + (1 << 41)  # values within ±2**41 keep to the low 42 bits
        key -= np.rint(value * 10**PLACE_DECIMALS).astype(np.int64)
        natural = _natural_order(self.traveller.pairs)
        if np.array_equal(natural, np.arange(natural.size)):  # pid order is the tiebreak
            order = np.argsort(key, kind="stable")
        else:  # equal values by section, then pair number
            tiebreak = natural[self._pair_label(pid)] + section * natural.size
            order = np.lexsort((tiebreak, key))
        sorted_key = key[order]
        first, last = _runs(sorted_key)
        ranking_first, _ = _runs(sorted_key >> 42)
        self.pair_order = pid[order]
        self.pair_rank = np.zeros(self.pair_ids, dtype=np.int64)
        self.pair_tied = np.zeros(self.pair_ids, dtype=bool)
        self.pair_rank[self.pair_order] = first - ranking_first + 1
        self.pair_tied[self.pair_order] = last - first > 1

    @staticmethod
    def _uneven_boards(ranking: np.ndarray, boards: np.ndarray) -> np.ndarray:
        """For each pair, whether the pairs of its ranking played different numbers of boards."""
        low = np.full(int(ranking.max()) + 1, np.iinfo(np.int64).max)
        high = np.zeros(int(ranking.max()) + 1, dtype=np.int64)
        np.minimum.at(low, ranking, boards)
        np.maximum.at(high, ranking, boards)
        return (low != high)[ranking]

    # Result objects ---------------------------------------------------------------------

    def pair_results(self) -> tuple[PairResult, ...]:
        traveller = self.traveller
        results = []
        for pid in self.pair_order.tolist():
            boards = int(self.pair_boards[pid])
            total = float(self.pair_total[pid])
            top = float(self.pair_top[pid])
            direction = DIRECTIONS[int(self._pair_direction(np.int64(pid)))]
            rank = int(self.pair_rank[pid])
            results.append(
                PairResult(
                    section=traveller.sections[int(self._pair_section(np.int64(pid)))],
                    pair=traveller.pairs[int(self._pair_label(np.int64(pid)))],
                    direction=direction if self.two_winners else "",
                    boards=boards,
                    score=total,
                    top=top,
                    percentage=total / top * 100 if top > 0 else math.nan,
                    per_board=total / boards,
                    place=f"{rank}=" if self.pair_tied[pid] else str(rank),
                    rank=rank,
                )
            )
        return tuple(results)

    def _pair_id(self, pair: PairResult) -> int:
        traveller = self.traveller
        try:
            section = traveller.sections.index(pair.section)
            label = traveller.pairs.index(pair.pair)
        except ValueError:
            raise InputError(f"pair {pair.pair} is not in this session") from None
        number = section * max(len(traveller.pairs), 1) + label
        if not self.two_winners:
            return number
        return number + DIRECTIONS.index(pair.direction) * (self.pair_ids // 2)

    def _line(self, table: int) -> ScoredLine:
        traveller = self.traveller
        row = int(self.tables.first[table])
        group = int(self.table_group[table])
        top = self.group_top[group] if group >= 0 else math.nan
        ns_value, ew_value = float(self.ns_value[table]), float(self.ew_value[table])
        text, ns_score = self._score_text(table, row)
        kind = traveller.kind[row]
        return ScoredLine(
            section=traveller.sections[int(traveller.section[row])],
            board=int(traveller.board[row]),
            ns_pair=traveller.pairs[int(traveller.ns_pair[row])],
            ew_pair=traveller.pairs[int(traveller.ew_pair[row])],
            round=int(traveller.round[row]),
            contract=str(traveller.contract[row]) if ns_score == ns_score else "",
            declarer=str(traveller.declarer[row]) if ns_score == ns_score else "",
            lead=str(traveller.lead[row]),
            tricks=int(traveller.tricks[row]) if ns_score == ns_score else -1,
            ns_score=ns_score,
            score_text=text,
            adjusted=text if kind == ADJUSTED else "",
            ns_value=ns_value,
            ew_value=ew_value,
            ns_percent=float(ns_value / top * 100) if top > 0 else math.nan,
            ew_percent=float(ew_value / top * 100) if top > 0 else math.nan,
        )

    def _score_text(self, table: int, row: int) -> tuple[str, float]:
        """The table's score as shown, and NS's score when it is a single one (else NaN)."""
        traveller = self.traveller
        kind = traveller.kind[row]
        if kind == ADJUSTED:
            return str(Adjusted(traveller.ns_share[row], traveller.ew_share[row])), math.nan
        if kind == NOT_PLAYED_KIND:
            return "NP", math.nan
        rows = [row] if self.tables.rows_each else np.flatnonzero(self.tables.of_row == table)
        if len(rows) > 1:
            parts = [f"{traveller.weight[r] * 100:g}% {traveller.ns_score[r]:g}" for r in rows]
            return " + ".join(parts), math.nan
        score = float(traveller.ns_score[row])
        ew = traveller.ew_score[row]
        if ew == ew and ew != -score:
            return f"{score:g} / EW {ew:g}", score
        return f"{score:g}", score

    def travellers(self) -> tuple[BoardTraveller, ...]:
        traveller = self.traveller
        tables = np.flatnonzero(self.table_group >= 0)
        by_group = tables[np.argsort(self.table_group[tables], kind="stable")]
        datum = self._datums()
        groups = np.split(by_group, np.flatnonzero(np.diff(self.table_group[by_group])) + 1)
        boards = []
        for members in groups:
            if not members.size:
                continue
            group = int(self.table_group[members[0]])
            lines = sorted(
                (self._line(int(t)) for t in members),
                key=lambda line: (
                    line.ns_score != line.ns_score,
                    -line.ns_score if line.ns_score == line.ns_score else 0,
                    -line.ns_value,
                ),
            )
            section = int(self.group_section[group])
            boards.append(
                BoardTraveller(
                    section="" if section < 0 else traveller.sections[section],
                    board=int(self.group_board[group]),
                    top=float(self.group_top[group]),
                    datum=float(datum[group]),
                    results=int(self.group_results[group]),
                    lines=tuple(lines),
                )
            )
        return tuple(boards)

    def _datums(self) -> np.ndarray:
        """The Butler datum of each group (NaN for other methods or without two results)."""
        datums = np.full(self.group_board.size, np.nan)
        if self.method != "butler":
            return datums
        traveller = self.traveller
        groups = _Groups(self.table_group, self.table_kind, self.group_results,
                         self.group_results, self.group_section)  # fmt: skip
        rows = _real_components(traveller, self.tables, groups, 2)
        if rows.group.size:
            scores, weights = rows.take(traveller.ns_score), rows.take(traveller.weight)
            values = datum(rows.group, rows.table, scores, weights)
            datums[values.board] = values.value
        return datums

    def score_card(self, pair: PairResult) -> list[ScoreCardRow]:
        pid = self._pair_id(pair)
        sits_ns = self.table_ns == pid
        mine = np.flatnonzero((sits_ns | (self.table_ew == pid)) & (self.table_group >= 0))
        traveller = self.traveller
        first = self.tables.first[mine]
        mine = mine[np.lexsort((traveller.round[first], traveller.board[first]))]
        rows, running = [], 0.0
        for table in mine.tolist():
            line = self._line(table)
            ns = bool(sits_ns[table])
            value = line.ns_value if ns else line.ew_value
            running += value
            row = int(self.tables.first[table])
            ew_own = traveller.ew_score[row]
            if ns:
                score = line.ns_score
            else:
                score = -line.ns_score if ew_own != ew_own else float(ew_own)
            rows.append(
                ScoreCardRow(
                    board=line.board,
                    round=line.round,
                    opponents=line.ew_pair if ns else line.ns_pair,
                    direction="NS" if ns else "EW",
                    contract=line.contract,
                    declarer=line.declarer,
                    tricks=line.tricks,
                    result=line.result,
                    score=score,
                    score_text=line.score_text if ns or score != score else f"{score:g}",
                    value=value,
                    percent=line.ns_percent if ns else line.ew_percent,
                    running_total=running,
                )
            )
        return rows


def _runs(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For sorted values: where each value's run of equal values starts, and where it ends
    (one past its last position)."""
    new = np.empty(values.size, dtype=bool)
    new[:1] = True
    np.not_equal(values[1:], values[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    run = np.cumsum(new) - 1
    return starts[run], np.append(starts[1:], values.size)[run]


def _natural_order(labels: Sequence[str]) -> np.ndarray:
    """Each label's position when labels are sorted naturally ("2" before "10")."""
    keys = [(0, int(label), "") if label.isdigit() else (1, 0, label.lower()) for label in labels]
    order = sorted(range(len(labels)), key=keys.__getitem__)
    position = np.empty(len(labels), dtype=np.int64)
    position[order] = np.arange(len(labels))
    return position


def score_session(
    traveller: Traveller,
    method: str = "mp",
    winners: str | int = "auto",
    across_field: bool = False,
    factoring: str = "most_played",
) -> SessionResult:
    """Score a session: board results, pair totals, percentages and places.

    method: mp (matchpoints, 2 per win), acbl (1 per win), ximp (cross-IMPs, divided by the
    comparisons) or butler (IMPs against a datum: the mean without the top and bottom score,
    rounded to 10). winners: auto (one winner if a pair sits both NS and EW, else two), 1 or 2
    (two winners: pairs numbered by direction). across_field: every section's results on a
    board are compared together and ranked together (else each section on its own).
    factoring: most_played (default; Neuberg to the most-played board's number of results) or
    available (each board keeps its own top). Adjusted scores are never part of the field.
    """
    method = choice("method", method, METHODS)
    factoring = choice("factoring", factoring, FACTORINGS)
    chosen = _winners(winners)
    if len(traveller) == 0:
        raise InputError(f"{traveller.source}: no traveller lines")
    if traveller.board.min() < 1:
        row = int(np.argmin(traveller.board))
        raise traveller.fail(row, f"board must be at least 1, got {traveller.board[row]}")
    _check_scores(traveller)
    ns_id, ew_id, ids = _pair_ids(traveller)
    two_winners = chosen == "2" or (
        chosen == "auto"
        and (not _sits_both_ways(ns_id, ew_id, ids) or _numbered_by_direction(traveller))
    )
    if two_winners:  # EW pairs numbered after every NS pair: NS 3 and EW 3 are two pairs
        ew_id += ids
        ids *= 2
    tables = _tables(traveller, ns_id, ew_id, ids)
    _check_components(traveller, tables)
    kind, board, section, ns_id, ew_id = (
        values if tables.rows_each else values[tables.first]
        for values in (traveller.kind, traveller.board, traveller.section, ns_id, ew_id)
    )
    in_play = kind != NOT_PLAYED_KIND
    every_table_played = bool(in_play.all())
    board_span = int(board.max()) + 1
    group_key = board if across_field else section * board_span + board
    if every_table_played:
        distinct, group, entries = _dense_codes(group_key)
    else:  # key 0 marks the tables that did not play, group −1
        distinct, group, entries = _dense_codes(np.where(in_play, group_key + 1, 0))
        group, distinct, entries = group - 1, distinct[1:] - 1, entries[1:]
    groups = distinct.size
    if groups == 0:
        raise InputError(f"{traveller.source}: no board was played")
    group_board = distinct % board_span
    group_section = np.full(groups, -1) if across_field else distinct // board_span
    if (kind == ADJUSTED).any():
        results = entries - np.bincount(group[kind == ADJUSTED], minlength=groups)
    else:
        results = entries
    lonely = np.flatnonzero((results == 1) & (entries == 1))
    if lonely.size:
        table = int(np.flatnonzero(group == lonely[0])[0])
        raise traveller.fail(
            np.flatnonzero(tables.of_row == table) if not tables.rows_each else [table],
            f"board {group_board[lonely[0]]} has one result and no adjusted score: there is "
            "nothing to compare it with",
        )
    scorer = _score_imps if method in ("ximp", "butler") else _score_matchpoints
    groups_of = _Groups(group, kind, results, entries, group_section)
    top, ns_value, ew_value = scorer(traveller, tables, groups_of, method, factoring)
    scored = _Scored(
        traveller=traveller,
        method=method,
        two_winners=two_winners,
        across_field=across_field,
        tables=tables,
        table_ns=ns_id,
        table_ew=ew_id,
        table_group=group,
        table_kind=kind,
        group_board=group_board,
        group_section=group_section,
        group_top=top,
        group_results=results,
        ns_value=ns_value,
        ew_value=ew_value,
        pair_ids=ids,
    )
    return SessionResult(
        method=method,
        winners=2 if two_winners else 1,
        across_field=across_field,
        factoring=factoring,
        sections=traveller.sections,
        _scored=scored,
    )


@dataclass(frozen=True)
class _Groups:
    """The scoring groups (a board, in one section or across the field) and their tables."""

    of_table: np.ndarray  # group of each table, −1 for a table that did not play
    kind: np.ndarray  # kind of each table
    results: np.ndarray  # real results of each group
    entries: np.ndarray  # real results and adjusted scores of each group
    section: np.ndarray  # section of each group, −1 across the field


@dataclass(frozen=True)
class _Components:
    """The rows of real results to score, their group and table; ``rows`` None: every row,
    in order (no copies)."""

    rows: np.ndarray | None
    group: np.ndarray
    table: np.ndarray

    def take(self, values: np.ndarray) -> np.ndarray:
        return values if self.rows is None else values[self.rows]


def _real_components(
    traveller: Traveller, tables: _Tables, groups: _Groups, least: int
) -> _Components:
    """The rows of real results on groups with at least ``least`` of them."""
    row_group = groups.of_table if tables.rows_each else groups.of_table[tables.of_row]
    real = traveller.kind == SCORE
    if tables.rows_each and real.all() and groups.results.min() >= least:
        return _Components(None, row_group, tables.of_row)
    keep = real & (groups.results[np.maximum(row_group, 0)] >= least) & (row_group >= 0)
    rows = np.flatnonzero(keep)
    return _Components(rows, row_group[rows], tables.of_row[rows])


def _board_values(
    traveller: Traveller, tables: _Tables, rows: _Components, core_method: str, **options: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """NS and EW values of the tables of ``rows`` via :mod:`.boards`: (tables, NS, EW).

    Plain tables (one line of weight 1, no split score) take the quick one-sided functions;
    EW's value is then the complement of NS's, returned as None.
    """
    ns_score = rows.take(traveller.ns_score)
    plain = tables.rows_each and bool(np.isnan(traveller.ew_score).all())
    if plain and core_method == "matchpoints":
        scored = matchpoints(rows.group, rows.table, ns_score, **options)
        return scored.entry, scored.value, None
    if plain:
        function = cross_imps if core_method == "cross_imps" else butler_imps
        scored = function(rows.group, rows.table, ns_score)
        return scored.entry, scored.value, -scored.value
    result = score_traveller(
        rows.group, rows.table, ns_score, rows.take(traveller.ew_score),
        rows.take(traveller.weight), method=core_method, **options,
    )  # fmt: skip
    return result.entry, result.ns, result.ew


def _adjusted_tables(groups: _Groups) -> np.ndarray:
    """The tables with an artificial adjusted score (on a board that was played)."""
    adjusted = groups.kind == ADJUSTED
    return np.flatnonzero(adjusted) if adjusted.any() else np.empty(0, dtype=np.int64)


def _score_matchpoints(
    traveller: Traveller, tables: _Tables, groups: _Groups, method: str, factoring: str
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each group's top and each table's NS and EW matchpoints (2 per win, or 1 for acbl)."""
    entries, section = groups.entries, groups.section
    if factoring == "available":
        expected = entries
    elif (section < 0).all():
        expected = np.full(entries.size, entries.max())
    else:
        most = np.zeros(int(section.max()) + 1, dtype=np.int64)
        np.maximum.at(most, section, entries)
        expected = most[section]
    if (expected < 2).any():
        group = int(np.flatnonzero(expected < 2)[0])
        lines = np.flatnonzero(groups.of_table[tables.of_row] == group)
        raise traveller.fail(lines, "a board needs at least 2 results (or adjusted scores)")
    top = 2.0 * (expected - 1)
    rows = _real_components(traveller, tables, groups, 1)
    table, ns, ew = np.empty(0, dtype=np.int64), np.empty(0), None
    if rows.group.size:
        # Neuberg where a board has fewer real results than it is factored to.
        played = groups.results > 0
        factor = bool((groups.results[played] != expected[played]).any())
        options = {"expected": expected[played]} if factor else {}
        table, ns, ew = _board_values(traveller, tables, rows, "matchpoints", **options)
    # Allocated after the scoring's temporaries are freed: much faster on some systems.
    ns_value = np.full(tables.first.size, np.nan)
    ns_value[table] = ns
    if ew is None:  # EW gets the top less NS's (NaN where NS has none: set below, or NP)
        same_top = bool((top == top[0]).all())
        ew_value = np.subtract(top[0] if same_top else top[groups.of_table], ns_value)
    else:
        ew_value = np.full_like(ns_value, np.nan)
        ew_value[table] = ew
    adjusted = _adjusted_tables(groups)
    if adjusted.size:
        first, of_group = tables.first[adjusted], top[groups.of_table[adjusted]]
        ns_value[adjusted] = traveller.ns_share[first] / 100 * of_group
        ew_value[adjusted] = traveller.ew_share[first] / 100 * of_group
    if method == "acbl":
        return top / 2, ns_value / 2, ew_value / 2
    return top, ns_value, ew_value


def _score_imps(
    traveller: Traveller, tables: _Tables, groups: _Groups, method: str, factoring: str
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each table's NS and EW IMPs (cross-IMPs or Butler); a lone real result scores 0."""
    del factoring  # IMPs are not factored
    count = tables.first.size
    ns_value, ew_value = np.full(count, np.nan), np.full(count, np.nan)
    lone = (groups.kind == SCORE) & (groups.results[np.maximum(groups.of_table, 0)] == 1)
    lone &= groups.of_table >= 0
    ns_value[lone], ew_value[lone] = 0.0, 0.0
    rows = _real_components(traveller, tables, groups, 2)
    if rows.group.size:
        core_method = "cross_imps" if method == "ximp" else "butler"
        scored, ns, ew = _board_values(traveller, tables, rows, core_method)
        ns_value[scored], ew_value[scored] = ns, ew
    for table in _adjusted_tables(groups).tolist():
        row = int(tables.first[table])
        share = Adjusted(float(traveller.ns_share[row]), float(traveller.ew_share[row]))
        try:
            ns_value[table], ew_value[table] = share.imps()
        except InputError as error:
            raise traveller.fail(row, str(error)) from None
    return np.full(groups.results.size, np.nan), ns_value, ew_value
