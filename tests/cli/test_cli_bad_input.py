"""Bad input to every subcommand: exit 2, one line on stderr, no traceback, nothing written.

Each case runs ``python -m xlbridge`` in a child process (as a user does, so that warnings,
tracebacks and interpreter-exit messages would show) in a folder holding good input files,
and compares the folder before and after.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

TRAVELLER = "board,table,ns_score\n1,1,420\n1,2,400\n1,3,-50\n"
STANDINGS = "team,score\nA,30\nB,20\nC,10\nD,0\n"
SEASON = "margin,boards\n" + "".join(f"{m},8\n" for m in (5, -3, 12, 0, 7, -9, 2, -14) * 6)
REGISTER = "id,handicap\n101,13\n102,13\n103,34.7\n104,34.7\n"
RESULTS = (
    "competition,date,boards,players,result\n"
    "c1,2026-11-03,24,101+102,62.5\nc1,2026-11-03,24,103+104,37.5\n"
)
FILES = {
    "traveller.csv": TRAVELLER,
    "standings.csv": STANDINGS,
    "season.csv": SEASON,
    "players.csv": REGISTER,
    "results.csv": RESULTS,
}
HUGE_FIELD = "x" * 140_000
UPDATE = ["handicap", "update", "--register", "players.csv", "--results"]

#: (arguments, a file to write first as (name, content) or None, words the message must hold)
CASES = [
    (["scale", "--boards", "abc"], None, "--boards"),
    (["scale", "--boards", "1e20"], None, "boards"),
    (["scale", "--boards", "8", "--vp-total", "2000000"], None, "vp_total"),
    (["scale", "--boards", "8", "--k", "1e19"], None, "k must be"),
    (["scale", "--boards", "8", "--k", "nan"], None, "k must be"),
    (["scale", "--boards", "8", "--form", "=1+1"], None, "form must be"),
    (["scale"], None, "--boards"),
    (["cards", "-o", "out.xlsx", "--boards", "0-500"], None, "boards"),
    (["cards", "-o", "sub", "--boards", "8"], ("sub/", ""), "xlsx"),
    (["cards", "-o", "sub.xlsx", "--boards", "8"], ("sub.xlsx/", ""), "is a folder"),
    (["cards", "-o", "missing/out.xlsx"], None, "does not exist"),
    (["workbooks", "--dir", "traveller.csv"], None, "--dir must be a folder"),
    (["score", "nothere.csv"], None, "no such file"),
    (["score", "dir.csv"], ("dir.csv/", ""), "is a folder"),
    (["session", "event.xml"], ("event.xml/", ""), "event.xml is a folder"),
    (["session", "event.pbn"], ("event.pbn/", ""), "event.pbn is a folder"),
    (["session", "nothere.xml"], None, "nothere.xml: no such file"),
    (["session", "book.pbn"], ("book.pbn", b"PK\x03\x04rest"), "workbook (a zip file), not a PBN"),
    (["session", "book.xml"], ("book.xml", b"PK\x03\x04rest"), "not a USEBIO file"),
    (["deals", "book.pbn"], ("book.pbn", b"PK\x03\x04rest"), "export the PBN file instead"),
    (["score", "big.csv"], ("big.csv", f"board,table,ns_score\n1,1,{HUGE_FIELD}\n"), "131,072"),
    (["score", "big.csv"], ("big.csv", "board,table,ns_score\n1e20,1,420\n1e20,2,400\n"), "board"),
    (["score", "bad.csv"], ("bad.csv", 'board,table,ns_score\n1,1,"420\n1,2,400\n'), "quoted"),
    (["score", "bad.csv"], ("bad.csv", b"board,table,ns_score\n1,1,\x00420\n"), "bad.csv"),
    (["score", "traveller.csv", "--method", "xyz"], None, "method"),
    (["score", "traveller.csv", "--expected", "1e20"], None, "expected"),
    (["score", "traveller.csv", "-o", "dir.csv"], ("dir.csv/", ""), "is a folder"),
    (["score", "traveller.csv", "-o", "season.csv"], None, "already exists"),
    ([*UPDATE, "dir.csv"], ("dir.csv/", ""), "is a folder"),
    (
        [*UPDATE, "big.csv"],
        ("big.csv", f"competition,date,boards,players,result\n{HUGE_FIELD}"),
        "131,072",
    ),
    ([*UPDATE, "r.csv"], ("r.csv", RESULTS.replace("24,101", "1e20,101")), "boards"),
    ([*UPDATE, "r.csv"], ("r.csv", RESULTS.replace("101+102", "101+999")), "--add-new"),
    ([*UPDATE, "results.csv", "-o", "dir.csv", "--force"], ("dir.csv/", ""), "is a folder"),
    ([*UPDATE, "results.csv", "-o", "season.csv"], None, "already exists"),
    (
        ["install", "--lite", "traveller.csv", "--wheel-url", "https://example.org/x.whl"],
        None,
        "traveller.csv",
    ),
    (["install", "--wheel-url", "x", "--classic"], None, "--wheel-url"),
    (["audit", "dir.csv"], ("dir.csv/", ""), "is a folder"),
    (["audit", "few.csv"], ("few.csv", "margin,boards\n3,8\n-5,8\n"), "chi-square"),
    (["audit", "big.csv"], ("big.csv", f"margin,boards\n{HUGE_FIELD},8\n"), "131,072"),
    (["audit", "big.csv"], ("big.csv", "margin,boards\n1e300,8\n3,8\n"), "margin"),
    (["audit", "big.csv"], ("big.csv", "margin,boards\n3,1e20\n3,8\n"), "boards"),
    (["audit", "season.csv", "--level", "2"], None, "level"),
    (["audit", "season.csv", "-o", "x.txt"], None, "xlsx"),
    (["template", "league", "-o", "l.xlsx", "--teams", "1e9"], None, "teams"),
    (["template", "nothing", "-o", "l.xlsx"], None, "nothing"),
    (["template", "league", "-o", "dir.xlsx"], ("dir.xlsx/", ""), "is a folder"),
    (["swiss", "draw", "dir.csv"], ("dir.csv/", ""), "is a folder"),
    (["swiss", "draw", "big.csv"], ("big.csv", f"team,score\n{HUGE_FIELD},1\nB,2\n"), "131,072"),
    (["swiss", "draw", "s.csv"], ("s.csv", "team,score\nA,1e300\nB,2\n"), "score"),
    (["swiss", "draw", "standings.csv", "--seed", "x"], None, "--seed"),
    (["swiss", "draw", "standings.csv", "--seed", "-1"], None, "seed"),
    (["swiss", "draw", "standings.csv", "-o", "dir.csv"], ("dir.csv/", ""), "is a folder"),
    (["nosuchcommand"], None, "invalid choice"),
]


def _snapshot(folder: Path) -> dict[str, bytes | None]:
    return {
        str(path.relative_to(folder)): None if path.is_dir() else path.read_bytes()
        for path in sorted(folder.rglob("*"))
    }


def _xlbridge(folder: Path, *argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONWARNINGS="default")
    return subprocess.run(
        [sys.executable, "-m", "xlbridge", *argv],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        input=stdin,
    )


@pytest.mark.parametrize(
    ("argv", "extra", "words"), CASES, ids=[" ".join(c[0])[:60] for c in CASES]
)
def test_bad_input_exits_2_with_one_line_and_writes_nothing(
    tmp_path: Path, argv: list[str], extra: tuple[str, str | bytes] | None, words: str
) -> None:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text)
    if extra is not None:
        name, content = extra
        if name.endswith("/"):
            (tmp_path / name).mkdir()
        elif isinstance(content, bytes):
            (tmp_path / name).write_bytes(content)
        else:
            (tmp_path / name).write_text(content)
    before = _snapshot(tmp_path)
    done = _xlbridge(tmp_path, *argv)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("xlbridge: error: "), done.stderr
    assert words in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "Warning" not in done.stderr
    assert _snapshot(tmp_path) == before


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """``xlbridge scale --boards 8 | head -3``: no "Broken pipe", no traceback."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = f"{sys.executable} -m xlbridge scale --boards 8 --vp-total 1000 | head -3"
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.stdout.count("\n") == 3
    assert done.stderr == ""
    assert done.returncode in (0, 141)  # 141: ended by the closed pipe, as Unix tools are


LONG = "x" * 100_000  # a note pasted into a cell


@pytest.mark.parametrize(
    ("argv", "name", "text", "words"),
    [
        (
            ["score", "t.csv"],
            "t.csv",
            f"board,table,ns_score\n1,1,420\n1,2,{LONG}\n",
            "t.csv, line 3: ns_score must be a number, got 'xxx",
        ),
        (
            ["score", "t.csv"],
            "t.csv",
            f"board,table,ns_score\n1,{LONG},420\n1,2,400\n",
            "t.csv, line 2: table must be a number, got 'xxx",
        ),
        (
            ["handicap", "update", "--register", "p.csv", "--results", "r.csv"],
            "r.csv",
            f"competition,date,boards,players,result\nc1,2026-11-03,24,101+102,{LONG}\n",
            "r.csv, line 2: result must be a number",
        ),
        (
            ["handicap", "update", "--register", "p.csv", "--results", "r.csv"],
            "r.csv",
            f"competition,date,boards,players,result\nc1,{LONG},24,101+102,55\n",
            "r.csv, line 2: date must be a date such as 2026-11-29, got 'xxx",
        ),
    ],
)
def test_a_huge_cell_is_named_shortly(
    tmp_path: Path, argv: list[str], name: str, text: str, words: str
) -> None:
    """An error about a cell holding 100,000 characters shows its start, not all of it."""
    (tmp_path / "p.csv").write_text("id,handicap\n101,20\n102,20\n")
    (tmp_path / name).write_text(text)
    done = _xlbridge(tmp_path, *argv)
    assert done.returncode == 2, done.stderr[:500]
    assert words in done.stderr and "..." in done.stderr, done.stderr[:500]
    assert len(done.stderr) < 300, done.stderr[:500]
