"""The handicap benchmark runs in short mode, and its reference loop agrees with the batch."""

from __future__ import annotations

from benchmark_modules import load


def test_short_run_agrees_with_the_plain_loop() -> None:
    bench = load("bench_handicap")
    result = bench.run({"players": 2_000, "rows": 20_000, "repeats": 2})  # asserts equality
    assert result["rows"] >= 20_000 and result["competitions"] > 1_000
    assert result["apply_s"] > 0 and result["reference_s"] > 0  # recorded, not compared
