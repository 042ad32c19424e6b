"""The results site in a real browser: headless Chromium (Debian's ``chromium``) loads the
ranking, a board page and a score card at phone width (375 px) and desktop width (1280 px),
set by device emulation. Nothing may overflow sideways and no error may reach the console.

One browser serves every page (a module fixture). Screenshots are written to a temporary
folder, and also to ``$XLBRIDGE_SCREENSHOTS`` when that names a folder (to look at them).
Locally the tests skip when Chromium is not installed; CI installs it and sets
``XLBRIDGE_REQUIRE_CHROMIUM=1``, which turns the skip into a failure.
"""

from __future__ import annotations

import os
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from chromium import Chromium, Page
from session_builder import EXAMPLES, example_session

from xlbridge.web.site import write_site

WIDTHS = (375, 1280)
PAGES = ("index.html", "board-5.html", "pair-5.html")
LONG_NAME = "Wolfeschlegelsteinhausenbergerdorff" * 300  # 10,500 letters, no space to break at
CLUB_NAME = "Bridgeclub Sankt Andreasberg-Oberharz II"  # 40 characters, a long word in it
#: Which words of each row heading of the round-by-round table the browser broke across lines.
BROKEN_WORDS = """[...document.querySelectorAll('.rounds th.entry')].map(cell => {
  const text = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT).nextNode();
  const range = document.createRange(), broken = [];
  let at = 0;
  for (const word of text.textContent.split(/(?<=[\\s-])/)) {
    range.setStart(text, at);
    range.setEnd(text, at + word.trimEnd().length);
    if (word.trim() && range.getClientRects().length > 1) broken.push(word.trim());
    at += word.length;
  }
  return broken;
})"""


#: Masterpoints as the ranking shows them (the widest type among them).
AWARDS = {("", "", "1"): "1.20 GREEN", ("", "", "3"): "0.80 BLACK", ("", "", "9"): "0.60 RED"}
#: Each header cell of a table: its text (soft hyphens left out), left and right edges, and
#: whether it is shown.
HEADER_BOXES = """[...document.querySelectorAll('%s thead th')].map(th => {
  const box = th.getBoundingClientRect();
  return [th.textContent.replace(/\u00ad/g, ''), box.left, box.right, box.width > 0];
})"""


def header_boxes(page: Page, table: str) -> dict[str, tuple[float, float, bool]]:
    """The header cells of the first ``table`` (a CSS selector) by their text."""
    return {
        text: (left, right, shown)
        for text, left, right, shown in page.evaluate(HEADER_BOXES % table)
    }


def dealt(board: int) -> str:
    """A seeded random deal, as a PBN deal string from North."""
    cards = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
    random.Random(board).shuffle(cards)
    hands = []
    for seat in range(4):
        held = set(cards[seat * 13 : seat * 13 + 13])
        suits = ["".join(r for r in "AKQJT98765432" if s + r in held) for s in "SHDC"]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    result, names = example_session("howell")
    names = dict(names)
    names[("", "", "5")] = LONG_NAME
    names[("", "", "8")] = (
        '<script>console.error("escaped?")</script>"><img src=x onerror=alert(1)>'
    )
    folder = tmp_path_factory.mktemp("browser") / "site"
    deals = {board: dealt(board) for board in range(1, 27)}
    write_site(
        folder,
        result,
        names,
        deals,
        event="Tuesday Evening Pairs",
        date="30 November 2026",
        club="Riverside Bridge Club",
        masterpoints=AWARDS,
    )
    return folder


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    # Without chromium: skipped, or failed when XLBRIDGE_REQUIRE_CHROMIUM=1 (tests/chromium.py).
    with Chromium.start(tmp_path_factory.mktemp("chromium-profile")) as started:
        yield started


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("screenshots")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", PAGES)
def test_pages_fit_and_load_cleanly(
    name: str, width: int, site: Path, browser: Chromium, shots: Path
) -> None:
    page = browser.load(site / name, width)
    assert page.errors == []
    assert page.scroll_width <= width, f"{name} is {page.scroll_width} px wide at {width} px"
    assert page.evaluate("document.querySelectorAll('script, img').length") == 0
    shot = page.screenshot(shots / f"{name.removesuffix('.html')}-{width}.png")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    keep = os.environ.get("XLBRIDGE_SCREENSHOTS")
    if keep and Path(keep).is_dir():
        shutil.copy(shot, Path(keep) / shot.name)


@pytest.mark.parametrize("name", ["board-5.html", "board-1.html"])
def test_a_board_page_shows_the_result_first_on_a_phone(
    name: str, site: Path, browser: Chromium
) -> None:
    """At 375 px the traveller fits the screen, not only the page: its box does not scroll,
    its columns start with the result (contract, by, tricks, score, both sides' MPs and %),
    and the Score, MP and % headers lie inside the viewport. Board 1 has an adjusted score
    (A60/40), whose "(adjusted)" is read out but not shown there."""
    page = browser.load(site / name, 375)
    assert page.scroll_width <= 375
    box = "document.querySelector('.scroll')"
    assert page.evaluate(f"{box}.scrollWidth <= {box}.clientWidth")
    heads = header_boxes(page, ".traveller")
    assert list(heads)[:8] == [
        "Contract",
        "By",
        "Tricks",
        "Score",
        "NS MP",
        "EW MP",
        "NS %",
        "EW %",
    ]
    for text in ("Contract", "By", "Tricks", "Score", "NS MP", "EW MP", "NS %", "EW %", "NS", "EW"):
        left, right, shown = heads[text]
        assert shown and 0 <= left and right <= 375, f"{text}: {left}-{right}"
    assert heads["Lead"][2] is False  # the leads are dropped on a phone
    assert page.evaluate("document.querySelectorAll('.traveller tbody tr').length") == 7


def test_the_ranking_with_masterpoints_fits_a_phone(site: Path, browser: Chromium) -> None:
    """With a Masterpoints column (awards of up to "1.20 GREEN") the ranking is no wider
    than the phone: each header, and each award, inside the viewport."""
    page = browser.load(site / "index.html", 375)
    assert page.scroll_width <= 375
    heads = header_boxes(page, ".ranking")
    assert list(heads) == ["Place", "Pair", "Names", "MP", "%", "Masterpoints"]
    for text, (left, right, shown) in heads.items():
        assert shown and 0 <= left and right <= 375, f"{text}: {left}-{right}"
    awards = page.evaluate(
        "[...document.querySelectorAll('.ranking td.masterpoints')].filter(td => td.textContent)"
        ".map(td => [td.textContent, td.getBoundingClientRect().right])"
    )
    assert sorted(text for text, _ in awards) == sorted(AWARDS.values())
    assert all(right <= 375 for _, right in awards)


def test_hearts_and_diamonds_are_red(site: Path, browser: Chromium) -> None:
    page = browser.load(site / "board-5.html", 1280)
    colours = page.evaluate(
        "[...document.querySelectorAll('.hand .suit')].map("
        "s => s.textContent + getComputedStyle(s).color)"
    )
    red = {c for c in colours if c[0] in "♥♦"}
    black = {c for c in colours if c[0] in "♠♣"}
    assert red == {"♥rgb(192, 0, 26)", "♦rgb(192, 0, 26)"}
    assert black == {"♠rgb(27, 31, 35)", "♣rgb(27, 31, 35)"}


@pytest.fixture(scope="module")
def standings_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Twelve teams, seven rounds of a Swiss (a long name and a hostile one among them)."""
    from xlbridge.scoring.team_standings import team_standings
    from xlbridge.web.standings import Event, write_standings

    names = {n: f"Team {n}" for n in range(1, 13)}
    names[3], names[7] = LONG_NAME, "<script>console.error(1)</script>"
    names[5] = CLUB_NAME
    matches = [
        (r, n, (n + r - 1) % 12 + 1 if (n + r - 1) % 12 + 1 != n else None, float(r * n % 17 - 8))
        for r in range(1, 8)
        for n in range(1, 13, 2)
    ]
    standings = team_standings(names, 7, matches, lambda m: (10 + m / 4, 10 - m / 4), bye_vps=12.0)
    folder = tmp_path_factory.mktemp("standings") / "site"
    write_standings(folder, standings, Event("Winter Swiss", "Swiss teams"))
    return folder


@pytest.mark.parametrize("name", ["index.html", "round-1.html"])
def test_standings_pages_fit_a_phone(
    name: str, standings_site: Path, browser: Chromium, shots: Path
) -> None:
    page = browser.load(standings_site / name, 375)
    assert page.errors == []
    assert page.scroll_width <= 375
    page.screenshot(shots / f"standings-{name.removesuffix('.html')}-375.png")


def test_round_by_round_names_break_between_words_on_a_phone(
    standings_site: Path, browser: Chromium
) -> None:
    """At 375 px the names heading the round-by-round rows wrap between words (or after a
    hyphen): "Andreasberg-" stays whole. Only a word wider than the column's widest (12rem)
    is broken: the 10,500 letters of LONG_NAME, the 34 of the script tag shown as text."""
    page = browser.load(standings_site / "index.html", 375)
    broken = page.evaluate(BROKEN_WORDS)
    assert len(broken) == 12
    assert sorted(word for words in broken for word in words) == sorted(
        ["<script>console.error(1)</script>", LONG_NAME]
    )
    assert page.scroll_width <= 375


def test_a_round_heads_both_sides_vps_once(standings_site: Path, browser: Chromium) -> None:
    """A round's table heads its two VP columns (each side's) with one "VPs" across both,
    not "VPs VPs"."""
    page = browser.load(standings_site / "round-1.html", 375)
    heads = page.evaluate(
        "[...document.querySelectorAll('.matches thead th')]"
        ".map(th => [th.textContent, th.colSpan])"
    )
    assert heads == [["Team", 1], ["Against", 1], ["IMPs", 1], ["VPs", 2]]
    cells = page.evaluate("document.querySelector('.matches tbody tr').children.length")
    assert cells == 5


def test_a_board_and_a_score_card_print_on_one_sheet(
    site: Path, browser: Chromium, shots: Path
) -> None:
    """The print style sheet: a board (deal and traveller) and a 26-board score card each fit
    one A4 sheet, nothing pushed onto a second."""
    for name in ("board-5.html", "pair-3.html"):
        printed = browser.load(site / name, 1280).pdf(shots / f"{name}.pdf").read_bytes()
        assert len(re.findall(rb"/Type\s*/Page[^s]", printed)) == 1, name


def test_a_long_pair_label_fits_a_phone(tmp_path: Path, browser: Chromium, shots: Path) -> None:
    """Pair labels come from the file too: one of 300 letters is cut short in the ranking
    (whole on its score card), and no page overflows."""
    from xlbridge.io.travellers.session_csv import parse_session
    from xlbridge.scoring.session import score_session

    text = (EXAMPLES / "howell.csv").read_text(encoding="utf-8")
    result = score_session(parse_session(text.replace(",14,", ",P" + "Q" * 300 + ","), "x"))
    write_site(tmp_path / "site", result)
    for name in ("index.html", "board-1.html", "pair-9.html"):
        page = browser.load(tmp_path / "site" / name, 375)
        assert page.errors == [] and page.scroll_width <= 375, name
    page.screenshot(shots / "long-label-card-375.png")
