"""The director's traveller: one board's results, weighted (assigned) and split scores included.

A director types each table's result and the sheet matchpoints the board with live formulas,
the way :func:`xlbridge.scoring.boards.split_scores.score_traveller` does with
``method="matchpoints"`` and ``split="separate"`` (docs/board-scoring.md). One board per sheet; for
more boards the director copies the sheet (a note on the sheet says so).

Layout of the sheet ``Traveller`` (rows and columns are the module's constants):

- Row 1: a title that follows the board number.
- Row 2, inputs: board number (B2), scoring ``mp`` (2 per win) or ``acbl`` (1 per win)
  (D2), expected results E (H2; blank means the number of tables that played).
- Row 3, totals: results A (B3), the E in use (D3), the top 2(E − 1) in the chosen scoring
  (H3), rows whose Check is not "ok" (L3) and a message about the whole board (M3).
- Row 4: how to fill the sheet in. Rows 5–6: column headings (frozen with everything above).
- From row 7, one row per table:
  ``A`` table number (fixed); ``B``/``C`` NS and EW pair (text inputs);
  ``D:L`` three components, each NS score, EW score (EW's own score; blank = −NS score),
  weight (blank beside a single score = 1); ``M:P`` NS MP, EW MP, NS %, EW %;
  ``Q`` Check: "" when nothing is typed in ``D:L`` (the table has not played; pair names
  alone do not count), "ok", or the first thing wrong: text in a score or weight, NS score 1
  blank while other components are filled, a weight or EW score without its NS score, a
  negative weight, a missing weight beside several scores, weights not adding up to 1
  (within the core's WEIGHT_TOLERANCE).
- Columns ``S:AJ`` (hidden, headed "working") do the counting, per table:
  ``S`` 1 if the table's result counts (Check is "ok") else 0; ``T:V`` the effective weights
  (0 for a blank component or a table that does not count); ``W:Y`` the NS scores and
  ``Z:AB`` the EW scores (blank → 0 and −NS score); ``AC:AE`` and ``AF:AH`` each
  component's English matchpoints MP(s) = F(< s) + F(≤ s) − 1 among its side's components,
  F counted with SUMPRODUCT over the N×3 score block times the N×3 weight block;
  ``AI``/``AJ`` the table's NS/EW matchpoints Σ wₖ·MP(sₖ) on the scale of A results.
- Results are Neuberg-factored to E, MP' = (MP + 1)·E/A − 1, halved for acbl, and
  % = MP' / 2(E − 1) · 100. A row that is blank or wrong shows "" in its result cells and
  does not count. As in the core, a board needs 2 results (or E of at least 2) and E may not
  be less than A: otherwise every result is blank and M3 says why.
- Printing: columns A:Q only, landscape, one page wide at full size (9-point data, 8-point
  notes as printed), rows 5–6 repeated on every page; table rows are two lines tall so that
  a Check message wraps rather than being cut.

Only the Excel 2010 function set is used (SUMPRODUCT, IF, ISNUMBER, COUNT, COUNTA, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.utils import column_index_from_string, get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring import checks
from xlbridge.scoring.boards.frequencies import WEIGHT_TOLERANCE
from xlbridge.workbooks.kit import layout, styles, validation
from xlbridge.workbooks.kit.formulas import first_problem
from xlbridge.workbooks.kit.printing import PAPER_SIZES
from xlbridge.workbooks.kit.refs import block, fixed

SHEET = "Traveller"
SCORINGS = ("mp", "acbl")  # the command line's --method names; anything but acbl is 2 per win
COMPONENTS = 3
MAX_TABLES = 200
MAX_EXPECTED = 999
MAX_BOARD = 999
#: Scores a director may type (bridge scores stay well inside this).
MAX_SCORE = 99_999
OK = "ok"

TITLE_ROW, TOTALS_ROW, NOTE_ROW, GROUP_ROW, HEADING_ROW = 1, 3, 4, 5, 6
FIRST_TABLE_ROW = 7

# Header cells: inputs in row 2, totals in row 3, each after its label.
BOARD, SCORING, EXPECTED = "B2", "D2", "H2"
RESULTS, EXPECTED_USED, TOP, TO_CHECK, MESSAGE = "B3", "D3", "H3", "L3", "M3"
#: (first and last cell of the label, text) of each header cell.
HEADER_LABELS = {
    BOARD: ("A2", "A2", "Board"),
    SCORING: ("C2", "C2", "Scoring"),
    EXPECTED: ("E2", "G2", "Expected results E"),
    RESULTS: ("A3", "A3", "Results A"),
    EXPECTED_USED: ("C3", "C3", "E used"),
    TOP: ("E3", "G3", "Top"),
    TO_CHECK: ("I3", "K3", "Rows to check"),
}
HINT = "I2"

# Visible columns of a table row.
TABLE, NS_PAIR, EW_PAIR = "A", "B", "C"
FIRST_COMPONENT_COLUMN = 4  # D
NS_MP, EW_MP, NS_PERCENT, EW_PERCENT, CHECK = "M", "N", "O", "P", "Q"
LAST_PRINTED_COLUMN = column_index_from_string(CHECK)

#: Table rows are two lines tall: the longest Check message, and a pair's names of up to
#: about 30 characters, wrap onto two lines rather than being cut.
ROW_LINES = 2

# Working columns (hidden).
COUNTS = "S"


def _letters(first: str, count: int) -> tuple[str, ...]:
    start = column_index_from_string(first)
    return tuple(get_column_letter(start + i) for i in range(count))


WEIGHT_USED = _letters("T", COMPONENTS)
NS_USED = _letters("W", COMPONENTS)
EW_USED = _letters("Z", COMPONENTS)
NS_COMPONENT_MP = _letters("AC", COMPONENTS)
EW_COMPONENT_MP = _letters("AF", COMPONENTS)
NS_RAW, EW_RAW = "AI", "AJ"
FIRST_WORKING, LAST_WORKING = COUNTS, EW_RAW

NOTE = (
    "Type each table's NS score 1 (EW score blank = minus the NS score). Assigned weighted "
    "score: up to 3 components with weights adding up to 1. Split score: type EW's own score. "
    "A table with NS score 1 blank has not played. One board per sheet: to score another "
    "board, copy this sheet (right-click its tab, Move or Copy, Create a copy)."
)


@dataclass(frozen=True)
class ComponentColumns:
    """The three input columns of one component k: NS score, EW score, weight."""

    ns_score: str
    ew_score: str
    weight: str


COMPONENT_COLUMNS = tuple(
    ComponentColumns(*_letters(get_column_letter(FIRST_COMPONENT_COLUMN + 3 * k), 3))
    for k in range(COMPONENTS)
)
LAST_INPUT_COLUMN = COMPONENT_COLUMNS[-1].weight


@dataclass(frozen=True)
class TableCells:
    """A1 references of one table's row."""

    number: int
    row: int
    table: str
    ns_pair: str
    ew_pair: str
    ns_scores: tuple[str, ...]
    ew_scores: tuple[str, ...]
    weights: tuple[str, ...]
    ns_mp: str
    ew_mp: str
    ns_percent: str
    ew_percent: str
    check: str

    @property
    def inputs(self) -> tuple[str, ...]:
        """Every cell of the row a director types into."""
        return (self.ns_pair, self.ew_pair, *self.ns_scores, *self.ew_scores, *self.weights)

    @property
    def results(self) -> tuple[str, ...]:
        """The row's result cells (blank unless the row counts)."""
        return (self.ns_mp, self.ew_mp, self.ns_percent, self.ew_percent)


@dataclass(frozen=True)
class DirectorsTravellerBook:
    """The workbook and where its cells are (A1 references on sheet ``sheet``)."""

    workbook: Workbook
    sheet: str
    board: str
    scoring: str
    expected: str
    results: str
    expected_used: str
    top: str
    to_check: str
    message: str
    tables: tuple[TableCells, ...]

    @property
    def header_inputs(self) -> tuple[str, ...]:
        """The header cells a director types into."""
        return (self.board, self.scoring, self.expected)


def build_directors_traveller(
    *, tables: int = 15, expected: int | None = None, paper: str = "a4"
) -> DirectorsTravellerBook:
    """A one-board traveller workbook with ``tables`` rows.

    ``expected`` pre-fills the expected-results cell (blank: the tables that played);
    ``paper`` is a4 or letter.
    """
    tables = checks.whole_number("tables", tables, 2, MAX_TABLES)
    if expected is not None:
        expected = checks.whole_number("expected", expected, 2, MAX_EXPECTED)
    paper = checks.choice("paper", paper, PAPER_SIZES)
    workbook, ws = layout.new_workbook(SHEET)
    rows = [_table_cells(number) for number in range(1, tables + 1)]
    top, bottom = rows[0].row, rows[-1].row
    _write_header(ws, expected)
    _write_totals(ws, top, bottom)
    _write_headings(ws)
    for cells in rows:
        _write_table_row(ws, cells, top, bottom)
    _validate_table_inputs(ws, top, bottom)
    _lay_out_page(ws, bottom, paper)
    return DirectorsTravellerBook(
        workbook=workbook,
        sheet=SHEET,
        board=BOARD,
        scoring=SCORING,
        expected=EXPECTED,
        results=RESULTS,
        expected_used=EXPECTED_USED,
        top=TOP,
        to_check=TO_CHECK,
        message=MESSAGE,
        tables=tuple(rows),
    )


# --------------------------------------------------------------------------------------------
# Cell references


def _table_cells(number: int) -> TableCells:
    row = FIRST_TABLE_ROW + number - 1

    def at(columns: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(f"{column}{row}" for column in columns)

    return TableCells(
        number=number,
        row=row,
        table=f"{TABLE}{row}",
        ns_pair=f"{NS_PAIR}{row}",
        ew_pair=f"{EW_PAIR}{row}",
        ns_scores=at(tuple(c.ns_score for c in COMPONENT_COLUMNS)),
        ew_scores=at(tuple(c.ew_score for c in COMPONENT_COLUMNS)),
        weights=at(tuple(c.weight for c in COMPONENT_COLUMNS)),
        ns_mp=f"{NS_MP}{row}",
        ew_mp=f"{EW_MP}{row}",
        ns_percent=f"{NS_PERCENT}{row}",
        ew_percent=f"{EW_PERCENT}{row}",
        check=f"{CHECK}{row}",
    )


# --------------------------------------------------------------------------------------------
# Formulas


def _per_win() -> str:
    """Matchpoints per win in the chosen scoring: 1 for mp, ½ for acbl."""
    return f'IF({fixed(SCORING)}="acbl",0.5,1)'


def _check_formula(row: int) -> str:
    """The Check column: "" (nothing typed), "ok", or the first thing wrong with the row."""
    ns = [f"{c.ns_score}{row}" for c in COMPONENT_COLUMNS]
    ew = [f"{c.ew_score}{row}" for c in COMPONENT_COLUMNS]
    weight = [f"{c.weight}{row}" for c in COMPONENT_COLUMNS]
    entered = f"{ns[0]}:{LAST_INPUT_COLUMN}{row}"
    scores, weights = ",".join(ns), ",".join(weight)
    orphans = ",".join(
        f"AND(NOT(ISNUMBER({n})),COUNT({e},{w})>0)" for n, e, w in zip(ns, ew, weight, strict=True)
    )
    weight_sum = f"IF(COUNT({weights})=0,1,SUM({weights}))"
    tolerance = f"{WEIGHT_TOLERANCE:G}"
    checks = [
        (f"COUNTA({entered})=0", '""'),
        (f"COUNTA({entered})>COUNT({entered})", '"scores and weights must be numbers"'),
        (f"NOT(ISNUMBER({ns[0]}))", '"NS score 1 is blank: type it or clear the row"'),
        (f"OR({orphans})", '"a weight or EW score has no NS score beside it"'),
        (f"MIN({weights})<0", '"a weight is negative"'),
        (
            f"AND(COUNT({scores})>1,COUNT({weights})<COUNT({scores}))",
            '"with several scores, each needs a weight"',
        ),
        (
            f"ABS({weight_sum}-1)>{tolerance}",
            f'"weights add up to "&ROUND({weight_sum},9)&", not 1"',
        ),
    ]
    return "=" + first_problem(checks, f'"{OK}"')


def _component_mp(score_block: str, weight_block: str, score: str) -> str:
    """English MP of one component among its side's: F(< s) + F(≤ s) − 1."""
    return f"=SUMPRODUCT((({score_block}<{score})+({score_block}<={score}))*{weight_block})-1"


def _factored(raw: str) -> str:
    """English MP on the scale of A results, Neuberg-factored to E: (MP + 1)·E/A − 1."""
    return f"(({raw}+1)*{fixed(EXPECTED_USED)}/{fixed(RESULTS)}-1)"


def _result_formulas(row: int, raw: str) -> tuple[str, str]:
    """One side's MP (in the chosen scoring) and % for a row, "" unless the row counts."""
    e = fixed(EXPECTED_USED)
    # As the core: a board needs 2 results, or E of at least 2, and E at least A.
    counts = f"AND(${COUNTS}{row}=1,{e}>=2,{e}>={fixed(RESULTS)})"
    mp = f'=IF({counts},{_per_win()}*{_factored(raw)},"")'
    percent = f'=IF({counts},{_factored(raw)}/(2*({e}-1))*100,"")'
    return mp, percent


def _working_formulas(row: int, top: int, bottom: int) -> dict[str, str]:
    """The hidden per-table working cells of ``row``, by column."""
    formulas = {COUNTS: f'=IF({CHECK}{row}="{OK}",1,0)'}
    weight_block = block(WEIGHT_USED[0], WEIGHT_USED[-1], top, bottom)
    ns_block = block(NS_USED[0], NS_USED[-1], top, bottom)
    ew_block = block(EW_USED[0], EW_USED[-1], top, bottom)
    for k, inputs in enumerate(COMPONENT_COLUMNS):
        ns, ew, weight = (f"{c}{row}" for c in (inputs.ns_score, inputs.ew_score, inputs.weight))
        ns_used, ew_used = f"{NS_USED[k]}{row}", f"{EW_USED[k]}{row}"
        formulas[WEIGHT_USED[k]] = (
            f"=IF(AND({COUNTS}{row}=1,ISNUMBER({ns})),IF(ISNUMBER({weight}),{weight},1),0)"
        )
        formulas[NS_USED[k]] = f"=IF(ISNUMBER({ns}),{ns},0)"
        formulas[EW_USED[k]] = f"=IF(ISNUMBER({ew}),{ew},-{ns_used})"
        formulas[NS_COMPONENT_MP[k]] = _component_mp(ns_block, weight_block, ns_used)
        formulas[EW_COMPONENT_MP[k]] = _component_mp(ew_block, weight_block, ew_used)
    weights = f"{WEIGHT_USED[0]}{row}:{WEIGHT_USED[-1]}{row}"
    for raw, component_mp in ((NS_RAW, NS_COMPONENT_MP), (EW_RAW, EW_COMPONENT_MP)):
        formulas[raw] = f"=SUMPRODUCT({weights},{component_mp[0]}{row}:{component_mp[-1]}{row})"
    return formulas


# --------------------------------------------------------------------------------------------
# Writing the sheet


def _put(
    ws: Worksheet, ref: str, value: object, number_format: str | None = None, **style: Any
) -> Cell:
    """Write ``value`` in the body font, centred (unless ``style`` says otherwise), boxed."""
    return layout.put(ws[ref], value, number_format, **style)


def _write_header(ws: Worksheet, expected: int | None) -> None:
    """Title, labels, the inputs (board, scoring, expected) with validation, and the note."""
    title = layout.title(ws, f'="Director\'s traveller · board "&{BOARD}', LAST_PRINTED_COLUMN)
    title.alignment = styles.LEFT
    for first, last, text in HEADER_LABELS.values():
        layout.label(ws, first, last, text)
    _put(ws, BOARD, 1, "0")
    _put(ws, SCORING, SCORINGS[0])
    _put(ws, EXPECTED, expected, "0")
    for ref in (BOARD, SCORING, EXPECTED):
        styles.mark_input(ws, ref)
    validation.whole(ws, [BOARD], 1, MAX_BOARD, "Board")
    validation.whole(ws, [EXPECTED], 2, MAX_EXPECTED, "Expected results")
    validation.rule(
        ws,
        [SCORING],
        "list",
        None,
        (f'"{",".join(SCORINGS)}"',),
        "Scoring",
        f"Scoring must be one of: {', '.join(SCORINGS)}.",
    )
    ws[HINT].value = "E blank = tables that played; mp: 2 per win, acbl: 1 per win"
    ws[HINT].font = styles.SMALL_FONT
    layout.merged_text(ws, f"A{NOTE_ROW}:{CHECK}{NOTE_ROW}", NOTE, height=30)


def _write_totals(ws: Worksheet, top: int, bottom: int) -> None:
    """Results A, the E in use, the top, the rows to check and a message for the board."""
    counts = block(COUNTS, COUNTS, top, bottom)
    checks = block(CHECK, CHECK, top, bottom)
    a, e, given = fixed(RESULTS), fixed(EXPECTED_USED), fixed(EXPECTED)
    _put(ws, RESULTS, f"=SUM({counts})", "0")
    _put(ws, EXPECTED_USED, f"=IF(ISNUMBER({given}),{given},{a})", "0")
    _put(ws, TOP, f'=IF({e}>1,2*{_per_win()}*({e}-1),"")', "0.##")
    _put(ws, TO_CHECK, f'=SUMPRODUCT(({checks}<>"")*({checks}<>"{OK}"))', "0")
    message = (
        f'=IF({fixed(TO_CHECK)}>0,"Some rows do not count: see Check",'
        f'IF(AND(ISNUMBER({given}),{given}<{a}),"Expected results E is less than the results A",'
        f'IF(AND({a}=1,{e}<2),"Only one result: type E to Neuberg it, or wait for more","")))'
    )
    layout.merged_text(
        ws,
        f"{MESSAGE}:{CHECK}{TOTALS_ROW}",
        message,
        font=styles.MESSAGE_FONT,
        alignment=styles.LEFT,
    )


def _write_headings(ws: Worksheet) -> None:
    """Group headings (row 5) and column headings (row 6), visible and working."""
    groups = [(c.ns_score, c.weight, f"Score {k}") for k, c in enumerate(COMPONENT_COLUMNS, 1)]
    groups += [(NS_MP, CHECK, "Result"), (FIRST_WORKING, LAST_WORKING, "working: do not edit")]
    for first, last, text in groups:
        ws.merge_cells(f"{first}{GROUP_ROW}:{last}{GROUP_ROW}")
        layout.heading(ws[f"{first}{GROUP_ROW}"], text)
    headings = {TABLE: "Table", NS_PAIR: "NS pair", EW_PAIR: "EW pair"}
    for k, c in enumerate(COMPONENT_COLUMNS, start=1):
        headings |= {c.ns_score: f"NS score {k}", c.ew_score: f"EW score {k}", c.weight: "weight"}
    headings |= {NS_MP: "NS MP", EW_MP: "EW MP", NS_PERCENT: "NS %", EW_PERCENT: "EW %"}
    headings |= {CHECK: "Check", COUNTS: "counts", NS_RAW: "NS MP of A", EW_RAW: "EW MP of A"}
    for k in range(COMPONENTS):
        headings |= {
            WEIGHT_USED[k]: f"w{k + 1}",
            NS_USED[k]: f"NS {k + 1}",
            EW_USED[k]: f"EW {k + 1}",
            NS_COMPONENT_MP[k]: f"NS MP {k + 1}",
            EW_COMPONENT_MP[k]: f"EW MP {k + 1}",
        }
    for column, text in headings.items():
        layout.heading(ws[f"{column}{HEADING_ROW}"], text)
    ws.row_dimensions[HEADING_ROW].height = 24


def _write_table_row(ws: Worksheet, cells: TableCells, top: int, bottom: int) -> None:
    """One table: number, inputs, results, check and working cells."""
    row = cells.row
    _put(ws, cells.table, cells.number, "0")
    for ref in (cells.ns_pair, cells.ew_pair):
        _put(ws, ref, None, "@", alignment=styles.WRAP_LEFT)
    for ref in (*cells.ns_scores, *cells.ew_scores):
        _put(ws, ref, None, "General")
    for ref in cells.weights:
        _put(ws, ref, None, "0.###")
    for ref in cells.inputs:
        styles.mark_input(ws, ref)
    for (mp_ref, percent_ref), raw in (
        ((cells.ns_mp, cells.ns_percent), NS_RAW),
        ((cells.ew_mp, cells.ew_percent), EW_RAW),
    ):
        mp, percent = _result_formulas(row, f"{raw}{row}")
        _put(ws, mp_ref, mp, "0.00")
        _put(ws, percent_ref, percent, "0.00")
    _put(ws, cells.check, _check_formula(row), alignment=styles.WRAP_LEFT)
    ws.row_dimensions[row].height = layout.text_height(ROW_LINES)
    for column, formula in _working_formulas(row, top, bottom).items():
        cell = _put(ws, f"{column}{row}", formula, "0.####", font=styles.GREY_FONT)
        cell.fill = styles.WORKING_FILL


def _validate_table_inputs(ws: Worksheet, top: int, bottom: int) -> None:
    """Scores and weights are numbers; a Check that is not "ok" is shaded."""
    for c in COMPONENT_COLUMNS:
        scores = [
            f"{c.ns_score}{top}:{c.ns_score}{bottom}",
            f"{c.ew_score}{top}:{c.ew_score}{bottom}",
        ]
        _validate_decimal(ws, scores, -MAX_SCORE, MAX_SCORE, "Score")
        _validate_decimal(ws, [f"{c.weight}{top}:{c.weight}{bottom}"], 0, 1, "Weight")
    styles.shade_problems(ws, CHECK, top, bottom, ("", OK))


def _validate_decimal(ws: Worksheet, cells: list[str], low: float, high: float, what: str) -> None:
    error = f"{what} must be a number from {low:g} to {high:g}."
    validation.rule(ws, cells, "decimal", "between", (f"{low:g}", f"{high:g}"), what, error)


def _lay_out_page(ws: Worksheet, bottom: int, paper: str) -> None:
    """Widths, hidden working columns, frozen headings, print set-up and protection."""
    # 17 columns fit a landscape page at full size (fit-to-width then shrinks nothing, so
    # the 9-point data and 8-point notes print at their size); headings wrap to two lines.
    widths = {TABLE: 8.5, NS_PAIR: 12.5, EW_PAIR: 12.5, CHECK: 22.0}
    for c in COMPONENT_COLUMNS:
        widths |= {c.ns_score: 6.5, c.ew_score: 6.5, c.weight: 5.5}
    widths |= dict.fromkeys((NS_MP, EW_MP, NS_PERCENT, EW_PERCENT), 6.0)
    for column, width in widths.items():
        ws.column_dimensions[column].width = width
    ws.column_dimensions.group(FIRST_WORKING, LAST_WORKING, hidden=True, outline_level=1)
    ws.print_title_rows = f"{GROUP_ROW}:{HEADING_ROW}"
    layout.finish(ws, paper, bottom, LAST_PRINTED_COLUMN, freeze=f"D{FIRST_TABLE_ROW}")
    ws.page_setup.orientation = "landscape"  # 17 columns read better across the long side
