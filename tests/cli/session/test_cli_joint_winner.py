"""``--winners 1`` on a Mitchell numbered 1…N both ways: one ranking of both directions, pairs
shown as 1NS, 1EW; in USEBIO each pair keeps its number and DIRECTION under WINNER_TYPE 1."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from xlbridge.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
MITCHELL = str(EXAMPLES / "mitchell.csv")


def test_one_ranking_of_both_directions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ranking, usebio = tmp_path / "ranking.csv", tmp_path / "out.xml"
    args = ["session", MITCHELL, "--winners", "1", "--ranking", str(ranking)]
    assert main([*args, "--usebio", str(usebio), "--date", "2026-11-30"]) == 0
    capsys.readouterr()
    with ranking.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    # 11 tables: NS 1-11 and EW 1-11, 22 pairs in one list, places counted over all of them.
    assert len(rows) == 22
    assert {row["pair"] for row in rows} == {f"{n}{d}" for n in range(1, 12) for d in ("NS", "EW")}
    assert all(row["pair"].endswith(row["direction"]) for row in rows)
    assert [int(row["place"].rstrip("=")) for row in rows][-1] > 11
    xml = usebio.read_text(encoding="iso-8859-1")
    assert "<WINNER_TYPE>1</WINNER_TYPE>" in xml
    pairs = re.findall(r"<PAIR>(.*?)</PAIR>", xml, re.DOTALL)
    assert len(pairs) == 22 and all("<DIRECTION>" in pair for pair in pairs)
    places = sorted(int(re.search(r"<PLACE>(\d+)", pair).group(1)) for pair in pairs)  # type: ignore[union-attr]
    assert places[0] == 1 and places[-1] > 11  # one list of places, not two of 11
    # Read back: the file's own numbers agree with ours, pair by pair and direction.
    assert main(["session", str(usebio), "--compare"]) == 0
    assert "agree" in capsys.readouterr().out
