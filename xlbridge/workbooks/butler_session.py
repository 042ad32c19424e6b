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
  the kept scores, and the datum: that mean rounded to the nearest 10, an exact 5 away from
  zero (425 → 430, −445 → −450) or, when the rule cell right of the table (``DATUM_ROUNDING``,
  an input) says even, to the even ten (:func:`xlbridge.scoring.boards.datums.datum` with method
  "butler" and that rounding); mean and datum stay blank with fewer than 2 scores.
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
The LibreOffice tests hold every value equal to :mod:`xlbridge.scoring.boards.datums`.
"""

from __future__ import annotations

from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring import checks
from xlbridge.scoring.boards.datums import TRIM_FROM_ENTRIES
from xlbridge.scoring.names import DATUM_ROUNDINGS
from xlbridge.workbooks.kit import formulas, layout, ranking, refs, styles, validation
from xlbridge.workbooks.kit.imp_table import (
    IMP_EDGES_NAME,
    IMP_FROM_NAME,
    IMP_SHEET,
    IMP_SIZE_NAME,
    define_imp_names,
    write_imp_sheet,
)
from xlbridge.workbooks.kit.layout import HEADER_HEIGHT, Column
from xlbridge.workbooks.kit.printing import PAPER_SIZES, keep_sections_together

SCORES_SHEET = "Scores"
BOARDS_SHEET = "Boards"
PAIRS_SHEET = "Pairs"
BUTLER_RANKING_SHEET = "Butler ranking"
CROSS_RANKING_SHEET = "Cross-IMP ranking"
TITLE = "Butler / cross-IMP pairs session"

HEADER_ROW = 2
FIRST_ROW = 3
#: The title row, printed on every page above the headings (the spreadsheet's default height).
TITLE_HEIGHT = 15.0
#: Largest score a board can give (7NT redoubled, vulnerable, down 13).
MAX_SCORE = validation.MAX_NS_SCORE
#: Scores a board needs before it is scored (the core's rule: a lone result is not compared).
MIN_SCORES = 2
MAX_BOARDS = 200
MAX_TABLES = 200
MAX_PAIRS = 999
NAME_LENGTH = 60

SCORES_COLUMNS = (
    Column("board", "Board", 6),
    Column("table", "Table", 6),
    Column("ns_pair", "NS pair", 7, is_input=True),
    Column("ew_pair", "EW pair", 7, is_input=True),
    Column("ns_score", "NS score", 8, is_input=True),
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
#: The Boards sheet's input cell holding the rule for a datum's exact 5 (away or even), and its
#: heading.
DATUM_ROUNDING = "J3"
DATUM_ROUNDING_HEADING = "J2"
PAIRS_COLUMNS = (
    Column("pair", "Pair", 6),
    Column("name", "Names", ranking.NAME_WIDTH, "@", True),
    Column("played", "Boards played", 8),
    Column("butler", "Butler IMPs", 9),
    Column("butler_rank", "Butler rank", 7),
    Column("cross", "Cross-IMPs", 9, "0.00"),
    Column("cross_rank", "Cross-IMP rank", 9),
)

#: Column letters by key, for the builder and for tests: ``SCORES["ns_score"]`` is "E".
SCORES = layout.letters(SCORES_COLUMNS)
BOARDS = layout.letters(BOARDS_COLUMNS)
PAIRS = layout.letters(PAIRS_COLUMNS)

SCORE_INPUTS = frozenset(column.key for column in SCORES_COLUMNS if column.is_input)
PAIR_INPUTS = frozenset(column.key for column in PAIRS_COLUMNS if column.is_input)


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
    boards = checks.whole_number("boards", boards, 1, MAX_BOARDS)
    tables = checks.whole_number("tables", tables, 2, MAX_TABLES)
    pairs = checks.whole_number("pairs", 2 * tables if pairs is None else pairs, 2, MAX_PAIRS)
    paper = checks.choice("paper", paper, PAPER_SIZES)
    workbook, scores = layout.new_workbook(SCORES_SHEET)
    book = ButlerSessionBook(workbook, boards, tables, pairs)
    _write_scores(scores, book, paper)
    _write_boards(book.workbook.create_sheet(BOARDS_SHEET), book, paper)
    _write_pairs(book.workbook.create_sheet(PAIRS_SHEET), book, paper)
    for sheet, key in ((BUTLER_RANKING_SHEET, "butler"), (CROSS_RANKING_SHEET, "cross")):
        _write_ranking(book.workbook.create_sheet(sheet), book, key, paper)
    write_imp_sheet(book.workbook.create_sheet(IMP_SHEET), paper)
    define_imp_names(book.workbook)
    return book


# --------------------------------------------------------------------------------------------
# References and sheets


def _scores_block(book: ButlerSessionBook, board: int) -> str:
    """The NS-score cells of one board on the Scores sheet (absolute, no sheet name)."""
    first = book.score_row(board, 1)
    return refs.absolute(SCORES["ns_score"], first, first + book.tables - 1)


def _scores_column(book: ButlerSessionBook, key: str) -> str:
    """A whole data column of the Scores sheet, with the sheet name."""
    last = book.score_row(book.boards, book.tables)
    return refs.on(SCORES_SHEET, refs.absolute(SCORES[key], FIRST_ROW, last))


def _start_sheet(ws: Worksheet, title: str, columns: tuple[Column, ...]) -> None:
    """Title and headings, both printed on every page."""
    layout.start_sheet(ws, title, columns, heading_row=HEADER_ROW, repeat_title=True)


def _finish_sheet(ws: Worksheet, paper: str, last_row: int, columns: tuple[Column, ...]) -> None:
    layout.finish(ws, paper, last_row, len(columns), freeze=f"A{FIRST_ROW}")


# --------------------------------------------------------------------------------------------
# Scores


def _write_scores(ws: Worksheet, book: ButlerSessionBook, paper: str) -> None:
    _start_sheet(ws, f"{TITLE} · {book.boards} boards · {book.tables} tables", SCORES_COLUMNS)
    for board in range(1, book.boards + 1):
        for table in range(1, book.tables + 1):
            row = book.score_row(board, table)
            layout.write_row(ws, row, SCORES_COLUMNS, _score_formulas(book, board, table))
    last = book.score_row(book.boards, book.tables)
    pair_cells = [refs.column_range(SCORES[key], FIRST_ROW, last) for key in ("ns_pair", "ew_pair")]
    validation.whole(ws, pair_cells, 1, book.pairs, "Pair number")
    validation.ns_scores(
        ws,
        refs.column_range(SCORES["ns_score"], FIRST_ROW, last),
        f"NS score must be a multiple of 10 from -{MAX_SCORE} to {MAX_SCORE} "
        "(leave it blank if the board was not played).",
        allow_blank=False,
    )
    # Keep each board's block on one page (the headers repeat on every page).
    sections = [book.tables] * book.boards
    repeated = (ws.row_dimensions[HEADER_ROW].height or HEADER_HEIGHT) + TITLE_HEIGHT
    keep_sections_together(ws, paper, sections, FIRST_ROW, repeated)
    _finish_sheet(ws, paper, last, SCORES_COLUMNS)


def _score_formulas(book: ButlerSessionBook, board: int, table: int) -> dict[str, object]:
    """Board and table numbers and the result formulas of one row of the Scores sheet."""
    row = book.score_row(board, table)
    score, datum, ns_butler, ns_cross = (
        f"{SCORES[key]}{row}" for key in ("ns_score", "datum", "ns_butler", "ns_cross")
    )
    board_row = book.board_row(board)
    board_datum = refs.on(BOARDS_SHEET, refs.absolute(BOARDS["datum"], board_row))
    count = refs.on(BOARDS_SHEET, refs.absolute(BOARDS["count"], board_row))
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
        layout.write_row(ws, book.board_row(board), BOARDS_COLUMNS, _board_formulas(book, board))
    _write_datum_rounding(ws)
    _finish_sheet(ws, paper, book.board_row(book.boards), BOARDS_COLUMNS)


def _write_datum_rounding(ws: Worksheet) -> None:
    """The rule for a datum's exact 5: an input, away (default) or even, with validation."""
    layout.heading(ws[DATUM_ROUNDING_HEADING], "Datum's exact 5 goes")
    ws.column_dimensions[DATUM_ROUNDING.rstrip("0123456789")].width = 14
    layout.put(ws[DATUM_ROUNDING], DATUM_ROUNDINGS[0], "@")
    styles.mark_input(ws, DATUM_ROUNDING)
    validation.rule(
        ws,
        [DATUM_ROUNDING],
        "list",
        None,
        (f'"{",".join(DATUM_ROUNDINGS)}"',),
        "Datum rounding",
        f"The rule must be one of: {', '.join(DATUM_ROUNDINGS)}.",
        allow_blank=False,
    )


def _board_formulas(book: ButlerSessionBook, board: int) -> dict[str, object]:
    """The statistics of one board's scores and its datum (trimmed mean, rounded)."""
    row = book.board_row(board)
    count, dropped, total, highest, lowest, mean = (
        f"{BOARDS[key]}{row}" for key in ("count", "dropped", "total", "highest", "lowest", "mean")
    )
    block = refs.on(SCORES_SHEET, _scores_block(book, board))

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
        "datum": unless_lonely(formulas.round_datum(mean, refs.fixed(DATUM_ROUNDING))),
    }


# --------------------------------------------------------------------------------------------
# Pairs


def _write_pairs(ws: Worksheet, book: ButlerSessionBook, paper: str) -> None:
    _start_sheet(ws, f"{TITLE} · pair totals and places", PAIRS_COLUMNS)
    for pair in range(1, book.pairs + 1):
        values = _pair_formulas(book, pair)
        layout.write_row(ws, book.pair_row(pair), PAIRS_COLUMNS, values, left=layout.name_columns)
    last = book.pair_row(book.pairs)
    validation.text_length(
        ws,
        [refs.column_range(PAIRS["name"], FIRST_ROW, last)],
        NAME_LENGTH,
        "Names",
        f"Names must be at most {NAME_LENGTH} characters.",
        allow_blank=False,
    )
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
        return f'=IF({played}="","",{as_ns}+{as_ew})'

    def rank(key: str) -> str:
        value, others = f"{PAIRS[key]}{row}", refs.absolute(PAIRS[key], FIRST_ROW, last)
        return f'=IF({value}="","",1+{formulas.count_above(value, others)})'

    boards = (
        f'COUNTIFS({ns_pairs},{number},{scores},"<>")+COUNTIFS({ew_pairs},{number},{scores},"<>")'
    )
    return {
        "pair": pair,
        "played": f'=IF({boards}=0,"",{boards})',
        "butler": total("ns_butler", "ew_butler"),
        "butler_rank": rank("butler"),
        "cross": total("ns_cross", "ew_cross"),
        "cross_rank": rank("cross"),
    }


# --------------------------------------------------------------------------------------------
# Rankings


def _write_ranking(ws: Worksheet, book: ButlerSessionBook, key: str, paper: str) -> None:
    """The Pairs sheet sorted by Butler IMPs (``key`` butler) or by cross-IMPs (cross)."""
    by_key = {column.key: column for column in PAIRS_COLUMNS}
    shown = [
        ranking.Shown(by_key["pair"], PAIRS["pair"]),
        ranking.Shown(by_key["name"], PAIRS["name"], text=True),
        ranking.Shown(by_key["played"], PAIRS["played"]),
        ranking.Shown(by_key[key], PAIRS[key]),
    ]
    source = ranking.Source(PAIRS_SHEET, FIRST_ROW, book.pair_row(book.pairs), PAIRS[f"{key}_rank"])
    what = "Butler IMPs" if key == "butler" else "cross-IMPs"
    ranking.write_ranking(
        ws,
        f"{TITLE} · ranking by {what}",
        source,
        shown,
        paper,
        note=f'Pairs equal on {what} share a place, marked "=". A pair that has played no '
        "board is not listed.",
    )
