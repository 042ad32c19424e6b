"""The ``xlbridge`` command line.

    xlbridge scale --boards 8 [--k 6.5] [--form teams] [--negative] [--bounds white-book] [--json]
    xlbridge scale --boards 8 --scale wbf-discrete [--vp-total 10]
    xlbridge cards -o vp-cards.xlsx [--boards 4-32] [--scale wbf-discrete] [--wbf] [--force]
    xlbridge workbooks [--dir workbooks] [--force]
    xlbridge score TRAVELLER.csv [--method mp] [--split separate] [--expected E] [-o OUT.csv]
    xlbridge handicap update --register players.csv --results results.csv [-o new.csv]
    xlbridge install (--classic | --lite DIR --wheel-url URL | --server DIR) [--force]
    xlbridge audit RESULTS.csv [--form teams] [--k 6.5] [--level 0.9] [-o audit.xlsx]
    xlbridge template NAME -o FILE.xlsx [--teams T] [--rounds R] [--boards B] [--k K]
    xlbridge swiss draw EVENT.xlsx|STANDINGS.csv [--seed N] [-o DRAW.csv]
    xlbridge session TRAVELLERS.csv [--method mp] [--names N.csv] [--ranking R.csv] [-o R.xlsx]
    xlbridge session EVENT.xml|EVENT.pbn [--compare] [--usebio OUT.xml]

Bad input gives one line on stderr and exit code 2 (a workbook or traveller file typed by hand: one
line per mistake, every one found in the run); nothing is overwritten without --force.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from xlbridge.cli.common import EXIT_BAD_INPUT, EXIT_FAILURE
from xlbridge.cli.parser import build_parser
from xlbridge.cli.talk import Talk, held_output
from xlbridge.cli.terminal import escaped_output
from xlbridge.errors import InputError, InputErrors
from xlbridge.io.runs import command_scope


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` (default: the process's) asks for; its exit status.

    Everything it prints (tables, names, error messages quoting a file) shows control
    characters escaped, so no text from a file can move the cursor or change colours."""
    with escaped_output():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    with held_output() as talk:  # the files are written before anything is printed
        code = _run(args)
    return _after_talk(talk, code)


def _run(args: argparse.Namespace) -> int:
    """Run the command ``args`` name; its exit status, with bad input printed on stderr."""
    try:
        with command_scope():  # the outputs it checks stay locked until it ends
            return int(args.run(args))
    except BrokenPipeError:  # a stream held from before the command started
        return EXIT_CLOSED_PIPE
    except InputError as error:
        for message in _error_lines(error):
            print(f"xlbridge: error: {message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except FileNotFoundError as error:  # an input file the user named is not there
        print(f"xlbridge: error: {error.filename}: no such file", file=sys.stderr)
        return EXIT_BAD_INPUT
    except PermissionError as error:  # a file or folder the user may not read or write
        print(f"xlbridge: error: {error.filename}: permission denied", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as error:
        print(f"xlbridge: error: {error}", file=sys.stderr)
        return EXIT_FAILURE


def _error_lines(error: InputError) -> list[str]:
    """The lines printed for ``error``: one per mistake of an :class:`InputErrors`, else one
    (whatever the message holds)."""
    lines = error.lines() if isinstance(error, InputErrors) else [str(error)]
    return [" ".join(line.splitlines()) for line in lines]


#: The exit code a closed output pipe gives a run that did all it was asked: the reader took
#: what it wanted (``| head -3``), and every file was written first, so nothing failed. A run
#: that failed keeps its own code (2 for bad input, 3 for ``session --compare``'s differences).
EXIT_CLOSED_PIPE = 0


def _after_talk(talk: Talk, code: int) -> int:
    """The exit status once what the command printed was shown: its own ``code``, also when
    the reader of stdout went away; 1 (with a line on stderr) when stdout failed otherwise
    (a full disk) after a run that had succeeded."""
    failed = talk.failure(talk.stdout)
    if failed is None:
        return code
    _quiet_stdout()
    if isinstance(failed, BrokenPipeError):
        return code
    reason = failed.strerror or str(failed)
    print(f"xlbridge: error: standard output: {reason}", file=sys.stderr)
    return code or EXIT_FAILURE


def _quiet_stdout() -> None:
    """Point stdout at the null device, so the text it could not take is not tried again at
    exit (Python's "Exception ignored … Broken pipe")."""
    import os

    try:
        fileno = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):  # not a real file: nothing is retried
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)
