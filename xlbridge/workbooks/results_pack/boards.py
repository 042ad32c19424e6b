"""The Travellers and Score cards sheets of the results pack (see :mod:`.pack`)."""

from __future__ import annotations

import math
import re

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring.contract import SEAT_NAMES, SEATS, VULNERABILITY, dealer
from xlbridge.scoring.session import BoardTraveller, PairResult, ScoreCardRow, ScoredLine
from xlbridge.workbooks.results_pack.analysis import (
    DD_COLUMN,
    DD_NOTE,
    against_dd,
    write_analysis,
)
from xlbridge.workbooks.results_pack.context import PackContext
from xlbridge.workbooks.results_pack.sheet import (
    CENTER,
    FIT_CENTER,
    FIT_LEFT,
    LEFT,
    PERCENT_FORMAT,
    RIGHT,
    Col,
    PackSheet,
)

SCORE_FORMAT = "0"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
VULNERABLE_NAMES = {"none": "None", "NS": "N-S", "EW": "E-W", "all": "All"}
NOT_PLAYED = "NP"


def contract_text(contract: str) -> str:
    """A contract as printed: "4SX" → "4♠X", "3NT" stays, "PASS" → "Passed out"."""
    if not contract:
        return ""
    if contract == "PASS":
        return "Passed out"
    level, rest = contract[0], contract[1:]
    strain = rest.rstrip("X")
    return f"{level}{SUIT_SYMBOLS.get(strain, strain)}{rest[len(strain) :]}"


_LEAD = re.compile(r"([SHDC♠♥♦♣])\s*(10|[AKQJT2-9])", re.IGNORECASE)


def lead_text(lead: str) -> str:
    """A lead as printed: "DA" → "♦A", "CT" → "♣10"; anything else as written."""
    match = _LEAD.fullmatch(lead.strip())
    if match is None:
        return lead
    suit, rank = match.group(1).upper(), match.group(2).upper()
    return f"{SUIT_SYMBOLS.get(suit, suit)}{'10' if rank == 'T' else rank}"


def adjusted_text(score: str) -> str:
    """How an artificial adjusted score is shown: "Adjusted score A60/40"."""
    return f"Adjusted score {score}"


def weighted_text(score: str) -> str:
    """How an assigned weighted score is shown: "Weighted score 60% 430 + 40% 400"."""
    return f"Weighted score {score}"


def board_caption(board: BoardTraveller, context: PackContext) -> str:
    number = board.board
    vulnerable = VULNERABILITY[(number - 1) % len(VULNERABILITY)]
    parts = [f"Section {board.section}"] if board.section else []
    parts += [
        f"Board {number}",
        f"Dealer {SEAT_NAMES[SEATS[int(dealer(number))]]}",
        f"Vulnerable: {VULNERABLE_NAMES[vulnerable]}",
        f"{board.results} result{'s' if board.results != 1 else ''}",
    ]
    if context.matchpoints and math.isfinite(board.top):
        parts.append(f"Top {board.top:g}")
    if math.isfinite(board.datum):
        parts.append(f"Datum {board.datum:g}")
    return "    ".join(parts)


# --------------------------------------------------------------------------------------------
# Travellers


def traveller_columns(context: PackContext) -> list[Col]:
    unit, value = context.unit, context.value_format
    columns = [
        Col("ns_pair", "NS", 5),
        Col("ew_pair", "EW", 5),
        Col("contract", "Contract", 9),
        Col("declarer", "By", 4),
        Col("lead", "Lead", 6),
        Col("tricks", "Tricks", 6),
        Col("ns_score", "NS score", 8, SCORE_FORMAT),
        Col("ew_score", "EW score", 8, SCORE_FORMAT),
        Col("ns_value", f"NS {unit}", 8, value),
        Col("ew_value", f"EW {unit}", 8, value),
    ]
    if context.matchpoints:
        columns += [
            Col("ns_percent", "NS %", 7, PERCENT_FORMAT),
            Col("ew_percent", "EW %", 7, PERCENT_FORMAT),
        ]
    if context.analyses:
        columns.append(DD_COLUMN)
    return columns


def _scored(line: ScoredLine) -> bool:
    """A line with one score that both sides share (not adjusted, weighted or split)."""
    return math.isfinite(line.ns_score) and line.score_text == f"{line.ns_score:g}"


def hand_text(deal: dict[str, str], seat: str) -> str:
    """A seat's hand as printed in the deal ("North   ♠ AKQ2  ♥ …"), "" when not known."""
    return f"{SEAT_NAMES[seat]}   {deal[seat]}" if seat in deal else ""


def write_travellers(ws: Worksheet, context: PackContext, title: str) -> PackSheet:
    sheet = PackSheet(ws, title, traveller_columns(context))
    for board in context.result.travellers:
        sheet.start_block()
        sheet.caption(board_caption(board, context))
        deal = context.deals.get(board.board)
        if deal:
            _deal(sheet, deal)
        analysis = context.analyses.get(board.board)
        if analysis is not None:
            write_analysis(sheet, analysis)
        for line in board.lines:
            _traveller_line(sheet, line, against_dd(line, analysis))
        sheet.blank()
        sheet.end_block()
    _traveller_notes(sheet, context)
    return sheet


def _deal(sheet: PackSheet, deal: dict[str, str]) -> None:
    """The known hands as a compass: North, then West and East, then South (a line with no
    known hand is left out)."""
    width = len(sheet.columns)
    half = width // 2
    rows = [
        [(1, width, hand_text(deal, "N"), CENTER)],
        [(1, half, hand_text(deal, "W"), LEFT), (half + 1, width, hand_text(deal, "E"), RIGHT)],
        [(1, width, hand_text(deal, "S"), CENTER)],
    ]
    for row in rows:
        if any(text for _, _, text, _ in row):
            sheet.spans(row)


def _traveller_line(sheet: PackSheet, line: ScoredLine, dd: int | None = None) -> None:
    values: dict[str, object] = {
        "dd": dd,
        "ns_pair": line.ns_pair,
        "ew_pair": line.ew_pair,
        "contract": contract_text(line.contract),
        "declarer": line.declarer,
        "lead": lead_text(line.lead),
        "tricks": line.tricks if line.tricks >= 0 else None,
        "ns_value": line.ns_value,
        "ew_value": line.ew_value,
        "ns_percent": line.ns_percent,
        "ew_percent": line.ew_percent,
    }
    if line.adjusted or line.score_text == NOT_PLAYED:
        what = "Not played" if line.score_text == NOT_PLAYED else adjusted_text(line.adjusted)
        sheet.record(values, marked=True, span=("contract", "ew_score", what))
    elif _scored(line):
        sheet.record({**values, "ns_score": line.ns_score, "ew_score": -line.ns_score})
    elif math.isfinite(line.ns_score):  # a split score: each side's own, as the session shows
        sheet.record(values, span=("ns_score", "ew_score", line.score_text), span_align=FIT_CENTER)
    else:  # an assigned weighted score
        sheet.record(values, span=("contract", "ew_score", weighted_text(line.score_text)))


def _traveller_notes(sheet: PackSheet, context: PackContext) -> None:
    if context.matchpoints:
        sheet.note("Top: the matchpoints a board gives its best result; % is a share of it.")
    sheet.note(
        "Adjusted score A60/40: an artificial score (Law 12C2) giving NS 60 % and EW 40 % "
        "of the board; it is not part of the field."
    )
    if context.analyses:
        sheet.note(DD_NOTE)
    if context.queries:
        sheet.note(QUERIES_NOTE)
        for query in context.queries:
            sheet.note(f"• {query}")


#: The heading of the notes that list the results a director would query.
QUERIES_NOTE = "Results a director may query (the session is scored as typed):"


# --------------------------------------------------------------------------------------------
# Score cards


#: The last line of the score card of a pair whose total is factored (see the ranking notes).
FACTORED_CARD_LINE = "Total factored to the most boards played"


def score_card_columns(context: PackContext) -> list[Col]:
    unit, value = context.unit, context.value_format
    columns = [
        Col("board", "Board", 6),
        Col("direction", "Dir", 5),
        Col("opponents", "Opp", 5),
        Col("names", "Opponents", 36, "@", FIT_LEFT),
        Col("contract", "Contract", 8),
        Col("declarer", "By", 4),
        Col("score", "Score", 7, SCORE_FORMAT),
        Col("value", unit, 7, value),
    ]
    if context.matchpoints:
        columns.append(Col("percent", "%", 6.5, PERCENT_FORMAT))
    return [*columns, Col("total", "Total", 8, context.total_format)]


def _pair_order(pair: PairResult) -> tuple[str, int, int, str]:
    """Score cards by section, NS before EW, then pair number ("2" before "10")."""
    label = pair.pair
    direction = ("NS", "EW").index(pair.direction) if pair.direction else 0
    return (
        pair.section,
        direction,
        int(label) if label.isascii() and label.isdigit() else 10**9,
        label,
    )


def card_caption(pair: PairResult, context: PackContext) -> str:
    who = f"{pair.direction} pair {pair.pair}" if pair.direction else f"Pair {pair.pair}"
    parts = [f"Section {pair.section}"] if pair.section else []
    parts.append(who)
    names = context.names_of(pair)
    if names:
        parts.append(names)
    score = f"{pair.score:{_python_format(context.total_format)}} {context.unit}"
    if context.matchpoints and math.isfinite(pair.percentage):
        score += f" ({pair.percentage:.2f} %)"
    parts += [score, f"Place {pair.place}"]
    return "    ".join(parts)


def _python_format(number_format: str) -> str:
    decimals = len(number_format.partition(".")[2])
    return f".{decimals}f"


def _opponent(pair: PairResult, row: ScoreCardRow) -> PairResult:
    """The opponents of ``row`` as a pair (section and direction as they are known)."""
    direction = "" if not pair.direction else ("EW" if pair.direction == "NS" else "NS")
    return PairResult(pair.section, row.opponents, direction, 0, 0.0, 0.0, 0.0, 0.0, "", 0)


def write_score_cards(ws: Worksheet, context: PackContext, title: str) -> PackSheet:
    result = context.result
    sheet = PackSheet(ws, title, score_card_columns(context))
    for pair in sorted(result.pairs, key=_pair_order):
        sheet.start_block()
        sheet.caption(card_caption(pair, context))
        previous = None
        for row in result.score_card(pair):
            _card_line(sheet, pair, row, context, named=row.opponents != previous)
            previous = row.opponents
        if pair.score != pair.raw:  # the running total stays raw; the shown total last
            sheet.record({"names": FACTORED_CARD_LINE, "total": pair.score})
        sheet.blank()
        sheet.end_block()
    return sheet


def _card_line(
    sheet: PackSheet, pair: PairResult, row: ScoreCardRow, context: PackContext, *, named: bool
) -> None:
    """One board of a score card; the opponents' names on the first of their boards."""
    values: dict[str, object] = {
        "board": row.board,
        "direction": row.direction,
        "opponents": row.opponents,
        "names": context.names_of(_opponent(pair, row)) if named else None,
        "contract": contract_text(row.contract) + (row.result if row.contract != "PASS" else ""),
        "declarer": row.declarer,
        "value": row.value,
        "percent": row.percent,
        "total": row.running_total,
    }
    if row.score_text.startswith("A"):
        sheet.record(values, marked=True, span=("contract", "score", adjusted_text(row.score_text)))
    elif math.isfinite(row.score) and row.score_text == f"{row.score:g}":
        sheet.record({**values, "score": row.score})
    elif math.isfinite(row.score):  # a split score: the pair's own
        sheet.record({**values, "score": row.score})
    else:
        sheet.record(values, span=("contract", "score", row.score_text))
