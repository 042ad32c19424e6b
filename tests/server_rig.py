"""A real xlwings Server serving xlbridge's functions, built as install/README.md tells a user.

tests/ has no __init__.py, so this rig is imported as plain ``server_rig``; the tests use it
through the session fixtures of conftest.py, ``.ci/custom_functions.py`` and
``benchmarks/bench_server.py`` directly. Nothing here needs pytest.

:func:`build_project` runs the shell lines of the README's xlwings Server section (the first
``bash`` blocks) in a temporary folder, with this Python's programs first on
PATH: ``xlwings-server init``, ``xlbridge install --server`` and the copy and edit steps.
:class:`RunningServer` starts the project with uvicorn on a free port of 127.0.0.1 in a
subprocess, waits until it answers and stops it. :func:`in_process_app` imports the same
project's app into this process, for FastAPI's test client.

``xlwings-server`` (a test extra) is licensed PolyForm Noncommercial or commercially: it is
used in the tests only, with the licence key its documentation gives for noncommercial use,
and xlbridge never imports it.
"""

from __future__ import annotations

import importlib.util
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Any

from prerequisites import Tool

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "install" / "README.md"
SECTION = "## 3. xlwings Server (self-hosted)"
#: The folder the README's commands create the server's project in (under their ``out/``).
PROJECT = Path("out") / "bridge-server"
#: The licence key xlwings documents for noncommercial use (PolyForm Noncommercial).
LICENCE = {"XLWINGS_LICENSE_KEY": "noncommercial"}
#: How long the server may take to answer after it is started.
START_TIMEOUT_S = 60.0

#: The server's command line; a missing one skips the tests (fails with the variable set).
SERVER = Tool(
    label="xlwings Server (xlwings-server)",
    commands=("xlwings-server",),
    package="xlwings-server with pip (pip install '.[test]')",
    env_var="XLBRIDGE_REQUIRE_XLWINGS_SERVER",
)


class ServerError(RuntimeError):
    """The project could not be built, or the server did not start."""


def missing() -> str | None:
    """Why the server cannot run here (not installed), or None."""
    if importlib.util.find_spec("xlwings_server") is None or SERVER.find() is None:
        return SERVER.missing_reason
    return None


def readme_commands(readme: Path = README) -> list[str]:
    """The shell lines of the ``bash`` blocks of the README's xlwings Server section, in order."""
    text = readme.read_text(encoding="utf-8")
    section = text[text.index(SECTION) :]
    section = section[: section.find("\n## ", len(SECTION))]
    blocks = re.findall(r"^\s*```bash\n(.*?)^\s*```", section, re.S | re.M)
    if not blocks:
        raise ServerError(f"{readme}: no bash block under {SECTION!r}")
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def _environment(**extra: str) -> dict[str, str]:
    """This environment, with this Python's folder first on PATH (its xlbridge and
    xlwings-server commands) and the repository importable (the tree under test)."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONPATH"] = os.pathsep.join(p for p in [str(ROOT), env.get("PYTHONPATH", "")] if p)
    env.update(extra)
    return env


def build_project(folder: Path) -> Path:
    """Run the README's commands in ``folder``; the server's project folder they make."""
    for command in readme_commands():
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", command],
            cwd=folder,
            env=_environment(),
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise ServerError(f"`{command}` failed ({done.returncode}): {done.stderr.strip()}")
    return folder / PROJECT


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class RunningServer:
    """``with RunningServer(project) as server:`` the project served by uvicorn on
    ``server.url`` (127.0.0.1, a free port) until the block ends."""

    def __init__(self, project: Path, log: Path | None = None) -> None:
        self.project = project
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log or project / "server.log"
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> RunningServer:
        command = [sys.executable, "-m", "uvicorn", "xlwings_server.main:main_app"]
        command += ["--host", "127.0.0.1", "--port", str(self.port)]
        env = _environment(XLWINGS_PROJECT_DIR=str(self.project), **LICENCE)
        with self.log.open("wb") as log:
            self._process = subprocess.Popen(
                command, cwd=self.project, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        self._wait()
        return self

    def _wait(self) -> None:
        import httpx

        assert self._process is not None
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise ServerError(f"the server stopped at start-up: {self._log_tail()}")
            try:
                if httpx.get(f"{self.url}/xlwings/custom-functions-meta").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        self.stop()
        raise ServerError(f"the server did not answer in {START_TIMEOUT_S:g} s: {self._log_tail()}")

    def _log_tail(self) -> str:
        lines = self.log.read_text(encoding="utf-8", errors="replace").splitlines()
        return " | ".join(lines[-5:])

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._process = None

    def __enter__(self) -> RunningServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


def in_process_app(project: Path, environment: str = "prod") -> Any:
    """The project's ASGI app imported into this process (once per process: the server reads
    its settings and the project's ``custom_functions`` when first imported), in the given
    environment, for FastAPI's ``TestClient``."""
    os.environ["XLWINGS_PROJECT_DIR"] = str(project)
    os.environ["XLWINGS_ENVIRONMENT"] = environment
    for key, value in LICENCE.items():
        os.environ.setdefault(key, value)
    try:
        import xlwings_server.main
    finally:
        del os.environ["XLWINGS_PROJECT_DIR"], os.environ["XLWINGS_ENVIRONMENT"]
    return xlwings_server.main.main_app
