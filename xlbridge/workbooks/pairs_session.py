"""A matchpointed pairs session: type the travellers, read scores, matchpoints and a ranking.

For scorers who stay in the spreadsheet: every number follows by formulas in the Excel 2010
function set, no Python needed. Sheets (title in row 1, headings frozen and printed on every
page, inputs unlocked and tinted, everything else locked behind sheet protection without a
password):

Pair numbers: a Howell numbers its pairs 1 to N; a Mitchell numbers each direction from 1 to
the number of tables T (NS 3 and EW 3 are two pairs), as club travellers do.

- **Traveller** — one row per traveller line, in any order, room for every time a board can
  be played (boards × pairs ÷ 2). The scorer types the board, the NS and EW pair numbers and
  then either a contract (``4S``, ``4♠``, ``3NT``, ``3N``, ``4HX``, ``4H*``, ``2DXX``,
  ``PASS``) with the declarer (N, E, S, W) and the tricks declarer took (0–13), or an NS
  score, or an artificial adjusted score (Law 12C2: ``A60/40``, ``A6040``, ``A+/A-``,
  ``A=/A=``, ``A-/A-`` …; + is 60 %, = 50 %, - 40 % of the top), or ``NP`` (not played).
  A contract typed together with a score must agree with it. The row shows the board's
  vulnerability, the NS score of the contract (Law 77), both sides' matchpoints and a Check
  cell: "ok", "not played", or what is wrong — a board or pair number out of range, the same
  pair on both sides (Howell), a pair on two lines of one board, a contract that cannot be
  read, a declarer that is not N/E/S/W, tricks outside 0–13, a score that is not a multiple
  of 10 or does not match the contract, an error value in a cell, a lone result on a board
  (nothing to compare it with). Such a row scores nothing.
- **Boards** — per board: dealer, vulnerability, results, adjusted scores, lines not played
  and the lines that count; above them E, the lines of the most-played board, and the top
  2(E − 1) every board is scored to.
- **Pairs** — per pair (a Mitchell's NS pairs, then its EW pairs): names (input), where the
  pair sat, boards, matchpoints, top, percentage and place (``3=`` for a tie; ties are
  equal percentages to two decimals).
- **Ranking** — the pairs sorted by percentage (equal ones by pair number), one list for a
  Howell, a North-South and an East-West list for a Mitchell; rows of pairs not yet scored
  stay blank.

Matchpoints (2 per win): a board's results are matchpointed among themselves,
MP = 2·(results below) + (results equal, itself included) − 1, then factored by Neuberg to E,
MP' = (MP + 1)·E/A − 1, so every board has the same top 2(E − 1); an adjusted score is not
part of the field and gets its share of that top; EW's matchpoints are the top less NS's. A
pair's percentage is its total over the tops of the boards it has a scored line on.

Techniques: the contract is read and scored in hidden working columns
(:mod:`xlbridge.workbooks.kit.contract_formulas`); matchpoints are COUNTIFS over the traveller
column of the lines that count; pair totals are SUMIFS; a pair's place is 1 + the pairs of its
list with a higher percentage (SUMPRODUCT), its position that plus the equal ones with a lower
number, and the Ranking sheet finds position k with MATCH.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring import checks
from xlbridge.workbooks.kit import contract_formulas as cf
from xlbridge.workbooks.kit import layout, refs, styles, validation
from xlbridge.workbooks.kit.formulas import first_problem
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import PAPER_SIZES

TRAVELLER_SHEET = "Traveller"
BOARDS_SHEET = "Boards"
PAIRS_SHEET = "Pairs"
RANKING_SHEET = "Ranking"
TITLE = "Pairs session"
MOVEMENTS = ("mitchell", "howell")
OK = "ok"
NOT_PLAYED = "not played"
#: What a line is, in the hidden ``kind`` column: a result, an adjusted score, not played.
RESULT, ADJUSTED, NOT_PLAYED_KIND = "R", "A", "N"
MIN_PAIRS, MAX_PAIRS = 4, 100
MAX_BOARDS = 64
NAME_LENGTH = 60
MAX_SCORE = validation.MAX_NS_SCORE
#: Percentages are shown, compared and ranked to this many decimals.
PERCENT_DECIMALS = 2
FONT_NAME = styles.FONT_NAME
MIN_FONT_SIZE = 9

TITLE_ROW = 1
NOTE_ROW = 2  # Traveller: how to type a line; Boards: E and the top
HEADER_ROW = 3  # Traveller and Boards
FIRST_ROW = 4  # Traveller and Boards
PAIRS_HEADER_ROW, PAIRS_FIRST_ROW = 2, 3
RANKING_HEADER_ROW = 2

TRAVELLER_COLUMNS = (
    Column("line", "Line", 5),
    # Number inputs in General: TRUE typed there stays TRUE (not 1) in LibreOffice too.
    Column("board", "Board", 6, "General", True),
    Column("ns_pair", "NS pair", 6, "General", True),
    Column("ew_pair", "EW pair", 6, "General", True),
    Column("contract", "Contract", 9, "@", True),
    Column("by", "By", 5, "@", True),
    Column("tricks", "Tricks", 6, "General", True),
    Column("entered", "Score or adjusted", 10, "General", True),
    Column("vul", "Vul", 6, "General"),
    Column("ns_score", "NS score", 8),
    Column("ns_mp", "NS MPs", 8, "0.00"),
    Column("ew_mp", "EW MPs", 8, "0.00"),
    Column("check", "Check", 46, "General"),
)
#: Hidden working columns of the Traveller, after a blank column.
TRAVELLER_WORKING = (
    Column("contract_text", "contract folded", 9, "General"),
    Column("passed", "passed out", 6),
    Column("level", "level", 6),
    Column("strain", "strain", 6),
    Column("doubling", "doubling", 6),
    Column("declarer", "declarer", 6, "General"),
    Column("vul_code", "vul code", 6, "General"),
    Column("declarer_vul", "declarer vul", 6),
    Column("contract_score", "contract NS score", 8),
    Column("score_text", "score text", 9, "General"),
    Column("ns_part", "NS part", 6, "General"),
    Column("ew_part", "EW part", 6, "General"),
    Column("ns_share", "NS %", 6),
    Column("ew_share", "EW %", 6),
    Column("problem", "problem", 20, "General"),
    Column("kind", "kind", 5, "General"),
    Column("score", "score", 8),
    Column("results", "results on board", 6),
    Column("adjusted", "adjusted on board", 6),
    Column("counts", "counts", 6),
)
BOARDS_COLUMNS = (
    Column("board", "Board", 6),
    Column("dealer", "Dealer", 6, "General"),
    Column("vul", "Vul", 6, "General"),
    Column("results", "Results", 8),
    Column("adjusted", "Adjusted scores", 9),
    Column("not_played", "Not played", 8),
    Column("lines", "Lines scored", 8),
)
PAIRS_COLUMNS = (
    Column("pair", "Pair", 6),
    Column("name", "Names", 42, "@", True),
    Column("sat", "Sat", 7, "General"),
    Column("boards", "Boards", 7),
    Column("mp", "MPs", 9, "0.00"),
    Column("top", "Top", 8, "0"),
    Column("percent", "%", 8, "0.00"),
    Column("place", "Place", 7, "General"),
)
PAIRS_WORKING = (
    Column("key", "% to rank", 8, "0.00"),
    Column("group", "list", 5, "General"),
    Column("rank", "place number", 6),
    Column("equal", "equal", 6),
    Column("order", "position", 6),
    Column("ns_order", "NS position", 6),
    Column("ew_order", "EW position", 6),
)
RANKING_COLUMNS = (
    Column("place", "Place", 7, "General"),
    Column("pair", "Pair", 6),
    Column("name", "Names", 42, "General"),
    Column("boards", "Boards", 7),
    Column("mp", "MPs", 9, "0.00"),
    Column("top", "Top", 8, "0"),
    Column("percent", "%", 8, "0.00"),
)
RANKING_WORKING = (Column("row", "Pairs row", 6),)

#: Column letters by key, for the builder and for tests: ``TRAVELLER["contract"]`` is "E".
TRAVELLER = {
    **layout.letters(TRAVELLER_COLUMNS),
    **layout.letters(TRAVELLER_WORKING, len(TRAVELLER_COLUMNS) + 2),
}
BOARDS = layout.letters(BOARDS_COLUMNS)
PAIRS = {
    **layout.letters(PAIRS_COLUMNS),
    **layout.letters(PAIRS_WORKING, len(PAIRS_COLUMNS) + 2),
}
RANKING = {
    **layout.letters(RANKING_COLUMNS),
    **layout.letters(RANKING_WORKING, len(RANKING_COLUMNS) + 2),
}
TRAVELLER_INPUTS = tuple(column.key for column in TRAVELLER_COLUMNS if column.is_input)
#: Cells above the Boards headings: E and the top.
E_CELL, TOP_CELL = "C2", "G2"
#: Lists on the Ranking sheet by movement: (label, the Pairs column of positions).
RANKING_LISTS = {
    "howell": (("", "order"),),
    "mitchell": (("North-South", "ns_order"), ("East-West", "ew_order")),
}
HOW_TO_TYPE = (
    "One row per traveller line, in any order: board, NS and EW pair numbers ({numbers}), "
    "then a contract "
    "(4S, 4♠, 3NT, 4HX, 2DXX, PASS) with By (N, E, S or W) and the Tricks declarer took "
    "(0–13); or an NS score; or an adjusted score (A60/40, A+/A-, A=/A=) or NP in "
    "“Score or adjusted”. A row whose Check is not ok scores nothing."
)


@dataclass(frozen=True)
class PairsSessionBook:
    """The workbook and where its cells are (columns: ``TRAVELLER``, ``BOARDS``, ``PAIRS``,
    ``RANKING``)."""

    workbook: Workbook
    pairs: int
    boards: int
    movement: str

    @property
    def lines(self) -> int:
        """Rows of the Traveller: every time a board can be played."""
        return self.boards * (self.pairs // 2)

    @property
    def tables(self) -> int:
        """Tables of the movement (a Mitchell list has room for one pair per table)."""
        return (self.pairs + 1) // 2

    def line_row(self, line: int) -> int:
        """Row of traveller line ``line`` (from 1)."""
        return FIRST_ROW + line - 1

    def board_row(self, board: int) -> int:
        return FIRST_ROW + board - 1

    @property
    def numbers(self) -> int:
        """The highest pair number: pairs are numbered 1 to N in a Howell; in a Mitchell each
        direction is numbered 1 to the number of tables."""
        return self.tables if self.is_mitchell else self.pairs

    def pair_row(self, pair: int, direction: str = "") -> int:
        """Row of a pair on the Pairs sheet: its number in a Howell, its direction (NS or EW)
        and number in a Mitchell."""
        offset = self.tables if direction == "EW" else 0
        return PAIRS_FIRST_ROW + offset + pair - 1

    def pair_rows(self) -> list[tuple[str, int, int]]:
        """(direction, number, row) of every row of the Pairs sheet (direction "" in a
        Howell)."""
        directions = ("NS", "EW") if self.is_mitchell else ("",)
        return [
            (direction, pair, self.pair_row(pair, direction))
            for direction in directions
            for pair in range(1, self.numbers + 1)
        ]

    def ranking_rows(self) -> dict[str, list[int]]:
        """Rows of each list on the Ranking sheet (key "" for a Howell, else "NS" and "EW"),
        position 1 first."""
        if self.movement == "howell":
            first = RANKING_HEADER_ROW + 1
            return {"": list(range(first, first + self.pairs))}
        ns_first = RANKING_HEADER_ROW + 2
        ew_first = ns_first + self.tables + 1
        return {
            "NS": list(range(ns_first, ns_first + self.tables)),
            "EW": list(range(ew_first, ew_first + self.tables)),
        }

    @property
    def is_mitchell(self) -> bool:
        return self.movement == "mitchell"


def build_pairs_session(
    *, pairs: int = 20, boards: int = 24, movement: str = "mitchell", paper: str = "a4"
) -> PairsSessionBook:
    """A matchpointed pairs session for up to ``pairs`` pairs and ``boards`` boards.

    ``movement`` mitchell (two winners: NS and EW ranked apart, each direction's pairs
    numbered from 1 to the number of tables, ``pairs`` ÷ 2 rounded up) or howell (one winner,
    pairs numbered 1 to ``pairs``); ``paper`` a4 or letter.
    """
    pairs = checks.whole_number("pairs", pairs, MIN_PAIRS, MAX_PAIRS)
    boards = checks.whole_number("boards", boards, 1, MAX_BOARDS)
    movement = checks.choice("movement", movement, MOVEMENTS)
    paper = checks.choice("paper", paper, PAPER_SIZES)
    workbook, traveller = layout.new_workbook(TRAVELLER_SHEET)
    book = PairsSessionBook(workbook, pairs, boards, movement)
    _write_traveller(traveller, book, paper)
    _write_boards(workbook.create_sheet(BOARDS_SHEET), book, paper)
    _write_pairs(workbook.create_sheet(PAIRS_SHEET), book, paper)
    _write_ranking(workbook.create_sheet(RANKING_SHEET), book, paper)
    workbook.active = workbook.worksheets.index(traveller)
    for sheet in workbook.worksheets:
        _use_font(sheet)
    return book


# --------------------------------------------------------------------------------------------
# Shared pieces


def _use_font(ws: Worksheet) -> None:
    """Every styled cell in :data:`FONT_NAME`, at least :data:`MIN_FONT_SIZE` points."""
    for row in ws.iter_rows():
        for cell in row:
            font = cell.font
            size = max(float(font.sz or MIN_FONT_SIZE), MIN_FONT_SIZE)
            cell.font = Font(name=FONT_NAME, sz=size, b=font.b, i=font.i, color=font.color)


def _column(sheet: str | None, letter: str, first: int, last: int) -> str:
    ref = refs.absolute(letter, first, last)
    return ref if sheet is None else refs.on(sheet, ref)


def _traveller_column(book: PairsSessionBook, key: str, *, sheet: bool = True) -> str:
    last = book.line_row(book.lines)
    return _column(TRAVELLER_SHEET if sheet else None, TRAVELLER[key], FIRST_ROW, last)


def _pairs_column(book: PairsSessionBook, key: str, *, sheet: bool = True) -> str:
    last = book.pair_rows()[-1][2]
    return _column(PAIRS_SHEET if sheet else None, PAIRS[key], PAIRS_FIRST_ROW, last)


def _write_working(
    ws: Worksheet, row: int, columns: Sequence[Column], first: int, values: dict[str, object]
) -> None:
    """Working cells of one row: grey on grey, locked."""
    layout.write_row(ws, row, columns, values, first=first)
    for i in range(first, first + len(columns)):
        cell = ws.cell(row, i)
        cell.font, cell.fill = styles.GREY_FONT, styles.WORKING_FILL


def _working_headings(ws: Worksheet, row: int, columns: Sequence[Column], first: int) -> None:
    """Headings of the working columns, hidden as a group."""
    layout.headings(ws, row, columns, first=first, height=None)
    for i in range(first, first + len(columns)):
        ws.cell(row, i).font = styles.GREY_FONT
    letters = layout.letters(columns, first)
    ws.column_dimensions.group(
        letters[columns[0].key], letters[columns[-1].key], hidden=True, outline_level=1
    )


def _whole(cell: str, low: int, high: int) -> str:
    """TRUE when ``cell`` holds a whole number from ``low`` to ``high`` (FALSE for text)."""
    return f"IF({_number(cell)},AND({cell}=INT({cell}),{cell}>={low},{cell}<={high}),FALSE)"


def _number(cell: str) -> str:
    """TRUE when ``cell`` holds a number, not TRUE or FALSE (which LibreOffice counts as one)."""
    return f"IF(ISLOGICAL({cell}),FALSE,ISNUMBER({cell}))"


def _blank(cell: str) -> str:
    return f'LEN({cell}&"")=0'


# --------------------------------------------------------------------------------------------
# Traveller


def _write_traveller(ws: Worksheet, book: PairsSessionBook, paper: str) -> None:
    columns = TRAVELLER_COLUMNS
    layout.title(ws, _title(book), len(columns))
    layout.headings(ws, HEADER_ROW, columns)  # first: the note below wraps in these widths
    layout.merged_text(
        ws, refs.span(NOTE_ROW, 1, len(columns)), _how_to_type(book), height=3 * layout.ROW_HEIGHT
    )
    working_first = len(columns) + 2
    _working_headings(ws, HEADER_ROW, TRAVELLER_WORKING, working_first)
    first, last = FIRST_ROW, book.line_row(book.lines)
    for line in range(1, book.lines + 1):
        row = book.line_row(line)
        values = _line_formulas(book, row)
        layout.write_row(ws, row, columns, {"line": line, **values}, left=_check_left)
        _write_working(ws, row, TRAVELLER_WORKING, working_first, values)
    _validate_traveller(ws, book, first, last)
    styles.shade_problems(ws, TRAVELLER["check"], first, last, ("", OK, NOT_PLAYED))
    ws.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
    layout.finish(ws, paper, last, len(columns), freeze=f"A{first}")
    ws.page_setup.orientation = "landscape"  # 13 columns and the Check read across


def _title(book: PairsSessionBook) -> str:
    if book.is_mitchell:
        size = f"{book.tables} tables, NS and EW pairs numbered 1-{book.tables}"
    else:
        size = f"up to {book.pairs} pairs"
    return f"{TITLE} · {book.movement.title()} · {size} · {book.boards} boards"


def _how_to_type(book: PairsSessionBook) -> str:
    numbers = "each direction 1" if book.is_mitchell else "1"
    return HOW_TO_TYPE.format(numbers=f"{numbers}-{book.numbers}")


def _check_left(column: Column) -> bool:
    return column.key == "check"


def _validate_traveller(ws: Worksheet, book: PairsSessionBook, first: int, last: int) -> None:
    def cells(*keys: str) -> list[str]:
        return [refs.column_range(TRAVELLER[key], first, last) for key in keys]

    validation.whole(ws, cells("board"), 1, book.boards, "Board")
    validation.whole(ws, cells("ns_pair", "ew_pair"), 1, book.numbers, "Pair number")
    validation.whole(ws, cells("tricks"), 0, 13, "Tricks")
    validation.rule(
        ws,
        cells("by"),
        "list",
        None,
        ('"N,E,S,W"',),
        "By",
        "By is the declarer: N, E, S or W.",
    )
    validation.text_length(
        ws,
        cells("contract"),
        12,
        "Contract",
        "Type a contract such as 4S, 3NT, 4HX, 2DXX or PASS.",
    )
    top = f"{TRAVELLER['entered']}{first}"
    score_rule = (
        f"IF(ISTEXT({top}),LEN({top})<=12,"
        f"IF(ISNUMBER({top}),AND(MOD({top},10)=0,ABS({top})<={MAX_SCORE}),FALSE))"
    )
    validation.rule(
        ws,
        cells("entered"),
        "custom",
        None,
        (score_rule,),
        "Score or adjusted",
        f"Type an NS score (a multiple of 10 from -{MAX_SCORE} to {MAX_SCORE}), an adjusted "
        "score (A60/40, A+/A-, A=/A=) or NP.",
    )


def _line_formulas(book: PairsSessionBook, row: int) -> dict[str, object]:
    """Every formula of one traveller row, visible and working, by column key."""
    c = {key: f"{letter}{row}" for key, letter in TRAVELLER.items()}
    column = {key: _traveller_column(book, key, sheet=False) for key in TRAVELLER}
    board, e_cell, top = c["board"], _boards_cell(E_CELL), _boards_cell(TOP_CELL)
    board_ok = _whole(board, 1, book.boards)
    on_board = f"{column['board']},{board}"
    counts_on_board = f"COUNTIFS({on_board},{column['kind']}"
    by = cf.normalised(c["by"])
    score = cf.declarer_score(
        c["level"], c["strain"], c["doubling"], c["tricks"], c["declarer_vul"]
    )
    contract_ok = (
        f"AND({c['passed']}=0,{c['level']}>0,{c['strain']}>0,{c['doubling']}>0,"
        f'{c["declarer"]}<>"",{_whole(c["tricks"], 0, 13)})'
    )
    below = f'{counts_on_board},"{RESULT}",{column["score"]},"<"&{c["score"]})'
    equal = f'{counts_on_board},"{RESULT}",{column["score"]},{c["score"]})'
    ns_mp = f"(2*{below}+{equal})*{e_cell}/{c['results']}-1"
    scored = f"{c['counts']}<>1"
    return {
        "contract_text": "=" + cf.contract_text(c["contract"]),
        "passed": "=" + cf.passed_out(c["contract_text"]),
        "level": "=" + cf.contract_level(c["contract_text"]),
        "strain": "=" + cf.contract_strain(c["contract_text"]),
        "doubling": "=" + cf.contract_doubling(c["contract_text"]),
        "declarer": f'=IF(LEN({by})<>1,"",IF(ISNUMBER(FIND({by},"NESW")),{by},""))',
        "vul_code": f'=IF({board_ok},{cf.vulnerability_code(board)},"")',
        "declarer_vul": f'=IF(OR({c["vul_code"]}="",{c["declarer"]}=""),0,'
        f"{cf.declarer_vulnerable(c['vul_code'], c['declarer'])})",
        "contract_score": f"=IF({c['passed']}=1,0,IF({contract_ok},"
        f'{cf.ns_sign(c["declarer"])}*{score},""))',
        "score_text": "=" + cf.score_text(c["entered"]),
        "ns_part": "=" + cf.adjusted_part(c["score_text"], "ns"),
        "ew_part": "=" + cf.adjusted_part(c["score_text"], "ew"),
        "ns_share": "=" + cf.adjusted_share(c["ns_part"]),
        "ew_share": "=" + cf.adjusted_share(c["ew_part"]),
        "problem": "=" + _problem(book, c, column),
        "kind": f'=IF({c["problem"]}<>"","",IF({_all_blank(c)},"",'
        f'IF({c["score_text"]}="NP","{NOT_PLAYED_KIND}",'
        f'IF(LEFT({c["score_text"]},1)="A","{ADJUSTED}","{RESULT}"))))',
        "score": f'=IF({c["kind"]}<>"{RESULT}","",'
        f"IF({_blank(c['contract'])},{c['entered']},{c['contract_score']}))",
        "results": f'=IF({c["kind"]}="","",{counts_on_board},"{RESULT}"))',
        "adjusted": f'=IF({c["kind"]}="","",{counts_on_board},"{ADJUSTED}"))',
        "counts": f'=IF({e_cell}<2,0,IF({c["kind"]}="{ADJUSTED}",1,'
        f'IF(AND({c["kind"]}="{RESULT}",OR({c["results"]}>=2,{c["adjusted"]}>=1)),1,0)))',
        "vul": f'=IF({c["vul_code"]}="","",{cf.vulnerability_name(c["vul_code"])})',
        "ns_score": f'=IF({c["kind"]}="{RESULT}",{c["score"]},"")',
        "ns_mp": f'=IF({scored},"",IF({c["kind"]}="{ADJUSTED}",{c["ns_share"]}/100*{top},{ns_mp}))',
        "ew_mp": f'=IF({scored},"",IF({c["kind"]}="{ADJUSTED}",{c["ew_share"]}/100*{top},'
        f"{top}-{c['ns_mp']}))",
        "check": f'=IF({c["problem"]}<>"",{c["problem"]},IF({c["kind"]}="","",'
        f'IF({c["kind"]}="{NOT_PLAYED_KIND}","{NOT_PLAYED}",'
        f'IF(AND({c["kind"]}="{RESULT}",{c["results"]}<2,{c["adjusted"]}=0),'
        f'"Only result on board "&{board}&": nothing to compare it with","{OK}"))))',
    }


def _all_blank(c: dict[str, str]) -> str:
    return "AND(" + ",".join(_blank(c[key]) for key in TRAVELLER_INPUTS) + ")"


def _problem(book: PairsSessionBook, c: dict[str, str], column: dict[str, str]) -> str:
    """The first thing wrong with a traveller row, "" when nothing is (or the row is blank)."""
    board, ns, ew = c["board"], c["ns_pair"], c["ew_pair"]
    contract, by, tricks, entered = c["contract"], c["by"], c["tricks"], c["entered"]
    text = c["score_text"]
    no_play = f"AND({_blank(contract)},{_blank(by)},{_blank(tricks)})"
    errors = "OR(" + ",".join(f"ISERROR({c[key]})" for key in TRAVELLER_INPUTS) + ")"
    checks: list[tuple[str, str]] = [
        (errors, '"A cell of this line holds an error value"'),
        (_all_blank(c), '""'),
        (_blank(board), '"Board is blank"'),
        (
            f"NOT({_whole(board, 1, book.boards)})",
            f'"Board must be a whole number from 1 to {book.boards}"',
        ),
    ]
    for key, side in (("ns_pair", "NS"), ("ew_pair", "EW")):
        checks += [
            (_blank(c[key]), f'"{side} pair is blank"'),
            (
                f"NOT({_whole(c[key], 1, book.numbers)})",
                f'"{side} pair must be a whole number from 1 to {book.numbers}"',
            ),
        ]
    if not book.is_mitchell:
        checks.append((f"{ns}={ew}", '"NS and EW are the same pair"'))
    for pair, key, side in ((ns, "ns_pair", "NS"), (ew, "ew_pair", "EW")):
        # In a Mitchell NS 3 and EW 3 are two pairs; in a Howell pair 3 is one, either way.
        keys = (key,) if book.is_mitchell else ("ns_pair", "ew_pair")
        twice = "+".join(f"COUNTIFS({column['board']},{board},{column[k]},{pair})" for k in keys)
        name = f"{side} pair " if book.is_mitchell else "Pair "
        checks.append((f"{twice}>1", f'"{name}"&{pair}&" has another line on board "&{board}'))
    checks += [
        (
            f"AND({_blank(entered)},{_blank(contract)},{no_play})",
            '"No result yet: type a contract, a score, an adjusted score or NP"',
        ),
        (f'AND({text}="NP",NOT({no_play}))', '"NP takes no contract, By or Tricks"'),
        (
            f'AND(LEFT({text},1)="A",OR({c["ns_share"]}="",{c["ew_share"]}=""))',
            '"Adjusted score not understood: type A60/40, A+/A-, A=/A= or NP"',
        ),
        (
            f'AND(LEFT({text},1)="A",NOT({no_play}))',
            '"An adjusted score takes no contract, By or Tricks"',
        ),
        (
            f'AND(NOT({_blank(entered)}),NOT({_number(entered)}),{text}<>"NP",LEFT({text},1)<>"A")',
            '"Score must be a number, an adjusted score (A60/40, A+/A-) or NP"',
        ),
        (
            f"IF({_number(entered)},OR(MOD({entered},10)<>0,ABS({entered})>{MAX_SCORE}),FALSE)",
            f'"Score must be a multiple of 10 from -{MAX_SCORE} to {MAX_SCORE}"',
        ),
        (f"AND({_blank(contract)},NOT({no_play}))", '"Contract is blank (By and Tricks need one)"'),
        (
            f"AND({c['passed']}=1,OR(NOT({_blank(by)}),NOT({_blank(tricks)})))",
            '"A passed-out board takes no By or Tricks"',
        ),
        (
            f"AND(NOT({_blank(contract)}),{c['passed']}=0,"
            f"OR({c['level']}=0,{c['strain']}=0,{c['doubling']}=0))",
            '"Contract not understood: type e.g. 4S, 3NT, 4HX, 2DXX or PASS"',
        ),
        (f"AND(NOT({_blank(contract)}),{c['passed']}=0,{_blank(by)})", '"By is blank"'),
        (
            f'AND(NOT({_blank(contract)}),{c["passed"]}=0,{c["declarer"]}="")',
            '"By must be N, E, S or W"',
        ),
        (f"AND(NOT({_blank(contract)}),{c['passed']}=0,{_blank(tricks)})", '"Tricks is blank"'),
        (
            f"AND(NOT({_blank(contract)}),{c['passed']}=0,NOT({_whole(tricks, 0, 13)}))",
            '"Tricks must be a whole number from 0 to 13 (tricks taken)"',
        ),
        (
            f"AND(NOT({_blank(contract)}),{_number(entered)},{entered}<>{c['contract_score']})",
            f'"Contract scores "&{c["contract_score"]}&" for NS, not "&{entered}',
        ),
    ]
    return first_problem(checks, '""')


# --------------------------------------------------------------------------------------------
# Boards


def _boards_cell(ref: str) -> str:
    return refs.on(BOARDS_SHEET, refs.fixed(ref))


def _write_boards(ws: Worksheet, book: PairsSessionBook, paper: str) -> None:
    columns = BOARDS_COLUMNS
    layout.title(ws, f"{TITLE} · boards", len(columns))
    first, last = FIRST_ROW, book.board_row(book.boards)
    lines = refs.absolute(BOARDS["lines"], first, last)
    layout.label(ws, "A2", "B2", "E (most lines)")
    layout.put(ws[E_CELL], f"=MAX({lines})", "0")
    layout.label(ws, "D2", "F2", "Top of every board")
    layout.put(ws[TOP_CELL], f'=IF({E_CELL}<2,"",2*({E_CELL}-1))', "0")
    layout.headings(ws, HEADER_ROW, columns)
    boards = _traveller_column(book, "board")
    kinds = _traveller_column(book, "kind")
    for board in range(1, book.boards + 1):
        row = book.board_row(board)
        c = {key: f"{letter}{row}" for key, letter in BOARDS.items()}

        def count(kind: str, c: dict[str, str] = c) -> str:
            return f'=COUNTIFS({boards},{c["board"]},{kinds},"{kind}")'

        values = {
            "board": board,
            "dealer": "=" + cf.dealer(c["board"]),
            "vul": "=" + cf.vulnerability_name(cf.vulnerability_code(c["board"])),
            "results": count(RESULT),
            "adjusted": count(ADJUSTED),
            "not_played": count(NOT_PLAYED_KIND),
            "lines": f"=IF(AND({c['results']}=1,{c['adjusted']}=0),0,"
            f"{c['results']}+{c['adjusted']})",
        }
        layout.write_row(ws, row, columns, values)
    ws.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
    layout.finish(ws, paper, last, len(columns), freeze=f"A{first}")


# --------------------------------------------------------------------------------------------
# Pairs


def _write_pairs(ws: Worksheet, book: PairsSessionBook, paper: str) -> None:
    columns = PAIRS_COLUMNS
    layout.start_sheet(ws, f"{TITLE} · pairs", columns, heading_row=PAIRS_HEADER_ROW)
    working_first = len(columns) + 2
    _working_headings(ws, PAIRS_HEADER_ROW, PAIRS_WORKING, working_first)
    for direction, pair, row in book.pair_rows():
        values = _pair_formulas(book, row, direction)
        layout.write_row(ws, row, columns, {"pair": pair, **values}, left=layout.name_columns)
        _write_working(ws, row, PAIRS_WORKING, working_first, values)
    first, last = PAIRS_FIRST_ROW, book.pair_rows()[-1][2]
    validation.text_length(
        ws,
        [refs.column_range(PAIRS["name"], first, last)],
        NAME_LENGTH,
        "Names",
        f"Names must be at most {NAME_LENGTH} characters.",
    )
    layout.finish(ws, paper, last, len(columns), freeze=f"A{first}")


def _pair_formulas(book: PairsSessionBook, row: int, direction: str) -> dict[str, object]:
    """A pair's totals, percentage and place; ``direction`` NS or EW in a Mitchell (where only
    its lines on that side are its own), "" in a Howell."""
    c = {key: f"{letter}{row}" for key, letter in PAIRS.items()}
    column = {key: _pairs_column(book, key, sheet=False) for key in PAIRS}
    pair = f"${PAIRS['pair']}{row}"
    line = {key: _traveller_column(book, key) for key in TRAVELLER}
    sides = {"NS": ("ns_pair", "ns_mp"), "EW": ("ew_pair", "ew_mp")}
    own = [sides[direction]] if direction else list(sides.values())
    boards = "+".join(f"SUMIFS({line['counts']},{line[key]},{pair})" for key, _ in own)
    mp = "+".join(f"SUMIFS({line[mp_key]},{line[key]},{pair})" for key, mp_key in own)
    as_ns, as_ew = (f"SUMIFS({line['counts']},{line[key]},{pair})" for key, _ in sides.values())
    top = _boards_cell(TOP_CELL)
    same_list = f"({column['group']}={c['group']})*ISNUMBER({column['key']})"
    group = f'"{direction}"' if direction else '"all"'
    unless_unscored = f'IF({c["key"]}="","",'
    sat = f'=IF({as_ns}>0,IF({as_ew}>0,"NS+EW","NS"),IF({as_ew}>0,"EW",""))'
    return {
        "sat": direction or sat,
        "boards": f'=IF({boards}=0,"",{boards})',
        "mp": f'=IF({c["boards"]}="","",{mp})',
        "top": f'=IF({c["boards"]}="","",{c["boards"]}*{top})',
        "percent": f'=IF({c["boards"]}="","",{c["mp"]}/{c["top"]}*100)',
        "key": f'=IF({c["percent"]}="","",ROUND({c["percent"]},{PERCENT_DECIMALS}))',
        "group": f'=IF({c["key"]}="","",{group})',
        "rank": f"={unless_unscored}1+SUMPRODUCT({same_list}*({column['key']}>{c['key']})))",
        "equal": f"={unless_unscored}SUMPRODUCT({same_list}*({column['key']}={c['key']})))",
        "order": f"={unless_unscored}{c['rank']}+SUMPRODUCT({same_list}"
        f"*({column['key']}={c['key']})*({column['pair']}<{pair})))",
        "ns_order": f'=IF({c["group"]}="NS",{c["order"]},"")',
        "ew_order": f'=IF({c["group"]}="EW",{c["order"]},"")',
        "place": f'={unless_unscored}{c["rank"]}&IF({c["equal"]}>1,"=",""))',
    }


# --------------------------------------------------------------------------------------------
# Ranking


def _write_ranking(ws: Worksheet, book: PairsSessionBook, paper: str) -> None:
    columns = RANKING_COLUMNS
    title = f"{TITLE} · ranking" + (" · two winners" if book.is_mitchell else "")
    layout.start_sheet(ws, title, columns, heading_row=RANKING_HEADER_ROW, repeat_title=True)
    working_first = len(columns) + 2
    _working_headings(ws, RANKING_HEADER_ROW, RANKING_WORKING, working_first)
    lists = RANKING_LISTS[book.movement]
    last = RANKING_HEADER_ROW
    for (label, order_key), rows in zip(lists, book.ranking_rows().values(), strict=True):
        if label:
            _band(ws, rows[0] - 1, label)
        for position, row in enumerate(rows, start=1):
            values = _ranking_formulas(book, row, position, order_key)
            layout.write_row(ws, row, columns, values, left=layout.name_columns)
            _write_working(ws, row, RANKING_WORKING, working_first, values)
        last = rows[-1]
    layout.finish(ws, paper, last, len(columns), freeze=f"A{RANKING_HEADER_ROW + 1}")


def _band(ws: Worksheet, row: int, label: str) -> None:
    """The label above a Mitchell list."""
    cell = layout.merged_text(
        ws,
        refs.span(row, 1, len(RANKING_COLUMNS)),
        label,
        font=styles.HEADER_FONT,
        alignment=styles.LEFT,
    )
    cell.fill = styles.HEADER_FILL
    ws.row_dimensions[row].height = layout.ROW_HEIGHT + 4


def _ranking_formulas(
    book: PairsSessionBook, row: int, position: int, order_key: str
) -> dict[str, object]:
    found = f"{RANKING['row']}{row}"
    values: dict[str, object] = {
        "row": f'=IFERROR(MATCH({position},{_pairs_column(book, order_key)},0),"")'
    }
    for key in ("place", "pair", "name", "boards", "mp", "top", "percent"):
        text = '&""' if key == "name" else ""
        values[key] = f'=IF({found}="","",INDEX({_pairs_column(book, key)},{found}){text})'
    return values
