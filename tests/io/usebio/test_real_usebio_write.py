"""What --usebio writes, held against what real producers write and a real receiver reads.

Compscore3 (its exports kept in abftech/cobalt's tests, GPL-3.0) writes a NATIONAL_ID_NUMBER
in every PLAYER, 0 for a player without one; the ABF's results site (the same repository's
results views) reads ``PLAYER[i]["NATIONAL_ID_NUMBER"]`` of every player of every pair and
fails on a PLAYER without one, while an empty one reads as "no number". So a player whose id
is unknown is written with an empty NATIONAL_ID_NUMBER, never without it. Names and numbers
are invented.
"""

from __future__ import annotations

from pathlib import Path
from xml.etree.ElementTree import fromstring

from xlbridge.io.event_files.contents import EventFile, Line, Pair
from xlbridge.io.usebio import read_usebio, usebio_bytes


def written(ids: tuple[str, ...]) -> bytes:
    pair = Pair(
        section="", number=1, direction="NS", names=("Ann Abel", "Bob Baker"), ids=ids, place="1"
    )
    line = Line(
        section="", board=1, ns_pair=1, ew_pair=2, score="420", theirs_ns="2", theirs_ew="0"
    )
    return usebio_bytes(EventFile("event.xml", date="2026-11-30"), "mp", [line], [pair], winners=2)


def test_every_player_has_a_national_id_element_empty_when_unknown() -> None:
    players = fromstring(written(())).findall(".//PAIR/PLAYER")
    assert [player.findtext("PLAYER_NAME") for player in players] == ["Ann Abel", "Bob Baker"]
    assert [player.find("NATIONAL_ID_NUMBER") is not None for player in players] == [True, True]
    assert [player.findtext("NATIONAL_ID_NUMBER") for player in players] == ["", ""]
    known = fromstring(written(("101", ""))).findall(".//PAIR/PLAYER/NATIONAL_ID_NUMBER")
    assert [element.text or "" for element in known] == ["101", ""]


def test_an_empty_national_id_reads_back_as_no_id(tmp_path: Path) -> None:
    path = tmp_path / "out.xml"
    path.write_bytes(written(("101", "")))
    (pair,) = read_usebio(path).pairs
    assert (pair.names, pair.ids) == (("Ann Abel", "Bob Baker"), ("101", ""))


def mitchell(directions: tuple[str, str]) -> bytes:
    """Pairs 1 and 2 of each direction (blank directions: a Howell of pairs 1 to 4)."""
    ns, ew = directions
    pairs = [
        Pair(section="", number=n, direction=d, names=(f"P{n}{d}",))
        for n in (1, 2)
        for d in (ns, ew)
    ]
    lines = [
        Line(section="", board=1, ns_pair=1, ew_pair=2, score="420", theirs_ns="2", theirs_ew="0"),
        Line(section="", board=1, ns_pair=2, ew_pair=1, score="400", theirs_ns="0", theirs_ew="2"),
    ]
    return usebio_bytes(
        EventFile("event.xml", date="2026-11-30"), "mp", lines, pairs, winners=2 if ns else 1
    )


def test_a_mitchells_pairs_are_labelled_with_their_direction(tmp_path: Path) -> None:
    """NS 1 and EW 1 are two pairs: Compscore3 writes them 1NS and 1EW and the NZ converter
    "1 NS" and "1 EW", in PAIR_NUMBER and on the traveller lines alike, and the ABF's results
    site keys a pair's names and boards by PAIR_NUMBER alone (bare numbers would merge NS 1
    and EW 1). Read back, they are pairs 1 NS and 1 EW again."""
    root = fromstring(mitchell(("NS", "EW")))
    assert [e.text for e in root.findall(".//PAIR/PAIR_NUMBER")] == ["1NS", "1EW", "2NS", "2EW"]
    assert [
        (e.findtext("NS_PAIR_NUMBER"), e.findtext("EW_PAIR_NUMBER"))
        for e in root.findall(".//TRAVELLER_LINE")
    ] == [("1NS", "2EW"), ("2NS", "1EW")]
    path = tmp_path / "mitchell.xml"
    path.write_bytes(mitchell(("NS", "EW")))
    event = read_usebio(path)
    assert [(p.number, p.direction) for p in event.pairs] == [
        (1, "NS"),
        (1, "EW"),
        (2, "NS"),
        (2, "EW"),
    ]
    assert [(line.ns_pair, line.ew_pair) for line in event.lines] == [(1, 2), (2, 1)]


def test_a_howells_pairs_keep_their_numbers() -> None:
    root = fromstring(mitchell(("", "")))
    assert {e.text for e in root.findall(".//TRAVELLER_LINE/NS_PAIR_NUMBER")} == {"1", "2"}
