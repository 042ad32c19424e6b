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
