"""An event's name read from a PBN file, 100,000 characters long: cut to 200 characters with
"…" on the pages, in the page headers (Excel holds 255 characters a header) and on the
terminal; kept whole in the USEBIO file written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from site_reader import read_page

from xlbridge.cli.main import main

PBN = Path(__file__).resolve().parents[2] / "io" / "data" / "quirks.pbn"
#: 38 characters a repeat, 2,632 repeats, the last space dropped: 100,015 characters.
EVENT = ("Spring Pairs of the Northern Counties " * 2_632).rstrip()
#: What pages show: the first 199 characters (five repeats, 190, and "Spring Pa") and "…".
SHOWN = EVENT[:199].rstrip() + "…"


def test_a_100000_character_event_from_a_pbn_file_is_cut_on_pages_and_kept_in_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "long.pbn"
    text = PBN.read_text(encoding="utf-8").replace('[Event "Club Pairs"]', f'[Event "{EVENT}"]')
    source.write_text(text, encoding="utf-8")
    pack, site, usebio = tmp_path / "pack.xlsx", tmp_path / "site", tmp_path / "out.xml"
    argv = ["session", str(source), "-o", str(pack), "--html", str(site), "--usebio", str(usebio)]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert len(SHOWN) == 200 and SHOWN.endswith("Counties Spring Pa…")
    assert EVENT[:201] not in out + err  # the terminal
    for ws in load_workbook(pack).worksheets:
        header = str(ws.oddHeader)
        assert len(header) <= 255 and SHOWN[:150] in header
    ranking = read_page(site / "index.html").text
    assert SHOWN in ranking and EVENT[:201] not in ranking
    for page in site.glob("*.html"):
        assert EVENT[:201] not in page.read_text(encoding="utf-8")
    written = usebio.read_text(encoding="iso-8859-1")
    found = re.search(r"<EVENT_DESCRIPTION>(.*?)</EVENT_DESCRIPTION>", written, re.DOTALL)
    assert found is not None and found.group(1) == EVENT
