"""The event on every printed page: the Event cell in a repeated title row, the page header cut
to Excel's 255 characters, and the results pack headed with the event's name."""

from __future__ import annotations

from pathlib import Path

import pytest
from libreoffice import recalculate_many
from openpyxl import load_workbook
from rendering import page_texts, words

from xlbridge.cli.main import main
from xlbridge.workbooks.kit.event import HEADER_LIMIT, add_event, header_text, set_page_header
from xlbridge.workbooks.kit.values import enter_text
from xlbridge.workbooks.pairs_session.book import TRAVELLER
from xlbridge.workbooks.ready_made import make_template

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
LONG = "Much Wenlock & District Bridge Club " * 29  # 1,015 characters, each & a code to escape


def test_header_text_is_cut_to_excels_limit() -> None:
    cut = header_text(LONG)
    assert HEADER_LIMIT - 2 <= len(cut) <= HEADER_LIMIT and cut.endswith("…")
    assert "& " not in cut.replace("&&", "")  # every & doubled, none cut in half
    assert header_text("Pairs & Teams") == "Pairs && Teams"  # short text: only escaped
    assert len(header_text(LONG, used=20)) <= HEADER_LIMIT - 20
    assert header_text("a" * 253 + "&b") == "a" * 253 + "…"  # the & would be cut in half


def test_page_header_with_its_codes_stays_within_the_limit() -> None:
    book = make_template("league", event=LONG, date="2026-11-30", club="MWBC").workbook
    for sheet in book.worksheets:
        header = str(sheet.oddHeader)
        assert len(header) <= HEADER_LIMIT and header.startswith('&C&"Arial,Bold"&10 Much')
        assert header.endswith("…")
    sheet = book.worksheets[0]
    set_page_header(sheet, "Club night")
    assert str(sheet.oddHeader).endswith("Club night")


def test_every_sheet_shows_the_event_in_its_repeated_title_row() -> None:
    book = make_template("swiss-teams", teams=8, rounds=3, boards=8).workbook
    # The first sheet (team names, two columns) has no room: the first wide one holds it.
    host = book["Round 1"]
    label = next(c for c in host[1] if c.value == "Event")
    cell = host.cell(1, label.column + 1)
    assert cell.value is None and not cell.protection.locked
    ref = f"'Round 1'!${cell.column_letter}$1"
    for sheet in book.worksheets:
        assert sheet.print_title_rows.startswith("$1:")
        if sheet is not host:
            assert sheet["A1"].value.startswith(f'=IF({ref}="","",{ref}&" · ")&')
    assert not book["Entries"].oddHeader.center.text  # nothing given: no page header


def test_a_name_typed_later_prints_on_every_page(libreoffice, tmp_path: Path) -> None:
    """An event typed into the Event cell after the file was made (no --event) prints in the
    repeated title row of every page; and the results pack made with --event is headed with
    it (not "Pairs session"). Both printed in one LibreOffice run."""
    made = make_template("pairs-session", pairs=24, boards=28, movement="mitchell")
    sheet = made.workbook["Traveller"]
    label = next(c for c in sheet[1] if c.value == "Event")
    enter_text(sheet.cell(1, label.column + 1), "=Tuesday Pairs")
    typed = tmp_path / "typed.xlsx"
    made.workbook.save(typed)
    pack = tmp_path / "pack.xlsx"
    args = ["session", str(EXAMPLES / "howell.csv"), "-o", str(pack)]
    assert main([*args, "--event", "Winter Cup & Plate", "--date", "2026-11-30"]) == 0
    typed_pdf, pack_pdf = recalculate_many(libreoffice, [typed, pack], to="pdf")
    pages = [words(text) for text in page_texts(typed_pdf)]
    assert len(pages) > 2
    assert all("Event =Tuesday Pairs" in page or "=Tuesday Pairs · Pairs" in page for page in pages)
    first = words(page_texts(pack_pdf)[0])
    assert "Winter Cup & Plate — 2026-11-30" in first and "Pairs session" not in first


def test_session_workbook_event_reaches_the_pack_and_usebio(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The event typed in the workbook heads the pack; --event/--date/--club win over it and
    go into USEBIO; a control character in --event is refused (exit 2, nothing written)."""
    path = tmp_path / "EVENING.xlsx"
    assert (
        main(
            [
                "template",
                "pairs-session",
                "--pairs",
                "4",
                "--boards",
                "2",
                "--movement",
                "howell",
                "-o",
                str(path),
                "--event",
                "Club night",
            ]
        )
        == 0
    )
    book = load_workbook(path)
    lines = [(1, 1, 2, 420), (1, 3, 4, 400), (2, 1, 3, -50), (2, 2, 4, 100)]
    for row, (board, ns, ew, score) in enumerate(lines, start=4):
        keys = ("board", "ns_pair", "ew_pair", "entered")
        for key, value in zip(keys, (board, ns, ew, score), strict=True):
            book["Traveller"][f"{TRAVELLER[key]}{row}"] = value
    book.save(path)
    pack = tmp_path / "pack.xlsx"
    assert main(["session", str(path), "-o", str(pack)]) == 0
    assert "Club night" in load_workbook(pack)["Ranking"].oddHeader.center.text
    usebio = tmp_path / "out.xml"
    options = ["--event", "Winter Cup", "--date", "2026-11-30", "--club", "MWBC"]
    assert main(["session", str(path), "--usebio", str(usebio), *options]) == 0
    xml = usebio.read_text(encoding="iso-8859-1")
    assert "<EVENT_DESCRIPTION>Winter Cup</EVENT_DESCRIPTION>" in xml
    assert "<DATE>30/11/2026</DATE>" in xml  # --date 2026-11-30 as USEBIO writes a date
    capsys.readouterr()
    bad = tmp_path / "bad.xlsx"
    assert main(["session", str(path), "-o", str(bad), "--event", "Club\x1b[2Jnight"]) == 2
    err = capsys.readouterr().err
    assert "--event: character U+001B" in err and not bad.exists()


def test_add_event_leaves_a_workbook_without_titles_alone() -> None:
    from openpyxl import Workbook

    book = Workbook()
    book.active["A1"] = "no merged title"  # type: ignore[index]
    add_event(book, "Club night")
    assert book.active["A1"].value == "no merged title"  # type: ignore[index]
    assert book.active.print_title_rows == "$1:$1"  # type: ignore[union-attr]


def test_a_workbook_that_asks_for_the_event_keeps_its_own_cell() -> None:
    """The teams match has an Event input under its title: that one cell is used (filled with
    --event) and every title shows it; no second Event cell is made."""
    book = make_template("teams-match", boards=24, event="Club match").workbook
    match = book["Match"]
    assert (match["A2"].value, match["B2"].value) == ("Event", "Club match")
    assert all(cell.value != "Event" for cell in match[1])
    for sheet in book.worksheets:
        assert sheet["A1"].value.startswith("""=IF('Match'!$B$2="","",""")


def test_the_event_label_is_never_squeezed_into_a_narrow_column(tmp_path: Path) -> None:
    """VP cards end their title row in a narrow gap column: the "Event" label takes as many
    columns as it needs to show whole, and the rule it narrows wraps instead of being cut."""
    from openpyxl.utils import get_column_letter

    from xlbridge.workbooks.kit.event import LABEL_WIDTH

    out = tmp_path / "cards.xlsx"
    options = ["--boards", "4", "--scale", "wbf-discrete", "--vp-total", "10"]
    assert main(["cards", "-o", str(out), *options]) == 0
    sheet = load_workbook(out).worksheets[0]
    label = next(c for c in sheet[1] if c.value == "Event")
    merged = [r for r in sheet.merged_cells.ranges if r.min_row == 1]
    last = next((r.max_col for r in merged if r.min_col == label.column), label.column)
    columns = range(label.column, last + 1)
    widths = [sheet.column_dimensions[get_column_letter(c)].width for c in columns]
    assert sum(widths) >= LABEL_WIDTH
    rule = sheet["A1"]
    assert rule.value.startswith("WBF discrete VP scale") and rule.alignment.wrap_text
    assert sheet.row_dimensions[1].height >= 2 * 8  # two lines of its 8-point text
    # The 10-VP table (7 + 5 × 6 characters wide) wraps its 58-character title.
    table = load_workbook(out).worksheets[-1]
    assert "WBF discrete 10-VP scale" in table["A1"].value and table["A1"].alignment.wrap_text
    assert table.row_dimensions[1].height >= 3 * 10  # and a line for the event before it
