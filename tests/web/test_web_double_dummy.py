"""A board page shows the board's double-dummy table and par when `--double-dummy` asks for them
(the numbers are the core's, which are checked against the DDS project's published tables)."""

from __future__ import annotations

from pathlib import Path

import pytest
from site_reader import read_page

from xlbridge.cli.main import main
from xlbridge.io.pbn.deals import read_deals
from xlbridge.scoring.double_dummy import DECLARERS, STRAINS, analyse

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_board_pages_show_the_double_dummy_table_and_par(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("endplay")
    site = tmp_path / "site"
    deals = EXAMPLES / "mitchell-deals.pbn"
    argv = ["session", str(EXAMPLES / "mitchell.csv"), "--deals", str(deals)]
    assert main([*argv, "--double-dummy", "--html", str(site)]) == 0, capsys.readouterr().err
    records = read_deals(deals)
    analyses = analyse(record.dealt() for record in records.values())
    for board in (1, 7):
        page = read_page(site / f"board-{board}.html")
        rows = page.rows("dd")
        assert [row[0].text for row in rows] == list(DECLARERS)
        shown = [[int(cell.text) for cell in row[1:]] for row in rows]
        analysis = analyses[board]
        assert shown == [
            [analysis.tricks(seat, strain) for strain in STRAINS] for seat in DECLARERS
        ]
        assert analysis.par_text in page.text


def test_without_double_dummy_the_page_has_no_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site"
    argv = ["session", str(EXAMPLES / "mitchell.csv"), "--html", str(site)]
    assert main(argv) == 0, capsys.readouterr().err
    page = read_page(site / "board-1.html")
    assert page.rows("dd") == [] and "Double dummy" not in page.text
