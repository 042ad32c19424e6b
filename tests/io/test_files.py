"""Atomic writes: a failed write leaves the target as it was and no temporary file behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.errors import InputError
from xlbridge.io.files import check_writable, write_atomically


def _failing(path: Path) -> None:
    path.write_bytes(b"x" * 1_000_000)  # a big part written, then the disk is full
    raise OSError(28, "No space left on device")


def test_a_failed_write_removes_its_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    target.write_text("kept")
    with pytest.raises(InputError, match="out.csv: cannot be written .No space left"):
        write_atomically(target, _failing, force=True)
    assert target.read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]


def test_a_failed_rename_removes_its_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("os.replace", refuse)
    with pytest.raises(InputError, match="permission denied"):
        write_atomically(tmp_path / "new.csv", lambda p: p.write_text("new"))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "make", "force", "message"),
    [
        ("dir.csv", "dir", True, "is a folder"),
        ("there.csv", "file", False, "already exists; use --force"),
        ("missing/x.csv", None, True, "output folder"),
    ],
)
def test_check_writable(
    tmp_path: Path, name: str, make: str | None, force: bool, message: str
) -> None:
    path = tmp_path / name
    if make == "dir":
        path.mkdir()
    elif make == "file":
        path.write_text("x")
    with pytest.raises(InputError, match=message):
        check_writable(path, force=force)
