"""The workbook commands: workbooks writes every ready-made workbook, the same bytes each time."""

from __future__ import annotations

import datetime
import time
from pathlib import Path

import pytest

from xlbridge.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_workbooks_command_writes_ready_made_files(capsys, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "workbooks", "--dir", str(tmp_path))
    assert code == 0 and (tmp_path / "vp-cards.xlsx").exists()
    # One summary line, naming the files written.
    written = sorted(p.name for p in tmp_path.iterdir())
    assert out.startswith(f"wrote {len(written)} ready-made workbooks into {tmp_path}: ")
    assert sorted(out.strip().split(": ", 1)[1].split(", ")) == written
    assert out.count("\n") == 1
    code, _, err = run(capsys, "workbooks", "--dir", str(tmp_path))
    assert code == 2 and "use --force" in err


def test_ready_made_workbooks_rebuild_to_the_same_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`xlbridge workbooks` fixes the zip and 'modified' times: an unchanged workbook gives
    the same file, so regenerating creates no change to commit. The second build runs with
    the clock two days on (openpyxl's save time and zipfile's part times both read it)."""
    first, second = tmp_path / "a", tmp_path / "b"
    assert main(["workbooks", "--dir", str(first)]) == 0
    later = datetime.datetime.now().timestamp() + 2 * 86_400

    class Later(datetime.datetime):
        @classmethod
        def now(cls, tz: datetime.tzinfo | None = None) -> Later:
            return cls.fromtimestamp(later, tz)

    monkeypatch.setattr(time, "time", lambda: later)
    monkeypatch.setattr(datetime, "datetime", Later)
    assert main(["workbooks", "--dir", str(second)]) == 0
    for path in first.iterdir():
        assert path.read_bytes() == (second / path.name).read_bytes(), path.name
