"""Workload 8: a national simultaneous pairs — contracts scored, the session scored and ranked.

    python benchmarks/bench_session.py [--quick]

The event: 200 clubs of 10 tables (2,000 tables, 4,000 pairs) play the same 24 boards, 8 rounds
of 3 (48,000 traveller lines with contracts), scored by matchpoints across the field and
ranked NS and EW. Measured, ours and the reference in turns:

* **contract scoring** — :func:`xlbridge.scoring.contract.ns_score` of 1,000,000 contracts
  against the same rules (Law 77) as a per-row Python loop; values asserted equal first
  (at least 50× faster);
* **the session** — :func:`xlbridge.scoring.session.score_session` on the parsed lines (tables
  checked, every board matchpointed across the field, pair totals, percentages and places)
  against :func:`xlbridge.scoring.boards.matchpoints.matchpoints` of the same lines' NS scores (at
  most 2×);
* **end to end** (recorded) — ``xlbridge session`` on the CSV file: reading it, working out
  48,000 contracts, scoring, printing the ranking and writing it as CSV.
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
import numpy as np
from bench_common import Line, best_of, interleaved, script_main

from xlbridge.cli.main import main as cli_main
from xlbridge.scoring.boards.matchpoints import matchpoints
from xlbridge.scoring.contract import SEATS, VULNERABILITY, Contract, ns_score
from xlbridge.scoring.session import SCORE, Traveller, score_session

CLUBS, TABLES, ROUNDS, BOARDS_PER_ROUND = 200, 10, 8, 3
CONTRACTS = 1_000_000


def random_contracts(size: int, seed: int) -> dict[str, np.ndarray]:
    """Contracts spread over every level, strain, doubling, declarer, result and board."""
    rng = np.random.default_rng(seed)
    level = rng.integers(1, 8, size)
    return {
        "level": np.where(rng.random(size) < 0.01, 0, level),  # 1 % passed out
        "strain": rng.integers(0, 5, size),
        "doubled": rng.choice([0, 0, 0, 0, 1, 2], size),
        "declarer": rng.integers(0, 4, size),
        "tricks": np.clip(level + 6 + rng.integers(-4, 3, size), 0, 13),
        "board": rng.integers(1, 37, size),
    }


_TRICK_VALUE = {0: 20, 1: 20, 2: 30, 3: 30, 4: 30}


def loop_score(
    level: int, strain: int, doubled: int, declarer: int, tricks: int, board: int
) -> int:
    """NS's score of one contract, Law 77 written out plainly (the per-row reference)."""
    if level == 0:
        return 0
    vulnerability = VULNERABILITY[(board - 1) % 16]
    vul = vulnerability == "all" or vulnerability == ("NS" if declarer % 2 == 0 else "EW")
    needed = level + 6
    if tricks >= needed:
        per_trick = _TRICK_VALUE[strain]
        trick_score = per_trick * level + (10 if strain == 4 else 0)
        trick_score *= (1, 2, 4)[doubled]
        score = trick_score + ((500 if vul else 300) if trick_score >= 100 else 50)
        if level == 6:
            score += 750 if vul else 500
        elif level == 7:
            score += 1500 if vul else 1000
        over = tricks - needed
        if doubled:
            score += 50 * doubled + over * (200 if vul else 100) * doubled
        else:
            score += over * per_trick
    else:
        down = needed - tricks
        if not doubled:
            score = -(100 if vul else 50) * down
        else:
            penalty = 0
            for trick in range(1, down + 1):
                if vul:
                    penalty += 200 if trick == 1 else 300
                else:
                    penalty += 100 if trick == 1 else 200 if trick <= 3 else 300
            score = -penalty * doubled
    return score if declarer % 2 == 0 else -score


def loop_scores(columns: dict[str, np.ndarray]) -> list[int]:
    lists = [
        columns[key].tolist()
        for key in ("level", "strain", "doubled", "declarer", "tricks", "board")
    ]
    return [loop_score(*row) for row in zip(*lists, strict=True)]


def national(seed: int = 8, clubs: int = CLUBS) -> Traveller:
    """The simultaneous pairs as parsed traveller lines: club c is section c; NS pairs 1–10
    stay, EW pairs 11–20 move up a table a round; every table plays round r's boards (``clubs``
    fewer for a smaller event)."""
    rng = np.random.default_rng(seed)
    club, table, round_, within = np.meshgrid(
        np.arange(clubs),
        np.arange(TABLES),
        np.arange(ROUNDS),
        np.arange(BOARDS_PER_ROUND),
        indexing="ij",
    )
    club, table, round_, within = (a.reshape(-1) for a in (club, table, round_, within))
    board = round_ * BOARDS_PER_ROUND + within + 1
    order = np.lexsort((table, club, board))  # traveller order: board by board
    club, table, round_, board = club[order], table[order], round_[order], board[order]
    size = board.size
    ew = TABLES + (table + round_) % TABLES
    # Each board has a par contract; tables play it or something near it.
    par_level = rng.integers(1, 7, 24)[board - 1]
    par_strain = rng.integers(0, 5, 24)[board - 1]
    level = np.clip(par_level + rng.choice([-1, 0, 0, 0, 1], size), 1, 7)
    strain = np.where(rng.random(size) < 0.8, par_strain, rng.integers(0, 5, size))
    doubled = rng.choice([0] * 12 + [1], size)
    declarer = rng.integers(0, 4, size)
    tricks = np.clip(level + 6 + rng.choice([-2, -1, 0, 0, 0, 1], size), 0, 13)
    return played(
        {"section": club, "board": board, "ns_pair": table, "ew_pair": ew, "round": round_ + 1},
        (level, strain, doubled, declarer, tricks),
        sections=tuple(f"C{c + 1}" for c in range(clubs)),
        pairs=tuple(str(i) for i in range(1, 2 * TABLES + 1)),
        source="national",
    )


def played(
    seats: dict[str, np.ndarray],
    contracts: tuple[np.ndarray, ...],
    *,
    sections: tuple[str, ...],
    pairs: tuple[str, ...],
    source: str,
) -> Traveller:
    """Traveller lines of contracts played: ``seats`` holds each line's section and pair codes,
    board and round; ``contracts`` its level, strain, doubling, declarer and tricks (the NS
    score and the contract's text are worked out)."""
    level, strain, doubled, declarer, tricks = contracts
    board = seats["board"]
    size = board.size
    kinds = {
        (lv, st, dbl): str(Contract(lv, st, dbl))
        for lv in range(1, 8)
        for st in range(5)
        for dbl in range(3)
    }
    keys = zip(level.tolist(), strain.tolist(), doubled.tolist(), strict=True)
    nan = np.full(size, np.nan)
    return Traveller(
        section=seats["section"].astype(np.int64),
        board=board.astype(np.int64),
        ns_pair=seats["ns_pair"].astype(np.int64),
        ew_pair=seats["ew_pair"].astype(np.int64),
        kind=np.full(size, SCORE, dtype=np.int8),
        ns_score=ns_score(level, strain, doubled, declarer, tricks, board).astype(float),
        ew_score=nan,
        weight=np.ones(size),
        ns_share=nan,
        ew_share=nan,
        contract=np.array([kinds[key] for key in keys], dtype=object),
        declarer=np.array(SEATS, dtype=object)[declarer],
        tricks=tricks.astype(np.int64),
        lead=np.full(size, "", dtype=object),
        round=seats["round"].astype(np.int64),
        lines=np.arange(2, size + 2),
        sections=sections,
        pairs=pairs,
        source=source,
    )


def national_csv(traveller: Traveller) -> str:
    """The same event as a traveller file (contract, declarer, tricks: scores worked out)."""
    out = io.StringIO()
    out.write("section,board,round,ns_pair,ew_pair,contract,declarer,result\n")
    sections, pairs = traveller.sections, traveller.pairs
    for row in range(len(traveller)):
        out.write(
            f"{sections[traveller.section[row]]},{traveller.board[row]},{traveller.round[row]},"
            f"{pairs[traveller.ns_pair[row]]},{pairs[traveller.ew_pair[row]]},"
            f"{traveller.contract[row]},{traveller.declarer[row]},{traveller.tricks[row]}\n"
        )
    return out.getvalue()


def lines(sizes: Any) -> list[Line]:
    """Workload 8: contract scoring against a per-row loop; the session against matchpoints."""
    columns = random_contracts(CONTRACTS, seed=77)
    ours_scores = ns_score(**columns)
    assert ours_scores.tolist() == loop_scores(columns), "contract scores differ from the loop"
    fast, loop = interleaved(lambda: ns_score(**columns), lambda: loop_scores(columns), 2)
    result = [
        Line(
            "contract scoring vs per-row loop",
            f"{CONTRACTS:,} contracts",
            fast,
            "the same rules, row by row in Python",
            loop,
            "faster",
        )
    ]
    event = national()
    board_entry = {"board": event.board, "entry": np.arange(len(event)), "score": event.ns_score}
    scored = score_session(event, "mp", across_field=True)
    _check_totals(event, scored, matchpoints(**board_entry).value)
    session_s, matchpoints_s = interleaved(
        lambda: score_session(event, "mp", across_field=True),
        lambda: matchpoints(**board_entry),
        sizes.repeats,
    )
    case = f"{CLUBS * TABLES:,} tables × 24 boards ({len(event):,} lines), across the field"
    result.append(
        Line(
            "session vs matchpoints",
            case,
            session_s,
            "matchpoints() of the same lines",
            matchpoints_s,
            "limit",
        )
    )
    result.append(end_to_end(event))
    return result


def _check_totals(event: Traveller, scored: Any, ns_mp: np.ndarray) -> None:
    """Pair totals from matchpoints() of every line (EW gets the top less NS's) equal the
    session's: every board was played 2,000 times, so nothing is factored."""
    top = 2 * (CLUBS * TABLES - 1)
    totals: dict[tuple[str, str, str], float] = {}
    for side, pair, values in (("NS", event.ns_pair, ns_mp), ("EW", event.ew_pair, top - ns_mp)):
        keys = event.section * len(event.pairs) + pair
        sums = np.bincount(keys, values)
        for key in np.flatnonzero(np.bincount(keys)):
            section, label = divmod(int(key), len(event.pairs))
            totals[(event.sections[section], side, event.pairs[label])] = float(sums[key])
    assert len(totals) == len(scored.pairs) == CLUBS * TABLES * 2
    for pair in scored.pairs:
        assert abs(totals[pair.key] - pair.score) < 1e-6, pair


def end_to_end(event: Traveller) -> Line:
    """``xlbridge session`` on the event's CSV file, ranking written (recorded, no floor)."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder, "national.csv")
        source.write_text(national_csv(event), encoding="utf-8")
        ranking = Path(folder, "ranking.csv")

        def command() -> None:
            with (
                contextlib.redirect_stdout(io.StringIO()),
                contextlib.redirect_stderr(io.StringIO()),
            ):
                code = cli_main(
                    ["session", str(source), "--across-field", "--ranking", str(ranking), "--force"]
                )
            assert code == 0

        seconds = best_of(command, 1)
    pairs = CLUBS * TABLES * 2
    return Line(
        "xlbridge session end to end (recorded)",
        f"{pairs:,} pairs, {len(event):,} lines with contracts, across the field",
        seconds,
        "—",
        float("nan"),
        "faster",
    )


def main(argv: Sequence[str] | None = None) -> int:
    return script_main(lines, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
