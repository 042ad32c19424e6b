"""NZ Scorer's multi-section pair numbers, (A) 1 NS, and its handicap pairs (HANDICAP per pair),
in small invented files laid out as the public converter from Scorer to USEBIO writes them
(its element order and conventions; read, not copied). Every number was worked by hand.

What a real converted handicap file shows (a public file, kept out of this repository, read
and rescored on the machine): each pair's PERCENTAGE and TOTAL_SCORE are its handicapped
percentage, which is its plain percentage plus half its HANDICAP (57.39 % with HANDICAP
-6.42 is printed 54.18), and its PLACE follows the plain percentage.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.io.usebio import read_usebio


def nz_pair(label: str, direction: str, percentage: str, place: str, handicap: str = "") -> str:
    extra = f"<HANDICAP>{handicap}</HANDICAP>" if handicap else ""
    return (
        f"<PAIR><PAIR_NUMBER>{label}</PAIR_NUMBER><DIRECTION>{direction}</DIRECTION>"
        "<BOARDS_PLAYED>2</BOARDS_PLAYED>"
        f"<PLAYER><PLAYER_NAME>{label} first</PLAYER_NAME></PLAYER>"
        f"<PLAYER><PLAYER_NAME>{label} second</PLAYER_NAME></PLAYER>"
        f"<PLACE>{place}</PLACE><TOTAL_SCORE>{percentage}</TOTAL_SCORE>"
        f"<PERCENTAGE>{percentage}</PERCENTAGE>{extra}</PAIR>"
    )


def nz_line(ns: str, ew: str, played: str, score: str, points: tuple[int, int]) -> str:
    contract, declarer, tricks = played.split()
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><CONTRACT>{contract}</CONTRACT>"
        f"<PLAYED_BY>{declarer}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
        f"<NS_MATCH_POINTS>{points[0]}</NS_MATCH_POINTS>"
        f"<EW_MATCH_POINTS>{points[1]}</EW_MATCH_POINTS></TRAVELLER_LINE>"
    )


Lines = list[tuple[int, str, str, str, str, tuple[int, int]]]


def nz_boards(lines: Lines, prefix: str = "") -> str:
    """BOARDs 1 and 2 of ``lines`` (board, NS, EW, "contract declarer tricks", score, points),
    the pair numbers as the converter writes them: 1 NS, or (A) 1 NS with ``prefix`` "(A) "."""
    return "".join(
        f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>"
        + "".join(
            nz_line(f"{prefix}{ns} NS", f"{prefix}{ew} EW", played, score, points)
            for number, ns, ew, played, score, points in lines
            if number == board
        )
        + "</BOARD>"
        for board in (1, 2)
    )


def nz_file(tmp_path: Path, body: str, name: str = "scorer.xml") -> Path:
    path = tmp_path / name
    path.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<USEBIO Version="1.2"><CLUB>'
        "<CLUB_NAME>Placeholder Club</CLUB_NAME><CLUB_ID_NUMBER>77</CLUB_ID_NUMBER></CLUB>"
        '<EVENT EVENT_TYPE="PAIRS"><PROGRAM_NAME>Scorer</PROGRAM_NAME>'
        "<PROGRAM_VERSION>140104020</PROGRAM_VERSION><EVENT_DESCRIPTION>Placeholder night"
        "</EVENT_DESCRIPTION><DATE>5/12/2026</DATE><WINNER_TYPE>2</WINNER_TYPE>"
        f"<BOARDS_PLAYED>2</BOARDS_PLAYED>{body}</EVENT></USEBIO>",
        encoding="utf-8",
    )
    return path


# Two sections of two tables, scored across the field as Scorer does with field scoring (four
# results a board, top 6) and ranked across the field, NS and EW apart.
# Board 1 (none vulnerable): A 4S= N 420 and 3NT= N 400, B 4S-1 N -50 and 2S+1 N 140: NS
# 6, 4, 0, 2. Board 2 (NS vulnerable): A 2H= S 110 and 3H-1 S -100, B 2S= E -110 and 3S= W
# -140: NS 6, 4, 2, 0. Over a top of 12: A NS1 12 (100 %), A NS2 8 (66.67 %), B NS1 and B NS2
# 2 (16.67 %, both placed 3); EW: B EW1 12, B EW2 8, A EW1 and A EW2 2.
SECTIONS = {
    "A": (
        [("1", "NS", "100", "1"), ("2", "NS", "66.67", "2")]
        + [("1", "EW", "16.67", "3"), ("2", "EW", "16.67", "3")],
        [
            (1, "1", "1", "4S N 10", "420", (6, 0)),
            (1, "2", "2", "3NT N 9", "400", (4, 2)),
            (2, "1", "2", "2H S 8", "110", (6, 0)),
            (2, "2", "1", "3H S 8", "-100", (4, 2)),
        ],
    ),
    "B": (
        [("1", "NS", "16.67", "3"), ("2", "NS", "16.67", "3")]
        + [("1", "EW", "100", "1"), ("2", "EW", "66.67", "2")],
        [
            (1, "1", "1", "4S N 9", "-50", (0, 6)),
            (1, "2", "2", "2S N 9", "140", (2, 4)),
            (2, "1", "2", "2S E 8", "-110", (2, 4)),
            (2, "2", "1", "3S W 9", "-140", (0, 6)),
        ],
    ),
}


def sections_body() -> str:
    """Layout (b), as the converter writes several sections: EVENT › SECTION › PARTICIPANTS
    and BOARDs, every pair number carrying its section, (A) 1 NS."""
    body = ""
    for section, (pairs, lines) in SECTIONS.items():
        participants = "".join(
            nz_pair(f"({section}) {n} {d}", d, pct, place) for n, d, pct, place in pairs
        )
        body += f'<SECTION SECTION_ID="{section}"><PARTICIPANTS>{participants}</PARTICIPANTS>'
        body += f"{nz_boards(lines, f'({section}) ')}</SECTION>"
    return body


def test_multi_section_pair_numbers_read_as_section_pair_and_direction(tmp_path: Path) -> None:
    event = read_usebio(nz_file(tmp_path, sections_body()))
    assert [(p.section, p.number, p.direction) for p in event.pairs][:5] == [
        ("A", 1, "NS"),
        ("A", 2, "NS"),
        ("A", 1, "EW"),
        ("A", 2, "EW"),
        ("B", 1, "NS"),
    ]
    assert event.pairs[0].names == ("(A) 1 NS first", "(A) 1 NS second")
    assert [(ln.section, ln.board, ln.ns_pair, ln.ew_pair) for ln in event.lines][4:6] == [
        ("B", 1, 1, 1),
        ("B", 1, 2, 2),
    ]


def test_a_multi_section_file_rescores_to_its_own_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = nz_file(tmp_path, sections_body())
    assert main(["session", str(path), "--compare", "--across-field", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "compare: all 24 traveller numbers and 32 pair numbers agree" in out


@pytest.mark.parametrize(
    ("label", "ns", "ew", "expected"),
    [
        ("(A) 7 NS", "(A) 7 NS", "(A) 8 EW", ("A", 7, "NS")),
        ("(B) 12", "(B) 12", "(B) 13", ("B", 12, "")),
        ("( Blue ) 3 EW", "( Blue ) 4 NS", "( Blue ) 3 EW", ("Blue", 3, "EW")),
        ("(A)7NS", "(A)7NS", "(A)8EW", ("A", 7, "NS")),
    ],
)
def test_section_prefixed_numbers_in_a_flat_file(
    tmp_path: Path, label: str, ns: str, ew: str, expected: tuple[str, int, str]
) -> None:
    """The section in brackets, then the number, then the direction when there is one; in a
    flat file (one PARTICIPANTS) the brackets alone give each pair and line its section."""
    line = nz_line(ns, ew, "4S N 10", "420", (0, 0))
    body = (
        f"<PARTICIPANTS>{nz_pair(label, expected[2], '50', '1')}</PARTICIPANTS>"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{line}</BOARD>"
    )
    event = read_usebio(nz_file(tmp_path, body))
    (pair,) = event.pairs
    assert (pair.section, pair.number, pair.direction) == expected
    assert event.lines[0].section == expected[0]


@pytest.mark.parametrize(
    ("ns", "ew", "message"),
    [
        ("(A) 1 NS", "(B) 1 EW", "name different sections \\('A' and 'B'\\)"),
        ("(C) 1 NS", "(C) 1 EW", "names section 'C', inside SECTION 'A'"),
        ("(A 1 NS", "(A) 1 EW", "must be a pair number such as 7, 7NS or \\(A\\) 7 NS"),
    ],
)
def test_section_prefixes_that_disagree_are_refused(
    tmp_path: Path, ns: str, ew: str, message: str
) -> None:
    lines = {"A": nz_line(ns, ew, "4S N 10", "420", (0, 0))}
    lines["B"] = nz_line("(B) 1 NS", "(B) 1 EW", "4S N 10", "420", (0, 0))
    sections = "".join(
        f'<SECTION SECTION_ID="{s}"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{line}</BOARD></SECTION>'
        for s, line in lines.items()
    )
    path = nz_file(tmp_path, sections)
    with pytest.raises(InputError, match=message) as raised:
        read_usebio(path)
    assert str(raised.value).startswith(f"{path}: SECTION A BOARD 1 TRAVELLER_LINE 1: ")


# A handicap pairs event: a three-table Mitchell over two boards (top 4 a board, 8 in all).
# Board 1 (none vulnerable): NS1 4S= N 420, NS2 2S+2 N 170, NS3 4S-1 N -50: NS 4, 2, 0; EW1
# 0, EW2 2, EW3 4. Board 2 (NS vulnerable): NS1 v EW2 3H= S 140, NS2 v EW3 2H= S 110, NS3 v
# EW1 3H-1 S -100: NS 4, 2, 0; EW2 0, EW3 2, EW1 4. Plain: NS1 8 (100 %), NS2 4 (50 %), NS3 0
# (0 %); EW1 4 (50 %), EW2 2 (25 %), EW3 6 (75 %). Handicapped, plus half the HANDICAP: NS1
# 100 - 3.20 = 96.80, NS2 50 + 1.55 = 51.55, NS3 (none) 0, EW1 50 - 1 = 49, EW2 25 + 4.25 =
# 29.25, EW3 75 + 0.50 = 75.50. Places follow the plain percentages.
HANDICAPPED = [
    ("1 NS", "NS", "96.80", "1", "-6.40"),
    ("2 NS", "NS", "51.55", "2", "3.10"),
    ("3 NS", "NS", "0.00", "3", ""),
    ("1 EW", "EW", "49.00", "2", "-2.00"),
    ("2 EW", "EW", "29.25", "3", "8.50"),
    ("3 EW", "EW", "75.50", "1", "1.00"),
]
HANDICAP_LINES = [
    (1, "1", "1", "4S N 10", "420", (4, 0)),
    (1, "2", "2", "2S N 10", "170", (2, 2)),
    (1, "3", "3", "4S N 9", "-50", (0, 4)),
    (2, "1", "2", "3H S 9", "140", (4, 0)),
    (2, "2", "3", "2H S 8", "110", (2, 2)),
    (2, "3", "1", "3H S 8", "-100", (0, 4)),
]


def handicap_body() -> str:
    participants = "".join(nz_pair(*pair) for pair in HANDICAPPED)
    return f"<PARTICIPANTS>{participants}</PARTICIPANTS>{nz_boards(HANDICAP_LINES)}"


def test_each_pairs_handicap_is_read(tmp_path: Path) -> None:
    event = read_usebio(nz_file(tmp_path, handicap_body()))
    assert [p.handicap for p in event.pairs] == ["-6.40", "3.10", "", "-2.00", "8.50", "1.00"]


def test_a_handicap_file_rescores_to_its_handicapped_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = nz_file(tmp_path, handicap_body())
    assert main(["session", str(path), "--compare", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()[-1]
    assert out.startswith("compare: all 18 traveller numbers and 24 pair numbers agree")
    assert "percentages are handicapped: ours plus half each pair's HANDICAP" in out


def test_a_changed_handicapped_percentage_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """NS 2 printed 51.65 (TOTAL_SCORE and PERCENTAGE, as Scorer prints both) where 50 % plus
    half of 3.10 is 51.55."""
    body = handicap_body().replace(">51.55<", ">51.65<")
    path = nz_file(tmp_path, body)
    assert main(["session", str(path), "--compare", "--quiet"]) == 3
    out = capsys.readouterr().out
    assert "pair 2 NS: handicapped total theirs 51.65, ours 51.55" in out
    assert "pair 2 NS: handicapped percentage theirs 51.65, ours 51.55" in out
    assert "compare: 2 differ (0 on traveller lines, 2 on pairs)" in out


def test_without_handicaps_the_plain_percentage_is_compared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same file with its HANDICAP elements left out: 96.80 is then NS 1's plain
    percentage, and ours is 100."""
    body = handicap_body()
    for *_, handicap in HANDICAPPED:
        body = body.replace(f"<HANDICAP>{handicap}</HANDICAP>", "")
    assert main(["session", str(nz_file(tmp_path, body)), "--compare", "--quiet"]) == 3
    assert "pair 1 NS: percentage theirs 96.80, ours 100" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("handicap", "message"),
    [
        ("lots", "HANDICAP: expected a handicap in percentage points .*got 'lots'"),
        ("150", "HANDICAP: expected a handicap in percentage points .*got '150'"),
    ],
)
def test_a_bad_handicap_names_the_element(tmp_path: Path, handicap: str, message: str) -> None:
    body = handicap_body().replace("<HANDICAP>-6.40</HANDICAP>", f"<HANDICAP>{handicap}</HANDICAP>")
    with pytest.raises(InputError, match=f"PAIR 1: {message}"):
        read_usebio(nz_file(tmp_path, body))
