"""The workbooks xlbridge makes: event templates with options, and the ready-made files.

``TEMPLATES`` are the event workbooks ``xlbridge template NAME -o FILE`` builds for a given
event (teams, rounds, boards, K …). ``READY_MADE`` are the files committed under
``workbooks/``, written by ``xlbridge workbooks``; a test rebuilds them and checks the
committed files are current.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from openpyxl import Workbook

from xlbridge.core.validate import InputError
from xlbridge.templates.butler_session import build_butler_session
from xlbridge.templates.cards import build_cards
from xlbridge.templates.handicap_book import build_handicap_book
from xlbridge.templates.league import build_league
from xlbridge.templates.pairs_session import build_pairs_session
from xlbridge.templates.swiss_event import build_swiss_event
from xlbridge.templates.teams_match import build_teams_match
from xlbridge.templates.traveller import build_traveller

#: Document properties are pinned so regenerating an unchanged workbook changes no content.
PINNED_TIME = dt.datetime(2026, 1, 1)


def _pinned(workbook: Workbook) -> Workbook:
    workbook.properties.creator = "xlbridge"
    workbook.properties.created = PINNED_TIME
    workbook.properties.modified = PINNED_TIME
    return workbook


def vp_cards() -> Workbook:
    """Teams-of-four VP cards (K 6.5) for 4–32 boards, with the WBF continuous tables."""
    return _pinned(build_cards(list(range(4, 33)), wbf=True).workbook)


def directors_traveller() -> Workbook:
    """One board's traveller for 15 tables: weighted and split scores, live matchpoints."""
    return _pinned(build_traveller(tables=15).workbook)


def butler_pairs_session() -> Workbook:
    """A pairs session of 24 boards at 8 tables (16 pairs): datums, Butler and cross-IMPs."""
    return _pinned(build_butler_session(boards=24, tables=8).workbook)


def handicap_register() -> Workbook:
    """A club's handicap register (200 players) and a handicap pairs tournament (20 pairs)."""
    return _pinned(build_handicap_book(players=200, pairs=20).workbook)


def _teams_match(**options: Any) -> Workbook:
    return build_teams_match(**options).workbook


def _league(**options: Any) -> Workbook:
    return build_league(**options).workbook


def _pairs_session(**options: Any) -> Workbook:
    return build_pairs_session(**options).workbook


def _swiss_teams(**options: Any) -> Workbook:
    return build_swiss_event(form="teams", **options).workbook


def _swiss_pairs(**options: Any) -> Workbook:
    return build_swiss_event(form="pairs", **options).workbook


#: Event templates by name, with the options each takes (besides ``paper``).
TEMPLATES: dict[str, tuple[Callable[..., Workbook], tuple[str, ...]]] = {
    "teams-match": (_teams_match, ("boards", "k", "scale", "negative", "bounds")),
    "swiss-teams": (_swiss_teams, ("teams", "rounds", "boards", "k", "scale", "bounds")),
    "swiss-pairs": (_swiss_pairs, ("teams", "rounds", "boards", "k", "late_entry", "bounds")),
    "league": (_league, ("teams", "boards", "k", "scale", "bounds")),
    "pairs-session": (_pairs_session, ("pairs", "boards", "movement")),
}


def build_template(name: str, **options: Any) -> Workbook:
    """The event template ``name`` built with ``options`` (None means the template's default).

    Raises InputError for an unknown name, or an option the template does not take or out of
    range (naming it).
    """
    if name not in TEMPLATES:
        raise InputError(f"template must be one of {', '.join(TEMPLATES)}, got {name!r}")
    build, accepted = TEMPLATES[name]
    given = {key: value for key, value in options.items() if value is not None}
    unused = sorted(set(given) - set(accepted) - {"paper"})
    if unused:
        flag = {"late_entry": "no-late-entry"}.get(unused[0], unused[0].replace("_", "-"))
        raise InputError(f"template {name} does not take --{flag}")
    return build(**given)


def _event(name: str, **options: Any) -> Callable[[], Workbook]:
    return lambda: _pinned(build_template(name, **options))


READY_MADE: dict[str, Callable[[], Workbook]] = {
    "vp-cards.xlsx": vp_cards,
    "directors-traveller.xlsx": directors_traveller,
    "butler-pairs-session.xlsx": butler_pairs_session,
    "handicap.xlsx": handicap_register,
    "teams-match.xlsx": _event("teams-match", boards=24),
    "swiss-teams.xlsx": _event("swiss-teams", teams=24, rounds=7, boards=8),
    "swiss-pairs.xlsx": _event("swiss-pairs", teams=32, rounds=7, boards=8),
    "league.xlsx": _event("league", teams=10, boards=16),
    # A Mitchell of up to 12 tables (NS and EW pairs 1-12) and 28 boards: two winners.
    "pairs-session.xlsx": _event("pairs-session", pairs=24, boards=28, movement="mitchell"),
}
