"""The Ranking sheet of the results pack: one table per ranking, with its notes."""

from __future__ import annotations

from xlbridge.scoring.session import PairResult, SessionResult
from xlbridge.workbooks.results_pack import page
from xlbridge.workbooks.results_pack.context import PackContext
from xlbridge.workbooks.results_pack.sheet import (
    FIT_LEFT,
    HEADING_LINES,
    PERCENT_FORMAT,
    Col,
    PackSheet,
)

DIRECTION_NAMES = {"NS": "North-South", "EW": "East-West", "": "All pairs"}
#: A ranking too long for a page runs on over pages, its caption kept with this many lines.
KEEP_WITH_CAPTION = 3


def caption_of(section: str, direction: str) -> str:
    """How a ranking is named: "Section A — North-South", "All pairs"."""
    parts = [f"Section {section}"] if section else []
    return " — ".join([*parts, DIRECTION_NAMES[direction]])


# --------------------------------------------------------------------------------------------
# Ranking


def ranking_columns(context: PackContext) -> list[Col]:
    score = context.unit
    columns = [
        Col("place", "Place", 6),
        Col("pair", "Pair", 6),
        Col("names", "Names", 40, "@", FIT_LEFT),
        Col("score", score, 9, context.total_format),
    ]
    if context.matchpoints:
        columns += [
            Col("top", "Top", 8, context.top_format),
            Col("percent", "%", 8, PERCENT_FORMAT),
        ]
    else:
        columns += [Col("per_board", f"{score} per board", 9, "0.00")]
    columns.append(Col("boards", "Boards", 7))
    if context.awards:
        columns.append(Col("award", "Masterpoints", 12, "@"))
    return columns


def rankings(result: SessionResult) -> list[tuple[str, str, list[PairResult]]]:
    """Each ranking as (section, direction, pairs in place order)."""
    return result.rankings()


def write_ranking(sheet: PackSheet, context: PackContext, paper: str) -> PackSheet:
    """The rankings one after the other; one that fits a page (below its repeated headings,
    with its caption) is kept on one page."""
    result = context.result
    tables = rankings(result)
    fits = page.lines_per_page(paper, page.scale_for(paper, sheet.widths)) - HEADING_LINES - 1
    for index, (section, direction, pairs) in enumerate(tables):
        if index:
            sheet.blank()
        sheet.start_block()
        sheet.caption(caption_of(section, direction))
        kept = len(pairs) if len(pairs) < fits else KEEP_WITH_CAPTION
        for number, pair in enumerate(pairs):
            if number == kept:
                sheet.end_block()
            sheet.record(
                {
                    "place": pair.place,
                    "pair": pair.label,
                    "names": context.names_of(pair),
                    "score": pair.score,
                    "top": pair.top,
                    "percent": pair.percentage,
                    "per_board": pair.per_board,
                    "boards": pair.boards,
                    "award": context.award_of(pair),
                }
            )
        if kept == len(pairs):
            sheet.end_block()
    sheet.blank()
    for note in ranking_notes(result):
        sheet.note(note)
    return sheet


def ranking_notes(result: SessionResult) -> list[str]:
    notes = ['Pairs with equal scores share a place, written "3=".']
    if result.method in ("mp", "acbl"):
        notes.append(
            "% is the pair's matchpoints over the sum of the tops of the boards it played."
        )
        if result.factoring == "most_played":
            notes.append(
                "Boards played fewer times, or with an adjusted score, are factored (Neuberg) "
                "to the same top."
            )
        notes += totals_notes(result)
    else:
        notes.append("An adjusted score A+ / A= / A- counts +3 / 0 / -3 IMPs.")
    return notes


def totals_notes(result: SessionResult) -> list[str]:
    """Which convention the totals follow, when some pair played fewer boards than others of
    its ranking (nothing to say otherwise)."""
    if all(len({pair.boards for pair in pairs}) == 1 for _, _, pairs in rankings(result)):
        return []
    if result.totals == "raw":
        return ["Totals are the plain sum of the boards each pair played."]
    return [
        "A pair that played fewer boards has its total factored to the most boards played in",
        "its ranking (total x most / its boards); its % is unchanged.",
    ]
