"""``xlbridge movement``: build a Mitchell or a Howell (or read a movement CSV), check it,
print it, and write it as CSV and as printable table and guide cards.

Imports nothing heavy at the top (the command line builds its options before numpy loads).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from xlbridge.cli.common import (
    Commands,
    add_event_options,
    event_options,
    number_arg,
    require_csv,
    require_new,
    require_xlsx,
    text_writer,
)
from xlbridge.errors import InputError

if TYPE_CHECKING:
    from xlbridge.scoring.movement.build import Movement

KINDS = ("mitchell", "howell")


def add_movement_parser(commands: Commands) -> None:
    """Register ``xlbridge movement``."""
    movement = commands.add_parser(
        "movement",
        help="a Mitchell or Howell movement (or your own CSV): print it, write it as CSV, "
        "print table and guide cards",
        description="Build a Mitchell (3-15 tables) or a complete Howell (4-16 pairs), or read "
        "your own movement from a CSV (round,table,ns,ew,boards), check it, and print it "
        "round by round; --csv writes it as CSV and -o the printable cards.",
    )
    movement.add_argument("movement", help="mitchell, howell, or a movement .csv to read")
    movement.add_argument(
        "--tables", type=number_arg, help="tables (Mitchell: 3-15) (default: from --pairs)"
    )
    movement.add_argument(
        "--pairs",
        type=number_arg,
        help="pairs (Howell: 4-16; an odd number sits one out) (default: from --tables)",
    )
    movement.add_argument(
        "--rounds", type=number_arg, help="fewer rounds than the full movement (default: all)"
    )
    movement.add_argument(
        "--boards-per-round",
        type=number_arg,
        help="boards a round, 1-8 (default: about 26 boards in all)",
    )
    movement.add_argument(
        "--arrow-switch",
        nargs="?",
        const="last",
        metavar="R,R...",
        help="Mitchell: arrow-switch the last round (the last two after 9 rounds), or the "
        "rounds given, for one winner (default: none)",
    )
    even = movement.add_mutually_exclusive_group()
    even.add_argument(
        "--skip",
        dest="even",
        action="store_const",
        const="skip",
        help="Mitchell with an even number of tables: EW skip a table after half-way",
    )
    even.add_argument(
        "--relay",
        dest="even",
        action="store_const",
        const="relay",
        help="Mitchell with an even number of tables: a relay and bye stand (the default)",
    )
    movement.add_argument(
        "--revenge",
        action="store_true",
        help="skip Mitchell: one more round in which every EW pair meets the NS pair it "
        "skipped, on new boards shared by two tables (implies --skip)",
    )
    movement.add_argument(
        "--csv",
        type=Path,
        metavar="MOVEMENT.csv",
        help="write the movement as CSV (default: not written)",
    )
    movement.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="CARDS.xlsx",
        help="write the printable cards (default: not written)",
    )
    add_event_options(movement)
    movement.add_argument("--paper", default="a4", help="a4 or letter (default: a4)")
    movement.add_argument("--force", action="store_true", help="overwrite existing files")
    movement.set_defaults(run=run_movement)


def _arrow_rounds(text: str | None) -> list[int] | bool:
    if text is None:
        return False
    if text == "last":
        return True
    rounds = []
    for part in text.split(","):
        try:
            rounds.append(int(part))
        except ValueError:
            raise InputError(
                f"--arrow-switch takes round numbers such as 7,8, got {text!r}"
            ) from None
    return rounds


def _whole(value: float | None) -> Any:
    """An option's number as the builders take it: a whole number as an int (anything else is
    refused there, by the option's name)."""
    return int(value) if value is not None and float(value).is_integer() else value


def make_movement(
    kind: str,
    *,
    tables: float | None = None,
    pairs: float | None = None,
    rounds: float | None = None,
    boards_per_round: float | None = None,
    arrow_switch: str | None = None,
    even: str | None = None,
    revenge: bool = False,
) -> tuple[Movement, list[str]]:
    """The movement ``kind`` names (mitchell, howell or a CSV file) and its warnings, checked.

    Raises InputError for an option the movement does not take, or one out of range."""
    from xlbridge.scoring.movement.build import howell, mitchell
    from xlbridge.scoring.movement.checks import check_movement

    if kind.lower() not in KINDS:
        options = (tables, pairs, rounds, boards_per_round, arrow_switch, even, revenge or None)
        return _from_file(Path(kind), *options)
    sizes = {
        "tables": _whole(tables),
        "pairs": _whole(pairs),
        "rounds": _whole(rounds),
        "boards_per_round": _whole(boards_per_round),
    }
    if kind.lower() == "howell":
        if arrow_switch is not None or even is not None or revenge:
            flag = "--arrow-switch" if arrow_switch is not None else f"--{even or 'revenge'}"
            raise InputError(f"{flag} is for a Mitchell, not a Howell")
        built = howell(**sizes)
    else:
        switched = _arrow_rounds(arrow_switch)
        built = mitchell(**sizes, even=even, arrow_switch=switched, revenge=revenge)
    return built, check_movement(built)


def _from_file(path: Path, *options: object) -> tuple[Movement, list[str]]:
    from xlbridge.io.movement_file import read_movement

    if any(option is not None for option in options):
        raise InputError(
            f"{path} is a movement file: --tables, --pairs, --rounds, --boards-per-round, "
            "--arrow-switch, --skip, --relay and --revenge are for mitchell or howell"
        )
    if path.suffix.lower() != ".csv":
        raise InputError(f"movement must be mitchell, howell or a .csv file, got {str(path)!r}")
    return read_movement(path)


def run_movement(args: argparse.Namespace) -> int:
    from xlbridge.scoring import checks
    from xlbridge.scoring.movement.checks import balance

    if args.output is not None:
        require_xlsx(args.output)
    paper = checks.choice("paper", args.paper, ("a4", "letter"))
    if args.csv is not None:
        require_csv(args.csv, "--csv")
    if args.csv is not None and args.output is not None and args.csv == args.output:
        raise InputError("--csv and -o name the same file")
    if args.csv is not None and args.csv.resolve() == Path(args.movement).resolve():
        raise InputError(f"--csv {args.csv} is the movement file read: write to another name")
    movement, warnings = make_movement(
        args.movement,
        tables=args.tables,
        pairs=args.pairs,
        rounds=args.rounds,
        boards_per_round=args.boards_per_round,
        arrow_switch=args.arrow_switch,
        even=args.even,
        revenge=args.revenge,
    )
    outputs = [path for path in (args.csv, args.output) if path is not None]
    for path in outputs:
        require_new(path, args.force)
    found = balance(movement)
    writers: list[tuple[Path, Callable[[Path], None]]] = []
    if args.csv is not None:
        from xlbridge.io.movement_file import movement_csv

        writers.append((args.csv, text_writer(movement_csv(movement))))
    if args.output is not None:
        from xlbridge.workbooks.movement_cards import build_movement_cards

        cards = build_movement_cards(
            movement, balance=found, warnings=warnings, paper=paper, **event_options(args)
        )
        writers.append((args.output, cards.workbook.save))
    print(movement_text(movement, found.least, found.most))
    _write_all(writers, args.force)
    for warning in warnings:
        print(f"xlbridge: warning: {warning}", file=sys.stderr)
    return 0


def _write_all(writers: list[tuple[Path, Callable[[Path], None]]], force: bool) -> None:
    from xlbridge.io.files import write_atomically

    for path, write in writers:
        write_atomically(path, write, force=force)
        print(f"wrote {path}")


def movement_text(movement: Movement, least: int, most: int) -> str:
    """The movement as a terminal shows it: a line about it, then a row per round and a
    column per table ("3-5 7-9": NS pair 3 against EW pair 5 on boards 7-9)."""
    from xlbridge.io.bounds import terminal_text
    from xlbridge.io.movement_file import boards_text

    pairs = len(movement.pairs)
    head = (
        f"{terminal_text(movement.name)}: {movement.rounds} rounds, {movement.tables} tables, "
        f"{pairs} pairs, {movement.boards} boards in {_sets(movement)}, "
        f"{movement.winners} winner{'s' * (movement.winners > 1)}; two pairs of one ranking "
        f"are compared on {least if least == most else f'{least} to {most}'} boards"
    )
    cells = {
        (s.round, s.table): (
            f"{(s.ew if s.switched else s.ns).number}-{(s.ns if s.switched else s.ew).number}"
            f" {boards_text(s.boards)}" + ("*" if s.shares else "")
        )
        for s in movement.seatings
    }
    width = max(8, *(len(text) for text in cells.values())) + 2
    tables = range(1, movement.tables + 1)
    lines = [head, ("round " + "".join(f"table {t}".ljust(width) for t in tables)).rstrip()]
    switched_rounds = {s.round for s in movement.seatings if s.switched}
    for round_ in range(1, movement.rounds + 1):
        switched = round_ in switched_rounds
        row = [cells.get((round_, t), "-").ljust(width) for t in range(1, movement.tables + 1)]
        out = ", ".join(p.label for p in movement.sitting_out(round_))
        tail = (" arrow-switch" if switched else "") + (f" sits out: {out}" if out else "")
        lines.append(f"{round_:<6}" + "".join(row).rstrip() + tail)
    notes = "cells: NS pair-EW pair and the boards"
    if movement.is_mitchell:
        notes += " (pairs numbered 1 up in each direction; an arrow-switch keeps their order)"
    if any(s.shares for s in movement.seatings):
        notes += "; * tables sharing boards (a relay)"
    lines.append(notes)
    return "\n".join(lines)


def _sets(movement: Movement) -> str:
    """ "7 sets"; "10 half-sets" when tables play parts of sets (boards played together at one
    table and apart at another: a half-set is the boards always played together)."""
    sets = {s.boards for s in movement.seatings}
    if sum(map(len, sets)) == movement.boards:
        return f"{len(sets)} sets"
    where: dict[int, set[tuple[int, int]]] = {}
    for s in movement.seatings:
        for board in s.boards:
            where.setdefault(board, set()).add((s.round, s.table))
    return f"{len({frozenset(places) for places in where.values()})} half-sets"


def session_plan(args: argparse.Namespace) -> dict[str, object]:
    """``template pairs-session`` options from its movement ones: with ``--tables``,
    ``--boards-per-round`` or a movement CSV, the movement whose lines fill the workbook
    (``plan``); else nothing changes."""
    kind = args.movement or "mitchell"
    generated = kind.lower() in KINDS
    if not generated and not kind.lower().endswith(".csv"):
        return {}  # the workbook names the movements it knows
    if generated and args.tables is None and args.boards_per_round is None:
        return {}
    if generated:
        plan, warnings = make_movement(
            kind, tables=args.tables, pairs=args.pairs, boards_per_round=args.boards_per_round
        )
    else:
        if args.tables is not None or args.boards_per_round is not None:
            raise InputError(
                f"{kind} is a movement file: --tables and --boards-per-round are for mitchell "
                "or howell"
            )
        plan, warnings = make_movement(kind)
    for warning in warnings:
        print(f"xlbridge: warning: {warning}", file=sys.stderr)
    return {"plan": plan, "movement": None}
