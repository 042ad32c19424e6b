"""A Swiss event, teams or pairs: type the draw and the results, read VPs and the standings.

:func:`build_swiss_event` makes the workbook. Every sheet has a title in row 1 and is
protected without a password: inputs are unlocked and tinted, everything else is locked.
Only the Excel 2010 function set is used (IF, AND, OR, NOT, ISNUMBER, INT, MAX, COUNT,
COUNTIF, COUNTIFS, SUMIFS, SUMPRODUCT, SUM, AVERAGE, INDEX, LOOKUP, ROUND, ABS, SQRT,
NORMSINV), so the file recalculates in Excel 2010 and later and in LibreOffice 7.4.

- **Entries** — one row per entry number 1 … ``teams`` from row 6 (headings in row 5): the
  number, the name (a text input: a name that starts with "=" stays a name). With late entry
  (the default for pairs) also "enters at round" (an input, a whole number 1 … rounds, blank
  = 1) and the entry VPs (Probst): an entry at round (session) s ≥ 3 starts on
  Σ_{j=3..s}(A − T + j) = (s − 2)·(A − T) + s(s + 1)/2 − 3, T = the number of rounds (C2,
  fixed by the workbook) and A the "add" parameter (C3, an input, 17); 0 for s ≤ 2.
  T = 6 gives 14, 29, 45, 62 and T = 7 gives 13, 27, 42, 58, 75.
- **Round 1 … Round T** — one row per table from row 3 (headings in row 2), ceil(teams/2)
  tables: table number, home and away entry numbers (inputs, whole numbers 1 … teams: the
  director types the draw), their names (looked up), the home margin (teams: the home team's
  IMP margin, a whole number; pairs: the home pair's matchpoint percentage, 0 … 100 with at
  most 2 decimals), the away margin (−IMPs, or 100 − %), home and away VPs, and a Check:
  "" (empty row), "to play" (drawn, no margin yet), "ok" (scored), "bye", or what is wrong
  (home entry missing, an entry number out of range, an entry against itself, an entry drawn
  twice in the round, a late entry drawn before its round, a margin typed for a bye). Only
  rows whose Check is "ok" or "bye" carry VPs, so a wrong draw never reaches the standings.
- **Standings** — one row per entry from row 3: number, name, entry VPs (late entry only),
  the VPs of each round, total VPs, rounds played, the tie-break and the rank. To the right,
  outside the print area, working columns hold each round's IMP margin (teams) or MP %
  (pairs) of the entry.
- **Scale** — the live VP card (:func:`xlbridge.workbooks.cards.write_card`: boards and K,
  or S8 for pairs, are inputs; σ and the bands are formulas), so every VP in the workbook is
  ``VPSCALE`` for the same parameters; below it the bye VPs (an input, 12).

Conventions:

- **Byes.** A table with a home entry and no away entry is a bye: its entry gets the bye
  VPs of the Scale sheet (12 of 20 unless changed) as soon as the draw is typed, and no
  margin (a margin typed for a bye is flagged and the row carries nothing). A bye counts
  as a round played; it adds 0 IMPs to the teams tie-break and is left out of the pairs
  average %.
- **Blanks.** A round in which an entry has no "ok" or "bye" row (not drawn yet, margin not
  typed, late entrant not yet in) leaves that entry's cell blank, not 0. An entry with no
  round yet has a blank total, tie-break and rank (a late entry's VPs show from its first
  result).
- **Ranking.** Total VPs (entry VPs plus every round), then the tie-break — teams: the total
  IMP margin; pairs: the average matchpoint % over the matches played (byes left out; 50
  for an entry whose only rounds are byes). The rank is 1 + the entries with a higher total
  + the entries with an equal total and a higher tie-break; "higher" and "equal" are to
  within 1E-9 (sums and averages of decimals), so equal totals with equal tie-breaks rank
  equal.

Techniques: the round VPs of an entry are ``SUMIFS`` over the home and away columns of the
round sheet, present when ``COUNTIFS`` finds the entry on an "ok" or "bye" row; VPs come
from :meth:`CardCells.vp_formula` (``LOOKUP`` of the margin, rounded to the card's step,
in the card's bounds); names from ``INDEX``; the rank from ``SUMPRODUCT`` masked with
``ISNUMBER``. The LibreOffice tests hold every number equal to :mod:`xlbridge.scoring.scales`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import InputError
from xlbridge.scoring import checks
from xlbridge.scoring.scale_choice import choose_scale
from xlbridge.scoring.scales import MAX_BOARDS, VPScale
from xlbridge.scoring.wbf_discrete import DiscreteScale
from xlbridge.workbooks.cards import COLUMN_WIDTHS, CardCells, write_card
from xlbridge.workbooks.kit import layout, ranking, styles, validation
from xlbridge.workbooks.kit.formulas import first_problem, place
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import PAPER_SIZES, ROW_HEIGHT, orient
from xlbridge.workbooks.kit.refs import absolute, column_range, fixed, on, span
from xlbridge.workbooks.traveller import enter_text

FORMS = ("teams", "pairs")
ENTRIES_SHEET = "Entries"
STANDINGS_SHEET = "Standings"
RANKING_SHEET = ranking.SHEET
SCALE_SHEET = "Scale"

MAX_ENTRIES = 500
MAX_ROUNDS = 30
#: With late entry the first increment of the entry score, A − T + 3, must stay positive for
#: the default A = 17: T ≤ 19.
DEFAULT_ADD = 17
MAX_LATE_ENTRY_ROUNDS = DEFAULT_ADD + 2
DEFAULT_BYE_VPS = 12
NAME_LENGTH = 60
#: Largest IMP margin a director may type (24 IMPs a board over the longest match).
MAX_IMPS = 24 * MAX_BOARDS
#: The pairs tie-break of an entry whose only rounds are byes.
NEUTRAL_PERCENT = 50

OK, BYE, TO_PLAY = "ok", "bye", "to play"

TITLE_ROW = 1
# Entries
SESSIONS_CELL, ADD_CELL = "C2", "C3"
ENTRIES_NOTE_ROW = 4
ENTRIES_HEADING_ROW = 5
FIRST_ENTRY_ROW = 6
# Round sheets and Standings
HEADING_ROW = 2
FIRST_ROW = 3
#: Round sheets are printed for the tables to read and check. Round rows are two lines tall:
#: a name of 40 characters, or a Check message, wraps onto two lines of its column, so the
#: round fits a landscape page at full size (9-point text as printed), two names side by side.
ROUND_ROW_HEIGHT = layout.text_height(2)
ROUND_NAME_WIDTH = 26

#: The columns of a round sheet (the same for every round and both forms).
ROUND_KEYS = (
    "table",
    "home",
    "home_name",
    "away",
    "away_name",
    "home_margin",
    "away_margin",
    "home_vps",
    "away_vps",
    "check",
)
#: Column letters of a round sheet by key: ``ROUND["home_margin"]`` is "F".
ROUND = {key: get_column_letter(i) for i, key in enumerate(ROUND_KEYS, start=1)}
ROUND_INPUTS = frozenset({"home", "away", "home_margin"})


@dataclass(frozen=True)
class SwissEventBook:
    """The workbook and where its cells are.

    Column letters: :data:`ROUND` on every round sheet, ``entries_columns`` on Entries and
    ``standings_columns`` on Standings (keys ``entry``, ``name``, ``entry_vps`` with late
    entry, ``round1`` … ``roundT``, ``total``, ``played``, ``tiebreak``, ``rank`` and the
    working ``margin1`` … ``marginT``).
    """

    workbook: Workbook
    form: str
    teams: int
    rounds: int
    boards: int
    k: float | None  # None on the WBF discrete scale
    late_entry: bool
    scale: VPScale | DiscreteScale
    card: CardCells
    bye_vps: str
    entries_columns: Mapping[str, str]
    standings_columns: Mapping[str, str]

    @property
    def tables(self) -> int:
        """Tables a round sheet has: every entry can be drawn, one bye when odd."""
        return (self.teams + 1) // 2

    @property
    def noun(self) -> str:
        """ "team" or "pair"."""
        return "team" if self.form == "teams" else "pair"

    @property
    def sessions(self) -> str | None:
        """Entries cell holding T, the number of rounds (late entry only)."""
        return SESSIONS_CELL if self.late_entry else None

    @property
    def add(self) -> str | None:
        """Entries cell holding A, the "add" of the last round's entrants (late entry only)."""
        return ADD_CELL if self.late_entry else None

    def round_sheet(self, number: int) -> str:
        """Title of the sheet of round ``number``."""
        return f"Round {number}"

    def table_row(self, table: int) -> int:
        """Row of a table on a round sheet."""
        return FIRST_ROW + table - 1

    def entry_row(self, entry: int) -> int:
        """Row of an entry number on the Entries sheet."""
        return FIRST_ENTRY_ROW + entry - 1

    def standings_row(self, entry: int) -> int:
        """Row of an entry number on the Standings sheet."""
        return FIRST_ROW + entry - 1

    def entries_cell(self, key: str, entry: int) -> str:
        return f"{self.entries_columns[key]}{self.entry_row(entry)}"

    def round_cell(self, key: str, table: int) -> str:
        return f"{ROUND[key]}{self.table_row(table)}"

    def standings_cell(self, key: str, entry: int) -> str:
        return f"{self.standings_columns[key]}{self.standings_row(entry)}"


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
    :func:`xlbridge.scoring.scale_choice.choose_scale` does.
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
            f", got {rounds}: {_why_most(teams)}"
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
    card, bye = _write_scale(scale_ws, chosen, paper)
    entry_columns = _entries_columns(form, late)
    standing_columns = _standings_columns(form, rounds, late)
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
    _write_entries(entries, book, entry_columns, paper)
    for number, ws in enumerate(rounds_ws, start=1):
        _write_round(ws, book, number, paper)
    _write_standings(standings, book, standing_columns, paper)
    _write_ranking(ranking_ws, book, standing_columns, paper)
    _define_names(book, "gaussian" if scale is None else scale, bounds or "lower")
    return book


#: Workbook names that say what event a workbook holds, for ``xlbridge swiss draw``.
FORM_NAME, LATE_ENTRY_NAME = "SWISS_FORM", "SWISS_LATE_ENTRY"
SCALE_NAME, BOUNDS_NAME = "SWISS_SCALE", "SWISS_BOUNDS"


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


def most_rounds(teams: int) -> int:
    """Rounds in which ``teams`` entries can be drawn without a repeat meeting or a second
    bye: teams − 1 (everyone meets everyone), teams when odd (each sits out once too)."""
    return teams if teams % 2 else teams - 1


def _why_most(teams: int) -> str:
    if teams % 2:
        return (
            f"each entry can meet {teams - 1} others and sit out once, so more rounds would "
            "repeat a meeting or give a second bye"
        )
    return f"each entry can meet only {teams - 1} others, so more rounds would repeat a meeting"


def size_warnings(teams: int, rounds: int) -> list[str]:
    """What is odd about a Swiss of ``rounds`` rounds among ``teams`` entries (may be drawn)."""
    warnings = []
    if rounds == most_rounds(teams) and teams > 2:
        warnings.append(
            f"{rounds} rounds among {teams} entries is a complete round robin: every entry "
            "meets every other, so the later draws are forced (a league may suit better)"
        )
    elif rounds > teams // 2:
        warnings.append(
            f"{rounds} rounds among {teams} entries is more than half the field: the last "
            "rounds may have to repeat meetings"
        )
    return warnings


def enter_entry(book: SwissEventBook, entry: int, name: str, enters_at: int | None = None) -> None:
    """Type an entry's name (always as text) and, with late entry, the round it enters at."""
    ws = book.workbook[ENTRIES_SHEET]
    enter_text(ws[book.entries_cell("name", entry)], name)
    if enters_at is not None:
        if not book.late_entry:
            raise InputError("enters_at needs a workbook built with late entry")
        ws[book.entries_cell("enters", entry)] = enters_at


def enter_table(
    book: SwissEventBook,
    round_number: int,
    table: int,
    home: int | None,
    away: int | None,
    margin: float | None = None,
) -> None:
    """Type one table of a round: the draw (``away`` None for a bye) and the home margin."""
    ws = book.workbook[book.round_sheet(round_number)]
    for key, value in (("home", home), ("away", away), ("home_margin", margin)):
        ws[book.round_cell(key, table)] = value


# --------------------------------------------------------------------------------------------
# Sheets in general


def _write_row(
    ws: Worksheet, row: int, columns: tuple[Column, ...], values: Mapping[str, object]
) -> None:
    """One record, the name columns left-aligned."""
    layout.write_row(ws, row, columns, values, left=layout.name_columns)


def _note(ws: Worksheet, row: int, width: int, text: str, lines: int) -> None:
    layout.merged_text(ws, span(row, 1, width), text, height=lines * ROW_HEIGHT)


def _event_title(form: str) -> str:
    return "Swiss teams" if form == "teams" else "Swiss pairs"


# --------------------------------------------------------------------------------------------
# Scale


def _write_scale(
    ws: Worksheet, scale: VPScale | DiscreteScale, paper: str
) -> tuple[CardCells, str]:
    """The live card at A1 and the bye VPs below it; returns the card and the bye cell."""
    for offset, width in enumerate(COLUMN_WIDTHS):
        ws.column_dimensions[get_column_letter(1 + offset)].width = width
    card = write_card(ws, scale, TITLE_ROW, 1, paper)
    last = card.band_rows[-1]
    bye_row = last + 2
    layout.label(ws, f"A{bye_row}", f"C{bye_row}", "Bye VPs")
    bye = layout.put(ws.cell(bye_row, 4), DEFAULT_BYE_VPS, "General")
    styles.mark_input(ws, bye.coordinate)
    total = scale.vp_total
    validation.rule(
        ws,
        [bye.coordinate],
        "decimal",
        "between",
        ("0", str(total)),
        "Bye VPs",
        f"Bye VPs must be a number from 0 to {total}.",
    )
    unit = "matchpoint %" if scale.form == "pairs" else "IMP margin"
    note_row = bye_row + 2
    _note(
        ws,
        note_row,
        4,
        f"Every VP of the event is looked up in this card from the {unit}. Change boards"
        f"{_spread_name(scale)} and the card and all results follow. A bye "
        "(a home entry with no away entry) scores the bye VPs.",
        lines=5,
    )
    layout.row_heights(ws, 1, note_row - 1)
    layout.finish(ws, paper, note_row, 4)
    return card, fixed(bye.coordinate)


def _spread_name(scale: VPScale | DiscreteScale) -> str:
    """What follows "Change boards" in the note: " or K", " or S8", or nothing (WBF discrete)."""
    if isinstance(scale, DiscreteScale):
        return ""
    return " or S8" if scale.form == "pairs" else " or K"


# --------------------------------------------------------------------------------------------
# Entries


def _entries_columns(form: str, late: bool) -> tuple[Column, ...]:
    noun = "Team" if form == "teams" else "Pair"
    columns = [
        Column("entry", noun, 6),
        Column("name", "Team name" if form == "teams" else "Names", ranking.NAME_WIDTH, "@", True),
    ]
    if late:
        columns += [
            Column("enters", "Enters at round (blank = 1)", 12, "0", True),
            Column("entry_vps", "Entry VPs", 8, "General"),
        ]
    return tuple(columns)


def _write_entries(
    ws: Worksheet, book: SwissEventBook, columns: tuple[Column, ...], paper: str
) -> None:
    width = len(columns)
    noun = book.noun
    layout.title(ws, f"{_event_title(book.form)} · {book.teams} {noun}s · entries", width)
    letters = book.entries_columns
    last = book.entry_row(book.teams)
    if book.late_entry:
        for cell, label, value in (
            (SESSIONS_CELL, "Rounds in the event", book.rounds),
            (ADD_CELL, "Late entry add (VPs the last round's entrants start above)", DEFAULT_ADD),
        ):
            row = int(cell[1:])
            layout.label(ws, f"B{row}", f"B{row}", label)
            layout.put(ws[cell], value)
            ws.row_dimensions[row].height = ROW_HEIGHT
        styles.mark_input(ws, ADD_CELL)
        validation.rule(
            ws,
            [ADD_CELL],
            "decimal",
            "greaterThanOrEqual",
            ("0",),
            "Late entry add",
            "The late entry add must be a number of at least 0.",
        )
        note = (
            f"Type each {noun}'s name and, for a late entry, the round it enters at. An entry "
            "at round 1 or 2 starts on 0 VPs. An entry at a later round starts on, for each "
            "round from 3 up to the one it enters at, the add minus the rounds in the event "
            "plus that round's number (7 rounds, add 17: 13, 27, 42, 58, 75 VPs at rounds 3 to 7)."
        )
    else:
        note = (
            f"Type each {noun}'s name. The draw and the results go on the round sheets; the "
            "Standings add them up."
        )
    layout.headings(ws, ENTRIES_HEADING_ROW, columns)
    _note(ws, ENTRIES_NOTE_ROW, width, note, lines=2)
    for entry in range(1, book.teams + 1):
        row = book.entry_row(entry)
        values: dict[str, object] = {"entry": entry}
        if book.late_entry:
            s = f"MAX(1,{letters['enters']}{row})"
            values["entry_vps"] = (
                f"=IF({s}<=2,0,({s}-2)*({fixed(ADD_CELL)}-{fixed(SESSIONS_CELL)})+{s}*({s}+1)/2-3)"
            )
        _write_row(ws, row, columns, values)
    name_range = column_range(letters["name"], FIRST_ENTRY_ROW, last)
    validation.text_length(
        ws, [name_range], NAME_LENGTH, "Name", f"A name must be at most {NAME_LENGTH} characters."
    )
    if book.late_entry:
        validation.whole(
            ws,
            [column_range(letters["enters"], FIRST_ENTRY_ROW, last)],
            1,
            book.rounds,
            "Enters at round",
        )
    ws.print_title_rows = f"{ENTRIES_HEADING_ROW}:{ENTRIES_HEADING_ROW}"
    layout.finish(ws, paper, last, width, freeze=f"A{FIRST_ENTRY_ROW}")


def _entries_range(book: SwissEventBook, key: str) -> str:
    last = book.entry_row(book.teams)
    return on(ENTRIES_SHEET, absolute(book.entries_columns[key], FIRST_ENTRY_ROW, last))


# --------------------------------------------------------------------------------------------
# Rounds


def _round_columns(form: str) -> tuple[Column, ...]:
    noun = "team" if form == "teams" else "pair"
    names = "team name" if form == "teams" else "pair names"
    if form == "teams":
        home_input = ("IMP margin of the home team (+ won, − lost)", "0")
        away_shown = ("IMP margin of the away team", "0")
    else:
        home_input = ("Home pair's matchpoint %", "0.00")
        away_shown = ("Away pair's matchpoint %", "0.00")
    columns = (
        Column("table", "Table", 6),
        Column("home", f"Home {noun} number", 8, "0", True),
        Column("home_name", f"Home {names}", ROUND_NAME_WIDTH, "General"),
        Column("away", f"Away {noun} number", 8, "0", True),
        Column("away_name", f"Away {names}", ROUND_NAME_WIDTH, "General"),
        Column("home_margin", home_input[0], 11, home_input[1], True),
        Column("away_margin", away_shown[0], 11, away_shown[1]),
        Column("home_vps", "Home VPs", 6, "General"),
        Column("away_vps", "Away VPs", 6, "General"),
        Column("check", "Check", 16, "General"),
    )
    assert tuple(c.key for c in columns) == ROUND_KEYS
    return columns


def _write_round(ws: Worksheet, book: SwissEventBook, number: int, paper: str) -> None:
    columns = _round_columns(book.form)
    unit = "IMP margin" if book.form == "teams" else "matchpoint %"
    layout.start_sheet(
        ws,
        f"Round {number} · {_event_title(book.form)} · type the draw (a bye: home only) and "
        f"the home {book.noun}'s {unit}",
        columns,
        heading_row=HEADING_ROW,
        repeat_title=True,
    )
    for table in range(1, book.tables + 1):
        _write_row(ws, book.table_row(table), columns, _table_formulas(book, number, table))
    last = book.table_row(book.tables)
    layout.row_heights(ws, FIRST_ROW, last, ROUND_ROW_HEIGHT)
    for key in ("home_name", "away_name", "check"):
        for (cell,) in ws[f"{ROUND[key]}{FIRST_ROW}:{ROUND[key]}{last}"]:
            cell.alignment = styles.WRAP_LEFT

    def column(key: str) -> str:
        return column_range(ROUND[key], FIRST_ROW, last)

    validation.whole(ws, [column("home"), column("away")], 1, book.teams, "Entry number")
    margin = column("home_margin")
    if book.form == "teams":
        validation.whole(ws, [margin], -MAX_IMPS, MAX_IMPS, "IMP margin of the home team")
    else:
        first = f"{ROUND['home_margin']}{FIRST_ROW}"
        validation.rule(
            ws,
            [margin],
            "custom",
            None,
            (f"AND(ISNUMBER({first}),{first}>=0,{first}<=100,ROUND({first},2)={first})",),
            "Home pair's matchpoint %",
            "The home pair's matchpoint % must be a number from 0 to 100 with at most 2 "
            "decimals (the away pair gets 100 minus it).",
        )
    styles.shade_problems(ws, ROUND["check"], FIRST_ROW, last, ("", OK, BYE, TO_PLAY))
    layout.finish(ws, paper, last, len(columns), freeze=f"A{FIRST_ROW}")
    orient(ws, len(columns))  # two 40-character names side by side: landscape


def _table_formulas(book: SwissEventBook, number: int, table: int) -> dict[str, object]:
    """Names, the away margin, VPs and the Check of one table of round ``number``."""
    row = book.table_row(table)
    home, away, margin, away_margin, check = (
        f"{ROUND[key]}{row}" for key in ("home", "away", "home_margin", "away_margin", "check")
    )
    last = book.table_row(book.tables)
    homes = absolute(ROUND["home"], FIRST_ROW, last)
    aways = absolute(ROUND["away"], FIRST_ROW, last)
    names = _entries_range(book, "name")
    n = book.teams
    noun = f'"{book.noun} "'

    def name(ref: str) -> str:
        return f'IF(AND(ISNUMBER({ref}),{ref}>=1,{ref}<={n}),INDEX({names},{ref})&"","")'

    def out_of_range(ref: str) -> str:
        return f"OR({ref}<1,{ref}>{n},{ref}<>INT({ref}))"

    def twice(ref: str) -> str:
        return f"COUNTIF({homes},{ref})+COUNTIF({aways},{ref})>1"

    problems = [
        (f"COUNT({home},{away},{margin})=0", '""'),
        (f"NOT(ISNUMBER({home}))", f'"type the home {book.noun}"'),
        (out_of_range(home), f'"no "&{noun}&{home}'),
        (f"IF(ISNUMBER({away}),{out_of_range(away)},FALSE)", f'"no "&{noun}&{away}'),
        (f"{home}={away}", f'{noun}&{home}&" cannot play itself"'),
        (twice(home), f'{noun}&{home}&" is drawn twice"'),
        (f"AND(ISNUMBER({away}),{twice(away)})", f'{noun}&{away}&" is drawn twice"'),
    ]
    if book.late_entry:
        enters = _entries_range(book, "enters")

        def starts(ref: str) -> str:
            return f"INDEX({enters},MAX(1,{ref}))"

        problems += [
            (f"{starts(home)}>{number}", f'{noun}&{home}&" enters at round "&{starts(home)}'),
            (
                f"AND(ISNUMBER({away}),{starts(away)}>{number})",
                f'{noun}&{away}&" enters at round "&{starts(away)}',
            ),
        ]
    problems += [
        (f"AND(NOT(ISNUMBER({away})),ISNUMBER({margin}))", '"a bye takes no margin"'),
        (f"NOT(ISNUMBER({away}))", f'"{BYE}"'),
        (f"NOT(ISNUMBER({margin}))", f'"{TO_PLAY}"'),
    ]
    mirrored = f"-{margin}" if book.form == "teams" else f"100-{margin}"
    card = book.card
    return {
        "table": table,
        "home_name": "=" + name(home),
        "away_name": f'=IF(AND(ISNUMBER({home}),NOT(ISNUMBER({away}))),"{BYE}",{name(away)})',
        "away_margin": f'=IF({check}="{OK}",{mirrored},"")',
        "home_vps": f'=IF({check}="{BYE}",{on(SCALE_SHEET, book.bye_vps)},'
        f'IF({check}="{OK}",{card.vp_formula(margin, SCALE_SHEET)},""))',
        "away_vps": "=" + card.vp_formula(away_margin, SCALE_SHEET),
        "check": "=" + first_problem(problems, f'"{OK}"'),
    }


# --------------------------------------------------------------------------------------------
# Standings


def _standings_columns(form: str, rounds: int, late: bool) -> tuple[Column, ...]:
    noun = "Team" if form == "teams" else "Pair"
    columns = [
        Column("entry", noun, 6),
        Column("name", "Team name" if form == "teams" else "Names", ranking.NAME_WIDTH, "General"),
    ]
    if late:
        columns.append(Column("entry_vps", "Entry VPs", 7, "General"))
    columns += [Column(f"round{r}", f"Round {r}", 6, "General") for r in range(1, rounds + 1)]
    tiebreak = (
        Column("tiebreak", "IMP margin", 8, "0")
        if form == "teams"
        else Column("tiebreak", "Average MP %", 8, "0.00")
    )
    columns += [
        Column("total", "Total VPs", 7, "General"),
        Column("played", "Rounds played", 7, "0"),
        tiebreak,
        Column("rank", "Place", 6, "0"),
    ]
    unit, fmt = ("IMPs", "0") if form == "teams" else ("MP %", "0.00")
    columns += [Column(f"margin{r}", f"{unit} round {r}", 7, fmt) for r in range(1, rounds + 1)]
    return tuple(columns)


def _write_standings(
    ws: Worksheet, book: SwissEventBook, columns: tuple[Column, ...], paper: str
) -> None:
    letters = book.standings_columns
    shown = list(letters).index("rank") + 1
    tiebreak = "total IMP margin" if book.form == "teams" else "average MP % (byes left out)"
    layout.start_sheet(
        ws,
        f"{_event_title(book.form)} · standings · ranked by total VPs, then {tiebreak}",
        columns,
        heading_row=HEADING_ROW,
        width=shown,
        repeat_title=True,
    )
    for entry in range(1, book.teams + 1):
        _write_row(ws, book.standings_row(entry), columns, _standing_formulas(book, entry))
    last = book.standings_row(book.teams)
    for column in columns[shown:]:
        letter = letters[column.key]
        ws[f"{letter}{HEADING_ROW}"].font = styles.GREY_FONT
        for row in range(FIRST_ROW, last + 1):
            ws[f"{letter}{row}"].font = styles.GREY_FONT
            ws[f"{letter}{row}"].fill = styles.WORKING_FILL
    layout.finish(ws, paper, last, shown, freeze=f"C{FIRST_ROW}")
    orient(ws, shown)


def _standing_formulas(book: SwissEventBook, entry: int) -> dict[str, object]:
    """Round VPs, total, rounds played, tie-break and rank of one entry."""
    letters = book.standings_columns
    row, last = book.standings_row(entry), book.standings_row(book.teams)
    number = f"${letters['entry']}{row}"
    tables_last = book.table_row(book.tables)
    values: dict[str, object] = {
        "entry": entry,
        "name": f'=INDEX({_entries_range(book, "name")},{number})&""',
    }
    for r in range(1, book.rounds + 1):
        sheet = book.round_sheet(r)

        def on_round(key: str, sheet: str = sheet) -> str:
            return on(sheet, absolute(ROUND[key], FIRST_ROW, tables_last))

        homes, aways, checks = on_round("home"), on_round("away"), on_round("check")
        scored = (
            f'COUNTIFS({homes},{number},{checks},"{OK}")'
            f'+COUNTIFS({homes},{number},{checks},"{BYE}")'
            f'+COUNTIFS({aways},{number},{checks},"{OK}")'
        )
        vps = (
            f"SUMIFS({on_round('home_vps')},{homes},{number})"
            f"+SUMIFS({on_round('away_vps')},{aways},{number})"
        )
        values[f"round{r}"] = f'=IF({scored}=0,"",{vps})'
        matches = (
            f'COUNTIFS({homes},{number},{checks},"{OK}")+COUNTIFS({aways},{number},{checks},"{OK}")'
        )
        margins = (
            f'SUMIFS({on_round("home_margin")},{homes},{number},{checks},"{OK}")'
            f"+SUMIFS({on_round('away_margin')},{aways},{number})"
        )
        values[f"margin{r}"] = f'=IF({matches}=0,"",{margins})'
    rounds = f"{letters['round1']}{row}:{letters[f'round{book.rounds}']}{row}"
    margins_row = f"{letters['margin1']}{row}:{letters[f'margin{book.rounds}']}{row}"
    total, played, tiebreak = (f"{letters[key]}{row}" for key in ("total", "played", "tiebreak"))
    entry_vps = f"{letters['entry_vps']}{row}+" if book.late_entry else ""
    none_yet = f"COUNT({rounds})=0"
    if book.late_entry:
        entry_cell = on(ENTRIES_SHEET, book.entries_cell("entry_vps", entry))
        values["entry_vps"] = f'=IF({none_yet},"",{entry_cell})'
    values["played"] = f'=IF({none_yet},"",COUNT({rounds}))'
    values["total"] = f'=IF({none_yet},"",{entry_vps}SUM({rounds}))'
    if book.form == "teams":
        values["tiebreak"] = f'=IF({total}="","",SUM({margins_row}))'
    else:
        values["tiebreak"] = (
            f'=IF({total}="","",IF(COUNT({margins_row})=0,{NEUTRAL_PERCENT},'
            f"AVERAGE({margins_row})))"
        )
    totals = absolute(letters["total"], FIRST_ROW, last)
    breaks = absolute(letters["tiebreak"], FIRST_ROW, last)
    values["rank"] = f'=IF({total}="","",{place(total, totals, tiebreak, breaks)})'
    return values


# --------------------------------------------------------------------------------------------
# Ranking


def _write_ranking(
    ws: Worksheet, book: SwissEventBook, columns: tuple[Column, ...], paper: str
) -> ranking.RankingCells:
    """The Standings sorted by place."""
    by_key = {column.key: column for column in columns}
    letters = book.standings_columns
    shown = [
        ranking.Shown(by_key["entry"], letters["entry"]),
        ranking.Shown(by_key["name"], letters["name"], text=True),
        ranking.Shown(by_key["total"], letters["total"]),
        ranking.Shown(by_key["tiebreak"], letters["tiebreak"]),
        ranking.Shown(by_key["played"], letters["played"]),
    ]
    source = ranking.Source(
        STANDINGS_SHEET, FIRST_ROW, book.standings_row(book.teams), letters["rank"]
    )
    tiebreak = (
        "total IMP margin" if book.form == "teams" else "average matchpoint % (byes left out)"
    )
    return ranking.write_ranking(
        ws,
        f"{_event_title(book.form)} · ranking · by total VPs, then {tiebreak}",
        source,
        shown,
        paper,
        note=f"A {book.noun} with no result yet is not listed. Equal places are marked "
        f'"=" (two {book.noun}s third are both 3=).',
    )
