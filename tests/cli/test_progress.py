"""Progress lines of the long commands: on stderr, in the order of the work, only when asked
for or shown in a terminal (big input), never with --quiet. Nothing here is timed."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.cli import progress as progress_module
from xlbridge.cli.main import main

REGISTER = "id,handicap\n1,30\n2,20\n3,25\n4,35\n"
RESULTS = """competition,date,boards,players,result
c1,2026-11-02,24,1+2,55
c1,2026-11-02,24,3+4,45
c2,2026-11-09,24,1+3,48
c2,2026-11-09,24,2+4,52
"""
TRAVELLER = "board,table,ns_score\n1,1,420\n1,2,400\n2,1,-50\n2,2,100\n"


def _steps(stderr: str) -> list[str]:
    """The progress lines' messages, without their seconds (the summary line is not one)."""
    return [
        line.strip().rsplit(" (", 1)[0] for line in stderr.splitlines() if line.startswith("  ")
    ]


def _handicap(tmp_path: Path, *options: str) -> int:
    (tmp_path / "players.csv").write_text(REGISTER)
    (tmp_path / "results.csv").write_text(RESULTS)
    return main(
        [
            "handicap",
            "update",
            "--register",
            str(tmp_path / "players.csv"),
            "--results",
            str(tmp_path / "results.csv"),
            *options,
        ]
    )


def test_handicap_update_shows_reading_applying_and_writing_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _handicap(tmp_path, "--progress") == 0
    assert _steps(capsys.readouterr().err) == [
        "reading players.csv",
        "reading results.csv",
        "read 4 result rows",
        "applying 2 competitions on 2 dates",
        "applied date 1 of 2",
        "applied date 2 of 2",
        "writing players.csv and players-history.csv",
    ]


def test_a_rerun_also_reads_the_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _handicap(tmp_path) == 0
    capsys.readouterr()
    assert _handicap(tmp_path, "--progress") == 0
    assert "reading players-history.csv" in _steps(capsys.readouterr().err)


def test_score_shows_reading_scoring_and_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "traveller.csv"
    source.write_text(TRAVELLER)
    out = tmp_path / "scored.csv"
    assert main(["score", str(source), "-o", str(out), "--progress"]) == 0
    err = capsys.readouterr().err
    assert _steps(err) == ["reading traveller.csv", "read 4 rows; scoring", "writing scored.csv"]
    assert err.splitlines()[-1] == f"scored 4 tables by matchpoints (mp); wrote {out}"


def test_session_shows_reading_scoring_and_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    examples = Path(__file__).resolve().parents[2] / "examples"
    ranking = tmp_path / "ranking.csv"
    assert (
        main(["session", str(examples / "mitchell.csv"), "--ranking", str(ranking), "--progress"])
        == 0
    )
    assert _steps(capsys.readouterr().err) == [
        "reading mitchell.csv",
        "scoring",
        "writing ranking.csv",
    ]


def test_nothing_is_shown_when_stderr_is_not_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress_module, "BIG_INPUT", 0)  # big enough, but no terminal
    assert _handicap(tmp_path) == 0
    err = capsys.readouterr().err
    assert _steps(err) == []
    assert err.startswith("applied 2 competitions")


@pytest.mark.parametrize(
    ("big", "options", "shown"),
    [(0, (), True), (10**9, (), False), (0, ("--quiet",), False)],
    ids=["big input", "small input", "quiet"],
)
def test_in_a_terminal_big_runs_show_progress_unless_quiet(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    big: int,
    options: tuple[str, ...],
    shown: bool,
) -> None:
    monkeypatch.setattr(progress_module, "_is_terminal", lambda stream: True)
    monkeypatch.setattr(progress_module, "BIG_INPUT", big)
    assert _handicap(tmp_path, *options) == 0
    err = capsys.readouterr().err
    assert bool(_steps(err)) is shown
    assert "applied 2 competitions" in err  # --quiet keeps the summary


def test_progress_and_quiet_together_are_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        _handicap(tmp_path, "--progress", "--quiet")
    assert stop.value.code == 2
    assert "not allowed with" in capsys.readouterr().err
