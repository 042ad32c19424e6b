"""Progress while deals are solved double dummy (about a quarter of a second a deal): shown
on stderr in a terminal when the deals to solve take 5 seconds or more, always with
``--progress``, never with ``--quiet``. DDS is replaced by a solver that answers at once,
so no extra is needed."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from dds_data import dds_deals
from instant_solver import use_instant_solver

from xlbridge.cli.main import main
from xlbridge.cli.progress import Progress
from xlbridge.scoring import double_dummy


@pytest.fixture
def instant_solver(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """DDS replaced (two deals a batch); the sizes of the batches solved."""
    yield use_instant_solver(monkeypatch)
    double_dummy.clear_cache()


def deal_file(tmp_path: Path) -> Path:
    games = [
        f'[Board "{board}"]\n[Deal "{deal["deal"]}"]\n'
        for board, deal in enumerate(dds_deals()[:3], start=1)
    ]
    path = tmp_path / "deals.pbn"
    path.write_text("\n".join(games), encoding="utf-8")
    return path


def test_deals_with_progress_says_which_deals_it_is_solving(
    instant_solver: list[int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["deals", str(deal_file(tmp_path)), "--progress"]) == 0
    out, err = capsys.readouterr()
    assert instant_solver == [2, 1]
    assert out.splitlines() == [f"Board {b}: Par 0: passed out" for b in (1, 2, 3)]
    lines = [line.split(" (")[0] for line in err.splitlines()]
    assert lines == ["  solving deals 1-2 of 3", "  solving deal 3 of 3"]


def test_deals_with_quiet_says_nothing_on_stderr(
    instant_solver: list[int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["deals", str(deal_file(tmp_path)), "--quiet"]) == 0
    assert capsys.readouterr().err == ""


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("seconds", "quiet", "shown"),
    [(5.0, False, True), (4.9, False, False), (250.0, True, False)],
    ids=["20-deals", "19-deals", "quiet"],
)
def test_a_terminal_shows_progress_for_five_seconds_of_work(
    seconds: float, quiet: bool, shown: bool
) -> None:
    terminal = Terminal()
    progress = Progress(False, terminal, clock=lambda: 0.0, quiet=quiet)
    progress.expect(seconds)
    progress.solving(1, 40, 1000)
    assert terminal.getvalue() == ("  solving deals 1-40 of 1,000 (0.0 s)\n" if shown else "")
