"""Benchmark of the xlbridge core against a pure-Python reference and a bare-numpy floor.

Run from the repository root::

    python benchmarks/bench_core.py            # full run (1,000,000 margins; about 15 s)
    python benchmarks/bench_core.py --short    # smoke run (20,000 margins; a few seconds)
    python benchmarks/bench_core.py --json results.json

Every case times three things on the same data, in one process:

* **xlbridge** — the public core function (``VPScale.vp``, ``imps``, ``wbf_vp``, ``vp_scale``,
  ``wbf_table``);
* **reference** — a plain pure-Python loop written below that computes the same numbers one
  value at a time; before anything is timed its output is asserted to be *equal* to xlbridge's
  on the timed data;
* **numpy floor** — the single bare numpy kernel at the heart of the operation (for example
  ``np.searchsorted(scale.lower, np.abs(x), side="right")``) on the same data. It does less
  work than xlbridge (no rounding, sign or NaN handling, no validation), so it is a lower
  bound on what the machine needs, not a competitor.

Each timing is the best of several repeats of ``time.perf_counter`` with the garbage
collector paused. Ratios are xlbridge / reference (below 1: xlbridge is faster) and
xlbridge / numpy floor (how many bare kernels xlbridge costs).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from statistics import NormalDist
from typing import Any

import numpy as np

from xlbridge.scoring.imps import IMP_EDGES, imps
from xlbridge.scoring.scales.gaussian import VPScale, _build_scale, vp_scale
from xlbridge.scoring.scales.wbf import blitz, wbf_table, wbf_vp

# --------------------------------------------------------------------------------------------
# Settings and results
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """Sizes and repeat counts of one run."""

    margins: int  # values per array case
    fast_repeats: int  # repeats of the xlbridge and numpy timings
    slow_repeats: int  # repeats of the pure-Python reference timings
    max_boards: int  # scales are built for boards 1 … max_boards
    seed: int = 20240501


FULL = Settings(margins=1_000_000, fast_repeats=7, slow_repeats=5, max_boards=200)
SHORT = Settings(margins=20_000, fast_repeats=3, slow_repeats=2, max_boards=200)

VP_BOARDS = 8  # the array cases use a teams match of 8 boards
BUTLER_TABLES = 15
SCALE_FORMS: tuple[tuple[str, int | None], ...] = (
    ("teams", None),
    ("pairs", None),
    ("butler", BUTLER_TABLES),
)


@dataclass
class Result:
    """Timings of one case, in seconds (best of the repeats)."""

    case: str
    size: int
    unit: str
    xlbridge_s: float
    reference_s: float
    numpy_s: float
    numpy_op: str
    checked: bool
    notes: list[str] = field(default_factory=list)

    @property
    def vs_reference(self) -> float:
        """xlbridge time / reference time (below 1: xlbridge is faster)."""
        return self.xlbridge_s / self.reference_s

    @property
    def vs_numpy(self) -> float:
        """xlbridge time / bare-numpy time (at least about 1 by construction)."""
        return self.xlbridge_s / self.numpy_s

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready record including the ratios."""
        return {
            "case": self.case,
            "size": self.size,
            "unit": self.unit,
            "xlbridge_s": self.xlbridge_s,
            "reference_s": self.reference_s,
            "numpy_s": self.numpy_s,
            "xlbridge_over_reference": self.vs_reference,
            "xlbridge_over_numpy": self.vs_numpy,
            "numpy_op": self.numpy_op,
            "checked": self.checked,
            "notes": self.notes,
        }


def best_of(func: Callable[[], object], repeats: int) -> float:
    """The shortest of ``repeats`` wall-clock timings of ``func()``, GC paused."""
    times: list[float] = []
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            start = time.perf_counter()
            func()
            times.append(time.perf_counter() - start)
    finally:
        if was_enabled:
            gc.enable()
    return min(times)


def assert_same(case: str, ours: np.ndarray, reference: np.ndarray) -> bool:
    """Raise AssertionError unless both arrays hold the same numbers (NaN equal to NaN)."""
    ours = np.asarray(ours, dtype=float)
    reference = np.asarray(reference, dtype=float)
    if ours.shape != reference.shape:
        raise AssertionError(f"{case}: shapes differ, {ours.shape} vs {reference.shape}")
    if not np.array_equal(ours, reference, equal_nan=True):
        bad = np.flatnonzero(~((ours == reference) | (np.isnan(ours) & np.isnan(reference))))
        i = int(bad[0])
        raise AssertionError(
            f"{case}: {bad.size} values differ; first at {i}: "
            f"xlbridge {ours[i]!r} vs reference {reference[i]!r}"
        )
    return True


# --------------------------------------------------------------------------------------------
# Pure-Python references (one value at a time, no numpy in the loops)
# --------------------------------------------------------------------------------------------


def _round_half_away_abs(value: float) -> float:
    """|value| rounded to a whole number, halves away from zero (spreadsheet ROUND)."""
    return float(math.floor(abs(value) + 0.5 + 1e-9))


def reference_vp(scale: VPScale, margins: np.ndarray) -> np.ndarray:
    """VPs per margin by walking the scale's band bounds from the draw upward."""
    bounds = scale.lower.tolist()
    winner = scale.winner.tolist()
    loser = scale.loser.tolist()
    card = scale.is_card
    granularity = scale.granularity
    offset = scale.offset
    out: list[float] = []
    for margin in margins.tolist():
        if margin != margin:  # NaN
            out.append(math.nan)
            continue
        signed = margin - offset
        size = _round_half_away_abs(signed / granularity) if card else abs(signed)
        row = 0
        for bound in bounds:
            if size < bound:
                break
            row += 1
        out.append(float(winner[row] if signed >= 0 else loser[row]))
    return np.array(out, dtype=float)


#: Law 78B: a difference of at least LAW_78B[i] points is worth i + 1 IMPs.
LAW_78B: list[int] = [
    20,
    50,
    90,
    130,
    170,
    220,
    270,
    320,
    370,
    430,
    500,
    600,
    750,
    900,
    1100,
    1300,
    1500,
    1750,
    2000,
    2250,
    2500,
    3000,
    3500,
    4000,
]


def reference_imps(points: np.ndarray) -> np.ndarray:
    """Signed IMPs per point difference by walking the Law 78B edges."""
    out: list[float] = []
    for diff in points.tolist():
        if diff != diff:  # NaN
            out.append(math.nan)
            continue
        size = abs(diff)
        won = 0
        for edge in LAW_78B:
            if size < edge:
                break
            won += 1
        out.append(float(won) if diff > 0 else -float(won) if diff < 0 else 0.0)
    return np.array(out, dtype=float)


GOLDEN_TAU = (math.sqrt(5) - 1) / 2


def reference_wbf_table(boards: int) -> list[float]:
    """The WBF 2013 winner VPs for 0 … ⌈B⌉ IMPs, in pure Python.

    Formula 10 + 10·(1 − τ^(3M/B))/(1 − τ³) below the blitz B = 15·√n and 20 from it,
    rounded to cents (halves away from zero), then made concave: while some V(M+1) − V(M)
    exceeds V(M) − V(M−1), the first such V(M) is raised by one cent.
    """
    b = 15.0 * math.sqrt(boards)
    top = math.ceil(b)
    cents: list[int] = []
    for m in range(top + 1):
        vp = 20.0 if m >= b else 10 + 10 * (1 - GOLDEN_TAU ** (3 * m / b)) / (1 - GOLDEN_TAU**3)
        cents.append(math.floor(vp * 100 + 0.5 + 1e-9))
    i = 1
    while i < top:
        if cents[i + 1] - cents[i] > cents[i] - cents[i - 1]:
            cents[i] += 1
            i = max(1, i - 1)  # raising V(i) can only create an offender at i − 1 or i + 1
        else:
            i += 1
    return [c / 100 for c in cents]


def reference_wbf(margins: np.ndarray, boards: int) -> np.ndarray:
    """WBF VPs per margin: round the margin, look the winner's VPs up, 20 − that for a loss."""
    table = reference_wbf_table(boards)
    last = len(table) - 1
    out: list[float] = []
    for margin in margins.tolist():
        if margin != margin:  # NaN
            out.append(math.nan)
            continue
        whole = math.copysign(_round_half_away_abs(margin), margin)
        won = table[min(int(abs(whole)), last)]
        out.append(round(won if whole >= 0 else 20 - won, 2))
    return np.array(out, dtype=float)


_NORMAL = NormalDist()
_REFERENCE_K = {"teams": 6.5, "pairs": 11.0, "butler": 7.0}


def reference_card(form: str, boards: int, tables: int | None) -> tuple[list[int], ...]:
    """A 20-VP card (rounding nearest) in pure Python: (lower bounds, winner, loser).

    Band edges z_j = Φ⁻¹(0.5 + (2j+1)/42) times σ: K·√n (teams), S8·√8/√n % (pairs, bounds in
    0.01 %), 1.2·K·√(n(t−1)/2t) + 1 (Butler). Each bound is at least one unit above the last.
    """
    k = _REFERENCE_K[form]
    if form == "teams":
        s = k * math.sqrt(boards)
    elif form == "pairs":
        s = k * math.sqrt(8) / math.sqrt(boards)
    elif form == "butler" and tables is not None:
        s = 1.2 * k * math.sqrt(boards * (tables - 1) / (2 * tables)) + 1.0
    else:
        raise ValueError(f"no reference for form {form!r}")
    granularity = 0.01 if form == "pairs" else 1.0
    lower: list[int] = []
    previous = 0
    for j in range(10):
        z = _NORMAL.inv_cdf(0.5 + (2 * j + 1) / 42)
        bound = max(math.floor(z * s / granularity + 0.5), previous + 1)
        lower.append(bound)
        previous = bound
    return lower, list(range(10, 21)), list(range(10, -1, -1))


# --------------------------------------------------------------------------------------------
# Cases
# --------------------------------------------------------------------------------------------


def _margins(settings: Settings) -> np.ndarray:
    """IMP margins to a tenth (so exact halves occur), spread wider than an 8-board σ."""
    rng = np.random.default_rng(settings.seed)
    return np.round(rng.normal(0.0, 30.0, settings.margins), 1)


def _points(settings: Settings) -> np.ndarray:
    """Point differences, multiples of 10 from −4500 to 4500 (every Law 78B edge occurs)."""
    rng = np.random.default_rng(settings.seed + 1)
    return rng.integers(-450, 451, settings.margins).astype(float) * 10


def bench_vp(settings: Settings, rounding: str) -> Result:
    """VPScale.vp on an array of margins, teams of 8 boards."""
    scale = vp_scale(VP_BOARDS, form="teams", rounding=rounding)
    x = _margins(settings)
    label = "card (nearest)" if rounding != "none" else "continuous (rounding none)"
    checked = assert_same(f"VP {label}", scale.vp(x), reference_vp(scale, x))
    lower = scale.lower
    return Result(
        case=f"VP lookup, {label}, teams {VP_BOARDS} boards",
        size=x.size,
        unit="margins",
        xlbridge_s=best_of(lambda: scale.vp(x), settings.fast_repeats),
        reference_s=best_of(lambda: reference_vp(scale, x), settings.slow_repeats),
        numpy_s=best_of(
            lambda: np.searchsorted(lower, np.abs(x), side="right"), settings.fast_repeats
        ),
        numpy_op="np.searchsorted(scale.lower, np.abs(x), side='right')",
        checked=checked,
    )


def bench_imps(settings: Settings) -> Result:
    """imps on an array of point differences."""
    x = _points(settings)
    checked = assert_same("IMPs", imps(x), reference_imps(x))
    return Result(
        case="IMPs (Law 78B)",
        size=x.size,
        unit="differences",
        xlbridge_s=best_of(lambda: imps(x), settings.fast_repeats),
        reference_s=best_of(lambda: reference_imps(x), settings.slow_repeats),
        numpy_s=best_of(
            lambda: np.searchsorted(IMP_EDGES, np.abs(x), side="right"), settings.fast_repeats
        ),
        numpy_op="np.searchsorted(IMP_EDGES, np.abs(x), side='right')",
        checked=checked,
    )


def bench_wbf(settings: Settings) -> Result:
    """wbf_vp on an array of margins, 8 boards (table already cached, as in use)."""
    x = _margins(settings)
    table = wbf_table(VP_BOARDS)
    index = np.minimum(np.abs(np.rint(x)), len(table) - 1).astype(np.intp)
    checked = assert_same("WBF VP", wbf_vp(x, VP_BOARDS), reference_wbf(x, VP_BOARDS))
    return Result(
        case=f"WBF VP, {VP_BOARDS} boards",
        size=x.size,
        unit="margins",
        xlbridge_s=best_of(lambda: wbf_vp(x, VP_BOARDS), settings.fast_repeats),
        reference_s=best_of(lambda: reference_wbf(x, VP_BOARDS), settings.slow_repeats),
        numpy_s=best_of(lambda: np.take(table, index), settings.fast_repeats),
        numpy_op="np.take(table, index), index = |margin| rounded, precomputed",
        checked=checked,
        notes=[f"reference rebuilds its {len(table)}-entry table on every call"],
    )


def _scale_keys(settings: Settings) -> list[tuple[str, int, int | None]]:
    return [
        (form, boards, tables)
        for form, tables in SCALE_FORMS
        for boards in range(1, settings.max_boards + 1)
    ]


def _build_all(keys: Sequence[tuple[str, int, int | None]]) -> None:
    for form, boards, tables in keys:
        vp_scale(boards, form=form, tables=tables)


def _reference_all(keys: Sequence[tuple[str, int, int | None]]) -> None:
    for key in keys:
        reference_card(*key)


def bench_scales(settings: Settings) -> list[Result]:
    """vp_scale for every board count and form: cold cache, warm cache per form, one sweep."""
    keys = _scale_keys(settings)
    for key in keys:
        form, boards, tables = key
        scale = vp_scale(boards, form=form, tables=tables)
        lower, winner, loser = reference_card(*key)
        assert_same(f"scale {key}", scale.lower, np.array(lower))
        assert_same(f"scale {key} winner", scale.winner, np.array(winner))
        assert_same(f"scale {key} loser", scale.loser, np.array(loser))

    # Bare-numpy floor: every scale's rounded bounds in one vectorised expression.
    z = np.array([_NORMAL.inv_cdf(0.5 + (2 * j + 1) / 42) for j in range(10)])
    per_unit = np.array([_sigma_over_unit(*key) for key in keys])

    def floor_all() -> np.ndarray:
        return np.floor(np.multiply.outer(per_unit, z) + 0.5)

    numpy_s = best_of(floor_all, settings.fast_repeats)
    numpy_op = "np.floor(np.multiply.outer(σ/unit, z) + 0.5) for all scales at once"
    reference_s = best_of(lambda: _reference_all(keys), settings.slow_repeats)
    n = len(keys)
    label = f"boards 1–{settings.max_boards} × teams/pairs/butler({BUTLER_TABLES} tables)"

    def cold() -> None:
        _build_scale.cache_clear()
        _build_all(keys)

    cold_s = best_of(cold, settings.fast_repeats)

    # Warm, one form at a time: each form's keys fit the cache, so every call is a hit.
    warm_s = 0.0
    hits = 0
    for form, _tables in SCALE_FORMS:
        form_keys = [key for key in keys if key[0] == form]
        _build_scale.cache_clear()
        _build_all(form_keys)
        hits_before = _build_scale.cache_info().hits
        warm_s += best_of(partial(_build_all, form_keys), settings.fast_repeats)
        hits += (_build_scale.cache_info().hits - hits_before) // settings.fast_repeats

    # Warm, all keys in one sweep: shows whether the cache holds them all.
    _build_scale.cache_clear()
    _build_all(keys)
    sweep_before = _build_scale.cache_info()
    sweep_s = best_of(partial(_build_all, keys), settings.fast_repeats)
    sweep_after = _build_scale.cache_info()
    sweep_hits = (sweep_after.hits - sweep_before.hits) // settings.fast_repeats
    maxsize = sweep_after.maxsize
    _build_scale.cache_clear()

    def scale_result(case: str, xlbridge_s: float, note: str) -> Result:
        return Result(
            case=case,
            size=n,
            unit="scales",
            xlbridge_s=xlbridge_s,
            reference_s=reference_s,
            numpy_s=numpy_s,
            numpy_op=numpy_op,
            checked=True,
            notes=[note],
        )

    sweep_note = f"cache hits {sweep_hits}/{n} per sweep (lru_cache maxsize {maxsize})"
    if sweep_hits < n:
        sweep_note += "; more keys than the cache holds, so a cyclic sweep evicts every entry"
    return [
        scale_result(
            f"vp_scale cold (cache cleared), {label}",
            cold_s,
            "reference has no cache: it rebuilds every card",
        ),
        scale_result(
            f"vp_scale warm, one form at a time (≤{settings.max_boards} keys)",
            warm_s,
            f"cache hits {hits}/{n} per sweep; sum of the three per-form bests",
        ),
        scale_result(f"vp_scale warm, all {n} keys in one sweep", sweep_s, sweep_note),
    ]


def _sigma_over_unit(form: str, boards: int, tables: int | None) -> float:
    """σ divided by the card's unit, for the numpy floor of scale construction."""
    k = _REFERENCE_K[form]
    if form == "teams":
        return k * math.sqrt(boards)
    if form == "pairs":
        return k * math.sqrt(8) / math.sqrt(boards) / 0.01
    assert tables is not None
    return 1.2 * k * math.sqrt(boards * (tables - 1) / (2 * tables)) + 1.0


def bench_wbf_tables(settings: Settings) -> Result:
    """wbf_table for boards 1 … max_boards with the cache cleared."""
    boards = range(1, settings.max_boards + 1)
    for n in boards:
        assert_same(f"WBF table {n}", wbf_table(n), np.array(reference_wbf_table(n)))

    margins = np.concatenate([np.arange(math.ceil(blitz(n)) + 1) for n in boards])
    per_board = np.concatenate([np.full(math.ceil(blitz(n)) + 1, n) for n in boards]).astype(float)

    def cold() -> None:
        wbf_table.cache_clear()
        for n in boards:
            wbf_table(n)

    result = Result(
        case=f"WBF tables cold (cache cleared), boards 1–{settings.max_boards}",
        size=len(boards),
        unit="tables",
        xlbridge_s=best_of(cold, settings.fast_repeats),
        reference_s=best_of(
            lambda: [reference_wbf_table(n) for n in boards], settings.slow_repeats
        ),
        numpy_s=best_of(lambda: _wbf_formula_all(margins, per_board), settings.fast_repeats),
        numpy_op="formula + cents rounding for every table entry at once (no concave pass)",
        checked=True,
        notes=["concave pass in xlbridge is a numpy while-loop, one cent per iteration"],
    )
    wbf_table.cache_clear()
    return result


def _wbf_formula_all(margins: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """The WBF formula in cents for every (margin, boards) pair in one numpy expression."""
    b = 15.0 * np.sqrt(boards)
    curve = 10 + 10 * (1 - GOLDEN_TAU ** (3 * margins / b)) / (1 - GOLDEN_TAU**3)
    return np.floor(np.where(margins >= b, 20.0, curve) * 100 + 0.5)


# --------------------------------------------------------------------------------------------
# Running and reporting
# --------------------------------------------------------------------------------------------


def run(short: bool = False) -> list[Result]:
    """Run every case; raises AssertionError if a reference disagrees with xlbridge."""
    settings = SHORT if short else FULL
    results = [
        bench_vp(settings, "nearest"),
        bench_vp(settings, "none"),
        bench_imps(settings),
        bench_wbf(settings),
    ]
    results += bench_scales(settings)
    results.append(bench_wbf_tables(settings))
    return results


def machine() -> dict[str, Any]:
    """CPU model, core count and library versions of this machine."""
    model = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "platform": platform.platform(),
    }


def _seconds(value: float) -> str:
    return f"{value:.6f}" if value >= 1e-4 else f"{value:.2e}"


def markdown_table(results: Sequence[Result]) -> str:
    """The results as a markdown table (times in seconds, best of the repeats)."""
    lines = [
        "| case | n | xlbridge (s) | reference (s) | numpy floor (s) "
        "| xlbridge / reference | xlbridge / numpy |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        lines.append(
            f"| {r.case} | {r.size:,} {r.unit} | {_seconds(r.xlbridge_s)} "
            f"| {_seconds(r.reference_s)} | {_seconds(r.numpy_s)} "
            f"| {r.vs_reference:.4f} | {r.vs_numpy:.1f} |"
        )
    return "\n".join(lines)


def notes_text(results: Sequence[Result]) -> str:
    """The numpy floor of each case and any notes, as a markdown list."""
    lines = []
    for r in results:
        extra = "; ".join(r.notes)
        lines.append(f"- {r.case}: numpy floor = `{r.numpy_op}`" + (f"; {extra}" if extra else ""))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point: run, print the markdown report, optionally write JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--short", action="store_true", help="small sizes, a few seconds")
    parser.add_argument("--json", metavar="PATH", type=Path, help="also write results here")
    args = parser.parse_args(argv)

    settings = SHORT if args.short else FULL
    info = machine()
    start = time.perf_counter()
    results = run(short=args.short)
    elapsed = time.perf_counter() - start

    mode = "short" if args.short else "full"
    print(
        f"xlbridge core benchmark ({mode}: {settings.margins:,} values, "
        f"best of {settings.fast_repeats} / reference best of {settings.slow_repeats})"
    )
    print(f"{info['cpu']}, {info['cores']} cores; Python {info['python']}, numpy {info['numpy']}")
    print("All reference outputs equal xlbridge's on the timed data.\n")
    print(markdown_table(results))
    print()
    print(notes_text(results))
    print(f"\nTotal {elapsed:.1f} s")

    if args.json is not None:
        payload = {
            "mode": mode,
            "settings": settings.__dict__,
            "machine": info,
            "elapsed_s": elapsed,
            "results": [r.as_dict() for r in results],
        }
        args.json.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
