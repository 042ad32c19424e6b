"""One vocabulary across Excel and the command line: canonical names, the other spellings
users already type accepted as aliases with identical results, and messages that list the
canonical names."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.scoring import handicap, names, session
from xlbridge.scoring.checks import choice

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: Every list of option values a user chooses from, as the modules spell them.
OPTION_LISTS = {
    "scale forms": names.FORMS,
    "roundings": names.ROUNDINGS,
    "bounds": names.BOUNDS,
    "scale kinds": names.SCALE_KINDS,
    "session methods": names.SESSION_METHODS,
    "factorings": names.FACTORINGS,
    "totals": names.TOTALS,
    "score methods": tuple(names.SCORE_METHODS),
    "scorings": names.SCORINGS,
    "board methods": names.METHODS,
    "divisors": names.DIVISORS,
    "datum methods": names.DATUM_METHODS,
    "datum roundings": names.DATUM_ROUNDINGS,
    "splits": names.SPLITS,
    "handicap forms": handicap.FORMS,
    "handicap methods": handicap.METHODS,
}


# --- the alias table ------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_LISTS.values(), ids=list(OPTION_LISTS))
def test_no_two_options_of_a_list_share_a_name(options: tuple[str, ...]) -> None:
    canon = [names.canonical(option) for option in options]
    assert len(set(canon)) == len(canon)


def test_every_alias_names_a_canonical_word_in_use() -> None:
    in_use = {names.canonical(o) for options in OPTION_LISTS.values() for o in options}
    for alias, word in names.ALIASES.items():
        assert alias == names.spelling_key(alias) and word in in_use, alias


@pytest.mark.parametrize(
    ("typed", "options", "expected"),
    [
        ("english", names.SCORINGS, "english"),
        ("mp", names.SCORINGS, "english"),  # the command line's word reaches Excel's core
        ("MP", names.SESSION_METHODS, "mp"),
        ("English", names.SESSION_METHODS, "mp"),
        ("matchpoints", tuple(names.SCORE_METHODS), "mp"),
        ("cross-imps", names.SESSION_METHODS, "ximp"),
        ("Cross_IMPs", names.METHODS, "cross_imps"),
        ("teams", handicap.FORMS, "team"),
        ("team", names.FORMS, "teams"),
        ("most-played", names.FACTORINGS, "most_played"),
        ("White Book", names.BOUNDS, "white-book"),
        ("wbf_discrete", names.SCALE_KINDS, "wbf-discrete"),
    ],
)
def test_aliases_resolve_to_the_modules_own_spelling(typed, options, expected) -> None:
    assert choice("option", typed, options) == expected


def test_a_bad_value_is_answered_with_the_canonical_names() -> None:
    with pytest.raises(InputError) as bad:
        choice("scoring", "rubber", names.SCORINGS)
    assert str(bad.value) == "scoring must be one of mp, acbl, percent, ascherman; got 'rubber'"
    with pytest.raises(InputError) as bad:
        choice("form", "quads", handicap.FORMS)
    assert "pairs, individual, teams" in str(bad.value)


_SEPARATORS = st.sampled_from(["-", "_", " "])


@given(
    st.sampled_from(sorted({o for options in OPTION_LISTS.values() for o in options})),
    st.lists(st.booleans(), min_size=20, max_size=20),
    _SEPARATORS,
    st.text(" ", max_size=2),
)
def test_case_spaces_and_separators_never_matter(option, upper, separator, pad) -> None:
    typed = "".join(c.upper() if up else c for c, up in zip(option, upper, strict=False))
    typed += option[len(upper) :]
    typed = pad + typed.replace("-", separator).replace("_", separator) + pad
    for options in OPTION_LISTS.values():
        if option in options:
            assert choice("option", typed, options) == option


# --- Excel functions: aliases give identical results ----------------------------------------

TRAVELLER = [[460], [430], [430], [420], [None], [400]]


@pytest.mark.parametrize("spelling", ["mp", "MP", "english", "English", "matchpoints", None])
def test_matchpoints_accepts_every_spelling_of_mp(call_udf, spelling) -> None:
    assert call_udf("MATCHPOINTS", TRAVELLER, None, spelling) == [
        [8.0],
        [5.0],
        [5.0],
        [2.0],
        [""],
        [0.0],
    ]


@pytest.mark.parametrize(
    ("function", "args", "position", "spellings"),
    [
        (
            "WEIGHTED_MP",
            ([[460], [430], [420]], [[430], [400]], [[0.6], [0.4]]),
            3,
            ("mp", "english"),
        ),
        ("NEUBERG", ([[3], [1]], 3, 4), 3, ("mp", "english")),
        ("CROSS_IMPS", ([[430], [420], [-50]], None), 2, ("comparisons", "Comparisons")),
        ("VPSCALE", (8, None, None, None, None, None, None), 7, ("white-book", "White_Book")),
        ("HANDICAP_EXPECTED", ([[20]], [[30]]), 2, ("teams", "team")),
    ],
)
def test_aliases_give_identical_results_in_excel(
    call_udf, function, args, position, spellings
) -> None:
    answers = []
    for spelling in spellings:
        full = list(args) + [None] * (position - len(args)) + [spelling]
        answers.append(call_udf(function, *full))
    assert all(answer == answers[0] for answer in answers)
    assert "#" not in str(answers[0])


def test_matchpoints_error_lists_the_command_lines_words(call_udf) -> None:
    with pytest.raises(Exception) as bad:
        call_udf("MATCHPOINTS", TRAVELLER, None, "ximp")
    assert "scoring must be one of mp, acbl, percent, ascherman" in str(bad.value)


# --- the command line: aliases give identical results ---------------------------------------

SCORE_TRAVELLER = "board,table,ns_score\n1,1,460\n1,2,430\n1,3,420\n2,1,-50\n2,2,-100\n2,3,110\n"


def _score(tmp_path: Path, capsys, *options: str) -> str:
    path = tmp_path / "t.csv"
    path.write_text(SCORE_TRAVELLER, encoding="utf-8")
    assert main(["score", str(path), *options]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("canonical", "alias"),
    [
        (("--method", "mp"), ("--method", "english")),
        (("--method", "mp"), ("--method", "Matchpoints")),
        (("--method", "ximp"), ("--method", "cross-imps")),
        (("--method", "ximp", "--divisor", "scores"), ("--method", "XIMP", "--divisor", "Scores")),
        (("--split", "halves"), ("--split", "Halves")),
    ],
)
def test_score_aliases_give_identical_files(tmp_path, capsys, canonical, alias) -> None:
    first = _score(tmp_path, capsys, *canonical)
    assert _score(tmp_path, capsys, *alias) == first
    method = canonical[1] if canonical[0] == "--method" else "mp"
    assert f"ns_{method}" in first.splitlines()[0]  # the column has the canonical name


def test_session_aliases_give_identical_rankings(capsys) -> None:
    travellers = str(EXAMPLES / "mitchell.csv")
    assert main(["session", travellers]) == 0
    plain = capsys.readouterr().out
    options = ["--method", "english", "--factoring", "most_played"]
    assert main(["session", travellers, *options]) == 0
    assert capsys.readouterr().out == plain
    assert session.FACTORINGS[0] == "most_played"  # the core keeps its spelling


def test_audit_accepts_the_handicap_spelling_of_teams(capsys) -> None:
    season = str(EXAMPLES / "season.csv")
    assert main(["audit", season]) == 0
    plain = capsys.readouterr().out
    assert main(["audit", season, "--form", "Team"]) == 0
    assert capsys.readouterr().out == plain
