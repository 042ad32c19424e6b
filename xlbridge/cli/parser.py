"""The command line's options: :func:`build_parser` adds every command, each through the
``add_…_parser`` function of the module that runs it.

Imports nothing heavy: numpy, SciPy, openpyxl and xlwings load when the command that needs
them runs (``xlbridge --version`` costs no numpy).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from xlbridge import __version__
from xlbridge.cli.common import EXIT_BAD_INPUT
from xlbridge.cli.deals import add_deals_parser
from xlbridge.cli.handicap import add_handicap_parser
from xlbridge.cli.help import HelpFormatter, choice_hint, remember_parsers, unknown_arguments
from xlbridge.cli.install import add_install_parser
from xlbridge.cli.movement import add_movement_parser
from xlbridge.cli.scales import add_audit_parser, add_cards_parser, add_scale_parser
from xlbridge.cli.score import add_score_parser
from xlbridge.cli.session.command import add_session_parser
from xlbridge.cli.swiss.draw import add_swiss_parser
from xlbridge.cli.templates import add_template_parser, add_workbooks_parser

#: Every command, in the order the help lists them.
COMMANDS = (
    add_scale_parser,
    add_cards_parser,
    add_score_parser,
    add_handicap_parser,
    add_install_parser,
    add_audit_parser,
    add_template_parser,
    add_swiss_parser,
    add_session_parser,
    add_deals_parser,
    add_movement_parser,
    add_workbooks_parser,
)


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error as one line ("xlbridge: error: …", exit 2) like the rest,
    every option's default in the help, and an unknown option reported by the command it was
    given to, with the nearest valid option and that command's usage."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        unknown = [arg for arg in self._given if arg.startswith("--") and not self._knows(arg)]
        if self._subparsers is not None:  # a command's options are its sub-command's to judge
            unknown = []
        if unknown and not message.startswith("unknown option"):  # say it with the first error
            message = f"{message}; {unknown_arguments(self, unknown)}"
        message += choice_hint(message)
        self.exit(EXIT_BAD_INPUT, f"xlbridge: error: {self.prog}: {message}\n")

    _given: Sequence[str] = ()

    def _knows(self, arg: str) -> bool:
        name = arg.split("=", 1)[0]
        return any(o.startswith(name) for a in self._actions for o in a.option_strings)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        self._given = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            owner = getattr(parsed, "command_parser", self)
            owner.error(unknown_arguments(owner, extras))
        return parsed


def build_parser() -> argparse.ArgumentParser:
    """The ``xlbridge`` parser: ``--version`` and every command (each sets ``run``)."""
    parser = _Parser(prog="xlbridge", description="Duplicate-bridge scoring for the spreadsheet.")
    parser.add_argument("--version", action="version", version=f"xlbridge {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    for add_parser in COMMANDS:
        add_parser(commands)
    remember_parsers(parser)
    return parser
