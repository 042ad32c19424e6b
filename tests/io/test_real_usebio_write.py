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

from xlbridge.io.event_file import EventFile, Line, Pair
from xlbridge.io.usebio import read_usebio, usebio_bytes


def written(ids: tuple[str, ...]) -> bytes:
    pair = Pair(
        section="", number=1, direction="NS", names=("Ann Abel", "Bob Baker"), ids=ids, place="1"
    )
    line = Line(
        section="", board=1, ns_pair=1, ew_pair=2, score="420", theirs_ns="2", theirs_ew="0"
    )
    return usebio_bytes(EventFile("event.xml"), "mp", [line], [pair], winners=2)


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
