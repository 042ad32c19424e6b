"""The web benchmark's bare reference writes the same files as the site writer (no timing)."""

from __future__ import annotations

from pathlib import Path

from benchmark_modules import load

from xlbridge.scoring.session import score_session
from xlbridge.web.site import write_site


def test_the_reference_writes_the_same_pages(tmp_path: Path) -> None:
    bench = load("bench_web")
    event = load("bench_session").national(clubs=1)
    result = score_session(event, "mp", across_field=True)
    names = {pair.key: f"Pair {pair.pair}" for pair in result.pairs}
    ours = write_site(tmp_path / "ours", result, names)
    theirs = bench.reference_site(tmp_path / "reference", result, names)
    assert ours == theirs == 1 + 24 + 20
    assert sorted(p.name for p in (tmp_path / "ours").glob("*.html")) == sorted(
        p.name for p in (tmp_path / "reference").iterdir()
    )
