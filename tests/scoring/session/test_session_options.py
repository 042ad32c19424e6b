"""SessionOptions: one checked, frozen object for how a pairs session is scored, taken whole by
score_session and score_event, and built by the command line from its options of the same
names."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any

import pytest

import xlbridge
from xlbridge.cli.parser import build_parser
from xlbridge.cli.session.command import session_options
from xlbridge.errors import InputError
from xlbridge.io.score_event import read_event, score_event
from xlbridge.io.travellers.session_csv import read_session
from xlbridge.scoring.session import SessionOptions, SessionResult, Traveller, score_session

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def _ranked(result: SessionResult) -> list[tuple[object, ...]]:
    """What a scorer reads of a result: every pair's score, percentage and place, and how."""
    head = (result.method, result.winners, result.across_field, result.factoring, result.totals)
    shown = [
        (p.key, p.score, None if math.isnan(p.percentage) else p.percentage, p.place)
        for p in result.pairs
    ]
    return [head, *shown]


@pytest.fixture(scope="module")
def mitchell() -> Traveller:
    return read_session(EXAMPLES / "mitchell.csv")


def test_defaults_are_a_clubs() -> None:
    options = SessionOptions()
    assert dataclasses.asdict(options) == {
        "method": None,
        "winners": "auto",
        "across_field": False,
        "factoring": "most_played",
        "datum_rounding": None,
        "totals": "factored",
        "trim": None,
        "divisor": None,
    }
    assert options.chosen_method == "mp" and options.rounding == "away"
    assert options.chosen_divisor == "comparisons" and options.trim_from == 4


@pytest.mark.parametrize(
    "keywords",
    [
        {},
        {"method": "acbl"},
        {"method": "ximp"},
        {"method": "butler", "datum_rounding": "even"},
        {"winners": 2},
        {"winners": "1"},
        {"factoring": "available"},
        {"totals": "raw"},
        {"across_field": True, "method": "mp"},
    ],
)
def test_options_score_as_the_keywords_do(mitchell: Traveller, keywords: dict[str, Any]) -> None:
    by_keywords = score_session(mitchell, **keywords)
    by_options = score_session(mitchell, options=SessionOptions(**keywords))
    assert _ranked(by_options) == _ranked(by_keywords)


def test_the_options_change_the_result(mitchell: Traveller) -> None:
    """The object is really read: acbl halves every matchpoint total, raw totals differ."""
    english = score_session(mitchell, options=SessionOptions())
    acbl = score_session(mitchell, options=SessionOptions(method="acbl"))
    assert acbl.method == "acbl" and english.method == "mp"
    for ours, theirs in zip(english.pairs, acbl.pairs, strict=True):
        assert theirs.raw == pytest.approx(ours.raw / 2)
        assert theirs.percentage == pytest.approx(ours.percentage)
    assert score_session(mitchell, options=SessionOptions(winners="1")).winners == 1


def test_a_keyword_replaces_the_option_of_its_name(mitchell: Traveller) -> None:
    options = SessionOptions(method="butler", totals="raw")
    result = score_session(mitchell, "acbl", options=options)
    assert result.method == "acbl" and result.totals == "raw"
    assert options.method == "butler"  # the object given is not changed


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"method": "rubber"}, "method must be one of mp, acbl, ximp, butler; got 'rubber'"),
        ({"winners": "3"}, "winners must be auto, 1 or 2, got '3'"),
        ({"winners": True}, "winners must be auto, 1 or 2, got TRUE"),
        ({"winners": None}, "winners must be auto, 1 or 2, got blank"),
        ({"factoring": "most"}, "factoring must be one of most-played, available"),
        ({"totals": 2}, "totals must be one of factored, raw; got 2"),
        ({"datum_rounding": "up"}, "datum rounding must be one of away, even; got 'up'"),
        ({"across_field": "yes"}, "across_field must be TRUE or FALSE, got 'yes'"),
        ({"winners": 1.5}, "winners must be auto, 1 or 2, got 1.5"),
        (
            {"method": "mp", "datum_rounding": "even"},
            "--datum-rounding is for butler, got --method mp",
        ),
    ],
)
def test_a_bad_value_names_its_option(keywords: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as caught:
        SessionOptions(**keywords)
    assert message in str(caught.value)


def test_spellings_are_made_canonical() -> None:
    options = SessionOptions(method=" ACBL", winners=2, factoring="Most-Played", totals="RAW")  # type: ignore[arg-type]
    assert (options.method, options.winners, options.factoring, options.totals) == (
        "acbl",
        "2",
        "most_played",
        "raw",
    )
    assert options == SessionOptions(method="acbl", winners="2", totals="raw")


def test_frozen_and_replaced() -> None:
    options = SessionOptions()
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.method = "acbl"  # type: ignore[misc]
    assert options.replaced(method="ximp", totals=None) == SessionOptions(method="ximp")
    assert options.replaced() is options
    with pytest.raises(InputError, match="winners must be auto, 1 or 2"):
        options.replaced(winners="4")


def test_a_files_own_method_and_winners_fill_in_what_was_not_given() -> None:
    assert SessionOptions().for_file("ximp", 1) == SessionOptions(method="ximp", winners="1")
    assert SessionOptions().for_file(None, None) == SessionOptions(method="mp")
    given = SessionOptions(method="butler", winners="2")
    assert given.for_file("mp", 1) == given


def test_a_datum_rounding_is_for_butler_only() -> None:
    with pytest.raises(InputError, match="--datum-rounding is for butler, got --method mp"):
        SessionOptions(datum_rounding="even").checked_for_method()
    butler = SessionOptions(method="butler", datum_rounding="even")
    assert butler.checked_for_method() is butler
    assert SessionOptions(method="acbl").checked_for_method().rounding == "away"


def test_score_event_takes_the_options() -> None:
    event = read_event(EXAMPLES / "tuesday.xml")
    by_options = score_event(event, options=SessionOptions(method="ximp", winners="1"))
    assert _ranked(by_options) == _ranked(score_event(event, "ximp", 1))
    assert by_options.method == "ximp" and by_options.winners == 1
    with pytest.raises(InputError, match="tuesday.xml: --datum-rounding is for butler"):
        score_event(event, options=SessionOptions(datum_rounding="away"))  # the file says mp


def _session_args(*options: str) -> Any:
    return build_parser().parse_args(["session", "t.csv", *options])


def test_the_command_line_builds_the_options_from_options_of_the_same_names() -> None:
    """A new option is added in two places, the dataclass and the parser: every field is an
    option of ``xlbridge session`` whose destination has the field's name, and the parser's
    defaults are the dataclass's."""
    args = _session_args()
    assert all(hasattr(args, field.name) for field in dataclasses.fields(SessionOptions))
    assert session_options(args) == SessionOptions()
    given = _session_args(
        "--method", "butler", "--datum-rounding", "even", "--winners", "2",
        "--factoring", "available", "--totals", "raw", "--across-field", "--trim",
    )  # fmt: skip
    assert session_options(given) == SessionOptions(
        method="butler",
        winners="2",
        across_field=True,
        factoring="available",
        datum_rounding="even",
        totals="raw",
        trim=True,
    )
    summed = session_options(_session_args("--method", "ximp", "--divisor", "none"))
    assert summed == SessionOptions(method="ximp", divisor="none")
    with pytest.raises(InputError, match="--factoring must be one of"):
        session_options(_session_args("--factoring", "nothing"))
    with pytest.raises(InputError, match="--divisor must be one of"):
        session_options(_session_args("--method", "ximp", "--divisor", "tables"))


def test_it_is_public() -> None:
    assert xlbridge.SessionOptions is SessionOptions
    assert "SessionOptions" in xlbridge.__all__


def test_the_call_keywords_are_the_functions_own_in_order() -> None:
    """score_session and score_event map their keywords onto the options by CALL_KEYWORDS:
    the order must be theirs, or one keyword would set another's option."""
    import inspect

    from xlbridge.scoring.session.options import CALL_KEYWORDS

    for function in (score_session, score_event):
        parameters = list(inspect.signature(function).parameters)
        assert parameters[1 : 1 + len(CALL_KEYWORDS)] == list(CALL_KEYWORDS)
        assert parameters[-1] == "options"
    assert SessionOptions.of_call(None, "acbl", None, True, None, None, "raw") == SessionOptions(
        method="acbl", across_field=True, totals="raw"
    )


def test_numbers_flags_and_blanks_as_a_spreadsheet_or_numpy_gives_them() -> None:
    import numpy as np

    assert SessionOptions(winners=np.int64(2)).winners == "2"  # type: ignore[arg-type]
    assert SessionOptions(winners=" 1 ").winners == "1"  # type: ignore[arg-type]
    assert SessionOptions(across_field=np.True_).across_field is True  # type: ignore[arg-type]
    assert SessionOptions(across_field=0).across_field is False
    assert SessionOptions(method="").method is None  # blank: not given, as --method ''
    assert SessionOptions(method="butler", datum_rounding="even").rounding == "even"


def test_options_of_another_kind_are_an_error_not_a_traceback(mitchell: Traveller) -> None:
    with pytest.raises(InputError, match="options must be a SessionOptions, got dict"):
        score_session(mitchell, options={"method": "butler"})  # type: ignore[arg-type]


def test_a_datum_rounding_with_matchpoints_is_refused_not_ignored(mitchell: Traveller) -> None:
    with pytest.raises(InputError, match="--datum-rounding is for butler, got --method mp"):
        score_session(mitchell, datum_rounding="even")
    butler = score_session(mitchell, "butler", datum_rounding="even")
    assert butler.method == "butler"


def test_an_event_files_option_errors_name_the_file() -> None:
    event = read_event(EXAMPLES / "tuesday.xml")
    with pytest.raises(InputError, match=r"tuesday\.xml: winners must be auto, 1 or 2"):
        score_event(event, winners=9)


def test_the_command_line_names_the_option_it_refuses() -> None:
    for options, message in (
        (("--winners", "3"), "--winners must be auto, 1 or 2, got '3'"),
        (("--datum-rounding", "up"), "--datum-rounding must be one of away, even; got 'up'"),
        (("--totals", "x"), "--totals must be one of factored, raw"),
    ):
        with pytest.raises(InputError) as caught:
            session_options(_session_args(*options))
        assert str(caught.value).startswith(message)
