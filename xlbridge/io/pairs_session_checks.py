"""The checks across a pairs-session workbook's traveller lines, as its Check column makes
them: a pair meets one pair a round, and plays each board once. Each mistake is kept with its
place (the row of the line it names), and the lines after it are checked all the same."""

from __future__ import annotations

from xlbridge.errors import Mistakes
from xlbridge.io.pairs_session_sheet import SessionSheet
from xlbridge.scoring.session import TravellerLine


def check_rounds(
    sheet: SessionSheet, lines: list[TravellerLine], mitchell: bool, mistakes: Mistakes
) -> None:
    """A pair meets one pair a round: a mistyped pair number puts it at two tables."""
    met: dict[tuple[int, str], tuple[str, int]] = {}
    for line in lines:
        if line.round is None:
            continue
        ns, ew = (
            (line.ns_pair + "NS", line.ew_pair + "EW") if mitchell else (line.ns_pair, line.ew_pair)
        )
        for pair, other, key in ((ns, ew, "ns_pair"), (ew, ns, "ew_pair")):
            before, row = met.get((line.round, pair), (other, line.line))
            if before != other:  # named once, and its pairs not taken as met
                error = sheet.fail(
                    line.line - 1,
                    key,
                    f"in round {line.round} pair {pair} plays pair {before} (row {row}), so it "
                    f"cannot also play pair {other} here",
                )
                sheet.keep(mistakes, error, line.line - 1)
                break
        else:
            met[(line.round, ns)], met[(line.round, ew)] = (ew, line.line), (ns, line.line)


def check_boards(
    sheet: SessionSheet, lines: list[TravellerLine], mitchell: bool, mistakes: Mistakes
) -> None:
    """A pair plays a board once (in a Mitchell NS 3 and EW 3 are two pairs): as the Check
    column, "Pair 3 has another line on board 2", named on every line after the first."""
    first: dict[tuple[int, str], int] = {}
    for line in lines:
        if not mitchell and line.ns_pair == line.ew_pair:  # a Howell's pair plays one side
            error = sheet.fail(line.line - 1, "ew_pair", "NS and EW are the same pair")
            sheet.keep(mistakes, error, line.line - 1)
            continue
        for pair, key, side in ((line.ns_pair, "ns_pair", "NS"), (line.ew_pair, "ew_pair", "EW")):
            seat = side if mitchell else ""
            row = first.setdefault((line.board, seat + pair), line.line)
            if row != line.line:
                name = f"{side} pair " if mitchell else "Pair "
                detail = f"{name}{pair} has another line on board {line.board} (row {row})"
                sheet.keep(mistakes, sheet.fail(line.line - 1, key, detail), line.line - 1)
