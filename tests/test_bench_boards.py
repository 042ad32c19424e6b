"""The board-scoring benchmark runs in short mode, and its references are right."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from benchmark_modules import load

from xlbridge.scoring.boards.cross_imps import cross_imps
from xlbridge.scoring.boards.matchpoints import matchpoints


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load("bench_boards")


def test_short_run_reports_every_workload(bench: ModuleType, tmp_path: Path) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert bench.main(["--short", "--json", str(tmp_path / "r.json")]) == 0
    payload = json.loads((tmp_path / "r.json").read_text())
    cases = [r["case"] for r in payload["results"]]
    assert [c.split(",")[0] for c in cases] == ["matchpoints", "Butler IMPs"] + ["cross-IMPs"] * 2
    assert all(r["xlbridge_s"] > 0 and r["reference_s"] > 0 for r in payload["results"])
    assert "| case | rows | xlbridge (s) |" in out.getvalue()


def test_naive_cross_imps_is_the_definition(bench: ModuleType) -> None:
    # Entries 0: 420; 1: 60 % of 450 + 40 % of 400; 2: −50. Entry 0 against entry 1:
    # 0.6·IMPs(−30) + 0.4·IMPs(20) = 0.6·(−1) + 0.4·1 = −0.2; against entry 2: IMPs(470) = 10.
    rows = {
        "board": np.zeros(4, dtype=int),
        "entry": np.array([0, 1, 1, 2]),
        "score": np.array([420, 450, 400, -50]),
        "weight": np.array([1, 0.6, 0.4, 1]),
    }
    naive = bench.naive_cross_imps(rows)
    assert naive[0] == pytest.approx((-0.2 + 10) / 2)
    assert naive == pytest.approx(cross_imps(**rows).value)


def test_traveller_rows_are_weighted_as_described(bench: ModuleType) -> None:
    rows = bench.traveller_rows(20, 50, seed=3)
    result = matchpoints(**rows)
    assert result.value.size == 20 * 50
    assert np.bincount(rows["entry"] + 50 * rows["board"], rows["weight"]) == pytest.approx(1)
