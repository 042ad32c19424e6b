"""The documentation stands on its own in a clone of the repository.

- Every relative link in README.md, docs/*.md and install/README.md leads to a file the
  repository tracks (and, with ``#anchor``, to a heading that exists); none leaves the
  repository.
- Shipped files (the package and its docstrings, which Excel shows as function help; the
  workbook builders and the committed workbooks; README.md, docs/, install/) never cite the
  project's private notes: no "seed 000"-style names, no "SPEC §" or "SPEC.md", no ../shared.
- Every Excel function is documented in docs/, and every page of docs/ is in its index and in
  the README's map of the documentation.
- The README is a guide: at most 250 lines, one opening sentence without jargon, a picture of
  real output, the test command CI runs and the one line that installs what the tests use,
  three quick starts of at most 25 lines each; the reference lives in docs/.
- The shell commands shown in README.md, install/README.md and docs/*.md that need no network
  run twice in a row in a fresh copy of the repository, print what the page shows, and leave
  nothing behind that git does not ignore.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
import zipfile
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINKED_PAGES = [
    "README.md",
    "install/README.md",
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md")),
]
#: Pages whose shell commands are run (```bash blocks, and "$ " lines in any block): all of
#: them, so that the output a reference page shows under a "$ " line is compared too.
COMMAND_PAGES = LINKED_PAGES

#: Names of the project's private notes, which mean nothing to a user.
PRIVATE_CITATIONS = re.compile(r"\bseed ?0\d\d|SPEC §|SPEC\.md|\.\./shared", re.IGNORECASE)


@cache
def tracked_files() -> frozenset[str]:
    """The files a clone has: git's list, or (outside a git checkout) every file."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        return frozenset(str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file())
    return frozenset(name for name in out.split("\0") if name)


@cache
def tracked_dirs() -> frozenset[str]:
    return frozenset(str(parent) for f in tracked_files() for parent in Path(f).parents)


# --------------------------------------------------------------------------------------------
# Markdown


FENCE = re.compile(r"^( *)(```|~~~)(.*)$")
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")


def prose_lines(text: str, blank_code: bool = True) -> list[tuple[int, str]]:
    """(line number, line) outside fenced code blocks, with inline code spans blanked (unless
    ``blank_code`` is False: a heading's anchor keeps the text of its code spans)."""
    out, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            out.append((number, re.sub(r"`[^`]*`", "``", line) if blank_code else line))
    return out


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`|\*\*|__", "", heading).strip().lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    for _, line in prose_lines(path.read_text(encoding="utf-8"), blank_code=False):
        match = HEADING.match(line)
        if match:
            base = slug(match.group(1))
            name, n = base, 0
            while name in found:  # GitHub numbers repeated headings: name-1, name-2 …
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def links(page: str) -> list[tuple[int, str]]:
    text = (ROOT / page).read_text(encoding="utf-8")
    return [(n, m.group(1)) for n, line in prose_lines(text) for m in LINK.finditer(line)]


def link_problem(page: str, target: str) -> str | None:
    """Why ``target`` (a link on ``page``) would not work in a clone, or None."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
        return None  # an address outside the repository on purpose (https:, mailto:)
    path_part, _, anchor = target.partition("#")
    source = ROOT / page
    resolved = (source.parent / path_part).resolve() if path_part else source
    try:
        relative = str(resolved.relative_to(ROOT))
    except ValueError:
        return "points outside the repository"
    if path_part and relative not in tracked_files() and relative not in tracked_dirs():
        return f"{relative} is not in the repository (not tracked by git)"
    if anchor:
        if resolved.suffix != ".md":
            return None
        if anchor not in anchors(resolved):
            return f"{relative} has no heading #{anchor}"
    return None


def test_the_pages_checked_exist() -> None:
    assert {"README.md", "install/README.md", "docs/README.md"} <= set(LINKED_PAGES)
    for page in ("docs/scales.md", "docs/imps.md", "docs/board-scoring.md", "docs/handicaps.md"):
        assert page in LINKED_PAGES


@pytest.mark.parametrize("page", LINKED_PAGES)
def test_every_relative_link_resolves_in_a_clone(page: str) -> None:
    problems = [
        f"{page}:{line}: ({target}) {why}"
        for line, target in links(page)
        if (why := link_problem(page, target)) is not None
    ]
    assert problems == []


def test_link_checker_catches_bad_links() -> None:
    assert link_problem("README.md", "../shared/SPEC.md") == "points outside the repository"
    assert "not in the repository" in (link_problem("README.md", "docs/nothing.md") or "")
    assert "no heading #nowhere" in (link_problem("README.md", "docs/scales.md#nowhere") or "")
    assert link_problem("README.md", "docs/scales.md#which-scale-is-this") is None
    assert link_problem("README.md", "docs/usebio.md#what---usebio-writes") is None  # code kept
    assert "no heading" in (link_problem("README.md", "docs/usebio.md#what--writes") or "")
    assert link_problem("docs/README.md", "../install/README.md") is None
    assert link_problem("docs/README.md", "#published-sources") is None
    assert link_problem("README.md", "https://example.org/x") is None
    assert slug("σ, the spread of a match, by form of scoring") == (
        "σ-the-spread-of-a-match-by-form-of-scoring"
    )
    assert slug("Average plus (A+) in any form") == "average-plus-a-in-any-form"


def test_docs_index_lists_every_page() -> None:
    index = {target.partition("#")[0] for _, target in links("docs/README.md")}
    pages = {p.name for p in (ROOT / "docs").glob("*.md")} - {"README.md"}
    assert pages <= index, f"docs/README.md does not link {sorted(pages - index)}"


def test_every_excel_function_is_documented(udfs: ModuleType) -> None:
    text = "\n".join(
        (ROOT / "docs" / p).read_text(encoding="utf-8")
        for p in os.listdir(ROOT / "docs")
        if p.endswith(".md")
    )
    missing = [name for name in udfs.__all__ if not re.search(rf"\b{name}\b", text)]
    assert missing == [], f"not described in docs/: {missing}"


# --------------------------------------------------------------------------------------------
# The README is a guide; the reference is in docs/

#: The command CI runs (.ci/run), which the README gives as it is.
TEST_COMMAND = "pip install '.[test]' && python -m pytest"
#: The one line that installs every program the tests use beyond Python.
SYSTEM_PACKAGES = "apt-get install -y libreoffice-calc-nogui poppler-utils chromium"
#: Words a club member would not understand in the README's opening sentence.
JARGON = re.compile(r"\b(UDFs?|xlwings|numpy|SciPy|openpyxl|CLI|API|Python)\b", re.IGNORECASE)


def sections(text: str, level: str = "## ") -> dict[str, list[str]]:
    """The sections of one level of a page's text, by heading: each heading line and the lines
    under it up to the next heading of that level (fenced blocks included)."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        if not fenced and line.startswith(level):
            current = found.setdefault(line[len(level) :].strip(), [])
        if current is not None:
            current.append(line)
    return found


def quick_start_problems(text: str) -> list[str]:
    """Why the quick starts of a README's text are not three of at most 25 lines each (the
    heading and code blocks counted, trailing blank lines not), each showing a command."""
    starts = {k: v for k, v in sections(text).items() if k.startswith("Quick start")}
    problems = [] if len(starts) == 3 else [f"{len(starts)} quick starts, not 3"]
    for heading, body in starts.items():
        while body and not body[-1].strip():
            body = body[:-1]
        if len(body) > 25:
            problems.append(f"{heading}: {len(body)} lines, at most 25")
        if not any(line.startswith("xlbridge ") for line in body):
            problems.append(f"{heading}: no command")
    return problems


def in_a_bash_block(text: str, line: str) -> bool:
    """``line`` stands, whole, in a ```bash block of ``text``."""
    block = r"^```bash\n(?:(?!```).*\n)*?" + re.escape(line) + r"\n"
    return re.search(block, text, flags=re.M) is not None


def test_the_readme_is_a_guide() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) <= 250, f"README.md is {len(lines)} lines; the reference belongs in docs/"
    opening = " ".join(text.split("\n\n")[1].split())
    assert ". " not in opening and opening.endswith("."), f"not one sentence: {opening}"
    assert not JARGON.search(opening), opening
    pictures = [target for _, target in links("README.md") if target.endswith(".png")]
    assert pictures and all(target.startswith("docs/") for target in pictures), pictures
    assert all(target in tracked_files() for target in pictures)
    assert in_a_bash_block(text, TEST_COMMAND), "the README's test command is the one CI runs"
    assert TEST_COMMAND in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert in_a_bash_block(text, SYSTEM_PACKAGES)
    assert quick_start_problems(text) == []


def test_the_readme_maps_every_docs_page() -> None:
    mapped = {target.partition("#")[0] for _, target in links("README.md")}
    pages = {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}
    assert pages <= mapped, f"README.md's map lacks {sorted(pages - mapped)}"


def test_the_guide_checks_catch_what_they_should() -> None:
    fence = "```"
    start = "## Quick start {n}\n\n" + fence + "sh\nxlbridge scale --boards 8\n" + fence + "\n\n"
    good = "# x\n\nA sentence.\n\n" + "".join(start.format(n=n) for n in (1, 2, 3))
    assert quick_start_problems(good) == []
    long = good.replace("--boards 8\n", "--boards 8\n" + "more\n" * 21, 1)
    assert quick_start_problems(long) == ["Quick start 1: 26 lines, at most 25"]
    assert quick_start_problems(good.replace("## Quick start 3", "## Other")) == [
        "2 quick starts, not 3"
    ]
    assert quick_start_problems(good.replace("xlbridge scale", "python x", 1)) == [
        "Quick start 1: no command"
    ]
    assert sections(fence + "\n## Quick start 9\n" + fence) == {}
    bash = fence + "bash\n# a comment\n" + TEST_COMMAND + "\n" + fence + "\n"
    assert in_a_bash_block(bash, TEST_COMMAND)
    assert not in_a_bash_block(bash.replace("bash", "text"), TEST_COMMAND)
    assert not in_a_bash_block(bash.replace(TEST_COMMAND, TEST_COMMAND + " -x"), TEST_COMMAND)
    assert JARGON.search("Excel functions (UDFs) via xlwings") and not JARGON.search("travellers")


# --------------------------------------------------------------------------------------------
# No private citations in what ships


def shipped_text_files() -> list[str]:
    names = []
    for name in sorted(tracked_files()):
        top = name.split("/")[0]
        if name == "README.md" or top in ("xlbridge", "docs", "install"):
            if Path(name).suffix in (".py", ".md", ".txt", ".toml", ".cfg", ".json", ".csv", ""):
                names.append(name)
    return names


def workbook_strings(path: Path) -> str:
    """Every piece of text in a workbook's XML (cells, sheet names, notes, validations)."""
    with zipfile.ZipFile(path) as book:
        parts = [book.read(n).decode("utf-8", "replace") for n in book.namelist()]
    return "\n".join(p for p in parts)


def citation_problems(name: str, text: str) -> list[str]:
    return [
        f"{name}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}"
        for m in PRIVATE_CITATIONS.finditer(text)
    ]


def test_shipped_files_cite_no_private_notes() -> None:
    files = shipped_text_files()
    assert "xlbridge/excel/functions.py" in files and "docs/scales.md" in files
    assert any(f.startswith("xlbridge/workbooks/") for f in files)
    problems = [
        problem
        for name in files
        for problem in citation_problems(name, (ROOT / name).read_text(encoding="utf-8"))
    ]
    assert problems == []


def test_workbooks_cite_no_private_notes() -> None:
    books = sorted(name for name in tracked_files() if name.endswith(".xlsx"))
    assert books
    problems = [p for b in books for p in citation_problems(b, workbook_strings(ROOT / b))]
    assert problems == []


@pytest.mark.parametrize(
    "text",
    [
        "(seed 000 §8.5)",
        "Seed 002's board",
        "seed002.csv",
        "SPEC §1.5",
        "see spec.md",
        "../shared/x",
    ],
)
def test_private_citations_are_recognised(text: str) -> None:
    assert PRIVATE_CITATIONS.search(text)


@pytest.mark.parametrize("text", ["--seed 3", "seed 7", "SPECIAL", "a random seed of 0."])
def test_ordinary_words_are_not_citations(text: str) -> None:
    assert not PRIVATE_CITATIONS.search(text)


# --------------------------------------------------------------------------------------------
# The README's commands, twice, in a fresh copy


@dataclass
class Command:
    page: str
    line: int
    text: str
    expected: list[str] | None = None  # the output shown under a "$ " line
    skip: str | None = None


#: Commands not run, with the reason. Everything else in a ```bash block or after "$ " runs,
#: except a block just after a line ``<!-- not run: REASON -->`` (an illustration that needs a
#: hand-edited file, say).
NOT_RUN = [
    (re.compile(r"^pip (install|wheel)\b"), "needs the network (build isolation, PyPI)"),
    (re.compile(r"\bpython -m pytest\b"), "the test suite itself"),
    (re.compile(r"\bbenchmarks/"), "timed, and needs Node.js and npm"),
    (re.compile(r"--classic\b"), "the classic add-in needs Windows and Excel"),
    (re.compile(r"^(sudo )?apt-get\b"), "installs system packages (root, the network)"),
]
PIP_PREFIX = re.compile(r"^pip install [^&;]*&&\s*")
NOT_RUN_MARK = re.compile(r"^\s*<!--\s*not run:\s*(.*?)\s*-->\s*$")
#: A line of shown output that stands for any number of lines.
ELLIPSIS = {"...", "…"}


def page_commands(page: str) -> list[Command]:
    commands: list[Command] = []
    lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
    fence: str | None = None
    block_skip: str | None = None
    current: Command | None = None
    for number, raw in enumerate(lines, 1):
        match = FENCE.match(raw)
        if match:
            if fence is None:
                fence = match.group(3).strip()
                mark = NOT_RUN_MARK.match(lines[number - 2]) if number > 1 else None
                block_skip = mark.group(1) if mark else None
            else:
                fence = None
            current = None
            continue
        if fence is None:
            continue
        line = raw.strip()
        if line.startswith("$ "):
            current = Command(page, number, line[2:], expected=[], skip=block_skip)
            commands.append(current)
        elif current is not None and current.expected is not None:
            current.expected.append(raw.rstrip())
        elif fence in ("bash", "sh", "shell", "console") and line and not line.startswith("#"):
            commands.append(Command(page, number, line, skip=block_skip))
    for command in commands:
        command.text = PIP_PREFIX.sub("", command.text)
        for pattern, reason in NOT_RUN:
            if command.skip is None and pattern.search(command.text):
                command.skip = reason
    return commands


def all_commands() -> list[Command]:
    return [c for page in COMMAND_PAGES for c in page_commands(page)]


def output_matches(printed: list[str], shown: list[str]) -> bool:
    """``printed`` is what ``shown`` shows, a line "..." standing for any number of lines."""
    if not shown:
        return not printed
    if shown[0].strip() in ELLIPSIS:
        return any(output_matches(printed[i:], shown[1:]) for i in range(len(printed) + 1))
    return bool(printed) and printed[0] == shown[0] and output_matches(printed[1:], shown[1:])


def expected_exit(commands: list[Command], i: int) -> int | None:
    """The exit status the README shows for command ``i``: 2 when its output is xlbridge's
    error line, the number an ``echo $?`` right after it prints, else 0. None: not shown."""
    command = commands[i]
    if command.expected and command.expected[0].startswith("xlbridge: error:"):
        return 2
    following = commands[i + 1] if i + 1 < len(commands) else None
    if following is not None and following.text == "echo $?":
        shown = [line for line in following.expected or [] if line.strip()]
        return int(shown[0]) if len(shown) == 1 and shown[0].strip().isdigit() else None
    return 0


def test_the_readme_commands_are_found() -> None:
    commands = all_commands()
    run = [c.text for c in commands if c.skip is None]
    assert any("xlbridge cards -o" in c for c in run), run
    assert any("handicap update" in c for c in run)
    assert any("install --lite" in c for c in run) and any("install --server" in c for c in run)
    assert any(c.expected for c in commands), "no command with its output shown"
    skipped = {c.skip for c in commands if c.skip}
    assert "needs the network (build isolation, PyPI)" in skipped
    assert "installs system packages (root, the network)" in skipped
    # The quick starts run as the README prints them, and the reference pages' examples run
    # with their shown output compared.
    readme = [c.text for c in page_commands("README.md") if c.skip is None]
    for start in (
        "xlbridge movement howell",
        "xlbridge template pairs-session --movement",
        "xlbridge session examples/howell.csv",
        "xlbridge template league",
        "xlbridge swiss standings",
        "xlbridge template swiss-teams",
        "xlbridge swiss draw examples/standings.csv",
    ):
        assert any(c.startswith(start) for c in readme), (start, readme)
    shown = {c.page for c in commands if c.expected and c.skip is None}
    assert {"docs/handicaps.md", "docs/scales.md", "docs/pairs-evening.md"} <= shown, shown


def test_shown_output_rules() -> None:
    assert output_matches(["a", "b", "c"], ["a", "...", "c"])
    assert output_matches(["a", "c"], ["a", "…", "c"])
    assert not output_matches(["a", "b"], ["a", "c"])
    assert not output_matches(["a", "b", "x"], ["a", "...", "c"])
    commands = [
        Command("p", 1, "xlbridge x", expected=["xlbridge: error: boards must be …"]),
        Command("p", 2, "xlbridge y", expected=["…"]),
        Command("p", 3, "echo $?", expected=["3"]),
        Command("p", 4, "xlbridge z", expected=[]),
    ]
    assert [expected_exit(commands, i) for i in range(4)] == [2, 3, 0, 0]


def fresh_copy(target: Path) -> None:
    """The tracked files as they are in this checkout, committed in a new repository."""
    for name in tracked_files():
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@example.org"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "copy"]):
        subprocess.run([*git, *args], cwd=target, check=True, capture_output=True)


def shim(folder: Path, root: Path) -> dict[str, str]:
    """An environment whose ``xlbridge`` runs the package in ``root`` with this Python."""
    folder.mkdir()
    script = folder / "xlbridge"
    script.write_text(
        f"#!/bin/sh\nPYTHONPATH={shlex.quote(str(root))} exec "
        f'{shlex.quote(sys.executable)} -m xlbridge "$@"\n'
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "XLBRIDGE"))}
    env.update(PATH=f"{folder}{os.pathsep}{os.environ['PATH']}", HOME=str(folder), LC_ALL="C.UTF-8")
    return env


@dataclass
class Run:
    outputs: dict[int, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def run_all(commands: list[Command], cwd: Path, env: dict[str, str]) -> Run:
    run = Run()
    status = 0
    for i, command in enumerate(commands):
        # Both streams together, as the terminal (and so the README) shows them; ``$?`` is the
        # previous command's status, as in the reader's shell.
        done = subprocess.run(
            ["bash", "-c", f"(exit {status}); {command.text}"],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=300,
        )
        status = done.returncode
        where = f"{command.page}:{command.line}: {command.text}"
        run.outputs[i] = done.stdout
        wanted = expected_exit(commands, i)
        printed = [line.rstrip() for line in done.stdout.rstrip().splitlines()]
        shown = [line.rstrip() for line in "\n".join(command.expected or []).rstrip().splitlines()]
        if wanted is not None and status != wanted:
            run.problems.append(f"{where}\n  exit {status}, not {wanted}: {done.stdout.strip()}")
        elif shown and not output_matches(printed, shown):  # no output shown: not compared
            got = "\n".join(printed)
            run.problems.append(
                f"{where}\n  printed:\n{got}\n  the README shows:\n" + "\n".join(shown)
            )
    return run


def untracked_or_changed(cwd: Path) -> list[str]:
    status = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return status.splitlines()


@pytest.mark.skipif(
    shutil.which("git") is None or shutil.which("bash") is None, reason="needs git and bash"
)
def test_readme_commands_run_twice_in_a_fresh_copy(tmp_path: Path) -> None:
    copy = tmp_path / "clone"
    fresh_copy(copy)
    env = shim(tmp_path / "bin", copy)
    commands = [c for c in all_commands() if c.skip is None]
    assert commands
    first = run_all(commands, copy, env)
    assert first.problems == [], "\n".join(first.problems)
    assert untracked_or_changed(copy) == [], "left files that git does not ignore"
    second = run_all(commands, copy, env)
    assert second.problems == [], "the second run failed:\n" + "\n".join(second.problems)
    assert second.outputs == first.outputs
    assert untracked_or_changed(copy) == []
