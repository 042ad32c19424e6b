"""What the PBN writer says of a board: each line's percentage of the board's top as scored
(artificial scores counted as results), and a Scoring tag in the PBN standard's words.

Every expected number is worked by hand in the comments: matchpoints at 2 a comparison, the
real results of a board with an artificial score compared among themselves and
Neuberg-factored to the board's entries (F = (M + 1) × N / n − 1), the artificial score a
share of the board's top.
"""

from __future__ import annotations

import pytest

from xlbridge.errors import InputError
from xlbridge.io.event_files.contents import EventFile
from xlbridge.io.pbn.read import declared
from xlbridge.io.pbn.write import scoring_tag
from xlbridge.io.score_event import pbn_of
from xlbridge.scoring.session import Traveller, TravellerLine, score_session

#: Three boards of a Mitchell (NS 1–4 v EW 5–8), each with three real results and one
#: artificial score: A60/60 on board 1, A60/40 on board 2, A50/50 on board 3.
ADJUSTED = [
    TravellerLine.with_score(1, 1, 5, 420),
    TravellerLine.with_score(1, 2, 6, 400),
    TravellerLine.with_score(1, 3, 7, -50),
    TravellerLine.with_adjusted(1, 4, 8, "A60/60"),
    TravellerLine.with_score(2, 1, 6, 110),
    TravellerLine.with_score(2, 2, 7, 140),
    TravellerLine.with_score(2, 3, 8, 140),
    TravellerLine.with_adjusted(2, 4, 5, "A60/40"),
    TravellerLine.with_score(3, 1, 7, -100),
    TravellerLine.with_score(3, 2, 8, -200),
    TravellerLine.with_score(3, 3, 5, -300),
    TravellerLine.with_adjusted(3, 4, 6, "A50/50"),
]

# Each board has four entries: top 2 × (4 − 1) = 6, the artificial score counted.
# Board 1: 420, 400, −50 among themselves (top 4) get 4, 2, 0; factored to four entries
# (4 + 1) × 4/3 − 1 = 5.667 (94.44 %), (2 + 1) × 4/3 − 1 = 3 (50 %), (0 + 1) × 4/3 − 1 = 0.333
# (5.56 %); EW the rest. A60/60: 60 % of 6 = 3.6 to each side, 60 % and 60 %.
# Board 2: 140 twice beats 110 and ties the other: 3 each, factored (3 + 1) × 4/3 − 1 = 4.333
# (72.22 %, EW 27.78 %); 110 gets 0, factored 0.333 (5.56 %, EW 94.44 %); A60/40 60 % and 40 %.
# Board 3: −100, −200, −300 as board 1's three: 94.44, 50, 5.56 %; A50/50 50 % each.
PERCENTAGES = {
    (1, 1): ("94.44", "5.56"),
    (1, 2): ("50", "50"),
    (1, 3): ("5.56", "94.44"),
    (1, 4): ("60", "60"),
    (2, 1): ("5.56", "94.44"),
    (2, 2): ("72.22", "27.78"),
    (2, 3): ("72.22", "27.78"),
    (2, 4): ("60", "40"),
    (3, 1): ("94.44", "5.56"),
    (3, 2): ("50", "50"),
    (3, 3): ("5.56", "94.44"),
    (3, 4): ("50", "50"),
}


def score_rows(data: bytes) -> list[tuple[int, list[str]]]:
    """Each ScoreTable row's values, with its board."""
    rows: list[tuple[int, list[str]]] = []
    board, in_table = 0, False
    for line in data.decode("utf-8-sig").split("\r\n"):
        if line.startswith('[Board "'):
            board = int(line.split('"')[1])
        in_table = line.startswith("[ScoreTable ") or (in_table and not line.startswith("["))
        if in_table and line and not line.startswith("["):
            rows.append((board, line.split()))
    return rows


@pytest.mark.parametrize("method", ["mp", "acbl"])
def test_percentages_of_the_board_s_top_with_artificial_scores(method: str) -> None:
    """The A60/60 line's 3.6 + 3.6 = 7.2 is more than the top of 6: the top of the board is
    still 6 (it was taken as 7.2, the most NS + EW got at one table, and every percentage of
    board 1 came out 5/6 of its value: 78.70 where 94.44 is right). ACBL's matchpoints are
    written doubled, their top with them: the same percentages."""
    result = score_session(Traveller.from_lines(ADJUSTED), method)
    rows = {(board, int(row[0])): row for board, row in score_rows(pbn_of(result, EventFile("e")))}
    assert {key: (row[-2], row[-1]) for key, row in rows.items()} == PERCENTAGES
    # The matchpoints beside them, 2 a win (ACBL's doubled): 3.6 each on the A60/60 line.
    assert rows[(1, 4)][-4:-2] == ["3.6", "3.6"]
    assert rows[(2, 4)][-4:-2] == ["3.6", "2.4"]  # 60 % and 40 % of 6


def test_a_board_scored_across_the_field_has_the_field_s_top() -> None:
    """Two sections scored as one field: board 1's four results, top 6. 420 beats the other
    three (6, 100 %), 400 two (4, 66.67 %), 100 one (2, 33.33 %), −50 none (0, 0 %); EW the
    rest. (Each section alone would have a top of 2.)"""
    lines = [
        TravellerLine.with_score(1, 1, 2, 420, section="A"),
        TravellerLine.with_score(1, 3, 4, 400, section="A"),
        TravellerLine.with_score(1, 1, 2, -50, section="B"),
        TravellerLine.with_score(1, 3, 4, 100, section="B"),
    ]
    result = score_session(Traveller.from_lines(lines), "mp", across_field=True)
    rows = [row for _, row in score_rows(pbn_of(result, EventFile("e")))]
    assert {(row[0], row[1]): (row[-2], row[-1]) for row in rows} == {
        ("A", "1"): ("100", "0"),
        ("A", "3"): ("66.67", "33.33"),
        ("B", "1"): ("0", "100"),
        ("B", "3"): ("33.33", "66.67"),
    }


@pytest.mark.parametrize(
    ("method", "divisor", "trim", "three", "tag"),
    [
        ("mp", "comparisons", False, False, "MatchPoints;MP1"),
        ("ximp", "comparisons", False, False, "IMP;Cross2"),
        ("ximp", "scores", False, True, "IMP;Cross1"),
        ("ximp", "none", False, False, "IMP;Cross"),
        ("butler", "comparisons", True, True, "IMP;Butler-2"),
        ("butler", "comparisons", True, False, "IMP;Butler-2"),
        ("butler", "comparisons", False, False, "IMP;Butler-2"),
        ("butler", "comparisons", False, True, "IMP;Butler"),
    ],
)
def test_the_scoring_tag_in_the_standard_s_words(
    method: str, divisor: str, trim: bool, three: bool, tag: str
) -> None:
    """Cross is the sum, Cross1 divided by the number of scores, Cross2 by the number of
    comparisons; Butler-2 leaves the two extreme scores out of the datum. The default Butler
    datum does so from 4 results and the trimmed one from 3, so they differ only where a
    board has exactly 3 results: then the default is plain Butler. Read back, each tag
    declares what it was written from."""
    assert scoring_tag(method, divisor, trim, three) == tag
    if method == "ximp":
        assert declared(tag) == (divisor, None)
    if method == "butler":
        assert declared(tag) == (None, True if tag.endswith("-2") else None)


def test_a_butler_session_with_a_board_of_three_results_is_plain_butler() -> None:
    """Board 1 at four tables, board 2 at three: the default datum of board 2 keeps all three
    scores, which is not Butler-2; with four results on every board it is."""
    four = [TravellerLine.with_score(1, ns, ns + 4, 10 * ns) for ns in (1, 2, 3, 4)]
    three = [TravellerLine.with_score(2, ns, ns + 4, 10 * ns) for ns in (1, 2, 3)]
    both = score_session(Traveller.from_lines(four + three), "butler")
    only_four = score_session(Traveller.from_lines(four), "butler")
    assert b'[Scoring "IMP;Butler"]' in pbn_of(both)
    assert b'[Scoring "IMP;Butler-2"]' in pbn_of(only_four)


def test_lettered_pairs_are_refused_in_pbn_s_words() -> None:
    lines = [TravellerLine.with_score(1, "A", "B", 420), TravellerLine.with_score(1, "C", "D", 0)]
    result = score_session(Traveller.from_lines(lines), "mp")
    with pytest.raises(InputError, match="PBN pair numbers must be whole numbers, got pair 'A'"):
        pbn_of(result)


def test_the_scoring_tag_a_file_declares() -> None:
    """Ruter's IMP;Cross is summed; Magic Contest's IMP;Butler-2;Mean trims; other IMP values
    declare nothing (scored with the defaults)."""
    assert declared("IMP;Cross") == ("none", None)
    assert declared("IMP;Cross1") == ("scores", None)
    assert declared("IMP;Cross2") == ("comparisons", None)
    assert declared("IMP;Butler-2;Mean") == (None, True)
    assert declared("IMP;Butler") == (None, None)
    assert declared("IMP") == declared("MatchPoints;MP1") == (None, None)
