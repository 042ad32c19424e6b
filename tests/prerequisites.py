"""The outside programs some tests run, and what a test does when one is missing.

tests/ has no __init__.py, so the rigs import this module as plain ``prerequisites``.

Three rigs run programs that pip does not install: LibreOffice (``soffice``, tests/libreoffice.py),
poppler-utils (``pdftotext``, ``pdfinfo``, ``pdftoppm``, tests/rendering.py) and Chromium
(``chromium``, tests/chromium.py). Each describes its program as a :class:`Tool` and asks for it
with :meth:`Tool.require` before running it. When the program is not on PATH the test is
skipped, the reason naming the program and the Debian package that provides it; when the
tool's ``XLBRIDGE_REQUIRE_<TOOL>`` variable is set to 1 (as .ci/run sets all three) the test
fails instead, with the same message and no traceback, so that a broken CI image cannot
silently skip every check that needs it.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass

import pytest

#: Values of an ``XLBRIDGE_REQUIRE_<TOOL>`` variable that make a missing tool a failure.
TRUE_VALUES = frozenset({"1", "true", "yes"})


def required_by_env(env_var: str) -> bool:
    """True if the environment demands the tool (``<env_var>=1``, or true or yes)."""
    return os.environ.get(env_var, "").strip().lower() in TRUE_VALUES


@dataclass(frozen=True)
class Tool:
    """An outside program: the names it is found by on PATH, in order, the Debian package
    that installs it, and the variable that turns its absence from a skip into a failure."""

    #: How the messages name it, e.g. ``"LibreOffice (soffice)"``.
    label: str
    #: Executable names tried in order, e.g. ``("soffice", "libreoffice")``.
    commands: tuple[str, ...]
    #: The Debian package that provides it (``apt-get install <package>``).
    package: str
    #: ``XLBRIDGE_REQUIRE_<TOOL>``.
    env_var: str

    @property
    def missing_reason(self) -> str:
        """Why a test that needs the tool is skipped: the tool, and the package to install."""
        return f"{self.label} not found; install {self.package}"

    @property
    def required_message(self) -> str:
        """Why such a test fails when the tool's variable demands it."""
        return f"{self.missing_reason} ({self.env_var}=1 is set)"

    def find(self) -> str | None:
        """The full path of the first of :attr:`commands` on PATH, or None."""
        for command in self.commands:
            found = shutil.which(command)
            if found:
                return found
        return None

    def require(self) -> str:
        """The tool's full path; or, if it is not on PATH, end the current test: a skip,
        or a failure (``pytest.fail``, no traceback) when :attr:`env_var` is set to 1."""
        found = self.find()
        if found is not None:
            return found
        if required_by_env(self.env_var):
            pytest.fail(self.required_message, pytrace=False)
        pytest.skip(self.missing_reason)
