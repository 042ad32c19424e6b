"""A Butler / cross-IMP pairs session: type the results, read datums, IMPs and the ranking.

Layout (every sheet: title in row 1, headers in row 2 (frozen, repeated on each printed page),
one record per row from row 3; inputs unlocked and tinted, everything else locked behind sheet
protection without a password):

- **Scores** — one row per (board, table), board-major: board b, table t is on row
  ``3 + (b − 1)·tables + (t − 1)``, so each board's rows form one block. Board and table are
  fixed; NS pair, EW pair and NS score are inputs (a blank score means "not played" and leaves
  the row's results blank). Per row: the board's datum (from **Boards**), NS and EW Butler
  IMPs (IMPs of score − datum, Law 78B; EW = −NS) and NS and EW cross-IMPs (the sum of IMPs
  against every other score on the board, divided by the comparisons N − 1; EW = −NS). A
  board with a single score has nothing to be compared with: its row's results stay blank, as
  the core rejects such a board.
- **Boards** — one row per board from its block of scores: how many scores N, how many are
  dropped from each end (1 when N ≥ 4, else 0), their total, highest and lowest, the mean of
  the kept scores, and the datum: that mean rounded to the nearest 10, an exact 5 to the even
  ten (:func:`xlbridge.core.boards.datum` with method "butler"); mean and datum stay blank
  with fewer than 2 scores.
- **Pairs** — one row per pair number: a name (input), boards played (rows with a score,
  a lone score included), Butler IMPs (as NS plus
  as EW) and cross-IMP totals, each with a rank (1 + the number of pairs with more, to within
  1E-9, so sums of fractions that are equal rank equal). Pairs that played nothing stay blank.
- **IMP table** — the Law 78B table the formulas look up, through the workbook names
  ``IMP_FROM`` (0, 20, 50, … 4000), ``IMP_EDGES`` (20 … 4000) and ``IMP_SIZE`` (0 … 24).

Techniques (Excel 2010 function set): a board's statistics are COUNT/SUM/MAX/MIN over its
block; Butler IMPs are ``SIGN(d)*LOOKUP(ABS(d), IMP_FROM, IMP_SIZE)``; cross-IMPs count, for
each of the 24 edges, the scores at least that far below and above
(``SUMPRODUCT(COUNTIF(block, "<="&(s − IMP_EDGES)) − COUNTIF(block, ">="&(s + IMP_EDGES)))``),
so no pairwise table is needed; pair totals are SUMIFS over the NS and EW pair columns.
The LibreOffice tests hold every value equal to :mod:`xlbridge.core.boards`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.core import validate
from xlbridge.core.boards import TRIM_FROM_ENTRIES
from xlbridge.core.imps import IMP_EDGES
from xlbridge.templates import formulas, styles
from xlbridge.templates.printing import (
    PAPER_SIZES,
    ROW_HEIGHT,
    ROWS_PER_PAGE,
    page_breaks,
    set_row_breaks,
    setup_page,
)

SCORES_SHEET = "Scores"
BOARDS_SHEET = "Boards"
PAIRS_SHEET = "Pairs"
IMP_SHEET = "IMP table"
TITLE = "Butler / cross-IMP pairs session"

TITLE_ROW = 1
HEADER_ROW = 2
FIRST_ROW = 3
HEADER_HEIGHT = 2 * ROW_HEIGHT  # two lines of wrapped header text
#: Largest score a board can give (7NT redoubled, vulnerable, down 13).
MAX_SCORE = 7600
#: Scores a board needs before it is scored (the core's rule: a lone result is not compared).
MIN_SCORES = 2
MAX_BOARDS = 200
MAX_TABLES = 200
MAX_PAIRS = 999
NAME_LENGTH = 60
#: How much larger another pair's total must be to rank above (sums of fractions).
RANK_TOLERANCE = "1E-9"

IMP_FROM_NAME = "IMP_FROM"
IMP_EDGES_NAME = "IMP_EDGES"
IMP_SIZE_NAME = "IMP_SIZE"


class Column(NamedTuple):
    """One column of a sheet: key used in code, header text, width, number format."""

    key: str
    header: str
    width: float
    number_format: str = "0"


SCORES_COLUMNS = (
    Column("board", "Board", 6),
    Column("table", "Table", 6),
    Column("ns_pair", "NS pair", 7),
    Column("ew_pair", "EW pair", 7),
    Column("ns_score", "NS score", 8),
    Column("datum", "Datum", 8),
    Column("ns_butler", "NS Butler IMPs", 8),
    Column("ew_butler", "EW Butler IMPs", 8),
    Column("ns_cross", "NS cross-IMPs", 9, "0.00"),
    Column("ew_cross", "EW cross-IMPs", 9, "0.00"),
)
BOARDS_COLUMNS = (
    Column("board", "Board", 6),
    Column("count", "Scores", 7),
    Column("dropped", "Dropped each end", 8),
    Column("total", "Total", 8),
    Column("highest", "Highest", 8),
    Column("lowest", "Lowest", 8),
    Column("mean", "Mean of kept scores", 10, "0.00"),
    Column("datum", "Datum", 8),
)
PAIRS_COLUMNS = (
    Column("pair", "Pair", 6),
    Column("name", "Names", 30, "@"),
    Column("played", "Boards played", 8),
    Column("butler", "Butler IMPs", 9),
    Column("butler_rank", "Butler rank", 7),
    Column("cross", "Cross-IMPs", 9, "0.00"),
    Column("cross_rank", "Cross-IMP rank", 7),
)
IMP_COLUMNS = (
    Column("start", "Difference from", 11),
    Column("end", "to", 9),
    Column("imps", "IMPs", 6),
)


def _letters(columns: tuple[Column, ...]) -> Mapping[str, str]:
    """Column letter of each key, in order from A."""
    return {column.key: get_column_letter(i) for i, column in enumerate(columns, start=1)}


#: Column letters by key, for the builder and for tests: ``SCORES["ns_score"]`` is "E".
SCORES = _letters(SCORES_COLUMNS)
BOARDS = _letters(BOARDS_COLUMNS)
PAIRS = _letters(PAIRS_COLUMNS)
IMP = _letters(IMP_COLUMNS)

SCORE_INPUTS = frozenset({"ns_pair", "ew_pair", "ns_score"})
PAIR_INPUTS = frozenset({"name"})


@dataclass(frozen=True)
class ButlerSessionBook:
    """The workbook and where its cells are (columns: ``SCORES``, ``BOARDS``, ``PAIRS``)."""

    workbook: Workbook
    boards: int
    tables: int
    pairs: int

    def score_row(self, board: int, table: int) -> int:
        """Row of (board, table) on the Scores sheet."""
        return FIRST_ROW + (board - 1) * self.tables + (table - 1)

    def board_row(self, board: int) -> int:
        """Row of a board on the Boards sheet."""
        return FIRST_ROW + board - 1

    def pair_row(self, pair: int) -> int:
        """Row of a pair number on the Pairs sheet."""
        return FIRST_ROW + pair - 1


def build_butler_session(
    *, boards: int = 24, tables: int = 8, pairs: int | None = None, paper: str = "a4"
) -> ButlerSessionBook:
    """A pairs session scored by Butler IMPs and by cross-IMPs, ``tables`` results per board.

    ``pairs`` (the pair numbers a row may name, default 2 × tables) sizes the ranking and the
    validation of pair numbers; ``paper`` is a4 or letter.
    """
    boards = validate.whole_number("boards", boards, 1, MAX_BOARDS)
    tables = validate.whole_number("tables", tables, 2, MAX_TABLES)
    pairs = validate.whole_number("pairs", 2 * tables if pairs is None else pairs, 2, MAX_PAIRS)
    paper = validate.choice("paper", paper, PAPER_SIZES)
    book = ButlerSessionBook(Workbook(), boards, tables, pairs)
    scores = book.workbook.active
    assert scores is not None
    scores.title = SCORES_SHEET
    _write_scores(scores, book, paper)
    _write_boards(book.workbook.create_sheet(BOARDS_SHEET), book, paper)
    _write_pairs(book.workbook.create_sheet(PAIRS_SHEET), book, paper)
    _write_imp_table(book.workbook.create_sheet(IMP_SHEET), paper)
    _define_imp_names(book.workbook)
    return book


# --------------------------------------------------------------------------------------------
# References


def _absolute(column: str, first: int, last: int | None = None) -> str:
    """``$C$3``, or ``$C$3:$C$10`` when ``last`` is given."""
    ref = f"${column}${first}"
    return ref if last is None else f"{ref}:${column}${last}"


def _on(sheet: str, ref: str) -> str:
    """A reference on another sheet."""
    return f"'{sheet}'!{ref}"


def _scores_block(book: ButlerSessionBook, board: int) -> str:
    """The NS-score cells of one board on the Scores sheet (absolute, no sheet name)."""
    first = book.score_row(board, 1)
    return _absolute(SCORES["ns_score"], first, first + book.tables - 1)


def _scores_column(book: ButlerSessionBook, key: str) -> str:
    """A whole data column of the Scores sheet, with the sheet name."""
    last = book.score_row(book.boards, book.tables)
    return _on(SCORES_SHEET, _absolute(SCORES[key], FIRST_ROW, last))


# --------------------------------------------------------------------------------------------
# Writing sheets


def _start_sheet(ws: Worksheet, title: str, columns: tuple[Column, ...]) -> None:
    """Title, headers, widths, frozen headers and printed titles."""
    ws.merge_cells(start_row=TITLE_ROW, start_column=1, end_row=TITLE_ROW, end_column=len(columns))
    ws.cell(TITLE_ROW, 1, title).font = styles.TITLE_FONT
    for i, column in enumerate(columns, start=1):
        cell = ws.cell(HEADER_ROW, i, column.header)
        cell.font, cell.fill, cell.alignment = styles.HEADER_FONT, styles.HEADER_FILL, styles.WRAP
        cell.border = styles.BOX
        ws.column_dimensions[get_column_letter(i)].width = column.width
    ws.row_dimensions[HEADER_ROW].height = HEADER_HEIGHT
    ws.freeze_panes = f"A{FIRST_ROW}"
    ws.print_title_rows = f"{TITLE_ROW}:{HEADER_ROW}"


def _write_row(
    ws: Worksheet,
    row: int,
    columns: tuple[Column, ...],
    values: Mapping[str, object],
    inputs: frozenset[str] = frozenset(),
) -> None:
    """One record: ``values`` by column key (missing keys stay blank), inputs unlocked."""
    for i, column in enumerate(columns, start=1):
        cell = ws.cell(row, i, values.get(column.key))
        cell.font, cell.alignment, cell.border = styles.BODY_FONT, styles.CENTER, styles.BOX
        cell.number_format = column.number_format
        if column.key in inputs:
            styles.mark_input(ws, cell.coordinate)
    ws.row_dimensions[row].height = ROW_HEIGHT


def _finish_sheet(ws: Worksheet, paper: str, last_row: int, columns: tuple[Column, ...]) -> None:
    setup_page(ws, paper, last_row, len(columns))
    styles.protect(ws)


def _add_validation(ws: Worksheet, rule: DataValidation, ref: str) -> None:
    rule.add(CellRange(ref))
    ws.add_data_validation(rule)


# --------------------------------------------------------------------------------------------
# Scores


def _write_scores(ws: Worksheet, book: ButlerSessionBook, paper: str) -> None:
    _start_sheet(ws, f"{TITLE} · {book.boards} boards · {book.tables} tables", SCORES_COLUMNS)
    for board in range(1, book.boards + 1):
        for table in range(1, book.tables + 1):
            row = book.score_row(board, table)
            _write_row(ws, row, SCORES_COLUMNS, _score_formulas(book, board, table), SCORE_INPUTS)
    last = book.score_row(book.boards, book.tables)
    pair_cells = [f"{SCORES[key]}{FIRST_ROW}:{SCORES[key]}{last}" for key in ("ns_pair", "ew_pair")]
    styles.validate_whole(ws, pair_cells, 1, book.pairs, "Pair number")
    _validate_scores(ws, f"{SCORES['ns_score']}{FIRST_ROW}:{SCORES['ns_score']}{last}")
    # Keep each board's block on one page (the headers repeat on every page).
    rows_per_page = ROWS_PER_PAGE[paper] - round(HEADER_HEIGHT / ROW_HEIGHT) - 1
    sections = [HEADER_ROW + book.tables] + [book.tables] * (book.boards - 1)
    set_row_breaks(ws, page_breaks(sections, rows_per_page))
    _finish_sheet(ws, paper, last, SCORES_COLUMNS)


def _validate_scores(ws: Worksheet, ref: str) -> None:
    """Scores: multiples of 10 from −MAX_SCORE to MAX_SCORE."""
    first = ref.split(":")[0]
    rule = DataValidation(
        type="custom",
        formula1=f"AND(MOD({first},10)=0,{first}>=-{MAX_SCORE},{first}<={MAX_SCORE})",
        showErrorMessage=True,
        errorTitle="NS score",
        error=f"NS score must be a multiple of 10 from -{MAX_SCORE} to {MAX_SCORE} "
        "(leave it blank if the board was not played).",
    )
    _add_validation(ws, rule, ref)


def _score_formulas(book: ButlerSessionBook, board: int, table: int) -> dict[str, object]:
    """Board and table numbers and the result formulas of one row of the Scores sheet."""
    row = book.score_row(board, table)
    score, datum, ns_butler, ns_cross = (
        f"{SCORES[key]}{row}" for key in ("ns_score", "datum", "ns_butler", "ns_cross")
    )
    board_row = book.board_row(board)
    board_datum = _on(BOARDS_SHEET, _absolute(BOARDS["datum"], board_row))
    count = _on(BOARDS_SHEET, _absolute(BOARDS["count"], board_row))
    butler = formulas.imps(f"{score}-{datum}", IMP_FROM_NAME, IMP_SIZE_NAME)
    cross_sum = formulas.cross_imp_sum(score, _scores_block(book, board), IMP_EDGES_NAME)

    def unless_no_result(expression: str) -> str:
        return f'=IF(OR({score}="",{count}<{MIN_SCORES}),"",{expression})'

    return {
        "board": board,
        "table": table,
        "datum": unless_no_result(board_datum),
        "ns_butler": unless_no_result(butler),
        "ew_butler": f'=IF({ns_butler}="","",-{ns_butler})',
        "ns_cross": unless_no_result(f"{cross_sum}/({count}-1)"),
        "ew_cross": f'=IF({ns_cross}="","",-{ns_cross})',
    }


# --------------------------------------------------------------------------------------------
# Boards


def _write_boards(ws: Worksheet, book: ButlerSessionBook, paper: str) -> None:
    _start_sheet(ws, f"{TITLE} · datum of each board", BOARDS_COLUMNS)
    for board in range(1, book.boards + 1):
        _write_row(ws, book.board_row(board), BOARDS_COLUMNS, _board_formulas(book, board))
    _finish_sheet(ws, paper, book.board_row(book.boards), BOARDS_COLUMNS)


def _board_formulas(book: ButlerSessionBook, board: int) -> dict[str, object]:
    """The statistics of one board's scores and its datum (trimmed mean, rounded)."""
    row = book.board_row(board)
    count, dropped, total, highest, lowest, mean = (
        f"{BOARDS[key]}{row}" for key in ("count", "dropped", "total", "highest", "lowest", "mean")
    )
    block = _on(SCORES_SHEET, _scores_block(book, board))

    def unless_unplayed(expression: str) -> str:
        return f'=IF({count}=0,"",{expression})'

    def unless_lonely(expression: str) -> str:
        return f'=IF({count}<{MIN_SCORES},"",{expression})'

    return {
        "board": board,
        "count": f"=COUNT({block})",
        "dropped": f"=IF({count}>={TRIM_FROM_ENTRIES},1,0)",
        "total": unless_unplayed(f"SUM({block})"),
        "highest": unless_unplayed(f"MAX({block})"),
        "lowest": unless_unplayed(f"MIN({block})"),
        "mean": unless_lonely(f"({total}-{dropped}*({highest}+{lowest}))/({count}-2*{dropped})"),
        "datum": unless_lonely(formulas.round_to_ten_half_even(mean)),
    }


# --------------------------------------------------------------------------------------------
# Pairs


def _write_pairs(ws: Worksheet, book: ButlerSessionBook, paper: str) -> None:
    _start_sheet(ws, f"{TITLE} · ranking", PAIRS_COLUMNS)
    for pair in range(1, book.pairs + 1):
        _write_row(ws, book.pair_row(pair), PAIRS_COLUMNS, _pair_formulas(book, pair), PAIR_INPUTS)
    last = book.pair_row(book.pairs)
    names = DataValidation(
        type="textLength",
        operator="lessThanOrEqual",
        formula1=str(NAME_LENGTH),
        showErrorMessage=True,
        errorTitle="Names",
        error=f"Names must be at most {NAME_LENGTH} characters.",
    )
    _add_validation(ws, names, f"{PAIRS['name']}{FIRST_ROW}:{PAIRS['name']}{last}")
    _finish_sheet(ws, paper, last, PAIRS_COLUMNS)


def _pair_formulas(book: ButlerSessionBook, pair: int) -> dict[str, object]:
    """Boards played, IMP totals and ranks of one pair number."""
    row, last = book.pair_row(pair), book.pair_row(book.pairs)
    number, played = f"${PAIRS['pair']}{row}", f"{PAIRS['played']}{row}"
    ns_pairs, ew_pairs = _scores_column(book, "ns_pair"), _scores_column(book, "ew_pair")
    scores = _scores_column(book, "ns_score")

    def total(ns_key: str, ew_key: str) -> str:
        as_ns = f"SUMIFS({_scores_column(book, ns_key)},{ns_pairs},{number})"
        as_ew = f"SUMIFS({_scores_column(book, ew_key)},{ew_pairs},{number})"
        return f'=IF({played}=0,"",{as_ns}+{as_ew})'

    def rank(key: str) -> str:
        value, others = f"{PAIRS[key]}{row}", _absolute(PAIRS[key], FIRST_ROW, last)
        above = f"SUMPRODUCT(ISNUMBER({others})*({others}>{value}+{RANK_TOLERANCE}))"
        return f'=IF({value}="","",1+{above})'

    return {
        "pair": pair,
        "played": f'=COUNTIFS({ns_pairs},{number},{scores},"<>")'
        f'+COUNTIFS({ew_pairs},{number},{scores},"<>")',
        "butler": total("ns_butler", "ew_butler"),
        "butler_rank": rank("butler"),
        "cross": total("ns_cross", "ew_cross"),
        "cross_rank": rank("cross"),
    }


# --------------------------------------------------------------------------------------------
# IMP table


def _imp_bands() -> list[tuple[int, int | str, int]]:
    """(from, to, IMPs) of each band of the Law 78B table; the last runs to "and more"."""
    starts = [0, *(int(edge) for edge in IMP_EDGES)]
    ends: list[int | str] = [start - 10 for start in starts[1:]] + ["and more"]
    return [(start, end, size) for size, (start, end) in enumerate(zip(starts, ends, strict=True))]


def _write_imp_table(ws: Worksheet, paper: str) -> None:
    _start_sheet(ws, "IMP table (Law 78B)", IMP_COLUMNS)
    bands = _imp_bands()
    for offset, (start, end, size) in enumerate(bands):
        _write_row(ws, FIRST_ROW + offset, IMP_COLUMNS, {"start": start, "end": end, "imps": size})
    _finish_sheet(ws, paper, FIRST_ROW + len(bands) - 1, IMP_COLUMNS)


def _define_imp_names(workbook: Workbook) -> None:
    """Workbook names for the IMP table's columns, used by the Scores formulas."""
    last = FIRST_ROW + len(IMP_EDGES)
    ranges = {
        IMP_FROM_NAME: _absolute(IMP["start"], FIRST_ROW, last),
        IMP_EDGES_NAME: _absolute(IMP["start"], FIRST_ROW + 1, last),
        IMP_SIZE_NAME: _absolute(IMP["imps"], FIRST_ROW, last),
    }
    for name, ref in ranges.items():
        workbook.defined_names[name] = DefinedName(name, attr_text=_on(IMP_SHEET, ref))
