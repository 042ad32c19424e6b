"""The results site of a pairs session, read back: every number equals the scored session's,
every link lands on a page of the site, and every name a user typed is shown as text.

Sessions: the example Howell (matchpoints, one winner) and Butler, the example Mitchell
cross-IMPed (two winners), and a Mitchell played in two sections (the example's lines as
section A, and again with the pairs renumbered as section B).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from session_builder import EXAMPLES, example_session
from site_reader import by_header, cell, read_page

from xlbridge.io.travellers.session_csv import parse_names, parse_session, read_names
from xlbridge.scoring.session import PairResult, SessionResult, score_session
from xlbridge.web.site import write_site

Names = dict[tuple[str, str, str], str]


def two_sections(across_field: bool = False) -> tuple[SessionResult, Names]:
    """The example Mitchell as section A, and with pair p renumbered 12 − p as section B
    (scored section by section, or across the field)."""
    rows = list(csv.DictReader(io.StringIO((EXAMPLES / "mitchell.csv").read_text())))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["section", *rows[0]])
    for section in ("A", "B"):
        for row in rows:
            values = dict(row)
            if section == "B":
                values["NS"], values["EW"] = str(12 - int(row["NS"])), str(12 - int(row["EW"]))
            writer.writerow([section, *values.values()])
    traveller = parse_session(out.getvalue(), "two-sections.csv")
    names = read_names(EXAMPLES / "mitchell-names.csv")
    names_b = {("B", d, p): f"{n} (B)" for (_, d, p), n in names.items()}
    return score_session(traveller, "mp", across_field=across_field), {
        **{("A", d, p): n for (_, d, p), n in names.items()},
        **names_b,
    }


def sessions() -> dict[str, tuple[SessionResult, Names]]:
    return {
        "howell": example_session("howell", "mp"),
        "mitchell-two-sections": two_sections(),
        "two-sections-across-the-field": two_sections(across_field=True),
        "butler": example_session("howell", "butler"),
        "cross-imps": example_session("mitchell", "ximp"),
    }


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[SessionResult, Path]]:
    built = {}
    for name, (result, names) in sessions().items():
        folder = tmp_path_factory.mktemp("sites") / name
        write_site(folder, result, names, event=f"Example {name}", date="2026-11-30")
        built[name] = (result, folder)
    return built


NAMES = tuple(sessions())


def number(text: str) -> float:
    return float(text.replace("−", "-"))


def close(text: str, value: float, decimals: int = 2) -> bool:
    """Whether ``text`` shows ``value`` rounded to ``decimals`` places."""
    return abs(number(text) - value) <= 0.5 * 10**-decimals + 1e-9


def board_file(result: SessionResult, section: str, board: int) -> str:
    """The documented file names: board-N.html, board-S-N.html when sections share boards."""
    boards = [t.board for t in result.travellers]
    if len(set(boards)) != len(boards):
        return f"board-{result.sections.index(section) + 1}-{board}.html"
    return f"board-{board}.html"


def card_file(pair: PairResult) -> str:
    """The documented address of a score card (labels here are letters and digits only):
    pair-5.html, pair-5-ns.html with two winners, pair-B-5-ns.html in section B."""
    parts = [part for part in (pair.section, pair.pair, pair.direction.lower()) if part]
    return f"pair-{'-'.join(parts)}.html"


def label(result: SessionResult, section: str, pair: str) -> str:
    """A pair as the pages show it: with its section in front when sections are scored
    together (the number alone would not say which pair)."""
    together = result.across_field and len(result.sections) > 1
    return f"{section}{pair}" if together else pair


def rankings(result: SessionResult) -> list[PairResult]:
    sections = ("",) if result.across_field else result.sections
    return [
        pair
        for section in sections
        for direction in result.directions
        for pair in result.ranking(None if result.across_field else section, direction)
    ]


@pytest.mark.parametrize("name", NAMES)
def test_ranking_numbers_are_the_sessions(
    name: str, sites: dict[str, tuple[SessionResult, Path]]
) -> None:
    result, folder = sites[name]
    page = read_page(folder / "index.html")
    rows = page.rows("ranking")
    pairs = rankings(result)
    assert len(rows) == len(pairs) == len(result.pairs)
    expected_tables = (1 if result.across_field else len(result.sections)) * result.winners
    assert len(page.tables["ranking"]) == expected_tables
    for row, pair in zip(rows, pairs, strict=True):
        assert cell(row, "place").text == pair.place
        assert cell(row, "pair").text == label(result, pair.section, pair.pair)
        assert close(cell(row, "score").text, pair.score)
        shown = pair.percentage if result.unit == "MP" else pair.per_board
        assert close(cell(row, "percent").text, shown)
    assert "Example" in page.text and "2026-11-30" in page.text
    headers = [c.text for table in page.tables["ranking"] for c in table[0]]
    assert all(c.header for table in page.tables["ranking"] for c in table[0])
    assert "Place" in headers and "Names" in headers


@pytest.mark.parametrize("name", NAMES)
def test_board_pages_show_the_travellers(
    name: str, sites: dict[str, tuple[SessionResult, Path]]
) -> None:
    result, folder = sites[name]
    for traveller in result.travellers:
        page = read_page(folder / board_file(result, traveller.section, traveller.board))
        rows = by_header(page, "traveller")
        unit = result.unit
        assert len(rows) == len(traveller.lines)
        for row, line in zip(rows, traveller.lines, strict=True):
            ns, ew = (label(result, line.section, p) for p in (line.ns_pair, line.ew_pair))
            assert (row["NS"].text, row["EW"].text) == (ns, ew)
            score = row["Score"].text
            assert score.startswith(line.score_text)
            if line.ns_score == line.ns_score:
                assert number(score) == line.ns_score
            assert ("adjusted" in score) == bool(line.adjusted)
            assert close(row[f"NS {unit}"].text, line.ns_value)
            assert close(row[f"EW {unit}"].text, line.ew_value)
            if unit == "MP":
                assert close(row["NS %"].text, line.ns_percent, 0)
                assert close(row["EW %"].text, line.ew_percent, 0)
            if line.tricks >= 0:
                assert int(row["Tricks"].text) == line.tricks
        assert f"Board {traveller.board}" in page.text
        assert "Dealer: " in page.text and "Vulnerable: " in page.text


@pytest.mark.parametrize("name", NAMES)
def test_score_cards_show_every_board(
    name: str, sites: dict[str, tuple[SessionResult, Path]]
) -> None:
    result, folder = sites[name]
    boards_of: dict[str, set[int]] = {}  # the boards each section played
    for traveller in result.travellers:
        for line in traveller.lines:
            boards_of.setdefault(line.section, set()).add(traveller.board)
    for pair in result.pairs:
        page = read_page(folder / card_file(pair))
        rows = by_header(page, "score-card")
        played = [row for row in rows if "*" not in row]
        missing = [row for row in rows if "*" in row]
        expected = result.score_card(pair)
        assert len(played) == len(expected)
        unit = result.unit
        for row, card in zip(played, expected, strict=True):
            assert int(row["Bd"].text) == card.board
            assert row["Dir"].text == card.direction
            assert row["Opp"].text == label(result, pair.section, card.opponents)
            assert row["Score"].text == card.score_text
            assert close(row[unit].text, card.value)
            assert close(row["Total"].text, card.running_total)
            if card.declarer:
                assert row["Contract"].text.split()[1:] == [card.declarer, card.result]
        assert all(row["*"].text.split()[1:3] == ["not", "played"] for row in missing)
        boards = {int(row["Bd"].text) for row in rows}
        assert boards == boards_of[pair.section]
        assert len(missing) == len(boards_of[pair.section] - {c.board for c in expected})
        assert close(page.by_class["total"][0], pair.score)
        assert page.by_class["place"][0] == pair.place


def test_a_board_not_played_is_on_the_card() -> None:
    """The example Mitchell has one table that did not play a board: both its pairs' cards
    say so on that board's row."""
    result, names = example_session("mitchell")
    cards = result.score_cards()
    short = [pair for pair in result.pairs if len(cards[pair.key]) < 22]
    assert len(short) == 2


@pytest.mark.parametrize("name", NAMES)
def test_every_link_lands_on_a_page_and_nothing_is_fetched(
    name: str, sites: dict[str, tuple[SessionResult, Path]]
) -> None:
    _, folder = sites[name]
    files = sorted(folder.glob("*.html"))  # the pages (beside them, the folder's manifest)
    assert len(files) == 1 + len(sites[name][0].travellers) + len(sites[name][0].pairs)
    for path in files:
        page = read_page(path)
        assert page.lang == "en" and page.scripts == 0 and page.sources == []
        assert '<meta charset="utf-8">' in path.read_text(encoding="utf-8")
        for link in page.links:
            assert "/" not in link and ":" not in link, link
            assert (folder / link).is_file(), f"{path.name} links to missing {link}"


def test_score_cards_in_one_pass_equal_one_at_a_time() -> None:
    for result, _ in sessions().values():
        cards = result.score_cards()
        assert list(cards) == [pair.key for pair in result.pairs]
        for pair in result.pairs:
            assert repr(cards[pair.key]) == repr(result.score_card(pair))  # NaN scores too


HOSTILE = {
    "1": "<script>alert(1)</script>",
    "2": '"><img src=x onerror=alert(1)>',
    "3": "W" * 10_000,
    "4": "Ann & Bob's {{ 7*7 }}",
}


def test_names_and_headings_are_shown_as_text(tmp_path: Path) -> None:
    result, _ = example_session("howell")
    names = parse_names(
        "pair,names\n"
        + "".join(f'{p},"{n.replace(chr(34), chr(34) * 2)}"\n' for p, n in HOSTILE.items())
    )
    folder = tmp_path / "site"
    event = '<script>alert("event")</script>'
    write_site(folder, result, names, event=event, date="<b>today</b>", club='"><img src=x>')
    for path in folder.glob("*.html"):
        html = path.read_text(encoding="utf-8")
        assert "<script" not in html and "<img" not in html and "<b>" not in html
        page = read_page(path)
        assert page.scripts == 0 and page.sources == []
        assert event in page.text and "<b>today</b>" in page.text
    ranking = read_page(folder / "index.html")
    shown = {cell(row, "pair").text: cell(row, "names").text for row in ranking.rows("ranking")}
    for pair, name in HOSTILE.items():
        assert shown[pair] == name
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in (folder / "index.html").read_text()


def test_section_labels_and_pair_labels_are_text(tmp_path: Path) -> None:
    """Sections are labels a file gives: shown as text, never as markup, and never part of a
    file name."""
    text = (EXAMPLES / "mitchell.csv").read_text(encoding="utf-8").splitlines()
    hostile = ["section," + text[0]] + [f'"<b>A</b>",{line}' for line in text[1:]]
    hostile += [f'"<i>B</i>",{line}' for line in text[1:]]
    result = score_session(parse_session("\n".join(hostile) + "\n", "hostile.csv"))
    folder = tmp_path / "site"
    write_site(folder, result)
    names = sorted(p.name for p in folder.iterdir())
    assert all(name.replace("-", "").replace(".", "").replace("_", "").isalnum() for name in names)
    for path in folder.iterdir():
        html = path.read_text(encoding="utf-8")
        assert "<b>" not in html and "<i>" not in html
    ranking = read_page(folder / "index.html")
    assert "Section <b>A</b> — North-South" in ranking.text
    board = read_page(folder / "board-2-1.html")
    assert "Board 1 — Section <i>B</i>" in board.text


def test_a_traveller_puts_the_result_first_and_a_lead_only_when_known(
    sites: dict[str, tuple[SessionResult, Path]],
) -> None:
    """The Howell's file has leads: its travellers end with a Lead column, after the result
    (contract, by, tricks, score, MPs, %) and the pairs. The Mitchell's file has none: no Lead
    column at all. At IMPs there is no % column."""
    expected = ["Contract", "By", "Tricks", "Score", "NS MP", "EW MP", "NS %", "EW %"]
    heads = {}
    for name in ("howell", "mitchell-two-sections", "cross-imps"):
        result, folder = sites[name]
        first = board_file(result, result.travellers[0].section, result.travellers[0].board)
        table = read_page(folder / first).tables["traveller"][0]
        heads[name] = [c.text.replace("\xad", "") for c in table[0]]
    assert heads["howell"] == [*expected, "NS", "EW", "Lead"]
    assert heads["mitchell-two-sections"] == [*expected, "NS", "EW"]
    imps = ["Contract", "By", "Tricks", "Score", "NS IMPs", "EW IMPs", "NS", "EW"]
    assert heads["cross-imps"] == imps
