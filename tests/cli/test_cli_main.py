"""The command line as a program: python -m xlbridge, exit codes, and files written safely."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_python_dash_m_and_console_script() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "xlbridge", "scale", "--boards", "4", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and json.loads(result.stdout)[0]["winner"] == 10
    bad = subprocess.run(
        [sys.executable, "-m", "xlbridge", "scale", "--boards", "-3"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert (
        bad.stderr.strip() == "xlbridge: error: boards must be a whole number from 1 to 200, got -3"
    )


def test_written_files_get_ordinary_permissions(tmp_path: Path) -> None:
    """The temporary file is private (mkstemp); the file written in its place must not be."""
    import os

    from xlbridge.io.files import write_atomically

    new = tmp_path / "new.txt"
    umask = os.umask(0o022)
    try:
        write_atomically(new, lambda p: p.write_text("x"))
    finally:
        os.umask(umask)
    assert new.stat().st_mode & 0o777 == 0o644
    existing = tmp_path / "existing.txt"
    existing.write_text("old")
    existing.chmod(0o664)
    write_atomically(existing, lambda p: p.write_text("new"), force=True)
    assert existing.stat().st_mode & 0o777 == 0o664 and existing.read_text() == "new"
