"""USEBIO as each producer writes it (small invented files), the writer's layouts, and numbers
and text no file may carry."""

from __future__ import annotations

from pathlib import Path
from xml.etree.ElementTree import fromstring

import pytest

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.io.event_files.contents import EventFile, Line, Pair
from xlbridge.io.usebio import read_usebio, usebio_bytes

HANDS = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
#: An event with its date (every USEBIO file carries one).
DATED = EventFile("x", date="2026-09-07")


def write(tmp_path: Path, text: str, name: str = "event.xml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def pair(number: str, inner: str) -> str:
    return f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER>{inner}</PAIR>"


def player(name: str, national_id: str = "") -> str:
    found = f"<NATIONAL_ID_NUMBER>{national_id}</NATIONAL_ID_NUMBER>" if national_id else ""
    return f"<PLAYER><PLAYER_NAME>{name}</PLAYER_NAME>{found}</PLAYER>"


def line(ns: str, ew: str, score: str, tag: str = "", values: tuple[str, str] = ("", "")) -> str:
    points = f"<NS_{tag}>{values[0]}</NS_{tag}><EW_{tag}>{values[1]}</EW_{tag}>" if tag else ""
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}"
        f"</EW_PAIR_NUMBER><SCORE>{score}</SCORE>{points}</TRAVELLER_LINE>"
    )


# A one-board, two-table Mitchell: NS1 v EW1 +420, NS2 v EW2 +400 (top 2).
COMPSCORE3 = f"""<?xml version="1.0" encoding="utf-8"?>
<USEBIO Version="1.2">
<CLUB><CLUB_NAME>Harbour Bridge Club</CLUB_NAME><CLUB_ID_NUMBER>4021</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="MP_PAIRS"><PROGRAM_NAME>Compscore3</PROGRAM_NAME>
<EVENT_DESCRIPTION>Monday Pairs</EVENT_DESCRIPTION><DATE>07/09/2026</DATE>
<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD><WINNER_TYPE>2</WINNER_TYPE>
<PARTICIPANTS>
{
    pair(
        "1",
        "<DIRECTION>NS</DIRECTION><PLACE>1</PLACE><TOTAL_SCORE>2.00</TOTAL_SCORE>"
        "<PERCENTAGE>100.00</PERCENTAGE><MASTER_POINTS_AWARDED>8</MASTER_POINTS_AWARDED>"
        "<MASTER_POINT_TYPE>Green</MASTER_POINT_TYPE>"
        + player("Ann Abel", "101")
        + player("Bo Byrd", "102"),
    )
}
{
    pair(
        "2",
        "<DIRECTION>NS</DIRECTION><PLACE>2</PLACE><TOTAL_SCORE>0.00</TOTAL_SCORE>"
        "<PERCENTAGE>0.00</PERCENTAGE>",
    )
}
{
    pair(
        "1",
        "<DIRECTION>EW</DIRECTION><PLACE>2</PLACE><TOTAL_SCORE>0.00</TOTAL_SCORE>"
        "<PERCENTAGE>0.00</PERCENTAGE>",
    )
}
{
    pair(
        "2",
        "<DIRECTION>EW</DIRECTION><PLACE>1</PLACE><TOTAL_SCORE>2.00</TOTAL_SCORE>"
        "<PERCENTAGE>100.00</PERCENTAGE>",
    )
}
</PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
{line("1", "1", "420", "MATCH_POINTS", ("2", "0"))}{
    line("2", "2", "400", "MATCH_POINTS", ("0", "2"))
}
</BOARD></EVENT>
<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<HAND><DIRECTION>North</DIRECTION><CLUBS>432</CLUBS><DIAMONDS>765</DIAMONDS><HEARTS>T98</HEARTS>
<SPADES>AKQJ</SPADES></HAND>
<HAND><DIRECTION>East</DIRECTION><CLUBS>AKQJ</CLUBS><DIAMONDS>432</DIAMONDS><HEARTS>765</HEARTS>
<SPADES>T98</SPADES></HAND>
<HAND><DIRECTION>South</DIRECTION><CLUBS>T98</CLUBS><DIAMONDS>AKQJ</DIAMONDS><HEARTS>432</HEARTS>
<SPADES>765</SPADES></HAND>
<HAND><DIRECTION>West</DIRECTION><CLUBS>765</CLUBS><DIAMONDS>T98</DIAMONDS><HEARTS>AKQJ</HEARTS>
<SPADES>432</SPADES></HAND>
</BOARD></HANDSET>
</USEBIO>
"""

# The NZ Scorer converter: EVENT_TYPE PAIRS, no BOARD_SCORING_METHOD, "1 NS" pair numbers,
# BOARDS_PLAYED, PLACE after the players, the percentage as TOTAL_SCORE too, masterpoints in a
# MASTER_POINTS element.
NZ = f"""<?xml version="1.0" encoding="utf-8"?>
<USEBIO Version="1.1">
<CLUB><CLUB_NAME>Kauri Club</CLUB_NAME><CLUB_ID_NUMBER>77</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="PAIRS"><PROGRAM_NAME>Scorer</PROGRAM_NAME><WINNER_TYPE>2</WINNER_TYPE>
<BOARDS_PLAYED>1</BOARDS_PLAYED><PARTICIPANTS>
{
    pair(
        "1 NS",
        "<DIRECTION>NS</DIRECTION><BOARDS_PLAYED>1</BOARDS_PLAYED>"
        + player("Cy Cole")
        + "<PLACE>1</PLACE><TOTAL_SCORE>100.00</TOTAL_SCORE><PERCENTAGE>100.00</PERCENTAGE>"
        "<MASTER_POINTS><MASTER_POINTS_AWARDED>12</MASTER_POINTS_AWARDED>"
        "<MASTER_POINT_TYPE>a</MASTER_POINT_TYPE></MASTER_POINTS>",
    )
}
{
    pair(
        "2 NS",
        "<DIRECTION>NS</DIRECTION><BOARDS_PLAYED>1</BOARDS_PLAYED>"
        + player("Di Dunn")
        + "<PLACE>2</PLACE><TOTAL_SCORE>0.00</TOTAL_SCORE><PERCENTAGE>0.00</PERCENTAGE>",
    )
}
</PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
{line("1 NS", "1 EW", "420", "MATCH_POINTS", ("2", "0"))}
{line("2 NS", "2 EW", "400", "MATCH_POINTS", ("0", "2"))}
</BOARD></EVENT></USEBIO>
"""


def test_compscore3_flat_layout_with_club_awards_and_handset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, COMPSCORE3)
    event = read_usebio(path)
    assert (event.method, event.winners, event.club, event.club_id) == (
        "mp",
        2,
        "Harbour Bridge Club",
        "4021",
    )
    assert (event.description, event.date) == ("Monday Pairs", "07/09/2026")
    first = event.pairs[0]
    assert (first.masterpoints, first.masterpoint_type, first.ids) == ("8", "Green", ("101", "102"))
    assert event.hands == {("", 1): HANDS}
    assert not event.total_is_percentage
    ranking = tmp_path / "ranking.csv"
    assert main(["session", str(path), "--compare", "--ranking", str(ranking)]) == 0
    assert "all 4 traveller numbers and 12 pair numbers agree" in capsys.readouterr().out
    header, first_row = ranking.read_text(encoding="utf-8").splitlines()[:2]
    assert header.endswith(",place,masterpoints,masterpoint_type")
    assert first_row.endswith(",1,0.08,Green")  # the number, then its type


def test_nz_converter_dialect(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, NZ)
    event = read_usebio(path)
    assert event.method == "mp"  # from the NS_MATCH_POINTS lines
    assert event.total_is_percentage
    nz1 = event.pairs[0]
    assert (nz1.number, nz1.direction, nz1.place, nz1.boards) == (1, "NS", "1", "1")
    assert (nz1.masterpoints, nz1.masterpoint_type, nz1.names) == ("12", "a", ("Cy Cole",))
    assert main(["session", str(path), "--compare"]) == 0
    assert "pair totals are percentages, as Scorer writes them" in capsys.readouterr().out
    # The same file with a pair's "total" not its percentage is a difference.
    wrong = write(tmp_path, NZ.replace("<TOTAL_SCORE>0.00", "<TOTAL_SCORE>5.00"), "wrong.xml")
    assert main(["session", str(wrong), "--compare"]) == 3
    assert "pair 2 NS: total theirs 5.00, ours 0" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("head", "tag", "method"),
    [
        ('<EVENT EVENT_TYPE="PAIRS">', "MATCH_POINTS", "mp"),
        ("<EVENT>", "CROSS_IMP_POINTS", "ximp"),
        ("<EVENT>", "BUTLER_POINTS", "butler"),
        ("<EVENT>", "IMPS", "butler"),
        ("<EVENT><BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD>", "POINTS", "ximp"),
        ("<EVENT>", "POINTS", None),
        ('<EVENT EVENT_TYPE="BUTLER_PAIRS">', "IMPS", "butler"),
    ],
)
def test_the_method_without_an_event_type(
    tmp_path: Path, head: str, tag: str, method: str | None
) -> None:
    board = f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{line('1', '2', '420', tag, ('1', '-1'))}"
    board += f"{line('3', '4', '400', tag, ('-1', '1'))}</BOARD>"
    event = read_usebio(write(tmp_path, f"<USEBIO>{head}{board}</EVENT></USEBIO>"))
    assert event.method == method
    assert event.lines[0].theirs_ns == "1"


def test_no_method_in_the_file_is_taken_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + line("1", "2", "420")
    board += line("3", "4", "A+/A-") + line("5", "6", "400") + "</BOARD>"
    path = write(tmp_path, f"<USEBIO><EVENT>{board}</EVENT></USEBIO>")
    assert main(["session", str(path), "--method", "ximp"]) == 0
    assert "cross-IMPs" in capsys.readouterr().out
    assert read_usebio(path).lines[1].adjusted == (60.0, 40.0)  # A+/A- read as the CSV reads it


@pytest.mark.parametrize(("winners", "expected"), [("1", 1), ("2", 2), ("", None)])
def test_winner_type(tmp_path: Path, winners: str, expected: int | None) -> None:
    board = f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{line('1', '2', '420')}</BOARD>"
    text = f"<USEBIO><EVENT><WINNER_TYPE>{winners}</WINNER_TYPE>{board}</EVENT></USEBIO>"
    assert read_usebio(write(tmp_path, text)).winners == expected


def test_a_winner_type_other_than_1_or_2_is_refused(tmp_path: Path) -> None:
    board = f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{line('1', '2', '420')}</BOARD>"
    text = f"<USEBIO><EVENT><WINNER_TYPE>3</WINNER_TYPE>{board}</EVENT></USEBIO>"
    with pytest.raises(InputError, match="EVENT: WINNER_TYPE must be 1 or 2, got '3'"):
        read_usebio(write(tmp_path, text))


def test_sections_directly_under_the_event(tmp_path: Path) -> None:
    # Layout (b): EVENT › SECTION, as the NZ converter writes several sections.
    sections = "".join(
        f'<SECTION SECTION_ID="{s}"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
        f"{line('1', '2', '420')}</BOARD></SECTION>"
        for s in "AB"
    )
    event = read_usebio(write(tmp_path, f"<USEBIO><EVENT>{sections}</EVENT></USEBIO>"))
    assert [ln.section for ln in event.lines] == ["A", "B"]


# --------------------------------------------------------------------------------------------
# The writer's layouts


def scored(sections: str) -> tuple[list[Line], list[Pair]]:
    lines, pairs = [], []
    for section in sections:
        lines += [Line(section, 1, 1, 2, score="420", theirs_ns="1", theirs_ew="1")]
        lines += [Line(section, 1, 3, 4, score="A6040", theirs_ns="1.2", theirs_ew="0.8")]
        pairs += [Pair(section, 1, "", ("Ann",), (), "3", "75.00", "1=")]
        pairs += [Pair(section, 3, "", ("Bo",), (), "3", "75.00", "1=", "", "8", "Green")]
    return lines, pairs


def test_one_section_is_written_flat(tmp_path: Path) -> None:
    event = EventFile("x", description="Club night", date="2026-09-07", club="Harbour")
    event.club_id, event.hands = "4021", {("", 1): HANDS}
    lines, pairs = scored("A")
    root = fromstring(usebio_bytes(event, "mp", lines, pairs, 1))
    assert [child.tag for child in root] == ["CLUB", "EVENT", "HANDSET"]
    assert root.findtext("CLUB/CLUB_NAME") == "Harbour"
    assert root.findtext("CLUB/CLUB_ID_NUMBER") == "4021"
    event_element = root.find("EVENT")
    assert event_element is not None
    assert [child.tag for child in event_element][-2:] == ["PARTICIPANTS", "BOARD"]
    assert root.find("EVENT/SESSION") is None and root.find(".//SECTION") is None
    assert [p.findtext("PLACE") for p in root.iterfind("EVENT/PARTICIPANTS/PAIR")] == ["1", "1"]
    awarded = root.find("EVENT/PARTICIPANTS/PAIR[2]")
    assert awarded is not None
    assert [c.tag for c in awarded][-2:] == ["MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE"]
    assert root.findtext("EVENT/BOARD/TRAVELLER_LINE[2]/SCORE") == "A6040"
    assert root.findtext("EVENT/BOARD/TRAVELLER_LINE/NS_MATCH_POINTS") == "1"
    path = tmp_path / "flat.xml"
    path.write_bytes(usebio_bytes(event, "butler", lines, pairs, 1))
    back = read_usebio(path)
    assert (back.club, back.club_id, back.description, back.date) == (
        "Harbour",
        "4021",
        "Club night",
        "07/09/2026",  # 2026-09-07 as USEBIO writes a date
    )
    assert back.method == "butler" and back.pairs[1].masterpoints == "8"
    assert back.lines[0].theirs_ns == "1" and back.hands == event.hands


def test_several_sections_are_written_flat_with_the_section_in_each_number(
    tmp_path: Path,
) -> None:
    """Sections A and B, each pairs 1 and 3 (a Howell: no directions): one PARTICIPANTS
    holding the four pairs as (A) 1, (A) 3, (B) 1, (B) 3 (NZ Scorer's multi-section numbers,
    every one unique), and one BOARD 1 holding both sections' lines; read back, every pair
    and line is in its section again."""
    lines, pairs = scored("AB")
    data = usebio_bytes(DATED, "ximp", lines, pairs, 1)
    root = fromstring(data)
    assert root.find(".//SECTION") is None and root.find(".//SESSION") is None
    assert [child.tag for child in root] == ["CLUB", "EVENT"]
    assert [e.text for e in root.iterfind("EVENT/PARTICIPANTS/PAIR/PAIR_NUMBER")] == [
        "(A) 1",
        "(A) 3",
        "(B) 1",
        "(B) 3",
    ]
    (board,) = root.findall("EVENT/BOARD")
    assert [
        (e.findtext("NS_PAIR_NUMBER"), e.findtext("EW_PAIR_NUMBER"))
        for e in board.iterfind("TRAVELLER_LINE")
    ] == [("(A) 1", "(A) 2"), ("(A) 3", "(A) 4"), ("(B) 1", "(B) 2"), ("(B) 3", "(B) 4")]
    assert root.findtext(".//NS_CROSS_IMP_POINTS") == "1"
    path = tmp_path / "sections.xml"
    path.write_bytes(data)
    back = read_usebio(path)
    assert [(p.section, p.number, p.names) for p in back.pairs] == [
        (p.section, p.number, p.names) for p in pairs
    ]
    assert [(ln.section, ln.ns_pair, ln.ew_pair) for ln in back.lines] == [
        (ln.section, ln.ns_pair, ln.ew_pair) for ln in lines
    ]


def test_a_mitchells_numbers_with_several_sections_carry_the_direction() -> None:
    """NS 1 and EW 1 of section B are (B) 1 NS and (B) 1 EW, as NZ Scorer writes them."""
    pairs = [Pair(s, 1, d) for s in "AB" for d in ("NS", "EW")]
    lines = [Line(s, 1, 1, 1, score="420", theirs_ns="0", theirs_ew="0") for s in "AB"]
    root = fromstring(usebio_bytes(DATED, "mp", lines, pairs, 2))
    assert [e.text for e in root.iterfind(".//PAIR/PAIR_NUMBER")] == [
        "(A) 1 NS",
        "(A) 1 EW",
        "(B) 1 NS",
        "(B) 1 EW",
    ]
    assert root.findtext(".//TRAVELLER_LINE[2]/EW_PAIR_NUMBER") == "(B) 1 EW"


@pytest.mark.parametrize("name", ["A)", "(B", " C", "D ", ""])
def test_a_section_name_the_bracketed_number_cannot_carry_is_refused(name: str) -> None:
    lines = [Line(s, 1, 1, 2, score="420") for s in ("Z", name)]
    with pytest.raises(InputError, match="USEBIO output: section .*rename the section"):
        usebio_bytes(DATED, "mp", lines, [], 1)


@pytest.mark.parametrize(
    ("event", "lines", "pairs", "message"),
    [
        (EventFile("x", description="Club\x07night", date="1/2/2026"), [], [], "EVENT_DESCRIPTION"),
        (DATED, [], [Pair("", 7, "", ("Ann\x1b[31m",))], "PLAYER_NAME of pair 7"),
        (EventFile("x", club="Bad\x00club", date="1/2/2026"), [], [], "CLUB_NAME"),
        (DATED, [Line("S\x01", 1, 1, 2, score="0")], [Pair("T", 1)], "section 'S"),
        (DATED, [Line("", 5, 1, 2, lead="H\x02")], [], "LEAD of board 5"),
    ],
    ids=["description", "name", "club", "section", "lead"],
)
def test_text_xml_cannot_hold_is_refused_before_writing(
    event: EventFile, lines: list[Line], pairs: list[Pair], message: str
) -> None:
    lines = lines or [Line("", 1, 1, 2, score="420")]
    with pytest.raises(InputError, match=f"USEBIO output: {message}.*control character") as raised:
        usebio_bytes(event, "mp", lines, pairs, 1)
    assert "\n" not in str(raised.value)


def test_a_control_character_in_a_names_file_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, names = tmp_path / "t.csv", tmp_path / "names.csv"
    source.write_text("board,ns,ew,score\n1,1,2,420\n1,3,4,400\n", encoding="utf-8")
    names.write_text("pair,names\n1,Ann\x07 & Bo\n", encoding="utf-8")
    out = tmp_path / "out.xml"
    args = ["session", str(source), "--names", str(names), "--usebio", str(out)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "control character" in err and err.count("\n") == 1
    assert not out.exists()


# --------------------------------------------------------------------------------------------
# Numbers of any size in every numeric field

NUMERIC = (
    "BOARD_NUMBER",
    "PAIR_NUMBER",
    "NS_PAIR_NUMBER",
    "EW_PAIR_NUMBER",
    "SCORE",
    "TRICKS",
    "NS_MATCH_POINTS",
    "TOTAL_SCORE",
    "PERCENTAGE",
    "PLACE",
    "BOARDS_PLAYED",
    "MASTER_POINTS_AWARDED",
    "WINNER_TYPE",
    "HANDSET_BOARD_NUMBER",
)


def numbered(field: str, value: str) -> str:
    """A small valid file with ``value`` in ``field``."""
    values = {name: "" for name in NUMERIC}
    values[field] = value
    get = lambda name, default: values[name] or default  # noqa: E731
    return (
        f"<USEBIO><EVENT><WINNER_TYPE>{get('WINNER_TYPE', '1')}</WINNER_TYPE><PARTICIPANTS>"
        f"<PAIR><PAIR_NUMBER>{get('PAIR_NUMBER', '1')}</PAIR_NUMBER>"
        f"<TOTAL_SCORE>{get('TOTAL_SCORE', '1')}</TOTAL_SCORE>"
        f"<PERCENTAGE>{get('PERCENTAGE', '50')}</PERCENTAGE><PLACE>{get('PLACE', '1')}</PLACE>"
        f"<BOARDS_PLAYED>{get('BOARDS_PLAYED', '1')}</BOARDS_PLAYED>"
        f"<MASTER_POINTS_AWARDED>{get('MASTER_POINTS_AWARDED', '8')}</MASTER_POINTS_AWARDED>"
        f"</PAIR></PARTICIPANTS><BOARD><BOARD_NUMBER>{get('BOARD_NUMBER', '1')}</BOARD_NUMBER>"
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{get('NS_PAIR_NUMBER', '1')}</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{get('EW_PAIR_NUMBER', '2')}</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT>"
        f"<PLAYED_BY>N</PLAYED_BY><TRICKS>{get('TRICKS', '10')}</TRICKS>"
        f"<SCORE>{get('SCORE', '420')}</SCORE>"
        f"<NS_MATCH_POINTS>{get('NS_MATCH_POINTS', '1')}</NS_MATCH_POINTS>"
        "<EW_MATCH_POINTS>1</EW_MATCH_POINTS></TRAVELLER_LINE></BOARD></EVENT>"
        f"<HANDSET><BOARD><BOARD_NUMBER>{get('HANDSET_BOARD_NUMBER', '1')}</BOARD_NUMBER>"
        "</BOARD></HANDSET></USEBIO>"
    )


@pytest.mark.parametrize("digits", [1, 5, 20, 400, 5000])
@pytest.mark.parametrize("field", NUMERIC)
def test_numbers_of_any_size_read_or_give_one_line(tmp_path: Path, field: str, digits: int) -> None:
    path = write(tmp_path, numbered(field, "9" * digits))
    try:
        event = read_usebio(path)
    except InputError as error:
        message = str(error)
        assert "\n" not in message and message.startswith(f"{path}: ")
        assert len(message) < 300
        return
    # Read: only numbers within their meaning get here (a 9 in most fields).
    assert digits == 1 or field in ("NS_MATCH_POINTS", "TOTAL_SCORE", "MASTER_POINTS_AWARDED")
    assert event.lines


def test_a_huge_number_is_one_line_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, numbered("BOARD_NUMBER", "9" * 5000))
    assert main(["session", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "BOARD_NUMBER: expected a board number" in err


def test_markup_characters_in_line_text_are_escaped(tmp_path: Path) -> None:
    lines = [Line("", 1, 1, 2, "4S", "N", "10", "H<2&", "420", "1", "1")]
    lines.append(Line("", 1, 3, 4, score="A5050", theirs_ns="1", theirs_ew="1"))
    path = tmp_path / "escaped.xml"
    path.write_bytes(usebio_bytes(DATED, "mp", lines, [], 1))
    back = read_usebio(path)
    assert back.lines[0].lead == "H<2&" and back.lines[1].score == "A5050"
