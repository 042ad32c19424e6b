"""DDS replaced by a solver that answers at once, for tests of what surrounds the solving
(progress, writing, closed pipes): every deal makes 7 tricks everywhere and par is passed
out."""

from __future__ import annotations

import pytest

from xlbridge.scoring import double_dummy
from xlbridge.scoring.double_dummy import BoardAnalysis, Table


def use_instant_solver(monkeypatch: pytest.MonkeyPatch, batch: int = 2) -> list[int]:
    """Replace DDS for the test (``batch`` deals a batch); returns the sizes of the batches
    solved, filled in as they are. The caller clears the solver's cache afterwards."""
    batches: list[int] = []

    def solve_batch(deals: list[str]) -> list[Table]:
        batches.append(len(deals))
        return [{seat: dict.fromkeys(double_dummy.STRAINS, 7) for seat in "NESW"} for _ in deals]

    def par(table: Table, dealer: str, vulnerable: str) -> BoardAnalysis:
        return BoardAnalysis(0, "", table, 0, ())

    monkeypatch.setattr(double_dummy, "require", lambda what="": None)
    monkeypatch.setattr(double_dummy, "solve_batch", solve_batch)
    monkeypatch.setattr(double_dummy, "par", par)
    monkeypatch.setattr(double_dummy, "BATCH", batch)
    double_dummy.clear_cache()
    return batches
