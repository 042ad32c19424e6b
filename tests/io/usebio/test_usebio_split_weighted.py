"""Split and weighted scores in --usebio: a split score is written with each side's own score
and read back exactly; a weighted score (Law 12C1(c)) has no USEBIO form and is refused.

The evening: two boards at three tables, NS 1, 3, 5 against EW 2, 4, 6. On board 1 the third
table has a split score, NS −50 while EW keep the −450 of NS's +450 made. Worked by hand
(matchpoints 2 a win, top 4, NS and EW scored each in a table of its own side's scores):
board 1's NS scores 420, 400, −50 give NS 1, 3, 5 4, 2, 0; EW's own −420, −400, −450 give
EW 2, 4, 6 2, 4, 0. Read as a plain −50, EW 6 would have +50, the top: 4.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from receivers import abf_site, scottish_importer
from split_scores import SPLIT, WEIGHTED, run

from xlbridge.io.usebio import read_usebio


def write_usebio(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> tuple[Path, tuple[int, str, str]]:
    """``session`` on the traveller ``text`` with ``--usebio``: the file asked for, and the
    run's status, output and errors."""
    evening, written = tmp_path / "evening.csv", tmp_path / "evening.xml"
    evening.write_text(text, encoding="utf-8")
    return written, run(capsys, evening, "--usebio", written, "--date", "2026-11-30")


def test_a_split_score_survives_the_round_trip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written, (status, _, err) = write_usebio(tmp_path, capsys, SPLIT)
    assert status == 0, err
    split = [line for line in read_usebio(written).lines if line.ns_pair == 5 and line.board == 1]
    assert [(line.score, line.ew_score, line.theirs_ns, line.theirs_ew) for line in split] == [
        ("-50", "-450", "0", "0")
    ]
    status, out, err = run(capsys, written, "--compare")
    assert (status, err) == (0, "")
    assert out.splitlines()[-1].startswith("compare: all 12 traveller numbers")
    data = written.read_bytes()
    abf = abf_site(data, imps=False)
    assert (1, "5", "6", 0.0, 0.0) in abf.lines
    assert sorted(abf.scores) == [-50, 400, 400, 420, 430, 430]  # NS's, on its pages
    assert scottish_importer(data).errors == []


def test_a_weighted_score_is_refused_naming_the_board_and_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written, (status, out, err) = write_usebio(tmp_path, capsys, WEIGHTED)
    assert status != 0
    assert "board 2, line 5: a weighted score (60% 430 + 40% 400) has no USEBIO form" in err
    assert out == ""
    assert not written.exists()


def test_a_score_with_decimals_is_refused_not_rounded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An averaged 415.5 would be written as 416 (USEBIO's SCORE is whole): refused instead."""
    written, (status, _, err) = write_usebio(
        tmp_path, capsys, SPLIT.replace("1,3,4,400", "1,3,4,415.5")
    )
    assert status != 0
    assert "board 1, line 3: a score (415.5) has no USEBIO form: its SCORE is a whole number" in err
    assert not written.exists()
