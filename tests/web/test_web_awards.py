"""Masterpoints from an event file: an award of 0 is no award (an empty cell, not "0.00 RED"),
and the ranking CSV gives the award as a number with its type in a column of its own."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from session_builder import example_session
from site_reader import cell, read_page

from xlbridge.cli.session.command import ranking_csv
from xlbridge.cli.session.event_files import award_columns_of, awards_of
from xlbridge.io.event_files.contents import EventFile, Pair, award_text
from xlbridge.web.site import write_site

#: USEBIO-style awards in hundredths: pair 5 gets 0.60 Green, pair 8 0.08 (no type given),
#: pair 1 an award of 0 hundredths marked RED (what some programs write for no award).
EVENT = EventFile(
    path="awards.xml",
    pairs=[
        Pair("", 5, masterpoints="60", masterpoint_type="Green"),
        Pair("", 8, masterpoints="8"),
        Pair("", 1, masterpoints="0", masterpoint_type="RED"),
        Pair("", 2),
    ],
)


def test_an_award_of_nothing_reads_as_none() -> None:
    assert [award_text(pair) for pair in EVENT.pairs] == ["0.60 Green", "0.08", "", ""]


def test_a_pair_with_no_award_has_an_empty_cell(tmp_path: Path) -> None:
    result, names = example_session("howell")
    write_site(tmp_path / "site", result, names, masterpoints=awards_of(EVENT))
    rows = read_page(tmp_path / "site" / "index.html").rows("ranking")
    shown = {cell(row, "pair").text: cell(row, "masterpoints").text for row in rows}
    assert (shown["5"], shown["8"], shown["1"], shown["2"]) == ("0.60 Green", "0.08", "", "")
    assert set(shown.values()) == {"0.60 Green", "0.08", ""}


def test_the_ranking_csv_gives_masterpoints_as_a_number_and_their_type() -> None:
    result, names = example_session("howell")
    rows = list(csv.DictReader(io.StringIO(ranking_csv(result, names, award_columns_of(EVENT)))))
    assert list(rows[0])[-2:] == ["masterpoints", "masterpoint_type"]
    by_pair = {row["pair"]: (row["masterpoints"], row["masterpoint_type"]) for row in rows}
    assert by_pair["5"] == ("0.60", "Green") and float(by_pair["5"][0]) == 0.6
    assert by_pair["8"] == ("0.08", "")
    assert by_pair["1"] == by_pair["2"] == ("", "")  # 0 RED is no award
    assert sum(1 for amount, _ in by_pair.values() if amount) == 2


def test_no_award_columns_without_awards() -> None:
    result, names = example_session("howell")
    nothing = EventFile(path="x.xml", pairs=[Pair("", 1, masterpoints="0", masterpoint_type="RED")])
    header = ranking_csv(result, names, award_columns_of(nothing)).splitlines()[0]
    assert header.endswith(",place")
