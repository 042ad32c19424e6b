"""Benchmark of the handicap batch: a federation's month, against a per-row Python loop.

Run from the repository root::

    python benchmarks/bench_handicap.py            # 30,000 players, 400,000 result rows
    python benchmarks/bench_handicap.py --short    # 3,000 players, 40,000 rows (CI)

The month: pairs competitions of 8–16 pairs on each of 30 days, players drawn at random from the
register, results in matchpoint % averaging 50 per competition, some pairs playing fewer boards.
Timed, best of a few runs:

* **apply** — :func:`xlbridge.io.handicap.apply_results` on the parsed files (the
  vectorised computation: date by date, every competition of a date at once);
* **reference** — the same formulas as a plain per-row Python loop (dictionaries of handicaps,
  ``math``-free arithmetic), whose handicaps are asserted equal to ours to 1e-9;
* **end to end** — ``xlbridge handicap update`` on the CSV files: reading and checking both
  files, applying, writing the register and the history.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from bench_common import Line, best_of, interleaved

from xlbridge.cli.main import main as cli_main
from xlbridge.io.handicap import Register, Results, apply_results, parse_register, parse_results
from xlbridge.scoring.handicap import SPEC

FULL = {"players": 30_000, "rows": 400_000, "repeats": 3}
SHORT = {"players": 3_000, "rows": 40_000, "repeats": 2}
DAYS = 30


def month(players: int, rows: int, seed: int = 52) -> tuple[str, str]:
    """The register and results files of a month, as CSV text."""
    rng = np.random.default_rng(seed)
    ids = np.arange(100_000, 100_000 + players)
    register = "id,handicap\n" + "".join(
        f"{i},{h:.2f}\n" for i, h in zip(ids, rng.uniform(0, 52, players), strict=True)
    )
    results = results_text(rng, ids, rows, lambda c: (f"c{c}", f"2026-11-{1 + c % DAYS:02d}"))
    return register, results


def results_text(
    rng: np.random.Generator,
    ids: np.ndarray,
    rows: int,
    named: Callable[[int], tuple[str, str]],
) -> str:
    """A month's results as CSV text: pairs competitions of 8 to 16 pairs drawn from ``ids``
    until ``rows`` rows are made; ``named(c)`` gives competition c's id and date."""
    lines = ["competition,date,boards,played,players,result"]
    made = competition = 0
    while made < rows:
        pairs = int(rng.integers(8, 17))
        name, date = named(competition)
        chosen = rng.choice(ids, 2 * pairs, replace=False)
        scores = rng.normal(0, 7, pairs)
        scores -= scores.mean()
        boards = int(rng.choice([18, 24, 27]))
        for k in range(pairs):
            played = boards if rng.random() > 0.1 else boards - 3
            lines.append(
                f"{name},{date},{boards},{played},"
                f"{chosen[2 * k]}+{chosen[2 * k + 1]},{50 + scores[k]:.2f}"
            )
        made += pairs
        competition += 1
    return "\n".join(lines) + "\n"


def players_by_row(results: Results) -> list[list[str]]:
    """Each row's player ids, as a plain program would hold them after reading the file."""
    rows: list[list[str]] = [[] for _ in range(results.competition.size)]
    for row, code in zip(results.member_row.tolist(), results.member_code.tolist(), strict=True):
        rows[row].append(results.player_ids[code])
    return rows


def reference(register: Register, results: Results, players: list[list[str]]) -> dict[str, float]:
    """The same formulas, one row at a time, in plain Python."""
    h = dict(zip(register.ids, register.handicap.tolist(), strict=True))
    rows_by_date: dict[str, dict[str, list[int]]] = {}
    for row, competition in enumerate(results.competition):
        by_competition = rows_by_date.setdefault(str(results.date[row]), {})
        by_competition.setdefault(competition, []).append(row)
    achieved = results.achieved.tolist()
    boards = results.boards.tolist()
    played = results.played.tolist()
    s, c_b = SPEC.s_topscore, SPEC.c_b_topscore
    for date in sorted(rows_by_date):
        total: dict[str, float] = {}
        for rows in rows_by_date[date].values():
            own = {}
            for row in rows:
                members = players[row]
                own[row] = sum(h.get(p, SPEC.cap) for p in members) / len(members)
            n = len(rows)
            mean = sum(own.values()) / n
            c_u = n / (n - 1)
            for row in rows:
                expected = c_u * (mean - own[row]) / c_b
                weight = played[row] / SPEC.impact * boards[row] / (boards[row] + s)
                delta = weight * c_u * c_b * (expected - achieved[row])
                for p in players[row]:
                    total[p] = total.get(p, 0.0) + delta
        for p, delta in total.items():
            h[p] = min(SPEC.cap, h.get(p, SPEC.cap) + delta)
    return h


def run(settings: dict[str, int]) -> dict[str, float]:
    register_text, results_text = month(settings["players"], settings["rows"])
    register, results = parse_register(register_text), parse_results(results_text)
    ours = apply_results(register, results, set())
    players = players_by_row(results)
    plain = reference(register, results, players)
    ids = register.ids + ours.newcomers
    assert np.allclose(ours.handicap, [plain[i] for i in ids], rtol=0, atol=1e-9)
    apply_s = best_of(lambda: apply_results(register, results, set()), settings["repeats"])
    reference_s = best_of(lambda: reference(register, results, players), settings["repeats"])
    with tempfile.TemporaryDirectory() as folder:
        register_path, results_path = Path(folder, "players.csv"), Path(folder, "results.csv")
        results_path.write_text(results_text)

        def end_to_end() -> None:
            register_path.write_text(register_text)
            Path(folder, "players-history.csv").unlink(missing_ok=True)
            with contextlib.redirect_stderr(io.StringIO()):
                code = cli_main(
                    [
                        "handicap",
                        "update",
                        "--register",
                        str(register_path),
                        "--results",
                        str(results_path),
                        "--add-new",
                    ]
                )
            assert code == 0

        end_to_end_s = best_of(end_to_end, settings["repeats"])
    return {
        "players": settings["players"],
        "rows": len(results.competition),
        "competitions": len(set(results.competition)),
        "apply_s": apply_s,
        "reference_s": reference_s,
        "speedup": reference_s / apply_s,
        "end_to_end_s": end_to_end_s,
    }


def lines(sizes: Any) -> list[Line]:
    """Workload 6: the handicap batch against the per-row loop."""
    register_text, results_text = month(30_000, 400_000)
    register, results = parse_register(register_text), parse_results(results_text)
    players = players_by_row(results)
    ours, loop = interleaved(
        lambda: apply_results(register, results, set()),
        lambda: reference(register, results, players),
        sizes.handicap_repeats,
    )
    return [
        Line(
            "handicap batch vs per-row loop",
            "30,000 players, 400,005 rows, 30 days",
            ours,
            "the same formulas, row by row in Python",
            loop,
            "faster",
        )
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="a tenth of the size (CI)")
    args = parser.parse_args(argv)
    r = run(SHORT if args.short else FULL)
    command = "python benchmarks/bench_handicap.py" + (" --short" if args.short else "")
    print(
        f"Handicap batch: {r['players']:,} players, {r['rows']:,} result rows, "
        f"{r['competitions']:,} competitions over {DAYS} days; `{command}`"
    )
    print()
    print("| step | xlbridge (s) | per-row Python loop (s) | speed-up |")
    print("|---|---:|---:|---:|")
    print(
        f"| apply (computation) | {r['apply_s']:.3f} | {r['reference_s']:.3f} | "
        f"{r['speedup']:.1f}× |"
    )
    print(f"| end to end: read, check, apply, write | {r['end_to_end_s']:.3f} | | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
