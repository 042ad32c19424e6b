"""The event's date as USEBIO writes it, dd/mm/yyyy, and a file without one refused."""

from __future__ import annotations

from pathlib import Path

import pytest

import xlbridge
from xlbridge.errors import InputError
from xlbridge.io.event_files.contents import EventFile, Line
from xlbridge.io.usebio import usebio_bytes
from xlbridge.io.usebio.dates import typed_date, usebio_date


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("2026-11-30", "30/11/2026"),  # typed ISO
        ("30/11/2026", "30/11/2026"),  # typed day/month/year
        (" 2026-1-5 ", "05/01/2026"),
        ("5/12/2015", "05/12/2015"),  # a USEBIO DATE as the NZ converter writes it
        ("30-11-2026", "30/11/2026"),  # day-month-year, as one receiver also reads
        ("2026.11.30", "30/11/2026"),  # a PBN Date tag
        ("29/02/2028", "29/02/2028"),  # 2028 is a leap year
        ("29/02/2027", None),  # 2027 is not
        ("31/04/2026", None),  # April has 30 days
        ("2026.??.??", None),  # PBN's unknown date
        ("Tuesday", None),
        ("11/30/2026", None),  # month first: no 30th month
        ("", None),
    ],
)
def test_dates_as_usebio_writes_them(text: str, written: str | None) -> None:
    assert usebio_date(text) == written


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("2026-11-30", "30/11/2026"),
        ("30/11/2026", "30/11/2026"),
        ("30-11-2026", None),
        ("2026.11.30", None),
        ("30 Nov 2026", None),
    ],
)
def test_a_typed_date_is_yyyy_mm_dd_or_dd_mm_yyyy(text: str, written: str | None) -> None:
    assert typed_date(text) == written


@pytest.mark.parametrize(("date", "said"), [("", "none was given"), ("soon", "got 'soon'")])
def test_a_usebio_file_without_a_date_is_refused(date: str, said: str) -> None:
    with pytest.raises(InputError, match=f"^USEBIO output: DATE: the event's date is .*; {said}$"):
        usebio_bytes(EventFile("x", date=date), "mp", [Line("", 1, 1, 2, score="0")], [], 1)


def test_the_api_refuses_a_usebio_file_without_a_date(tmp_path: Path) -> None:
    result = xlbridge.score_session(
        xlbridge.read_session(Path(__file__).parents[3] / "examples" / "howell.csv")
    )
    out = tmp_path / "out.xml"
    with pytest.raises(xlbridge.InputError, match="DATE: the event's date is required"):
        xlbridge.write_usebio(out, result)
    assert not out.exists()
    xlbridge.write_usebio(out, result, xlbridge.EventFile("howell", date="30/11/2026"))
    assert "<DATE>30/11/2026</DATE>" in out.read_text(encoding="ascii")
