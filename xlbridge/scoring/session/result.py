"""A pairs session: traveller lines in, pair totals, percentages and places out.

A traveller line is one table's result on one board: the board, the NS and EW pair numbers
(any labels: "1", "12", "A3"), an optional section, and either

- a score from NS's side (``ns_score``; ``ew_score`` too when the two sides got different
  scores; several lines of one table with ``weight`` for an assigned weighted score),
- a contract, declarer and result, whose score is worked out (Law 77,
  :mod:`xlbridge.scoring.contract`),
- an artificial adjusted score (Law 12C2): ``A60/40``, ``A6040``, ``A+/A-``, ``A=/A=`` …,
  giving each side a share of the board (A+ 60 %, A= 50 %, A− 40 %; +3/0/−3 IMPs at IMPs),
- or "not played" (``NP``): the table did not play the board.

Scoring (:func:`score_session`) checks and groups the lines (:mod:`.tables`), then
scores every board with :mod:`~xlbridge.scoring.boards.matchpoints`,
:mod:`~xlbridge.scoring.boards.cross_imps`, :mod:`~xlbridge.scoring.boards.datums` or
:mod:`~xlbridge.scoring.boards.split_scores`: matchpoints (english or acbl), cross-IMPs or Butler.
Adjusted scores are not part of the field: a board's other results are compared among themselves and
factored by Neuberg to the board's number of results, and (by default) every board is factored to
the most-played board's count, so every board has the same top (as Compscore3 publishes).
``factoring="available"`` instead keeps each board's own top and divides by the matchpoints
available (as New Zealand's Scorer does); ``factoring="none"`` factors nothing: each board's top
is that of its real results, an artificial score gets its share of that top (as BBO's result
pages score them). A pair's percentage is its total over the sum of the tops
of the boards it played. At IMPs a pair's score is its IMP total (ranked per board when pairs played
different numbers).

One winner or two: a movement in which some pair sits both NS and EW (a Howell) ranks all pairs
together; otherwise (a Mitchell) NS and EW are ranked separately. With two winners a pair is
known by its direction and number, so Mitchells whose NS and EW pairs are both numbered 1…N
work: they are recognised by NS pair p and EW pair p both playing every board. Equal scores
(to two decimals) share a place, written "3=", and the next is 5.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from xlbridge.errors import InputError
from xlbridge.scoring.boards.cross_imps import cross_imps
from xlbridge.scoring.boards.datums import butler_imps
from xlbridge.scoring.boards.matchpoints import matchpoints
from xlbridge.scoring.boards.split_scores import score_traveller
from xlbridge.scoring.names import SESSION_METHODS
from xlbridge.scoring.session.data import (
    ADJUSTED,
    DIRECTIONS,
    SCORE,
    Adjusted,
    BoardTraveller,
    PairResult,
    ScoreCardRow,
    Traveller,
)
from xlbridge.scoring.session.options import SessionOptions
from xlbridge.scoring.session.tables import (
    board_groups,
    check_components,
    check_scores,
    line_tables,
    numbered_by_direction,
    pair_ids,
    sits_both_ways,
)
from xlbridge.scoring.session.totals import (
    BoardGroups,
    LineTables,
    ResultRows,
    ScoredSession,
    real_result_rows,
)

#: Session scoring methods: matchpoints 2 per win (mp) or 1 per win (acbl), cross-IMPs, Butler.
METHODS = SESSION_METHODS


@dataclass(frozen=True)
class SessionResult:
    """A scored session (see :func:`score_session`).

    ``method`` mp, acbl, ximp or butler; ``unit`` "MP" or "IMPs"; ``winners`` 1 or 2;
    ``divisor`` what cross-IMPs were divided by (comparisons, scores or none), ``trim``
    whether a Butler datum dropped the extremes from 3 results (else from 4);
    ``directions`` ("",) or ("NS", "EW"); ``sections`` the sections in the order met;
    ``pairs`` every pair's result, ranking by ranking (section — unless ranked across the
    field —, then direction, then place); ``travellers`` every board as scored;
    ``score_card(pair)`` a pair's personal score card (``score_cards()`` every pair's).
    """

    method: str
    winners: int
    across_field: bool
    factoring: str
    sections: tuple[str, ...]
    _scored: ScoredSession = field(repr=False, compare=False)
    totals: str = "factored"
    divisor: str = "comparisons"
    trim: bool = False

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
        if self.winners == 1:  # one ranking, whatever the pairs' directions
            direction = None
        return [
            pair
            for pair in self.pairs
            if (section is None or pair.section == section)
            and (direction is None or pair.direction == direction)
        ]

    def rankings(self) -> list[tuple[str, str, list[PairResult]]]:
        """Each ranking as (section, direction, its pairs in place order): one per section
        (one in all when ranked across the field, section "") and direction."""
        sections = ("",) if self.across_field else self.sections
        found = []
        for section in sections:
            for direction in self.directions:
                pairs = self.ranking(None if self.across_field else section, direction)
                if pairs:
                    found.append((section, direction, pairs))
        return found

    @cached_property
    def travellers(self) -> tuple[BoardTraveller, ...]:
        """Every board's traveller, by section (when scored within sections) then board."""
        return self._scored.travellers()

    def score_card(self, pair: PairResult) -> list[ScoreCardRow]:
        """The personal score card of ``pair`` (one of ``pairs``)."""
        return self._scored.score_card(pair)

    def score_cards(self) -> dict[tuple[str, str, str], list[ScoreCardRow]]:
        """Every pair's score card, keyed by :attr:`PairResult.key` (one pass: the whole
        field's cards in time linear in the number of tables)."""
        return self._scored.score_cards(self.pairs)


# --------------------------------------------------------------------------------------------
# Scoring


def score_session(
    traveller: Traveller,
    method: str | None = None,
    winners: str | int | None = None,
    across_field: bool | None = None,
    factoring: str | None = None,
    datum_rounding: str | None = None,
    totals: str | None = None,
    *,
    options: SessionOptions | None = None,
) -> SessionResult:
    """Score a session: board results, pair totals, percentages and places.

    The options come from ``options`` (a :class:`SessionOptions`; its defaults when None), and
    each keyword given (not None) replaces the option of its name. A datum rounding is for
    butler only.

    method: mp (matchpoints, 2 per win), acbl (1 per win), ximp (cross-IMPs, divided by the
    comparisons) or butler (IMPs against a datum: the mean without the top and bottom score,
    rounded to 10). winners: auto (one winner if a pair sits both NS and EW, else two), 1 or 2
    (two winners: pairs numbered by direction). across_field: every section's results on a
    board are compared together and ranked together (else each section on its own).
    factoring: most_played (default; Neuberg to the most-played board's number of results),
    available (each board keeps its own top) or none (no Neuberg: each board over the top of
    its real results). Adjusted scores are never part of the field. Through ``options`` only:
    divisor (ximp: comparisons, scores or none) and trim (butler: the extremes dropped from 3
    results).
    datum_rounding (butler): an exact 5 in the datum goes away from zero (default) or to the
    even ten (see :func:`xlbridge.scoring.boards.datums.datum`). totals (matchpoints): factored
    (default: a pair that played fewer boards than the most-played count of its ranking shows
    its total × that count / its boards, to 2 decimals; its percentage is unchanged) or raw.
    """
    given = SessionOptions.of_call(
        options, method, winners, across_field, factoring, datum_rounding, totals
    ).for_file(None, None)
    method, across_field, factoring = given.chosen_method, given.across_field, given.factoring
    datum_rounding, totals = given.rounding, given.totals
    _check_lines(traveller)
    two_winners, joint, ns_id, ew_id, ids = _numbered_pairs(traveller, given.winners)
    tables = line_tables(traveller, ns_id, ew_id, ids)
    check_components(traveller, tables)
    kind, board, section, ns_id, ew_id = (
        values if tables.rows_each else values[tables.first]
        for values in (traveller.kind, traveller.board, traveller.section, ns_id, ew_id)
    )
    groups, group_board = board_groups(traveller, tables, kind, board, section, across_field)
    scorer = _score_imps if method in ("ximp", "butler") else _score_matchpoints
    top, ns_value, ew_value = scorer(traveller, tables, groups, given)
    scored = ScoredSession(
        traveller=traveller,
        method=method,
        two_winners=two_winners,
        across_field=across_field,
        tables=tables,
        table_ns=ns_id,
        table_ew=ew_id,
        table_group=groups.of_table,
        table_kind=kind,
        group_board=group_board,
        group_section=groups.section,
        group_top=top,
        group_results=groups.results,
        ns_value=ns_value,
        ew_value=ew_value,
        pair_ids=ids,
        datum_rounding=datum_rounding,
        totals=totals,
        joint_directions=joint,
    )
    return SessionResult(
        method=method,
        winners=2 if two_winners else 1,
        across_field=across_field,
        factoring=factoring,
        sections=traveller.sections,
        _scored=scored,
        totals=totals,
        divisor=given.chosen_divisor,
        trim=bool(given.trim),
    )


def _numbered_pairs(
    traveller: Traveller, winners: str
) -> tuple[bool, bool, np.ndarray, np.ndarray, int]:
    """Whether the session has two winners; whether its one winner keeps pairs known by
    direction (a Mitchell numbered 1…N both ways); and the NS and EW pair ids of its lines and
    their count. With either, EW pairs are numbered after every NS pair: NS 3 and EW 3 are two."""
    ns_id, ew_id, ids = pair_ids(traveller)
    two_winners = winners == "2" or (
        winners == "auto"
        and (not sits_both_ways(ns_id, ew_id, ids) or numbered_by_direction(traveller))
    )
    joint = winners == "1" and numbered_by_direction(traveller)
    if two_winners or joint:
        ew_id += ids
        ids *= 2
    return two_winners, joint, ns_id, ew_id, ids


def _check_lines(traveller: Traveller) -> None:
    """A session needs lines, boards numbered from 1 and scores a contract can make."""
    if len(traveller) == 0:
        raise InputError(f"{traveller.source}: no traveller lines")
    if traveller.board.min() < 1:
        row = int(np.argmin(traveller.board))
        raise traveller.fail(row, f"board must be at least 1, got {traveller.board[row]}")
    check_scores(traveller)


def _board_values(
    traveller: Traveller, tables: LineTables, rows: ResultRows, core_method: str, **options: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """NS and EW values of the tables of ``rows`` via the board-scoring modules: (tables, NS, EW).

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
        scored = function(rows.group, rows.table, ns_score, **options)
        return scored.entry, scored.value, -scored.value
    result = score_traveller(
        rows.group,
        rows.table,
        ns_score,
        rows.take(traveller.ew_score),
        rows.take(traveller.weight),
        method=core_method,
        **options,
    )
    return result.entry, result.ns, result.ew


def _adjusted_tables(groups: BoardGroups) -> np.ndarray:
    """The tables with an artificial adjusted score (on a board that was played)."""
    adjusted = groups.kind == ADJUSTED
    return np.flatnonzero(adjusted) if adjusted.any() else np.empty(0, dtype=np.int64)


def _expected_results(groups: BoardGroups, factoring: str) -> np.ndarray:
    """The number of results each group's board is scored to: the most-played board's (of
    its section), its own results and adjusted scores (available), or its real results
    (none; its results and adjusted scores when it has fewer than 2 real ones)."""
    entries, section = groups.entries, groups.section
    if factoring == "none":
        return np.where(groups.results >= 2, groups.results, entries)
    if factoring == "available":
        return entries
    if (section < 0).all():
        return np.full(entries.size, entries.max())
    most = np.zeros(int(section.max()) + 1, dtype=np.int64)
    np.maximum.at(most, section, entries)
    expected: np.ndarray = most[section]
    return expected


def _score_matchpoints(
    traveller: Traveller, tables: LineTables, groups: BoardGroups, given: SessionOptions
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each group's top and each table's NS and EW matchpoints (2 per win, or 1 for acbl)."""
    method = given.chosen_method
    expected = _expected_results(groups, given.factoring)
    if (expected < 2).any():
        group = int(np.flatnonzero(expected < 2)[0])
        lines = np.flatnonzero(groups.of_table[tables.of_row] == group)
        raise traveller.fail(lines, "a board needs at least 2 results (or adjusted scores)")
    top = 2.0 * (expected - 1)
    rows = real_result_rows(traveller, tables, groups, 1)
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
    traveller: Traveller, tables: LineTables, groups: BoardGroups, given: SessionOptions
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each table's NS and EW IMPs (cross-IMPs or Butler); a lone real result scores 0.
    IMPs are not factored."""
    method = given.chosen_method
    count = tables.first.size
    ns_value, ew_value = np.full(count, np.nan), np.full(count, np.nan)
    lone = (groups.kind == SCORE) & (groups.results[np.maximum(groups.of_table, 0)] == 1)
    lone &= groups.of_table >= 0
    ns_value[lone], ew_value[lone] = 0.0, 0.0
    rows = real_result_rows(traveller, tables, groups, 2)
    if rows.group.size:
        core_method = "cross_imps" if method == "ximp" else "butler"
        options: dict[str, Any] = {"divisor": given.chosen_divisor}
        if method == "butler":
            options = {"rounding": given.rounding, "trim_from": given.trim_from}
        scored, ns, ew = _board_values(traveller, tables, rows, core_method, **options)
        ns_value[scored], ew_value[scored] = ns, ew
    for table in _adjusted_tables(groups).tolist():
        row = int(tables.first[table])
        share = Adjusted(float(traveller.ns_share[row]), float(traveller.ew_share[row]))
        try:
            ns_value[table], ew_value[table] = share.imps()
        except InputError as error:
            raise traveller.fail(row, str(error)) from None
    return np.full(groups.results.size, np.nan), ns_value, ew_value
