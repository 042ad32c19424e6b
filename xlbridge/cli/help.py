"""Help that helps: defaults shown on every option, and the nearest option for a misspelled
one (counts with the right plural are :mod:`xlbridge.scoring.wording`'s).

Imports nothing heavy (the command line builds its options before numpy loads).
"""

from __future__ import annotations

import argparse
import difflib
import re
from collections.abc import Sequence

#: Help texts that already say their default are left as written.
_SAYS_DEFAULT = "default"


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with "(default: …)" after every option that has one and does not say
    it already. Flags (``--force``) and required options have no default to show."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if (
            _SAYS_DEFAULT in text
            or action.required
            or action.nargs == 0
            or action.default in (None, argparse.SUPPRESS)
            or not action.option_strings
        ):
            return text
        return f"{text} (default: {action.default})"

    def _split_lines(self, text: str, width: int) -> list[str]:
        """Lines of at most ``width``, never broken inside a hyphenated name (most-played)."""
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


def _options(parser: argparse.ArgumentParser) -> list[str]:
    return [name for action in parser._actions for name in action.option_strings]


def unknown_arguments(parser: argparse.ArgumentParser, extras: Sequence[str]) -> str:
    """The error for arguments ``parser`` does not know: each named, the nearest valid option
    for a misspelled one ("--methd: did you mean --method?"), then the parser's usage on the
    same line (errors are one line)."""
    parts = []
    for extra in extras:
        if extra.startswith("-"):
            given = extra.split("=", 1)[0]
            near = difflib.get_close_matches(given, _options(parser), n=1, cutoff=0.6)
            hint = f" (did you mean {near[0]}?)" if near else ""
            parts.append(f"unknown option {given}{hint}")
        else:
            parts.append(f"unexpected argument {extra!r}")
    usage = " ".join(parser.format_usage().split())
    return f"{'; '.join(parts)}; {usage}"


#: argparse's message for a value not among an argument's choices (a sub-command's name).
_INVALID_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)")


def choice_hint(message: str) -> str:
    """The hint " (did you mean session?)" after argparse's "invalid choice" error, for the
    nearest valid choice, as :func:`unknown_arguments` gives for options; "" otherwise."""
    from xlbridge.scoring.checks import did_you_mean

    found = _INVALID_CHOICE.search(message)
    if found is None:
        return ""
    choices = [choice.strip().strip("'") for choice in found.group(2).split(",")]
    return did_you_mean(found.group(1), choices)


def remember_parsers(parser: argparse.ArgumentParser) -> None:
    """Have every sub-command's parser record itself in the arguments it parses (as
    ``command_parser``), so that an unknown option is reported by the command it was given
    to, with that command's usage."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                sub.set_defaults(command_parser=sub)
                remember_parsers(sub)
