"""The benchmark runner's logic, without timing anything that matters.

Floors are checked by ``python benchmarks/run.py --quick`` (a separate step of ``.ci/run``),
never here. These tests check how the runner decides: a noisy measurement is taken again and
each check keeps its best ratio, a real regression still fails, and without Node.js the
bridge-scorer lines are skipped with a notice instead of failing the run.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from types import ModuleType

import pytest
from benchmark_modules import load


@pytest.fixture(scope="module")
def common() -> ModuleType:
    return load("bench_common")


def _line(common: ModuleType, ratio: float, check: str = "VP vs searchsorted") -> object:
    # A "limit" line: ours / reference must stay at most the floor (3×).
    return common.Line(check, "case", ratio, "reference", 1.0, "limit")


def test_a_noisy_measurement_is_taken_again_and_keeps_its_best(common: ModuleType) -> None:
    measured = iter([[_line(common, 4.5)], [_line(common, 3.2)], [_line(common, 2.1)]])
    lines = common.best_lines(lambda: next(measured))
    assert [line.ratio for line in lines] == [2.1] and lines[0].passed


def test_a_real_regression_fails_every_attempt(common: ModuleType) -> None:
    calls = []

    def measure() -> list:
        calls.append(1)
        return [_line(common, 6.0)]

    lines = common.best_lines(measure)
    assert len(calls) == common.ATTEMPTS and not lines[0].passed


def test_a_passing_run_is_measured_once(common: ModuleType) -> None:
    calls = []

    def measure() -> list:
        calls.append(1)
        return [_line(common, 1.2)]

    assert common.best_lines(measure)[0].passed and len(calls) == 1


def test_interleaved_runs_each_side_as_often(common: ModuleType) -> None:
    order: list[str] = []
    ours, reference = common.interleaved(lambda: order.append("o"), lambda: order.append("r"), 3)
    assert order == ["o", "r"] * 4  # one untimed run each, then turns
    assert ours >= 0 and reference >= 0


def test_without_node_the_peer_lines_are_skipped_with_a_notice(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    python = Path(shutil.which("python") or "python").resolve().parent
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{python}")  # no node, no npm
    peer = load("peer")
    assert peer.BridgeScorer.available() is not None
    common = load("bench_common")
    monkeypatch.setattr(common, "_PEER_NOTICES", [])
    cross = load("bench_cross_imps")
    lines = cross.lines(
        common.Sizes(repeats=1, peer_repeats=1, peer_cross_repeats=1, handicap_repeats=1)
    )
    assert [line.check for line in lines] == ["cross-IMPs growth vs N log N"]
    out = capsys.readouterr().out
    assert out.count("notice: bridge-scorer") == 1 and "skipped" in out
