"""Regenerate ``docs/web-ranking-phone.png`` and ``docs/web-board-phone.png``, the results site
of the example Howell as a phone shows it (375 CSS pixels wide), and ``docs/web-board.png``,
a board page on a wider screen (1020 px).

The session is ``examples/howell.csv`` with its names; the deals and the masterpoints are
**invented** (the example has neither): each board's deal is a shuffle seeded by its number
(``random.Random(board)``), and four pairs get awards of made-up sizes and types. The site is
written by :func:`xlbridge.web.site.write_site` into a throw-away folder, and headless
Chromium (Debian's ``chromium``, driven as the browser tests drive it: ``tests/chromium.py``)
takes each whole page::

    python docs/render_phone_pages.py              # writes the three PNGs into docs/
    python docs/render_phone_pages.py --out DIR    # or into DIR
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's xlbridge; chromium.py

from chromium import Chromium  # noqa: E402

from xlbridge.io.travellers.session_csv import read_names, read_session  # noqa: E402
from xlbridge.scoring.session import score_session  # noqa: E402
from xlbridge.web.site import write_site  # noqa: E402

RANKS = "AKQJT98765432"
#: The invented awards: pair number, masterpoints, type.
AWARDS = (("5", "1.20", "GREEN"), ("8", "0.80", "GREEN"), ("1", "0.60", "RED"))
#: Each picture: the page, the file it is saved as, and the screen's width in CSS pixels.
PICTURES = (
    ("index.html", "web-ranking-phone.png", 375),
    ("board-5.html", "web-board-phone.png", 375),
    ("board-5.html", "web-board.png", 1020),
)


def invented_deal(board: int) -> str:
    """A deal shuffled with ``board`` as the seed, as a PBN deal string from North."""
    deck = [suit + rank for suit in "SHDC" for rank in RANKS]
    random.Random(board).shuffle(deck)
    hands = []
    for seat in range(4):
        held = set(deck[seat * 13 : seat * 13 + 13])
        hands.append(".".join("".join(r for r in RANKS if s + r in held) for s in "SHDC"))
    return "N:" + " ".join(hands)


def render(out: Path) -> list[Path]:
    """Write the site and save its pictures (:data:`PICTURES`) into ``out``."""
    result = score_session(read_session(ROOT / "examples" / "howell.csv"), "mp")
    names = read_names(ROOT / "examples" / "howell-names.csv")
    awards = {("", "", pair): f"{points} {kind}" for pair, points, kind in AWARDS}
    saved = []
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        write_site(
            site,
            result,
            names,
            {board: invented_deal(board) for board in range(1, 27)},
            event="Tuesday Evening Pairs",
            date="30 November 2026",
            club="Riverside Bridge Club",
            masterpoints=awards,
        )
        with Chromium.start(Path(scratch) / "profile") as browser:
            for page_name, picture, width in PICTURES:
                page = browser.load(site / page_name, width)
                if page.scroll_width > width:
                    raise SystemExit(f"{page_name} is {page.scroll_width} px wide at {width}")
                saved.append(page.screenshot(out / picture))
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="folder of the PNGs")
    for path in render(parser.parse_args().out):
        print(path)


if __name__ == "__main__":
    main()
