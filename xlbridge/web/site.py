"""The static results site of a pairs session: ranking, boards and score cards as HTML files.

:func:`write_site` writes, into a new folder:

- ``index.html`` — the ranking: the event, date and club at the top, one table per section
  and direction (place, ``3=`` for ties, pair, names, score, % or IMPs per board, and
  masterpoints when the source has them), each pair linked to its score card, then a link to
  every board;
- ``board-N.html`` (``board-S-N.html`` when sections share board numbers) — dealer,
  vulnerability, the hand diagram when the deal is known, and the traveller, the result
  first: contract, by, tricks, NS score, both sides' matchpoints or IMPs and %, then the
  pairs, and the lead when some line has one; adjusted scores marked;
- ``pair-5.html``, ``pair-5-ns.html``, ``pair-B-5-ns.html`` (named by the pair, see
  :mod:`xlbridge.web.addresses`) — each pair's score card: every board with direction,
  opponents, contract, score, result and running total, a board not played shown as not
  played.

Every page links back to the ranking, boards to the previous and next board. The pages need
no server and no script, hold their style sheet (with a print style that keeps a board or a
score card on one sheet), fetch nothing, and escape every text (Jinja2 autoescaping).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from xlbridge.io.folders import write_folder
from xlbridge.scoring.double_dummy import BoardAnalysis
from xlbridge.scoring.session import SessionResult
from xlbridge.web.addresses import Key
from xlbridge.web.render import render
from xlbridge.web.session_pages import INDEX, METHOD_NAMES, Header, SessionSite

DEFAULT_EVENT = "Pairs session"


def session_header(
    result: SessionResult, event: str = "", date: str = "", club: str = ""
) -> Header:
    """The header of every page of ``result``'s site."""
    return Header(
        event=" ".join(event.split()) or DEFAULT_EVENT,
        date=" ".join(date.split()),
        club=" ".join(club.split()),
        method=METHOD_NAMES[result.method],
        unit=result.unit,
        matchpoints=result.unit == "MP",
    )


def site_pages(
    result: SessionResult,
    names: Mapping[Key, str] | None = None,
    deals: Mapping[int, str] | None = None,
    *,
    event: str = "",
    date: str = "",
    club: str = "",
    masterpoints: Mapping[Key, str] | None = None,
    analyses: Mapping[int, BoardAnalysis] | None = None,
) -> Iterator[tuple[str, str]]:
    """Every page of the site as (file name, HTML), produced one at a time.

    ``names`` are the pairs' names by (section, direction, pair) as the session command reads
    them; ``deals`` PBN deal strings by board; ``masterpoints`` the text of each pair's award
    by the same keys as ``names`` (the column is shown only when some pair has one);
    ``analyses`` each board's double-dummy table and par, shown on its page when given.
    """
    header = session_header(result, event, date, club)
    site = SessionSite(
        result, names or {}, deals or {}, masterpoints or {}, header, analyses=analyses or {}
    )
    common = {"header": header, "index": INDEX, "matchpoints": header.matchpoints}
    rankings = site.rankings()
    with_masterpoints = any(row.masterpoints for ranking in rankings for row in ranking.rows)
    with_names = any(row.names for ranking in rankings for row in ranking.rows)
    yield (
        INDEX,
        render(
            "ranking.html",
            common,
            rankings=rankings,
            masterpoints=with_masterpoints,
            with_names=with_names,
            boards=site.board_links(),
        ),
    )
    for index in range(len(result.travellers)):
        context = site.board_context(index)
        traveller = result.travellers[index]
        yield (
            site.board_file[(traveller.section, traveller.board)],
            render("board.html", common, **context),
        )
    for name, context in site.card_contexts():
        yield name, render("card.html", common, **context)


def write_site(
    folder: Path,
    result: SessionResult,
    names: Mapping[Key, str] | None = None,
    deals: Mapping[int, str] | None = None,
    *,
    force: bool = False,
    **details: Any,
) -> int:
    """Write the site of ``result`` as the folder ``folder``; returns the number of pages.
    ``names``, ``deals`` and ``details`` (``event``, ``date``, ``club``, ``masterpoints``,
    ``analyses``) are
    :func:`site_pages`'. An existing folder is replaced as a whole only with ``force``; a
    failure leaves no half-written site."""
    return write_folder(folder, site_pages(result, names, deals, **details), force=force)
