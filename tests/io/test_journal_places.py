"""A journal that names files its run does not write (edited by hand, or brought along in a
folder from someone else) is never acted on: it could otherwise create or replace any file the
user can write, with any content."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.io import journal

REGISTER = "id,handicap\n101,13\n102,13\n103,34.7\n104,34.7\n"
RESULTS = (
    "competition,date,boards,players,result\n"
    "c1,2026-11-03,24,101+102,62.5\nc1,2026-11-03,24,103+104,37.5\n"
)
PAYLOAD = b"print('not yours')\n"


def _folder(tmp_path: Path) -> Path:
    club = tmp_path / "club"
    club.mkdir()
    (club / "players.csv").write_text(REGISTER)
    (club / "results.csv").write_text(RESULTS)
    return club


def _run(club: Path) -> int:
    register, results = str(club / "players.csv"), str(club / "results.csv")
    return main(["handicap", "update", "--register", register, "--results", results])


def _state(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _journal(club: Path, entries: list[dict[str, str | None]], form: str) -> None:
    record = json.dumps({"format": form, "files": entries})
    journal.journal_path(club / "players-history.csv").write_text(record)


def _refused(tmp_path: Path, club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = _state(tmp_path)
    assert _run(club) == 2
    err = capsys.readouterr().err.strip()
    assert "which this run does not write" in err and len(err.splitlines()) == 1
    assert _state(tmp_path) == before


def test_a_journal_naming_a_file_elsewhere_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = _folder(tmp_path)
    target = tmp_path / "elsewhere" / "sitecustomize.py"
    target.parent.mkdir()
    new = target.with_name(f".{target.name}.journal-new")
    new.write_bytes(PAYLOAD)
    digest = hashlib.sha256(PAYLOAD).hexdigest()
    entry = {"path": str(target), "new": str(new), "before": None, "after": digest}
    _journal(club, [entry], journal.FORMAT)
    _refused(tmp_path, club, capsys)
    assert not target.exists()


def test_a_journal_moving_another_file_over_the_register_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = _folder(tmp_path)
    register, results = club / "players.csv", club / "results.csv"
    entry = {
        "path": str(register.resolve()),
        "new": str(results.resolve()),  # not the register's own temporary file
        "before": hashlib.sha256(register.read_bytes()).hexdigest(),
        "after": hashlib.sha256(results.read_bytes()).hexdigest(),
    }
    _journal(club, [entry], journal.FORMAT)
    _refused(tmp_path, club, capsys)


def test_a_journal_of_the_earlier_format_naming_a_file_elsewhere_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = _folder(tmp_path)
    target = tmp_path / "elsewhere.txt"
    data = base64.b64encode(PAYLOAD).decode("ascii")
    _journal(club, [{"path": str(target), "before": None, "data": data}], journal.FORMAT_1)
    _refused(tmp_path, club, capsys)
    assert not target.exists()


def test_a_journal_of_the_earlier_format_with_a_number_for_a_path_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = _folder(tmp_path)
    _journal(club, [{"path": 7, "before": None, "data": ""}], journal.FORMAT_1)
    assert _run(club) == 2
    assert "cannot be read" in capsys.readouterr().err
