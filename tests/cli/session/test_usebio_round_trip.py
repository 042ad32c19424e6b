"""CSV → USEBIO → CSV for every method and winner type, and factored totals on a Howell with a
sit-out (the worked example in docs/contracts-and-sessions.md)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.cli.session.event_files import ACBL_NOTE
from xlbridge.scoring.session import factored_total

EXAMPLES = Path(__file__).parents[3] / "examples"


def ranking(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


@pytest.mark.parametrize("method", ["mp", "acbl", "ximp", "butler"])
@pytest.mark.parametrize(("example", "winners"), [("howell", "1"), ("mitchell", "2")])
def test_every_method_and_winner_type_round_trips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], method: str, example: str, winners: str
) -> None:
    """The ranking from the CSV and from our USEBIO file of it are the same numbers (ACBL's
    written at 2 per win: doubled), and --compare on the file agrees (exit 0)."""
    source = EXAMPLES / f"{example}.csv"
    xml, first, second = tmp_path / "out.xml", tmp_path / "1.csv", tmp_path / "2.csv"
    args = ["session", str(source), "--method", method, "--winners", winners]
    assert main([*args, "--usebio", str(xml), "--ranking", str(first), "--date", "30/11/2026"]) == 0
    err = capsys.readouterr().err
    assert (ACBL_NOTE in err) == (method == "acbl")
    assert main(["session", str(xml), "--compare", "--ranking", str(second)]) == 0
    assert "agree" in capsys.readouterr().out
    double = 2 if method == "acbl" else 1
    before, after = ranking(first), ranking(second)
    assert len(before) == len(after)
    for old, new in zip(before, after, strict=True):
        assert (old["pair"], old["direction"], old["place"]) == (
            new["pair"],
            new["direction"],
            new["place"],
        )
        assert float(new["score"]) == pytest.approx(double * float(old["score"]), abs=0.011)
        assert old["percentage"] == new["percentage"]


def test_adjusted_scores_outside_the_one_set_are_refused_at_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "t.csv"
    for score in ("A100/0", "A60/40.5", "A70/30"):
        source.write_text(
            f"board,ns,ew,score\n1,1,2,420\n1,3,4,{score}\n1,5,6,400\n", encoding="utf-8"
        )
        assert main(["session", str(source)]) == 2
        err = capsys.readouterr().err
        assert "line 3: adjusted score" in err and "60, 50 or 40 %" in err and err.count("\n") == 1


# The worked example: five pairs, four rounds of a five-round Howell, two boards a round.
HOWELL = """board,ns,ew,score
1,1,2,420
1,3,4,450
2,1,2,110
2,3,4,140
3,5,1,620
3,2,3,170
4,5,1,-100
4,2,3,-100
5,4,5,400
5,1,3,430
6,4,5,-50
6,1,3,90
7,2,4,420
7,3,5,420
8,2,4,200
8,3,5,-200
"""


@pytest.mark.parametrize(
    ("totals", "shown"),
    [
        ("factored", ["13.33", "10.67", "8", "6.67", "1.33"]),
        ("raw", ["10", "8", "8", "5", "1"]),
    ],
)
def test_factored_totals_on_a_howell_with_a_sit_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], totals: str, shown: list[str]
) -> None:
    source, out, xml = tmp_path / "howell.csv", tmp_path / "ranking.csv", tmp_path / "h.xml"
    source.write_text(HOWELL, encoding="utf-8")
    args = ["session", str(source), "--totals", totals, "--ranking", str(out), "--usebio", str(xml)]
    args += ["--date", "2026-11-30"]
    assert main(args) == 0
    capsys.readouterr()
    rows = ranking(out)
    assert [row["pair"] for row in rows] == ["5", "2", "3", "1", "4"]
    assert [row["score"] for row in rows] == shown
    assert [row["percentage"] for row in rows] == ["83.33", "66.67", "50", "41.67", "8.33"]
    assert [row["boards"] for row in rows] == ["6", "6", "8", "6", "6"]
    written = xml.read_text(encoding="iso-8859-1")
    assert f"<TOTAL_SCORE>{shown[0]}</TOTAL_SCORE>" in written
    # The file reads back and agrees with a rescoring, whichever convention it was written in.
    assert main(["session", str(xml), "--compare"]) == 0


def test_the_published_example_of_a_factored_total() -> None:
    # 124.00 matchpoints over 26 of 27 boards, top 10: 128.77 and 47.69 %.
    assert factored_total(124.0, 27, 26) == 128.77
    assert round(124 / (26 * 10) * 100, 2) == 47.69
    assert factored_total(124.0, 27, 27) == 124.0


def test_a_session_scored_over_each_board_s_own_top_reads_back_the_same_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    xml = tmp_path / "out.xml"
    source = EXAMPLES / "mitchell.csv"
    argv = ["session", str(source), "--factoring", "available", "--usebio", str(xml)]
    assert main([*argv, "--date", "2026-11-30"]) == 0
    assert main(["session", str(xml), "--factoring", "available", "--compare"]) == 0
    assert "agree" in capsys.readouterr().out


def test_a_session_usebio_cannot_hold_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Pairs labelled by letters score and print, but USEBIO numbers its pairs: asked for the
    pack, the ranking and USEBIO together, the command refuses before writing any of them."""
    source = tmp_path / "lettered.csv"
    source.write_text(
        "board,ns_pair,ew_pair,score\n1,A,B,420\n1,C,D,400\n2,A,C,-50\n2,B,D,100\n",
        encoding="utf-8",
    )
    outputs = [tmp_path / "pack.xlsx", tmp_path / "ranking.csv", tmp_path / "event.xml"]
    argv = ["session", str(source), "-o", str(outputs[0]), "--ranking", str(outputs[1])]
    assert main([*argv, "--usebio", str(outputs[2]), "--date", "2026-11-30"]) == 2
    err = capsys.readouterr().err
    assert "USEBIO pair numbers must be whole numbers" in err and err.count("\n") == 1
    assert not any(path.exists() for path in outputs)
    assert main(argv) == 0  # without USEBIO the same lines are scored and written
    assert outputs[0].exists() and outputs[1].exists()
