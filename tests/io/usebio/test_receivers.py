"""Every shape --usebio writes, read by the two receivers' models (tests/io/usebio/receivers.py).

Shapes: one or two sections; matchpoints, cross-IMPs or Butler; one winner (a Howell) or two
(a Mitchell); no names, one name a pair, or two; with and without the club; with and
without deals; always dated (a file without a date is refused: see test_usebio_dates.py).
Each session is two boards at two or three tables, scored once per shape, in memory.
"""

from __future__ import annotations

from datetime import date
from functools import cache

import pytest
from receivers import abf_site, scottish_importer

from xlbridge.io.event_files.contents import EventFile, Pair
from xlbridge.io.score_event import usebio_of
from xlbridge.scoring.session import SessionResult, Traveller, TravellerLine, score_session

DEALS = {
    1: "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
    2: "N:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432",
}
#: (board, NS, EW, NS score) of a Howell of four pairs (one winner): every pair plays both
#: boards, once each way.
HOWELL = [(1, 1, 2, 420), (1, 3, 4, 400), (2, 4, 1, -100), (2, 2, 3, -50)]
#: A Mitchell of three tables (two winners): NS 1–3 stay, EW 1–3 move; NS 1 and EW 1 are
#: two pairs, so their numbers carry their directions.
MITCHELL = [(1, 1, 1, 420), (1, 2, 2, 400), (1, 3, 3, -50)]
MITCHELL += [(2, 1, 2, 110), (2, 2, 3, 140), (2, 3, 1, -100)]
NAMES = {"none": (), "one": ("Ann Abel",), "two": ("Zoë Quill", "ron o'dale")}


@cache
def session(sections: str, method: str, winners: int) -> SessionResult:
    """The session of one shape; section B's scores are section A's, 10 points better for EW
    on each line, so its numbers differ where the scores' order changes."""
    lines = [
        TravellerLine.with_score(board, ns, ew, score - 10 * i, section=section)
        for i, section in enumerate(sections)
        for board, ns, ew, score in (HOWELL if winners == 1 else MITCHELL)
    ]
    return score_session(Traveller.from_lines(lines), method)


def labels(result: SessionResult, sections: str) -> dict[tuple[str, str, str], str]:
    """Each pair's PAIR_NUMBER by the rule: 3 in a Howell, 3NS in a Mitchell, and with two
    sections the section in brackets first, (A) 3 and (A) 3 NS."""
    found = {}
    for pair in result.pairs:
        if len(sections) == 1:
            label = f"{pair.pair}{pair.direction}"
        else:
            label = f"({pair.section}) {pair.pair} {pair.direction}".rstrip()
        found[(pair.section, pair.direction, pair.pair)] = label
    return found


def event(result: SessionResult, names: str, club: bool, deals: bool) -> EventFile:
    pairs = [
        Pair(p.section, int(p.pair), p.direction, NAMES[names], ("3001",) if names else ())
        for p in result.pairs
    ]
    return EventFile(
        "evening",
        description="Tuesday pairs",
        date="2026-11-30",
        club="Harbour Bridge Club" if club else "",
        club_id="4021" if club else "",
        pairs=pairs,
        hands={("", board): deal for board, deal in DEALS.items()} if deals else {},
    )


@pytest.mark.parametrize("deals", [False, True], ids=["no-deals", "deals"])
@pytest.mark.parametrize("club", [False, True], ids=["no-club", "club"])
@pytest.mark.parametrize("names", list(NAMES))
@pytest.mark.parametrize("winners", [1, 2], ids=["one-winner", "two-winners"])
@pytest.mark.parametrize("method", ["mp", "ximp", "butler"])
@pytest.mark.parametrize("sections", ["A", "AB"], ids=["one-section", "two-sections"])
def test_every_shape_reads_at_both_receivers(
    sections: str, method: str, winners: int, names: str, club: bool, deals: bool
) -> None:
    result = session(sections, method, winners)
    data = usebio_of(result, event(result, names, club, deals))
    expected = labels(result, sections)
    imps = method != "mp"
    abf = abf_site(data, imps)
    # The ABF's site takes MP_PAIRS and BUTLER_PAIRS; our cross-IMPs are CROSS_IMPS, the
    # DTD's name, which it does not know (it takes CROSS_IMP): the rest reads all the same.
    assert (abf.event_type, abf.accepted) == {
        "mp": ("MP_PAIRS", True),
        "ximp": ("CROSS_IMPS", False),
        "butler": ("BUTLER_PAIRS", True),
    }[method]
    assert abf.date == date(2026, 11, 30)
    ours = {expected[p.key if winners == 2 else (p.section, "", p.pair)]: p for p in result.pairs}
    assert sorted(row["label"] for row in abf.pairs) == sorted(ours)  # each pair once
    for row in abf.pairs:
        pair = ours[row["label"]]
        assert row["place"] == pair.rank
        assert row["score"] == round(pair.score if imps else pair.percentage, 2)
        assert row["direction"] == (pair.direction or None)
        assert row["ids"] == (("3001", None) if names else (None, None))
    # It title-cases every PLAYER_NAME, at upload and on its pages: a missing name stops it
    # (give --names for an upload there).
    assert abf.names_needed == (names != "two")
    if names == "two":
        assert {row["names"] for row in abf.pairs} == {("Zoë Quill", "Ron O'Dale")}
    assert abf.boards == [1, 2]  # one BOARD per board number, every section's lines in it
    assert sorted((n, ns, ew) for n, ns, ew, _, _ in abf.lines) == sorted(
        (line.board, *_line_labels(expected, line.section, line.ns_pair, line.ew_pair, winners))
        for board in result.travellers
        for line in board.lines
    )
    assert abf.hands == (DEALS if deals else {})

    scottish = scottish_importer(data)
    assert scottish.errors == (
        ["Butler Pairs event type not currently supported", "Invalid board scoring method"]
        if method == "butler"
        else []
    )
    assert scottish.date == date(2026, 11, 30)
    assert scottish.club == ("Harbour Bridge Club" if club else "")  # the CLUB is always there
    given = NAMES[names] + ("",) * (2 - len(NAMES[names]))
    assert set(scottish.names.values()) == {given}  # Zoë as written, read as UTF-8


def _line_labels(
    expected: dict[tuple[str, str, str], str], section: str, ns: str, ew: str, winners: int
) -> tuple[str, str]:
    if winners == 2:
        return expected[(section, "NS", ns)], expected[(section, "EW", ew)]
    return expected[(section, "", ns)], expected[(section, "", ew)]
