"""The Boards, Pairs and Ranking sheets of the pairs session: per board, per pair and the
sorted lists."""

from __future__ import annotations

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.kit import contract_formulas as cf
from xlbridge.workbooks.kit import layout, refs, styles, validation
from xlbridge.workbooks.kit.printing import ROW_HEIGHT
from xlbridge.workbooks.pairs_session.book import (
    ADJUSTED,
    BOARDS,
    BOARDS_COLUMNS,
    E_CELL,
    FIRST_ROW,
    HEADER_ROW,
    NAME_LENGTH,
    NOT_PLAYED_KIND,
    PAIRS,
    PAIRS_COLUMNS,
    PAIRS_FIRST_ROW,
    PAIRS_HEADER_ROW,
    PAIRS_WORKING,
    PERCENT_DECIMALS,
    RANKING,
    RANKING_COLUMNS,
    RANKING_HEADER_ROW,
    RANKING_LISTS,
    RANKING_WORKING,
    RESULT,
    TITLE,
    TOP_CELL,
    TRAVELLER,
    PairsSessionBook,
)
from xlbridge.workbooks.pairs_session.cells import (
    boards_cell,
    pairs_column,
    traveller_column,
    working_headings,
    write_working,
)

# --------------------------------------------------------------------------------------------
# Boards


def write_boards(ws: Worksheet, book: PairsSessionBook, paper: str) -> None:
    columns = BOARDS_COLUMNS
    layout.title(ws, f"{TITLE} · boards", len(columns))
    first, last = FIRST_ROW, book.board_row(book.last_board)
    lines = refs.absolute(BOARDS["lines"], first, last)
    layout.label(ws, "A2", "B2", "E (most lines)")
    layout.put(ws[E_CELL], f"=MAX({lines})", "0")
    layout.label(ws, "D2", "F2", "Top of every board")
    layout.put(ws[TOP_CELL], f'=IF({E_CELL}<2,"",2*({E_CELL}-1))', "0")
    layout.headings(ws, HEADER_ROW, columns)
    boards = traveller_column(book, "board")
    kinds = traveller_column(book, "kind")
    for board in range(book.first_board, book.last_board + 1):
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


def write_pairs(ws: Worksheet, book: PairsSessionBook, paper: str) -> None:
    columns = PAIRS_COLUMNS
    layout.start_sheet(ws, f"{TITLE} · pairs", columns, heading_row=PAIRS_HEADER_ROW)
    working_first = len(columns) + 2
    working_headings(ws, PAIRS_HEADER_ROW, PAIRS_WORKING, working_first)
    for direction, pair, row in book.pair_rows():
        values = _pair_formulas(book, row, "" if book.one_field else direction)
        label = book.pair_label(pair, direction)
        layout.write_row(ws, row, columns, {"pair": label, **values}, left=layout.name_columns)
        write_working(ws, row, PAIRS_WORKING, working_first, values)
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
    column = {key: pairs_column(book, key, sheet=False) for key in PAIRS}
    pair = f"${PAIRS['pair']}{row}"
    line = {key: traveller_column(book, key) for key in TRAVELLER}
    sides = {"NS": ("ns_pair", "ns_mp"), "EW": ("ew_pair", "ew_mp")}
    own = [sides[direction]] if direction else list(sides.values())
    boards = "+".join(f"SUMIFS({line['counts']},{line[key]},{pair})" for key, _ in own)
    mp = "+".join(f"SUMIFS({line[mp_key]},{line[key]},{pair})" for key, mp_key in own)
    as_ns, as_ew = (f"SUMIFS({line['counts']},{line[key]},{pair})" for key, _ in sides.values())
    # A pair that played fewer boards than the most played in its list shows its total
    # factored to that number (its percentage, from the plain sum, is unchanged).
    rows = [r for d, _, r in book.pair_rows() if d == direction or not direction]
    most = f"MAX({refs.absolute(PAIRS['boards'], min(rows), max(rows))})"
    factored = f"IF({c['boards']}<{most},ROUND(({mp})*{most}/{c['boards']},2),{mp})"
    top = boards_cell(TOP_CELL)
    same_list = f"({column['group']}={c['group']})*ISNUMBER({column['key']})"
    group = f'"{direction}"' if direction else '"all"'
    unless_unscored = f'IF({c["key"]}="","",'
    sat = f'=IF({as_ns}>0,IF({as_ew}>0,"NS+EW","NS"),IF({as_ew}>0,"EW",""))'
    return {
        "sat": direction or sat,
        "boards": f'=IF({boards}=0,"",{boards})',
        "mp": f'=IF({c["boards"]}="","",{factored})',
        "top": f'=IF({c["boards"]}="","",{c["boards"]}*{top})',
        "percent": f'=IF({c["boards"]}="","",({mp})/{c["top"]}*100)',
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


def write_ranking(ws: Worksheet, book: PairsSessionBook, paper: str) -> None:
    columns = RANKING_COLUMNS
    title = f"{TITLE} · ranking" + (" · two winners" if book.ranked_as == "mitchell" else "")
    layout.start_sheet(ws, title, columns, heading_row=RANKING_HEADER_ROW, repeat_title=True)
    working_first = len(columns) + 2
    working_headings(ws, RANKING_HEADER_ROW, RANKING_WORKING, working_first)
    lists = RANKING_LISTS[book.ranked_as]
    last = RANKING_HEADER_ROW
    for (label, order_key), rows in zip(lists, book.ranking_rows().values(), strict=True):
        if label:
            _band(ws, rows[0] - 1, label)
        for position, row in enumerate(rows, start=1):
            values = _ranking_formulas(book, row, position, order_key)
            layout.write_row(ws, row, columns, values, left=layout.name_columns)
            write_working(ws, row, RANKING_WORKING, working_first, values)
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
    ws.row_dimensions[row].height = ROW_HEIGHT + 4


def _ranking_formulas(
    book: PairsSessionBook, row: int, position: int, order_key: str
) -> dict[str, object]:
    found = f"{RANKING['row']}{row}"
    values: dict[str, object] = {
        "row": f'=IFERROR(MATCH({position},{pairs_column(book, order_key)},0),"")'
    }
    for key in ("place", "pair", "name", "boards", "mp", "top", "percent"):
        text = '&""' if key == "name" else ""
        values[key] = f'=IF({found}="","",INDEX({pairs_column(book, key)},{found}){text})'
    return values
