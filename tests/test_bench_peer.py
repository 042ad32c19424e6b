"""The peer benchmark (benchmarks/peer.py) runs the npm package bridge-scorer, and the peer
agrees with xlbridge: matchpoints and cross-IMPs exactly, Butler IMPs up to its datum rule.

Needs node and npm (and the npm registry the first time, to install bridge-scorer into a cache
folder outside the repository). Without them the tests are skipped, unless
``XLBRIDGE_REQUIRE_PEER=1`` is set, in which case they fail.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from benchmark_modules import load

from xlbridge.scoring.boards.cross_imps import cross_imps
from xlbridge.scoring.boards.datums import butler_imps, datum
from xlbridge.scoring.boards.matchpoints import matchpoints
from xlbridge.scoring.imps import imps

PEER_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "peer.py"
REQUIRE_ENV_VAR = "XLBRIDGE_REQUIRE_PEER"

#: Boards whose means end in an exact 5: bridge-scorer rounds it up (425 → 430, −435 → −430),
#: xlbridge away from zero by default (425 → 430, −435 → −440) or to the even ten (420, −440).
HALF_BOARDS = [[420, 430], [-430, -440]]
#: Scores with many ties, a 0 (passed out) and IMP differences from small to large.
POOL = np.array(
    [-1700, -800, -500, -200, -100, -50, 0, 0, 90, 110, 140, 400, 420, 430, 450, 620, 650, 1430]
)


@pytest.fixture(scope="module")
def peer() -> ModuleType:
    return load("peer")


def _unavailable(reason: str) -> None:
    if os.environ.get(REQUIRE_ENV_VAR) == "1":
        pytest.fail(f"bridge-scorer peer unusable: {reason} ({REQUIRE_ENV_VAR}=1 is set)")
    pytest.skip(f"bridge-scorer peer unusable: {reason}")


@pytest.fixture(scope="module")
def scorer(peer: ModuleType) -> Any:
    reason = peer.BridgeScorer.available()
    if reason is not None:
        _unavailable(reason)
    try:
        return peer.BridgeScorer()
    except peer.PeerError as error:  # e.g. the npm registry is out of reach
        _unavailable(str(error))


@pytest.fixture(scope="module")
def boards() -> list[list[int]]:
    """Boards of 2–30 entries (including 4, 10/11 and 25/26, where bridge-scorer's number of
    dropped scores changes), scores multiples of 10 with ties and 0s."""
    rng = np.random.default_rng(20240611)
    sizes = [2, 3, 4, 10, 11, 25, 26, 30, *rng.integers(2, 31, size=6)]
    result = [[0, 0], [0, 0, 0], *HALF_BOARDS]
    for size in sizes:
        pooled = rng.choice(POOL, size=size)
        uniform = rng.integers(-200, 201, size=size) * 10
        result.append(np.where(rng.random(size) < 0.6, pooled, uniform).tolist())
    return result


@pytest.fixture(scope="module")
def runs(scorer: Any, peer: ModuleType, boards: list[list[int]]) -> dict[str, Any]:
    return {method: scorer.run(method, boards, repeats=2) for method in peer.METHODS}


def _flat(boards: list[list[int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    board = np.concatenate([np.full(len(b), i) for i, b in enumerate(boards)])
    entry = np.concatenate([np.arange(len(b)) for b in boards])
    score = np.concatenate([np.asarray(b, dtype=float) for b in boards])
    return board, entry, score


def _peer_datum(scores: list[int]) -> float:
    """bridge-scorer 2.4.0's Butler datum (lib/imps.js), in Python."""
    kept = sorted(scores, reverse=True)
    if len(kept) > 3:
        drops = math.ceil((len(kept) - 10) / 15) + 1
        kept = kept[drops:-drops]
    return math.floor(sum(kept) / len(kept) / 10 + 0.5) * 10  # Math.round: an exact 5 goes up


def test_pinned_and_outside_the_repo(peer: ModuleType, scorer: Any) -> None:
    assert peer.PEER_PACKAGE == "bridge-scorer"
    assert scorer.cache_dir.name == f"bridge-scorer-{peer.PEER_VERSION}"
    assert not scorer.cache_dir.is_relative_to(PEER_PATH.parent.parent)
    assert not (PEER_PATH.parent / "node_modules").exists()
    assert not (PEER_PATH.parent.parent / "node_modules").exists()


def test_times_are_positive(
    peer: ModuleType, runs: dict[str, Any], boards: list[list[int]]
) -> None:
    for method, run in runs.items():
        assert run.best_seconds > 0, method
        assert [len(v) for v in run.values] == [len(b) for b in boards], method


def test_matchpoints_agree(runs: dict[str, Any], boards: list[list[int]]) -> None:
    ours = matchpoints(*_flat(boards), scoring="english").value
    theirs = np.concatenate(runs["matchpoints"].values)
    np.testing.assert_allclose(theirs, ours, rtol=0, atol=1e-9)


def test_cross_imps_agree(runs: dict[str, Any], boards: list[list[int]]) -> None:
    ours = cross_imps(*_flat(boards), divisor="comparisons").value
    theirs = np.concatenate(runs["crossImps"].values)
    np.testing.assert_allclose(theirs, ours, rtol=0, atol=1e-9)


def test_butler_differs_only_by_the_datum(runs: dict[str, Any], boards: list[list[int]]) -> None:
    board, entry, score = _flat(boards)
    theirs = np.concatenate(runs["butler"].values)
    their_datum = np.array([_peer_datum(b) for b in boards])
    # bridge-scorer's Butler IMPs are the IMPs against its own datum ...
    np.testing.assert_allclose(theirs, imps(score - their_datum[board]), rtol=0, atol=1e-9)
    # ... and equal ours wherever the two datums agree.
    our_datum = datum(board, entry, score).value
    same = (their_datum == our_datum)[board]
    ours = butler_imps(board, entry, score).value
    np.testing.assert_allclose(theirs[same], ours[same], rtol=0, atol=1e-9)
    # The rounding of a negative exact 5 differs (board 3), and so does the trimming of 11+.
    assert their_datum[2:4].tolist() == [430, -430]
    assert our_datum[2:4].tolist() == [430, -440]
    assert datum(board, entry, score, rounding="even").value[2:4].tolist() == [420, -440]
    assert (theirs[~same] != ours[~same]).any()
