"""The Tournament sheet of the handicap workbook: N_B, the pairs, their checks and every
player's new handicap by formulas."""

from __future__ import annotations

from collections.abc import Mapping

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbooks.handicap_book.book import (
    AVERAGE,
    BLANK,
    BOARDS,
    C_U,
    ENTERED,
    FIELD_MEAN,
    HANDICAP_FORMAT,
    HEADER_LABELS,
    MAX_BOARDS,
    MAX_ID,
    MESSAGE,
    METHOD,
    METHOD_NOTE,
    NOTE,
    NOTE_ROW,
    OK,
    PAIR_HEADING_ROW,
    REGISTER_NAMES,
    SETTINGS_ROW,
    TO_CHECK,
    TOTALS_ROW,
    TOURNAMENT,
    TOURNAMENT_COLUMNS,
    TOURNAMENT_SIDE_MARGIN,
    WORKING_COLUMNS,
    HandicapBook,
)
from xlbridge.workbooks.handicap_book.cells import named, not_whole, put_value, validate, write_row
from xlbridge.workbooks.kit import layout, refs, styles, validation
from xlbridge.workbooks.kit.formulas import count_above, first_problem
from xlbridge.workbooks.kit.printing import ROW_HEIGHT, orient

# --------------------------------------------------------------------------------------------
# Tournament


def write_tournament(ws: Worksheet, book: HandicapBook, paper: str) -> None:
    last_column = len(TOURNAMENT_COLUMNS)
    # Check is for the screen: the printed sheet (and its title) stops at the new handicaps,
    # so that it fits a landscape page at full size.
    printed = last_column - 1
    layout.start_sheet(
        ws,
        "Pairs handicap tournament (Project 52, topscore)",
        TOURNAMENT_COLUMNS,
        heading_row=PAIR_HEADING_ROW,
        width=printed,
    )
    layout.headings(ws, PAIR_HEADING_ROW, WORKING_COLUMNS, first=last_column + 2)
    first, last = book.pair_row(1), book.pair_row(book.pairs)
    _write_tournament_header(ws, first, last)
    for pair in range(1, book.pairs + 1):
        row = book.pair_row(pair)
        values = _pair_formulas(row, first, last)
        write_row(ws, row, TOURNAMENT_COLUMNS, {"pair": pair, **values})
        write_row(ws, row, WORKING_COLUMNS, values, last_column + 2)
        for column in WORKING_COLUMNS:
            cell = ws[f"{TOURNAMENT[column.key]}{row}"]
            cell.font, cell.fill = styles.GREY_FONT, styles.WORKING_FILL
    _validate_pair_inputs(ws, first, last)
    styles.shade_problems(ws, TOURNAMENT["check"], first, last, ("", OK))
    first_working, last_working = TOURNAMENT["row_1"], TOURNAMENT["counts"]
    ws.column_dimensions.group(first_working, last_working, hidden=True, outline_level=1)
    layout.finish(ws, paper, last, printed, freeze=f"B{first}")
    orient(ws, printed)
    ws.page_margins.left = ws.page_margins.right = TOURNAMENT_SIDE_MARGIN


def _write_tournament_header(ws: Worksheet, first: int, last: int) -> None:
    """N_B (input), the method, N, h̄, C_u, rows to check, a message and the note."""
    for label_first, label_last, text in HEADER_LABELS.values():
        layout.label(ws, label_first, label_last, text)
    pair_handicaps = refs.absolute(TOURNAMENT["pair_handicap"], first, last)
    checks = refs.absolute(TOURNAMENT["check"], first, last)
    entered = refs.fixed(ENTERED)
    put_value(ws, BOARDS, None, "0")
    styles.mark_input(ws, BOARDS)
    validation.whole(ws, [BOARDS], 1, MAX_BOARDS, "Boards in the event")
    put_value(ws, ENTERED, f"=COUNT({pair_handicaps})", "0")
    put_value(
        ws, FIELD_MEAN, f'=IF({entered}>0,SUM({pair_handicaps})/{entered},"")', HANDICAP_FORMAT
    )
    put_value(ws, C_U, f'=IF({entered}>=2,{entered}/({entered}-1),"")', "0.0000")
    put_value(ws, TO_CHECK, f'=SUMPRODUCT(({checks}<>"")*({checks}<>"{OK}"))', "0")
    last_letter = TOURNAMENT["new_2"]  # the last printed column
    layout.merged_text(ws, f"{METHOD_NOTE}:{last_letter}{SETTINGS_ROW}", METHOD)
    message = (
        f'=IF({refs.fixed(TO_CHECK)}>0,"Some rows do not count: see Check",'
        f'IF({entered}=1,"Only one pair is in: the expected % needs at least 2",""))'
    )
    layout.merged_text(
        ws, f"{MESSAGE}:{last_letter}{TOTALS_ROW}", message, font=styles.MESSAGE_FONT
    )
    note = f"A{NOTE_ROW}:{last_letter}{NOTE_ROW}"
    layout.merged_text(ws, note, NOTE, height=3 * ROW_HEIGHT)


def _pair_problem(row: int, first: int, last: int) -> str:
    """The first thing wrong with a row's pair ("" when good or when nothing is typed)."""
    cell = {key: f"{TOURNAMENT[key]}{row}" for key in TOURNAMENT}
    inputs = f"{cell['id_1']},{cell['id_2']},{cell['played']}:{cell['achieved']}"
    checks = [
        (f"COUNTA({inputs})=0", '""'),
        (f'{cell["id_1"]}=""', '"player 1 id missing"'),
        (f'{cell["id_2"]}=""', '"player 2 id missing"'),
        (f"{cell['id_1']}={cell['id_2']}", '"the same player twice"'),
    ]
    for number in (1, 2):
        player_id, register_row = cell[f"id_{number}"], cell[f"row_{number}"]
        checks += [
            (f"{register_row}=0", f'"player {number} id "&{player_id}&" is not in the Register"'),
            (
                f'INDEX({REGISTER_NAMES["check"]},{register_row})<>"{OK}"',
                f'"player "&{player_id}&": see the Register\'s Check"',
            ),
        ]
    for number in (1, 2):
        player_id = cell[f"id_{number}"]
        appearances = "+".join(
            f"COUNTIF({refs.absolute(TOURNAMENT[key], first, last)},{player_id})"
            for key in ("id_1", "id_2")
        )
        checks.append((f"{appearances}>1", f'"player "&{player_id}&" plays in another pair too"'))
    return f"={first_problem(checks, BLANK)}"


def _result_problem(row: int) -> str:
    """What stops a good pair's typed result from counting ("" when nothing does)."""
    achieved, played, in_field = (
        f"{TOURNAMENT[key]}{row}" for key in ("achieved", "played", "in_field")
    )
    boards = refs.fixed(BOARDS)
    checks = [
        (f'OR({in_field}<>1,{achieved}="")', '""'),
        (f"NOT(ISNUMBER({achieved}))", '"achieved % must be a number"'),
        (f"OR({achieved}<0,{achieved}>100)", '"achieved % must be from 0 to 100"'),
        (not_whole(boards, "1"), f'"type the boards in the event ({BOARDS})"'),
        (
            f'IF({played}="",FALSE,{not_whole(played, "1", boards)})',
            '"boards played must be a whole number from 1 to the boards in the event"',
        ),
        (f"{refs.fixed(ENTERED)}<2", '"the field needs at least 2 pairs"'),
    ]
    return f"={first_problem(checks, BLANK)}"


def _pair_formulas(row: int, first: int, last: int) -> dict[str, str]:
    """Every formula of one Tournament row, visible and working, by column key."""
    cell = {key: f"{TOURNAMENT[key]}{row}" for key in TOURNAMENT}
    in_field, counts = cell["in_field"], cell["counts"]
    boards = refs.fixed(BOARDS)
    c_k_c_b = f"{named('c_k_pairs')}*{named('c_b_topscore')}"
    played = f"IF(ISNUMBER({cell['played']}),{cell['played']},{boards})"
    weight = f"({played}/{named('impact')})*{boards}/({boards}+{named('s_topscore')})"
    expected_above, achieved_above = (
        f"({cell['expected']}-{AVERAGE})",
        f"({cell['achieved']}-{AVERAGE})",
    )
    results = refs.absolute(TOURNAMENT["result"], first, last)
    higher = count_above(cell["result"], results)

    def if_in_field(expression: str) -> str:
        return f'=IF({in_field}=1,{expression},"")'

    def if_counts(expression: str) -> str:
        return f'=IF({counts}=1,{expression},"")'

    formulas = {
        "expected": f"=IF(AND({in_field}=1,{refs.fixed(ENTERED)}>=2),"
        f'{AVERAGE}+{refs.fixed(C_U)}*({refs.fixed(FIELD_MEAN)}-{cell["pair_handicap"]})/({c_k_c_b}),"")',
        "pair_handicap": if_in_field(f"({cell['handicap_1']}+{cell['handicap_2']})/2"),
        "result": if_counts(f"{cell['achieved']}-{expected_above}"),
        "rank": if_counts(f"1+{higher}"),
        "change": if_counts(
            f"{weight}*{refs.fixed(C_U)}*{c_k_c_b}*({expected_above}-{achieved_above})"
        ),
        "check": f'=IF({cell["pair_problem"]}<>"",{cell["pair_problem"]},'
        f'IF({cell["result_problem"]}<>"",{cell["result_problem"]},'
        f'IF({in_field}=1,"{OK}","")))',
        "pair_problem": _pair_problem(row, first, last),
        "in_field": f"=IF(AND(COUNT({cell['id_1']},{cell['id_2']})=2,"
        f'{cell["pair_problem"]}=""),1,0)',
        "result_problem": _result_problem(row),
        "counts": f"=IF(AND({in_field}=1,ISNUMBER({cell['achieved']}),"
        f'{cell["result_problem"]}=""),1,0)',
    }
    for number in (1, 2):
        formulas |= _player_formulas(cell, number)
    return formulas


def _player_formulas(cell: Mapping[str, str], number: int) -> dict[str, str]:
    """Player ``number``'s Register row, name, handicap in use and new handicap."""
    player_id, register_row = cell[f"id_{number}"], cell[f"row_{number}"]
    match = f"MATCH({player_id},{REGISTER_NAMES['id']},0)"
    name = f'INDEX({REGISTER_NAMES["name"]},{register_row})&""'
    handicap = f"INDEX({REGISTER_NAMES['in_use']},{register_row})"
    new = f"MIN({named('cap')},{cell[f'handicap_{number}']}+{cell['change']})"
    return {
        f"row_{number}": f"=IF(ISNUMBER({player_id}),IFERROR({match},0),0)",
        f"name_{number}": f'=IF({register_row}>0,{name},"")',
        f"handicap_{number}": f'=IF({cell["in_field"]}=1,{handicap},"")',
        f"new_{number}": f'=IF({cell["counts"]}=1,{new},"")',
    }


def _validate_pair_inputs(ws: Worksheet, first: int, last: int) -> None:
    """Player ids, boards played (1..N_B) and achieved % (0..100)."""

    def column(key: str) -> str:
        return refs.column_range(TOURNAMENT[key], first, last)

    validation.whole(ws, [column("id_1"), column("id_2")], 1, MAX_ID, "Player id")
    validate(
        ws,
        [column("played")],
        "whole",
        "between",
        ("1", refs.fixed(BOARDS)),
        "Boards played must be a whole number from 1 to the boards in the event.",
    )
    validate(
        ws,
        [column("achieved")],
        "decimal",
        "between",
        ("0", "100"),
        "Achieved % must be a number from 0 to 100.",
    )
