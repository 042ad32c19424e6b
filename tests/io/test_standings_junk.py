"""Junk in a standings file for `xlbridge swiss draw`: one clear error naming the file."""

from __future__ import annotations

import pytest

from xlbridge.errors import InputError
from xlbridge.io.standings_file import draw_from_text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # A team that lists itself as its own opponent (a traceback before).
        (
            "team,score,opponents\nA,30,A\nB,20,\nC,10,\nD,0,\n",
            "s.csv, line 2: team 'A' lists itself as an opponent",
        ),
        # A team named Bye: its opponents' rows would read it as a bye.
        (
            "team,score,opponents\nBye,30,C\nB,20,\nC,10,Bye\nD,0,\n",
            "s.csv, line 2: a team must not be named BYE (it marks a bye), got 'Bye'",
        ),
        # Too few teams: the message names the file.
        ("team,score\nA,30\n", "s.csv: teams must hold at least 2 teams, got 1"),
        # A bad seed is the option's error, not the file's.
        ("team,score\nA,30\nB,20\n", "seed must be a whole number of at least 0, got -5"),
    ],
)
def test_bad_standings_are_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(InputError) as error:
        draw_from_text(text, "s.csv", seed=-5 if "seed" in message else None)
    assert str(error.value) == message
