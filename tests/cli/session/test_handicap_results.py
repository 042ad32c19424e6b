"""`xlbridge session --handicap-results`: a month of three evenings scored by `session` feeds
`handicap update` as the same month typed by hand does; once; refused before anything is
written when the rows cannot be made."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.cli.main import main

EVENT = ("--event", "Tuesday Pairs")

# A two-table Howell at matchpoints (2 per win): board 1 NS 1 420 beats NS 3 400; board 2
# NS 2 110 beats NS 1 -100; board 3 NS 2 650 beats NS 1 620. Pairs 2 and 4 score 4 of 6
# (66.67 %), pairs 1 and 3 2 of 6 (33.33 %).
HOWELL = """board,ns,ew,score
1,1,2,420
1,3,4,400
2,1,3,-100
2,2,4,110
3,1,4,620
3,2,3,650
"""
HOWELL_NAMES = """pair,names,ids
1,Anna & Bo,101+102
2,Cecilia & David,103+104
3,Eva & Fredrik,105+106
4,Gun & Hans,107 + 108
"""
# A three-table Mitchell with two winners, 2 boards (top 4). Board 1: NS 420, 450, 420 (NS 2
# 4, NS 1 and 3 1 each; EW 1 and 3 3 each, EW 2 0); board 2: NS 1 -50, NS 2 140, NS 3 110
# (NS 0, 4, 2; EW 3 4, EW 1 0, EW 2 2). NS: 1 12.5 %, 2 100 %, 3 37.5 %; EW: 1 37.5 %,
# 2 25 %, 3 87.5 %.
MITCHELL = """board,ns,ew,score
1,1,1,420
1,2,2,450
1,3,3,420
2,1,3,-50
2,2,1,140
2,3,2,110
"""
MITCHELL_NAMES = """direction,pair,names,ids
NS,1,Anna & Bo,101+102
NS,2,Cecilia & David,103+104
NS,3,Eva & Fredrik,105+106
EW,1,Gun & Hans,107+108
EW,2,Ivar & Jan,109+110
EW,3,Karin & Lars,111+112
"""
# Butler, six pairs at three tables (the datum the mean of the scores, to the nearest 10).
# Board 1: 420, 450, 400, datum 423 -> 420. Board 2: -100, 140, 110, datum 50. Board 3, not
# played by 4 v 5: 620, 170, datum 395 -> 400. IMPs per pair in MONTH_BY_HAND.
BUTLER = """board,ns,ew,score
1,1,2,420
1,3,4,450
1,5,6,400
2,1,4,-100
2,2,5,140
2,6,3,110
3,1,6,620
3,2,3,170
3,4,5,NP
"""
BUTLER_NAMES = """pair,names,ids
1,Anna & Cecilia,101+103
2,Bo & David,102+104
3,Eva & Gun,105+107
4,Fredrik & Hans,106+108
5,Ivar & Karin,109+111
6,Jan & Lars,110+112
"""
# The month as a scorer types it from the three rankings (results as printed). Butler, each
# pair's IMPs board by board: 1: NS 0 (420), NS -4 (-150), NS +6 (+220) = 2 over 3 (0.67);
# 2: EW 0, NS +3 (+90), NS -6 (-230) = -3 (-1); 3: NS +1 (+30), EW -2, EW +6 = 5 (1.67);
# 4: EW -1, EW +4 = 3 over 2 boards (1.5); 5: NS -1 (-20), EW -3 = -4 over 2 (-2);
# 6: EW +1, NS +2 (+60), EW -6 = -3 over 3 (-1).
MONTH_BY_HAND = """competition,date,method,boards,played,players,result,datum
tuesday-pairs-2026-11-03,2026-11-03,topscore,3,,101+102,33.33,
tuesday-pairs-2026-11-03,2026-11-03,topscore,3,,103+104,66.67,
tuesday-pairs-2026-11-03,2026-11-03,topscore,3,,105+106,33.33,
tuesday-pairs-2026-11-03,2026-11-03,topscore,3,,107+108,66.67,
tuesday-pairs-2026-11-10-NS,2026-11-10,topscore,2,,101+102,12.5,
tuesday-pairs-2026-11-10-NS,2026-11-10,topscore,2,,103+104,100,
tuesday-pairs-2026-11-10-NS,2026-11-10,topscore,2,,105+106,37.5,
tuesday-pairs-2026-11-10-EW,2026-11-10,topscore,2,,107+108,37.5,
tuesday-pairs-2026-11-10-EW,2026-11-10,topscore,2,,109+110,25,
tuesday-pairs-2026-11-10-EW,2026-11-10,topscore,2,,111+112,87.5,
tuesday-pairs-2026-11-17,2026-11-17,imp,3,,101+103,0.67,yes
tuesday-pairs-2026-11-17,2026-11-17,imp,3,,102+104,-1,yes
tuesday-pairs-2026-11-17,2026-11-17,imp,3,,105+107,1.67,yes
tuesday-pairs-2026-11-17,2026-11-17,imp,3,2,106+108,1.5,yes
tuesday-pairs-2026-11-17,2026-11-17,imp,3,2,109+111,-2,yes
tuesday-pairs-2026-11-17,2026-11-17,imp,3,,110+112,-1,yes
"""
REGISTER = "id,name,handicap\n" + "".join(
    f"{player},,{handicap}\n"
    for player, handicap in zip(
        range(101, 113), (13, 13, 34.7, 34.7, 28, 14, 40, 52, 20, 30, 45, 8), strict=True
    )
)
EVENINGS = (
    ("howell", HOWELL, HOWELL_NAMES, "2026-11-03", ()),
    ("mitchell", MITCHELL, MITCHELL_NAMES, "2026-11-10", ()),
    ("butler", BUTLER, BUTLER_NAMES, "2026-11-17", ("--method", "butler")),
)


def session(
    folder: Path, name: str, *options: str, date: str | None = None, traveller: str = ""
) -> int:
    """``xlbridge session`` of the evening ``name`` (of EVENINGS, or its ``traveller``) into
    folder/month.csv, dated ``date`` (None: its own; "": no --date)."""
    _, typed, names, day, method = next(e for e in EVENINGS if e[0] == name)
    (folder / f"{name}.csv").write_text(traveller or typed, encoding="utf-8")
    if not (folder / f"{name}-names.csv").exists():
        (folder / f"{name}-names.csv").write_text(names, encoding="utf-8")
    dated = ("--date", date or day) if date != "" else ()
    return main(
        [
            "session",
            str(folder / f"{name}.csv"),
            "--names",
            str(folder / f"{name}-names.csv"),
            *method,
            *dated,
            "--handicap-results",
            str(folder / "month.csv"),
            *options,
        ]
    )


def register_after(folder: Path, results: Path) -> str:
    """The register of REGISTER after ``handicap update --results results``."""
    register = folder / f"players-{results.stem}.csv"
    register.write_text(REGISTER, encoding="utf-8")
    argv = ["handicap", "update", "--register", str(register), "--results", str(results)]
    assert main(argv) == 0
    return register.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def month(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The three evenings scored into a month.csv that did not exist."""
    folder = tmp_path_factory.mktemp("month")
    for name, *_ in EVENINGS:
        assert session(folder, name, *EVENT) == 0
    return folder


def test_three_evenings_feed_the_register_as_the_month_typed_by_hand(month: Path) -> None:
    typed = month / "typed.csv"
    typed.write_text(MONTH_BY_HAND, encoding="utf-8")
    made = month / "month.csv"
    assert made.read_text(encoding="utf-8").splitlines()[0] == (
        "competition,date,form,method,boards,played,players,result,datum"
    )
    assert register_after(month, made) == register_after(month, typed)
    applied = (month / "players-month-history.csv").read_text(encoding="utf-8")
    for competition in ("2026-11-03", "2026-11-10-NS", "2026-11-10-EW", "2026-11-17"):
        assert f"tuesday-pairs-{competition}," in applied


def test_scoring_an_evening_again_changes_nothing(
    month: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (month / "month.csv").read_bytes()
    capsys.readouterr()
    assert session(month, "mitchell", *EVENT) == 0
    assert (month / "month.csv").read_bytes() == before
    err = capsys.readouterr().err
    assert "already holds tuesday-pairs-2026-11-10-NS, tuesday-pairs-2026-11-10-EW" in err
    assert "wrote nothing" in err


def test_an_evening_scored_again_with_a_correction_replaces_its_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert session(tmp_path, "howell", *EVENT) == 0
    assert session(tmp_path, "mitchell", *EVENT) == 0
    # Board 3 corrected to 600 at the second table: NS 1's 620 now beats it, so pairs 1 and 3
    # score 4 of 6 and pairs 2 and 4 2 of 6, in the rows where the old ones stood.
    corrected = HOWELL.replace("3,2,3,650", "3,2,3,600")
    assert session(tmp_path, "howell", *EVENT, traveller=corrected) == 0
    lines = (tmp_path / "month.csv").read_text(encoding="utf-8").splitlines()
    assert [line.split(",")[6:8] for line in lines[1:5]] == [
        ["101+102", "66.67"],
        ["105+106", "66.67"],
        ["103+104", "33.33"],
        ["107+108", "33.33"],
    ]
    assert all("2026-11-10" in line for line in lines[5:])
    assert "replaced the rows of tuesday-pairs-2026-11-03" in capsys.readouterr().err


def test_a_cross_imp_evening_is_imps_per_board_without_a_datum(tmp_path: Path) -> None:
    # The Howell at cross-IMPs (one comparison a board): board 1 20 -> 1 IMP, board 2 210 -> 5,
    # board 3 30 -> 1. Pair 1: +1 - 5 - 1 = -5 over 3; pair 2: -1 + 5 + 1 = 5; pair 3: -1 + 5
    # - 1 = 3; pair 4: +1 - 5 + 1 = -3.
    assert session(tmp_path, "howell", *EVENT, "--method", "ximp") == 0
    lines = (tmp_path / "month.csv").read_text(encoding="utf-8").splitlines()[1:]
    rows = {line.split(",")[6]: line.split(",")[3:9] for line in lines}
    assert rows == {
        "103+104": ["imp", "3", "", "103+104", "1.67", ""],
        "105+106": ["imp", "3", "", "105+106", "1", ""],
        "107+108": ["imp", "3", "", "107+108", "-1", ""],
        "101+102": ["imp", "3", "", "101+102", "-1.67", ""],
    }


MONTH_SO_FAR = """competition,date,boards,players,result
club-2026-10-27,2026-10-27,24,101+102,55
club-2026-10-27,2026-10-27,24,103+104,45
"""


@pytest.mark.parametrize(
    ("names", "options", "month", "message"),
    [
        (
            HOWELL_NAMES.replace("105+106", ""),
            EVENT,
            None,
            "howell-names.csv gives no member ids for pair 3; type them in its ids column",
        ),
        (
            "pair,names\n1,A\n2,B\n3,C\n4,D\n",
            EVENT,
            None,
            "howell-names.csv has no ids column",
        ),
        (HOWELL_NAMES, (), None, "give --event NAME"),
        (HOWELL_NAMES, (*EVENT, "--method", "ximp", "--divisor", "none"), None, "--divisor"),
        (HOWELL_NAMES, EVENT, MONTH_SO_FAR.replace(",45", ",4.5.0"), "month.csv, line 3: result"),
        (HOWELL_NAMES, (*EVENT, "--date", "31/02/2026"), None, "give --date YYYY-MM-DD"),
    ],
)
def test_rows_that_cannot_be_made_write_nothing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    names: str,
    options: tuple[str, ...],
    month: str | None,
    message: str,
) -> None:
    (tmp_path / "howell-names.csv").write_text(names, encoding="utf-8")
    if month is not None:
        (tmp_path / "month.csv").write_text(month, encoding="utf-8")
    dated = "" if "--date" in options else None
    ranking = str(tmp_path / "ranking.csv")
    assert session(tmp_path, "howell", *options, "--ranking", ranking, date=dated) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "ranking.csv").exists()
    assert (tmp_path / "month.csv").exists() == (month is not None)
    if month is not None:
        assert (tmp_path / "month.csv").read_text(encoding="utf-8") == month


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--event", "Tuesday", "--date", "2026-11-03"], "needs the players' member ids"),
        (["--names", "{names}", "--event", "Tuesday"], "gives none: give --date"),
        (["--names", "{names}", "--date", "2026-11-03", "-o", "{month}"], "--handicap-results"),
    ],
)
def test_an_evening_without_names_or_date_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    (tmp_path / "howell.csv").write_text(HOWELL, encoding="utf-8")
    (tmp_path / "names.csv").write_text(HOWELL_NAMES, encoding="utf-8")
    month = str(tmp_path / "month.csv")
    spelled = [part.format(names=tmp_path / "names.csv", month=month) for part in argv]
    code = main(["session", str(tmp_path / "howell.csv"), *spelled, "--handicap-results", month])
    assert code == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "month.csv").exists()


def test_an_evening_is_appended_after_the_months_rows_as_typed(tmp_path: Path) -> None:
    (tmp_path / "month.csv").write_text(MONTH_SO_FAR, encoding="utf-8")
    assert session(tmp_path, "mitchell", *EVENT) == 0
    text = (tmp_path / "month.csv").read_text(encoding="utf-8")
    header = "competition,date,boards,players,result,form,method,played,datum\n"
    rows = MONTH_SO_FAR.splitlines()[1:]
    assert text.startswith(header + "".join(f"{row},,,,\n" for row in rows))
    assert text.splitlines()[3] == (
        "tuesday-pairs-2026-11-10-NS,2026-11-10,2,103+104,100,pairs,topscore,,"
    )
