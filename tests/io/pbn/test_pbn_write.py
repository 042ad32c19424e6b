"""The PBN writer: scored sessions written as PBN 2.1 read back by the PBN reader to the same
traveller lines, totals, percentages and places; deals, names and titles survive.

Expected numbers come from the inputs: the examples scored from their CSV files (before any
PBN is written) and boards of ``examples/mitchell.csv`` worked by hand.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from xlbridge.io.event_files.compare import compare
from xlbridge.io.event_files.contents import EventFile, Pair
from xlbridge.io.event_files.conversion import traveller_of
from xlbridge.io.pbn.read import read_pbn
from xlbridge.io.pbn.write import pbn_bytes, pbn_date
from xlbridge.io.score_event import pbn_of
from xlbridge.io.travellers.session_csv import read_names, read_session
from xlbridge.scoring.session import SessionResult, Traveller, TravellerLine, score_session

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
MANDATORY = (
    "Event Site Date Board West North East South Dealer Vulnerable Deal Scoring Declarer "
    "Contract Result"
).split()
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
DEAL_2 = "N:AK2.QJT9.876.543 QJT.876.5432.AK2 9876.5432.AKQ.QJ 543.AK.JT9.T9876"


def listed_pairs(name: str) -> list[Pair]:
    """The example's names file as the pairs an event file lists (names split at "&")."""
    names = read_names(EXAMPLES / f"{name}-names.csv")
    return [
        Pair(section, int(pair), direction, tuple(n.strip() for n in text.split("&")))
        for (section, direction, pair), text in names.items()
    ]


def written(tmp_path: Path, result: SessionResult, event: EventFile) -> Path:
    path = tmp_path / "event.pbn"
    path.write_bytes(pbn_of(result, event))
    return path


def small_session(**details: str) -> list[TravellerLine]:
    """Two boards, three tables of a Mitchell (NS 1–3 v EW 4–6)."""
    return [
        TravellerLine.with_contract(1, 1, 4, "4S", "N", "=", **details),
        TravellerLine.with_contract(1, 2, 5, "4S", "N", "+1", **details),
        TravellerLine.with_contract(1, 3, 6, "PASS", "", "", **details),
        TravellerLine.with_score(2, 1, 5, -100, **details),
        TravellerLine.with_adjusted(2, 2, 6, "A60/40", **details),
        TravellerLine.with_score(2, 3, 4, 110, **details),
    ]


# --------------------------------------------------------------------------------------------
# The examples, every method they support, round trip


@pytest.mark.parametrize("method", ["mp", "ximp", "butler"])
@pytest.mark.parametrize("name", ["mitchell", "howell"])
def test_the_examples_round_trip(tmp_path: Path, name: str, method: str) -> None:
    result = score_session(read_session(EXAMPLES / f"{name}.csv"), method)
    event = EventFile(f"{name}.csv", description=f"{name.title()} Pairs", pairs=listed_pairs(name))
    back = read_pbn(written(tmp_path, result, event))
    assert back.method == method and back.description == f"{name.title()} Pairs"
    # The file's numbers are ours: compare finds nothing, and counts every number.
    comparison = compare(back, result)
    assert comparison.agree, [str(d) for d in comparison.differences[:5]]
    lines = [line for board in result.travellers for line in board.lines]
    assert comparison.line_numbers == 2 * len(lines) + sum(
        1 for ln in lines if ln.contract and not ln.adjusted
    )
    # Scored again from the file: the same lines, totals, percentages and places.
    again = score_session(traveller_of(back), back.method or "")
    ours = {
        (ln.section, ln.board, ln.ns_pair, ln.ew_pair): ln
        for board in again.travellers
        for ln in board.lines
    }
    assert len(ours) == len(lines)
    for line in lines:
        other = ours[(line.section, line.board, line.ns_pair, line.ew_pair)]
        assert (other.contract, other.declarer, other.tricks, other.adjusted) == (
            line.contract,
            line.declarer,
            line.tricks,
            line.adjusted,
        )
        assert other.score_text == line.score_text
        assert other.ns_value == pytest.approx(line.ns_value, abs=1e-9)
        assert other.ew_value == pytest.approx(line.ew_value, abs=1e-9)
    key = lambda p: (p.section, p.direction, p.pair)  # noqa: E731
    assert sorted(map(key, again.pairs)) == sorted(map(key, result.pairs))
    first = {key(p): p for p in result.pairs}
    for pair in again.pairs:
        mine = first[key(pair)]
        assert (pair.place, pair.boards) == (mine.place, mine.boards)
        assert pair.score == pytest.approx(mine.score, abs=1e-9)
        assert math.isnan(mine.percentage) or pair.percentage == pytest.approx(mine.percentage)
    # The names, whole, with the file's pairs.
    names = {(p.direction if result.winners == 2 else "", p.number): p.names for p in back.pairs}
    expected = {(p.direction, p.number): p.names for p in listed_pairs(name)}
    assert names == expected


def test_a_mitchell_board_worked_by_hand(tmp_path: Path) -> None:
    """Board 1 of examples/mitchell.csv, none vulnerable, 11 tables, top 20: 4CX−2 by W
    +300 → 20; 4DX−1 by W +100 → 18; 2C= by N +90 twice → 15; 3C−1 −50 four times → 9;
    4C−2 −100 → 4; 3S−3 −150 → 2; 4CX−2 by N −300 → 0. Board 6 NS 7 v EW 11: A40/60 →
    8 and 12 of 20."""
    result = score_session(read_session(EXAMPLES / "mitchell.csv"), "mp")
    path = written(tmp_path, result, EventFile("mitchell.csv"))
    back = read_pbn(path)
    board_1 = {ln.ns_pair: ln for ln in back.lines if ln.board == 1}
    expected = {3: 300, 10: 100, 5: 90, 11: 90, 2: -50, 6: -50, 7: -50, 9: -50, 1: -100}
    expected |= {4: -150, 8: -300}
    assert {ns: int(ln.score) for ns, ln in board_1.items()} == expected
    points = {300: 20, 100: 18, 90: 15, -50: 9, -100: 4, -150: 2, -300: 0}
    for ns, line in board_1.items():
        assert (float(line.theirs_ns), float(line.theirs_ew)) == (
            points[expected[ns]],
            20 - points[expected[ns]],
        )
    assert (board_1[1].contract, board_1[1].declarer, board_1[1].result) == ("4C", "S", "8")
    adjusted = next(ln for ln in back.lines if (ln.board, ln.ns_pair) == (6, 7))
    assert adjusted.adjusted == (40.0, 60.0) and adjusted.contract == ""
    assert (adjusted.theirs_ns, adjusted.theirs_ew) == ("8", "12")
    # In the file: NS's negative scores in the Score_EW column, the line's percentages.
    text = path.read_bytes().decode("iso-8859-1")
    assert "\r\n 1  1 4C  S 8   - 100  4 16  20 80\r\n" in text
    assert " A40/60 " in text and text.count("[TotalScoreTable ") == 1


# --------------------------------------------------------------------------------------------
# Export format


def games(path: Path) -> list[list[str]]:
    """Each game's lines (the file split at its empty lines, the header left out)."""
    text = path.read_bytes().decode("utf-8-sig")
    return [block.split("\r\n") for block in text.strip("\r\n").split("\r\n\r\n")[1:]]


def test_export_format_mandatory_tags_in_order(tmp_path: Path) -> None:
    lines = [ln for ln in small_session()] + [
        TravellerLine.with_score(board, ns, ew, 0)
        for board in (3, 4)
        for ns, ew in ((1, 4), (2, 5))
    ]
    result = score_session(Traveller.from_lines(lines), "mp")
    event = EventFile("e", date="03/11/2026", hands={("", 2): DEAL})
    path = written(tmp_path, result, event)
    data = path.read_bytes()
    assert data.startswith(b"% PBN 2.1\r\n% EXPORT\r\n") and b"\n" not in data.replace(b"\r\n", b"")
    blocks = games(path)
    assert len(blocks) == 4
    # Board 1: N deals, none vulnerable; 2: E, NS; 3: S, EW; 4: W, all.
    cycle = [("N", "None"), ("E", "NS"), ("S", "EW"), ("W", "All")]
    for number, block in enumerate(blocks, start=1):
        tags = [line[1:].split(" ", 1) for line in block[: len(MANDATORY)]]
        assert [name for name, _ in tags] == MANDATORY
        values = dict((name, value[1:-2]) for name, value in tags)
        assert values["Board"] == str(number)
        assert (values["Dealer"], values["Vulnerable"]) == cycle[number - 1]
        assert values["Event"] == "?" and values["Date"] == "2026.11.03"
        assert values["Scoring"] == "MatchPoints;MP1"  # 2 a win, as the standard defines MP1
        assert all(values[name] == "?" for name in ("Site", "West", "Declarer", "Result"))
        assert block[len(MANDATORY)].startswith("[ScoreTable ")
    # The deal starts with the dealer; an unknown deal is four unknown hands.
    assert '[Deal "E:T98.765.432.AKQJ 765.432.AKQJ.T98 ' in blocks[1][10]
    assert blocks[0][10] == '[Deal "N:- - - -"]'
    back = read_pbn(path)
    assert back.hands == {("", 2): DEAL}
    # "?" is "unknown": no title, the date as PBN writes it.
    assert (back.description, back.date) == ("", "2026.11.03")
    assert compare(back, result).agree


def test_dates() -> None:
    assert pbn_date("2026-11-03") == "2026.11.03"
    assert pbn_date("3/11/2026") == "2026.11.03"  # USEBIO: day first
    assert pbn_date("2026.??.??") == "2026.??.??"
    assert pbn_date("") == pbn_date("last Tuesday") == "????.??.??"


def test_hands_known_read_back_the_same(tmp_path: Path) -> None:
    result = score_session(Traveller.from_lines(small_session()), "mp")
    hands = {("", 1): DEAL, ("", 2): DEAL_2}
    back = read_pbn(written(tmp_path, result, EventFile("e", hands=hands)))
    assert back.hands == hands


# --------------------------------------------------------------------------------------------
# Text from users


@pytest.mark.parametrize(
    ("names", "encoding"),
    [
        (('Zoë "Zed" O\'Hara', "C:\\Bridge\\Renée"), "iso-8859-1"),
        (("=SUM(A1:A9)", "Łukasz Żółć"), "utf-8-sig"),
        (("Mary Ann van der Berg", "Jean-Luc d'Aubigné"), "iso-8859-1"),
    ],
    ids=["quotes-backslashes", "formula-and-beyond-latin-1", "spaces"],
)
def test_names_round_trip(tmp_path: Path, names: tuple[str, str], encoding: str) -> None:
    result = score_session(Traveller.from_lines(small_session()), "mp")
    pairs = [Pair("", 1, "NS", names), Pair("", 4, "EW", ("Ann Able", "Bob Baker"))]
    path = written(tmp_path, result, EventFile("e", pairs=pairs))
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") == (encoding == "utf-8-sig")
    data.decode(encoding)  # the whole file in the one encoding
    back = read_pbn(path)
    by_pair = {(p.direction, p.number): p.names for p in back.pairs}
    assert by_pair[("NS", 1)] == names
    assert by_pair[("EW", 4)] == ("Ann Able", "Bob Baker")
    assert by_pair[("NS", 2)] == ()
    assert compare(back, result).agree


def test_a_long_description_with_quotes_round_trips(tmp_path: Path) -> None:
    description = ('The "Spring" Pairs \\ Heat 1, Renée\'s room; ' * 5)[:200]
    assert len(description) == 200
    result = score_session(Traveller.from_lines(small_session()), "butler")
    path = written(tmp_path, result, EventFile("e", description=description))
    back = read_pbn(path)
    assert back.description == description and back.method == "butler"
    # A line break in a title cannot break a tag: it is written as a space.
    path = written(tmp_path, result, EventFile("e", description="Club\nPairs"))
    assert read_pbn(path).description == "Club Pairs"


def test_sections_and_a_passed_out_board(tmp_path: Path) -> None:
    lines = [*small_session(section="A"), *small_session(section="B")][:-1]
    lines.append(TravellerLine.with_score(2, 3, 4, 620, section="B"))
    result = score_session(Traveller.from_lines(lines), "mp")
    path = written(tmp_path, result, EventFile("e"))
    back = read_pbn(path)
    assert sorted({(ln.section, ln.board) for ln in back.lines}) == [
        ("A", 1),
        ("A", 2),
        ("B", 1),
        ("B", 2),
    ]
    assert {(p.section, p.direction, p.number) for p in back.pairs} == {
        (s, d, n) for s in "AB" for d, ns in (("NS", (1, 2, 3)), ("EW", (4, 5, 6))) for n in ns
    }
    passed = [ln for ln in back.lines if ln.ns_pair == 3 and ln.board == 1]
    assert [(ln.contract, ln.score) for ln in passed] == [("Pass", "0"), ("Pass", "0")]
    assert compare(back, result).agree
    # Board 2 of section B: 620 beats −100, 2 of 2 matchpoints over two results, factored to
    # three (Neuberg, the adjusted score aside): (2 + 1) × 3 / 2 − 1 = 3.5 of a top of 4.
    top = next(ln for ln in back.lines if (ln.section, ln.board, ln.ns_pair) == ("B", 2, 3))
    assert (top.score, top.theirs_ns, top.theirs_ew) == ("620", "3.5", "0.5")


def test_an_unknown_method_is_refused() -> None:
    with pytest.raises(ValueError, match="method must be one of mp, ximp, butler"):
        pbn_bytes(EventFile("e"), "acbl", [], [], 1)


# --------------------------------------------------------------------------------------------
# Any text a user may type, any small session


#: Text as a user may type it: any letters, marks, digits, punctuation and spaces.
TYPED = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"), max_codepoint=0x2FFF),
    min_size=1,
    max_size=30,
)


def _a_name(text: str) -> bool:
    """What one player's name can be: no spaces at its ends, no separator PBN's reader
    splits names at ("; ", " - ", " & ", " and ") and no separator of ours (";")."""
    return (
        text == text.strip()
        and bool(text)
        and ";" not in text
        and re.search(r"\s+-\s+|\s+&\s+|\s+and\s+", text) is None
    )


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(TYPED.filter(_a_name), min_size=2, max_size=2),
    TYPED.map(str.strip).filter(bool),
    st.sampled_from(["mp", "ximp", "butler"]),
    st.lists(st.sampled_from([-500, -100, 0, 90, 420, 450, 1430]), min_size=6, max_size=6),
)
@example(names=["0", "0"], title=".", method="mp", scores=[-500] * 6)  # read back as unknown
def test_any_names_and_title_round_trip(
    tmp_path: Path, names: list[str], title: str, method: str, scores: list[int]
) -> None:
    lines = [
        TravellerLine.with_score(board, ns, ew, scores[i])
        for i, (board, ns, ew) in enumerate(
            [(1, 1, 4), (1, 2, 5), (1, 3, 6), (2, 1, 5), (2, 2, 6), (2, 3, 4)]
        )
    ]
    result = score_session(Traveller.from_lines(lines), method)
    pair = Pair("", 2, "NS", tuple(names))
    back = read_pbn(written(tmp_path, result, EventFile("e", description=title, pairs=[pair])))
    assert back.description == title
    assert [p.names for p in back.pairs if (p.direction, p.number) == ("NS", 2)] == [tuple(names)]
    assert compare(back, result).agree
