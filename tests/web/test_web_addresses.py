"""Where the pages of a session's site live: the front page links every board, and a score
card's address names its pair (pair-5.html is pair 5's card every week, whatever its place);
labels that are not plain numbers still give safe, distinct file names."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from session_builder import EXAMPLES, example_session
from site_reader import read_page
from test_web_site import board_file, two_sections

from xlbridge.io.travellers.session_csv import read_session
from xlbridge.scoring.session import SessionResult, score_session
from xlbridge.web.addresses import card_files, safe_part
from xlbridge.web.site import write_site


def written(tmp_path: Path, result: SessionResult) -> Path:
    folder = tmp_path / "site"
    tmp_path.mkdir(exist_ok=True)
    write_site(folder, result)
    return folder


def heading(path: Path) -> str:
    """The card's heading ("Pair 5, Section B (North-South)"), its page's one h2."""
    (found,) = re.findall(r"<h2>(.*?)</h2>", path.read_text(encoding="utf-8"))
    return str(found)


def test_the_front_page_links_every_board(tmp_path: Path) -> None:
    """The example Howell has 26 boards: the ranking page links each board's page once, in
    order, under "Boards"."""
    result, _ = example_session("howell")
    folder = written(tmp_path, result)
    links = [link for link in read_page(folder / "index.html").links if link.startswith("board-")]
    assert links == [f"board-{board}.html" for board in range(1, 27)]
    assert all((folder / link).is_file() for link in links)


def test_the_front_page_links_every_board_of_every_section(tmp_path: Path) -> None:
    """Two sections sharing boards 1–22: 44 board pages, each linked from the front page."""
    result, _ = two_sections()
    folder = written(tmp_path, result)
    links = [link for link in read_page(folder / "index.html").links if link.startswith("board-")]
    expected = [board_file(result, t.section, t.board) for t in result.travellers]
    assert len(links) == len(set(links)) == 44 and links == expected


def test_a_score_cards_address_holds_its_pair(tmp_path: Path) -> None:
    """pair-5.html is pair 5's card in a Howell (though pair 5 came first, not fifth);
    pair-5-ns.html and pair-5-ew.html in a two-winner Mitchell; pair-B-5-ns.html in section
    B."""
    howell, _ = example_session("howell")
    assert next(p for p in howell.pairs if p.pair == "5").place == "1"
    assert heading(written(tmp_path / "h", howell) / "pair-5.html") == "Pair 5"
    mitchell, _ = example_session("mitchell")
    folder = written(tmp_path / "m", mitchell)
    assert heading(folder / "pair-5-ns.html") == "Pair 5 (North-South)"
    assert heading(folder / "pair-5-ew.html") == "Pair 5 (East-West)"
    sections, _ = two_sections()
    folder = written(tmp_path / "s", sections)
    assert heading(folder / "pair-B-5-ns.html") == "Pair 5, Section B (North-South)"
    assert heading(folder / "pair-A-5-ew.html") == "Pair 5, Section A (East-West)"
    # The ranking links the cards at these addresses, none by place.
    ranking = read_page(folder / "index.html")
    assert "pair-B-5-ns.html" in ranking.links and "pair-1.html" not in ranking.links
    # A Mitchell ranked as one field: NS 5 and EW 5 are "5NS" and "5EW" of one ranking.
    joint = score_session(read_session(EXAMPLES / "mitchell.csv"), "mp", winners=1)
    folder = written(tmp_path / "j", joint)
    assert heading(folder / "pair-5-ns.html") == "Pair 5 (North-South)"
    ranking = read_page(folder / "index.html")
    shown = {c.text: c.href for row in ranking.rows("ranking") for c in row if c.href}
    assert (shown["5NS"], shown["5EW"]) == ("pair-5-ns.html", "pair-5-ew.html")
    board = read_page(folder / "board-1.html")
    cards = [link for link in board.links if link.startswith("pair-")]
    assert len(cards) == 2 * len(joint.travellers[0].lines)  # each line's NS and EW linked
    assert all((folder / link).is_file() for link in cards)


@pytest.mark.parametrize(
    ("label", "part"),
    [
        ("5", "5"),
        ("A3", "A3"),
        ("3NS", "3NS"),
        ("3/4", "3_2f_4"),  # "/" is U+002F
        ("3-4", "3_2d_4"),  # "-" would run into the next part
        ("3_2d_4", "3_5f_2d_5f_4"),  # an "_" is written too: never taken for the one above
        ("<b>", "_3c_b_3e_"),
        ("é", "_e9_"),
        ("", ""),
    ],
)
def test_a_label_as_part_of_a_file_name(label: str, part: str) -> None:
    assert safe_part(label) == part


def test_labels_that_would_clash_get_distinct_names() -> None:
    """ "a3" and "A3" would be one file where case is ignored (Windows, macOS): both keep their
    capitals and write their small letters as code points ("a" is U+0061). "3-4" and "3_2d_4"
    (what "3-4" would be written as) stay distinct; a pair of another section is untouched."""
    keys = [("", "", "a3"), ("", "", "A3"), ("", "", "3-4"), ("", "", "3_2d_4"), ("", "", "b7")]
    files = card_files(keys)
    assert files == {
        ("", "", "a3"): "pair-_61_3.html",
        ("", "", "A3"): "pair-A3.html",
        ("", "", "3-4"): "pair-3_2d_4.html",
        ("", "", "3_2d_4"): "pair-3_5f_2d_5f_4.html",
        ("", "", "b7"): "pair-b7.html",
    }
    assert len({name.lower() for name in files.values()}) == len(keys)
    sections = card_files([("a", "NS", "1"), ("A", "NS", "1"), ("A", "EW", "1")])
    assert sorted(sections.values()) == [
        "pair-A-1-ew.html",
        "pair-A-1-ns.html",
        "pair-_61_-1-ns.html",
    ]


def test_a_long_label_is_cut_and_told_apart_by_its_digest() -> None:
    """Two labels of 300 letters that differ only in their last: cut to 64 characters, each
    followed by "~" and 16 hexadecimal digits of its SHA-256, so the names differ and fit a
    file system's 255 bytes."""
    first, second = "Q" * 299 + "A", "Q" * 299 + "B"
    names = card_files([("", "", first), ("", "", second)])
    assert names[("", "", first)] != names[("", "", second)]
    for label, name in names.items():
        digest = hashlib.sha256(label[2].encode()).hexdigest()[:16]
        assert name == f"pair-{'Q' * 64}~{digest}.html"
