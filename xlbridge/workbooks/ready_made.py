"""The workbooks xlbridge makes: event templates with options, and the ready-made files.

``TEMPLATES`` are the event workbooks ``xlbridge template NAME -o FILE`` builds for a given
event (teams, rounds, boards, K …). ``READY_MADE`` are the files committed under
``workbooks/``, written by ``xlbridge workbooks``; a test rebuilds them and checks the
committed files are current.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, NamedTuple

from openpyxl import Workbook

from xlbridge.errors import InputError
from xlbridge.scoring.checks import choice
from xlbridge.scoring.names import resolve
from xlbridge.workbooks.butler_session import build_butler_session
from xlbridge.workbooks.directors_traveller import build_directors_traveller
from xlbridge.workbooks.handicap_book import build_handicap_book
from xlbridge.workbooks.kit.event import add_event, add_event_details
from xlbridge.workbooks.league.build import build_league
from xlbridge.workbooks.pairs_session import build_pairs_session
from xlbridge.workbooks.scales.cards import build_cards
from xlbridge.workbooks.swiss_event import build_swiss_event, size_warnings
from xlbridge.workbooks.teams_match import build_teams_match

#: Document properties are pinned so regenerating an unchanged workbook changes no content.
PINNED_TIME = dt.datetime(2026, 1, 1)


def _pinned(workbook: Workbook, *, event_cell: bool = True) -> Workbook:
    if event_cell:  # an Event cell to type the event's name into, printed on every page
        add_event(workbook)
    workbook.properties.creator = "xlbridge"
    workbook.properties.created = PINNED_TIME
    workbook.properties.modified = PINNED_TIME
    return workbook


def vp_cards() -> Workbook:
    """Teams-of-four VP cards (K 6.5) for 4–32 boards, with the WBF continuous tables."""
    return _pinned(build_cards(list(range(4, 33)), wbf=True).workbook)


def directors_traveller() -> Workbook:
    """One board's traveller for 15 tables: weighted and split scores, live matchpoints."""
    return _pinned(build_directors_traveller(tables=15).workbook)


def butler_pairs_session() -> Workbook:
    """A pairs session of 24 boards at 8 tables (16 pairs): datums, Butler and cross-IMPs."""
    return _pinned(build_butler_session(boards=24, tables=8).workbook)


def handicap_register() -> Workbook:
    """A club's handicap register (200 players) and a handicap pairs tournament (20 pairs)."""
    return _pinned(build_handicap_book(players=200, pairs=20).workbook)


class Made(NamedTuple):
    """An event template as built: the workbook, the sizes it has, what is odd about them."""

    workbook: Workbook
    sizes: str
    warnings: list[str]


def _paper(options: dict[str, Any]) -> str:
    return str(options.get("paper", "a4")).upper()


def _pairs_session(**options: Any) -> Made:
    book = build_pairs_session(**options)
    if book.plan is None:
        sizes = f"{book.pairs} pairs, {book.boards} boards, {book.movement}, {_paper(options)}"
    else:
        sizes = (
            f"{book.plan.name}, {book.plan.boards} boards, {book.lines} traveller lines filled in, "
            f"{_paper(options)}"
        )
    return Made(book.workbook, sizes, [])


def _scale(k: float | None, spread: str = "K") -> str:
    """The VP scale in a size line: Gaussian with its K (S8), or the WBF discrete table (the
    one card without a K)."""
    return f"Gaussian VP scale, {spread} {k:g}" if k is not None else "WBF discrete VP scale"


def _card_k(card: object) -> float | None:
    """K of a workbook's live card (None for a scale without one)."""
    return getattr(getattr(card, "scale", None), "k", None)


def _teams_match(**options: Any) -> Made:
    book = build_teams_match(**options)
    scale = "WBF continuous VP scale" if book.card is None else _scale(_card_k(book.card))
    if getattr(getattr(book.card, "scale", None), "negative_steps", 0):
        scale += ", negative VPs"
    return Made(book.workbook, f"{book.boards} boards, {scale}, {_paper(options)}", [])


def _league(**options: Any) -> Made:
    book = build_league(**options)
    legs = "home and away" if book.double else "single round robin"
    rounds = len({fixture.round for fixture in book.fixtures})
    sizes = (
        f"{book.teams} teams, {legs} ({rounds} rounds), {book.boards} boards a match, "
        f"{_scale(_card_k(book.card))}, {_paper(options)}"
    )
    return Made(book.workbook, sizes, [])


def _swiss(form: str, **options: Any) -> Made:
    book = build_swiss_event(form=form, **options)
    noun = "teams" if form == "teams" else "pairs"
    spread = "K" if form == "teams" else "S8"
    late = "late entry" if book.late_entry else "no late entry"
    sizes = (
        f"{book.teams} {noun}, {book.rounds} rounds, {book.boards} boards a match, "
        f"{_scale(book.k, spread)}, {late}, {_paper(options)}"
    )
    return Made(book.workbook, sizes, size_warnings(book.teams, book.rounds))


def _swiss_teams(**options: Any) -> Made:
    return _swiss("teams", **options)


def _swiss_pairs(*, scale: str | None = None, **options: Any) -> Made:
    """Swiss pairs: on the pairs scale (Gaussian, S8) only; ``scale`` gaussian, the default,
    may be typed all the same."""
    if scale is not None and resolve(scale, ("gaussian",)) is None:
        raise InputError(
            f"template swiss-pairs scores on the Gaussian pairs scale (S8) only: --scale "
            f"gaussian, got {scale!r}"
        )
    return _swiss("pairs", **options)


#: Event templates by name, with the options each takes (besides ``paper``).
TEMPLATES: dict[str, tuple[Callable[..., Made | Workbook], tuple[str, ...]]] = {
    "teams-match": (_teams_match, ("boards", "k", "scale", "negative", "bounds")),
    "swiss-teams": (_swiss_teams, ("teams", "rounds", "boards", "k", "scale", "bounds")),
    "swiss-pairs": (
        _swiss_pairs,
        ("teams", "rounds", "boards", "k", "scale", "late_entry", "bounds"),
    ),
    "league": (_league, ("teams", "boards", "k", "double", "scale", "bounds")),
    "pairs-session": (_pairs_session, ("pairs", "boards", "movement", "plan")),
}


def make_template(
    name: str, *, event: str = "", date: str = "", club: str = "", **options: Any
) -> Made:
    """The event template ``name`` built with ``options`` (None means the template's default),
    with the sizes it used and any warnings about them. It has an Event cell holding ``event``
    (see :func:`xlbridge.workbooks.kit.event.add_event`); the event, date and club given are
    printed in every page header.

    Raises InputError for an unknown name, or an option the template does not take or out of
    range (naming it).
    """
    name = choice("template", name, tuple(TEMPLATES))
    build, accepted = TEMPLATES[name]
    given = {key: value for key, value in options.items() if value is not None}
    unused = sorted(set(given) - set(accepted) - {"paper"})
    if unused:
        flag = {"late_entry": "no-late-entry"}.get(unused[0], unused[0].replace("_", "-"))
        raise InputError(f"template {name} does not take --{flag}")
    made = build(**given)
    if isinstance(made, Workbook):  # a builder that says nothing about its sizes
        sizes = ", ".join(f"{key} {value}" for key, value in given.items()) or "defaults"
        made = Made(made, sizes, [])
    add_event(made.workbook, event, date, club)
    if name == "pairs-session":  # session reads its event, date and club back
        add_event_details(made.workbook, date, club)
    return made


def build_template(name: str, **options: Any) -> Workbook:
    """The workbook of :func:`make_template`."""
    return make_template(name, **options).workbook


def _event(name: str, **options: Any) -> Callable[[], Workbook]:
    return lambda: _pinned(build_template(name, **options), event_cell=False)


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
