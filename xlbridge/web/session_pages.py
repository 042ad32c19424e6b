"""What each page of a pairs session's site shows, worked out from the scored session.

:class:`SessionSite` turns a :class:`~xlbridge.scoring.session.SessionResult` (from any input
the session command reads) into the rows of the ranking, each board's traveller and each
pair's score card, with every number as text to the shown decimals and every link between the
pages; the templates (``templates/*.html``) lay them out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

import numpy as np
from markupsafe import Markup, escape

from xlbridge.io.travellers.session_csv import pair_names
from xlbridge.scoring.double_dummy import DECLARERS, STRAINS, BoardAnalysis
from xlbridge.scoring.session import BoardTraveller, PairResult, ScoreCardRow, SessionResult
from xlbridge.web import display as cards
from xlbridge.web.addresses import Key, card_files
from xlbridge.web.display import fixed

#: The ranking's file; boards and score cards are ``board-…html`` and ``pair-…html``
#: (:mod:`xlbridge.web.addresses`).
INDEX = "index.html"
METHOD_NAMES = {
    "mp": "Matchpoints",
    "acbl": "Matchpoints (ACBL)",
    "ximp": "Cross-IMPs",
    "butler": "Butler IMPs",
}
DIRECTION_NAMES = {"NS": "North-South", "EW": "East-West", "": ""}


class Link(NamedTuple):
    """A text and the page it links to ("" for no link)."""

    text: str
    href: str

    def html(self) -> Markup:
        """The link as markup (the text alone when there is no page), text escaped."""
        if not self.href:
            return escape(self.text)
        return Markup(f'<a href="{escape(self.href)}">{escape(self.text)}</a>')


class RankRow(NamedTuple):
    place: str
    pair: Link
    names: str
    boards: int
    score: str
    percent: str  # % at matchpoints, per board at IMPs
    masterpoints: str


class Ranking(NamedTuple):
    heading: str
    rows: list[RankRow]


class LineRow(NamedTuple):
    """A traveller line: pairs (links), play (contract and lead as markup), NS score, both
    sides' MPs or IMPs and %."""

    ns: Markup
    ew: Markup
    contract: Markup
    by: str
    lead: Markup
    tricks: str
    score: str
    adjusted: bool
    ns_value: str
    ew_value: str
    ns_percent: str
    ew_percent: str


class CardRow(NamedTuple):
    """A score card line; ``played`` False for a board the pair did not play. ``board`` and
    ``opponents`` are links, ``contract`` the contract, declarer and result, as markup."""

    board: Markup
    played: bool
    direction: str
    opponents: Markup
    contract: Markup
    score: str
    adjusted: bool
    value: str
    percent: str
    running: str


@dataclass(frozen=True)
class Header:
    """What heads every page: the event, its date and club, and how it was scored."""

    event: str
    date: str
    club: str
    method: str
    unit: str  # MP or IMPs
    matchpoints: bool


@dataclass
class SessionSite:
    """The pages of a scored session: build with :meth:`build`, then iterate :meth:`pages`'
    (template, file name, context) triples."""

    result: SessionResult
    names: Mapping[Key, str]
    deals: Mapping[int, str]
    masterpoints: Mapping[Key, str]
    header: Header
    #: Each board's double-dummy table and par, by board number (empty: not analysed).
    analyses: Mapping[int, BoardAnalysis] = field(default_factory=dict)
    card_file: dict[Key, str] = field(default_factory=dict)
    board_file: dict[tuple[str, int], str] = field(default_factory=dict)
    _links: dict[Key, Markup] = field(default_factory=dict)
    _board_links: dict[tuple[str, int], Markup] = field(default_factory=dict)
    shared_boards: bool = False  # sections share board numbers: a page per board and section
    value_decimals: int = 2
    total_decimals: int = 2

    def __post_init__(self) -> None:
        result = self.result
        self.card_file = card_files(pair.key for pair in result.pairs)
        boards = [traveller.board for traveller in result.travellers]
        self.shared_boards = len(set(boards)) != len(boards)
        for traveller in result.travellers:
            key = (traveller.section, traveller.board)
            if self.shared_boards:
                where = result.sections.index(traveller.section) + 1
                self.board_file[key] = f"board-{where}-{traveller.board}.html"
            else:
                self.board_file[key] = f"board-{traveller.board}.html"
        values = np.array(
            [
                v
                for t in result.travellers
                for line in t.lines
                for v in (line.ns_value, line.ew_value)
            ]
        )
        self.value_decimals = cards.decimals_for(values)
        totals = np.array([pair.score for pair in result.pairs])
        self.total_decimals = cards.decimals_for(totals)

    # Links ------------------------------------------------------------------------------

    def pair_link(self, section: str, direction: str, pair: str) -> Markup:
        """A pair's label linked to its score card (worked out once a pair)."""
        key = (section, direction, pair)
        link = self._links.get(key)
        if link is None:
            file = self.card_file.get(key) or self.card_file.get((section, "", pair), "")
            link = self._links[key] = Link(self.label(section, pair), file).html()
        return link

    def label(self, section: str, pair: str) -> str:
        """A pair as shown: with its section in front ("A3") when several sections are
        ranked and scored together, where the number alone would not say which pair."""
        return f"{section}{pair}" if self.sections_together else pair

    @property
    def sections_together(self) -> bool:
        return self.result.across_field and len(self.result.sections) > 1

    def board_link(self, section: str, board: int) -> Markup:
        """A board's number linked to its page (worked out once a board)."""
        key = ("" if self.result.across_field else section, board)
        link = self._board_links.get(key)
        if link is None:
            link = self._board_links[key] = Link(str(board), self.board_file.get(key, "")).html()
        return link

    # The ranking ------------------------------------------------------------------------

    def rankings(self) -> list[Ranking]:
        """One ranking per section (unless ranked across the field) and direction."""
        return [
            Ranking(self._heading(section, direction), self._rows(pairs))
            for section, direction, pairs in self.result.rankings()
        ]

    def _heading(self, section: str, direction: str) -> str:
        parts = [f"Section {section}" if section else "", DIRECTION_NAMES[direction]]
        return " — ".join(part for part in parts if part) or "All pairs"

    def _rows(self, pairs: list[PairResult]) -> list[RankRow]:
        matchpoints = self.header.matchpoints
        return [
            RankRow(
                pair.place,
                Link(self.label(pair.section, pair.label), self.card_file[pair.key]),  # 3NS
                pair_names(self.names, pair),
                pair.boards,
                fixed(pair.score, self.total_decimals),
                fixed(pair.percentage if matchpoints else pair.per_board, 2),
                pair_names(self.masterpoints, pair),
            )
            for pair in pairs
        ]

    # Boards -----------------------------------------------------------------------------

    def board_context(self, index: int) -> dict[str, object]:
        """What the page of the ``index``-th traveller shows."""
        travellers = self.result.travellers
        traveller = travellers[index]
        previous, following = (
            self._board_name(travellers[i]) if 0 <= i < len(travellers) else None
            for i in (index - 1, index + 1)
        )
        deal = self.deals.get(traveller.board)
        lines = self._lines(traveller)
        return {
            "board": traveller,
            "section": traveller.section,
            "dealer": cards.board_dealer(traveller.board),
            "vulnerable": cards.board_vulnerability(traveller.board),
            "hands": cards.hands(deal) if deal else None,
            "dd": _double_dummy(self.analyses.get(traveller.board)),
            "lines": lines,
            "any_adjusted": any(line.adjusted for line in lines),
            "any_lead": any(line.lead for line in lines),
            "top": fixed(traveller.top, self.value_decimals),
            "datum": fixed(traveller.datum, 0),
            "previous": previous,
            "next": following,
        }

    def board_links(self) -> list[Link]:
        """A link to every board's page, in the travellers' order (for the front page)."""
        return [self._board_name(traveller) for traveller in self.result.travellers]

    def _board_name(self, traveller: BoardTraveller) -> Link:
        """A link to ``traveller``'s page named by its board (and section when there are
        several)."""
        text = f"{traveller.board}{traveller.section}" if self.shared_boards else ""
        file = self.board_file[(traveller.section, traveller.board)]
        return Link(text or str(traveller.board), file)

    def _lines(self, traveller: BoardTraveller) -> list[LineRow]:
        decimals = self.value_decimals
        return [
            LineRow(
                self.pair_link(line.section, "NS", line.ns_pair),
                self.pair_link(line.section, "EW", line.ew_pair),
                cards.contract_html(line.contract),
                line.declarer,
                cards.lead_html(line.lead),
                str(line.tricks) if line.tricks >= 0 else "",
                line.score_text,
                bool(line.adjusted),
                fixed(line.ns_value, decimals),
                fixed(line.ew_value, decimals),
                fixed(line.ns_percent, 0),
                fixed(line.ew_percent, 0),
            )
            for line in traveller.lines
        ]

    # Score cards ------------------------------------------------------------------------

    def boards_of_sections(self) -> dict[str, list[int]]:
        """The boards played in each section (every board when scored across the field)."""
        seen: dict[str, set[int]] = {}
        for traveller in self.result.travellers:
            for section in {line.section for line in traveller.lines}:
                seen.setdefault(section, set()).add(traveller.board)
        return {section: sorted(boards) for section, boards in seen.items()}

    def card_rows(
        self, pair: PairResult, rows: list[ScoreCardRow], boards: list[int]
    ) -> list[CardRow]:
        """The pair's card: every board of its section in order, not played ones marked."""
        by_board: dict[int, list[ScoreCardRow]] = {}
        for row in rows:
            by_board.setdefault(row.board, []).append(row)
        decimals, other = self.value_decimals, {"NS": "EW", "EW": "NS"}
        shown: list[CardRow] = []
        running, blank = "", Markup()
        for board in boards:
            link = self.board_link(pair.section, board)
            played = by_board.get(board)
            if not played:
                shown.append(CardRow(link, False, "", blank, blank, "", False, "", "", running))
                continue
            for row in played:
                running = fixed(row.running_total, self.total_decimals)
                shown.append(
                    CardRow(
                        link,
                        True,
                        row.direction,
                        self.pair_link(pair.section, other[row.direction], row.opponents),
                        _played(row.contract, row.declarer, row.result),
                        row.score_text,
                        row.score != row.score and row.score_text.startswith("A"),
                        fixed(row.value, decimals),
                        fixed(row.percent, 0),
                        running,
                    )
                )
        return shown

    def card_contexts(self) -> Iterator[tuple[str, dict[str, object]]]:
        """(file name, context) of every pair's score card, in ranking order."""
        result = self.result
        all_cards = result.score_cards()
        boards = self.boards_of_sections()
        every = sorted({t.board for t in result.travellers})
        for pair in result.pairs:
            rows = self.card_rows(pair, all_cards[pair.key], boards.get(pair.section, every))
            yield (
                self.card_file[pair.key],
                {
                    "pair": pair,
                    "names": pair_names(self.names, pair),
                    "direction": DIRECTION_NAMES[pair.direction],
                    "rows": rows,
                    "score": fixed(pair.score, self.total_decimals),
                    "percent": fixed(pair.percentage, 2),
                    "per_board": fixed(pair.per_board, 2),
                    "masterpoints": pair_names(self.masterpoints, pair),
                },
            )


@lru_cache(maxsize=4096)
def _played(contract: str, declarer: str, result: str) -> Markup:
    """A score card's contract, its declarer and the result, as markup."""
    shown = cards.contract_html(contract)
    if not declarer:
        return shown
    return Markup(
        f'{shown} <span class="by">{escape(declarer)}</span> '
        f'<span class="result">{escape(result)}</span>'
    )


class DoubleDummyRow(NamedTuple):
    seat: str
    tricks: tuple[int, ...]


class DoubleDummyView(NamedTuple):
    """The double-dummy block of a board page: strain headings, a row per declarer, the par."""

    strains: tuple[str, ...]
    rows: tuple[DoubleDummyRow, ...]
    par: str


def _double_dummy(analysis: BoardAnalysis | None) -> DoubleDummyView | None:
    """What board.html shows of ``analysis`` (None: the board was not analysed)."""
    if analysis is None:
        return None
    rows = tuple(
        DoubleDummyRow(seat, tuple(analysis.tricks(seat, strain) for strain in STRAINS))
        for seat in DECLARERS
    )
    return DoubleDummyView(tuple(cards.SYMBOLS[s] for s in STRAINS), rows, analysis.par_text)
