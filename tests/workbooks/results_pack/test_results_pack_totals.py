"""The results pack of a Howell with a sit-out: factored totals, their note, the score card's
last line, and a masterpoint column when the input has awards."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.scoring.session import TravellerLine, score_session
from xlbridge.workbooks.results_pack.boards import FACTORED_CARD_LINE
from xlbridge.workbooks.results_pack.pack import (
    RANKING_SHEET,
    SCORE_CARDS_SHEET,
    build_results_pack,
)

# The worked example of docs/contracts-and-sessions.md: pair 3 plays 8 boards, the others 6.
ROWS = [
    (1, 1, 2, 420), (1, 3, 4, 450), (2, 1, 2, 110), (2, 3, 4, 140),
    (3, 5, 1, 620), (3, 2, 3, 170), (4, 5, 1, -100), (4, 2, 3, -100),
    (5, 4, 5, 400), (5, 1, 3, 430), (6, 4, 5, -50), (6, 1, 3, 90),
    (7, 2, 4, 420), (7, 3, 5, 420), (8, 2, 4, 200), (8, 3, 5, -200),
]  # fmt: skip


def texts(sheet) -> list[list[object]]:  # type: ignore[no-untyped-def]
    return [[c for c in row if c not in (None, "")] for row in sheet.iter_rows(values_only=True)]


@pytest.mark.parametrize("totals", ["factored", "raw"])
def test_factored_totals_in_the_pack(tmp_path: Path, totals: str) -> None:
    lines = [TravellerLine.with_score(*row) for row in ROWS]
    from xlbridge.scoring.session import Traveller

    result = score_session(Traveller.from_lines(lines), "mp", totals=totals)
    awards = {("", "", "5"): "0.12 Green"}
    book = build_results_pack(result, awards=awards)
    ranking = texts(book[RANKING_SHEET])
    header = next(row for row in ranking if "Place" in row)
    assert header[-1] == "Masterpoints"
    five = next(row for row in ranking if row[:2] == [1, "5"] or row[:2] == ["1", "5"])
    expected = 13.33 if totals == "factored" else 10
    assert five[2] == pytest.approx(expected) and five[-1] == "0.12 Green"
    notes = " ".join(str(cell) for row in ranking for cell in row)
    if totals == "factored":
        assert "has its total factored to the most boards played" in notes
    else:
        assert "plain sum of the boards each pair played" in notes
    cards = texts(book[SCORE_CARDS_SHEET])
    start = next(i for i, row in enumerate(cards) if row and str(row[0]).startswith("Pair 5"))
    end = next((i for i in range(start + 1, len(cards)) if not cards[i]), len(cards))
    card = cards[start + 1 : end]
    running = [row[-1] for row in card if isinstance(row[0], int)]
    assert running[-1] == pytest.approx(10)  # the running total stays the plain sum
    if totals == "factored":
        assert card[-1] == [FACTORED_CARD_LINE, pytest.approx(13.33)]
    else:
        assert FACTORED_CARD_LINE not in [row[0] for row in card]
    book.save(tmp_path / f"howell-{totals}.xlsx")


def test_no_masterpoint_column_without_awards() -> None:
    from xlbridge.scoring.session import Traveller

    lines = [TravellerLine.with_score(*row) for row in ROWS]
    book = build_results_pack(score_session(Traveller.from_lines(lines), "mp"))
    assert "Masterpoints" not in [cell for row in texts(book[RANKING_SHEET]) for cell in row]
