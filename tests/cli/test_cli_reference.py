"""The command-line reference is the command line's own: docs/cli.md is generated from the
argparse tree, and every command and option is in the commands in short of
docs/command-line.md or in docs/cli.md, which that page links.

After adding or changing a command or an option, regenerate the reference with

    python -m xlbridge.cli.reference > docs/cli.md
"""

from __future__ import annotations

import argparse
from pathlib import Path

from xlbridge.cli.parser import build_parser
from xlbridge.cli.reference import REGENERATE, commands, markdown

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "command-line.md"
REFERENCE = ROOT / "docs" / "cli.md"


def commands_in_short() -> str:
    """docs/command-line.md from its start to the end of "The commands in short"."""
    text = RULES.read_text(encoding="utf-8")
    start = text.index("\n## The commands in short\n")
    end = text.find("\n## ", start + 1)
    return text[: end if end != -1 else len(text)]


def every_argument(parser: argparse.ArgumentParser) -> list[tuple[str, str]]:
    """(command, option or positional) for every argument of every command, -h aside."""
    found = []
    for name, sub in commands(parser):
        for action in sub._actions:
            if "-h" in action.option_strings:
                continue
            for text in action.option_strings or [action.metavar or action.dest]:
                found.append((" ".join(name), text))
    return found


def test_the_committed_reference_is_generated_from_the_parser() -> None:
    committed = REFERENCE.read_text(encoding="utf-8")
    assert committed == markdown(build_parser()), f"docs/cli.md is out of date: run {REGENERATE}"


def test_the_commands_in_short_link_the_full_reference() -> None:
    assert "(cli.md)" in commands_in_short()
    assert "(command-line.md)" in REFERENCE.read_text(encoding="utf-8")


def test_every_command_and_option_is_in_the_rules_or_the_reference() -> None:
    shown = commands_in_short() + REFERENCE.read_text(encoding="utf-8")
    parser = build_parser()
    missing = [
        f"xlbridge {' '.join(name)}"
        for name, _ in commands(parser)
        if f"xlbridge {' '.join(name)}" not in shown
    ]
    missing += [
        f"xlbridge {name} {option}"
        for name, option in every_argument(parser)
        if option.startswith("-") and f"`{option}`" not in shown and f"{option} " not in shown
    ]
    assert missing == []


def test_the_commands_in_short_name_every_command() -> None:
    block = commands_in_short()
    names = [" ".join(name) for name, _ in commands(build_parser())]
    missing = [name for name in names if f"xlbridge {name}" not in block]
    assert missing == []


def test_the_walk_finds_nested_commands_and_their_options() -> None:
    names = {" ".join(name) for name, _ in commands(build_parser())}
    assert {"scale", "handicap update", "swiss draw", "session", "template"} <= names
    assert ("template", "--movement") in every_argument(build_parser())
    assert ("session", "--usebio") in every_argument(build_parser())


def test_the_reference_shows_help_and_defaults() -> None:
    text = markdown(build_parser())
    assert "## xlbridge handicap update" in text
    assert "| `--winners` `WINNERS` | auto, 1 or 2 (default: auto) |" in text
