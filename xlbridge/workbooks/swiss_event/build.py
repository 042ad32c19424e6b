"""Builds a Swiss event workbook (see :mod:`xlbridge.workbooks.swiss_event`)."""

from __future__ import annotations

from openpyxl.workbook.defined_name import DefinedName

from xlbridge.errors import InputError
from xlbridge.scoring import checks
from xlbridge.scoring.names import MAX_BOARDS
from xlbridge.scoring.scales.choice import choose_scale
from xlbridge.workbooks.kit import layout
from xlbridge.workbooks.kit.printing import PAPER_SIZES
from xlbridge.workbooks.swiss_event.book import (
    BOUNDS_NAME,
    ENTRIES_SHEET,
    FORM_NAME,
    FORMS,
    LATE_ENTRY_NAME,
    MAX_ENTRIES,
    MAX_LATE_ENTRY_ROUNDS,
    MAX_ROUNDS,
    RANKING_SHEET,
    SCALE_NAME,
    SCALE_SHEET,
    STANDINGS_SHEET,
    SwissEventBook,
)
from xlbridge.workbooks.swiss_event.entries import entries_sheet_columns, write_entries, write_scale
from xlbridge.workbooks.swiss_event.rounds import write_round
from xlbridge.workbooks.swiss_event.sizes import most_rounds, why_most
from xlbridge.workbooks.swiss_event.standings import (
    standings_sheet_columns,
    write_ranking,
    write_standings,
)


def build_swiss_event(
    *,
    form: str = "teams",
    teams: int = 16,
    rounds: int = 7,
    boards: int = 8,
    k: float | None = None,
    late_entry: bool | None = None,
    paper: str = "a4",
    scale: str | None = None,
    bounds: str | None = None,
) -> SwissEventBook:
    """A Swiss teams (IMP margins) or Swiss pairs (matchpoint %) event of ``teams`` entries.

    ``rounds`` round sheets of ``boards``-board matches, scored by the Gaussian scale of the
    form (``k``: K in IMPs for teams, 6.5; S8 in % for pairs, 11). ``late_entry`` (default:
    on for pairs, off for teams) adds the "enters at round" column and Probst's late-entry
    VPs; it allows at most :data:`MAX_LATE_ENTRY_ROUNDS` rounds. ``paper``: a4 or letter.
    ``scale`` (teams: gaussian or wbf-discrete, the WBF whole-VP table) and ``bounds``
    (gaussian: lower or white-book) choose the card, as
    :func:`xlbridge.scoring.scales.choice.choose_scale` does.
    Raises :class:`~xlbridge.errors.InputError` naming the first bad option.
    """
    form = checks.choice("form", form, FORMS)
    teams = checks.whole_number("teams", teams, 2, MAX_ENTRIES)
    late = form == "pairs" if late_entry is None else checks.flag("late_entry", late_entry)
    rounds = checks.whole_number("rounds", rounds, 1, MAX_ROUNDS)
    most = most_rounds(teams)
    if rounds > most:
        raise InputError(
            f"rounds must be at most {most} for {teams} {'teams' if form == 'teams' else 'pairs'}"
            f", got {rounds}: {why_most(teams)}"
        )
    if late and rounds > MAX_LATE_ENTRY_ROUNDS:
        raise InputError(
            f"rounds must be a whole number from 1 to {MAX_LATE_ENTRY_ROUNDS} with late entry "
            f"(the first entry increment A − T + 3 must stay positive), got {rounds}"
        )
    boards = checks.whole_number("boards", boards, 1, MAX_BOARDS)
    if form == "pairs" and scale not in (None, "gaussian"):
        raise InputError(f"scale {scale} is a teams scale, not for Swiss pairs")
    chosen = choose_scale(boards, scale, k=k, form=form, bounds=bounds)
    paper = checks.choice("paper", paper, PAPER_SIZES)

    workbook, entries = layout.new_workbook(ENTRIES_SHEET)
    rounds_ws = [workbook.create_sheet(f"Round {r}") for r in range(1, rounds + 1)]
    standings = workbook.create_sheet(STANDINGS_SHEET)
    ranking_ws = workbook.create_sheet(RANKING_SHEET)
    scale_ws = workbook.create_sheet(SCALE_SHEET)
    card, bye = write_scale(scale_ws, chosen, paper)
    entry_columns = entries_sheet_columns(form, late)
    standing_columns = standings_sheet_columns(form, rounds, late)
    book = SwissEventBook(
        workbook=workbook,
        form=form,
        teams=teams,
        rounds=rounds,
        boards=boards,
        k=getattr(chosen, "k", None),
        late_entry=late,
        scale=chosen,
        card=card,
        bye_vps=bye,
        entries_columns=layout.letters(entry_columns),
        standings_columns=layout.letters(standing_columns),
    )
    write_entries(entries, book, entry_columns, paper)
    for number, ws in enumerate(rounds_ws, start=1):
        write_round(ws, book, number, paper)
    write_standings(standings, book, standing_columns, paper)
    write_ranking(ranking_ws, book, standing_columns, paper)
    _define_names(book, "gaussian" if scale is None else scale, bounds or "lower")
    return book


def _define_names(book: SwissEventBook, scale: str, bounds: str) -> None:
    """The form, late entry and scale as workbook names (constants), so a program reading the
    file back knows its layout and scores it on the same card."""
    constants = {
        FORM_NAME: f'"{book.form}"',
        LATE_ENTRY_NAME: str(book.late_entry).upper(),
        SCALE_NAME: f'"{scale}"',
        BOUNDS_NAME: f'"{bounds}"',
    }
    for name, value in constants.items():
        book.workbook.defined_names[name] = DefinedName(name, attr_text=value)
