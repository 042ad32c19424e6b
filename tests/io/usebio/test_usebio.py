"""The USEBIO reader on small files exercising every quirk, hostile XML, and the writer."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.errors import InputError
from xlbridge.io.event_files.contents import EventFile, FileError, Line, Pair
from xlbridge.io.usebio import read_usebio, usebio_bytes

DATA = Path(__file__).parents[1] / "data"
QUIRKS = DATA / "quirks-usebio.xml"


def xml_file(
    tmp_path: Path,
    body: str,
    *,
    event_type: str = "MP_PAIRS",
    head: str = '<?xml version="1.0" encoding="UTF-8"?>\n',
    encoding: str = "utf-8",
) -> Path:
    """A USEBIO file with one section and ``body`` inside its EVENT."""
    text = f'{head}<USEBIO Version="1.1"><EVENT EVENT_TYPE="{event_type}">{body}</EVENT></USEBIO>'
    path = tmp_path / "event.xml"
    path.write_bytes(text.encode(encoding))
    return path


def board(lines: str, number: int = 1) -> str:
    return f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{lines}</BOARD>"


def line(ns: int, ew: int, inner: str) -> str:
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>{inner}</TRAVELLER_LINE>"
    )


def test_every_quirk_of_the_sample_file() -> None:
    event = read_usebio(QUIRKS)
    assert (event.method, event.description, event.date) == ("mp", "Tuesday Pairs", "03/11/2026")
    assert event.program == "Example Scorer 1.0"
    first, second, adjusted, doubled, passed = event.lines
    # Contract "4 S", tricks "+2", a lead; the file's own matchpoints kept as printed.
    assert (first.section, first.board, first.ns_pair, first.ew_pair) == ("A", 1, 1, 2)
    assert (first.contract, first.declarer, first.result, first.lead) == ("4 S", "N", "+2", "HA")
    assert (first.score, first.theirs_ns, first.theirs_ew) == ("480", "3.5", "0.5")
    assert second.result == "="
    assert adjusted.score == "A6040" and adjusted.adjusted == (60.0, 40.0)
    assert (adjusted.theirs_ns, adjusted.theirs_ew) == ("2.4", "1.6")
    # Section B: a line with a contract and tricks but no score; a passed-out board; pair
    # numbers written as Compscore3 writes a Mitchell's (1NS, 1EW).
    assert [(ln.ns_pair, ln.ew_pair) for ln in (doubled, passed)] == [(1, 1), (2, 2)]
    assert (doubled.section, doubled.contract, doubled.result, doubled.score) == (
        "B",
        "2HX",
        "7",
        "",
    )
    assert (passed.contract, passed.score) == ("PASS", "0")
    # Pairs: iso-8859-1 names, national ids, direction written E-W, the file's results.
    renee, eve, section_b = event.pairs
    assert renee == Pair(
        "A", 1, "NS", ("Renée North", "Sam South"), ("1001", "1002"), "3.5", "87.50", "1"
    )
    assert (eve.direction, eve.place, eve.ids) == ("EW", "3", ("", ""))
    assert (section_b.section, section_b.number, section_b.direction) == ("B", 1, "NS")
    assert event.winners == 2
    # Hands from the HANDSET after the EVENT (DIRECTION, four suits), as a PBN deal from North.
    assert event.hands == {
        ("", 1): "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    }


@pytest.mark.parametrize(
    ("kind", "method"), [("MP_PAIRS", "mp"), ("CROSS_IMP", "ximp"), ("BUTLER_PAIRS", "butler")]
)
def test_event_types(tmp_path: Path, kind: str, method: str) -> None:
    body = board(line(1, 2, "<SCORE>420</SCORE>") + line(3, 4, "<SCORE>-50</SCORE>"))
    assert read_usebio(xml_file(tmp_path, body, event_type=kind)).method == method


def test_hands_inside_a_board_and_partial_hand_records(tmp_path: Path) -> None:
    suits = "<SPADES>AKQJ</SPADES><HEARTS>T98</HEARTS><DIAMONDS>765</DIAMONDS><CLUBS>432</CLUBS>"
    hand = f'<HAND DIRECTION="NORTH">{suits}</HAND>'
    lines = line(1, 2, "<SCORE>420</SCORE>") + line(3, 4, "<SCORE>0</SCORE>")
    # Only North known: no hand record, and no error.
    assert read_usebio(xml_file(tmp_path, board(hand + lines))).hands == {}
    # North and South holding the same cards: an error naming the board's hands.
    with pytest.raises(FileError, match="BOARD 1 HAND: .*repeated card SA"):
        read_usebio(xml_file(tmp_path, board(hand + hand.replace("NORTH", "SOUTH") + lines)))


def test_iso_8859_1_without_a_declaration_and_utf8_with_one(tmp_path: Path) -> None:
    names = (
        "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Zoë Ær"
        "</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>"
    )
    body = names + board(line(1, 2, "<SCORE>420</SCORE>") + line(3, 4, "<SCORE>0</SCORE>"))
    latin = read_usebio(xml_file(tmp_path, body, head="", encoding="iso-8859-1"))
    assert latin.pairs[0].names == ("Zoë Ær",)
    utf8 = read_usebio(xml_file(tmp_path, body))
    assert utf8.pairs[0].names == ("Zoë Ær",)


def test_participants_for_the_whole_event_with_several_sections(tmp_path: Path) -> None:
    sections = "".join(
        f'<SECTION SECTION_ID="{s}">' + board(line(1, 2, "<SCORE>420</SCORE>")) + "</SECTION>"
        for s in "AB"
    )
    pairs = "<PARTICIPANTS><PAIR><PAIR_NUMBER>7</PAIR_NUMBER></PAIR></PARTICIPANTS>"
    event = read_usebio(xml_file(tmp_path, f"<SESSION>{sections}</SESSION>{pairs}"))
    assert [ln.section for ln in event.lines] == ["A", "B"]
    assert [(p.section, p.number) for p in event.pairs] == [("", 7)]


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE USEBIO [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>&lol3;</EVENT_DESCRIPTION></EVENT></USEBIO>
"""
EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>&secret;</EVENT_DESCRIPTION>
</EVENT></USEBIO>
"""
EXTERNAL_DTD_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY % remote SYSTEM "http://example.invalid/evil.dtd"> %remote;]>
<USEBIO/>
"""


@pytest.mark.parametrize(
    "text",
    [BILLION_LAUGHS, EXTERNAL_ENTITY, EXTERNAL_DTD_ENTITY],
    ids=["billion-laughs", "external-entity", "parameter-entity"],
)
def test_entity_tricks_are_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "hostile.xml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FileError, match=rf"^{path}: refused: \w+"):
        read_usebio(path)


def test_the_doctype_naming_a_dtd_on_a_web_server_is_not_fetched(tmp_path: Path) -> None:
    head = (
        '<?xml version="1.0"?>\n<!DOCTYPE USEBIO SYSTEM "http://example.invalid/usebio_v1_2.dtd">\n'
    )
    body = board(line(1, 2, "<SCORE>420</SCORE>"))
    assert len(read_usebio(xml_file(tmp_path, body, head=head)).lines) == 1


@pytest.mark.parametrize(
    ("body", "kind", "message"),
    [
        ("<BOARD>", "MP_PAIRS", r"line 1, column \d+: not well-formed XML"),
        (
            board(line(1, 2, "<SCORE>1</SCORE>")),
            "AGGREGATE",
            "EVENT_TYPE must be one of MP_PAIRS, CROSS_IMPS, CROSS_IMP, BUTLER_PAIRS or PAIRS "
            ".*got 'AGGREGATE'",
        ),
        (
            board(line(1, 2, "<LEAD>H2</LEAD>")),
            "MP_PAIRS",
            "BOARD 1 TRAVELLER_LINE 1: the line has neither a SCORE nor a CONTRACT",
        ),
        (
            board(line(1, 2, "<SCORE>420</SCORE>")).replace(">1<", ">x<", 1),
            "MP_PAIRS",
            "BOARD: BOARD_NUMBER: expected a board number .*got 'x'",
        ),
        (
            "<PARTICIPANTS><PAIR><PAIR_NUMBER>=1</PAIR_NUMBER></PAIR></PARTICIPANTS>"
            + board(line(1, 2, "<SCORE>0</SCORE>")),
            "MP_PAIRS",
            "PAIR 1: PAIR_NUMBER: must be a pair number such as 7, 7NS or \\(A\\) 7 NS, got '=1'",
        ),
        ("<PARTICIPANTS/>", "MP_PAIRS", "no TRAVELLER_LINE in any BOARD"),
    ],
    ids=[
        "malformed",
        "event-type",
        "no-score-no-contract",
        "board-number",
        "pair-number",
        "no-lines",
    ],
)
def test_bad_files_name_the_file_and_the_element(
    tmp_path: Path, body: str, kind: str, message: str
) -> None:
    path = xml_file(tmp_path, body, event_type=kind, head="")
    with pytest.raises(InputError, match=message) as raised:
        read_usebio(path)
    assert str(raised.value).startswith(f"{path}: ")


def test_the_writer_declares_iso_8859_1_and_reads_back(tmp_path: Path) -> None:
    event = EventFile(
        "x",
        description="Zoë's night",
        date="2026-11-30",
        hands={("", 1): "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"},
    )
    lines = [
        Line("", 1, 1, 2, "4S", "N", "10", "HA", "420", "2", "0"),
        Line("", 1, 3, 4, "", "", "", "", "A60/40", "1.2", "0.8"),
        Line("", 1, 5, 6, "", "", "", "", "NP"),
    ]
    pairs = [Pair("", 1, "NS", ("Łukasz Ö", "Ann"), ("12", ""), "2", "100.00", "1")]
    data = usebio_bytes(event, "mp", lines, pairs, 2)
    assert data.startswith(b'<?xml version="1.0" encoding="iso-8859-1"?>\n<!DOCTYPE USEBIO')
    # ASCII throughout: every other character a character reference, Latin-1's too, so a
    # receiver that decodes the file as UTF-8 (ImportUsebio does) reads the same names.
    assert data.isascii()
    assert b"&#321;ukasz &#214;" in data and b"Zo&#235;" in data
    path = tmp_path / "out.xml"
    path.write_bytes(data)
    back = read_usebio(path)
    assert back.method == "mp" and back.description == "Zoë's night"
    assert back.hands == event.hands
    assert back.pairs == [Pair("", 1, "NS", ("Łukasz Ö", "Ann"), ("12", ""), "2", "100.00", "1")]
    assert [(ln.ns_pair, ln.contract, ln.result, ln.score, ln.theirs_ns) for ln in back.lines] == [
        (1, "4S", "10", "420", "2"),
        (3, "", "", "A6040", "1.2"),
        (5, "", "", "NP", ""),
    ]
