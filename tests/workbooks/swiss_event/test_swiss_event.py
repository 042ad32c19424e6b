"""The Swiss event workbook (teams and pairs), recalculated by LibreOffice.

Random but valid events (each round a random pairing of the entries present, a bye when their
number is odd, random margins, the last round unfinished) are typed into built workbooks; after
LibreOffice recalculates them every table's VPs must be the core's
(:func:`xlbridge.scoring.scales.gaussian.vp_scale`), and the standings the totals, rounds played,
tie-breaks and ranks worked out here from the core's VPs. Late entry scores are checked against
Probst's printed numbers. Three recalculations in all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import workbook_checks as checks
from workbook_checks import blank

from xlbridge.errors import InputError
from xlbridge.scoring.scales.gaussian import vp_scale
from xlbridge.workbooks.kit.ranking import FIRST_ROW as RANKING_FIRST_ROW
from xlbridge.workbooks.swiss_event import (
    SwissEventBook,
    build_swiss_event,
    enter_entry,
    enter_table,
)
from xlbridge.workbooks.swiss_event.book import (
    ADD_CELL,
    BYE,
    ENTRIES_SHEET,
    FIRST_ENTRY_ROW,
    FIRST_ROW,
    MAX_IMPS,
    OK,
    RANKING_SHEET,
    ROUND,
    ROUND_INPUTS,
    SCALE_SHEET,
    SESSIONS_CELL,
    STANDINGS_SHEET,
    TO_PLAY,
)

#: Functions a formula may call: all in Excel 2007/2010 without the _xlfn. prefix.
ALLOWED_FUNCTIONS = {
    "ABS",
    "AND",
    "AVERAGE",
    "COUNT",
    "COUNTIF",
    "COUNTIFS",
    "IF",
    "INDEX",
    "INT",
    "ISNUMBER",
    "LOOKUP",
    "MAX",
    "NORMSINV",
    "NOT",
    "OR",
    "ROUND",
    "SQRT",
    "SUM",
    "SUMIFS",
    "SUMPRODUCT",
    "IFERROR",
    "MATCH",
    "ROWS",
}
#: Names a spreadsheet would take for formulas or numbers if they were not written as text.
TRICKY_NAMES = ("=SUM(A1:A2)", "+44 7700", "-minus", "@home", "=1+1", "Smith & Jones")
TOLERANCE = 1e-9
#: Probst's late-entry table: entry VPs by the round entered at (3, 4, …), T = 6 and 7.
SPEC_LATE_ENTRY = {6: [14, 29, 45, 62], 7: [13, 27, 42, 58, 75]}


@dataclass
class Event:
    """What the test typed: names, rounds entered at, and the tables of every round."""

    names: dict[int, str]
    enters: dict[int, int | None]
    #: (round, table, home, away or None for a bye, home margin or None)
    tables: list[tuple[int, int, int, int | None, float | None]] = field(default_factory=list)


@dataclass
class Expected:
    """One entry's line of the standings, worked out from the core's VPs."""

    entry_vps: float
    rounds: dict[int, float]  # round → VPs (rounds with a result only)
    margins: dict[int, float]  # round → IMP margin or MP % (matches only, byes left out)
    total: float | None = None
    played: int = 0
    tiebreak: float | None = None
    rank: int | None = None


# --------------------------------------------------------------------------------------------
# Helpers


def late_entry_score(s: int | None, rounds: int, add: float = 17) -> float:
    """Probst's VP scales by its definition: Σ_{j=3..s} (A − T + j), 0 below round 3."""
    return sum(add - rounds + j for j in range(3, (s or 1) + 1))


def type_event(book: SwissEventBook, event: Event) -> None:
    for entry, name in event.names.items():
        enter_entry(book, entry, name, event.enters.get(entry))
    for round_number, table, home, away, margin in event.tables:
        enter_table(book, round_number, table, home, away, margin)


def random_event(
    book: SwissEventBook,
    seed: int,
    enters: dict[int, int | None],
    tied: tuple[int, int] = (1, 2),
    level: tuple[int, int] = (3, 4),
) -> Event:
    """Each round a random pairing of the entries present (a bye if odd), random margins.

    The last round is unfinished: its draw is typed but only some tables have a margin.
    Two couples of entries are steered (never a bye, no margin in the last round, never drawn
    against the other couple): ``tied`` score the same margin every round (a draw when they
    meet), so they tie on VPs and on the tie-break; ``level`` score the same VPs every round
    from different margins (the two ends of one VP band), so the tie-break separates them.
    The first other tables get, in turn, margins on and next to the card's band edges and
    the extremes. The entries
    entering at the last round never have a bye there (they stay blank).
    """
    rng = np.random.default_rng(seed)
    names = {
        e: TRICKY_NAMES[(e - 1) % len(TRICKY_NAMES)] + f" {e}" for e in range(1, book.teams + 1)
    }
    names[1] = TRICKY_NAMES[0]  # exactly "=SUM(A1:A2)"
    event = Event(names, enters)
    last_entrants = {e for e, s in enters.items() if s == book.rounds}
    couple = {e: tied for e in tied} | {e: level for e in level}
    no_bye = set(couple) | last_entrants
    draw = 0.0 if book.form == "teams" else 50.0
    edges = _edge_margins(book)
    next_edge = 0
    for r in range(1, book.rounds + 1):
        present = [e for e in range(1, book.teams + 1) if (enters.get(e) or 1) <= r]
        while True:
            order = [int(e) for e in rng.permutation(present)]
            matches = [(order[2 * t], order[2 * t + 1]) for t in range(len(order) // 2)]
            crossed = any(
                couple.get(h, (h,)) != couple.get(a, (a,)) and h in couple and a in couple
                for h, a in matches
            )
            if not crossed and not (len(order) % 2 and order[-1] in no_bye):
                break
        shared = _random_margin(book, rng)  # what each tied entry scores this round
        band = _level_margins(book, rng)  # what each level entry scores this round
        for t, (home, away) in enumerate(matches):
            margin: float | None = _random_margin(book, rng)
            if {home, away} in (set(tied), set(level)):
                margin = draw
            elif home in couple or away in couple:
                steered = home if home in couple else away
                own = shared if steered in tied else band[level.index(steered)]
                margin = own if steered == home else _mirror(book, own)
            elif next_edge < len(edges):
                margin, next_edge = edges[next_edge], next_edge + 1
            if r == book.rounds and (
                {home, away} & (set(couple) | last_entrants) or rng.random() < 0.4
            ):
                margin = None  # not played yet
            event.tables.append((r, t + 1, home, away, margin))
        if len(order) % 2:
            event.tables.append((r, len(matches) + 1, order[-1], None, None))
    return event


def _mirror(book: SwissEventBook, margin: float) -> float:
    """The home margin that gives the away side ``margin``."""
    return -margin if book.form == "teams" else round(100 - margin, 2)


def _random_margin(book: SwissEventBook, rng: np.random.Generator) -> float:
    if book.form == "teams":
        spread = round(2.5 * book.scale.sigma)
        return float(rng.integers(-spread, spread + 1))
    return round(float(rng.uniform(15, 85)), 2)


def _edge_margins(book: SwissEventBook) -> list[float]:
    """Home margins on and next to the card's band edges, a draw, and the extremes."""
    rows = book.scale.rows()
    top = rows[-1][0]  # where T-0 starts
    mid = rows[len(rows) // 2][0]
    if book.form == "teams":
        return [top, -top, top - 1, 0, -mid, mid - 1, 4 * top, 1, -1]
    return [top, _mirror(book, top), round(top - 0.01, 2), 100, 0, 50, mid, 50.01, 49.99]


def _level_margins(book: SwissEventBook, rng: np.random.Generator) -> tuple[float, float]:
    """Two different own margins in one VP band (the two ends of a band wider than a step)."""
    rows = [row for row in book.scale.rows()[1:] if row[1] is None or row[1] > row[0]]
    start, end, _, _ = rows[int(rng.integers(len(rows)))]
    step = 1 if book.form == "teams" else 0.01
    high = start + 7 * step if end is None else end
    if rng.random() < 0.5:  # the losing side of the same band
        return _mirror(book, start), _mirror(book, high)
    return start, high


def table_vps(book: SwissEventBook, margin: float) -> tuple[float, float]:
    """The core's VPs of the home and the away side of a match."""
    scale = vp_scale(book.boards, book.k, book.form)
    away = -margin if book.form == "teams" else 100 - margin
    return float(scale.vp(margin)), float(scale.vp(away))


def expected_standings(
    book: SwissEventBook, event: Event, bye_vps: float = 12
) -> dict[int, Expected]:
    lines = {
        e: Expected(
            late_entry_score(event.enters.get(e), book.rounds) if book.late_entry else 0, {}, {}
        )
        for e in range(1, book.teams + 1)
    }
    for r, _table, home, away, margin in event.tables:
        if away is None:
            lines[home].rounds[r] = lines[home].rounds.get(r, 0) + bye_vps
            continue
        if margin is None:
            continue
        home_vps, away_vps = table_vps(book, margin)
        away_margin = -margin if book.form == "teams" else 100 - margin
        for entry, vps, own in ((home, home_vps, margin), (away, away_vps, away_margin)):
            lines[entry].rounds[r] = lines[entry].rounds.get(r, 0) + vps
            lines[entry].margins[r] = lines[entry].margins.get(r, 0) + own
    for line in lines.values():
        line.played = len(line.rounds)
        if not line.played:
            continue
        line.total = line.entry_vps + sum(line.rounds.values())
        if book.form == "teams":
            line.tiebreak = sum(line.margins.values())
        else:
            values = list(line.margins.values())
            line.tiebreak = sum(values) / len(values) if values else 50.0
    ranked = [line for line in lines.values() if line.total is not None]
    for line in ranked:
        assert line.total is not None and line.tiebreak is not None
        line.rank = 1 + sum(
            other.total > line.total + TOLERANCE  # type: ignore[operator]
            or (
                abs(other.total - line.total) <= TOLERANCE  # type: ignore[operator]
                and other.tiebreak > line.tiebreak + TOLERANCE  # type: ignore[operator]
            )
            for other in ranked
        )
    return lines


# --------------------------------------------------------------------------------------------
# Assertions on recalculated values


def assert_tables_match(values: Any, book: SwissEventBook, event: Event) -> None:
    """Every typed table shows the core's VPs and the right Check; the rest is blank."""
    typed = {(r, t): (h, a, m) for r, t, h, a, m in event.tables}
    for r in range(1, book.rounds + 1):
        sheet = values[book.round_sheet(r)]
        for t in range(1, book.tables + 1):
            got = {key: sheet[book.round_cell(key, t)].value for key in ROUND}
            assert got["table"] == t
            where = (r, t, got)
            if (r, t) not in typed:
                assert all(blank(got[k]) for k in ROUND if k != "table"), where
                continue
            home, away, margin = typed[(r, t)]
            assert got["home_name"] == event.names[home], where
            if away is None:
                assert got["away_name"] == BYE and got["check"] == BYE, where
                assert got["home_vps"] == 12 and blank(got["away_vps"]), where
                continue
            assert got["away_name"] == event.names[away], where
            if margin is None:
                assert got["check"] == TO_PLAY, where
                assert all(blank(got[k]) for k in ("away_margin", "home_vps", "away_vps")), where
                continue
            home_vps, away_vps = table_vps(book, margin)
            assert got["check"] == OK, where
            assert got["home_vps"] == home_vps and got["away_vps"] == away_vps, where
            mirrored = -margin if book.form == "teams" else 100 - margin
            assert got["away_margin"] == pytest.approx(mirrored, abs=TOLERANCE), where


def assert_standings_match(
    values: Any, book: SwissEventBook, expected: dict[int, Expected]
) -> None:
    sheet = values[STANDINGS_SHEET]
    for entry, want in expected.items():

        def cell(key: str, entry: int = entry) -> Any:
            return sheet[book.standings_cell(key, entry)].value

        assert cell("entry") == entry
        if book.late_entry and want.played:
            assert cell("entry_vps") == pytest.approx(want.entry_vps, abs=TOLERANCE), entry
        elif book.late_entry:
            assert blank(cell("entry_vps")), entry  # not scored yet: blank, never a 0
        for r in range(1, book.rounds + 1):
            where = (entry, r)
            if r in want.rounds:
                assert cell(f"round{r}") == pytest.approx(want.rounds[r], abs=TOLERANCE), where
            else:
                assert blank(cell(f"round{r}")), where  # a blank, never a 0
            if r in want.margins:
                assert cell(f"margin{r}") == pytest.approx(want.margins[r], abs=TOLERANCE), where
            else:
                assert blank(cell(f"margin{r}")), where
        if want.total is None:
            assert all(blank(cell(k)) for k in ("played", "total", "tiebreak", "rank")), entry
            continue
        assert cell("played") == want.played, entry
        assert cell("total") == pytest.approx(want.total, abs=TOLERANCE), entry
        assert cell("tiebreak") == pytest.approx(want.tiebreak, abs=TOLERANCE), entry
        assert cell("rank") == want.rank, entry
    assert_ranking_sheet(values, book, expected)


def assert_ranking_sheet(values: Any, book: SwissEventBook, expected: dict[int, Expected]) -> None:
    """The Ranking sheet is the core's ranking of the totals and tie-breaks worked out here."""
    entries = list(range(1, book.teams + 1))
    totals = [expected[e].total for e in entries]
    tiebreaks = [expected[e].tiebreak for e in entries]
    names = values[ENTRIES_SHEET]
    letters = {
        "place": "A",
        "entry": "B",
        "name": "C",
        "total": "D",
        "tiebreak": "E",
        "played": "F",
    }
    checks.assert_ranking(
        values[RANKING_SHEET],
        letters,
        RANKING_FIRST_ROW,
        book.teams,
        totals,
        tiebreaks,
        {
            "entry": entries,
            "name": [names[book.entries_cell("name", e)].value for e in entries],
            "total": totals,
            "tiebreak": tiebreaks,
            "played": [expected[e].played for e in entries],
        },
    )


def assert_names_are_text(values: Any, book: SwissEventBook, event: Event) -> None:
    entries, standings = values[ENTRIES_SHEET], values[STANDINGS_SHEET]
    for entry, name in event.names.items():
        assert entries[book.entries_cell("name", entry)].value == name
        assert standings[book.standings_cell("name", entry)].value == name


def assert_steered_couples(expected: dict[int, Expected]) -> None:
    """Entries 1 and 2 rank equal; 3 and 4 have equal VPs and the tie-break separates them."""
    one, two, three, four = (expected[e] for e in (1, 2, 3, 4))
    assert one.total == two.total and one.rank == two.rank
    assert three.total == four.total and three.tiebreak != four.tiebreak
    assert three.rank != four.rank


# --------------------------------------------------------------------------------------------
# Recalculated in LibreOffice


def test_random_teams_event_matches_core(libreoffice, tmp_path: Path) -> None:
    """11 teams (a bye every round), 5 rounds of 7 boards, K = 6: VPs, standings, ranks."""
    book = build_swiss_event(form="teams", teams=11, rounds=5, boards=7, k=6.0)
    assert not book.late_entry
    event = random_event(book, 2024, {})
    type_event(book, event)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "swiss-teams.xlsx")
    assert values[SCALE_SHEET][book.card.sigma].value == pytest.approx(6.0 * 7**0.5)
    assert_tables_match(values, book, event)
    expected = expected_standings(book, event)
    assert_standings_match(values, book, expected)
    assert_names_are_text(values, book, event)
    # The event exercises what it should: byes, an unfinished last round, a tie on both keys.
    last = book.rounds
    assert any(a is None for r, _, _, a, _ in event.tables)
    unfinished = [e for e, line in expected.items() if last not in line.rounds]
    assert unfinished and all(
        blank(values[STANDINGS_SHEET][book.standings_cell(f"round{last}", e)].value)
        for e in unfinished
    )
    assert_steered_couples(expected)


def test_random_pairs_event_with_late_entry_matches_core(libreoffice, tmp_path: Path) -> None:
    """13 pairs over 6 rounds of 10 boards, S8 = 10.35, late entrants at rounds 3 … 6."""
    book = build_swiss_event(form="pairs", teams=13, rounds=6, boards=10, k=10.35)
    assert book.late_entry
    enters: dict[int, int | None] = {8: 1, 9: 2, 10: 3, 11: 4, 12: 5, 13: 6}
    event = random_event(book, 7, enters)
    type_event(book, event)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "swiss-pairs.xlsx")
    entries = values[ENTRIES_SHEET]
    assert entries[SESSIONS_CELL].value == 6 and entries[ADD_CELL].value == 17
    late = [entries[book.entries_cell("entry_vps", e)].value for e in (10, 11, 12, 13)]
    assert late == SPEC_LATE_ENTRY[6]  # 14, 29, 45, 62
    assert [entries[book.entries_cell("entry_vps", e)].value for e in (1, 8, 9)] == [0, 0, 0]
    assert_tables_match(values, book, event)
    expected = expected_standings(book, event)
    assert_standings_match(values, book, expected)
    assert_names_are_text(values, book, event)
    standings = values[STANDINGS_SHEET]
    # The pair entering at the last round has its entry VPs (on Entries) but no result yet:
    # its Standings line is blank, entry VPs included, until its first result.
    keys = ("entry_vps", "total", "rank")
    assert all(blank(standings[book.standings_cell(k, 13)].value) for k in keys)
    assert_steered_couples(expected)


def test_late_entry_scores_and_draw_checks(libreoffice, tmp_path: Path) -> None:
    """T = 7: entry VPs 13, 27, 42, 58, 75 (Probst's VP scales); a bad draw is named, never scored.

    Rounds 1 and 4 … 7 stay empty: their sheets and the standings must be blank.
    """
    book = build_swiss_event(form="teams", teams=9, rounds=7, late_entry=True)
    names = {e: TRICKY_NAMES[(e - 1) % len(TRICKY_NAMES)] for e in range(1, 10)}
    enters: dict[int, int | None] = {1: None, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7}
    for entry, name in names.items():
        enter_entry(book, entry, name, enters.get(entry))
    problems = {
        (2, 1, 7, 1, 5): "team 7 enters at round 7",
        (2, 2, 2, 2, None): "team 2 cannot play itself",
        (2, 3, 3, 8, 4): "team 8 is drawn twice",
        (2, 4, 8, 9, -4): "team 8 is drawn twice",
        (2, 5, None, 4, None): "type the home team",
        (3, 1, 2, None, 3): "a bye takes no margin",
        (3, 2, 10, 3, 7): "no team 10",  # pasted past the validation
        (3, 3, 1, None, None): BYE,
        (3, 4, 8, 9, None): TO_PLAY,
    }
    for r, t, home, away, margin in problems:
        enter_table(book, r, t, home, away, margin)
    values = checks.recalculated(libreoffice, book.workbook, tmp_path / "swiss-checks.xlsx")
    entries = values[ENTRIES_SHEET]
    got = [entries[book.entries_cell("entry_vps", e)].value for e in range(1, 10)]
    assert got == [0, 0, *SPEC_LATE_ENTRY[7], 0, 0]  # 13, 27, 42, 58, 75
    assert got == [late_entry_score(enters.get(e), 7) for e in range(1, 10)]
    for (r, t, *_), message in problems.items():
        sheet = values[book.round_sheet(r)]
        assert sheet[book.round_cell("check", t)].value == message, (r, t)
        scored = message == BYE
        assert blank(sheet[book.round_cell("home_vps", t)].value) is not scored, (r, t)
        assert blank(sheet[book.round_cell("away_vps", t)].value), (r, t)
    for r in (1, 4, 5, 6, 7):
        sheet = values[book.round_sheet(r)]
        for t in range(1, book.tables + 1):
            assert all(blank(sheet[book.round_cell(k, t)].value) for k in ROUND if k != "table")
    # Only team 1's bye reaches the standings.
    event = Event(names, enters, [(3, 3, 1, None, None)])
    expected = expected_standings(book, event)
    assert expected[1].total == 12 and expected[1].rank == 1
    assert_standings_match(values, book, expected)
    assert_names_are_text(values, book, event)


# --------------------------------------------------------------------------------------------
# Structure (no recalculation)


@pytest.mark.parametrize("form", ["teams", "pairs"])
def test_inputs_unlocked_formulas_locked_and_validated(form: str) -> None:
    book = build_swiss_event(form=form, teams=7, rounds=4)
    wb = book.workbook
    assert wb.sheetnames == [
        ENTRIES_SHEET,
        "Round 1",
        "Round 2",
        "Round 3",
        "Round 4",
        STANDINGS_SHEET,
        RANKING_SHEET,
        SCALE_SHEET,
    ]
    checks.assert_only_inputs_unlocked(wb[RANKING_SHEET], ())
    checks.assert_protected(wb.worksheets)
    last_table = book.table_row(book.tables)
    tables = range(FIRST_ROW, last_table + 1)
    for r in range(1, book.rounds + 1):
        sheet = wb[book.round_sheet(r)]
        assert sheet.freeze_panes == f"A{FIRST_ROW}"
        checks.assert_only_inputs_unlocked(sheet, checks.cells(ROUND, ROUND_INPUTS, tables))
        checks.assert_filled(sheet, checks.cells(ROUND, ROUND.keys() - ROUND_INPUTS, tables))
        rules = checks.rules_by_range(sheet)
        entry_rule = rules[f"B{FIRST_ROW}:B{last_table} D{FIRST_ROW}:D{last_table}"]
        assert (entry_rule.type, entry_rule.formula1, entry_rule.formula2) == ("whole", "1", "7")
        margin_rule = rules[f"F{FIRST_ROW}:F{last_table}"]
        if form == "teams":
            assert (margin_rule.type, margin_rule.formula1, margin_rule.formula2) == (
                "whole",
                str(-MAX_IMPS),
                str(MAX_IMPS),
            )
        else:
            assert margin_rule.type == "custom"
            assert "ROUND(F3,2)=F3" in margin_rule.formula1 and "F3<=100" in margin_rule.formula1
    entries = wb[ENTRIES_SHEET]
    entry_rows = range(FIRST_ENTRY_ROW, book.entry_row(book.teams) + 1)
    if book.late_entry:
        inputs = checks.cells(book.entries_columns, ("name", "enters"), entry_rows) | {ADD_CELL}
    else:
        inputs = checks.cells(book.entries_columns, ("name",), entry_rows)
    checks.assert_only_inputs_unlocked(entries, inputs)
    for entry in range(1, book.teams + 1):
        assert entries[book.entries_cell("name", entry)].number_format == "@"
    assert entries.freeze_panes == f"A{FIRST_ENTRY_ROW}"
    entry_rules = {rule.type: rule for rule in entries.data_validations.dataValidation}
    assert entry_rules["textLength"].formula1 == "60"
    if form == "pairs":
        assert entries[ADD_CELL].protection.locked is False and entries[ADD_CELL].value == 17
        assert entries[SESSIONS_CELL].protection.locked is not False
        assert (entry_rules["whole"].formula1, entry_rules["whole"].formula2) == ("1", "4")
        # the add must exceed the rounds less 3 (and 0): no entry score is ever negative
        assert entry_rules["decimal"].operator == "greaterThan"
        assert entry_rules["decimal"].formula1 == "1"
    else:
        assert "enters" not in book.entries_columns and "entry_vps" not in book.standings_columns
    standings = wb[STANDINGS_SHEET]
    standing_rows = range(FIRST_ROW, book.standings_row(book.teams) + 1)
    checks.assert_only_inputs_unlocked(standings, ())
    checks.assert_filled(
        standings, checks.cells(book.standings_columns, book.standings_columns, standing_rows)
    )
    scale = wb[SCALE_SHEET]
    bye = book.bye_vps.replace("$", "")
    checks.assert_only_inputs_unlocked(scale, {book.card.boards, book.card.k, bye})
    assert scale[bye].value == 12
    assert scale[book.card.k].value == (6.5 if form == "teams" else 11)
    checks.assert_allowed_functions(wb, ALLOWED_FUNCTIONS)


def test_defaults() -> None:
    teams = build_swiss_event()
    assert (teams.teams, teams.rounds, teams.boards, teams.tables) == (16, 7, 8, 8)
    assert (teams.k, teams.late_entry, teams.noun) == (6.5, False, "team")
    pairs = build_swiss_event(form="pairs")
    assert (pairs.k, pairs.late_entry, pairs.noun) == (11.0, True, "pair")
    assert build_swiss_event(form="teams", late_entry=True).late_entry
    assert not build_swiss_event(form="pairs", late_entry=False).late_entry
    heading = pairs.workbook["Round 1"][f"{ROUND['home']}2"].value
    assert (
        heading == "Home pair number" and "team" not in pairs.workbook[STANDINGS_SHEET]["A1"].value
    )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_print_setup(paper: str) -> None:
    book = build_swiss_event(form="pairs", paper=paper)
    for sheet in book.workbook.worksheets:
        checks.assert_printable(sheet, paper)
    standings = book.workbook[STANDINGS_SHEET]
    rank = book.standings_columns["rank"]
    assert str(standings.print_area).endswith(f"${rank}${book.standings_row(book.teams)}")
    assert str(standings.print_title_rows) == "$1:$2"


@pytest.mark.parametrize(
    ("arguments", "option"),
    [
        ({"form": "butler"}, "form"),
        ({"teams": 1}, "teams"),
        ({"teams": 2.5}, "teams"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": 31}, "rounds"),
        ({"form": "pairs", "rounds": 20}, "rounds"),  # late entry needs A − T + 3 > 0
        ({"boards": 0}, "boards"),
        ({"boards": 201}, "boards"),
        ({"k": 0}, "k"),
        ({"k": -6.5}, "k"),
        ({"paper": "a3"}, "paper"),
        ({"late_entry": "yes"}, "late_entry"),
    ],
)
def test_bad_options_are_rejected(arguments: dict[str, Any], option: str) -> None:
    with pytest.raises(InputError, match=rf"^{option} "):
        build_swiss_event(**arguments)


def test_pairs_without_late_entry_allow_more_rounds() -> None:
    book = build_swiss_event(form="pairs", rounds=20, late_entry=False, teams=24)
    assert book.rounds == 20 and "entry_vps" not in book.standings_columns


@pytest.mark.parametrize(("teams", "most"), [(8, 7), (9, 9), (2, 1), (24, 23)])
def test_more_rounds_than_opponents_are_refused(teams: int, most: int) -> None:
    """8 teams meet at most 7 others: a 9-round Swiss would repeat; an odd field adds a bye."""
    assert build_swiss_event(teams=teams, rounds=most).rounds == most
    with pytest.raises(InputError, match=rf"^rounds must be at most {most} for {teams} teams"):
        build_swiss_event(teams=teams, rounds=most + 1)
