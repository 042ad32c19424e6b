"""`xlbridge handicap update`: a register and results in, new handicaps and a history out."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

import numpy as np
import pytest

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.io.handicap import apply_results, parse_register, parse_results
from xlbridge.scoring.handicap import handicap_change, start_handicap

REGISTER = """id,name,handicap,masterpoints
101,Anna Berg,13.0,
102,Bo Lind,13.0,
103,Cecilia Ek,34.7,
104,David Holm,34.7,
105,Eva Strand,28,
106,Fredrik Sjo,14,
107,Gun Nyberg,,50
108,Hans Ek,51.9,
"""

EVENING = """competition,date,form,method,boards,played,players,result
club-11-03,2026-11-03,pairs,topscore,24,,101+102,62.5
club-11-03,2026-11-03,pairs,topscore,24,,103+104,48.0
club-11-03,2026-11-03,pairs,topscore,24,,105+106,51.5
club-11-03,2026-11-03,pairs,topscore,24,,107+108,38.0
club-11-03,2026-11-03,pairs,topscore,24,20,109+110,50.0
"""


def write(folder: Path, register: str = REGISTER, results: str = EVENING) -> tuple[Path, Path]:
    (folder / "players.csv").write_text(register, encoding="utf-8")
    (folder / "results.csv").write_text(results, encoding="utf-8")
    return folder / "players.csv", folder / "results.csv"


def update(register: Path, results: Path, *options: str) -> int:
    """The command with --add-new (109 and 110 of EVENING are newcomers)."""
    return main(
        [
            "handicap",
            "update",
            "--register",
            str(register),
            "--results",
            str(results),
            "--add-new",
            *options,
        ]
    )


def handicaps(path: Path) -> dict[str, float]:
    rows = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8")))
    return {row["id"]: float(row["handicap"]) for row in rows if row["handicap"]}


def test_one_evening_moves_each_pair_as_the_core_says(tmp_path: Path) -> None:
    register, results = write(tmp_path)
    assert update(register, results) == 0
    after = handicaps(register)
    gun = float(start_handicap(50))
    pair_h = np.array([13.0, 34.7, 21.0, (gun + 51.9) / 2, 52.0])  # 109, 110 are newcomers
    achieved = np.array([12.5, -2.0, 1.5, -12.0, 0.0])
    delta = handicap_change(pair_h, pair_h, achieved, 24, [24, 24, 24, 24, 20])
    assert after["101"] == pytest.approx(13.0 + delta[0], abs=1e-6)
    assert after["106"] == pytest.approx(14.0 + delta[2], abs=1e-6)
    assert after["107"] == pytest.approx(gun + delta[3], abs=1e-6)
    assert after["108"] == 52  # 51.9 + Δ > 52: capped
    assert after["109"] == pytest.approx(52 + delta[4], abs=1e-6)  # newcomers start at 52
    history = list(csv.DictReader(io.StringIO((tmp_path / "players-history.csv").read_text())))
    assert len(history) == 10
    assert history[0] == {
        "competition": "club-11-03",
        "date": "2026-11-03",
        "player": "101",
        "before": "13.000000",
        "delta": f"{delta[0]:.6f}",
        "after": f"{13 + delta[0]:.6f}",
    }
    # Names and master points typed by the user are kept.
    assert "Gun Nyberg,35." in register.read_text() and ",50\n" in register.read_text()


def test_rerun_changes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    register, results = write(tmp_path)
    assert update(register, results) == 0
    first = (register.read_text(), (tmp_path / "players-history.csv").read_text())
    assert update(register, results) == 0
    assert "nothing to apply" in capsys.readouterr().err
    assert (register.read_text(), (tmp_path / "players-history.csv").read_text()) == first


def test_row_order_within_a_date_does_not_matter(tmp_path: Path) -> None:
    other_club = EVENING.replace("club-11-03", "bridge-11-03").split("\n", 1)[1]
    header, *lines = (EVENING + other_club).splitlines()
    outcomes = []
    for attempt in range(3):
        random.Random(attempt).shuffle(lines)
        folder = tmp_path / str(attempt)
        folder.mkdir()
        register, results = write(folder, results="\n".join([header, *lines]) + "\n")
        assert update(register, results) == 0
        outcomes.append(handicaps(register))
    assert outcomes[0] == outcomes[1] == outcomes[2]


def test_dates_apply_in_order_with_the_handicaps_of_the_moment() -> None:
    later = EVENING.replace("club-11-03", "club-11-10").replace("2026-11-03", "2026-11-10")
    header, later_rows = later.split("\n", 1)
    evening_rows = EVENING.split("\n", 1)[1]
    batch = apply_results(parse_register(REGISTER), parse_results(later + evening_rows), set())
    # The same, one evening at a time (the later one listed first in the file above).
    first = apply_results(parse_register(REGISTER), parse_results(EVENING), set())
    register = parse_register(REGISTER)
    register.ids.extend(first.newcomers)
    register.handicap = first.handicap
    second = apply_results(register, parse_results(header + "\n" + later_rows), set())
    assert batch.handicap == pytest.approx(second.handicap)
    assert batch.applied == ["club-11-03", "club-11-10"]


def test_individual_and_team_match(tmp_path: Path) -> None:
    results = """competition,date,form,method,boards,players,result
ind-1,2026-11-04,individual,topscore,20,101,60
ind-1,2026-11-04,individual,topscore,20,103,45
ind-1,2026-11-04,individual,topscore,20,105,45
match-7,2026-11-05,team,imp,16,101 102 103 104,1.5
match-7,2026-11-05,team,imp,16,105/106/107/108,-1.5
"""
    update_ = apply_results(parse_register(REGISTER), parse_results(results), set())
    ind = handicap_change(
        [13.0, 34.7, 28.0], [13.0, 34.7, 28.0], [10, -5, -5], 20, form="individual"
    )
    h101 = 13.0 + ind[0]
    team_a = (h101 + 13.0 + 34.7 + ind[1] + 34.7) / 4
    team_b = (28.0 + ind[2] + 14.0 + float(start_handicap(50)) + 51.9) / 4
    team = handicap_change(team_a, team_b, 1.5, 16, form="team", method="imp")
    assert update_.handicap[0] == pytest.approx(h101 + float(team))


@pytest.mark.parametrize(
    ("results", "message"),
    [
        (EVENING.replace("62.5", "sixty"), "results.csv, line 2: result must be a number"),
        (EVENING.replace("62.5", "162.5"), "line 2: result must be a percentage from 0 to 100"),
        (
            EVENING.replace(
                "2026-11-03,pairs,topscore,24,,101", "2026-13-03,pairs,topscore,24,,101"
            ),
            "line 2: date must be a date such as",
        ),
        (EVENING.replace("101+102", "101"), "line 2: players of a pairs entry must be 2 ids"),
        (EVENING.replace("103+104", "103+101"), "lines 2, 3: player '101' plays twice"),
        (EVENING.replace(",24,20,", ",24,30,"), "line 6: played must be at most boards, got 30"),
        (EVENING.replace("pairs,topscore,24,,101", "pairs,mp,24,,101"), "line 2: method must be"),
        (EVENING.replace("24,,103", "26,,103"), "'club-11-03' has more than one boards"),
        (
            EVENING.split("club-11-03,2026-11-03,pairs,topscore,24,,103")[0],
            "competition 'club-11-03' needs at least 2 entries, got 1",
        ),
        (EVENING.replace("players", "pairs"), "line 1: the header must have the column(s) players"),
    ],
)
def test_bad_results_name_the_line_and_write_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], results: str, message: str
) -> None:
    register, results_path = write(tmp_path, results=results)
    assert update(register, results_path) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err
    assert register.read_text() == REGISTER
    assert not (tmp_path / "players-history.csv").exists()


@pytest.mark.parametrize(
    ("register", "message"),
    [
        (REGISTER.replace("102,Bo", "101,Bo"), "lines 2, 3: player id '101' appears twice"),
        (REGISTER.replace("28,", "58,"), "line 6: handicap must be from -100 to 52, got 58"),
        (REGISTER.replace(",,50", ",,-5"), "line 8: masterpoints must be at least 0, got -5"),
    ],
)
def test_bad_register_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], register: str, message: str
) -> None:
    register_path, results = write(tmp_path, register=register)
    assert update(register_path, results) == 2
    assert message in capsys.readouterr().err


def test_output_file_needs_force_and_keeps_the_register(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    register, results = write(tmp_path)
    out = tmp_path / "new.csv"
    out.write_text("keep")
    assert update(register, results, "-o", str(out)) == 2
    assert "already exists; use --force" in capsys.readouterr().err
    assert update(register, results, "-o", str(out), "--force") == 0
    assert register.read_text() == REGISTER
    assert handicaps(out)["109"] < 52


def test_many_random_competitions_equal_a_plain_loop() -> None:
    """The vectorised batch against the formulas applied one competition at a time."""
    rng = np.random.default_rng(11)
    players = [str(1000 + i) for i in range(60)]
    register = "id,handicap\n" + "".join(
        f"{p},{h:.2f}\n" for p, h in zip(players, rng.uniform(0, 52, 60), strict=True)
    )
    lines = ["competition,date,boards,played,players,result"]
    for c in range(25):
        date = f"2026-11-{1 + c // 5:02d}"
        chosen = rng.choice(players, 12, replace=False)
        scores = rng.normal(0, 8, 6)
        scores -= scores.mean()
        for k in range(6):
            played = int(rng.integers(18, 25))
            lines.append(
                f"c{c},{date},24,{played},{chosen[2 * k]}+{chosen[2 * k + 1]},{50 + scores[k]:.3f}"
            )
    results = parse_results("\n".join(lines) + "\n")
    batch = apply_results(parse_register(register), results, set())
    # Plain loop: one date at a time, each competition from the handicaps at the date's start.
    h = {p: float(v) for p, v in zip(players, parse_register(register).handicap, strict=True)}
    by_date: dict[str, list[int]] = {}
    for row in range(len(results.competition)):
        by_date.setdefault(str(results.date[row]), []).append(row)
    for date in sorted(by_date):
        total = dict.fromkeys(h, 0.0)
        comps: dict[str, list[int]] = {}
        for row in by_date[date]:
            comps.setdefault(results.competition[row], []).append(row)
        for rows in comps.values():
            pair_h = [np.mean([h[p] for p in results.players(r)]) for r in rows]
            for r, own in zip(rows, pair_h, strict=True):
                d = handicap_change(own, pair_h, results.achieved[r], 24, results.played[r])
                for p in results.players(r):
                    total[p] += float(d)
        h = {p: min(52.0, h[p] + total[p]) for p in h}
    assert batch.handicap == pytest.approx([h[p] for p in players])


def test_a_month_applied_in_two_runs_equals_it_applied_in_one() -> None:
    """Competitions already applied are skipped: the first half of a month (dates shuffled
    through the file, mixed individual and pairs entries) applied, then the whole file with
    the first half's competitions named as applied, gives the handicaps of one run."""
    rng = np.random.default_rng(5)
    players = [str(2000 + i) for i in range(40)]
    register = "id,handicap\n" + "".join(f"{p},{rng.uniform(0, 52):.2f}\n" for p in players)
    lines = ["competition,date,form,boards,played,players,result"]
    for c in rng.permutation(16).tolist():
        chosen = rng.choice(players, 10, replace=False)
        scores = rng.normal(0, 6, 5)
        form = "pairs" if c % 3 else "individual"
        for k in range(5):
            entry = "+".join(chosen[2 * k : 2 * k + 2]) if c % 3 else chosen[2 * k]
            result = 50 + scores[k] - scores.mean()
            lines.append(f"c{c},2026-11-{1 + c // 2:02d},{form},24,24,{entry},{result:.2f}")
    first = [lines[0], *(line for line in lines[1:] if int(line.split(",")[0][1:]) < 8)]
    whole = parse_results("\n".join(lines) + "\n")
    once = apply_results(parse_register(register), whole, set())
    half = apply_results(parse_register(register), parse_results("\n".join(first) + "\n"), set())
    later = parse_register(register)
    later.handicap[:] = half.handicap
    twice = apply_results(later, whole, {f"c{c}" for c in range(8)})
    assert sorted(twice.skipped) == sorted(f"c{c}" for c in range(8))
    assert sorted(twice.applied) == sorted(f"c{c}" for c in range(8, 16))
    assert [int(c[1:]) // 2 for c in twice.applied] == sorted(
        int(c[1:]) // 2 for c in twice.applied
    )
    assert twice.handicap == pytest.approx(once.handicap, abs=1e-9)


def test_progress_is_reported_per_date() -> None:
    calls = []
    apply_results(
        parse_register(REGISTER),
        parse_results(EVENING),
        set(),
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(1, 1)]


def test_date_progress_lines_are_spaced_but_the_first_and_last_always_show() -> None:
    from xlbridge.cli.progress import Progress

    now = [0.0]
    out = io.StringIO()
    progress = Progress(True, out, clock=lambda: now[0])
    for day in range(1, 31):
        now[0] += 0.125  # a date every 1/8 s: a line every fourth date
        progress.dates(day, 30)
    shown = [line.split(" (")[0].strip() for line in out.getvalue().splitlines()]
    assert shown == [f"applied date {day} of 30" for day in (1, 5, 9, 13, 17, 21, 25, 29)] + [
        "applied date 30 of 30"
    ]


def test_the_readme_example_files_are_the_ones_tested_here() -> None:
    examples = Path(__file__).resolve().parents[3] / "examples" / "club"
    assert (examples / "players.csv").read_text(encoding="utf-8") == REGISTER
    assert (examples / "results.csv").read_text(encoding="utf-8") == EVENING


@pytest.mark.parametrize(
    ("register_ids", "player_ids"),
    [
        (["101", "7", "2000"], ["7", "2000", "55", "101"]),  # plain numbers: binary search
        (["101", "A7", "0105"], ["A7", "0105", "105", "101"]),  # not all plain: a dictionary
    ],
)
def test_player_ids_find_their_register_row_either_way(register_ids, player_ids) -> None:
    register = parse_register("id,handicap\n" + "".join(f"{i},30\n" for i in register_ids))
    rows = "".join(
        f"c1,2026-11-01,24,{a}+{b},{r}\n"
        for (a, b), r in zip([player_ids[:2], player_ids[2:]], (55, 45), strict=True)
    )
    results = parse_results("competition,date,boards,players,result\n" + rows)
    update = apply_results(register, results, set())
    ids = register.ids + update.newcomers
    touched = {ids[i] for i in np.flatnonzero(update.touched)}
    assert touched == set(player_ids)
    assert update.newcomers == [p for p in sorted(player_ids) if p not in register_ids]


def test_a_missing_output_folder_stops_the_run_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    register, results = write(tmp_path)
    missing = tmp_path / "nodir" / "new.csv"
    assert update(register, results, "-o", str(missing)) == 2
    assert "output folder" in capsys.readouterr().err
    assert not (tmp_path / "players-history.csv").exists()
    # A run to an existing folder then applies the evening, its history beside the output.
    out = tmp_path / "new.csv"
    assert update(register, results, "-o", str(out)) == 0
    assert (tmp_path / "new-history.csv").exists() and not (
        tmp_path / "players-history.csv"
    ).exists()
    assert register.read_text() == REGISTER
    # Updating the new register again finds the evening in its history.
    assert update(out, results) == 0
    assert "nothing to apply" in capsys.readouterr().err


def test_results_take_every_spelling_of_a_form_that_the_rest_of_xlbridge_takes() -> None:
    """ "teams", "Team" and "team" are one form in a results file, as in the Excel functions;
    a word that is no form is still named with its line."""
    from xlbridge.io.handicap import parse_results

    text = "competition,date,form,method,boards,players,result\n"
    rows = [
        f"c1,2026-11-03,{form},imp,16,{a}+{b}+{c}+{d},{r}"
        for form, (a, b, c, d), r in (("teams", (1, 2, 3, 4), 1.5), ("Team", (5, 6, 7, 8), -1.5))
    ]
    parsed = parse_results(text + "\n".join(rows) + "\n")
    assert parsed.form.tolist() == [2, 2]  # handicap.FORMS.index("team")
    with pytest.raises(InputError, match="line 2: form must be one of pairs, individual, team"):
        parse_results(text + "c1,2026-11-03,quads,imp,16,1+2+3+4,1.5\n")


@pytest.mark.parametrize(
    "competitions",
    [["club-11-03", "club-11-03", "Vår-cup"], [" spaced ", "x"], ["'=cup", "a"], ["a"] * 3],
)
def test_the_history_names_the_competitions_already_applied(
    tmp_path: Path, competitions: list[str]
) -> None:
    """Read from the file's bytes or cell by cell (spaces, the text mark, non-ASCII), the set
    of competitions is the one the csv module reads, stripped and unmarked."""
    from xlbridge.io.handicap import HISTORY_COLUMNS, read_history

    path = tmp_path / "players-history.csv"
    rows = [",".join(HISTORY_COLUMNS)]
    rows += [f"{c},2026-11-03,101,13.0,0.5,13.5" for c in competitions]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    with open(path, newline="", encoding="utf-8") as f:
        expected = {row[0].strip().removeprefix("'") for row in list(csv.reader(f))[1:]}
    assert read_history(path).applied == expected


def test_a_blank_competition_in_the_history_is_named(tmp_path: Path) -> None:
    from xlbridge.io.handicap import read_history

    path = tmp_path / "players-history.csv"
    path.write_text(
        "competition,date,player,before,delta,after\n"
        "c1,2026-11-03,101,13.0,0.5,13.5\n,2026-11-03,102,13.0,0.5,13.5\n"
    )
    with pytest.raises(InputError, match=r"players-history.csv, line 3: competition must not be"):
        read_history(path)
