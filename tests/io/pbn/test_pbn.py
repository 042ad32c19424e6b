"""The PBN reader: deals, score tables in both real layouts, total score tables, bad rows."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.io.event_files.contents import FileError, deal_text, parse_deal
from xlbridge.io.pbn.read import read_pbn

DATA = Path(__file__).parents[1] / "data"
QUIRKS = DATA / "quirks.pbn"
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def pbn(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "event.pbn"
    path.write_text(text, encoding="utf-8")
    return path


def test_both_layouts_and_the_total_score_table() -> None:
    event = read_pbn(QUIRKS)
    assert (event.method, event.description, event.date) == ("mp", "Club Pairs", "2026.11.03")
    # Board 1: fixed-width unquoted columns, the last (names) holding spaces.
    first = event.lines[0]
    assert (first.board, first.ns_pair, first.ew_pair, first.contract, first.declarer) == (
        1,
        1,
        4,
        "4S",
        "N",
    )
    assert (first.result, first.score, first.theirs_ns, first.theirs_ew) == (
        "10",
        "420",
        "4.0",
        "0.0",
    )
    # Board 2: quoted scores, "-" for empty, a passed-out line, EW's score only.
    passed, made, defended = event.lines[3:]
    assert (passed.contract, passed.declarer, passed.result, passed.score) == ("Pass", "", "", "0")
    assert (made.lead, made.score) == ("C5", "120")
    assert defended.score == "-110"  # Score_EW "110" is NS −110
    assert [ln.where for ln in event.lines] == [
        "line 12",
        "line 13",
        "line 14",
        "line 20",
        "line 21",
        "line 22",
    ]
    # The total score table: places with "=", names split into players, directions.
    first_pair = event.pairs[0]
    assert (first_pair.number, first_pair.direction, first_pair.place) == (1, "NS", "1=")
    assert first_pair.names == ("Ann Able", "Bob Baker")
    assert (first_pair.total, first_pair.percentage) == ("6.0", "75.00")
    assert [p.number for p in event.pairs if p.direction == "EW"] == [6, 4, 5]
    # Deals, rotated so that North comes first.
    assert event.hands[("", 1)] == DEAL
    assert event.hands[("", 2)] == (
        "N:432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98"
    )


def test_a_partial_deal_is_no_hand_record(tmp_path: Path) -> None:
    text = (
        '[Board "1"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n'
    )
    assert read_pbn(pbn(tmp_path, text)).hands == {}


def test_widths_overflowed_by_other_values_still_cut_the_names(tmp_path: Path) -> None:
    text = (
        '[Board "3"]\n'
        '[ScoreTable "PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Score_NS\\3R;'
        'Names_NS\\13;Names_EW"]\n'
        "10 12 4HX  590 Al Bo - Cy D  Ed F - Gil H\n"
    )
    line = read_pbn(pbn(tmp_path, text)).lines[0]
    assert (line.ns_pair, line.ew_pair, line.contract, line.score) == (10, 12, "4HX", "590")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2\n',
            r"line 3: 2 values, the table header has 3 columns",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n"1" "2" "3" "4"\n',
            r"line 3: 4 values, the table header has 3 columns",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS\\x"]\n',
            r"line 2: bad column 'Score_NS\\\\x'",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Score_NS"]\n1 2 - -\n',
            r"line 3: the row has neither a score nor a contract",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\nA 2 420\n',
            r"line 3: the NS pair must be a whole number, got 'A'",
        ),
        (
            '[Board "1"]\n[Deal "N:AKQ.T98.765.432 J98.765.432.AKQJ - -"]\n',
            r"line 2: the hands of .* hold \[12, 13\] cards",
        ),
        (
            '[Board "1"]\n[Deal "N:AAQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 '
            '432.AKQJ.T98.765"]\n',
            r"line 2: .*repeated card SA",
        ),
        ('[Event "x"]\n', r"no ScoreTable rows"),
    ],
    ids=[
        "short-row",
        "long-quoted-row",
        "bad-header",
        "no-score",
        "pair-label",
        "short-deal",
        "repeated-card",
        "no-results",
    ],
)
def test_bad_files_name_the_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = pbn(tmp_path, text)
    with pytest.raises(FileError, match=message) as raised:
        read_pbn(path)
    assert str(raised.value).startswith(f"{path}: ")


CARDS = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]


@settings(max_examples=60)
@given(st.permutations(CARDS), st.sampled_from("NESW"))
def test_any_deal_reads_back_from_any_first_seat(cards: list[str], first: str) -> None:
    hands = [sorted(cards[i * 13 : (i + 1) * 13]) for i in range(4)]
    text = " ".join(
        ".".join("".join(card[1] for card in hand if card[0] == suit) for suit in "SHDC")
        for hand in hands
    )
    deal = parse_deal(f"{first}:{text}")
    seats = "NESW"
    start = seats.index(first)
    for i, hand in enumerate(hands):
        seat = seats[(start + i) % 4]
        assert (
            sorted(
                suit + rank
                for suit, ranks in zip("SHDC", deal[seat], strict=True)
                for rank in ranks
            )
            == hand
        )
    assert parse_deal(deal_text(deal)) == deal


def test_the_standards_table_features(tmp_path: Path) -> None:
    """Sort marks (+/-) on column names, "#" for the previous header, {comments} between
    rows, and names quoted with ";" between players."""
    text = (
        '[Board "1"]\n'
        '[ScoreTable "-PairId_NS\\2R;+PairId_EW\\2R;Score_NS\\5R;+MP_NS\\3R"]\n'
        "{ the best result first }\n"
        " 1  3   420   2\n"
        " 2  4  -100   0\n"
        "\n"
        '[Board "2"]\n'
        '[ScoreTable "#"]\n'
        " 1  4    50   1\n"
        " 2  3    50   1\n"
        '[TotalScoreTable "-Rank\\2R;PairId\\2R;Names\\20;MP\\4R"]\n'
        "{ Only the\n"
        "  leaders }\n"
        ' 1  1 "Ann ABLE  ;Bob BAKER " 3.0\n'
    )
    event = read_pbn(pbn(tmp_path, text))
    assert [(ln.board, ln.ns_pair, ln.score, ln.theirs_ns) for ln in event.lines] == [
        (1, 1, "420", "2"),
        (1, 2, "-100", "0"),
        (2, 1, "50", "1"),
        (2, 2, "50", "1"),
    ]
    (pair,) = event.pairs
    assert (pair.number, pair.names, pair.total, pair.place) == (
        1,
        ("Ann ABLE", "Bob BAKER"),
        "3.0",
        "1",
    )


def test_a_frequency_table_cannot_be_rescored(tmp_path: Path) -> None:
    text = '[Board "1"]\n[ScoreTable "Rank\\3R;Score_NS\\5R;Multiplicity\\2L"]\n  1   500 2\n'
    with pytest.raises(FileError, match=r"line 2: the ScoreTable has no PairId_NS column"):
        read_pbn(pbn(tmp_path, text))


# A published board scored by another program: board 28 of a French Federation national final
# (Open /2 DN1, 2022), as Magic Contest exports it (no names; pair numbers only). Columns:
# table, round, NS pair, EW pair, contract, declarer, tricks, lead, NS score, EW score, and
# that program's matchpoints (top 42: 22 results) and rounded percentages.
FFB_BOARD_28 = [
    (19, 4, 11, "2HX", "S", "8", "S6", '"670"', "-", "42.0", "0.0", 100, 0),
    (16, 14, 1, "2S", "E", "5", "DQ", '"150"', "-", "40.0", "2.0", 95, 5),
    (10, 20, 38, "2H", "S", "9", "DA", '"140"', "-", "38.0", "4.0", 90, 10),
    (15, 15, 43, "2H", "S", "8", "S6", '"110"', "-", "33.0", "9.0", 79, 21),
    (7, 23, 35, "2H", "S", "8", "C5", '"110"', "-", "33.0", "9.0", 79, 21),
    (4, 32, 26, "2H", "S", "8", "C3", '"110"', "-", "33.0", "9.0", 79, 21),
    (6, 34, 24, "2H", "S", "8", "C3", '"110"', "-", "33.0", "9.0", 79, 21),
    (20, 5, 10, "Pass", "-", "-", "-", '"0"', "-", "20.0", "22.0", 48, 52),
    (22, 8, 7, "Pass", "-", "-", "-", '"0"', "-", "20.0", "22.0", 48, 52),
    (18, 12, 3, "Pass", "-", "-", "-", '"0"', "-", "20.0", "22.0", 48, 52),
    (14, 16, 42, "Pass", "-", "-", "-", '"0"', "-", "20.0", "22.0", 48, 52),
    (12, 18, 40, "Pass", "-", "-", "-", '"0"', "-", "20.0", "22.0", 48, 52),
    (5, 25, 33, "Pass", "-", "-", "-", '"0"', "-", "20.0", "22.0", 48, 52),
    (3, 31, 27, "Pass", "-", "-", "-", '"0"', "-", "20.0", "22.0", 48, 52),
    (13, 41, 17, "Pass", "-", "-", "-", '"0"', "-", "20.0", "22.0", 48, 52),
    (1, 44, 29, "Pass", "-", "-", "-", '"0"', "-", "20.0", "22.0", 48, 52),
    (21, 6, 9, "2H", "S", "7", "D2", "-", '"100"', "6.0", "36.0", 14, 86),
    (11, 19, 39, "3C", "N", "8", "D7", "-", '"100"', "6.0", "36.0", 14, 86),
    (2, 28, 30, "2H", "S", "7", "C6", "-", '"100"', "6.0", "36.0", 14, 86),
    (8, 36, 22, "2C", "S", "7", "C2", "-", '"100"', "6.0", "36.0", 14, 86),
    (9, 37, 21, "2H", "S", "7", "C2", "-", '"100"', "6.0", "36.0", 14, 86),
    (17, 13, 2, "2N", "N", "5", "S5", "-", '"300"', "0.0", "42.0", 0, 100),
]


def test_a_published_board_scored_by_another_program_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Read as exported (quoted scores, "-" for the other side's, a passed-out board), the
    board's 22 results get the other program's matchpoints, and --compare says so."""
    from xlbridge.cli.main import main
    from xlbridge.io.event_files.conversion import traveller_of
    from xlbridge.scoring.session import score_session

    header = (
        '[ScoreTable "Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;'
        "Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R;"
        'Percentage_NS\\3R;Percentage_EW\\3R"]'
    )
    rows = [" ".join(str(cell) for cell in (t, 14, *rest)) for t, *rest in FFB_BOARD_28]
    text = "\n".join(
        [
            '[Event "National final, session 5"]',
            '[Board "28"]',
            '[Dealer "W"]',
            '[Vulnerable "NS"]',
            '[Scoring "MatchPoints;MP1"]',
            header,
            *rows,
            "",
        ]
    )
    path = pbn(tmp_path, text)
    event = read_pbn(path)
    scored = score_session(traveller_of(event), "mp")
    published = {
        (ns, ew): (float(mp_ns), float(mp_ew)) for _, ns, ew, *_, mp_ns, mp_ew, _, _ in FFB_BOARD_28
    }
    (board,) = scored.travellers
    ours = {(line.ns_pair, line.ew_pair): (line.ns_value, line.ew_value) for line in board.lines}
    assert board.top == 42
    assert ours == {(str(ns), str(ew)): mps for (ns, ew), mps in published.items()}
    assert main(["session", str(path), "--compare"]) == 0
    assert "all 66 traveller numbers" in capsys.readouterr().out
