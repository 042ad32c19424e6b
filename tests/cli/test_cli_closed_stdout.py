"""Write, then talk: a command whose stdout has no reader any more (``xlbridge movement …
--csv m.csv | true``) still writes every file it was asked for, whole, and exits as it would
have; what it prints is what gives up.

Each command that writes a file is run once in-process with a stdout whose every write
raises (as a pipe whose reader is gone does), and once, ``movement``, in a child process whose
stdout is a real pipe closed before it starts."""

from __future__ import annotations

import csv
import errno
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from pathlib import Path

import pytest
from instant_solver import use_instant_solver
from openpyxl import load_workbook

from xlbridge.cli.main import main
from xlbridge.cli.parser import build_parser
from xlbridge.cli.reference import commands
from xlbridge.scoring import double_dummy

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

# A two-table Howell at matchpoints: board 1 NS 1 420 beats NS 3 400, board 2 NS 2 110 beats
# NS 1 -100, board 3 NS 2 650 beats NS 1 620 (as tests/cli/session/test_handicap_results.py).
HOWELL = "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n2,1,3,-100\n2,2,4,110\n3,1,4,620\n3,2,3,650\n"
HOWELL_NAMES = (
    "pair,names,ids\n1,Anna & Bo,101+102\n2,Cecilia & David,103+104\n"
    "3,Eva & Fredrik,105+106\n4,Gun & Hans,107+108\n"
)
# One board, three tables: 420, 420, 400.
TRAVELLER = "board,table,ns_score\n1,1,420\n1,2,420\n1,3,400\n"

# Board 1 of examples/mitchell-deals.pbn.
DEAL = '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'.format(
    deal=next(
        line.split('"')[1]
        for line in (EXAMPLES / "mitchell-deals.pbn").read_text(encoding="utf-8").splitlines()
        if line.startswith("[Deal ")
    )
)


class GoneReader:
    """A stdout whose reader is gone: every write and flush raises ``error``."""

    def __init__(self, error: OSError) -> None:
        self.error = error
        self._devnull = os.open(os.devnull, os.O_WRONLY)

    def write(self, text: str) -> int:
        raise self.error

    def flush(self) -> None:
        raise self.error

    def fileno(self) -> int:
        return self._devnull

    def isatty(self) -> bool:
        return False

    def close(self) -> None:
        os.close(self._devnull)


def run_gone(arguments: list[str], error: OSError | None = None) -> int:
    """``main(arguments)`` with a stdout that fails with ``error`` (default: a closed pipe),
    set in the test's body: a fixture's would be replaced by pytest's own capture."""
    stdout = GoneReader(error or BrokenPipeError(errno.EPIPE, "Broken pipe"))
    kept, sys.stdout = sys.stdout, stdout
    try:
        return main(arguments)
    finally:
        sys.stdout = kept
        stdout.close()


def workbook(path: Path) -> None:
    assert load_workbook(path).sheetnames


def rows(path: Path) -> None:
    with path.open(newline="", encoding="utf-8") as file:
        assert len(list(csv.reader(file))) > 1


def xml(path: Path) -> None:
    ElementTree.parse(path)


def pbn(path: Path) -> None:
    assert path.read_text(encoding="utf-8").count('[Board "') >= 1


def site(path: Path) -> None:
    assert "</html>" in (path / "index.html").read_text(encoding="utf-8")


def text(path: Path) -> None:
    assert path.read_text(encoding="utf-8").strip()


Check = Callable[[Path], None]
#: Each command that writes files: its arguments (``{d}`` the test's folder, ``{x}`` the
#: examples) and each file it writes, with how it is read back whole.
WRITERS: dict[str, tuple[str, dict[str, Check]]] = {
    "cards": ("cards --boards 8 -o {d}/c.xlsx", {"c.xlsx": workbook}),
    "workbooks": ("workbooks --dir {d}/books", {"books/teams-match.xlsx": workbook}),
    "score": ("score {d}/t.csv -o {d}/s.csv", {"s.csv": rows}),
    "handicap update": (
        "handicap update --register {d}/players.csv --results {d}/results.csv --add-new "
        "-o {d}/new.csv --history {d}/history.csv",
        {"new.csv": rows, "history.csv": rows},
    ),
    "install": (
        "install --lite {d}/lite --wheel-url https://example.org/xlbridge-1.0-py3-none-any.whl",
        {"lite/main.py": text, "lite/requirements.txt": text},
    ),
    "audit": ("audit {x}/season.csv -o {d}/a.xlsx", {"a.xlsx": workbook}),
    "template": ("template teams-match -o {d}/t.xlsx", {"t.xlsx": workbook}),
    "movement": (
        "movement mitchell --tables 3 --csv {d}/m.csv -o {d}/cards.xlsx",
        {"m.csv": rows, "cards.xlsx": workbook},
    ),
    "deals": (
        "deals {d}/deals.pbn -o {d}/hands.xlsx --pbn {d}/out.pbn",
        {"hands.xlsx": workbook, "out.pbn": pbn},
    ),
    "swiss draw": ("swiss draw {x}/standings.csv -o {d}/draw.csv", {"draw.csv": rows}),
    "swiss standings": ("swiss standings {d}/event.xlsx --html {d}/site", {"site": site}),
    "session": (
        "session {d}/howell.csv --names {d}/names.csv --event Tuesday --date 2026-11-03 "
        "--ranking {d}/r.csv -o {d}/r.xlsx --usebio {d}/u.xml --pbn {d}/p.pbn --html {d}/web "
        "--handicap-results {d}/month.csv",
        {
            "r.csv": rows,
            "r.xlsx": workbook,
            "u.xml": xml,
            "p.pbn": pbn,
            "web": site,
            "month.csv": rows,
        },
    ),
}
#: The commands that write nothing: they only print.
TALKERS = {"scale"}


def inputs(folder: Path, command: str) -> None:
    """The files ``command``'s case reads, made in ``folder``."""
    (folder / "deals.pbn").write_text(DEAL, encoding="utf-8")
    (folder / "t.csv").write_text(TRAVELLER, encoding="utf-8")
    (folder / "howell.csv").write_text(HOWELL, encoding="utf-8")
    (folder / "names.csv").write_text(HOWELL_NAMES, encoding="utf-8")
    for name in ("players.csv", "results.csv"):
        (folder / name).write_bytes((EXAMPLES / "club" / name).read_bytes())
    if command == "swiss standings":
        from xlbridge.workbooks.ready_made import make_template

        make_template("swiss-teams", teams=4, rounds=3).workbook.save(folder / "event.xlsx")


def argv(command: str, folder: Path) -> list[str]:
    line = WRITERS[command][0].format(d=folder, x=EXAMPLES)
    return line.split(" ")


def test_the_cases_cover_every_command() -> None:
    """A new command is either a case here or writes nothing (no option takes a path)."""
    parser = build_parser()
    found = {" ".join(name): sub for name, sub in commands(parser)}
    assert set(found) == set(WRITERS) | TALKERS
    for name in TALKERS:
        paths = [a for a in found[name]._actions if isinstance(a.type, type) and a.type is Path]
        assert not paths, f"{name} takes a path: add it to WRITERS"


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_closed_stdout_still_writes_every_file(
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> None:
    if command == "deals":  # the writing is under test, not DDS: a solver that answers at once
        use_instant_solver(monkeypatch)
        request.addfinalizer(double_dummy.clear_cache)
    if command == "workbooks":  # two of the ready-made workbooks are enough (and quick)
        from xlbridge.workbooks import ready_made

        two = {name: ready_made.READY_MADE[name] for name in ("teams-match.xlsx", "handicap.xlsx")}
        monkeypatch.setattr(ready_made, "READY_MADE", two)
    inputs(tmp_path, command)
    before = {path.name for path in tmp_path.iterdir()}
    assert run_gone(argv(command, tmp_path)) == 0
    for name, check in WRITERS[command][1].items():
        check(tmp_path / name)
    made = {path.name for path in tmp_path.iterdir()} - before
    assert made == {name.split("/")[0] for name in WRITERS[command][1]}  # no temporaries
    assert "Traceback" not in capsys.readouterr().err


def test_a_stdout_that_fails_otherwise_writes_whole_files_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not a closed pipe but a full disk (``> /full/out.txt``): the files are written whole
    first, then the failure is reported, exit 1."""
    code = run_gone(argv("movement", tmp_path), OSError(errno.ENOSPC, "No space left on device"))
    assert code == 1
    rows(tmp_path / "m.csv")
    workbook(tmp_path / "cards.xlsx")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["cards.xlsx", "m.csv"]
    err = capsys.readouterr().err
    assert err == "xlbridge: error: standard output: No space left on device\n"


def test_bad_input_with_a_closed_stdout_is_still_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = ["movement", "mitchell", "--tables", "0", "--csv", str(tmp_path / "m.csv")]
    assert run_gone(bad) == 2
    assert capsys.readouterr().err.startswith("xlbridge: error: ")
    assert not any(tmp_path.iterdir())


def test_a_real_pipe_closed_before_the_start(tmp_path: Path) -> None:
    """The reader's end of a real pipe closed before the command runs: the files are on disk,
    whole, exit 0, and nothing about a broken pipe on stderr."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "xlbridge", *argv("movement", tmp_path)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
            text=True,
            timeout=120,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    rows(tmp_path / "m.csv")
    workbook(tmp_path / "cards.xlsx")
