"""The Traveller sheet of the pairs session: one row per traveller line, read, scored and
checked by formulas."""

from __future__ import annotations

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring.contract import IMPOSSIBLE_RESULT, RESULT_PROBLEM
from xlbridge.workbooks.kit import contract_formulas as cf
from xlbridge.workbooks.kit import layout, refs, styles, validation
from xlbridge.workbooks.kit.formulas import first_problem
from xlbridge.workbooks.kit.layout import Column
from xlbridge.workbooks.kit.printing import ROW_HEIGHT
from xlbridge.workbooks.pairs_session.book import (
    ADJUSTED,
    E_CELL,
    FIRST_ROW,
    HEADER_ROW,
    HOW_TO_TYPE,
    HOW_TO_TYPE_PREFILLED,
    MAX_SCORE,
    NOT_PLAYED,
    NOT_PLAYED_KIND,
    NOTE_ROW,
    OK,
    RESULT,
    TITLE,
    TOP_CELL,
    TRAVELLER,
    TRAVELLER_COLUMNS,
    TRAVELLER_INPUTS,
    TRAVELLER_WORKING,
    PairsSessionBook,
)
from xlbridge.workbooks.pairs_session.cells import (
    boards_cell,
    is_blank,
    is_number,
    is_whole,
    pairs_column,
    traveller_column,
    working_headings,
    write_working,
)

# --------------------------------------------------------------------------------------------
# Traveller


def write_traveller(ws: Worksheet, book: PairsSessionBook, paper: str) -> None:
    columns = TRAVELLER_COLUMNS
    layout.title(ws, _title(book), len(columns))
    layout.headings(ws, HEADER_ROW, columns)  # first: the note below wraps in these widths
    layout.merged_text(
        ws, refs.span(NOTE_ROW, 1, len(columns)), _how_to_type(book), height=3 * ROW_HEIGHT
    )
    working_first = len(columns) + 2
    working_headings(ws, HEADER_ROW, TRAVELLER_WORKING, working_first)
    first, last = FIRST_ROW, book.line_row(book.lines)
    typed = _movement_lines(book)
    for line in range(1, book.lines + 1):
        row = book.line_row(line)
        values = _line_formulas(book, row)
        given = typed[line - 1] if typed else {}
        layout.write_row(ws, row, columns, {"line": line, **values, **given}, left=_check_left)
        write_working(ws, row, TRAVELLER_WORKING, working_first, values)
    if not typed:
        for key in ("round", "table"):
            ws.column_dimensions[TRAVELLER[key]].hidden = True
    _validate_traveller(ws, book, first, last)
    styles.shade_problems(ws, TRAVELLER["check"], first, last, ("", OK, NOT_PLAYED))
    ws.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
    layout.finish(ws, paper, last, len(columns), freeze=f"A{first}")
    ws.page_setup.orientation = "landscape"  # 13 columns and the Check read across


def _movement_lines(book: PairsSessionBook) -> list[dict[str, object]]:
    """The typed cells of every line of the book's movement, in board order (none without
    one)."""
    if book.plan is None:
        return []
    return [
        {
            "board": board,
            "round": s.round,
            "table": s.table,
            "ns_pair": s.ns.label if book.one_field else s.ns.number,
            "ew_pair": s.ew.label if book.one_field else s.ew.number,
        }
        for board, s in book.plan.lines()
    ]


def _title(book: PairsSessionBook) -> str:
    if book.plan is not None:
        return f"{TITLE} · {book.plan.name} · {book.plan.boards} boards"
    if book.is_mitchell:
        size = f"{book.tables} tables, NS and EW pairs numbered 1-{book.tables}"
    else:
        size = f"up to {book.pairs} pairs"
    return f"{TITLE} · {book.movement.title()} · {size} · {book.boards} boards"


def _how_to_type(book: PairsSessionBook) -> str:
    if book.plan is not None:
        return HOW_TO_TYPE_PREFILLED.format(movement=book.plan.name)
    numbers = "each direction 1" if book.is_mitchell else "1"
    return HOW_TO_TYPE.format(numbers=f"{numbers}-{book.numbers}")


def _check_left(column: Column) -> bool:
    return column.key == "check"


def _validate_traveller(ws: Worksheet, book: PairsSessionBook, first: int, last: int) -> None:
    def cells(*keys: str) -> list[str]:
        return [refs.column_range(TRAVELLER[key], first, last) for key in keys]

    validation.whole(ws, cells("board"), book.first_board, book.last_board, "Board")
    if book.one_field:
        labels = ",".join(str(book.pair_label(p, d)) for d, p, _ in book.pair_rows())
        error = f"Pair must be one of {_pair_range(book)}."
        validation.rule(
            ws, cells("ns_pair", "ew_pair"), "list", None, (f'"{labels}"',), "Pair", error
        )
    else:
        validation.whole(ws, cells("ns_pair", "ew_pair"), 1, book.numbers, "Pair number")
    result = cf.score_text(f"{TRAVELLER['tricks']}{first}")
    validation.rule(
        ws,
        cells("tricks"),
        "custom",
        None,
        (f'OR({result}="=",IFERROR(ABS(VALUE(SUBSTITUTE({result},"+","")))<=13,FALSE))',),
        "Tricks",
        "Type the result: = (made exactly), +1 (one overtrick), -2 (two down), or the tricks "
        "declarer took (0-13).",
    )
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
    column = {key: traveller_column(book, key, sheet=False) for key in TRAVELLER}
    board, e_cell, top = c["board"], boards_cell(E_CELL), boards_cell(TOP_CELL)
    board_ok = is_whole(board, book.first_board, book.last_board)
    on_board = f"{column['board']},{board}"
    counts_on_board = f"COUNTIFS({on_board},{column['kind']}"
    by = cf.normalised(c["by"])
    score = cf.declarer_score(c["level"], c["strain"], c["doubling"], c["taken"], c["declarer_vul"])
    contract_ok = (
        f"AND({c['passed']}=0,{c['level']}>0,{c['strain']}>0,{c['doubling']}>0,"
        f'{c["declarer"]}<>"",{is_whole(c["taken"], 0, 13)})'
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
        # TRUE is no result (LibreOffice would read it as 1).
        "result_text": f'=IF(ISLOGICAL({c["tricks"]}),"TRUE",{cf.score_text(c["tricks"])})',
        "taken": "=" + cf.tricks_taken(c["result_text"], c["level"]),
        "ns_part": "=" + cf.adjusted_part(c["score_text"], "ns"),
        "ew_part": "=" + cf.adjusted_part(c["score_text"], "ew"),
        "ns_share": "=" + cf.adjusted_share(c["ns_part"]),
        "ew_share": "=" + cf.adjusted_share(c["ew_part"]),
        "problem": "=" + _problem(book, c, column),
        "kind": f'=IF({c["problem"]}<>"","",IF({_all_blank(c)},"",'
        f'IF({c["score_text"]}="NP","{NOT_PLAYED_KIND}",'
        f'IF(LEFT({c["score_text"]},1)="A","{ADJUSTED}","{RESULT}"))))',
        "score": f'=IF({c["kind"]}<>"{RESULT}","",'
        f"IF({is_blank(c['contract'])},{c['entered']},{c['contract_score']}))",
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
    return "AND(" + ",".join(is_blank(c[key]) for key in TRAVELLER_INPUTS) + ")"


def _problem(book: PairsSessionBook, c: dict[str, str], column: dict[str, str]) -> str:
    """The first thing wrong with a traveller row, "" when nothing is (or the row is blank)."""
    return first_problem(_line_problems(book, c, column) + _result_problems(c), '""')


def _line_problems(
    book: PairsSessionBook, c: dict[str, str], column: dict[str, str]
) -> list[tuple[str, str]]:
    """(condition, message) of what can be wrong with a row's board and pairs, in order."""
    board, ns, ew = c["board"], c["ns_pair"], c["ew_pair"]
    errors = "OR(" + ",".join(f"ISERROR({c[key]})" for key in TRAVELLER_INPUTS) + ")"
    checks: list[tuple[str, str]] = [
        (errors, '"A cell of this line holds an error value"'),
        (_all_blank(c), '""'),
        (is_blank(board), '"Board is blank"'),
        (
            f"NOT({is_whole(board, book.first_board, book.last_board)})",
            f'"Board must be a whole number from {book.first_board} to {book.last_board}"',
        ),
    ]
    for key, side in (("ns_pair", "NS"), ("ew_pair", "EW")):
        listed = f"ISNUMBER(MATCH({c[key]},{pairs_column(book, 'pair')},0))"
        checks += [
            (is_blank(c[key]), f'"{side} pair is blank"'),
            (
                f"NOT({listed if book.one_field else is_whole(c[key], 1, book.numbers)})",
                f'"{side} pair must be '
                + (
                    f"one of {_pair_range(book)}"
                    if book.one_field
                    else f"a whole number from 1 to {book.numbers}"
                )
                + '"',
            ),
        ]
    by_direction = book.is_mitchell and not book.one_field
    if not by_direction:
        checks.append((f"{ns}={ew}", '"NS and EW are the same pair"'))
    for pair, key, side in ((ns, "ns_pair", "NS"), (ew, "ew_pair", "EW")):
        # In a Mitchell NS 3 and EW 3 are two pairs; in a Howell pair 3 is one, either way.
        keys = (key,) if by_direction else ("ns_pair", "ew_pair")
        twice = "+".join(f"COUNTIFS({column['board']},{board},{column[k]},{pair})" for k in keys)
        name = f"{side} pair " if by_direction else "Pair "
        checks.append((f"{twice}>1", f'"{name}"&{pair}&" has another line on board "&{board}'))
    return checks


def _result_problems(c: dict[str, str]) -> list[tuple[str, str]]:
    """(condition, message) of what can be wrong with a row's result, in order."""
    contract, by, tricks, entered = c["contract"], c["by"], c["tricks"], c["entered"]
    text = c["score_text"]
    played = f"NOT({is_blank(contract)}),{c['passed']}=0"
    shown = cf.normalised(contract)
    no_play = f"AND({is_blank(contract)},{is_blank(by)},{is_blank(tricks)})"
    return [
        (
            f"AND({is_blank(entered)},{is_blank(contract)},{no_play})",
            '"No result yet: type a contract, a score, an adjusted score or NP"',
        ),
        (f'AND({text}="NP",NOT({no_play}))', '"NP takes no contract, By or Tricks"'),
        (
            f'AND(LEFT({text},1)="A",OR({c["ns_share"]}="",{c["ew_share"]}=""))',
            '"Adjusted score: 60, 50 or 40 a side (A60/40, A+/A-) or NP"',
        ),
        (
            f'AND(LEFT({text},1)="A",NOT({no_play}))',
            '"An adjusted score takes no contract, By or Tricks"',
        ),
        (
            f'AND(NOT({is_blank(entered)}),NOT({is_number(entered)}),{text}<>"NP",LEFT({text},1)<>"A")',
            '"Score must be a number, an adjusted score (A60/40, A+/A-) or NP"',
        ),
        (
            f"IF({is_number(entered)},OR(MOD({entered},10)<>0,ABS({entered})>{MAX_SCORE}),FALSE)",
            f'"Score must be a multiple of 10 from -{MAX_SCORE} to {MAX_SCORE}"',
        ),
        (
            f"AND({is_blank(contract)},NOT({no_play}))",
            '"Contract is blank (By and Tricks need one)"',
        ),
        (
            f"AND({c['passed']}=1,OR(NOT({is_blank(by)}),NOT({is_blank(tricks)})))",
            '"A passed-out board takes no By or Tricks"',
        ),
        (
            f"AND(NOT({is_blank(contract)}),{c['passed']}=0,"
            f"OR({c['level']}=0,{c['strain']}=0,{c['doubling']}=0))",
            '"Contract not understood: type e.g. 4S, 3NT, 4HX, 2DXX or PASS"',
        ),
        (f"AND(NOT({is_blank(contract)}),{c['passed']}=0,{is_blank(by)})", '"By is blank"'),
        (
            f'AND(NOT({is_blank(contract)}),{c["passed"]}=0,{c["declarer"]}="")',
            '"By must be N, E, S or W"',
        ),
        (f"AND(NOT({is_blank(contract)}),{c['passed']}=0,{is_blank(tricks)})", '"Tricks is blank"'),
        (f'AND({played},{c["taken"]}="")', _excel_text(RESULT_PROBLEM)),
        (
            f"AND({played},OR({c['taken']}<0,{c['taken']}>13))",
            _excel_text(IMPOSSIBLE_RESULT.format(f'"&{c["result_text"]}&"', f'"&{shown}&"'))
            + f'&": it means "&{c["taken"]}&" tricks"',
        ),
        (
            f"AND(NOT({is_blank(contract)}),{is_number(entered)},{entered}<>{c['contract_score']})",
            f'"Contract scores "&{c["contract_score"]}&" for NS, not "&{entered}',
        ),
    ]


def _excel_text(message: str) -> str:
    """A message of the scoring core as the Check column shows it: a quoted string, its first
    letter a capital."""
    return '"' + message[:1].upper() + message[1:] + '"'


def _pair_range(book: PairsSessionBook) -> str:
    """The pairs of an arrow-switched Mitchell, as its messages name them: "1NS-7NS, 1EW-7EW"."""
    return ", ".join(f"1{d}-{book.numbers}{d}" for d in ("NS", "EW"))
