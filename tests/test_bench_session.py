"""The session benchmark's references agree with xlbridge (no timing here)."""

from __future__ import annotations

import numpy as np
from benchmark_modules import load

from xlbridge.io.travellers.session_csv import parse_session
from xlbridge.scoring.contract import ns_score
from xlbridge.scoring.session import score_session


def test_per_row_loop_scores_like_the_table() -> None:
    bench = load("bench_session")
    columns = bench.random_contracts(20_000, seed=3)
    assert ns_score(**columns).tolist() == bench.loop_scores(columns)


def test_national_event_is_a_valid_two_winner_session() -> None:
    bench = load("bench_session")
    event = bench.national()
    assert len(event) == 48_000
    result = score_session(event, "mp", across_field=True)
    assert result.winners == 2 and len(result.pairs) == 4_000
    bench._check_totals(
        event, result, bench.matchpoints(event.board, np.arange(48_000), event.ns_score).value
    )
    # The CSV of the same event scores the same (a sample of clubs, to keep the test quick).
    text = bench.national_csv(event)
    head = "\n".join(text.splitlines()[: 1 + 2_400]) + "\n"  # the first 2,400 lines
    parsed = parse_session(head, "national.csv")
    assert np.array_equal(parsed.ns_score, event.ns_score[:2_400])
