"""A teams-of-four match sheet: type both rooms' NS scores, read IMPs, the margin and the VPs.

Printable as the match's scorecard. The home team sits NS in the open room and EW in the
closed room, so on every board the home team's points are (open-room NS score − closed-room
NS score) and the IMPs (Law 78B; docs/imps.md) of that difference go to the home team when it is
positive, to the away team when negative.

Layout of the sheet **Match** (A1 references are the module's constants):

- Row 1 a title; rows 2–5 text inputs in B:F (merged): event, date, home team, away team
  (cells formatted as text "@", so a name such as "=Smith" stays a name); row 6 the VP scale
  in use (a live label on the Gaussian scale, following K and boards on the Scale sheet);
  row 7 a note on how to fill the sheet in; row 8 the column headings (frozen with everything
  above, and repeated on every printed page).
- From row 9, one row per board 1 … ``boards``: ``A`` board number (fixed), ``B`` open-room
  NS score and ``C`` closed-room NS score (inputs: multiples of 10 from −7600 to 7600; blank
  = not played yet), ``D`` the home team's points B − C, ``E``/``F`` the IMPs won by the home
  and the away team (0 for the side that lost the board). A board with either score blank
  leaves D:F blank and does not count.
- Below the boards: total IMPs (home, away), the IMP margin (home − away, and its negative
  for the away team), the VPs of each team, the boards scored ("of" the match's length) and
  a status line.

When the VPs show: **on the boards scored so far**. As soon as one board has both scores the
totals, margin and VPs are those of the boards scored (blank before); the VPs are always read
on the scale for the whole match (its boards), and the status line says "Provisional: VPs on
k of n boards" until every board is scored, then "Final result". On the Gaussian scale the
match's length is the boards cell of the Scale sheet (a director may shorten a match there).

Scales (``scale``):

- ``gaussian`` — a live card (:func:`xlbridge.workbooks.scales.live_card.write_card`) on the sheet
  **Scale**, whose boards and K are inputs; a team's VPs are
  :meth:`~xlbridge.workbooks.scales.live_card.CardCells.vp_formula` of its margin (=
  ``VPScale.vp``), negative VPs included when ``negative`` is set.
- ``wbf`` — the WBF 2013 continuous VPs for ``boards`` boards: the sheet **WBF scale** holds
  :func:`xlbridge.scoring.scales.wbf.wbf_table` (margin 0 … ⌈B⌉ → winner's VPs, loser = 20 − winner)
  in :data:`WBF_GROUPS` groups of (IMPs, win, lose) columns of rows = ⌈(⌈B⌉ + 1)/4⌉ margins each, so
  margin M is in row M mod rows, group ⌊M / rows⌋. The winner's VPs of a margin are
  ``INDEX(block, MOD(M, rows) + 1, 4·INT(M / rows) + 2)`` with M = MIN(ROUND(|margin|, 0),
  ⌈B⌉); a losing team gets ROUND(20 − that, 2), as :func:`xlbridge.scoring.scales.wbf.wbf_vp`.
- ``wbf-discrete`` — whole VPs from the WBF discrete table (the EBU's teams tables): a live
  card on the sheet **Scale** whose boards cell picks its row of the table on the sheet
  **WBF discrete** (:mod:`xlbridge.workbooks.scales.discrete_card`), looked up like a Gaussian card.

``bounds`` (gaussian only): ``lower`` (default) or ``white-book`` — see
:data:`xlbridge.scoring.scales.gaussian.BOUNDS`.

IMPs are ``SIGN(d)*LOOKUP(ABS(d), IMP_FROM, IMP_SIZE)`` on the sheet **IMP table** (workbook
names ``IMP_FROM`` = 0, 20, 50 … 4000 and ``IMP_SIZE`` = 0 … 24). Only the Excel 2010
function set is used (IF, AND, ISNUMBER, COUNT, SUM, MAX, MIN, SIGN, ABS, LOOKUP, INDEX, MOD,
INT, ROUND). Inputs are unlocked and tinted; every sheet is protected without a password.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import InputError
from xlbridge.scoring import checks
from xlbridge.scoring.names import MAX_BOARDS
from xlbridge.scoring.scales.gaussian import vp_scale
from xlbridge.scoring.scales.wbf import WBF_TOTAL, wbf_table
from xlbridge.scoring.scales.wbf_discrete import wbf_discrete
from xlbridge.scoring.wording import plural
from xlbridge.workbooks.kit import formulas, layout, refs, styles, validation
from xlbridge.workbooks.kit.imp_table import (
    IMP_FROM_NAME,
    IMP_SHEET,
    IMP_SIZE_NAME,
    define_imp_names,
    write_imp_sheet,
)
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import PAPER_SIZES, ROW_HEIGHT
from xlbridge.workbooks.scales.cards import (
    WBF_GROUP_WIDTH,
    WBF_GROUPS,
    wbf_column_widths,
    wbf_rows,
    wbf_title,
    write_scale_sheet,
    write_wbf_table,
)
from xlbridge.workbooks.scales.live_card import CardCells

MATCH_SHEET = "Match"
SCALE_SHEET = "Scale"
WBF_SHEET = "WBF scale"
SCALES = ("gaussian", "wbf", "wbf-discrete")
TITLE = "Teams-of-four match"

#: Largest NS score a board can give (7NT redoubled, vulnerable, down 13).
MAX_SCORE = validation.MAX_NS_SCORE
NAME_LENGTH = 60
EVENT_LENGTH = 100
DATE_LENGTH = 40

# The Match sheet: header rows, then one row per board, then the result block.
TITLE_ROW = 1
EVENT, DATE, HOME, AWAY = "B2", "B3", "B4", "B5"
SCALE_LABEL = "B6"
NOTE_ROW = 7
HEADER_ROW = 8
#: Lines of the heading row: a 40-character team name and "IMPs" over the IMP columns.
HEADER_LINES = 3
FIRST_BOARD_ROW = 9
BOARD, OPEN, CLOSED, POINTS, HOME_IMPS, AWAY_IMPS = "A", "B", "C", "D", "E", "F"
LAST_COLUMN = 6
#: The board columns, keyed by their letters.
COLUMNS = (
    Column(BOARD, "Board", 11.0),
    Column(OPEN, "Open room NS score (home NS)", 13.0, is_input=True),
    Column(CLOSED, "Closed room NS score (away NS)", 13.0, is_input=True),
    Column(POINTS, "Home points (open − closed)", 11.0),
    Column(HOME_IMPS, "Home team IMPs", 21.0),
    Column(AWAY_IMPS, "Away team IMPs", 21.0),
)
HEADER_LABELS = {
    EVENT: "Event",
    DATE: "Date",
    HOME: "Home team",
    AWAY: "Away team",
    SCALE_LABEL: "VP scale",
}
NOTE = (
    "Type each board's NS score in both rooms: the home team sits NS in the open room and EW "
    "in the closed room. Leave a board blank until both rooms have played it."
)


def _quoted(text: str) -> str:
    """A text constant in a formula."""
    return '"' + text.replace('"', '""') + '"'


# The WBF scale sheet: cards.write_wbf_table from row 1, so its margins from row 3.
WBF_FIRST_ROW = 3


@dataclass(frozen=True)
class TeamsMatchBook:
    """The workbook and where its cells are (A1 references on the Match sheet).

    ``card`` is the live card on the Scale sheet (gaussian or wbf-discrete; None for wbf). Result
    cells: ``home_*`` in column E, ``away_*`` in column F of the rows below the boards.
    """

    workbook: Workbook
    boards: int
    scale: str
    sheet: str
    event: str
    date: str
    home: str
    away: str
    scale_label: str
    home_imps: str
    away_imps: str
    home_margin: str
    away_margin: str
    home_vp: str
    away_vp: str
    boards_scored: str
    status: str
    card: CardCells | None

    def board_row(self, board: int) -> int:
        """Row of board ``board`` (1 … boards) on the Match sheet."""
        return FIRST_BOARD_ROW + board - 1

    def cell(self, column: str, board: int) -> str:
        """The cell of ``column`` (OPEN, CLOSED, POINTS, HOME_IMPS, AWAY_IMPS) for a board."""
        return f"{column}{self.board_row(board)}"

    @property
    def inputs(self) -> tuple[str, ...]:
        """Every input cell of the Match sheet."""
        scores = tuple(
            self.cell(column, board)
            for board in range(1, self.boards + 1)
            for column in (OPEN, CLOSED)
        )
        return (self.event, self.date, self.home, self.away, *scores)


def build_teams_match(
    *,
    boards: int = 24,
    k: float | None = None,
    scale: str = "gaussian",
    negative: bool = False,
    paper: str = "a4",
    bounds: str | None = None,
) -> TeamsMatchBook:
    """A teams-of-four match sheet of ``boards`` boards, with VPs on ``scale``.

    ``scale`` is ``gaussian`` (a live card, K = ``k`` or 6.5, negative VPs if ``negative``)
    or ``wbf`` (the WBF 2013 continuous scale; ``k`` and ``negative`` do not apply to it);
    ``paper`` is a4 or letter. Raises InputError naming the first bad option.
    """
    boards = checks.whole_number("boards", boards, 1, MAX_BOARDS)
    scale = checks.choice("scale", scale, SCALES)
    negative = checks.flag("negative", negative)
    if k is not None:
        k = checks.positive_number("k", k)
    paper = checks.choice("paper", paper, PAPER_SIZES)
    if scale != "gaussian" and k is not None:
        raise InputError(f"k applies to the gaussian scale only, not to scale {scale}")
    if scale != "gaussian" and negative:
        raise InputError(f"negative VPs exist on the gaussian scale only, not on {scale}")
    if scale != "gaussian" and bounds is not None:
        raise InputError(f"bounds applies to the gaussian scale only, not to {scale}")

    workbook, match = layout.new_workbook(MATCH_SHEET)
    card: CardCells | None = None
    if scale == "gaussian":
        card = write_scale_sheet(
            workbook.create_sheet(SCALE_SHEET),
            vp_scale(boards, k, negative=negative, bounds=bounds),
            paper,
            f"Change boards or K (tinted cells): the {MATCH_SHEET} sheet follows.",
        )
    elif scale == "wbf-discrete":
        card = write_scale_sheet(
            workbook.create_sheet(SCALE_SHEET),
            wbf_discrete(boards),
            paper,
            f"Change boards (tinted cell): the {MATCH_SHEET} sheet follows.",
        )
    else:
        _write_wbf(workbook.create_sheet(WBF_SHEET), boards, paper)
    # This workbook's IMP table: General numbers, default row heights, headings alone repeated.
    write_imp_sheet(
        workbook.create_sheet(IMP_SHEET),
        paper,
        number_format="General",
        row_height=None,
        header_height=None,
        repeat_title=False,
    )
    define_imp_names(workbook, (IMP_FROM_NAME, IMP_SIZE_NAME))
    return _write_match(workbook, match, boards, card, paper)


# --------------------------------------------------------------------------------------------
# The Match sheet


class _ResultRows(NamedTuple):
    """Rows below the boards: team names, total IMPs, margin, VPs, boards scored, status."""

    names: int
    total: int
    margin: int
    vp: int
    scored: int
    status: int


def _write_match(
    workbook: Workbook, ws: Worksheet, boards: int, card: CardCells | None, paper: str
) -> TeamsMatchBook:
    last_board = FIRST_BOARD_ROW + boards - 1
    rows = _ResultRows(*range(last_board + 1, last_board + 7))
    scored = f"{HOME_IMPS}{rows.scored}"
    match_length = _write_header(ws, boards, card)
    _write_boards(ws, boards, last_board)
    status = _write_results(ws, rows, boards, card, match_length)
    home_total, away_total = f"{HOME_IMPS}{rows.total}", f"{AWAY_IMPS}{rows.total}"
    home_margin, away_margin = f"{HOME_IMPS}{rows.margin}", f"{AWAY_IMPS}{rows.margin}"
    ws.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
    layout.finish(ws, paper, rows.status, LAST_COLUMN, freeze=f"A{FIRST_BOARD_ROW}")
    return TeamsMatchBook(
        workbook=workbook,
        boards=boards,
        scale=_scale_name(card),
        sheet=MATCH_SHEET,
        event=EVENT,
        date=DATE,
        home=HOME,
        away=AWAY,
        scale_label=SCALE_LABEL,
        home_imps=home_total,
        away_imps=away_total,
        home_margin=home_margin,
        away_margin=away_margin,
        home_vp=f"{HOME_IMPS}{rows.vp}",
        away_vp=f"{AWAY_IMPS}{rows.vp}",
        boards_scored=scored,
        status=status,
        card=card,
    )


def _write_header(ws: Worksheet, boards: int, card: CardCells | None) -> str:
    """Title, the event, date and team inputs, the scale and the note; returns the match's
    length in boards (a number, or the Scale sheet's boards cell)."""
    # Title and header inputs.
    layout.title(ws, f"{TITLE} · {plural(boards, 'board')}", LAST_COLUMN)
    for ref, label in HEADER_LABELS.items():
        row = int(ref[1:])
        layout.label(ws, f"A{row}", f"A{row}", label, styles.LEFT)
        ws.merge_cells(refs.span(row, 2, LAST_COLUMN))
        ws[ref].font = styles.BODY_FONT
        ws[ref].alignment = styles.LEFT
        ws[ref].number_format = "@"
        if ref != SCALE_LABEL:
            styles.mark_input(ws, ref)
    if card is None:
        ws[SCALE_LABEL] = wbf_title(boards)
        match_length: str = str(boards)
    else:
        boards_ref = refs.on(SCALE_SHEET, refs.fixed(card.boards))
        ws[SCALE_LABEL] = _scale_label(card, boards_ref)
        match_length = boards_ref
    ws[SCALE_LABEL].number_format = "General"
    for cells, length, what in (
        ([EVENT], EVENT_LENGTH, "Event"),
        ([DATE], DATE_LENGTH, "Date"),
        ([HOME, AWAY], NAME_LENGTH, "Team names"),
    ):
        validation.text_length(ws, cells, length, what, f"{what}: at most {length} characters.")
    layout.merged_text(ws, refs.span(NOTE_ROW, 1, LAST_COLUMN), NOTE, height=2 * ROW_HEIGHT)
    return match_length


def _write_boards(ws: Worksheet, boards: int, last_board: int) -> None:
    """Column headings (the IMP columns headed by the team names once typed), one row per
    board and the rule on the two rooms' NS scores."""
    layout.headings(ws, HEADER_ROW, COLUMNS, height=layout.text_height(HEADER_LINES))
    for letter, team in ((HOME_IMPS, HOME), (AWAY_IMPS, AWAY)):
        label = _quoted(HEADER_LABELS[team])
        ws[f"{letter}{HEADER_ROW}"] = f'=IF({team}="",{label},{team})&" IMPs"'
    for board in range(1, boards + 1):
        row = FIRST_BOARD_ROW + board - 1
        diff = f"{POINTS}{row}"
        imps = formulas.imps(diff, IMP_FROM_NAME, IMP_SIZE_NAME)
        values = {
            BOARD: board,
            POINTS: f"=IF(AND(ISNUMBER({OPEN}{row}),ISNUMBER({CLOSED}{row})),"
            f'{OPEN}{row}-{CLOSED}{row},"")',
            HOME_IMPS: f'=IF({diff}="","",MAX(0,{imps}))',
            AWAY_IMPS: f'=IF({diff}="","",MAX(0,-{imps}))',
        }
        layout.write_row(ws, row, COLUMNS, values)
    validation.ns_scores(
        ws,
        f"{OPEN}{FIRST_BOARD_ROW}:{CLOSED}{last_board}",
        f"An NS score is a multiple of 10 from -{MAX_SCORE} to {MAX_SCORE} "
        "(leave it blank until the board is played in that room).",
        allow_blank=True,
    )


def _write_results(
    ws: Worksheet, result_rows: _ResultRows, boards: int, card: CardCells | None, match_length: str
) -> str:
    """Totals, margins, VPs and boards scored of both teams, and the status line; returns the
    status cell."""
    last_board = FIRST_BOARD_ROW + boards - 1
    names_row, total_row, margin_row, vp_row, scored_row, status_row = result_rows
    points = refs.absolute(POINTS, FIRST_BOARD_ROW, last_board)
    scored = f"{HOME_IMPS}{scored_row}"
    home_total, away_total = f"{HOME_IMPS}{total_row}", f"{AWAY_IMPS}{total_row}"
    home_margin, away_margin = f"{HOME_IMPS}{margin_row}", f"{AWAY_IMPS}{margin_row}"
    vp_format = "0" if card is not None else "0.00"
    rows = {
        names_row: (
            "Team",
            f'=IF({HOME}="",{_quoted(HEADER_LABELS[HOME])},{HOME})',
            f'=IF({AWAY}="",{_quoted(HEADER_LABELS[AWAY])},{AWAY})',
            "@",
        ),
        total_row: (
            "Total IMPs",
            f'=IF({scored}=0,"",SUM({HOME_IMPS}{FIRST_BOARD_ROW}:{HOME_IMPS}{last_board}))',
            f'=IF({scored}=0,"",SUM({AWAY_IMPS}{FIRST_BOARD_ROW}:{AWAY_IMPS}{last_board}))',
            "0",
        ),
        margin_row: (
            "IMP margin",
            f'=IF({scored}=0,"",{home_total}-{away_total})',
            f'=IF({scored}=0,"",{away_total}-{home_total})',
            "0",
        ),
        vp_row: (
            "Victory points",
            "=" + _vp_formula(home_margin, card, boards),
            "=" + _vp_formula(away_margin, card, boards),
            vp_format,
        ),
        scored_row: ("Boards scored", f"=COUNT({points})", f'="of "&{match_length}', "0"),
    }
    for row, (label, home_value, away_value, number_format) in rows.items():
        layout.label(ws, f"A{row}", f"{POINTS}{row}", label)
        font = styles.HEADER_FONT if row in (vp_row, names_row) else styles.BODY_FONT
        alignment = styles.WRAP if row == names_row else styles.CENTER
        for letter, value in ((HOME_IMPS, home_value), (AWAY_IMPS, away_value)):
            layout.put(ws[f"{letter}{row}"], value, number_format, font=font, alignment=alignment)
        ws.row_dimensions[row].height = ROW_HEIGHT
    ws.row_dimensions[names_row].height = layout.text_height(
        layout.wrapped_lines("x" * NAME_LENGTH, COLUMNS[-1].width)
    )
    status: str = layout.merged_text(
        ws,
        refs.span(status_row, 1, LAST_COLUMN),
        f'=IF({scored}=0,"No board scored yet",IF({scored}<{match_length},'
        f'"Provisional: VPs on "&{scored}&" of "&{match_length}&" boards","Final result"))',
        font=styles.TITLE_FONT,
        alignment=styles.CENTER,
        height=1.5 * ROW_HEIGHT,
    ).coordinate
    return status


def _scale_name(card: CardCells | None) -> str:
    if card is None:
        return "wbf"
    return "gaussian" if card.k is not None else "wbf-discrete"


def _scale_label(card: CardCells, boards_ref: str) -> str:
    """Row 6: the live description of the card on the Scale sheet."""
    if card.k is None:
        return f'="WBF discrete VP scale · "&{boards_ref}&" boards (sheet {SCALE_SHEET})"'
    k_ref = refs.on(SCALE_SHEET, refs.fixed(card.k))
    negative = " · negative VPs" if card.scale.negative_steps else ""
    rule = " · White Book bounds" if getattr(card.scale, "bounds", "") == "white-book" else ""
    return (
        f'="Gaussian VP scale · K "&{k_ref}&" · "&{boards_ref}&" boards{negative}{rule}'
        f' (sheet {SCALE_SHEET})"'
    )


def _vp_formula(margin: str, card: CardCells | None, boards: int) -> str:
    """The VPs (no "=") of the team whose IMP margin is in cell ``margin``; "" when blank."""
    if card is not None:
        return card.vp_formula(margin, SCALE_SHEET)
    top = len(wbf_table(boards)) - 1
    rows = wbf_rows(boards)
    last_column = get_column_letter((WBF_GROUPS - 1) * WBF_GROUP_WIDTH + 3)
    block = refs.on(
        WBF_SHEET, refs.block("A", last_column, WBF_FIRST_ROW, WBF_FIRST_ROW + rows - 1)
    )
    size = f"MIN(ROUND(ABS({margin}),0),{top})"
    winner = f"INDEX({block},MOD({size},{rows})+1,{WBF_GROUP_WIDTH}*INT({size}/{rows})+2)"
    return f'IF(ISNUMBER({margin}),IF({margin}>=0,{winner},ROUND({WBF_TOTAL}-{winner},2)),"")'


# --------------------------------------------------------------------------------------------
# The WBF scale sheet


def _write_wbf(ws: Worksheet, boards: int, paper: str) -> None:
    """The WBF table for ``boards``: (IMPs, win, lose) per margin in WBF_GROUPS groups."""
    wbf_column_widths(ws, last_gap=False)
    write_wbf_table(ws, 1, boards, boxed=True, loser_formulas=False)
    last_row = WBF_FIRST_ROW + wbf_rows(boards) - 1
    layout.row_heights(ws, 1, last_row)
    ws.print_title_rows = "2:2"
    last_column = WBF_GROUPS * WBF_GROUP_WIDTH - 1
    layout.finish(ws, paper, last_row, last_column, freeze=f"A{WBF_FIRST_ROW}")
