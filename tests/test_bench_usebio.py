"""The USEBIO benchmark measures what it says: its ElementTree reference serialises the very
elements our writer writes (the check its run makes first, here on a small event, so that a
change to the writer that the reference misses fails the tests, not the benchmark step).
Timing is run.py's job."""

from __future__ import annotations

from benchmark_modules import load


def test_the_reference_tree_has_our_files_elements() -> None:
    bench = load("bench_usebio")
    data = bench.event(3)
    assert bench._shape(bench.ours(data)) == bench._shape(
        bench.reference(bench.reference_tree(data))
    )
