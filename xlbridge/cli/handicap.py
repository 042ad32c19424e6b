"""``xlbridge handicap update``: apply competitions' results to a register of players'
Project 52 handicaps, with its history, completing an interrupted update first."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from xlbridge.cli.common import Commands, require_csv, require_new
from xlbridge.cli.progress import Progress
from xlbridge.cli.progress import add_options as add_progress_options
from xlbridge.errors import InputError
from xlbridge.io.bounds import terminal_text
from xlbridge.scoring.wording import plural


def add_handicap_parser(commands: Commands) -> None:
    """Register ``xlbridge handicap`` and its ``update``."""
    handicaps = commands.add_parser(
        "handicap",
        help="Project 52 handicaps",
        description="Keep a register of players' Project 52 handicaps up to date.",
    )
    handicap_commands = handicaps.add_subparsers(dest="handicap_command", required=True)
    update = handicap_commands.add_parser(
        "update",
        help="apply competitions' results to a player register",
        description="Apply every competition in RESULTS that is not yet in the history to the "
        "register, in date order (the file formats: docs/file-formats.md).",
    )
    update.add_argument("--register", type=Path, required=True, help="the players .csv")
    update.add_argument("--results", type=Path, required=True, help="the results .csv")
    update.add_argument(
        "-o", "--output", type=Path, help="write the new register here (default: in place)"
    )
    update.add_argument(
        "--history", type=Path, help="the history .csv (default: REGISTER-history.csv)"
    )
    update.add_argument("--force", action="store_true", help="overwrite an existing -o file")
    update.add_argument(
        "--add-new",
        action="store_true",
        help="add players not in the register at 52 (without it they are an error)",
    )
    add_progress_options(update)
    update.set_defaults(run=run_handicap_update)


def _check_distinct(args: argparse.Namespace, output: Path, history: Path) -> None:
    """No file is written as two (the register and its history), nor over the results."""
    if history.resolve() == args.register.resolve():
        raise InputError(f"--history {history} is the register; name another file")
    if output.resolve() == history.resolve():
        raise InputError(f"-o and --history name the same file {output}; name two files")
    if args.results.resolve() in (output.resolve(), history.resolve()):
        raise InputError(
            f"--results {args.results} is also the file written as -o or --history; "
            "name another file"
        )


def run_handicap_update(args: argparse.Namespace) -> int:
    import numpy as np

    from xlbridge.io import handicap as batch
    from xlbridge.io.files import check_writable
    from xlbridge.io.journal import journal_path, roll_forward

    output = args.output or args.register
    if args.output is not None:
        require_csv(args.output)
    if args.history is not None:
        require_csv(args.history, "--history")
    # The history belongs with the register it was applied to: competitions recorded in the
    # input register's history are skipped, and the output's history gets them all.
    source_history = args.history or batch.default_history_path(args.register)
    target_history = args.history or batch.default_history_path(output)
    _check_distinct(args, output, target_history)
    journal = journal_path(target_history)
    for earlier in dict.fromkeys((journal_path(source_history), journal)):
        # a run killed part-way is completed first (only ever on this run's own files)
        finished = roll_forward(earlier, (args.register, output, source_history, target_history))
        if finished:
            names = " and ".join(str(path) for path in finished)
            print(f"completed an interrupted update: wrote {names}", file=sys.stderr)
    if output.resolve() != args.register.resolve():
        require_new(output, args.force)
    for path in (output, target_history, journal):  # check all before anything is written
        check_writable(path, force=True)
    progress = Progress.for_run(args, [args.register, args.results, source_history])
    progress.reading(args.register)
    register = batch.read_register(args.register)
    progress.reading(args.results)
    results = batch.read_results(args.results)
    progress.say(f"read {len(results.competition):,} result rows")
    if source_history.exists():
        progress.reading(source_history)
    history_file = batch.read_history(source_history, register.format)
    days = np.unique(results.date).size
    progress.say(f"applying {len(results.competition_ids):,} competitions on {days:,} dates")
    update = batch.apply_results(
        register, results, history_file.applied, progress=progress.dates, add_new=args.add_new
    )
    applied, skipped = update.applied_codes.size, update.skipped_codes.size
    if not applied:
        print(
            f"nothing to apply: the results' {plural(skipped, 'competition')} "
            f"{'is' if skipped == 1 else 'are'} already in {source_history}",
            file=sys.stderr,
        )
        return 0
    progress.writing(output, target_history)
    new_register = batch.register_bytes(register, update)
    ids = register.ids + update.newcomers
    new_history = batch.history_bytes(history_file, update, ids, results.competition_ids)
    from xlbridge.io.journal import commit

    commit(journal, [(target_history, new_history), (output, new_register)])
    table = register.table
    before, after, changed = (
        a.tolist() for a in (register.handicap, update.handicap, update.touched)
    )
    player_names = table.column("name") if table.has("name") else []
    print(changes_text(ids, player_names, before, after, changed), flush=True)  # before the summary
    added = f": {', '.join(update.newcomers)}" if update.newcomers else ""
    print(
        f"applied {plural(applied, 'competition')} ({skipped} already applied) "
        f"to {plural(int(update.touched.sum()), 'player')}, {len(update.newcomers)} of them "
        f"new{added}; "
        f"wrote {output} and {target_history}",
        file=sys.stderr,
    )
    return 0


def changes_text(
    ids: Sequence[str],
    names: Sequence[str],
    before: Sequence[float],
    after: Sequence[float],
    changed: Sequence[bool],
) -> str:
    """The players an update changed, a line each: id, name, the handicap before ("new" for
    a player the update added: ``ids`` past ``before``) and after, and the change, to one
    decimal with its sign, as a club's handicap list prints them (the register keeps every
    handicap to DECIMALS places)."""
    rows = [("player", "name", "before", "after", "change")]
    for i, player in enumerate(ids):
        if not changed[i]:
            continue
        name = terminal_text(names[i]) if i < len(names) else ""
        old = f"{before[i]:.1f}" if i < len(before) else "new"
        new = f"{after[i]:.1f}"
        change = f"{after[i] - before[i]:+.1f}" if i < len(before) else ""
        rows.append((terminal_text(player), name, old, new, change))
    widths = [max(len(row[c]) for row in rows) for c in range(5)]
    return "\n".join(
        f"{a:<{widths[0]}}  {b:<{widths[1]}}  {c:>{widths[2]}}  {d:>{widths[3]}}  "
        f"{e:>{widths[4]}}".rstrip()
        for a, b, c, d, e in rows
    )
