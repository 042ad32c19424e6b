"""The command-line reference (``docs/cli.md``), written from the same argparse tree as
``--help``, so the two never disagree. Regenerate it after changing a command or an option:

    python -m xlbridge.cli.reference > docs/cli.md

(a test checks the committed file is current).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from xlbridge.cli.help import HelpFormatter

#: The command that writes the reference, as its header and the test's message say it.
REGENERATE = "python -m xlbridge.cli.reference > docs/cli.md"


def commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every command of ``parser`` that runs (``scale``, ``handicap update`` …) with its
    parser, in the help's order; a command with sub-commands gives those instead."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                if sub._subparsers is not None:
                    yield from commands(sub, (*path, name))
                else:
                    yield (*path, name), sub


def summaries(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each command's one-line help, by its full name ("swiss draw")."""
    found: dict[str, str] = {}

    def walk(current: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        for action in current._actions:
            if isinstance(action, argparse._SubParsersAction):
                helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
                for name, sub in action.choices.items():
                    found[" ".join((*path, name))] = helps.get(name, "")
                    walk(sub, (*path, name))

    walk(parser, ())
    return found


def _cell(text: str) -> str:
    """Text for a Markdown table cell: one line, a literal ``|`` escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def _argument(action: argparse.Action) -> str:
    if action.option_strings:
        names = ", ".join(f"`{name}`" for name in action.option_strings)
        if action.nargs == 0:
            return names
        metavar = action.metavar or action.dest.upper()
        return f"{names} `{metavar}`"
    return f"`{action.metavar or action.dest}`"


def _section(name: tuple[str, ...], parser: argparse.ArgumentParser, summary: str) -> list[str]:
    formatter = HelpFormatter(parser.prog)
    usage = " ".join(parser.format_usage().split()).removeprefix("usage: ")
    summary = _cell(summary)
    lines = [f"## xlbridge {' '.join(name)}", "", f"{summary[:1].upper()}{summary[1:]}.", ""]
    if parser.description:
        lines += [_cell(parser.description), ""]
    lines += ["```", usage, "```", "", "| argument | what it is |", "|---|---|"]
    for action in parser._actions:
        if action.help == argparse.SUPPRESS or "-h" in action.option_strings:
            continue
        text = formatter._expand_help(action) if action.help else ""
        lines.append(f"| {_argument(action)} | {_cell(text)} |")
    return [*lines, ""]


def markdown(parser: argparse.ArgumentParser) -> str:
    """The reference page: every command with its usage and every argument with its help
    and default, as ``xlbridge COMMAND --help`` gives them."""
    helps = summaries(parser)
    lines = [
        "# Command-line reference",
        "",
        f"<!-- Generated from the command line's own options by `{REGENERATE}`; do not edit",
        "     by hand. -->",
        "",
        "Every command of `xlbridge` with every option, as `xlbridge COMMAND --help` shows them.",
        "The rules every command keeps (what it prints, how it writes files, its exit codes) and"
        " what each is for: [the command line](command-line.md).",
        "",
    ]
    for name, sub in commands(parser):
        lines += _section(name, sub, helps[" ".join(name)])
    return "\n".join(lines).rstrip() + "\n"


def main() -> int:
    """Print the reference (``python -m xlbridge.cli.reference > docs/cli.md``)."""
    from xlbridge.cli.parser import build_parser

    sys.stdout.write(markdown(build_parser()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
