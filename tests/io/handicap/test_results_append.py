"""A month's results file added to by `session --handicap-results`: kept as typed (its
separator, decimal comma, encoding and line ends), an evening recognised however its rows
were retyped, and member ids checked as one id each."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from xlbridge.errors import InputError
from xlbridge.io.handicap.results_append import Competition, Entry, appended_results, member_id
from xlbridge.io.travellers.pair_ids import parse_pair_ids

EVENING = Competition(
    id="club-2026-11-03",
    date=dt.date(2026, 11, 3),
    method="imp",
    datum=True,
    boards=24,
    entries=(Entry(("101", "102"), 24, 1.254), Entry(("103", "104"), 20, -1.5)),
)


def test_a_file_of_semicolons_keeps_its_separator_decimal_comma_and_line_ends(
    tmp_path: Path,
) -> None:
    path = tmp_path / "month.csv"
    typed = (
        "\ufeffcompetition;date;boards;players;result;method\r\n"
        "old;2026-10-27;24;7+8;0,5;imp\r\nold;2026-10-27;24;9+10;-0,5;imp\r\n"
    )
    path.write_bytes(typed.encode("utf-8"))
    data = appended_results(path, [EVENING]).data
    assert data is not None
    # The columns the evening needs are added at the right, blank (their default) above; 1.254
    # IMPs a board is written as a ranking prints it, 1.25, with the file's comma.
    assert data.decode("utf-8") == (
        "\ufeffcompetition;date;boards;players;result;method;form;played;datum\r\n"
        "old;2026-10-27;24;7+8;0,5;imp;;;\r\nold;2026-10-27;24;9+10;-0,5;imp;;;\r\n"
        "club-2026-11-03;2026-11-03;24;101+102;1,25;imp;pairs;;yes\r\n"
        "club-2026-11-03;2026-11-03;24;103+104;-1,5;imp;pairs;20;yes\r\n"
    )


def test_an_evening_retyped_in_another_form_is_recognised(tmp_path: Path) -> None:
    path = tmp_path / "month.csv"
    path.write_text(
        "competition,date,boards,played,players,result,method,datum\n"
        "club-2026-11-03,2026-11-03,24,20,104 & 103,-1.50,IMP,TRUE\n"
        "club-2026-11-03,2026-11-03,24,,102/101,1.250,imp,y\n",
        encoding="utf-8",
    )
    found = appended_results(path, [EVENING])
    assert (found.data, found.unchanged) == (None, ["club-2026-11-03"])


def test_a_damaged_file_is_named_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "month.csv"
    path.write_text("competition,date,boards,players,result\nx,2026-11-31,24,1+2,50\n")
    with pytest.raises(InputError, match=r"month.csv, line 2: date must be a date"):
        appended_results(path, [EVENING])


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("", "must not be blank"),
        ("=12", "must not start with '='"),
        ("@1", "must not start with '@'"),
        ("10\x0723", r"U\+0007"),
        ("1" * 41, "at most 40 characters"),
    ],
)
def test_a_member_id_is_one_plain_id(cell: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        member_id(cell, "names.csv, line 2")


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        ("101", "a pair has 2 member ids, got 1"),
        ("101+102+103", "a pair has 2 member ids, got 3"),
        ("101+101", "member id '101' is given twice"),
        ("103+104", r"lines 2, 3: member id '103' is on two pairs"),
        ("=cmd()+7", "names.csv, line 3, column 'ids': member id '=cmd\\(\\)'"),
    ],
)
def test_pair_ids_are_two_ids_each_of_one_pair(ids: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_pair_ids(f"pair,names,ids\n1,A & B,103+105\n2,C & D,{ids}\n", "names.csv")


def test_pair_ids_are_keyed_as_names_and_joined_by_plus() -> None:
    text = "direction,pair,names,ids\nns,1,A & B, 1023 / 1187 \nEW,1,C & D,\n"
    assert parse_pair_ids(text) == {("", "NS", "1"): "1023+1187"}
