"""What a run owns beside its outputs: temporaries of its own name, removed by a later run
only once their run is gone, and the output's lock, which a second run respects."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from run_leftovers import dead_pid

from xlbridge.errors import InputError
from xlbridge.io import journal
from xlbridge.io.files import check_writable, write_atomically
from xlbridge.io.runs import claim, command_scope, holding, lock_path, process_alive, temporary


@pytest.fixture(scope="module")
def gone() -> int:
    """The id of a process that has ended."""
    return dead_pid()


def _write(text: str) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        path.write_text(text, encoding="utf-8")

    return write


def test_process_alive_tells_a_running_process_from_one_that_ended(gone: int) -> None:
    assert process_alive(os.getpid()) and process_alive(os.getppid())
    assert not process_alive(gone)
    assert not process_alive(0) and not process_alive(-1)  # never this process group
    assert not process_alive(2**40)  # beyond any process id


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_a_run_killed_but_not_yet_reaped_has_ended() -> None:
    """A run killed with SIGKILL stays a zombie until its parent waits for it (a container's
    first process may never): it writes nothing any more, so its lock is not a live run's."""
    child = subprocess.Popen(["sleep", "60"])
    try:
        assert process_alive(child.pid)
        child.kill()
        stat = Path(f"/proc/{child.pid}/stat")
        for _ in range(500):  # the kill lands within milliseconds; never waited on here
            if stat.read_text(encoding="ascii").rsplit(")", 1)[1].split()[0] == "Z":
                break
            time.sleep(0.01)
        assert not process_alive(child.pid)
    finally:
        child.wait()


def test_look_alike_temporaries_survive_and_a_dead_runs_leftover_goes(
    tmp_path: Path, gone: int
) -> None:
    out = tmp_path / "out.xlsx"
    out.write_text("old", encoding="utf-8")
    kept = [
        ".out.xlsx.notes.tmp",  # the user's own file, merely looking like a temporary
        ".out.xlsx.abc123.tmp",  # an earlier version's name: nothing tells its run
        f".out.xlsx.xlbridge-{gone}-0123abcd.tmp.bak",
        f".out.xlsx.xlbridge-{gone}-0123abcdef.tmp",  # not exactly our random part
        f".out.xlsx.xlbridge-{os.getppid()}-0123abcd.tmp",  # a run still going
        f".other.xlsx.xlbridge-{gone}-0123abcd.tmp",  # another file's
    ]
    for name in [*kept, f".out.xlsx.xlbridge-{gone}-89abcdef.tmp"]:
        (tmp_path / name).write_text("theirs", encoding="utf-8")
    folder = f".out.xlsx.xlbridge-{gone}-456789ab.tmp"  # a folder: no temporary of ours
    (tmp_path / folder).mkdir()
    write_atomically(out, _write("new"), force=True)
    assert out.read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*kept, folder, "out.xlsx"])
    assert all((tmp_path / name).read_text(encoding="utf-8") == "theirs" for name in kept)


def test_a_temporary_this_process_is_still_writing_survives(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    with temporary(out, "tmp") as live:
        live.write_text("being written", encoding="utf-8")
        assert f"xlbridge-{os.getpid()}-" in live.name
        write_atomically(out, _write("new"))
        assert live.read_text(encoding="utf-8") == "being written"
    write_atomically(out, _write("again"), force=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]  # its run ended


def test_journal_temporaries_of_a_dead_run_go_and_look_alikes_stay(
    tmp_path: Path, gone: int
) -> None:
    target = tmp_path / "players.csv"
    leftover = tmp_path / f".players.csv.xlbridge-{gone}-0123abcd.journal-new"
    mine = tmp_path / ".players.csv.journal-new.mine"
    for path in (leftover, mine):
        path.write_text("theirs", encoding="utf-8")
    journal.commit(journal.journal_path(target), [(target, b"id\n1\n")])
    assert target.read_bytes() == b"id\n1\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [mine.name, "players.csv"]


def test_a_lock_of_a_running_process_refuses_the_write(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    out.write_text("theirs", encoding="utf-8")
    lock = lock_path(out)
    assert lock.name == ".out.csv.xlbridge.lock"
    lock.write_text(f"{os.getppid()} abc\n", encoding="ascii")
    message = f"another xlbridge run is writing {out}"
    with pytest.raises(InputError, match=message):
        check_writable(out, force=True)  # a command's check before any work refuses at once
    with pytest.raises(InputError, match=message):
        write_atomically(out, _write("ours"), force=True)
    with pytest.raises(InputError, match=message):
        journal.commit(journal.journal_path(out), [(out, b"ours")])
    assert out.read_text(encoding="utf-8") == "theirs"
    assert lock.read_text(encoding="ascii") == f"{os.getppid()} abc\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [lock.name, "out.csv"]


@pytest.mark.parametrize("held", ["dead", "this pid", "unreadable, old"])
def test_a_lock_left_by_a_run_that_is_gone_is_taken_over(
    tmp_path: Path, gone: int, held: str
) -> None:
    out = tmp_path / "out.csv"
    lock = lock_path(out)
    lock.write_text({"dead": f"{gone} x\n", "this pid": f"{os.getpid()} x\n"}.get(held, ""))
    if held.startswith("unreadable"):
        an_hour_ago = time.time() - 3600
        os.utime(lock, (an_hour_ago, an_hour_ago))
    aside = tmp_path / f".{lock.name}.xlbridge-{gone}-0123abcd.stale"  # a take-over killed
    aside.write_text(f"{gone} y\n")
    write_atomically(out, _write("ours"))
    assert out.read_text(encoding="utf-8") == "ours"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]  # the lock removed


def test_a_lock_just_created_and_not_yet_filled_in_is_held(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    lock_path(out).touch()
    with pytest.raises(InputError, match="another xlbridge run is writing"):
        write_atomically(out, _write("ours"))
    assert not out.exists()


def test_the_lock_is_held_across_steps_by_its_thread_only(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    refused: list[str] = []

    def other_thread() -> None:
        try:
            write_atomically(out, _write("other"), force=True)
        except InputError as error:
            refused.append(str(error))

    with holding(out):
        write_atomically(out, _write("one"))
        write_atomically(out, _write("two"), force=True)
        assert lock_path(out).read_text(encoding="ascii").split()[0] == str(os.getpid())
        thread = threading.Thread(target=other_thread)
        thread.start()
        thread.join()
    assert len(refused) == 1 and "another xlbridge run is writing" in refused[0]
    assert out.read_text(encoding="utf-8") == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]


def test_a_lock_held_by_overlapping_steps_is_let_go_when_the_last_ends(tmp_path: Path) -> None:
    """A command's claim (held to its end) inside a step that ends first: the lock stays
    until the command ends, then goes."""
    out = tmp_path / "out.csv"
    lock = lock_path(out)
    with command_scope():
        step = holding(out)
        step.__enter__()
        claim(out)
        step.__exit__(None, None, None)
        assert lock.read_text(encoding="ascii").split()[0] == str(os.getpid())
    assert not lock.exists()
    claim(out)  # outside a command: only a check, no lock taken
    assert not lock.exists()


def test_a_lock_that_cannot_be_filled_in_is_not_left_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out.csv"
    out.write_text("kept", encoding="utf-8")

    def full(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("xlbridge.io.runs.os.fdopen", full)
    with pytest.raises(InputError, match="out.csv: cannot be written .No space left"):
        write_atomically(out, _write("new"), force=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]
    assert out.read_text(encoding="utf-8") == "kept"
