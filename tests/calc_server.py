"""One LibreOffice Calc kept running for a whole test session, converting files on request.

Starting ``soffice --convert-to`` costs about a second per call, nearly all of it start-up;
the conversion itself takes a few hundredths of a second.  :class:`CalcServer` starts one
headless soffice listening on a named pipe and, beside it, a small bridge script run by a
Python that has LibreOffice's ``uno`` module (the system's ``python3`` with python3-uno).
Each request loads a file hidden (with the profile's recalculate-on-load setting, as
``--convert-to`` does) and stores it with the filter ``--convert-to`` uses for the format.

Anything unexpected (no Python with ``uno``, a bridge or soffice that dies, a conversion that
fails) makes :meth:`CalcServer.convert` answer False, and the caller falls back to a
``soffice --convert-to`` run of its own, which reports soffice's own words; so the server
only ever makes a conversion faster, never different in what it reports.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import time
import uuid
from pathlib import Path

#: Seconds allowed for soffice to start and the bridge to connect to it.
START_TIMEOUT = 60.0

#: Pythons tried for the bridge: it needs LibreOffice's ``uno`` module.
BRIDGE_PYTHONS = ("/usr/bin/python3", "python3")

#: The export filter ``soffice --convert-to <format>`` picks for a spreadsheet.
FILTERS = {"xlsx": "Calc MS Excel 2007 XML", "pdf": "calc_pdf_Export"}

#: The bridge: connects to soffice on the pipe, then answers one JSON line per request
#: (``[source, target, filter]`` -> ``["ok", ""]`` or ``["error", why]``).
_BRIDGE = r"""
import json, sys, time
import uno
from com.sun.star.beans import PropertyValue

def prop(name, value):
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p

local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext(
    "com.sun.star.bridge.UnoUrlResolver", local)
deadline = time.monotonic() + float(sys.argv[2])
while True:
    try:
        ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % sys.argv[1])
        break
    except Exception:
        if time.monotonic() > deadline:
            raise
        time.sleep(0.05)
desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
print(json.dumps(["ready", ""]), flush=True)
for line in sys.stdin:
    source, target, filter_name = json.loads(line)
    try:
        doc = desktop.loadComponentFromURL(
            uno.systemPathToFileUrl(source), "_blank", 0, (prop("Hidden", True),))
        if doc is None:
            raise RuntimeError("source file could not be loaded")
        try:
            doc.storeToURL(uno.systemPathToFileUrl(target), (prop("FilterName", filter_name),))
        finally:
            doc.close(True)
        answer = ["ok", ""]
    except Exception as error:
        answer = ["error", repr(error)]
    print(json.dumps(answer), flush=True)
try:
    desktop.terminate()
except Exception:
    pass
"""


class CalcServer:
    """A running soffice (its own profile, given) and the bridge that talks to it.

    Not for use from two threads at once; one per pytest worker.
    """

    def __init__(self, soffice: str, profile_dir: Path) -> None:
        self.soffice = soffice
        self.profile_dir = Path(profile_dir).resolve()
        self._office: subprocess.Popen[bytes] | None = None
        self._bridge: subprocess.Popen[str] | None = None

    def start(self) -> bool:
        """Start soffice and the bridge; True when both are ready."""
        python = next((p for p in map(shutil.which, BRIDGE_PYTHONS) if p), None)
        if python is None:
            return False
        pipe = f"xlbridge-tests-{os.getpid()}-{uuid.uuid4().hex}"
        self._office = subprocess.Popen(
            [
                self.soffice,
                "--headless",
                "--invisible",
                "--norestore",
                "--nologo",
                "--nodefault",
                f"-env:UserInstallation={self.profile_dir.as_uri()}",
                f"--accept=pipe,name={pipe};urp;",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self._bridge = subprocess.Popen(
            [python, "-c", _BRIDGE, pipe, str(START_TIMEOUT)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            start_new_session=True,
        )
        if self._await_ready() != ["ready", ""]:
            self.stop(at_once=True)
            return False
        return True

    def _await_ready(self) -> list[str] | None:
        """The bridge's first answer, or None once soffice ends or START_TIMEOUT passes."""
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            office = self._office
            if office is None or office.poll() is not None:
                return None
            bridge = self._bridge
            if bridge is None or bridge.stdout is None:
                return None
            ready, _, _ = select.select([bridge.stdout], [], [], 0.1)
            if ready:
                return self._answer(0)
        return None

    def convert(self, source: Path, target: Path, to: str, timeout: float) -> bool:
        """Convert ``source`` to ``target`` (format ``to``); False if the server could not."""
        bridge = self._bridge
        if bridge is None or bridge.stdin is None or to not in FILTERS:
            return False
        try:
            bridge.stdin.write(json.dumps([str(source), str(target), FILTERS[to]]) + "\n")
            bridge.stdin.flush()
        except OSError:
            self.stop()
            return False
        answer = self._answer(timeout)
        office = self._office
        if answer is None or office is None or office.poll() is not None:
            self.stop(at_once=True)  # dead or hung: never trust it again
            return False
        return answer == ["ok", ""] and target.is_file()

    @property
    def pid(self) -> int | None:
        """soffice's process id while the server runs, else None."""
        return None if self._office is None else self._office.pid

    def _answer(self, timeout: float) -> list[str] | None:
        """The bridge's next answer, or None if it says nothing within ``timeout`` seconds."""
        bridge = self._bridge
        if bridge is None or bridge.stdout is None:
            return None
        ready, _, _ = select.select([bridge.stdout], [], [], timeout)
        line = bridge.stdout.readline() if ready else ""
        try:
            answer = json.loads(line) if line else None
        except ValueError:
            return None
        return answer if isinstance(answer, list) else None

    def stop(self, at_once: bool = False) -> None:
        """End the bridge (which ends soffice) and soffice: given a few seconds to finish, or
        ``at_once`` killed (the whole process group of each)."""
        bridge, office = self._bridge, self._office
        self._bridge = self._office = None
        if bridge is not None:
            if bridge.stdin is not None:
                try:
                    bridge.stdin.close()
                except OSError:
                    pass
            _end(bridge, 0 if at_once else 5)
        if office is not None:
            _end(office, 0 if at_once else 5)


def _end(proc: subprocess.Popen[str] | subprocess.Popen[bytes], grace: float) -> None:
    """Let ``proc`` end within ``grace`` seconds, else kill its process group."""
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
