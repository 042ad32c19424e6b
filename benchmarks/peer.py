"""A published peer to benchmark board scoring against: the npm package ``bridge-scorer``.

``bridge-scorer`` (MIT, Richard Schneider, https://github.com/richardschneider/bridge-scorer)
scores ONE board at a time in JavaScript: ``matchpoints(games)``, ``crossImps(games)`` and
``butler(games)`` take an array of games like ``{contract: {declaror: 'N'}, score: 420}`` and
write ``game.matchpointsNS.value`` / ``game.impsNS.value`` onto each game.

Usage::

    reason = BridgeScorer.available()          # None when node and npm are usable
    peer = BridgeScorer()                      # installs the pinned version once, outside the repo
    run = peer.run("crossImps", [[420, 450, 0, -50]], repeats=3)
    run.best_seconds, run.values               # warm time of scoring all boards; NS values

The package goes into ``~/.cache/xlbridge-benchmarks/bridge-scorer-<version>`` (the parent
folder can be moved with the environment variable ``XLBRIDGE_BENCH_CACHE``), never into the
repository, and is reused once there. A small JavaScript driver (``DRIVER_JS``) is written next
to it; it builds the game objects of every board before any timing, runs the scoring once
untimed so that V8 has compiled it, then times ``repeats`` runs of scoring every board with
``process.hrtime.bigint`` and prints the best time and the NS values of the last run as JSON.

What the peer does that is worth knowing (read from lib/matchpoints.js and lib/imps.js, 2.4.0):

* A game is played when ``score === 0`` (then its NS score is 0, whatever its contract — a
  passed-out board) or when it has ``contract.declaror`` and a truthy score (NS score =
  score for declaror N/S, −score for E/W). Anything else (no contract, a null/NaN/"" score, the
  string "0") is silently left out of the board. The driver therefore passes every NS score as
  a JSON number with declaror 'N': a 0 stays the number 0 and is scored as NS 0.
* Matchpoints: 2 per score beaten, 1 per tie (english, top 2(N−1)); tied games end up sharing
  one ``matchpointsNS`` object.
* Cross-IMPs: every pair of games, O(N²), each IMP lookup a linear scan of the IMP table;
  divided by N − 1 (a lone game gives 0/0 = NaN, returned here as NaN).
* Butler: with more than 3 games it drops ``ceil((N − 10) / 15) + 1`` scores from EACH end
  (1 up to 10 games, 2 for 11–25, 3 for 26–40, …) and rounds the mean to 10 with
  ``Math.round`` — an exact 5 goes UP (425 → 430, −425 → −420). xlbridge drops one score from
  each end and rounds an exact 5 away from zero (or, chosen, to the even ten), so the two agree
  only where the datums do.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

PEER_PACKAGE = "bridge-scorer"
#: The version ``npm view bridge-scorer version`` reported when this was written (2.4.0 is the
#: package's only release in the registry).
PEER_VERSION = "2.4.0"
#: The peer's scoring functions that ``BridgeScorer.run`` can time.
METHODS = ("matchpoints", "crossImps", "butler")
#: Environment variable naming the folder that holds the cached install (one sub-folder per
#: version); default ``~/.cache/xlbridge-benchmarks``.
CACHE_ENV_VAR = "XLBRIDGE_BENCH_CACHE"
INSTALL_TIMEOUT_S = 300.0
RUN_TIMEOUT_S = 1800.0
#: Inputs larger than this go to node through a temporary file rather than stdin.
STDIN_LIMIT_BYTES = 1 << 20

REPO_ROOT = Path(__file__).resolve().parent.parent

DRIVER_JS = r"""'use strict';
// xlbridge benchmark driver for bridge-scorer (written by benchmarks/peer.py; do not edit).
// Input (JSON, from the file named by argv[2] or from stdin):
//   {"method": "matchpoints" | "crossImps" | "butler", "repeats": R, "boards": [[ns scores]]}
// Output (JSON): {"best_seconds": s, "values": [[NS value of each game]], "version": v}
const fs = require('fs');
const scorer = require('bridge-scorer');
const version = require('bridge-scorer/package.json').version;

const input = JSON.parse(fs.readFileSync(process.argv[2] || 0, 'utf8'));
if (!['matchpoints', 'crossImps', 'butler'].includes(input.method)) {
  throw new Error('unknown method ' + input.method);
}
const score = scorer[input.method];
const field = input.method === 'matchpoints' ? 'matchpointsNS' : 'impsNS';

// The game objects, built once before any timing. Scores are NS scores, so the declaror is N
// (score kept as is); a score of exactly 0 is played as NS 0 by bridge-scorer (score === 0).
const boards = input.boards.map(function (scores) {
  return scores.map(function (s) {
    return { contract: { declaror: 'N' }, score: Number(s) };
  });
});

function scoreAll() {
  for (let b = 0; b < boards.length; ++b) {
    score(boards[b]);
  }
}

scoreAll(); // untimed warm-up: V8 compiles the scoring code
let best = null;
for (let r = 0; r < input.repeats; ++r) {
  const start = process.hrtime.bigint();
  scoreAll();
  const elapsed = process.hrtime.bigint() - start;
  if (best === null || elapsed < best) {
    best = elapsed;
  }
}

const values = boards.map(function (games) {
  return games.map(function (game) {
    const v = game[field] ? game[field].value : null;
    return Number.isFinite(v) ? v : null; // NaN (0/0) and skipped games come back as null
  });
});
process.stdout.write(JSON.stringify({
  best_seconds: Number(best) / 1e9,
  values: values,
  version: version,
}));
"""


class PeerError(RuntimeError):
    """The peer could not be installed or run."""


@dataclass(frozen=True)
class PeerRun:
    """Best warm time of scoring all boards, and each board's NS values from the last run."""

    best_seconds: float
    values: list[list[float]]


def default_cache_dir(version: str = PEER_VERSION) -> Path:
    """``$XLBRIDGE_BENCH_CACHE/bridge-scorer-<version>``, else under ``~/.cache``."""
    root = os.environ.get(CACHE_ENV_VAR) or Path.home() / ".cache" / "xlbridge-benchmarks"
    return Path(root).expanduser().resolve() / f"{PEER_PACKAGE}-{version}"


def _installed(cache_dir: Path, version: str) -> bool:
    """Whether ``cache_dir`` holds a complete install of ``version``."""
    package = cache_dir / "node_modules" / PEER_PACKAGE
    try:
        meta = json.loads((package / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return meta.get("version") == version and (package / "index.js").is_file()


def _tail(text: str, lines: int = 15) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def _works(command: str) -> str | None:
    """None when ``command --version`` runs, else why not."""
    path = shutil.which(command)
    if path is None:
        return f"{command} is not on PATH"
    try:
        done = subprocess.run(
            [path, "--version"], capture_output=True, text=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"{command} --version failed: {error}"
    if done.returncode != 0:
        return f"{command} --version exited with {done.returncode}: {_tail(done.stderr, 3)}"
    return None


class BridgeScorer:
    """The npm package ``bridge-scorer`` at ``PEER_VERSION``, installed in a cache folder."""

    @staticmethod
    def available(cache_dir: str | os.PathLike[str] | None = None) -> str | None:
        """None when the peer is usable (node, and npm unless installed already), else why not."""
        reason = _works("node")
        if reason is not None:
            return reason
        folder = Path(cache_dir) if cache_dir is not None else default_cache_dir()
        if _installed(folder, PEER_VERSION):
            return None
        return _works("npm")

    def __init__(
        self,
        cache_dir: str | os.PathLike[str] | None = None,
        install_timeout: float = INSTALL_TIMEOUT_S,
    ) -> None:
        """Install ``bridge-scorer@PEER_VERSION`` into ``cache_dir`` unless it is there already.

        Raises PeerError if node or npm is missing, the folder lies inside the repository, or
        the install fails or takes longer than ``install_timeout`` seconds.
        """
        self.cache_dir = (
            Path(cache_dir).expanduser().resolve() if cache_dir is not None else default_cache_dir()
        )
        if self.cache_dir.is_relative_to(REPO_ROOT):
            raise PeerError(
                f"the {PEER_PACKAGE} cache must lie outside the repository ({REPO_ROOT}), "
                f"got {self.cache_dir}; set {CACHE_ENV_VAR} to another folder"
            )
        reason = self.available(self.cache_dir)
        if reason is not None:
            raise PeerError(f"cannot use {PEER_PACKAGE}: {reason}")
        self.node = shutil.which("node") or "node"
        if not _installed(self.cache_dir, PEER_VERSION):
            self._install(install_timeout)
        self.driver = self.cache_dir / "driver.js"
        if not self.driver.is_file() or self.driver.read_text(encoding="utf-8") != DRIVER_JS:
            self._write_atomically(self.driver, DRIVER_JS)

    def _install(self, timeout: float) -> None:
        """``npm install`` into a fresh sibling folder, then rename it into place.

        The rename makes a half-finished install (timeout, Ctrl-C) invisible, and lets two
        processes install at once: the loser finds the winner's folder and uses it.
        """
        self.cache_dir.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(
            tempfile.mkdtemp(prefix=f".{self.cache_dir.name}-", dir=self.cache_dir.parent)
        )
        spec = f"{PEER_PACKAGE}@{PEER_VERSION}"
        command = [
            shutil.which("npm") or "npm",
            "install",
            "--no-save",
            "--no-package-lock",
            "--no-audit",
            "--no-fund",
            "--ignore-scripts",
            "--loglevel=error",
            "--prefix",
            str(staging),
            spec,
        ]
        try:
            try:
                done = subprocess.run(
                    command, capture_output=True, text=True, timeout=timeout, check=False
                )
            except subprocess.TimeoutExpired as error:
                raise PeerError(
                    f"npm install {spec} took longer than {timeout:g} s (is the npm registry "
                    f"reachable?)"
                ) from error
            if done.returncode != 0:
                raise PeerError(
                    f"npm install {spec} into {staging} failed with exit code "
                    f"{done.returncode}:\n{_tail(done.stderr or done.stdout)}"
                )
            if not _installed(staging, PEER_VERSION):
                raise PeerError(f"npm install {spec} finished but left no {spec} in {staging}")
            staging.chmod(0o755)  # mkdtemp made it private; a cache may be shared
            try:
                staging.rename(self.cache_dir)
            except OSError:
                if _installed(self.cache_dir, PEER_VERSION):
                    return  # another process installed it meanwhile
                # A stale, incomplete folder (say, node_modules deleted): replace it.
                shutil.rmtree(self.cache_dir, ignore_errors=True)
                try:
                    staging.rename(self.cache_dir)
                except OSError as error:
                    raise PeerError(
                        f"cannot move the {spec} install into {self.cache_dir}: {error}"
                    ) from error
        finally:
            shutil.rmtree(staging, ignore_errors=True)

    @staticmethod
    def _write_atomically(path: Path, text: str) -> None:
        handle, name = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            os.replace(name, path)
        except BaseException:
            Path(name).unlink(missing_ok=True)
            raise

    def run(
        self,
        method: str,
        boards: list[list[int]],
        repeats: int,
        timeout: float = RUN_TIMEOUT_S,
    ) -> PeerRun:
        """Time ``repeats`` warm runs of ``bridge-scorer``'s ``method`` over all ``boards``.

        ``boards`` holds each board's NS scores (one per table). Returns the best time in
        seconds of scoring every board once, and each board's NS values (matchpoints, 2 per
        win; or IMPs) from the last run; NaN where the peer gives none (a lone cross-IMPs game).
        """
        if method not in METHODS:
            raise ValueError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
        if int(repeats) != repeats or repeats < 1:
            raise ValueError(f"repeats must be a whole number of at least 1, got {repeats!r}")
        scores = [[_ns_score(s) for s in board] for board in boards]
        payload = json.dumps({"method": method, "repeats": int(repeats), "boards": scores})
        command = [self.node, str(self.driver)]
        source: Path | None = None
        try:
            if len(payload) > STDIN_LIMIT_BYTES:
                handle, name = tempfile.mkstemp(prefix="xlbridge-peer-", suffix=".json")
                source = Path(name)
                with os.fdopen(handle, "w", encoding="utf-8") as file:
                    file.write(payload)
                command.append(name)
                payload = ""
            try:
                done = subprocess.run(
                    command,
                    input=payload,
                    capture_output=True,
                    text=True,
                    cwd=self.cache_dir,
                    timeout=timeout,
                    check=False,
                )
            except subprocess.TimeoutExpired as error:
                raise PeerError(f"{PEER_PACKAGE} {method} ran longer than {timeout:g} s") from error
        finally:
            if source is not None:
                source.unlink(missing_ok=True)
        if done.returncode != 0:
            raise PeerError(
                f"node {self.driver} ({method}) failed with exit code {done.returncode}:\n"
                f"{_tail(done.stderr)}"
            )
        result = json.loads(done.stdout)
        if result.get("version") != PEER_VERSION:
            found = result.get("version")
            raise PeerError(f"expected {PEER_PACKAGE} {PEER_VERSION}, node loaded {found}")
        values = [[math.nan if v is None else float(v) for v in row] for row in result["values"]]
        return PeerRun(best_seconds=float(result["best_seconds"]), values=values)


def _ns_score(value: float) -> int | float:
    """A finite NS score as a JSON number (whole numbers as int, so 0 is the number 0)."""
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"scores must be finite numbers, got {value!r}")
    return int(number) if number.is_integer() else number
