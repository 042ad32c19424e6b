"""`xlbridge session`: a Howell and a Mitchell from contracts to the ranking; bad input."""

from __future__ import annotations

import csv
import io
import itertools
from collections import Counter
from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.scoring.contract import VULNERABILITY

endplay_types = pytest.importorskip("endplay.types")

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def rows_of(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _endplay_ns_score(contract: str, declarer: str, tricks: int, board: int) -> int:
    """NS's score by endplay's scorer (independent of xlbridge's)."""
    types = endplay_types
    if contract == "PASS":
        return 0
    level = int(contract[0])
    denom = {
        "C": types.Denom.clubs,
        "D": types.Denom.diamonds,
        "H": types.Denom.hearts,
        "S": types.Denom.spades,
        "N": types.Denom.nt,
    }[contract[1]]
    penalty = {0: types.Penalty.passed, 1: types.Penalty.doubled, 2: types.Penalty.redoubled}[
        contract.count("X")
    ]
    player = {
        "N": types.Player.north,
        "E": types.Player.east,
        "S": types.Player.south,
        "W": types.Player.west,
    }[declarer]
    vul = {"none": types.Vul.none, "NS": types.Vul.ns, "EW": types.Vul.ew, "all": types.Vul.both}[
        VULNERABILITY[(board - 1) % 16]
    ]
    made = types.Contract(
        level=level, denom=denom, declarer=player, penalty=penalty, result=tricks - level - 6
    )
    score = int(made.score(vul))
    return score if declarer in "NS" else -score


def _tricks(contract: str, result: str) -> int:
    """Tricks from a result written relative to the contract ("=", "+1", "-2")."""
    if contract == "PASS":
        return -1
    return int(contract[0]) + 6 + (0 if result == "=" else int(result))


def _pairwise_percentages(
    lines: list[tuple[int, str, str, float | None, tuple[int, int]]],
) -> dict[tuple[str, str], float]:
    """Each pair's percentage worked out plainly: on each board, every real result compared
    with every other (2 per win, 1 per tie), Neuberg-factored to the most-played count E,
    adjusted lines getting their share of the top; total over Σ tops.

    lines: (board, NS pair, EW pair, NS score or None for adjusted, (NS %, EW %)).
    """
    boards = sorted({line[0] for line in lines})
    count = Counter(line[0] for line in lines)
    most = max(count.values())
    top = 2 * (most - 1)
    totals: Counter[tuple[str, str]] = Counter()
    tops: Counter[tuple[str, str]] = Counter()
    for board in boards:
        on_board = [line for line in lines if line[0] == board]
        real = [line for line in on_board if line[3] is not None]
        a = len(real)
        for _, ns, ew, score, share in on_board:
            if score is None:
                ns_mp, ew_mp = share[0] / 100 * top, share[1] / 100 * top
            else:
                mp = (
                    sum(2 if score > other[3] else 1 if score == other[3] else 0 for other in real)
                    - 1
                )
                ns_mp = (mp + 1) * most / a - 1
                ew_mp = top - ns_mp
            totals[("NS", ns)] += ns_mp
            totals[("EW", ew)] += ew_mp
            tops[("NS", ns)] += top
            tops[("EW", ew)] += top
    return {pair: totals[pair] / tops[pair] * 100 for pair in totals}


def test_howell_end_to_end_from_contracts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The example Howell: 14 pairs, each meets every other once and plays all 26 boards; one
    winner; every contract's score agrees with endplay; percentages with a plain pairwise
    count; places in order with the right ties."""
    travellers = EXAMPLES / "howell.csv"
    lines = rows_of(travellers)
    meetings = Counter(frozenset((line["ns_pair"], line["ew_pair"])) for line in lines)
    assert len(meetings) == 14 * 13 // 2 and set(meetings.values()) == {2}
    assert (
        len(
            {(line["board"], line["ns_pair"]) for line in lines}
            | {(line["board"], line["ew_pair"]) for line in lines}
        )
        == 14 * 26
    )
    ranking = tmp_path / "ranking.csv"
    code, out, err = run(
        [
            "session",
            str(travellers),
            "--names",
            str(EXAMPLES / "howell-names.csv"),
            "--ranking",
            str(ranking),
        ],
        capsys,
    )
    assert code == 0, err
    assert "All pairs (matchpoints)" in out and "NS pairs" not in out
    written = rows_of(ranking)
    assert [row["direction"] for row in written] == [""] * 14
    assert all(row["boards"] == "26" for row in written)
    # Independent scores: endplay for the contracts, a pairwise count for the matchpoints.
    plain = []
    for line in lines:
        board = int(line["board"])
        if line["ns_score"].startswith("A"):
            ns_share, ew_share = (float(x) for x in line["ns_score"][1:].split("/"))
            plain.append((board, line["ns_pair"], line["ew_pair"], None, (ns_share, ew_share)))
        else:
            tricks = _tricks(line["contract"], line["result"])
            score = _endplay_ns_score(line["contract"], line["declarer"], tricks, board)
            plain.append((board, line["ns_pair"], line["ew_pair"], float(score), (0.0, 0.0)))
    expected = _pairwise_percentages(plain)
    for row in written:
        pair = row["pair"]
        percent = _one_winner(expected, plain, pair)
        assert float(row["percentage"]) == pytest.approx(percent, abs=0.005)
    _check_places(written)
    for row in written:
        assert row["pair"] in out and row["names"] in out


def _one_winner(
    per_side: dict[tuple[str, str], float],
    plain: list[tuple[int, str, str, float | None, tuple[float, float]]],
    pair: str,
) -> float:
    """A one-winner pair's percentage from its NS and EW parts (weighted by boards)."""
    ns_boards = sum(1 for line in plain if line[1] == pair)
    ew_boards = sum(1 for line in plain if line[2] == pair)
    ns = per_side.get(("NS", pair), 0.0) * ns_boards
    ew = per_side.get(("EW", pair), 0.0) * ew_boards
    return (ns + ew) / (ns_boards + ew_boards)


def _check_places(rows: list[dict[str, str]]) -> None:
    """Places are 1 + the number of better percentages, with "=" where shared."""
    for group in itertools.groupby(rows, key=lambda row: (row["section"], row["direction"])):
        members = list(group[1])
        values = [round(float(row["percentage"]), 2) for row in members]
        for row, value in zip(members, values, strict=True):
            better = sum(1 for other in values if other > value)
            shared = values.count(value) > 1
            assert row["place"] == f"{better + 1}{'=' if shared else ''}"


def test_mitchell_end_to_end_from_contracts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The example Mitchell (export header Board,Table,NS,EW,Contract,By,Tricks,Score; NS and
    EW both numbered 1–11): two winners, percentages from a plain pairwise count, an NP board
    leaving one pair with 21 boards."""
    travellers = EXAMPLES / "mitchell.csv"
    ranking = tmp_path / "ranking.csv"
    code, out, err = run(
        [
            "session",
            str(travellers),
            "--names",
            str(EXAMPLES / "mitchell-names.csv"),
            "--ranking",
            str(ranking),
        ],
        capsys,
    )
    assert code == 0, err
    assert "NS pairs (matchpoints)" in out and "EW pairs (matchpoints)" in out
    written = rows_of(ranking)
    assert Counter(row["direction"] for row in written) == {"NS": 11, "EW": 11}
    plain = []
    for line in rows_of(travellers):
        board = int(line["Board"])
        if line["Score"] == "NP":
            continue
        if line["Score"].startswith("A"):
            ns_share, ew_share = (float(x) for x in line["Score"][1:].split("/"))
            plain.append((board, line["NS"], line["EW"], None, (ns_share, ew_share)))
        else:
            tricks = -1 if line["Contract"] == "PASS" else int(line["Tricks"])
            score = _endplay_ns_score(line["Contract"], line["By"], tricks, board)
            plain.append((board, line["NS"], line["EW"], float(score), (0.0, 0.0)))
    expected = _pairwise_percentages(plain)
    for row in written:
        assert float(row["percentage"]) == pytest.approx(
            expected[(row["direction"], row["pair"])], abs=0.005
        )
    assert sorted(int(row["boards"]) for row in written).count(21) == 2
    _check_places(written)


def test_methods_and_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    howell = str(EXAMPLES / "howell.csv")
    for method, heading in (
        ("acbl", "matchpoints (ACBL)"),
        ("ximp", "cross-IMPs"),
        ("butler", "Butler IMPs"),
    ):
        code, out, err = run(["session", howell, "--method", method], capsys)
        assert code == 0, err
        assert heading in out
    # NS and EW both numbered 1–11, one winner: one ranking, NS 1 and EW 1 shown as 1NS, 1EW.
    code, out, err = run(["session", str(EXAMPLES / "mitchell.csv"), "--winners", "1"], capsys)
    assert code == 0, err
    assert out.startswith("All pairs") and " 1NS " in out and " 1EW " in out
    code, out, _ = run(["session", howell, "--factoring", "available"], capsys)
    assert code == 0


HEADER = "board,ns_pair,ew_pair,contract,declarer,result,ns_score\n"
GOOD = "1,1,2,4S,N,=,\n1,3,4,4S,N,-1,\n"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("1,1,2,4Z,N,=,\n", "line 2: contract must be a contract such as 4S"),
        ("1,1,2,4S,Q,=,\n", "line 2: declarer must be N, E, S or W, got 'Q'"),
        ("1,1,2,4S,N,14,\n", "line 2: result must be the tricks taken"),
        ("1,1,2,4S,N,+4,\n", "line 2: result +4 is impossible for 4S"),
        ("1,5,6,4S,N,,\n", "line 2: result of 4S must be"),
        ("1,5,6,,,,junk\n", "line 2: ns_score must be a number, an adjusted score"),
        ("1,5,6,4S,N,=,400\n", "line 2: the score 400 does not match 4S = by N"),
        ("1,5,5,4S,N,=,\n", "line 2: pair 5 is on both sides of the line"),
        ("1,1,6,4S,N,=,\n", "lines 2, 3: pair 1 plays board 1 on two lines"),
        ("2,5,6,4S,N,=,\n", "line 2: board 2 has one result and no adjusted score"),
        ("1,5,6,4S,N,=,A70/30\n", "line 2: a line has a contract or an adjusted score"),
        ("0,5,6,4S,N,=,\n", "line 2: board must be a whole number from 1 to 9999"),
        ("1,,6,4S,N,=,\n", "line 2: ns_pair must not be blank"),
    ],
)
def test_bad_lines_name_file_line_and_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, message: str
) -> None:
    source = tmp_path / "travellers.csv"
    source.write_text(HEADER + body + GOOD, encoding="utf-8")
    ranking = tmp_path / "ranking.csv"
    code, out, err = run(["session", str(source), "--ranking", str(ranking)], capsys)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and str(source) in err and message in err, err
    assert not ranking.exists()


def test_ranking_is_not_overwritten_and_names_stay_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "travellers.csv"
    source.write_text(HEADER + GOOD, encoding="utf-8")
    names = tmp_path / "names.csv"
    names.write_text(
        'pair,names\n1,"=HYPERLINK(""http://x"",""y"")"\n2,+Ann & Bob\n', encoding="utf-8"
    )
    ranking = tmp_path / "ranking.csv"
    ranking.write_text("keep me", encoding="utf-8")
    code, _, err = run(["session", str(source), "--ranking", str(ranking)], capsys)
    assert code == 2 and "--force" in err and ranking.read_text() == "keep me"
    code, _, err = run(
        ["session", str(source), "--names", str(names), "--ranking", str(ranking), "--force"],
        capsys,
    )
    assert code == 0, err
    written = {row["pair"]: row for row in rows_of(ranking)}
    assert written["1"]["names"].startswith("'=HYPERLINK")
    assert written["2"]["names"] == "'+Ann & Bob"
    assert list(written["1"]) == [
        "section",
        "direction",
        "pair",
        "names",
        "boards",
        "score",
        "top",
        "percentage",
        "place",
    ]


def test_missing_and_damaged_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["session", str(tmp_path / "nothing.csv")], capsys)
    assert code == 2 and "no such file" in err
    damaged = tmp_path / "damaged.csv"
    damaged.write_bytes(b"\x00\xff\xfe garbage")
    code, _, err = run(["session", str(damaged)], capsys)
    assert code == 2 and str(damaged) in err and err.count("\n") == 1
    code, _, err = run(["session", str(EXAMPLES / "howell.csv"), "--method", "imps"], capsys)
    assert code == 2 and "method must be one of mp, acbl, ximp, butler" in err


def test_export_header_and_sections(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two sections playing the same boards, written with semicolons and a decimal comma in a
    weighted score; ranked within sections, then across the field."""
    text = (
        "Section;Board;NS;EW;Contract;By;Tricks;Score;Weight\n"
        "A;1;1;11;4S;N;10;;\n"
        "A;1;2;12;;;;430;0,6\n"
        "A;1;2;12;;;;400;0,4\n"
        "A;1;3;13;3NT;S;9;;\n"
        "B;1;1;11;4S;N;11;;\n"
        "B;1;2;12;4S;N;9;;\n"
    )
    source = tmp_path / "sections.csv"
    source.write_text(text, encoding="utf-8")
    code, out, err = run(["session", str(source)], capsys)
    assert code == 0, err
    assert "Section A - NS pairs" in out and "Section B - EW pairs" in out
    code, out, err = run(["session", str(source), "--across-field"], capsys)
    assert code == 0, err
    assert "Section" not in out.splitlines()[0]
    assert "B1" in out  # pairs are shown with their section across the field


def test_results_pack_written_with_the_ranking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """-o writes the printable results pack (its pages are tested with the template); a bad
    traveller writes neither file; an existing pack is kept without --force."""
    from openpyxl import load_workbook

    pack, ranking = tmp_path / "results.xlsx", tmp_path / "ranking.csv"
    argv = [
        "session",
        str(EXAMPLES / "mitchell.csv"),
        "--names",
        str(EXAMPLES / "mitchell-names.csv"),
        "-o",
        str(pack),
        "--ranking",
        str(ranking),
    ]
    code, _, err = run(argv, capsys)
    assert code == 0, err
    book = load_workbook(pack)
    assert len(book.sheetnames) == 3
    first = [cell for row in book.worksheets[0].iter_rows(values_only=True) for cell in row]
    assert "Orla Kingsley & Lorcan Jerrold" in first  # NS 6, the NS winner, by name
    code, _, err = run(argv, capsys)
    assert code == 2 and "--force" in err
    bad = tmp_path / "bad.csv"
    bad.write_text(HEADER + "1,1,2,4S,N,+4,\n" + GOOD, encoding="utf-8")
    other_pack, other_ranking = tmp_path / "other.xlsx", tmp_path / "other.csv"
    code, _, err = run(
        ["session", str(bad), "-o", str(other_pack), "--ranking", str(other_ranking)], capsys
    )
    assert code == 2 and "impossible" in err
    assert not other_pack.exists() and not other_ranking.exists()
    code, _, err = run(["session", str(bad), "-o", str(tmp_path / "pack.pdf")], capsys)
    assert code == 2 and ".xlsx" in err


def test_the_pairs_evening_page_shows_the_real_output(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/pairs-evening.md's "Scoring the travellers" prints what the command prints."""
    page = (EXAMPLES.parent / "docs" / "pairs-evening.md").read_text(encoding="utf-8")
    lines = page.splitlines()
    start = next(
        i
        for i, line in enumerate(lines)
        if line.startswith("$ xlbridge session examples/mitchell.csv")
    )
    shown = lines[start + 1 : lines.index("...", start)]
    code, out, _ = run(
        [
            "session",
            str(EXAMPLES / "mitchell.csv"),
            "--names",
            str(EXAMPLES / "mitchell-names.csv"),
        ],
        capsys,
    )
    assert code == 0
    assert out.splitlines()[: len(shown)] == shown


def _butler_evening(tmp_path: Path) -> Path:
    """Board 1: 470, 430, 420, 400. Dropping the top and the bottom leaves 430 and 420, mean
    425: an exact 5. Board 2: every table 100 (datum 100, 0 IMPs)."""
    lines = ["board,ns_pair,ew_pair,ns_score"]
    for board, scores in ((1, (470, 430, 420, 400)), (2, (100, 100, 100, 100))):
        lines += [f"{board},{t},{t},{s}" for t, s in enumerate(scores, start=1)]
    path = tmp_path / "butler.csv"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(
    ("options", "imps"),
    [
        # Datum 430 (the 5 away from zero): 470 − 430 = 40 → 1 IMP (Law 78B: 20–40).
        ((), 1.0),
        (("--datum-rounding", "away"), 1.0),
        # Datum 420 (the even ten): 470 − 420 = 50 → 2 IMPs (50–80).
        (("--datum-rounding", "even"), 2.0),
    ],
)
def test_session_datum_rounding(tmp_path: Path, capsys, options, imps: float) -> None:
    ranking = tmp_path / "ranking.csv"
    code, _, err = run(
        [
            "session",
            str(_butler_evening(tmp_path)),
            "--method",
            "butler",
            "--ranking",
            str(ranking),
            *options,
        ],
        capsys,
    )
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(ranking.read_text(encoding="utf-8"))))
    ns1 = next(r for r in rows if r["pair"] == "1" and r["direction"] == "NS")
    assert float(ns1["score"]) == imps


def test_session_datum_rounding_is_for_butler_only(tmp_path: Path, capsys) -> None:
    code, _, err = run(
        ["session", str(_butler_evening(tmp_path)), "--method", "mp", "--datum-rounding", "even"],
        capsys,
    )
    assert code == 2
    assert "--datum-rounding is for butler" in err
