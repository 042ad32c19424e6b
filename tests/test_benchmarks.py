"""The core benchmark runs in short mode, its references agree with xlbridge, VP lookup wins."""

from __future__ import annotations

import contextlib
import io
import json
import math
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from benchmark_modules import load

from xlbridge.scoring.imps import imps
from xlbridge.scoring.scales.gaussian import vp_scale
from xlbridge.scoring.scales.wbf import wbf_table, wbf_vp


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load("bench_core")


@pytest.fixture(scope="module")
def short_run(bench: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One ``--short --json`` run through the command-line entry point: output and JSON."""
    path = tmp_path_factory.mktemp("bench") / "results.json"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = bench.main(["--short", "--json", str(path)])
    return {"code": code, "stdout": out.getvalue(), "json": json.loads(path.read_text())}


def test_short_run_completes_and_writes_json(short_run: dict[str, Any]) -> None:
    assert short_run["code"] == 0
    payload = short_run["json"]
    assert payload["mode"] == "short"
    cases = [r["case"] for r in payload["results"]]
    assert len(cases) == 8
    for word in ("VP lookup, card", "VP lookup, continuous", "IMPs", "WBF VP", "vp_scale cold"):
        assert any(word in case for case in cases), word


def test_every_reference_equals_xlbridge(short_run: dict[str, Any]) -> None:
    # run() raises AssertionError on any mismatch, so reaching here means the checks passed.
    assert all(r["checked"] is True for r in short_run["json"]["results"])
    assert "All reference outputs equal xlbridge's" in short_run["stdout"]


def test_report_is_a_markdown_table(short_run: dict[str, Any]) -> None:
    stdout = short_run["stdout"]
    assert "| case | n | xlbridge (s) | reference (s) | numpy floor (s)" in stdout
    rows = [line for line in stdout.splitlines() if line.startswith("| ") and "|---" not in line]
    assert len(rows) == 1 + 8


def test_timings_are_recorded_and_ratios_consistent(short_run: dict[str, Any]) -> None:
    # Times are recorded, never compared with a floor here: that is benchmarks/run.py's job.
    for r in short_run["json"]["results"]:
        for key in ("xlbridge_s", "reference_s", "numpy_s"):
            assert r[key] > 0 and math.isfinite(r[key]), (r["case"], key)
        assert r["xlbridge_over_reference"] == pytest.approx(r["xlbridge_s"] / r["reference_s"])
        assert r["xlbridge_over_numpy"] == pytest.approx(r["xlbridge_s"] / r["numpy_s"])


def test_assert_same_catches_a_difference(bench: ModuleType) -> None:
    assert bench.assert_same("same", np.array([1.0, np.nan]), np.array([1.0, np.nan]))
    with pytest.raises(AssertionError, match="1 values differ; first at 1"):
        bench.assert_same("case", np.array([1.0, 2.0]), np.array([1.0, 2.5]))


EDGE_MARGINS = np.array([np.nan, 0.0, -0.0, 0.4, -0.4, 0.5, -0.5, 2.5, -2.5, 1e6, -1e6, 33.5])


@pytest.mark.parametrize("rounding", ["nearest", "floor", "ceil", "none"])
@pytest.mark.parametrize("negative", [False, True])
def test_reference_vp_on_edge_margins(bench: ModuleType, rounding: str, negative: bool) -> None:
    scale = vp_scale(8, rounding=rounding, negative=negative)
    bench.assert_same("edges", scale.vp(EDGE_MARGINS), bench.reference_vp(scale, EDGE_MARGINS))


def test_reference_vp_on_pairs_percentages(bench: ModuleType) -> None:
    scale = vp_scale(12, form="pairs")
    x = np.array([np.nan, 0.0, 49.995, 50.0, 50.005, 57.125, 100.0])
    bench.assert_same("pairs", scale.vp(x), bench.reference_vp(scale, x))


def test_reference_imps_and_wbf_on_edges(bench: ModuleType) -> None:
    points = np.array([np.nan, 0, 10, 19.9, 20, -20, 45, 3999, 4000, -4000, 9000])
    bench.assert_same("imps", imps(points), bench.reference_imps(points))
    bench.assert_same("wbf", wbf_vp(EDGE_MARGINS, 16), bench.reference_wbf(EDGE_MARGINS, 16))
    for boards in (1, 7, 24, 200):
        bench.assert_same("table", wbf_table(boards), np.array(bench.reference_wbf_table(boards)))
