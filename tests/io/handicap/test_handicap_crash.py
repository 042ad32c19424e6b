"""The handicap batch survives a crash or a failed write at every step.

Every write and rename of ``xlbridge handicap update`` is a numbered step: the write of a
temporary file (its fsync), each ``os.replace`` and the removal of the journal. For each
step the run is made to fail there (an OSError, as a full disk or a read-only folder gives),
to die there in-process (a BaseException that nothing catches), and to die there for real
(``os._exit`` in a child process: no clean-up runs at all). Then the same command runs again
and the register and history must be byte for byte those of a run that was never
interrupted: no competition lost, none applied twice. A third run applies nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.io import journal

ROOT = Path(__file__).resolve().parents[3]

REGISTER = "id,name,handicap\r\n" + "".join(
    f"{100 + i},Player {i},{10 + 3 * i}\r\n" for i in range(8)
)
FIRST = """competition,date,boards,players,result
c1,2026-11-03,24,100+101,62.5
c1,2026-11-03,24,102+103,48
c1,2026-11-03,24,104+105,51.5
c1,2026-11-03,24,106+107,38
"""
SECOND = (
    FIRST
    + """c2,2026-11-10,24,100+102,55
c2,2026-11-10,24,101+103,45
c2,2026-11-10,24,104+106,50
"""
)

#: Cases tried, by kind, reported by the last test (for the closing note).
TRIED: dict[str, int] = {}


def _args(folder: Path) -> list[str]:
    return [
        "handicap",
        "update",
        "--register",
        str(folder / "players.csv"),
        "--results",
        str(folder / "results.csv"),
    ]


def _start(folder: Path) -> None:
    """A register with c1 applied (history present), and results holding c1 and c2."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "players.csv").write_bytes(REGISTER.encode("cp1252"))
    (folder / "results.csv").write_text(FIRST)
    assert main(_args(folder)) == 0
    (folder / "results.csv").write_text(SECOND)


def _state(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The files after an uninterrupted run."""
    folder = tmp_path_factory.mktemp("clean")
    _start(folder)
    assert main(_args(folder)) == 0
    return _state(folder)


class Killed(BaseException):
    """A kill, as far as Python code can tell: nothing catches it."""


class Steps:
    """Counts the write/rename steps and fails (or kills) at one of them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, fail_at: int | None, how: str) -> None:
        self.count = 0
        self.fail_at = fail_at
        self.how = how
        self.names: list[str] = []
        for name in ("replace", "fsync", "unlink"):
            monkeypatch.setattr(os, name, self._wrap(name, getattr(os, name)))

    def _wrap(self, name: str, real):  # type: ignore[no-untyped-def]
        def step(*args, **kwargs):  # type: ignore[no-untyped-def]
            if name == "unlink" and not str(args[0]).endswith(".journal"):
                return real(*args, **kwargs)  # a temporary file's clean-up is no step
            self.count += 1
            self.names.append(name)
            if self.count == self.fail_at:
                if self.how == "kill":
                    raise Killed(name)
                raise OSError(28, "No space left on device")
            return real(*args, **kwargs)

        return step


def _step_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    _start(tmp_path / "count")
    with monkeypatch.context() as patch:
        steps = Steps(patch, None, "count")
        assert main(_args(tmp_path / "count")) == 0
    # the new history and register written beside them (fsync); the journal written (fsync),
    # renamed, the folder synced; the history and register each renamed, the folder synced;
    # then the journal removed
    expected = ["fsync"] * 2 + ["fsync", "replace", "fsync"] + ["replace", "fsync"] * 2
    assert steps.names == [*expected, "unlink"], steps.names
    return steps.count


def _leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("how", ["error", "kill"])
def test_a_fault_at_any_step_is_completed_by_the_next_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean: dict[str, bytes], how: str
) -> None:
    total = _step_count(tmp_path, monkeypatch)
    for fail_at in range(1, total + 1):
        folder = tmp_path / f"{how}-{fail_at}"
        _start(folder)
        before = _state(folder)
        with monkeypatch.context() as patch:
            Steps(patch, fail_at, how)
            if how == "kill":
                with pytest.raises(Killed):
                    main(_args(folder))
            else:
                assert main(_args(folder)) in (0, 2)
        assert not _leftovers(folder), (fail_at, _leftovers(folder))  # a failed write cleans up
        if fail_at <= 4:  # the journal is not in place: nothing has changed
            assert _state(folder) == before
        assert main(_args(folder)) == 0  # the rerun completes the update, or makes it
        assert _state(folder) == clean, f"{how} at step {fail_at}"
        assert main(_args(folder)) == 0
        assert _state(folder) == clean
        TRIED[f"in-process {how}"] = TRIED.get(f"in-process {how}", 0) + 1


def test_a_second_fault_while_completing_is_completed_by_the_run_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean: dict[str, bytes]
) -> None:
    total = _step_count(tmp_path, monkeypatch)
    for first in range(5, total + 1):  # the journal is in place: the next run rolls forward
        for second in range(1, 6):  # the roll-forward: 2 × (rename, sync) at most, the journal
            folder = tmp_path / f"{first}-{second}"
            _start(folder)
            with monkeypatch.context() as patch:
                Steps(patch, first, "kill")
                with pytest.raises(Killed):
                    main(_args(folder))
            with monkeypatch.context() as patch:
                steps = Steps(patch, second, "kill")
                try:
                    assert main(_args(folder)) == 0  # fewer steps were left than ``second``
                    assert steps.count < second
                except Killed:
                    pass
            assert main(_args(folder)) == 0
            assert _state(folder) == clean, (first, second)
            TRIED["double kill"] = TRIED.get("double kill", 0) + 1


DRIVER = """
import os, sys
from xlbridge.cli.main import main
target, count = int(sys.argv[1]), [0]
def killing(name):
    real = getattr(os, name)
    def step(*args, **kwargs):
        if name == "unlink" and not str(args[0]).endswith(".journal"):
            return real(*args, **kwargs)
        count[0] += 1
        if count[0] == target:
            os._exit(137)
        return real(*args, **kwargs)
    return step
for name in ("replace", "fsync", "unlink"):
    setattr(os, name, killing(name))
sys.exit(main(sys.argv[2:]))
"""


def _child(folder: Path, kill_at: int) -> int:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(kill_at), *_args(folder)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done.returncode


def test_a_real_kill_at_any_step_is_completed_by_the_next_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean: dict[str, bytes]
) -> None:
    total = _step_count(tmp_path, monkeypatch)
    for kill_at in range(1, total + 1):
        folder = tmp_path / f"child-{kill_at}"
        _start(folder)
        assert _child(folder, kill_at) == 137
        assert main(_args(folder)) == 0
        # The temporary file the kill left is removed by the next run's write.
        assert _state(folder) == clean, f"killed at step {kill_at}"
        TRIED["real kill"] = TRIED.get("real kill", 0) + 1


def _strace_kill(folder: Path, when: int) -> int:
    command = [
        "strace",
        "-f",
        "-o",
        os.devnull,
        "-e",
        "trace=rename,renameat,renameat2",
        "-e",
        f"inject=rename,renameat,renameat2:signal=SIGKILL:when={when}",
        sys.executable,
        "-m",
        "xlbridge",
        *_args(folder),
    ]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(command, env=env, capture_output=True, timeout=300).returncode


def test_killed_by_strace_at_each_rename(tmp_path: Path, clean: dict[str, bytes]) -> None:
    """The issue's own reproduction: SIGKILL delivered at the 1st, 2nd and 3rd rename."""
    probe = tmp_path / "probe"
    _start(probe)
    if _strace_kill(probe, 99) != 0:
        pytest.skip("strace cannot trace here")
    for when in (1, 2, 3):
        folder = tmp_path / f"strace-{when}"
        _start(folder)
        assert _strace_kill(folder, when) != 0
        assert main(_args(folder)) == 0
        assert _state(folder) == clean, f"killed at rename {when}"
        TRIED["strace kill"] = TRIED.get("strace kill", 0) + 1


def test_a_register_changed_by_hand_after_a_crash_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _start(tmp_path)
    with monkeypatch.context() as patch:
        Steps(patch, 7, "kill")  # the journal is in place, the history replaced
        with pytest.raises(Killed):
            main(_args(tmp_path))
    (tmp_path / "players.csv").write_text("id,handicap\n100,20\n")
    capsys.readouterr()
    assert main(_args(tmp_path)) == 2
    err = capsys.readouterr().err
    assert "has changed since" in err and ".journal" in err and err.count("\n") == 1
    assert (tmp_path / "players.csv").read_text() == "id,handicap\n100,20\n"


@pytest.mark.parametrize("damage", ["missing", "damaged"])
def test_a_new_file_missing_or_damaged_after_a_crash_is_named_not_applied(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    damage: str,
) -> None:
    _start(tmp_path)
    with monkeypatch.context() as patch:
        Steps(patch, 7, "kill")  # the journal is in place, the history replaced
        with pytest.raises(Killed):
            main(_args(tmp_path))
    (waiting,) = tmp_path.glob(".players.csv.xlbridge-*.journal-new")  # this run's own name
    if damage == "missing":
        waiting.unlink()
    else:
        waiting.write_bytes(waiting.read_bytes()[:-3])
    before = _state(tmp_path)
    capsys.readouterr()
    assert main(_args(tmp_path)) == 2
    err = capsys.readouterr().err
    assert "missing or damaged" in err and ".journal" in err and err.count("\n") == 1
    assert _state(tmp_path) == before  # nothing touched


def test_a_journal_of_the_earlier_format_is_completed(
    tmp_path: Path, clean: dict[str, bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    """A crash under the version whose journal held the new contents themselves."""
    import base64
    import hashlib

    names = ["players-history.csv", "players.csv"]

    def crashed(folder: Path) -> None:
        _start(folder)
        paths = [str((folder / name).resolve()) for name in names]
        befores = [hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in names]
        encoded = [base64.b64encode(clean[name]) for name in names]
        record = journal._record(paths, befores, encoded)
        journal.journal_path(folder / names[0]).write_bytes(record)

    crashed(tmp_path / "by-hand")
    (tmp_path / "by-hand" / "players.csv").write_text("id,handicap\n100,20\n")
    assert main(_args(tmp_path / "by-hand")) == 2
    assert "has changed since" in capsys.readouterr().err
    crashed(tmp_path / "kept")
    assert main(_args(tmp_path / "kept")) == 0
    assert _state(tmp_path / "kept") == clean
    assert main(_args(tmp_path / "kept")) == 0
    assert _state(tmp_path / "kept") == clean


def test_a_damaged_journal_is_named_not_applied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _start(tmp_path)
    journal.journal_path(tmp_path / "players-history.csv").write_text("{not json")
    before = _state(tmp_path)
    assert main(_args(tmp_path)) == 2
    assert "cannot be read" in capsys.readouterr().err
    assert _state(tmp_path) == before


def test_output_a_folder_stops_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's reproduction without a kill: ``mkdir new.csv; … -o new.csv --force``."""
    _start(tmp_path)
    (tmp_path / "new.csv").mkdir()
    before = _state(tmp_path)
    capsys.readouterr()
    assert main([*_args(tmp_path), "-o", str(tmp_path / "new.csv"), "--force"]) == 2
    err = capsys.readouterr().err
    assert "is a folder" in err and err.count("\n") == 1
    assert _state(tmp_path) == before and not any((tmp_path / "new.csv").iterdir())


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    yield
    if TRIED:
        print("\nfault-injection cases tried:", TRIED, "lost or doubled: 0", file=sys.stderr)
