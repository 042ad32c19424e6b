"""The printable results pack of a pairs session: ranking, travellers and personal score cards.

:func:`build_results_pack` turns a scored session (:func:`xlbridge.scoring.session.score_session`)
into a workbook a director prints and hands out:

- **Ranking** — one table per ranking (one for a one-winner movement, North-South and
  East-West for two winners, each section on its own unless scored across the field): place
  (ties "3="), pair, names, score (matchpoints or IMPs), top and percentage (matchpoints) or
  IMPs per board, boards played.
- **Travellers** — every board: dealer, vulnerability, number of results and the top
  (matchpoints) or datum (Butler), then each table's line: pairs, contract, declarer, lead,
  tricks, both sides' scores, matchpoints or IMPs and percentages. Adjusted scores are shown
  in grey italics; the deal is printed above the lines when it is known.
- **Score cards** — a personal score card per pair: board, direction, opponents, contract,
  declarer, the pair's score, its matchpoints or IMPs (and percentage) and a running total.

The file holds values only — no formulas — and every name is written as text. Each sheet
prints portrait on A4 or Letter with its column headings repeated on every page, the event
in the page header, and manual page breaks so that no board's traveller, pair's score card or
short ranking is split across two pages (see :mod:`.page`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from openpyxl import Workbook

from xlbridge.errors import InputError
from xlbridge.io.bounds import stored_text
from xlbridge.scoring import checks
from xlbridge.scoring.checks import shown
from xlbridge.scoring.session import SessionResult
from xlbridge.workbooks.kit.printing import PAPER_SIZES
from xlbridge.workbooks.results_pack import page
from xlbridge.workbooks.results_pack.boards import write_score_cards, write_travellers
from xlbridge.workbooks.results_pack.context import Names, PackContext
from xlbridge.workbooks.results_pack.hands import read_deal
from xlbridge.workbooks.results_pack.ranking import ranking_columns, write_ranking
from xlbridge.workbooks.results_pack.sheet import (
    PackSheet,
)

if TYPE_CHECKING:
    from xlbridge.scoring.double_dummy import BoardAnalysis

RANKING_SHEET = "Ranking"
TRAVELLERS_SHEET = "Travellers"
SCORE_CARDS_SHEET = "Score cards"
DEFAULT_EVENT = "Pairs session"

METHOD_NAMES = {
    "mp": "matchpoints (2 per win)",
    "acbl": "matchpoints (1 per win)",
    "ximp": "cross-IMPs",
    "butler": "Butler IMPs",
}


def build_results_pack(
    result: SessionResult,
    names: Names | None = None,
    hands: Mapping[int, object] | None = None,
    *,
    event: str = "",
    date: str = "",
    paper: str = "a4",
    analyses: Mapping[int, BoardAnalysis] | None = None,
    awards: Mapping[tuple[str, str, str], str] | None = None,
    queries: Sequence[str] = (),
) -> Workbook:
    """The results pack of a scored session, as a workbook of values ready to print.

    ``result`` is what :func:`xlbridge.scoring.session.score_session` returns. ``names`` gives
    the pairs' names ("A. Smith & B. Jones"), keyed by pair number (``{7: "..."}``) or by
    ``(section, direction, pair)`` as :func:`xlbridge.io.travellers.session_csv.read_names` reads
    them (section and direction "" when not needed). ``hands`` gives the deal of each board whose
    deal is known, keyed by board number, as a PBN deal string
    (``"N:AKQ2.KJ3.Q54.A32 T98.AQ2.K32.KQJ5 ..."``) or a mapping of seat to hand
    (``{"N": "AKQ2.KJ3.Q54.A32", ...}``); it is printed on the board's traveller. ``event``
    and ``date`` go in every page's header; ``paper`` is a4 or letter. ``analyses``
    (:func:`xlbridge.scoring.double_dummy.analyse`) adds each analysed board's double-dummy
    table and par under its hands, and each line's tricks against double dummy. ``awards``
    gives the masterpoints awarded by (section, direction, pair) as printed ("0.08 Green"),
    shown in a column of the ranking when given. ``queries`` are the results a director would
    query (:mod:`xlbridge.scoring.session.queries`), each naming its board and where it was
    typed; they are listed in the notes under the travellers.
    """
    paper = checks.choice("paper", paper, PAPER_SIZES)
    if not isinstance(result, SessionResult):
        raise InputError(f"result must be a scored session, got {type(result).__name__}")
    context = PackContext(
        result=result,
        names=_names(names or {}),
        deals=_deals(hands or {}, {board.board for board in result.travellers}),
        value_format=_number_format(_values(result)),
        total_format=_number_format(pair.score for pair in result.pairs),
        top_format=_number_format(pair.top for pair in result.pairs),
        analyses=dict(analyses or {}),
        awards=dict(awards or {}),
        queries=tuple(_text("queries", query) for query in queries),
    )
    parts = (_text("event", event) or DEFAULT_EVENT, _text("date", date))
    heading = " — ".join(part for part in parts if part)
    workbook = Workbook()
    page.use_default_font(workbook)
    ranking = workbook.active
    assert ranking is not None
    ranking.title = RANKING_SHEET
    sheet = PackSheet(ranking, _title("Ranking", result), ranking_columns(context))
    write_ranking(sheet, context, paper).finish(paper, heading)
    travellers = workbook.create_sheet(TRAVELLERS_SHEET)
    write_travellers(travellers, context, _title("Travellers", result)).finish(paper, heading)
    cards = workbook.create_sheet(SCORE_CARDS_SHEET)
    write_score_cards(cards, context, _title("Personal score cards", result)).finish(paper, heading)
    return workbook


# --------------------------------------------------------------------------------------------
# Arguments


def _text(name: str, value: object) -> str:
    """Text as printed on one line: runs of white space (line breaks too) become one space."""
    if not isinstance(value, str):
        raise InputError(f"{name} must be text, got {shown(value)}")
    return stored_text(" ".join(value.split()), name)


def _names(names: Names) -> dict[tuple[str, str, str], str]:
    if not isinstance(names, Mapping):
        raise InputError("names must map pair numbers to names")
    keyed: dict[tuple[str, str, str], str] = {}
    for key, value in names.items():
        full = tuple(str(part) for part in key) if isinstance(key, tuple) else ("", "", str(key))
        if len(full) != 3:
            raise InputError(f"names: a key is a pair or (section, direction, pair), got {key!r}")
        keyed[full] = _text(f"names of pair {full[2]}", value)
    return keyed


def _deals(hands: Mapping[int, object], boards: set[int]) -> dict[int, dict[str, str]]:
    if not isinstance(hands, Mapping):
        raise InputError("hands must map board numbers to deals")
    deals = {}
    for board, deal in hands.items():
        number = checks.whole_number("hands: board", board, 1)
        if number not in boards:
            raise InputError(f"hands are given for board {number}, which was not played")
        deals[number] = read_deal(number, deal)
    return deals


# --------------------------------------------------------------------------------------------
# Numbers as printed


def _values(result: SessionResult) -> Iterable[float]:
    for board in result.travellers:
        for line in board.lines:
            yield line.ns_value
            yield line.ew_value


def _number_format(values: Iterable[float], most: int = 2) -> str:
    """The shortest of "0", "0.0", "0.00" that shows every finite value exactly, or "0.00"."""
    finite = [value for value in values if math.isfinite(value)]
    for decimals in range(most):
        if all(abs(value * 10**decimals - round(value * 10**decimals)) < 1e-6 for value in finite):
            break
    else:
        decimals = most
    return "0." + "0" * decimals if decimals else "0"


def _title(what: str, result: SessionResult) -> str:
    winners = "one winner" if result.winners == 1 else "two winners"
    across = ", scored across the field" if result.across_field and len(result.sections) > 1 else ""
    return f"{what} — {METHOD_NAMES[result.method]}, {winners}{across}"
