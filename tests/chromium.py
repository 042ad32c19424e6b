"""Headless Chromium for the page tests, driven over the DevTools protocol on a pipe.

    with Chromium.start(tmp_dir) as browser:          # one browser for many pages
        page = browser.load(path, width=375)          # device emulation sets the width
        page.scroll_width, page.errors, page.screenshot(png_path)

Debian's ``chromium`` (``apt-get install chromium``) is started with
``--remote-debugging-pipe``: the protocol's JSON messages go over two file descriptors (3 in,
4 out), so no port, no network, no extra library and no Node.js are needed. The width is set
by ``Emulation.setDeviceMetricsOverride`` (headless Chromium's ``--window-size`` has a minimum
width, so a phone-width test through it could not fail). ``errors`` collects console errors,
uncaught exceptions and failed loads reported while the page loaded.

Without Chromium on PATH, :meth:`Chromium.start` ends the test through
:func:`require_chromium` (a skip, or a failure when ``XLBRIDGE_REQUIRE_CHROMIUM=1``).
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prerequisites import Tool

TIMEOUT = 30.0


#: Debian's headless Chromium, as the tests find it (the skip-or-require rule is
#: tests/prerequisites.py's): CI sets ``XLBRIDGE_REQUIRE_CHROMIUM=1``.
CHROMIUM = Tool(
    label="Chromium (chromium)",
    commands=("chromium", "chromium-browser"),
    package="chromium",
    env_var="XLBRIDGE_REQUIRE_CHROMIUM",
)


def find_chromium() -> str | None:
    """The Chromium executable (Debian's /usr/bin/chromium first), or None."""
    return CHROMIUM.find()


def require_chromium() -> str:
    """The Chromium executable, or the test ends: skipped without Chromium (the reason names
    it and the Debian package), failed instead when ``XLBRIDGE_REQUIRE_CHROMIUM=1``."""
    return CHROMIUM.require()


@dataclass
class Page:
    """A loaded page: its width as laid out, the errors it reported, and a screenshot call."""

    browser: Chromium
    session: str
    width: int
    scroll_width: int
    errors: list[str] = field(default_factory=list)

    def evaluate(self, expression: str) -> Any:
        reply = self.browser.call(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True}, self.session
        )
        return reply["result"].get("value")

    def screenshot(self, path: Path) -> Path:
        """The whole page (not only the viewport) as a PNG."""
        metrics = self.browser.call("Page.getLayoutMetrics", {}, self.session)
        size = metrics["cssContentSize"]
        clip = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
        shot = self.browser.call(
            "Page.captureScreenshot",
            {"format": "png", "clip": clip, "captureBeyondViewport": True},
            self.session,
        )
        path.write_bytes(base64.b64decode(shot["data"]))
        return path

    def pdf(self, path: Path) -> Path:
        """The page printed (its print style sheet) on A4, as a PDF."""
        printed = self.browser.call(
            "Page.printToPDF",
            {"paperWidth": 8.27, "paperHeight": 11.69, "printBackground": False},
            self.session,
        )
        path.write_bytes(base64.b64decode(printed["data"]))
        return path


class Chromium:
    """A headless Chromium process and the DevTools connection to it."""

    def __init__(self, process: subprocess.Popen[bytes], write: int, read: int) -> None:
        self.process, self._write, self._read = process, write, read
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []

    @classmethod
    @contextmanager
    def start(cls, profile: Path, executable: str | None = None) -> Iterator[Chromium]:
        executable = executable or require_chromium()
        to_browser, from_us = os.pipe()
        to_us, from_browser = os.pipe()

        def wire() -> None:  # in the child: the pipe ends on fds 3 (commands) and 4 (replies)
            inbound, outbound = os.dup(to_browser), os.dup(from_browser)
            os.dup2(inbound, 3)
            os.dup2(outbound, 4)

        process = subprocess.Popen(
            [
                executable,
                "--headless",
                "--remote-debugging-pipe",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-background-networking",
                "--hide-scrollbars",
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=wire,
            close_fds=False,
        )
        os.close(to_browser)
        os.close(from_browser)
        browser = cls(process, from_us, to_us)
        try:
            yield browser
        finally:
            try:
                browser.call("Browser.close", {})
            except Exception:
                pass
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            os.close(from_us)
            os.close(to_us)

    # The protocol ---------------------------------------------------------------------

    def call(self, method: str, params: dict[str, Any], session: str | None = None) -> Any:
        """Send a command and wait for its reply (events met meanwhile are kept)."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._receive()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self._events.append(reply)

    def _receive(self) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("chromium did not answer")
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the connection")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        result: dict[str, Any] = json.loads(message)
        return result

    def _wait_for(self, method: str, session: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            for event in self._events:
                if event.get("method") == method and event.get("sessionId") == session:
                    return
            self._events.append(self._receive())
        raise TimeoutError(f"no {method} from chromium")

    # Pages ----------------------------------------------------------------------------

    def load(self, path: Path, width: int, height: int = 800) -> Page:
        """Open ``path`` in a new tab ``width`` CSS pixels wide (a phone below 600)."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]
        for method in ("Page.enable", "Runtime.enable", "Log.enable"):
            self.call(method, {}, session)
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
            session,
        )
        self._events.clear()
        self.call("Page.navigate", {"url": path.resolve().as_uri()}, session)
        self._wait_for("Page.loadEventFired", session)
        page = Page(self, session, width, 0)
        page.scroll_width = int(page.evaluate("document.documentElement.scrollWidth"))
        page.evaluate("0")  # let the events of the load arrive
        page.errors = [_error(e) for e in self._events if _is_error(e, session)]
        return page


def _is_error(event: dict[str, Any], session: str) -> bool:
    if event.get("sessionId") != session:
        return False
    method, params = event.get("method"), event.get("params", {})
    if method == "Runtime.consoleAPICalled":
        return bool(params.get("type") in ("error", "assert"))
    if method == "Runtime.exceptionThrown":
        return True
    if method == "Log.entryAdded":
        return bool(params.get("entry", {}).get("level") == "error")
    return False


def _error(event: dict[str, Any]) -> str:
    params = event.get("params", {})
    if "entry" in params:
        return str(params["entry"].get("text"))
    if "exceptionDetails" in params:
        return str(params["exceptionDetails"].get("text"))
    return json.dumps(params.get("args", []))[:300]
