"""Every ``xlbridge …`` command line shown in the README and in docs/ runs, each from a fresh
copy of examples/, and every one of them and every Python example writes only into ``out/``
(a folder .gitignore lists, so a reader's clone stays clean).

Shown command lines are those in code blocks and in inline code. Not counted: usage lines with
placeholders (``[--k K]``, ``teams-match|league``, ``FILE.xlsx``, ``…``), mentions of a command
by its name alone (``xlbridge score``), and the pages' shell commands (``bash`` and ``sh``
blocks and ``$`` lines), which tests/test_docs.py runs in a fresh clone, comparing the output
shown. The commands run in-process through :func:`xlbridge.cli.main.main`, with the copy as the
working folder.
"""

from __future__ import annotations

import fnmatch
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from xlbridge.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["README.md", "install/README.md"]
PAGES += sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))
#: The shell commands of every page (```bash, ```sh … blocks, "$ " lines) are run by
#: tests/test_docs.py in a fresh clone of the repository, their shown output compared; the
#: rest of the page's command lines are run here.
SHELL_FENCES = ("bash", "sh", "shell", "console")
FENCE = re.compile(r"^\s*(```+|~~~+)(.*)$")
INLINE = re.compile(r"`(xlbridge [^`]+)`")
#: A placeholder in a usage line: [optional], a|b, …, or a name in capitals (FILE.xlsx, E).
PLACEHOLDER = re.compile(r"[\[\]()…]|\.\.\.|\S\|\S|(^|\s)[A-Z][A-Z0-9_]*(\.[a-z]+)?(?=\s|$)")


def _command_words() -> set[str]:
    """Every command and sub-command name, and every choice of a positional argument (template
    kinds, movements): a line holding only these and options is a mention of a command."""
    import argparse

    from xlbridge.cli.parser import build_parser

    words: set[str] = set()

    def walk(parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    words.add(name)
                    walk(sub)
            elif not action.option_strings and action.choices:
                words.update(str(choice) for choice in action.choices)

    walk(build_parser())
    from xlbridge.workbooks.ready_made import TEMPLATES

    return words | set(TEMPLATES)


#: Words that name a command (a line holding nothing else is a mention, not a command line).
COMMAND_WORDS = _command_words()
#: Shown commands that cannot run here, with the reason.
NOT_RUN = {"xlbridge install --classic": "the classic add-in needs Windows and Excel"}
#: Shown commands the page shows being refused, with the message the page gives.
REFUSED = {
    "xlbridge scale --boards 8 --tables 15": "--tables applies to form butler only",
    "xlbridge sesion": "did you mean session?",
}


@dataclass(frozen=True)
class Shown:
    page: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.text}"


def _command(text: str) -> str | None:
    """The command to run from a shown line, or None when it is not a runnable command line."""
    text = " ".join(text.split())
    text = text.split(" | ")[0].split(" # ")[0].strip()  # a pipe's first command; no comment
    if not text.startswith("xlbridge ") or PLACEHOLDER.search(text):
        return None
    words = [word for word in text.split()[1:] if not word.startswith("-")]
    if set(words) <= COMMAND_WORDS or text in NOT_RUN:
        return None
    return text


def shown_commands(page: str) -> list[Shown]:
    """The runnable ``xlbridge`` command lines of ``page`` (see the module's description)."""
    text = (ROOT / page).read_text(encoding="utf-8")
    found: list[Shown] = []
    fence: str | None = None
    prose: list[tuple[int, str]] = []
    continued = ""
    for number, line in enumerate(text.splitlines(), 1):
        if fence is not None and line.rstrip().endswith("\\"):
            continued += line.rstrip()[:-1] + " "
            continue
        line, continued = continued + line, ""
        match = FENCE.match(line)
        if match:
            fence = match.group(2).strip() if fence is None else None
            continue
        if fence is None:
            prose.append((number, line))
            continue
        stripped = line.strip()
        in_shell = fence in SHELL_FENCES or stripped.startswith("$ ")
        command = _command(stripped.removeprefix("$ "))
        if command and not in_shell:
            found.append(Shown(page, number, command))
    joined = "\n".join(line for _, line in prose)
    starts = [0]
    for _, line in prose:
        starts.append(starts[-1] + len(line) + 1)
    for match in INLINE.finditer(joined):
        command = _command(match.group(1))
        if command:
            index = max(i for i, start in enumerate(starts) if start <= match.start())
            found.append(Shown(page, prose[index][0], command))
    return found


ALL = [shown for page in PAGES for shown in shown_commands(page)]


def fresh_copy(folder: Path) -> Path:
    """A working folder as a reader's clone has it: examples/ and an empty out/."""
    folder.mkdir()
    shutil.copytree(ROOT / "examples", folder / "examples")
    (folder / "out").mkdir()
    return folder


def test_the_shown_commands_are_found() -> None:
    texts = [shown.text for shown in ALL]
    assert any(text.startswith("xlbridge template pairs-session") for text in texts), texts
    assert any(text.startswith("xlbridge scale --boards 8") for text in texts)
    assert _command("xlbridge score TRAVELLER.csv [--method mp]") is None
    assert _command("xlbridge template teams-match|league -o f.xlsx") is None
    assert _command("xlbridge handicap update") is None
    assert _command("xlbridge scale --boards 8 | head -3") == "xlbridge scale --boards 8"


@pytest.mark.parametrize("shown", ALL, ids=str)
def test_a_shown_command_runs_from_a_fresh_copy(
    shown: Shown, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    copy = fresh_copy(tmp_path / "copy")
    before = set(copy.rglob("*"))
    monkeypatch.chdir(copy)
    try:
        code = main(shlex.split(shown.text)[1:])
    except SystemExit as stop:  # argparse's own errors
        code = stop.code
    err = capsys.readouterr().err
    if shown.text in REFUSED:
        assert code == 2 and REFUSED[shown.text] in err, f"{shown}\n{err}"
    else:
        assert code == 0, f"{shown}\n{err}"
    new = {path.relative_to(copy) for path in set(copy.rglob("*")) - before}
    assert all(path.parts[0] == "out" for path in new), f"{shown} writes outside out/: {new}"


def python_examples() -> list[Shown]:
    """Every ```python block of the README and docs/, with its page and first line."""
    found = []
    for page in PAGES:
        lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
        start: int | None = None
        for number, line in enumerate(lines, 1):
            match = FENCE.match(line)
            if match and start is None and match.group(2).strip() == "python":
                start = number
            elif match and start is not None:
                found.append(Shown(page, start, "\n".join(lines[start : number - 1])))
                start = None
    return found


@pytest.mark.parametrize("example", python_examples(), ids=lambda e: f"{e.page}:{e.line}")
def test_a_python_example_runs_and_writes_only_into_out(
    example: Shown, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    copy = fresh_copy(tmp_path / "copy")
    (copy / "out").rmdir()  # the example makes the folder it writes into
    before = {path for path in copy.rglob("*")}
    monkeypatch.chdir(copy)
    exec(compile(example.text, str(example), "exec"), {"__name__": "__example__"})
    capsys.readouterr()
    new = {path.relative_to(copy) for path in copy.rglob("*")} - {
        path.relative_to(copy) for path in before
    }
    assert all(path.parts[0] == "out" for path in new), f"{example.page}:{example.line}: {new}"


def test_the_python_examples_are_found() -> None:
    pages = {example.page for example in python_examples()}
    assert {"docs/pairs-evening.md", "docs/api.md"} <= pages, pages


def example_files_section() -> str:
    """The "The example files" section of docs/file-formats.md."""
    text = (ROOT / "docs" / "file-formats.md").read_text(encoding="utf-8")
    start = text.index("\n## The example files\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_every_example_file_is_listed_in_the_file_formats_page() -> None:
    layout = example_files_section()
    files = [p.relative_to(ROOT / "examples") for p in (ROOT / "examples").rglob("*")]
    missing = [str(f) for f in files if (ROOT / "examples" / f).is_file()]
    patterns = re.findall(r"[\w./-]*\*[\w./*-]*", layout)  # movement-*.csv names a family
    missing = [
        name
        for name in missing
        if name not in layout and not any(fnmatch.fnmatch(name, p) for p in patterns)
    ]
    assert missing == []


def test_every_input_format_has_an_example() -> None:
    examples = ROOT / "examples"
    assert (examples / "weighted.csv").read_text(encoding="utf-8").startswith("board,table")
    assert (examples / "standings.csv").read_text(encoding="utf-8").startswith("team,score")
    assert "<USEBIO" in (examples / "tuesday.xml").read_text(encoding="iso-8859-1")
    assert (examples / "tuesday.pbn").read_text(encoding="utf-8").startswith("% PBN 2.1")
    for name in ("howell.csv", "howell-names.csv", "club/players.csv", "club/results.csv"):
        assert (examples / name).is_file()


def durations(page: str) -> dict[str, str]:
    """The durations a page states for the test command and the quick benchmark."""
    text = " ".join((ROOT / page).read_text(encoding="utf-8").split())
    found = {}
    for key, pattern in (
        ("tests", r"test command (?:takes |took )?about ([^ ,.(]+ minutes?)"),
        ("quick", r"quick (?:run|benchmark) (?:takes |took )?about ([^ ,.(]+ minutes?)"),
    ):
        match = re.search(pattern, text)
        if match:
            found[key] = match.group(1)
    return found


def test_the_development_page_and_benchmarks_state_the_same_measured_durations() -> None:
    """Measured in a fresh clone by CI on the 2-core machine; re-measure after a change that
    moves them, and write the date of the run beside them."""
    development = durations("docs/development.md")
    assert set(development) == {"tests", "quick"}, development
    assert durations("BENCHMARKS.md")["quick"] == development["quick"]
    text = " ".join((ROOT / "docs" / "development.md").read_text(encoding="utf-8").split())
    assert re.search(r"fresh clone on the 2-core machine \(\d{4}-\d\d-\d\d\)", text)
