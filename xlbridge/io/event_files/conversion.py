"""Between event files and the pairs session: file lines → :class:`Traveller`, and a scored
:class:`SessionResult` → lines and pairs carrying our numbers (for writing USEBIO)."""

from __future__ import annotations

import math
import re
from typing import Any

from xlbridge.errors import InputError
from xlbridge.io.event_files.contents import EventFile, Line, Pair
from xlbridge.scoring.checks import shown
from xlbridge.scoring.session import (
    PairResult,
    SessionResult,
    Traveller,
    TravellerLine,
    factored_total,
)

_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def traveller_of(event: EventFile) -> Traveller:
    """The session's traveller from a file's lines; a bad line names the file and element."""
    lines = []
    for line in event.lines:
        try:
            lines.append(_traveller_line(line))
        except InputError as error:
            raise event.error(line.where, str(error)) from None
    return Traveller.from_lines(lines, source=event.path)


def _traveller_line(line: Line) -> TravellerLine:
    details: dict[str, Any] = {
        "section": line.section,
        "lead": line.lead,
        "line": _line_number(line.where),
    }
    pairs = (line.board, line.ns_pair, line.ew_pair)
    if line.adjusted is not None:
        ns, ew = line.adjusted
        return TravellerLine.with_adjusted(*pairs, f"A{ns:g}/{ew:g}", **details)
    if line.not_played:
        return TravellerLine.not_played(*pairs, **details)
    if not line.score:
        return TravellerLine.with_contract(
            *pairs, line.contract, line.declarer, line.result, **details
        )
    if _NUMBER.fullmatch(line.score) is None:
        raise InputError(
            f"score must be a number, an adjusted score or NP, got {shown(line.score)}"
        )
    played: dict[str, Any] = {}
    if line.contract:
        try:
            made = TravellerLine.with_contract(*pairs, line.contract, line.declarer, line.result)
            played = {"contract": made.contract, "declarer": made.declarer, "tricks": made.tricks}
        except InputError:  # the file's score stands; show the contract as written
            played = {"contract": line.contract, "declarer": line.declarer}
    if line.ew_score:
        played["ew_score"] = float(line.ew_score)
    board, ns_pair, ew_pair = pairs
    return TravellerLine.with_score(board, ns_pair, ew_pair, float(line.score), **details, **played)


def _line_number(where: str) -> int:
    match = re.fullmatch(r"line (\d+)", where)
    return int(match.group(1)) if match else 0


def contract_score(line: Line) -> float | None:
    """The NS score the line's contract gives, when the line has a contract that parses."""
    if not line.contract:
        return None
    try:
        made = TravellerLine.with_contract(
            line.board, line.ns_pair, line.ew_pair, line.contract, line.declarer, line.result
        )
    except InputError:
        return None
    return made.ns_score


def number_text(value: float, decimals: int = 2) -> str:
    """A number as result files print it: up to ``decimals`` decimals, no trailing zeros."""
    if math.isnan(value):
        return ""
    text = f"{value:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def scored_lines(result: SessionResult, factor: float = 1.0) -> list[Line]:
    """Every scored traveller line, our matchpoints or IMPs (× ``factor``: 2 writes ACBL
    matchpoints as 2 per win) in ``theirs_ns``/``theirs_ew``."""
    lines = []
    for board in result.travellers:
        for scored in board.lines:
            if scored.adjusted:
                score = scored.adjusted
            elif math.isnan(scored.ns_score):
                score = "NP" if math.isnan(scored.ns_value) else scored.score_text
            else:
                score = number_text(scored.ns_score)  # a decimal kept: refused, not rounded
            lines.append(
                Line(
                    section=scored.section,
                    board=scored.board,
                    ns_pair=_pair_number(scored.ns_pair),
                    ew_pair=_pair_number(scored.ew_pair),
                    contract="" if scored.adjusted else scored.contract,
                    declarer=scored.declarer,
                    result=str(scored.tricks) if scored.tricks >= 0 else "",
                    lead=scored.lead,
                    score=score,
                    theirs_ns=number_text(scored.ns_value * factor),
                    theirs_ew=number_text(scored.ew_value * factor),
                    where=f"line {scored.line}" if scored.line else "",
                    ew_score=number_text(scored.ew_score, 0),
                )
            )
    return lines


def scored_pairs(result: SessionResult, listed: list[Pair], factor: float = 1.0) -> list[Pair]:
    """Every pair's result (totals × ``factor``, as :func:`scored_lines`; factored to the most
    boards of its ranking as the session's totals are), names, ids and masterpoints from
    ``listed`` (the file's or the names file's)."""
    most: dict[tuple[str, str], int] = {}
    for pair in result.pairs:
        ranking = _ranking_of(result, pair)
        most[ranking] = max(most.get(ranking, 0), pair.boards)
    known = {(p.section, p.direction, p.number): p for p in listed}
    # A pair listed without a direction is either direction's; one ranked without a direction
    # (a Howell's) takes its number's, whatever the listing's direction. NS 1 is never EW 1.
    undirected: dict[tuple[str, int], Pair] = {}
    for listed_pair in listed:
        undirected.setdefault((listed_pair.section, listed_pair.number), listed_pair)
    pairs = []
    for pair in result.pairs:
        number = _pair_number(pair.pair)
        info = known.get((pair.section, pair.direction, number)) or known.get(
            (pair.section, "", number)
        )
        if info is None and not pair.direction:
            info = undirected.get((pair.section, number))
        total = pair.raw * factor
        if pair.score != pair.raw:  # factored: from the scaled raw total, as a rescoring would
            ranking = _ranking_of(result, pair)
            total = factored_total(total, most[ranking], pair.boards)
        pairs.append(
            Pair(
                section=pair.section,
                number=number,
                direction=pair.direction,
                names=info.names if info else (),
                ids=info.ids if info else (),
                masterpoints=info.masterpoints if info else "",
                masterpoint_type=info.masterpoint_type if info else "",
                total=number_text(total),
                percentage="" if math.isnan(pair.percentage) else f"{pair.percentage:.2f}",
                place=pair.place,
            )
        )
    return pairs


def _ranking_of(result: SessionResult, pair: PairResult) -> tuple[str, str]:
    """Which ranking ``pair`` is in: its section unless ranked across the field, its
    direction with two winners."""
    return (
        "" if result.across_field else pair.section,
        pair.direction if result.winners == 2 else "",
    )


def _pair_number(label: str) -> int:
    if not (label.isascii() and label.isdigit()):  # not "²", which isdigit() takes
        raise InputError(f"USEBIO pair numbers must be whole numbers, got pair {shown(label)}")
    return int(label)
