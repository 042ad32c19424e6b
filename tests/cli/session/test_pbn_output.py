"""``xlbridge session … --pbn OUT.pbn``: the scored session as PBN results from any input, read
back by ``--compare`` with nothing differing; the file checked before any work; the names of
a file's pairs found whatever direction it gives them."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.cli.session.event_files import names_of
from xlbridge.cli.session.pbn_output import ACBL_PBN_NOTE
from xlbridge.io.event_files.contents import EventFile, Pair
from xlbridge.io.pbn.read import read_pbn

EXAMPLES = Path(__file__).parents[3] / "examples"


def ranking(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


@pytest.mark.parametrize(
    ("method", "example", "scoring"),
    [
        ("mp", "mitchell", "MatchPoints;MP1"),
        ("acbl", "howell", "MatchPoints;MP1"),
        ("ximp", "howell", "IMP;Cross2"),
        ("butler", "mitchell", "IMP;Butler-2"),  # 11 tables on every board: Butler-2 either way
    ],
)
def test_csv_to_pbn_and_back_agrees(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    method: str,
    example: str,
    scoring: str,
) -> None:
    """CSV → --pbn → --compare: every number agrees (exit 0), and the ranking read back is the
    same (ACBL's matchpoints written, and read back, at 2 a win: doubled)."""
    pbn, first, second = tmp_path / "out.pbn", tmp_path / "1.csv", tmp_path / "2.csv"
    source = [str(EXAMPLES / f"{example}.csv"), "--names", str(EXAMPLES / f"{example}-names.csv")]
    assert (
        main(["session", *source, "--method", method, "--pbn", str(pbn), "--ranking", str(first)])
        == 0
    )
    err = capsys.readouterr().err
    assert (ACBL_PBN_NOTE in err) == (method == "acbl") and "wrote" in err and str(pbn) in err
    assert f'[Scoring "{scoring}"]' in pbn.read_text(encoding="utf-8-sig")
    assert main(["session", str(pbn), "--compare", "--ranking", str(second)]) == 0
    assert "agree" in capsys.readouterr().out
    double = 2 if method == "acbl" else 1
    for old, new in zip(ranking(first), ranking(second), strict=True):
        assert (old["pair"], old["names"], old["place"], old["percentage"]) == (
            new["pair"],
            new["names"],
            new["place"],
            new["percentage"],
        )
        assert float(new["score"]) == pytest.approx(double * float(old["score"]), abs=0.011)


# Board 1 played three times, board 2 four times (NS 1–4 v EW 5–8).
THREE_AND_FOUR = """board,ns,ew,score
1,1,5,420
1,2,6,170
1,3,7,-100
2,1,6,620
2,2,7,650
2,3,8,600
2,4,5,-100
"""


@pytest.mark.parametrize(
    ("options", "scoring", "theirs"),
    [
        # Cross-IMPs: board 1, 420 v 170 is 250 (6 IMPs), v −100 is 520 (11): summed 17,
        # divided by the 2 comparisons 8.5, by the 3 scores 5.67.
        (["--method", "ximp"], "IMP;Cross2", "8.5"),
        (["--method", "ximp", "--divisor", "scores"], "IMP;Cross1", "5.67"),
        (["--method", "ximp", "--divisor", "none"], "IMP;Cross", "17"),
        # Butler, board 1: the default datum is the mean of the three, 163.3, 160 rounded (420
        # gets 260: 6 IMPs; −100 gets −260: −6); trimmed it is the median, 170 (420 gets 250:
        # 6; −100 gets −270: −7). The default is not Butler-2 on a board of three results.
        (["--method", "butler"], "IMP;Butler", "-6"),
        (["--method", "butler", "--trim"], "IMP;Butler-2", "-7"),
    ],
    ids=["ximp", "ximp-scores", "ximp-summed", "butler", "butler-trim"],
)
def test_each_convention_round_trips(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    options: list[str],
    scoring: str,
    theirs: str,
) -> None:
    """The file declares the convention it was scored with, and --compare, reading the
    declaration, finds every number agreeing (exit 0) with no option given."""
    source, pbn = tmp_path / "session.csv", tmp_path / "out.pbn"
    source.write_text(THREE_AND_FOUR, encoding="utf-8")
    assert main(["session", str(source), *options, "--pbn", str(pbn)]) == 0
    assert f'[Scoring "{scoring}"]' in pbn.read_text(encoding="utf-8-sig")
    lines = {(ln.board, ln.score): ln for ln in read_pbn(pbn).lines}
    line = lines[(1, "420")] if options[1] == "ximp" else lines[(1, "-100")]
    assert line.theirs_ns == theirs
    capsys.readouterr()
    assert main(["session", str(pbn), "--compare"]) == 0
    assert "agree" in capsys.readouterr().out


def test_from_an_event_file_with_its_names_and_other_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """From the example USEBIO file: its names; the deals of --deals (the example Mitchell's
    deal file, boards 1–3 of it) in place of the file's none."""
    pbn = tmp_path / "tuesday.pbn"
    deals = EXAMPLES / "mitchell-deals.pbn"
    args = ["session", str(EXAMPLES / "tuesday.xml"), "--deals", str(deals), "--pbn", str(pbn)]
    assert main(args) == 0
    capsys.readouterr()
    back, given = read_pbn(pbn), read_pbn_deals(deals)
    assert {board: deal for (_, board), deal in back.hands.items()} == {
        board: given[board] for board in (1, 2, 3)
    }
    assert any(pair.names for pair in back.pairs)
    assert main(["session", str(pbn), "--compare"]) == 0


def read_pbn_deals(path: Path) -> dict[int, str]:
    from xlbridge.io.pbn.deals import read_deals

    return {board: record.deal for board, record in read_deals(path).items()}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--pbn", "{tmp}/out.xml"], "--pbn writes .pbn (PBN), got"),
        (["--pbn", "{tmp}/old.pbn"], "old.pbn already exists; use --force"),
        (["--pbn", "{tmp}/in.pbn", "--force"], "--pbn {tmp}/in.pbn is an input of this run"),
    ],
    ids=["suffix", "exists", "the-input"],
)
def test_the_pbn_file_is_checked_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    """A wrong suffix, an existing file without --force, or the input itself: exit 2 with one
    line, and neither the ranking nor anything else written."""
    source = tmp_path / "in.pbn"
    source.write_bytes((EXAMPLES / "tuesday.pbn").read_bytes())
    (tmp_path / "old.pbn").write_text("keep", encoding="utf-8")
    ranking_file = tmp_path / "ranking.csv"
    argv = ["session", str(source), "--ranking", str(ranking_file)]
    assert main([*argv, *(arg.format(tmp=tmp_path) for arg in extra)]) == 2
    err = capsys.readouterr().err
    assert message.format(tmp=tmp_path) in err and err.count("\n") == 1
    assert not ranking_file.exists() and not (tmp_path / "out.xml").exists()
    assert (tmp_path / "old.pbn").read_text(encoding="utf-8") == "keep"


def test_a_session_pbn_cannot_hold_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Pairs labelled by letters score and print, but a PBN PairId is a number: asked for the
    ranking and PBN together, the command refuses before writing either."""
    source = tmp_path / "lettered.csv"
    source.write_text(
        "board,ns_pair,ew_pair,score\n1,A,B,420\n1,C,D,400\n2,A,C,-50\n2,B,D,100\n",
        encoding="utf-8",
    )
    outputs = [tmp_path / "ranking.csv", tmp_path / "event.pbn"]
    argv = ["session", str(source), "--ranking", str(outputs[0]), "--pbn", str(outputs[1])]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "PBN pair numbers must be whole numbers, got pair 'A'" in err and err.count("\n") == 1
    assert not any(path.exists() for path in outputs)


def test_names_are_found_without_the_direction_a_pair_sat() -> None:
    """A Howell's file that gives each pair the direction it sat at its table (Ruter: "N-S",
    "Ö-V"): the one ranking has no directions, so its names are found by section and number
    too. A Mitchell's NS 1 and EW 1 keep their directions only."""
    howell = EventFile(
        "h", pairs=[Pair("", 1, "NS", ("Ann", "Bob")), Pair("", 2, "EW", ("Cy", "Di"))]
    )
    assert names_of(howell) == {
        ("", "NS", "1"): "Ann & Bob",
        ("", "", "1"): "Ann & Bob",
        ("", "EW", "2"): "Cy & Di",
        ("", "", "2"): "Cy & Di",
    }
    mitchell = EventFile("m", pairs=[Pair("", 1, "NS", ("Ann",)), Pair("", 1, "EW", ("Cy",))])
    assert names_of(mitchell) == {("", "NS", "1"): "Ann", ("", "EW", "1"): "Cy"}
