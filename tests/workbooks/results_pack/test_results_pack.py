"""The printable results pack: its values are the session's, its pages keep every board's
traveller and every pair's score card whole, and LibreOffice prints it as expected.

The pack is read back from the saved file, sheet by sheet, into blocks (a caption row and the
records under it), and compared with the scored session — and, for a small evening, with
matchpoints worked out by hand.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import rendering
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet
from pack_evenings import Evening, howell, mitchell

from xlbridge.errors import InputError
from xlbridge.scoring.session import SessionResult, Traveller, TravellerLine, score_session
from xlbridge.workbooks.kit.printing import PAPER_SIZES
from xlbridge.workbooks.results_pack.pack import (
    RANKING_SHEET,
    SCORE_CARDS_SHEET,
    TRAVELLERS_SHEET,
    build_results_pack,
)

SHEETS = (RANKING_SHEET, TRAVELLERS_SHEET, SCORE_CARDS_SHEET)
FIRST_ROW = 3  # title in row 1, column headings in row 2
#: Paper heights in points and the pack's top and bottom margins (0.75 inch each).
PAPER_HEIGHT = {"a4": 841.9, "letter": 792.0}
MARGINS = 2 * 0.75 * 72
#: Text a spreadsheet shows for an error or a number that is not one.
BAD_TEXT = re.compile(r"#(VALUE|REF|NAME|DIV/0|N/A|NUM|NULL)|Err:\d|\bnan\b|\binf\b", re.I)


# --------------------------------------------------------------------------------------------
# Reading the pack back


@dataclass
class Block:
    """A caption row and the record rows under it (each a dict by column heading)."""

    caption: str
    first_row: int
    records: list[dict[str, Any]] = field(default_factory=list)
    last_row: int = 0


def saved(workbook: Workbook, path: Path) -> Workbook:
    workbook.save(path)
    return openpyxl.load_workbook(path)


def headings(ws: Worksheet) -> list[str]:
    return [cell.value for cell in ws[2] if cell.value is not None]


def blocks(ws: Worksheet) -> list[Block]:
    """The sheet's blocks: a caption (bold, merged across every column) starts one, boxed rows
    are its records, a blank row ends it; other text (a deal, a note) is no record."""
    names = headings(ws)
    merged_rows = {
        r.min_row for r in ws.merged_cells.ranges if r.min_col == 1 and r.max_col == len(names)
    }
    found: list[Block] = []
    current: Block | None = None
    for row in range(FIRST_ROW, ws.max_row + 1):
        cells = [ws.cell(row, column).value for column in range(1, len(names) + 1)]
        boxed = ws.cell(row, 1).border.left.style is not None
        if row in merged_rows and not boxed and ws.cell(row, 1).font.b:
            current = Block(cells[0], row, last_row=row)
            found.append(current)
        elif current is not None and boxed:
            current.records.append(dict(zip(names, cells, strict=True)))
            current.last_row = row
        elif current is not None and all(value is None for value in cells):
            current.last_row = row  # the blank row that closes a block belongs to it
            current = None
    return found


def close(a: Any, b: float) -> bool:
    if b != b:  # NaN: the pack leaves the cell blank
        return a is None
    return a is not None and math.isclose(a, b, abs_tol=1e-9)


def build(evening: Evening, tmp_path: Path, paper: str = "a4", **kwargs: Any) -> Workbook:
    workbook = build_results_pack(
        evening.result, evening.names, evening.hands, paper=paper, **kwargs
    )
    return saved(workbook, tmp_path / f"pack-{paper}.xlsx")


@pytest.fixture(scope="module")
def evening_howell() -> Evening:
    return howell()


@pytest.fixture(scope="module")
def evening_mitchell() -> Evening:
    return mitchell()


# --------------------------------------------------------------------------------------------
# A small evening worked by hand


def small_evening() -> SessionResult:
    """Two boards, four tables, pairs 1–4 NS and 5–8 EW (two winners).

    Board 1: NS scores 450, 420, 420, −50: matchpoints (2 per win, top 6) 6, 3, 3, 0.
    Board 2: 100, −100, −100 and an adjusted score A60/40 at the fourth table. The three real
    results are matchpointed among themselves (top 4: NS 4, 1, 1; EW 0, 3, 3) and factored by
    Neuberg to four results, (MP + 1) × 4/3 − 1: NS 17/3, 5/3, 5/3 and EW 1/3, 13/3, 13/3;
    the adjusted table gets 60 % and 40 % of the top of 6: 3.6 and 2.4.
    """
    lines = [
        TravellerLine.with_score(1, 1, 5, 450),
        TravellerLine.with_score(1, 2, 6, 420),
        TravellerLine.with_score(1, 3, 7, 420),
        TravellerLine.with_score(1, 4, 8, -50),
        TravellerLine.with_score(2, 1, 6, 100),
        TravellerLine.with_score(2, 2, 7, -100),
        TravellerLine.with_score(2, 3, 8, -100),
        TravellerLine.with_adjusted(2, 4, 5, "A60/40"),
    ]
    return score_session(Traveller.from_lines(lines), winners=2)


#: By hand (see small_evening): NS pair → (total, percentage of 12); EW pairs likewise.
HAND_NS = {"1": 6 + 17 / 3, "2": 3 + 5 / 3, "3": 3 + 5 / 3, "4": 0 + 3.6}
HAND_EW = {"5": 0 + 2.4, "6": 3 + 1 / 3, "7": 3 + 13 / 3, "8": 6 + 13 / 3}


def test_small_evening_prints_the_matchpoints_worked_by_hand(tmp_path: Path) -> None:
    result = small_evening()
    names = {("", "NS", "1"): "=Smith & Jones", ("", "EW", "5"): "Ann & Bob"}
    book = saved(build_results_pack(result, names), tmp_path / "small.xlsx")
    ns, ew = blocks(book[RANKING_SHEET])
    assert (ns.caption, ew.caption) == ("North-South", "East-West")
    for table, by_hand in ((ns, HAND_NS), (ew, HAND_EW)):
        printed = {r["Pair"]: (r["MPs"], r["%"], r["Top"], r["Boards"]) for r in table.records}
        assert printed.keys() == by_hand.keys()
        for pair, total in by_hand.items():
            score, percent, top, boards = printed[pair]
            assert math.isclose(score, total) and math.isclose(percent, total / 12 * 100)
            assert (top, boards) == (12, 2)
        scores = [r["MPs"] for r in table.records]
        assert scores == sorted(scores, reverse=True)
    assert [r["Place"] for r in ns.records] == ["1", "2=", "2=", "4"]
    assert ns.records[0]["Names"] == "=Smith & Jones"
    board1, board2 = blocks(book[TRAVELLERS_SHEET])
    assert "Board 1" in board1.caption and "Top 6" in board1.caption
    assert "Dealer North" in board1.caption and "Vulnerable: None" in board1.caption
    assert "Dealer East" in board2.caption and "Vulnerable: N-S" in board2.caption
    assert [(r["NS score"], r["NS MPs"], r["EW MPs"]) for r in board1.records] == [
        (450, 6, 0),
        (420, 3, 3),
        (420, 3, 3),
        (-50, 0, 6),
    ]
    real = [r for r in board2.records if r["NS score"] is not None]
    assert [r["NS score"] for r in real] == [100, -100, -100]
    assert all(math.isclose(r["EW score"], -r["NS score"]) for r in real)
    for record, (ns_mp, ew_mp) in zip(
        real, ((17 / 3, 1 / 3), (5 / 3, 13 / 3), (5 / 3, 13 / 3)), strict=True
    ):
        assert math.isclose(record["NS MPs"], ns_mp) and math.isclose(record["EW MPs"], ew_mp)
        assert math.isclose(record["NS %"], ns_mp / 6 * 100)
    (adjusted,) = [r for r in board2.records if r["NS score"] is None]
    assert adjusted["Contract"] == "Adjusted score A60/40"
    assert (adjusted["NS MPs"], adjusted["EW MPs"], adjusted["NS %"]) == (3.6, 2.4, 60)


def test_score_cards_of_the_small_evening(tmp_path: Path) -> None:
    book = saved(build_results_pack(small_evening()), tmp_path / "small.xlsx")
    cards = {block.caption.split("    ")[0]: block for block in blocks(book[SCORE_CARDS_SHEET])}
    assert list(cards) == [f"NS pair {p}" for p in "1234"] + [f"EW pair {p}" for p in "5678"]
    one = cards["NS pair 1"].records
    assert [(r["Board"], r["Dir"], r["Opp"], r["Score"]) for r in one] == [
        (1, "NS", "5", 450),
        (2, "NS", "6", 100),
    ]
    assert one[0]["MPs"] == 6 and math.isclose(one[1]["Total"], 6 + 17 / 3)
    five = cards["EW pair 5"].records
    assert five[0]["Score"] == -450 and five[0]["MPs"] == 0
    assert five[1]["Contract"] == "Adjusted score A60/40" and five[1]["MPs"] == 2.4
    assert math.isclose(five[1]["Total"], 2.4)
    assert cards["EW pair 5"].caption.endswith("2.40 MPs (20.00 %)    Place 4")


# --------------------------------------------------------------------------------------------
# Real-sized evenings: the pack holds the session's values


def check_against_session(book: Workbook, evening: Evening) -> None:
    result = evening.result
    tables = blocks(book[RANKING_SHEET])
    expected = [result.ranking(None, direction) for direction in result.directions]  # one section
    assert len(tables) == len(expected)
    for table, pairs in zip(tables, expected, strict=True):
        assert [r["Pair"] for r in table.records] == [p.pair for p in pairs]
        assert [r["Place"] for r in table.records] == [p.place for p in pairs]
        for record, pair in zip(table.records, pairs, strict=True):
            assert close(record["MPs"], pair.score) and close(record["%"], pair.percentage)
            assert record["Boards"] == pair.boards
            assert record["Names"] == evening.names[(pair.section, pair.direction, pair.pair)]
    boards = blocks(book[TRAVELLERS_SHEET])
    assert len(boards) == len(result.travellers)
    for block, board in zip(boards, result.travellers, strict=True):
        assert block.caption.startswith(f"Board {board.board} ")
        lines = [r for r in block.records if r["NS"] is not None]
        assert len(lines) == len(board.lines)
        for record, line in zip(lines, board.lines, strict=True):
            assert (record["NS"], record["EW"]) == (line.ns_pair, line.ew_pair)
            assert close(record["NS MPs"], line.ns_value) and close(record["EW MPs"], line.ew_value)
            assert close(record["NS %"], line.ns_percent) and close(record["EW %"], line.ew_percent)
            if not line.adjusted:
                assert record["NS score"] == line.ns_score and record["Tricks"] == line.tricks
    cards = blocks(book[SCORE_CARDS_SHEET])
    assert len(cards) == len(result.pairs)
    by_caption = {card.caption.split("    ")[0]: card for card in cards}
    for pair in result.pairs:
        who = f"{pair.direction} pair {pair.pair}" if pair.direction else f"Pair {pair.pair}"
        card = by_caption[who]
        rows = result.score_card(pair)
        assert [r["Board"] for r in card.records] == [row.board for row in rows]
        for record, row in zip(card.records, rows, strict=True):
            assert close(record["MPs"], row.value) and close(record["Total"], row.running_total)
        assert f"Place {pair.place}" in card.caption


def test_howell_pack_equals_the_session(tmp_path: Path, evening_howell: Evening) -> None:
    assert evening_howell.result.winners == 1
    check_against_session(build(evening_howell, tmp_path), evening_howell)


def test_mitchell_pack_equals_the_session(tmp_path: Path, evening_mitchell: Evening) -> None:
    assert evening_mitchell.result.winners == 2
    check_against_session(build(evening_mitchell, tmp_path, "letter"), evening_mitchell)


def test_deals_print_on_the_travellers(tmp_path: Path, evening_howell: Evening) -> None:
    book = build(evening_howell, tmp_path)
    ws = book[TRAVELLERS_SHEET]
    first = blocks(ws)[0]
    north, west, south = (ws.cell(first.first_row + i, 1).value for i in (1, 2, 3))
    east = next(c.value for c in ws[first.first_row + 2][1:] if c.value)
    hand = evening_howell.hands[1][2:].split()
    assert north == "North   " + "  ".join(
        f"{s} {h.replace('T', '10') or '—'}"
        for s, h in zip("♠♥♦♣", hand[0].split("."), strict=True)
    )
    assert west.startswith("West   ♠") and east.startswith("East   ♠")
    assert south.startswith("South   ♠")


# --------------------------------------------------------------------------------------------
# Values only, names as text


def test_no_formulas_and_names_stay_text(tmp_path: Path, evening_mitchell: Evening) -> None:
    book = build(evening_mitchell, tmp_path)
    assert book.sheetnames == list(SHEETS)
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert cell.data_type != "f", (ws.title, cell.coordinate, cell.value)
                assert not (isinstance(cell.value, float) and not math.isfinite(cell.value))
    texts = [c.value for ws in book.worksheets for row in ws.iter_rows() for c in row]
    assert "=Smith & Jones" in texts


# --------------------------------------------------------------------------------------------
# Pages


def row_lines(ws: Worksheet, row: int) -> float:
    return ws.row_dimensions[row].height / 12.75


def pages_of(ws: Worksheet) -> list[tuple[int, int]]:
    """The printed pages as (first row, last row), from the manual row breaks."""
    last = int(re.search(r"\$(\d+)$", str(ws.print_area)).group(1))  # type: ignore[union-attr]
    breaks = sorted(brk.id for brk in ws.row_breaks.brk)
    starts = [1, *(b + 1 for b in breaks)]
    ends = [*breaks, last]
    return list(zip(starts, ends, strict=True))


def check_pages(ws: Worksheet, paper: str, *, whole: bool = True) -> None:
    """Every page's rows (with the repeated headings) fit the paper at the sheet's scale, and
    no break falls inside a block (unless not ``whole``: then none between a caption and its
    first three records)."""
    assert int(ws.page_setup.paperSize) == int(PAPER_SIZES[paper])
    assert ws.print_title_rows == "$2:$2"
    scale = ws.page_setup.scale / 100
    usable = PAPER_HEIGHT[paper] - MARGINS
    for first, last in pages_of(ws):
        rows = range(first, last + 1)
        height = sum(ws.row_dimensions[r].height for r in rows)
        if first > 1:
            height += ws.row_dimensions[2].height
        assert height * scale <= usable, (ws.title, first, last)
    for block in blocks(ws):
        last = block.last_row if whole else block.first_row + 3
        for brk in ws.row_breaks.brk:
            assert not block.first_row <= brk.id < last, (ws.title, block.caption)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_breaks_keep_boards_and_cards_whole(
    tmp_path: Path, paper: str, evening_howell: Evening, evening_mitchell: Evening
) -> None:
    # Score cards of 21 boards (23 lines) go two to a page, of 27 boards (29 lines) one.
    for evening, card_pages in ((evening_howell, 8 // 2), (evening_mitchell, 18)):
        book = build(evening, tmp_path, paper)
        for ws in book.worksheets:
            check_pages(ws, paper)
            assert ws.page_setup.scale == 100  # the columns fit the paper's width
        assert len(pages_of(book[SCORE_CARDS_SHEET])) == card_pages


def test_a_long_ranking_runs_on_with_its_headings(tmp_path: Path) -> None:
    """70 tables, two boards each played at every table: rankings of 70 pairs run over a page,
    each caption kept with its first lines."""
    lines = [
        TravellerLine.with_score(board, table, 100 + table, (table * 7 + board * 3) % 11 * 10)
        for board in (1, 2)
        for table in range(1, 71)
    ]
    result = score_session(Traveller.from_lines(lines))
    book = build(Evening(lines, {}, {}, result), tmp_path)
    ws = book[RANKING_SHEET]
    check_pages(ws, "a4", whole=False)
    assert len(pages_of(ws)) == 3  # 4 + (1 + 70) + 1 + (1 + 70) + 1 + 3 lines, 54 a page


def test_page_header_names_the_event(tmp_path: Path, evening_howell: Evening) -> None:
    book = build(evening_howell, tmp_path, event="Club & Co pairs", date="30 Nov 2026")
    for ws in book.worksheets:
        assert ws.oddHeader.center.text == "Club && Co pairs — 30 Nov 2026"
        assert ws.oddFooter.right.text == "Page &P of &N"


# --------------------------------------------------------------------------------------------
# Printed by LibreOffice


def pdf_pages(pdf: Path) -> list[str]:
    # pdftotext through the rig: skipped without poppler-utils (failed if it is required)
    return rendering.pdf_text(pdf).split("\f")[:-1]


#: A traveller line as pdftotext prints it: NS pair, EW pair, then the contract or a note.
TRAVELLER_LINE = re.compile(r"^\s*\d+\s+\d+\s+(\d|Adjusted|Passed)", re.M)
#: A score card line: board, direction, opponents.
CARD_LINE = re.compile(r"^\s*\d+\s+(NS|EW)\s+\d+\b", re.M)


def expected_pages(boards: int, tables: int, pairs: int, boards_each: int, paper: str) -> int:
    """Pages for an evening: a page of ranking, travellers (caption, one line a table and a
    blank line each) as many to a page as fit, score cards (caption, one line a board, a blank
    line) likewise — on a page of 57 (A4) or 53 (Letter) lines of 12.75 points less one spare,
    the heading lines (2) on every page and the title (2) on the first."""
    lines = {"a4": 57, "letter": 53}[paper] - 1 - 2

    def pages(blocks: int, height: int) -> int:
        first = (lines - 2) // height
        return 1 + math.ceil(max(0, blocks - first) / (lines // height))

    return 1 + pages(boards, tables + 2) + pages(pairs, boards_each + 2)


@pytest.mark.parametrize(
    ("which", "paper", "tables", "pairs", "boards_each"),
    [("howell", "a4", 4, 8, 21), ("mitchell", "letter", 9, 18, 27)],
)
def test_printed_pack(
    libreoffice: Any,
    tmp_path: Path,
    which: str,
    paper: str,
    tables: int,
    pairs: int,
    boards_each: int,
) -> None:
    evening = howell(adjusted=False) if which == "howell" else mitchell()
    boards = len(evening.result.travellers)
    workbook = build_results_pack(evening.result, evening.names, paper=paper, event="Club night")
    path = tmp_path / f"{which}.xlsx"
    workbook.save(path)
    pages = pdf_pages(libreoffice.pdf(path))
    assert len(pages) == expected_pages(boards, tables, pairs, boards_each, paper)
    text = "\n".join(pages)
    assert not BAD_TEXT.search(text)
    for page in pages:
        assert "Club night" in page and re.search(r"Page \d+ of \d+", page)
    for name in SHEETS:
        labels = headings(workbook[name])
        printed = [p for p in pages if name in p.splitlines()[-1]]  # the footer names the sheet
        assert printed, name
        for page in printed:
            line = next(line for line in page.splitlines() if labels[0] in line.split())
            assert re.search(r"\s+".join(re.escape(label) for label in labels), line), labels
    # Every board's traveller and every score card whole on its page.
    for page in pages:
        captions = [int(n) for n in re.findall(r"^\s*Board (\d+)\s", page, re.M)]
        if captions:
            assert len(TRAVELLER_LINE.findall(page)) == tables * len(captions)
        cards = re.findall(r"^\s*(?:NS |EW )?[Pp]air \d+\s", page, re.M)
        if cards:
            assert len(CARD_LINE.findall(page)) == boards_each * len(cards)
    assert "=Smith & Jones" in text


# --------------------------------------------------------------------------------------------
# Other methods


@pytest.mark.parametrize("method", ["butler", "ximp", "acbl"])
def test_other_methods(tmp_path: Path, method: str) -> None:
    evening = mitchell(tables=5, method=method)
    book = build(evening, tmp_path)
    result = evening.result
    unit = "MPs" if method == "acbl" else "IMPs"
    assert unit in headings(book[RANKING_SHEET])
    assert f"NS {unit}" in headings(book[TRAVELLERS_SHEET])
    boards = blocks(book[TRAVELLERS_SHEET])
    for block, board in zip(boards, result.travellers, strict=True):
        assert ("Datum" in block.caption) == (method == "butler")
        if method == "butler":
            assert f"Datum {board.datum:g}" in block.caption
        for record, line in zip(block.records, board.lines, strict=True):
            assert close(record[f"NS {unit}"], line.ns_value)
    table = blocks(book[RANKING_SHEET])[0]
    for record, pair in zip(table.records, result.ranking(None, "NS"), strict=True):
        assert close(record[unit], pair.score)
        if unit == "IMPs":
            assert close(record["IMPs per board"], pair.per_board)


# --------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"paper": "a5"}, "paper"),
        ({"names": {1: 5}}, "names of pair 1"),
        ({"names": [1, 2]}, "names must map"),
        ({"hands": {99: "N:- - - -"}}, "board 99"),
        ({"hands": {1: "N:AKQ2.KJ3.Q54.A32 AKQ2.KJ3.Q54.A32 - -"}}, "board 1: ♠A is dealt twice"),
        ({"hands": {1: "AKQ"}}, "hands of board 1"),
        ({"hands": {1: {"N": "AKQJT98765432..."}, 2: {"N": "AKQJT98765432.A.."}}}, "13 cards"),
        ({"hands": {"x": "N:- - - -"}}, "board"),
        ({"event": 5}, "event must be text"),
    ],
)
def test_bad_input_is_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        build_results_pack(small_evening(), **kwargs)


def test_result_must_be_a_session() -> None:
    with pytest.raises(InputError, match="scored session"):
        build_results_pack("not a session")  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# Properties


@settings(max_examples=15, deadline=None)
@given(
    tables=st.integers(2, 9),
    boards=st.integers(1, 12),
    seed=st.integers(0, 10_000),
    paper=st.sampled_from(["a4", "letter"]),
)
def test_any_evening_prints_whole_blocks_and_the_session_values(
    tmp_path_factory: pytest.TempPathFactory, tables: int, boards: int, seed: int, paper: str
) -> None:
    import random

    rng = random.Random(seed)
    lines = [
        TravellerLine.with_score(
            board, table, tables + (table + board) % tables + 1, rng.choice((-100, 50, 110, 420))
        )
        for board in range(1, boards + 1)
        for table in range(1, tables + 1)
    ]
    result = score_session(Traveller.from_lines(lines))
    evening = Evening(lines, {}, {}, result)
    book = build(evening, tmp_path_factory.mktemp("prop"), paper)
    for ws in book.worksheets:
        check_pages(ws, paper)
    for block, board in zip(blocks(book[TRAVELLERS_SHEET]), result.travellers, strict=True):
        assert [r["NS MPs"] for r in block.records] == pytest.approx(
            [line.ns_value for line in board.lines]
        )
        total = sum(r["NS MPs"] + r["EW MPs"] for r in block.records)
        assert total == pytest.approx(2 * tables * (tables - 1))  # N(N-1) to each side


# --------------------------------------------------------------------------------------------
# Sections, weighted and split scores


def sections_evening(across_field: bool) -> SessionResult:
    """Sections A and B, three boards, four tables each; in A a weighted score (60 % of 430,
    40 % of 400) on board 1 and a split score (NS +420, EW −400) on board 2."""
    lines = []
    for section in "AB":
        for board in (1, 2, 3):
            for table in range(1, 5):
                where = {"section": section}
                if (section, board, table) == ("A", 1, 1):
                    lines += [
                        TravellerLine.with_score(
                            board, table, 10 + table, 430, weight=0.6, **where
                        ),
                        TravellerLine.with_score(
                            board, table, 10 + table, 400, weight=0.4, **where
                        ),
                    ]
                elif (section, board, table) == ("A", 2, 2):
                    lines.append(
                        TravellerLine.with_score(
                            board, table, 10 + table, 420, ew_score=-400, **where
                        )
                    )
                else:
                    tricks = 9 + (table + board) % 3
                    lines.append(
                        TravellerLine.with_contract(
                            board, table, 10 + table, "4S", "N", tricks, **where
                        )
                    )
    return score_session(Traveller.from_lines(lines), across_field=across_field)


@pytest.mark.parametrize("across_field", [False, True])
def test_sections_weighted_and_split_scores(tmp_path: Path, across_field: bool) -> None:
    result = sections_evening(across_field)
    book = saved(build_results_pack(result), tmp_path / "sections.xlsx")
    captions = [block.caption for block in blocks(book[RANKING_SHEET])]
    if across_field:
        assert captions == ["North-South", "East-West"]
    else:
        assert captions == [
            f"Section {s} — {d}" for s in "AB" for d in ("North-South", "East-West")
        ]
    boards = blocks(book[TRAVELLERS_SHEET])
    assert len(boards) == len(result.travellers)
    for block, board in zip(boards, result.travellers, strict=True):
        assert block.caption.startswith(
            f"Section {board.section}    " if board.section else "Board"
        )
        assert [r["NS MPs"] for r in block.records] == [line.ns_value for line in board.lines]
    texts = {r["Contract"] for block in boards for r in block.records}
    assert "Weighted score 60% 430 + 40% 400" in texts
    scores = {r["NS score"] for block in boards for r in block.records}
    assert "420 / EW -400" in scores
    for ws in book.worksheets:
        check_pages(ws, "a4")


def test_long_names_print_whole(libreoffice: Any, tmp_path: Path) -> None:
    """A name far longer than 40 characters is shrunk, not cut off; a line break in a name
    becomes a space; "&" in the event's name prints as "&"."""
    long = "Maximiliana Wolfeschlegelsteinhausen-Bergerdorff & Bartholomew Featherstonehaugh"
    names = {("", "NS", "1"): long, ("", "NS", "2"): "=Smith\nJones"}
    workbook = build_results_pack(small_evening(), names, event="Club & Co", paper="letter")
    path = tmp_path / "long.xlsx"
    workbook.save(path)
    text = "\n".join(pdf_pages(libreoffice.pdf(path)))
    assert long in text and "=Smith Jones" in text
    assert "Club & Co" in text and not BAD_TEXT.search(text)


def test_a_line_not_played_is_marked(tmp_path: Path) -> None:
    """A traveller line whose score is "NP" prints as "Not played", in the marked style."""
    from openpyxl import Workbook as NewWorkbook

    from xlbridge.scoring.session import ScoredLine
    from xlbridge.workbooks.results_pack.boards import _traveller_line, traveller_columns
    from xlbridge.workbooks.results_pack.context import PackContext
    from xlbridge.workbooks.results_pack.page import MARKED_FONT
    from xlbridge.workbooks.results_pack.sheet import PackSheet

    result = small_evening()
    context = PackContext(result, {}, {}, "0.00", "0.00", "0")
    sheet = PackSheet(NewWorkbook().active, "Travellers", traveller_columns(context))
    nan = math.nan
    line = ScoredLine("", 3, "4", "8", 0, "", "", "", -1, nan, "NP", "", nan, nan, nan, nan)
    _traveller_line(sheet, line)
    row = sheet.ws[FIRST_ROW]
    assert [c.value for c in row[:3]] == ["4", "8", "Not played"]
    assert row[2].font == MARKED_FONT
    assert all(c.value is None for c in row[3:])
