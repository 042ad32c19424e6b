"""Project 52 handicaps (P. Jernberg, the Swedish Bridge Federation; docs/handicaps.md).

Handicaps run from 0 (best) to 52 (beginner). A pair's handicap is the mean of its two
players', a team's the mean of its four. After each competition every player moves by

    Δh = (N_G / 480) · N_B/(N_B + S) · C_u · C_k · C_b · (r̂ − r)

and h_new = min(52, h + Δh) (no floor). ``r`` is the achieved result and ``r̂`` the result
the handicaps predict, both *above average*: percentage points above 50 % for matchpoint
("topscore") events, IMPs per board for IMP events. N_B is the boards in the competition, N_G
the boards the player played.

=================  ======================================  =====================  ====
form               r̂                                       C_u                    C_k
=================  ======================================  =====================  ====
pairs              C_u·(h̄ − h_pair)/(C_k·C_b)              N/(N−1); 1 with datum  1
individual         C_u·(h̄ − h_player)/(C_k·C_b)            N/(N−1); 1 with datum  2
team (one match)   (h_opponents − h_team)/(C_k·C_b)        2                      ½
=================  ======================================  =====================  ====

h̄ is the mean handicap of all N entries, own included, so C_u·(h̄ − h) is "mean of the others
minus own". Method constants: topscore S = 0.6, C_b = 2 (a handicap unit is 0.5 %); imp
S = 0.1, C_b = 12. Every constant is a field of :class:`Constants`, whose defaults are the
published values. Results here are always *above average*; the Excel functions and files read
and show topscore results as percentages (60.8).

Every function is vectorised: one call scores every entry of a competition, and
:func:`competition_changes` every entry of many competitions at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from xlbridge.errors import InputError
from xlbridge.scoring.checks import choice, shown

FORMS = ("pairs", "individual", "team")
METHODS = ("topscore", "imp")


@dataclass(frozen=True)
class Constants:
    """The system's constants (Project 52's values by default)."""

    impact: float = 480.0  # boards after which old results weigh about 1/e
    cap: float = 52.0  # the highest handicap, a beginner's
    start_c: float = 0.01  # C of the start handicap 52 / (1 + C·M)
    s_topscore: float = 0.6  # S, the boards' distribution factor
    s_imp: float = 0.1
    c_b_topscore: float = 2.0  # C_b, handicap units per result unit
    c_b_imp: float = 12.0
    c_k_pairs: float = 1.0  # C_k, the scale of the result owner
    c_k_individual: float = 2.0
    c_k_team: float = 0.5
    c_u_team: float = 2.0  # C_u of a single team match

    def s(self, method: str) -> float:
        return self.s_topscore if method == "topscore" else self.s_imp

    def c_b(self, method: str) -> float:
        return self.c_b_topscore if method == "topscore" else self.c_b_imp

    def c_k(self, form: str) -> float:
        return {"pairs": self.c_k_pairs, "individual": self.c_k_individual}.get(form, self.c_k_team)


SPEC = Constants()

#: Topscore results are read and shown as percentages; the formulas use points above this.
AVERAGE_PERCENT = 50.0


# --------------------------------------------------------------------------------------------
# Input checks


def _values(name: str, values: ArrayLike) -> np.ndarray:
    array = np.asarray(values, dtype=float)
    bad = ~np.isfinite(array)
    if bad.any():
        raise InputError(f"{name} must hold numbers, got {shown(float(array[bad][0]))}")
    return array


def _handicaps(name: str, values: ArrayLike, cap: float = SPEC.cap) -> np.ndarray:
    """Handicaps: at most the cap (52); no floor, but nothing below −100 is a handicap."""
    array = _values(name, values)
    bad = (array < -100) | (array > cap)
    if bad.any():
        raise InputError(
            f"{name} must hold handicaps of at most {shown(cap)} (0 best, {shown(cap)} "
            f"beginner), got {shown(array[bad][0])}"
        )
    return array


def _boards(name: str, values: ArrayLike) -> np.ndarray:
    array = _values(name, values)
    bad = (array < 1) | (array != np.round(array))
    if bad.any():
        raise InputError(
            f"{name} must hold whole numbers of at least 1, got {shown(array[bad][0])}"
        )
    return array


# --------------------------------------------------------------------------------------------
# Handicaps of players, pairs and teams


def start_handicap(masterpoints: ArrayLike, constants: Constants = SPEC) -> np.ndarray:
    """A newcomer's handicap from master points M: H₀ = 52 / (1 + C·M), C = 0.01.

    M = 0 → 52, 50 → 34.7, 300 → 13.0, 3000 → 1.68 (Project 52).
    """
    points = _values("masterpoints", masterpoints)
    if (points < 0).any():
        raise InputError(f"masterpoints must be at least 0, got {shown(points[points < 0][0])}")
    return constants.cap / (1 + constants.start_c * points)


def side_handicap(players: ArrayLike) -> np.ndarray:
    """The handicap of a pair or team: the mean of its players' (the last axis)."""
    mean: NDArray[np.float64] = _handicaps("players", players).mean(axis=-1)
    return mean


def capped(handicap: ArrayLike, change: ArrayLike, constants: Constants = SPEC) -> np.ndarray:
    """h + Δh, no higher than the cap of 52 (there is no floor)."""
    limited: NDArray[np.float64] = np.minimum(
        constants.cap, np.asarray(handicap, float) + np.asarray(change, float)
    )
    return limited


# --------------------------------------------------------------------------------------------
# Expected results and changes of one competition


class Factors(NamedTuple):
    """C_u, C_k and C_b of a competition's entries."""

    c_u: np.ndarray
    c_k: float
    c_b: float


def _factors(
    form: str, method: str, entries: ArrayLike, datum: bool, constants: Constants
) -> Factors:
    n = np.asarray(entries, dtype=float)
    if form == "team":
        c_u = np.full(n.shape, constants.c_u_team)
    elif datum:
        c_u = np.ones(n.shape)
    else:
        if (n < 2).any():
            raise InputError(f"a {form} competition needs at least 2 entries, got {shown(n.min())}")
        c_u = n / (n - 1)
    return Factors(c_u, constants.c_k(form), constants.c_b(method))


def expected_result(
    own: ArrayLike,
    field: ArrayLike,
    form: str = "pairs",
    method: str = "topscore",
    datum: bool = False,
    constants: Constants = SPEC,
) -> np.ndarray:
    """The result each entry's handicap predicts, above average (%-points or IMPs per board).

    pairs/individual: ``field`` holds every entry's handicap, own included (its mean is h̄),
    and r̂ = C_u·(h̄ − own)/(C_k·C_b). team: ``field`` is the opponents' handicap (one value
    or one per entry) and r̂ = (h_opponents − own)/(C_k·C_b). A pair of 13.0 among pairs of
    34.7 expects (34.7 − 13.0)/2 = +10.8 % (Project 52).
    """
    expected, _ = _expected(own, field, form, method, datum, constants)
    return expected


def _expected(
    own: ArrayLike, field: ArrayLike, form: str, method: str, datum: bool, constants: Constants
) -> tuple[np.ndarray, Factors]:
    """r̂ of each entry and the competition's factors (see :func:`expected_result`)."""
    form, method = choice("form", form, FORMS), choice("method", method, METHODS)
    own_h = _handicaps("own", own, constants.cap)
    field_h = _handicaps("field", field, constants.cap)
    if form == "team":
        factors = _factors(form, method, np.ones(own_h.shape), datum, constants)
        return (field_h - own_h) / (factors.c_k * factors.c_b), factors
    if field_h.size == 0:
        raise InputError("field must hold every entry's handicap, got none")
    factors = _factors(form, method, field_h.size, datum, constants)
    return factors.c_u * (field_h.mean() - own_h) / (factors.c_k * factors.c_b), factors


def handicap_change(
    own: ArrayLike,
    field: ArrayLike,
    achieved: ArrayLike,
    boards: ArrayLike,
    played: ArrayLike | None = None,
    form: str = "pairs",
    method: str = "topscore",
    datum: bool = False,
    constants: Constants = SPEC,
) -> np.ndarray:
    """Δh of each player of each entry (before the cap), from the entry's result above average.

    Δh = (N_G/480)·N_B/(N_B + S)·C_u·C_k·C_b·(r̂ − r): doing 10 % better than expected over
    24 boards among 12 pairs moves each player by −1.06. ``played`` (N_G) defaults to
    ``boards`` (N_B). See :func:`expected_result` for ``own`` and ``field``.
    """
    expected, factors = _expected(own, field, form, method, datum, constants)
    result = _values("achieved", achieved)
    n_b = _boards("boards", boards)
    n_g = n_b if played is None else _boards("played", played)
    if (n_g > n_b).any():
        raise InputError(f"played must be at most boards, got {shown(np.max(n_g))}")
    weight = (n_g / constants.impact) * n_b / (n_b + constants.s(choice("method", method, METHODS)))
    change: NDArray[np.float64] = (
        weight * factors.c_u * factors.c_k * factors.c_b * (expected - result)
    )
    return change


def guest_handicap(
    field: ArrayLike,
    guest_results: ArrayLike,
    form: str = "pairs",
    method: str = "topscore",
    datum: bool = False,
    constants: Constants = SPEC,
) -> np.ndarray:
    """Temporary handicaps of guest entries, so that each expects what it achieved.

    ``field`` holds the handicaps of the N − n entries that have one, ``guest_results`` the
    results above average of the n that do not (Project 52, guests):
    h̃ = h̄ − (C_k·C_b/C_u)·[r + n·r̃/(N − n)], r̃ the guests' mean result. With these in the
    field, every guest's expected result equals its achieved one, so it does not move anyone.
    """
    form, method = choice("form", form, ("pairs", "individual")), choice("method", method, METHODS)
    known = _handicaps("field", field, constants.cap)
    results = _values("guest_results", guest_results)
    if known.size == 0:
        raise InputError("field must hold at least one handicap, got none")
    n = results.size
    factors = _factors(form, method, known.size + n, datum, constants)
    scale = factors.c_k * factors.c_b / factors.c_u
    handicaps: NDArray[np.float64] = known.mean() - scale * (
        results + n * results.mean() / known.size
    )
    return handicaps


def tournament_result(achieved: ArrayLike, expected: ArrayLike) -> np.ndarray:
    """A handicap tournament's result: the scratch result minus the expected result."""
    result: NDArray[np.float64] = _values("achieved", achieved) - _values("expected", expected)
    return result


# --------------------------------------------------------------------------------------------
# Many competitions at once (the batch)


@dataclass(frozen=True)
class Entries:
    """Result rows of many competitions: one row per entry (pair, player or team).

    ``competition`` numbers the competition of each row (0 … C−1); ``form``/``method``/
    ``datum`` are per competition; ``handicap`` is the entry's handicap (its players' mean);
    ``achieved`` the result above average; ``boards``/``played`` N_B and N_G per row.
    """

    competition: np.ndarray
    handicap: np.ndarray
    achieved: np.ndarray
    boards: np.ndarray
    played: np.ndarray
    form: np.ndarray  # index into FORMS, per competition
    method: np.ndarray  # index into METHODS, per competition
    datum: np.ndarray  # bool, per competition


@dataclass(frozen=True)
class Field:
    """What the changes of many competitions' entries need besides their handicaps.

    Per row: the competition, its number of entries N, whether it is a team match, C_u,
    C_k·C_b, the weight (N_G/480)·N_B/(N_B + S) and the achieved result. Rows of whole
    competitions can be taken out with :meth:`part` and scored on their own.
    """

    competition: np.ndarray
    entries: np.ndarray
    is_team: np.ndarray
    c_u: np.ndarray
    scale: np.ndarray
    weight: np.ndarray
    achieved: np.ndarray
    competitions: int

    def part(self, rows: slice | np.ndarray) -> Field:
        """The rows ``rows`` (whole competitions: a slice, or their indices), keeping the
        competition numbers."""
        return Field(
            self.competition[rows],
            self.entries[rows],
            self.is_team[rows],
            self.c_u[rows],
            self.scale[rows],
            self.weight[rows],
            self.achieved[rows],
            self.competitions,
        )


def prepare_field(
    entries: Entries, names: Sequence[str] | None = None, constants: Constants = SPEC
) -> Field:
    """Check many competitions' rows and work out everything but the handicaps.

    Every competition needs at least 2 entries; a team competition is one match of exactly
    two rows, each the other's opponents. ``names`` (one per competition) label the messages.
    """
    comp = entries.competition
    count = np.bincount(comp, minlength=entries.form.size)
    is_team_competition = entries.form == FORMS.index("team")
    present = count > 0  # competitions may be numbered with gaps (rows of others left out)
    for bad, what in (
        (present & (count < 2), "must have at least 2 entries"),
        (
            present & is_team_competition & (count != 2),
            "is a team match and must have exactly 2 teams",
        ),
    ):
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            label = i if names is None else names[i]
            raise InputError(f"competition {label} {what}, got {count[i]}")
    # The factors, once per competition, then given to its rows.
    n = count.astype(float)
    form, method = entries.form, entries.method
    c_u = np.where(
        is_team_competition,
        constants.c_u_team,
        np.where(entries.datum, 1.0, n / np.maximum(n - 1, 1)),
    )
    c_k = np.select(
        [form == FORMS.index("pairs"), form == FORMS.index("individual")],
        [constants.c_k_pairs, constants.c_k_individual],
        constants.c_k_team,
    )
    topscore = method == METHODS.index("topscore")
    c_b = np.where(topscore, constants.c_b_topscore, constants.c_b_imp)
    s = np.where(topscore, constants.s_topscore, constants.s_imp)[comp]
    weight = (entries.played / constants.impact) * entries.boards / (entries.boards + s)
    return Field(
        comp,
        n[comp],
        is_team_competition[comp],
        c_u[comp],
        (c_k * c_b)[comp],
        weight,
        entries.achieved,
        count.size,
    )


def field_changes(field: Field, handicap: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Expected result and Δh of every row of a field, given each entry's handicap."""
    total = np.bincount(field.competition, weights=handicap, minlength=field.competitions)
    total_of_row = total[field.competition]
    others = np.where(
        field.is_team, total_of_row - handicap, field.c_u * total_of_row / field.entries
    )
    gap = others - np.where(field.is_team, 1.0, field.c_u) * handicap
    expected = gap / field.scale
    return expected, field.weight * field.c_u * field.scale * (expected - field.achieved)


def competition_changes(
    entries: Entries, names: Sequence[str] | None = None, constants: Constants = SPEC
) -> tuple[np.ndarray, np.ndarray]:
    """Expected result and Δh of every row of many competitions, in one vectorised pass.

    See :func:`prepare_field` for the checks. A pairs or individual entry expects
    C_u·(h̄ − h)/(C_k·C_b); a team, (h_opponents − h_team)/(C_k·C_b).
    """
    return field_changes(prepare_field(entries, names, constants), entries.handicap)
