"""`xlbridge session` on USEBIO and PBN files: rescoring, --compare, --usebio, round trips."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlbridge.cli.main import main
from xlbridge.cli.session.event_files import EXIT_DIFFERENT
from xlbridge.io.event_files.compare import compare
from xlbridge.io.event_files.contents import EventFile
from xlbridge.io.event_files.conversion import scored_lines, scored_pairs, traveller_of
from xlbridge.io.event_files.printed import tolerance
from xlbridge.io.pbn.read import read_pbn
from xlbridge.io.usebio import read_usebio, usebio_bytes
from xlbridge.scoring.session import Traveller, TravellerLine, score_session

DATA = Path(__file__).parents[1] / "data"
USEBIO = DATA / "quirks-usebio.xml"
PBN = DATA / "quirks.pbn"

# A CSV evening: a three-table Mitchell over two boards, contracts typed, one adjusted score.
EVENING = """board,ns_pair,ew_pair,contract,declarer,result,ns_score
1,1,4,4S,N,=,
1,2,5,4S,N,+1,
1,3,6,3NT,S,-1,
2,1,5,2H,E,=,
2,2,6,,,,A60/40
2,3,4,1NT,S,8,
"""
NAMES = "pair,direction,names\n1,NS,Ann Able & Bob Baker\n4,EW,Gus Gray & Hal Hunt\n"


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    status = main(["session", *(str(a) for a in args)])
    out, err = capsys.readouterr()
    return status, out, err


def copy_changed(tmp_path: Path, source: Path, old: bytes, new: bytes) -> Path:
    data = source.read_bytes()
    assert data.count(old) == 1, old
    path = tmp_path / source.name
    path.write_bytes(data.replace(old, new))
    return path


@pytest.mark.parametrize("source", [USEBIO, PBN], ids=["usebio", "pbn"])
def test_compare_agrees_with_files_whose_numbers_were_worked_by_hand(
    capsys: pytest.CaptureFixture[str], source: Path
) -> None:
    status, out, err = run(capsys, source, "--compare")
    assert (status, err) == (0, "")
    assert out.splitlines()[-1].startswith("compare: all ")
    assert out.splitlines()[-1].split(" agree")[0].endswith("pair numbers")


def test_the_usebio_ranking_uses_the_files_method_and_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, USEBIO)
    assert status == 0
    assert "Section A - NS pairs (matchpoints)" in out
    # 480 and 400 among themselves, factored by Neuberg to 3 results: 3.5 and 0.5 of 4.
    assert "Renée North & Sam South" in out and "3.50  87.50" in out


@pytest.mark.parametrize(
    ("source", "old", "new", "expected"),
    [
        (
            USEBIO,
            b"<NS_MATCH_POINTS>3.5<",
            b"<NS_MATCH_POINTS>3.0<",
            "board 1 (section A) NS 1 v EW 2: NS matchpoints theirs 3.0, ours 3.5",
        ),
        (
            USEBIO,
            b"<PERCENTAGE>12.50<",
            b"<PERCENTAGE>12.60<",
            "pair 2 EW (section A): percentage theirs 12.60, ours 12.5",
        ),
        (
            USEBIO,
            b"<PLACE>3</PLACE>",
            b"<PLACE>2=</PLACE>",
            "pair 2 EW (section A): place theirs 2=, ours 3",
        ),
        (PBN, b"2=  4 EW", b" 3  4 EW", "pair 4 EW: place theirs 3, ours 2="),
        (
            USEBIO,
            b"<SCORE>400<",
            b"<SCORE>430<",
            "board 1 (section A) NS 3 v EW 4: score of the contract theirs 430, ours 400",
        ),
        (
            PBN,
            b" 2  5 3NT   S  9    400  2.0",
            b" 2  5 3NT   S  9    400  2.5",
            "board 1 NS 2 v EW 5: NS matchpoints theirs 2.5, ours 2",
        ),
        (
            PBN,
            b" 1  6 EW    8.0 100.00",
            b" 1  6 EW    7.0 100.00",
            "pair 6 EW: total theirs 7.0, ours 8",
        ),
    ],
    ids=[
        "line-mp",
        "pair-percentage",
        "pair-place",
        "pbn-place",
        "contract-score",
        "pbn-line",
        "pbn-total",
    ],
)
def test_compare_lists_the_one_number_changed(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    source: Path,
    old: bytes,
    new: bytes,
    expected: str,
) -> None:
    path = copy_changed(tmp_path, source, old, new)
    status, out, err = run(capsys, path, "--compare")
    assert status == EXIT_DIFFERENT and err == ""
    lines = out.splitlines()
    summary = lines[-1]
    assert summary.startswith("compare: 1 differs (")
    # The one difference line, and only it, just above the summary.
    assert lines[-2] == expected
    assert not any(line.startswith(("board ", "pair ")) for line in lines[:-2])


def test_the_tolerance_is_half_the_last_printed_decimal() -> None:
    assert tolerance("7") == pytest.approx(0.5)
    assert tolerance("7.4") == pytest.approx(0.05)
    assert tolerance("55.21") == pytest.approx(0.005)


def test_pbn_round_trip_through_usebio(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "event.xml"
    status, ranking, err = run(capsys, PBN, "--usebio", out)
    assert status == 0 and err.endswith(f"; wrote {out}\n") and err.count("\n") == 1
    # The USEBIO file reads back to the same lines, hands and names and agrees with a rescore.
    original, written = (
        read_pbn(PBN),
        read_usebio(out),
    )
    key = lambda ln: (ln.board, ln.ns_pair, ln.ew_pair, ln.score)  # noqa: E731
    assert sorted(map(key, written.lines)) == sorted(map(key, original.lines))
    # A one-section event is written flat: PARTICIPANTS and BOARDs directly under EVENT.
    assert b"<SECTION" not in out.read_bytes()
    assert written.hands == original.hands
    assert {p.names for p in written.pairs} == {p.names for p in original.pairs}
    status, again, _ = run(capsys, out, "--compare")
    assert status == 0 and again.split("compare:")[0].strip() == ranking.strip()


def test_a_csv_evening_written_as_usebio(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    travellers, names = tmp_path / "evening.csv", tmp_path / "names.csv"
    travellers.write_text(EVENING, encoding="utf-8")
    names.write_text(NAMES, encoding="utf-8")
    out = tmp_path / "evening.xml"
    status, _, _ = run(
        capsys, travellers, "--names", names, "--usebio", out, "--date", "2026-11-30"
    )
    assert status == 0
    event = read_usebio(out)
    assert event.method == "mp" and event.program.startswith("xlbridge")
    assert [p.names for p in event.pairs if p.number == 1] == [("Ann Able", "Bob Baker")]
    lines = {(ln.board, ln.ns_pair): ln for ln in event.lines}
    # Board 1 (none vulnerable): 4S= 420, 4S+1 450, 3NT-1 −50 → NS 2, 4, 0 of top 4.
    assert [(lines[1, p].score, lines[1, p].theirs_ns) for p in (1, 2, 3)] == [
        ("420", "2"),
        ("450", "4"),
        ("-50", "0"),
    ]
    assert (lines[1, 1].contract, lines[1, 1].declarer, lines[1, 1].result) == ("4S", "N", "10")
    # Board 2: the adjusted score 60/40 of a top of 4 (Neuberg: two results factored to 3).
    assert lines[2, 2].score == "A6040"
    assert (lines[2, 2].theirs_ns, lines[2, 2].theirs_ew) == ("2.4", "1.6")
    status, _, _ = run(capsys, out, "--compare")
    assert status == 0


def test_method_from_the_file_unless_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = copy_changed(tmp_path, USEBIO, b'EVENT_TYPE="MP_PAIRS"', b'EVENT_TYPE="CROSS_IMP"')
    assert "(cross-IMPs)" in run(capsys, path)[1]
    assert "(Butler IMPs)" in run(capsys, path, "--method", "butler")[1]


@pytest.mark.parametrize(
    ("content", "options", "message"),
    [
        (b'EVENT_TYPE="MP_PAIRS"', b'EVENT_TYPE="INDIVIDUAL"', "an individual event"),
        (b"</USEBIO>", b"</USEBI>", "not well-formed XML"),
        (
            b"<TRICKS>7</TRICKS>",
            b"<TRICKS>+9</TRICKS>",
            "SECTION B BOARD 1 TRAVELLER_LINE 1: result +9 is impossible for 2HX",
        ),
        (
            b"<SCORE>480</SCORE>",
            b"<SCORE>lots</SCORE>",
            "TRAVELLER_LINE 1: SCORE: expected a score (a whole number from -7600 to 7600), "
            "got 'lots'",
        ),
        (
            b"<CONTRACT>2HX</CONTRACT>",
            b"<CONTRACT>8HX</CONTRACT>",
            "SECTION B BOARD 1 TRAVELLER_LINE 1: contract must be",
        ),
    ],
    ids=["event-type", "malformed", "impossible-result", "score-text", "contract"],
)
def test_bad_files_exit_2_with_one_line_and_write_nothing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: bytes,
    options: bytes,
    message: str,
) -> None:
    path = copy_changed(tmp_path, USEBIO, content, options)
    out = tmp_path / "out.xml"
    status, stdout, err = run(capsys, path, "--usebio", out, "--compare")
    assert status == 2 and stdout == ""
    assert err.startswith(f"xlbridge: error: {path}") and err.count("\n") == 1, err
    assert message in err
    assert not out.exists()


def test_hostile_xml_through_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "laughs.xml"
    path.write_text(
        '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaa">'
        '<!ENTITY b "&a;&a;&a;&a;">]><USEBIO>&b;</USEBIO>'
    )
    status, _, err = run(capsys, path)
    assert status == 2 and "refused: EntitiesForbidden" in err and err.count("\n") == 1


def test_usebio_output_is_not_overwritten_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.xml"
    out.write_text("keep me")
    status, stdout, err = run(capsys, USEBIO, "--usebio", out)
    assert status == 2 and stdout == "" and "already exists; use --force" in err
    assert out.read_text() == "keep me"
    assert run(capsys, USEBIO, "--usebio", out, "--force")[0] == 0
    assert read_usebio(out).lines


def test_compare_needs_a_file_with_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    travellers = tmp_path / "evening.csv"
    travellers.write_text(EVENING, encoding="utf-8")
    status, _, err = run(capsys, travellers, "--compare")
    assert status == 2 and "--compare needs an event file" in err
    bare = tmp_path / "bare.pbn"
    shutil.copy(PBN, bare)
    text = bare.read_text().split("[TotalScoreTable")[0]
    text = text.replace("  4.0  0.0 100", "    -    -   -").replace(
        "  2.0  2.0  50", "    -    -   -"
    )
    text = text.replace("  0.0  4.0   0", "    -    -   -")
    text = text.replace("2.0  2.0\n", "-    -\n").replace("4.0  0.0\n", "-    -\n")
    text = text.replace("0.0  4.0\n", "-    -\n")
    bare.write_text(text)
    status, _, err = run(capsys, bare, "--compare")
    assert status == 2 and "the file carries no results of its own" in err


# --------------------------------------------------------------------------------------------
# Any session written as USEBIO reads back to the same session


@st.composite
def mitchells(draw: st.DrawFn) -> list[TravellerLine]:
    """A Mitchell of 3–6 tables and 1–4 boards, contracts or scores, some adjusted lines."""
    tables = draw(st.integers(3, 6))
    boards = draw(st.integers(1, 4))
    scores = st.sampled_from([-500, -100, -50, 0, 90, 110, 140, 400, 420, 430, 450, 620, 1430])
    lines = []
    for board in range(1, boards + 1):
        adjusted = draw(st.sampled_from([None, 0]))
        for table in range(1, tables + 1):
            ew = tables + 1 + (table + board) % tables
            if table - 1 == adjusted:
                lines.append(TravellerLine.with_adjusted(board, table, ew, "A60/40"))
            elif draw(st.booleans()):
                contract = draw(st.sampled_from(["4S", "3NT", "2HX", "1C", "6D", "PASS"]))
                seat = draw(st.sampled_from("NESW"))
                result = "" if contract == "PASS" else draw(st.sampled_from(["=", "+1", "-1"]))
                lines.append(TravellerLine.with_contract(board, table, ew, contract, seat, result))
            else:
                lines.append(TravellerLine.with_score(board, table, ew, draw(scores)))
    return lines


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(mitchells(), st.sampled_from(["mp", "ximp", "butler"]))
def test_any_session_round_trips_through_usebio(
    tmp_path: Path, lines: list[TravellerLine], method: str
) -> None:
    result = score_session(Traveller.from_lines(lines), method)
    event = EventFile("evening", date="2026-11-30")
    path = tmp_path / "round.xml"
    path.write_bytes(
        usebio_bytes(event, method, scored_lines(result), scored_pairs(result, []), result.winners)
    )
    back = read_usebio(path)
    assert back.method == method
    again = score_session(traveller_of(back), back.method)
    assert compare(back, again).agree
    for first, second in zip(result.pairs, again.pairs, strict=True):
        assert (first.pair, first.direction, first.place) == (
            second.pair,
            second.direction,
            second.place,
        )
        assert first.score == pytest.approx(second.score, abs=1e-9)
    ns = lambda r: sorted(  # noqa: E731
        (ln.board, ln.ns_pair, ln.ns_value) for b in r.travellers for ln in b.lines
    )
    np.testing.assert_allclose([v for *_, v in ns(result)], [v for *_, v in ns(again)], atol=1e-9)


def test_hands_for_the_results_pack_by_board() -> None:
    from xlbridge.cli.session.event_files import hands_by_board

    hands = hands_by_board(read_pbn(PBN))
    assert sorted(hands) == [1, 2] and hands[1].startswith("N:AKQJ.T98.765.432 ")


def test_a_tie_written_without_the_equals_sign_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Compscore3 writes tied places as "1" and "1"; ours are "1=" and "1=".
    path = copy_changed(tmp_path, PBN, b"1=  1 NS", b" 1  1 NS")
    assert run(capsys, path, "--compare")[0] == 0


def test_the_files_hands_print_on_the_results_pack_travellers() -> None:
    from xlbridge.cli.session.event_files import hands_by_board, names_of
    from xlbridge.workbooks.results_pack.pack import TRAVELLERS_SHEET, build_results_pack

    event = read_pbn(PBN)
    result = score_session(traveller_of(event), "mp")
    book = build_results_pack(result, names_of(event), hands_by_board(event), event="Club Pairs")
    texts = {str(c.value) for row in book[TRAVELLERS_SHEET].iter_rows() for c in row if c.value}
    # Board 1's North holds ♠AKQJ ♥T98 ♦765 ♣432 (from the file's Deal tag).
    assert "North   ♠ AKQJ  ♥ 1098  ♦ 765  ♣ 432" in texts
    ranking = {str(c.value) for row in book["Ranking"].iter_rows() for c in row if c.value}
    assert "Ann Able & Bob Baker" in ranking


def test_a_two_section_usebio_file_round_trips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "again.xml"
    status, ranking, _ = run(capsys, USEBIO, "--usebio", out)
    assert status == 0
    written, original = read_usebio(out), read_usebio(USEBIO)
    key = lambda ln: (ln.section, ln.board, ln.ns_pair, ln.ew_pair)  # noqa: E731
    assert sorted(map(key, written.lines)) == sorted(map(key, original.lines))
    assert written.hands == original.hands and written.winners == 2
    status, again, _ = run(capsys, out, "--compare")
    assert status == 0 and again.split("compare:")[0].strip() == ranking.strip()


def test_the_results_pack_of_an_event_file_shows_its_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from openpyxl import load_workbook

    from xlbridge.workbooks.results_pack.pack import TRAVELLERS_SHEET

    pack = tmp_path / "pack.xlsx"
    assert run(capsys, PBN, "-o", pack)[0] == 0
    sheet = load_workbook(pack)[TRAVELLERS_SHEET]
    texts = {str(c.value) for row in sheet.iter_rows() for c in row if c.value}
    assert "North   ♠ AKQJ  ♥ 1098  ♦ 765  ♣ 432" in texts
