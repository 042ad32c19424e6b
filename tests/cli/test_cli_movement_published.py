"""``xlbridge movement`` as balanced as the published movements: the skip Mitchell's revenge
round (``--revenge``) printed, and refused where there is no skip; the 6-pair Howell printed
with its half-sets."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.cli.main import main


def test_revenge_round_printed(capsys: pytest.CaptureFixture[str]) -> None:
    """4 tables, a board a round: round 4 seats NS 1 against EW 3 (the pair it skipped) on
    board 5, shared with table 2 (NS 2 against EW 4); board 6 at tables 3 and 4."""
    args = ["movement", "mitchell", "--tables", "4", "--revenge", "--boards-per-round", "1"]
    assert main(args) == 0
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert out[0].startswith("Mitchell, 4 tables, skip after half-way, revenge round: 4 rounds")
    assert out[5].split() == ["4", "1-3", "5*", "2-4", "5*", "3-1", "6*", "4-2", "6*"]
    assert "boards are played 2 to 3 times" in captured.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["howell", "--pairs", "6", "--revenge"], "--revenge is for a Mitchell, not a Howell"),
        (["mitchell", "--tables", "7", "--revenge"], "not 7 tables"),
        (["mitchell", "--tables", "6", "--relay", "--revenge"], "not --relay"),
    ],
)
def test_revenge_refused(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", *args]) == 2
    assert message in capsys.readouterr().err


def test_revenge_is_not_for_a_movement_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "mine.csv"
    source.write_text("round,table,ns,ew,boards\n1,1,1,2,1-2\n", encoding="utf-8")
    assert main(["movement", str(source), "--revenge"]) == 2
    assert "--revenge are for mitchell or howell" in capsys.readouterr().err


def test_six_pair_howell_printed_with_half_sets(capsys: pytest.CaptureFixture[str]) -> None:
    """20 boards (the default for 6 pairs: 4 a round) in ten halves of 2, compared 8-8; round 1
    table 1 is the stationary pair 6 against pair 1 on set 1, boards 1-4."""
    assert main(["movement", "howell", "--pairs", "6"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(
        "Howell, 6 pairs: 5 rounds, 3 tables, 6 pairs, 20 boards in 10 half-sets"
    )
    assert out[0].endswith("compared on 8 boards")
    assert out[2].split()[:3] == ["1", "6-1", "1-4"]
    assert "*" not in "".join(out[2:7])  # no relay
