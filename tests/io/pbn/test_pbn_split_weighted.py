"""Split and weighted scores in --pbn: a split score is written with each side's own score in
its column and read back exactly (``--compare`` on our own file agrees everywhere); a
weighted score or one with decimals has no form in a ScoreTable and is refused, naming the
board and the line, before anything is written.

The evening is tests/split_scores.py's: on board 1
the third table has NS −50 while EW keep the −450 of NS's +450 made; matchpoints worked by
hand there: NS 5 gets 0 of 4, EW 6 gets 0 (read as a plain −50, EW 6 would have the top).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from split_scores import SPLIT, WEIGHTED, run

from xlbridge.io.pbn.read import read_pbn


def write_pbn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> tuple[Path, int, str]:
    evening, written = tmp_path / "evening.csv", tmp_path / "evening.pbn"
    evening.write_text(text, encoding="utf-8")
    status, _, err = run(capsys, evening, "--pbn", written)
    return written, status, err


def test_a_split_score_survives_the_pbn_round_trip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written, status, err = write_pbn(tmp_path, capsys, SPLIT)
    assert status == 0, err
    rows = [row.split() for row in written.read_text(encoding="utf-8").splitlines()]
    assert ["5", "6", "-", "-", "-", "-50", "-450", "0", "0", "0", "0"] in rows
    split = [line for line in read_pbn(written).lines if line.ns_pair == 5 and line.board == 1]
    assert [(line.score, line.ew_score) for line in split] == [("-50", "-450")]
    plain = [line for line in read_pbn(written).lines if line.ns_pair == 1 and line.board == 1]
    assert [(line.score, line.ew_score) for line in plain] == [("420", "")]
    status, out, err = run(capsys, written, "--compare")
    assert (status, err) == (0, "")
    assert out.splitlines()[-1].startswith("compare: all 12 traveller numbers")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (WEIGHTED, "board 2, line 5: a weighted score (60% 430 + 40% 400) has no PBN form"),
        (
            SPLIT.replace("1,3,4,400", "1,3,4,415.5"),
            "board 1, line 3: a score (415.5) has no PBN form: Score_NS and Score_EW are whole",
        ),
    ],
)
def test_a_weighted_or_decimal_score_is_refused_not_rounded(
    text: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written, status, err = write_pbn(tmp_path, capsys, text)
    assert status == 2
    assert said in err
    assert not written.exists()
