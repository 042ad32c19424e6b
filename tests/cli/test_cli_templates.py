"""The workbook commands: workbooks writes every ready-made workbook, the same bytes each time."""

from __future__ import annotations

import contextlib
import datetime
import io
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from xlbridge.cli.main import main

#: Both tests read the one build of the module fixture: on one xdist worker, it is built once.
pytestmark = pytest.mark.xdist_group("ready-made-workbooks")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@dataclass(frozen=True)
class Build:
    """One ``xlbridge workbooks --dir`` run into an empty folder: its exit code, what it
    printed and the folder (read by the tests, never changed)."""

    code: int
    out: str
    folder: Path


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Build:
    folder = tmp_path_factory.mktemp("ready-made")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = main(["workbooks", "--dir", str(folder)])
    return Build(code, printed.getvalue(), folder)


def test_workbooks_command_writes_ready_made_files(capsys, built: Build) -> None:
    code, out, folder = built.code, built.out, built.folder
    assert code == 0 and (folder / "vp-cards.xlsx").exists()
    # One summary line, naming the files written.
    written = sorted(p.name for p in folder.iterdir())
    assert out.startswith(f"wrote {len(written)} ready-made workbooks into {folder}: ")
    assert sorted(out.strip().split(": ", 1)[1].split(", ")) == written
    assert out.count("\n") == 1
    code, _, err = run(capsys, "workbooks", "--dir", str(folder))
    assert code == 2 and "use --force" in err
    assert sorted(p.name for p in folder.iterdir()) == written


def test_ready_made_workbooks_rebuild_to_the_same_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, built: Build
) -> None:
    """`xlbridge workbooks` fixes the zip and 'modified' times: an unchanged workbook gives
    the same file, so regenerating creates no change to commit. The second build runs with
    the clock two days on (openpyxl's save time and zipfile's part times both read it)."""
    first, second = built.folder, tmp_path / "b"
    assert built.code == 0
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
