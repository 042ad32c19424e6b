"""What the cards say about a movement, in words: pairs' names, where pairs and boards go next,
relays and sit-outs."""

from __future__ import annotations

from xlbridge.io.movement_file import boards_text
from xlbridge.scoring.movement.build import Movement, Pair, Seating


def pair_name(pair: Pair) -> str:
    """ "5" in a Howell, "EW 5" in a Mitchell."""
    return f"{pair.home} {pair.number}" if pair.home else str(pair.number)


def pair_words(pair: Pair) -> str:
    """A pair in a sentence: "pair 5" in a Howell, "EW 5" in a Mitchell."""
    return pair_name(pair) if pair.home else f"pair {pair.number}"


def seat_of(movement: Movement, pair: Pair, round_: int) -> tuple[Seating, str] | None:
    """Where ``pair`` plays in ``round_``: its seating and direction (None: it sits out)."""
    return movement.seat_of(pair, round_)


def pairs_next(movement: Movement, seating: Seating) -> str:
    """Where the pairs of ``seating`` play in the next round: "EW 5 to table 4 EW", "pair 2
    to table 3 EW; pair 5 stays", "sits out"; "" after the last round."""
    if seating.round == movement.rounds:
        return ""
    parts = []
    for pair, direction in ((seating.ns, "NS"), (seating.ew, "EW")):
        found = seat_of(movement, pair, seating.round + 1)
        if found is None:
            parts.append(f"{pair_words(pair)} sits out")
            continue
        where, seat = found
        if where.table == seating.table and seat == direction:
            if movement.is_mitchell:
                continue  # a stationary Mitchell pair: nothing to say
            parts.append(f"{pair_words(pair)} stays")
        else:
            parts.append(f"{pair_words(pair)} to table {where.table} {seat}")
    return "; ".join(parts)


def boards_next(movement: Movement, seating: Seating) -> str:
    """Where the boards of ``seating`` go for the next round: "table 2", "tables 1 and 8"
    (a relay), "bye stand", "table 3 in round 5" (resting a round); "" after the last round."""
    if seating.round == movement.rounds:
        return ""
    for round_ in range(seating.round + 1, movement.rounds + 1):
        tables = movement.tables_playing(round_, seating.boards)
        if not tables:
            continue
        where = ("table " if len(tables) == 1 else "tables ") + _and(tables)
        if round_ == seating.round + 1:
            return where
        return "bye stand" if movement.bye_stand else f"{where} in round {round_}"
    return _split_next(movement, seating)


def _split_next(movement: Movement, seating: Seating) -> str:
    """Where the boards of ``seating`` go when no table plays them all together again (the
    half-sets of a 3-table Howell): "1-2 to table 3; 9-10 to table 2 in round 4"; "5-6 not
    played again"."""
    going: dict[str, list[int]] = {}
    for board in seating.boards:
        later = [s for s in movement.seatings if s.round > seating.round and board in s.boards]
        if not later:
            going.setdefault("not played again", []).append(board)
            continue
        round_ = min(s.round for s in later)
        tables = [s.table for s in later if s.round == round_]
        where = ("to table " if len(tables) == 1 else "to tables ") + _and(tables)
        when = "" if round_ == seating.round + 1 else f" in round {round_}"
        going.setdefault(where + when, []).append(board)
    if len(going) == 1:  # all together: "not played again", or "table 3" as above
        return next(iter(going)).removeprefix("to ")
    return "; ".join(f"{boards_text(tuple(b))} {where}" for where, b in going.items())


def pair_next(movement: Movement, pair: Pair, round_: int) -> str:
    """Where ``pair`` plays in the round after ``round_``: "table 3 EW", "sit out"; "" after
    the last round."""
    if round_ == movement.rounds:
        return ""
    found = seat_of(movement, pair, round_ + 1)
    return "sit out" if found is None else f"table {found[0].table} {found[1]}"


def _and(numbers: list[int]) -> str:
    shown = [str(n) for n in numbers]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def note(seating: Seating) -> str:
    """A relay or an arrow-switch at this table in this round."""
    parts = []
    if seating.shares:
        parts.append(f"relay: share boards with table {_and(list(seating.shares))}")
    if seating.switched:
        parts.append(f"arrow-switch: {pair_name(seating.ns)} sits NS")
    return "; ".join(parts)


#: The table cards' columns centred over the lines their text holds: the boards, a run a
#: line (:func:`board_list`).
LINED = ("boards",)


def board_list(seating: Seating, between: str = "\n") -> str:
    """The boards a card shows: "1-4" for a set; for a table playing halves of sets, its runs
    ``between`` them: each on a line of its own ("13-14" over "19-20", for a narrow column
    that wraps) or on one line ("13-14,19-20")."""
    runs: list[list[int]] = []
    for board in seating.boards:
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return between.join(boards_text(tuple(run)) for run in runs)
