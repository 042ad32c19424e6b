"""House rules of the code itself, checked on the source of xlbridge/."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "xlbridge"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_private(name: str) -> bool:
    """``_x`` is private; a dunder (``__version__``, ``__all__``) is not."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _is_module(dotted: str) -> bool:
    path = PACKAGE.parent.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _imported_from(node: ast.ImportFrom, path: Path) -> str:
    """The absolute module an ``from ... import`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _private_uses(path: Path) -> list[str]:
    """Each private name ``path`` takes from another xlbridge module, as "file:line: what"."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    where = path.relative_to(PACKAGE.parent)
    found: list[str] = []
    modules: dict[str, str] = {}  # local name -> xlbridge module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = _imported_from(node, path)
            if source.split(".")[0] != "xlbridge":
                continue
            for alias in node.names:
                if _is_private(alias.name):
                    found.append(f"{where}:{node.lineno}: from {source} import {alias.name}")
                elif _is_module(f"{source}.{alias.name}"):
                    modules[alias.asname or alias.name] = f"{source}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "xlbridge":
                    local = alias.asname or alias.name.split(".")[0]
                    modules[local] = alias.name if alias.asname else local
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and _is_private(node.attr)):
            continue
        chain = [node.attr]
        value = node.value
        while isinstance(value, ast.Attribute):
            chain.append(value.attr)
            value = value.value
        if isinstance(value, ast.Name) and value.id in modules:
            dotted = ".".join([value.id, *reversed(chain)])
            found.append(f"{where}:{node.lineno}: {dotted} ({modules[value.id]})")
    return found


def test_no_private_name_imported_across_modules() -> None:
    """What another module needs is public in its home: no module of xlbridge takes a
    ``_name`` from another one, by ``from xlbridge.x import _name`` or ``x._name``."""
    found = [use for path in sorted(PACKAGE.rglob("*.py")) for use in _private_uses(path)]
    assert found == [], f"{len(found)} private names used across modules:\n" + "\n".join(found)


def _namespace_uses(text: str, where: str) -> list[str]:
    """Each place the module ``text`` names argparse or its Namespace, as "where:line: what"."""
    found: list[str] = []
    for node in ast.walk(ast.parse(text, where)):
        if isinstance(node, ast.Import) and any(a.name == "argparse" for a in node.names):
            found.append(f"{where}:{node.lineno}: import argparse")
        elif isinstance(node, ast.ImportFrom) and node.module == "argparse":
            found.append(f"{where}:{node.lineno}: from argparse import ...")
        elif isinstance(node, ast.Name | ast.Attribute):
            if (node.id if isinstance(node, ast.Name) else node.attr) == "Namespace":
                found.append(f"{where}:{node.lineno}: Namespace")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if "argparse.Namespace" in node.value:  # a string annotation
                found.append(f"{where}:{node.lineno}: {node.value!r}")
    return found


def test_no_namespace_outside_the_command_line() -> None:
    """Options reach the layers below cli/ as objects of their own (SessionOptions), never as
    the parsed command line: no module outside xlbridge/cli/ imports argparse, and no function
    there takes (or names) an argparse.Namespace."""
    outside = [p for p in sorted(PACKAGE.rglob("*.py")) if p.relative_to(PACKAGE).parts[0] != "cli"]
    assert len(outside) > 100  # the walk sees the package
    found = [
        use
        for path in outside
        for use in _namespace_uses(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE)))
    ]
    assert found == [], "argparse outside cli/:\n" + "\n".join(found)


def test_the_namespace_rule_sees_what_it_looks_for() -> None:
    """The check above finds each form (so it cannot pass by seeing nothing)."""
    text = (
        "import argparse\n"
        "from argparse import Namespace\n"
        "def run(args: argparse.Namespace) -> None: ...\n"
        "def later(args: 'argparse.Namespace') -> None: ...\n"
    )
    assert [use.split(": ", 1)[1] for use in _namespace_uses(text, "probe.py")] == [
        "import argparse",
        "from argparse import ...",
        "Namespace",
        "'argparse.Namespace'",
    ]
    assert _namespace_uses("def run(options: SessionOptions) -> None: ...\n", "ok.py") == []


def test_no_folder_holds_more_than_twenty_modules() -> None:
    """A concept of several modules is a folder of its own: none of xlbridge's folders holds
    more than 20 modules side by side."""
    folders = {path.parent for path in PACKAGE.rglob("*.py")}
    counts = {
        str(folder.relative_to(PACKAGE.parent)): len(list(folder.glob("*.py")))
        for folder in folders
    }
    assert len(counts) > 20
    assert {folder: n for folder, n in counts.items() if n > 20} == {}


def test_the_tests_mirror_the_package() -> None:
    """Every folder of tests below a layer is a folder of the package (tests/io/pbn/ holds the
    tests of xlbridge/io/pbn/), data folders and caches aside."""
    tests = Path(__file__).resolve().parent
    folders = [
        folder.relative_to(tests)
        for folder in tests.rglob("*")
        if folder.is_dir() and any(folder.glob("test_*.py")) and folder != tests
    ]
    assert len(folders) > 15
    strays = [str(folder) for folder in folders if not (PACKAGE / folder / "__init__.py").is_file()]
    assert strays == []


def test_no_function_over_eighty_lines() -> None:
    """A function that grows past 80 lines (its decorators and docstring included) holds two
    concerns; split it."""
    long: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                if (size := (node.end_lineno or node.lineno) - first + 1) > 80:
                    long.append(
                        f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.name} {size}"
                    )
    assert long == []


def test_no_module_over_five_hundred_lines() -> None:
    """A module past 500 lines holds two concerns; split it by concern."""
    sizes = {p: len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE.rglob("*.py")}
    assert len(sizes) > 100
    assert {str(p.relative_to(PACKAGE.parent)): n for p, n in sizes.items() if n > 500} == {}
