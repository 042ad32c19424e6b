"""The handicap benchmark runs in short mode, and its reference loop agrees with the batch."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_handicap.py"


def test_short_run_agrees_with_the_plain_loop_and_is_faster() -> None:
    if str(BENCH_PATH.parent) not in sys.path:
        sys.path.insert(0, str(BENCH_PATH.parent))  # for bench_common
    spec = importlib.util.spec_from_file_location("bench_handicap", BENCH_PATH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench
    spec.loader.exec_module(bench)
    result = bench.run({"players": 2_000, "rows": 20_000, "repeats": 2})  # asserts equality
    assert result["rows"] >= 20_000 and result["competitions"] > 1_000
    assert result["apply_s"] < result["reference_s"]
    assert result["end_to_end_s"] > result["apply_s"]
