"""PBN deal files: reading deals from any first seat, the whole-deal checks, and writing deals
back with PBN 2.1's double-dummy tags."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.io.event_files.contents import EventFile, Line
from xlbridge.io.pbn.deals import (
    DealRecord,
    checked_hands,
    deals_pbn_bytes,
    read_deals,
    whole_deal,
)
from xlbridge.io.pbn.write import analysis_tags, pbn_bytes
from xlbridge.scoring.double_dummy import (
    BoardAnalysis,
    ParContract,
    north_first,
    standard_dealer,
    standard_vulnerable,
)

# DDS's first test deal (hands/list100.txt), written from North and from East.
NORTH = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
FROM_EAST = "E:873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 QJ6.K652.J85.T98"
FROM_WEST = "W:AT942.AQ4.32.KJ3 QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652"
#: Another deal: North's and South's hands of the first swapped.
OTHER = "N:K5.T83.KQ9.A7652 873.J97.AT764.Q4 QJ6.K652.J85.T98 AT942.AQ4.32.KJ3"


def write(tmp_path: Path, text: str, name: str = "deals.pbn") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def game(board: str, deal: str, dealer: str = "", vulnerable: str = "") -> str:
    """A game of ``board``, its Dealer and Vulnerable by Law 2 unless given."""
    dealer = dealer or standard_dealer(int(board))
    vulnerable = vulnerable or standard_vulnerable(int(board))
    return (
        f'[Board "{board}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vulnerable}"]\n[Deal "{deal}"]\n\n'
    )


def test_deals_from_any_first_seat_are_kept_from_north(tmp_path: Path) -> None:
    text = "% a dealing machine's file\n" + game("1", NORTH)
    text += game("2", FROM_EAST, "E", "NS") + game("4", FROM_WEST, "W", "Both")
    text += '[Board "3"]\n[Deal "' + NORTH + '"]\n'  # no empty line at the end, no dealer
    records = read_deals(write(tmp_path, text))
    assert sorted(records) == [1, 2, 3, 4]
    assert {record.deal for record in records.values()} == {NORTH}
    assert (records[2].dealer, records[2].vulnerable) == ("E", "NS")
    assert (records[4].dealer, records[4].vulnerable) == ("W", "All")
    assert (records[3].dealer, records[3].vulnerable) == ("", "")


@pytest.mark.parametrize(
    ("dealer", "vulnerable", "message"),
    [
        # The board 3: Law 2 deals it from South with EW vulnerable, not All.
        ("S", "All", "Vulnerable All contradicts Law 2: on board 3 EW are vulnerable"),
        ("S", "Love", "Vulnerable None contradicts Law 2: on board 3 EW are vulnerable"),
        ("N", "EW", "Dealer N contradicts Law 2: board 3 is dealt by South"),
    ],
)
def test_a_dealer_or_vulnerability_against_law_2_is_refused_naming_the_board(
    tmp_path: Path, dealer: str, vulnerable: str, message: str
) -> None:
    text = game("1", NORTH) + game("3", FROM_WEST, dealer, vulnerable)
    with pytest.raises(InputError) as error:
        read_deals(write(tmp_path, text))
    assert f"deals.pbn: line 9: board 3: {message}" in str(error.value)


def test_games_without_an_empty_line_between_them_are_two_boards(tmp_path: Path) -> None:
    text = game("1", NORTH).strip() + "\n" + game("2", FROM_EAST)
    assert sorted(read_deals(write(tmp_path, text))) == [1, 2]


def test_other_tags_commentary_and_games_without_a_deal_are_skipped(tmp_path: Path) -> None:
    text = '[Event "Club"]\n[Board "9"]\n\n{ a comment\n[Deal "nonsense"]\n}\n'
    text += game("1", NORTH).replace("[Deal", '[Auction "N"]\n1S Pass\n[Deal')
    assert list(read_deals(write(tmp_path, text))) == [1]


# The first deal with one card moved or changed; each message names the file and the board.
BAD_DEALS = [
    # 51 cards: North's ♠6 is missing.
    ("N:QJ.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3", "North holds 12"),
    # ♠Q twice (North's ♠6 changed to West's... ♠A).
    ("N:QJA.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3", "repeated card SA"),
    # East's ♠3 given to South: East holds 12, South 14.
    ("N:QJ6.K652.J85.T98 87.J97.AT764.Q4 K53.T83.KQ9.A7652 AT942.AQ4.32.KJ3", "East holds 12"),
    # West's hand unknown.
    ("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 -", "West's hand is not given"),
    # A bad rank.
    ("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ1", "bad or repeated"),
]


@pytest.mark.parametrize(("deal", "words"), BAD_DEALS)
def test_a_bad_deal_is_one_line_naming_the_file_and_board(
    tmp_path: Path, deal: str, words: str
) -> None:
    path = write(tmp_path, game("1", NORTH) + game("7", deal))
    with pytest.raises(InputError) as error:
        read_deals(path)
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: line ")
    assert "board 7" in message and words in message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (game("1", NORTH) + game("1", OTHER), "gives board 1 twice, with another deal (line 4)"),
        ('[Deal "' + NORTH + '"]\n', "a Deal needs a Board tag"),
        (game("0", NORTH), "Board: expected a board number"),
        (game("1", NORTH, dealer="X"), "Dealer must be N, E, S or W"),
        (game("1", NORTH, vulnerable="Red"), "Vulnerable must be None, NS, EW or All"),
        ('[Event "x"]\n', "no [Deal] with a [Board]"),
    ],
)
def test_a_bad_file_is_one_line(tmp_path: Path, text: str, words: str) -> None:
    with pytest.raises(InputError, match=None) as error:
        read_deals(write(tmp_path, text))
    assert words in str(error.value) and "\n" not in str(error.value)


def test_a_session_files_own_hands_are_checked_too() -> None:
    assert checked_hands({3: FROM_EAST}, "s.xml") == {3: NORTH}
    with pytest.raises(InputError, match=r"^s\.xml: board 3: North holds 12 cards"):
        checked_hands({3: BAD_DEALS[0][0]}, "s.xml")


# DDS's expected table and par for its first test deal (dealer N, none vulnerable): TABLE
# "5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6" by strain S, H, D, C, NT, each for N, E, S, W;
# PAR2 "-110" "2S-EW".
DDS_TABLE = {
    "N": {"S": 5, "H": 6, "D": 5, "C": 7, "NT": 6},
    "E": {"S": 8, "H": 6, "D": 7, "C": 5, "NT": 6},
    "S": {"S": 5, "H": 6, "D": 5, "C": 7, "NT": 6},
    "W": {"S": 8, "H": 6, "D": 7, "C": 5, "NT": 6},
}
ANALYSIS = BoardAnalysis(1, NORTH, DDS_TABLE, -110, (ParContract(2, "S", "EW", False, 0),))


def test_the_double_dummy_tags_as_pbn_21_writes_them() -> None:
    assert analysis_tags(ANALYSIS) == [
        '[OptimumScore "NS -110"]',
        '[ParContract "EW 2S"]',
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
        *[
            f"{seat} {strain:>2} {DDS_TABLE[seat][strain]:>2}"
            for seat in "NESW"
            for strain in ("NT", "S", "H", "D", "C")
        ],
    ]
    assert analysis_tags(None) == []
    passed = BoardAnalysis(1, NORTH, DDS_TABLE, 0, ())
    assert '[ParContract "Pass"]' in analysis_tags(passed)


def test_deals_are_written_back_from_the_dealer_with_their_analysis(tmp_path: Path) -> None:
    records = {
        1: DealRecord(1, NORTH, "N", "None"),
        2: DealRecord(2, NORTH, "E", "NS"),
    }
    data = deals_pbn_bytes(records, {1: ANALYSIS}).decode("utf-8")
    assert data.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    first, second = data.split("\r\n\r\n")[1:]
    assert '[Deal "N:QJ6.K652' in first and '[OptimumScore "NS -110"]' in first
    assert f'[Deal "{FROM_EAST}"]' in second and '[Vulnerable "NS"]' in second
    assert "Optimum" not in second
    out = tmp_path / "out.pbn"
    out.write_bytes(data.encode())
    again = read_deals(out)
    assert {board: record.deal for board, record in again.items()} == {1: NORTH, 2: NORTH}


def test_a_results_file_carries_the_tags_of_analysed_boards() -> None:
    event = EventFile("x.pbn", hands={("", 1): NORTH})
    lines = [Line("", 1, 1, 2, "2S", "E", "8", score="-110", theirs_ns="0", theirs_ew="2")]
    text = pbn_bytes(event, "mp", lines, [], 2, {1: ANALYSIS}).decode("iso-8859-1")
    tags = text.split("\r\n")
    at = tags.index('[Result "?"]')
    assert tags[at + 1 : at + 3] == ['[OptimumScore "NS -110"]', '[ParContract "EW 2S"]']
    assert "Optimum" not in pbn_bytes(event, "mp", lines, [], 2).decode("iso-8859-1")


RANKS = "AKQJT98765432"


def _hand(cards: list[str]) -> str:
    return ".".join("".join(r for r in RANKS if s + r in cards) for s in "SHDC")


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(52)), st.integers(0, 3), st.integers(0, 51))
def test_any_deal_written_from_any_seat_is_one_deal(
    order: list[int], first: int, lost: int
) -> None:
    cards = [suit + rank for suit in "SHDC" for rank in RANKS]
    hands = [_hand([cards[order[13 * seat + i]] for i in range(13)]) for seat in range(4)]
    north = "N:" + " ".join(hands)
    written = "NESW"[first] + ":" + " ".join(hands[(first + i) % 4] for i in range(4))
    assert whole_deal(written, "f") == whole_deal(north, "f") == north_first(written) == north
    # One card fewer is never a deal.
    short = [[cards[order[13 * s + i]] for i in range(13)] for s in range(4)]
    short[lost // 13].remove(cards[order[lost]])
    with pytest.raises(InputError, match="holds 12 cards; each hand needs 13"):
        whole_deal("N:" + " ".join(_hand(hand) for hand in short), "f")


def test_a_board_repeated_with_its_deal_is_one_board(tmp_path: Path) -> None:
    """A file of results written one game per table (as pbntools writes a session fetched from
    a results site, and BBO its tournaments: each game the board's tags and deal again, then
    that table's West/North/East/South, Declarer, Contract and Result) is a deal file of its
    boards: a board given again with the same deal (from any seat) is read once. It was refused
    ("the file gives board 1 twice")."""
    table = '[West "Pair-2"]\n[North "Pair-1"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n'
    text = "".join(
        '[Event "Placeholder pairs"]\n' + game(board, deal).rstrip("\n") + "\n" + table + "\n"
        for board, deal in (("1", NORTH), ("1", FROM_EAST), ("1", NORTH), ("2", OTHER))
    )
    records = read_deals(write(tmp_path, text))
    assert sorted(records) == [1, 2]
    assert records[1].deal == north_first(NORTH) and records[1].where == "line 5"
