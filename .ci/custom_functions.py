"""The Node.js step of .ci/run: the server's own custom-functions JavaScript, run in Node.js.

    python .ci/custom_functions.py

Builds an xlwings Server project by the commands of install/README.md and serves it on
127.0.0.1 (tests/server_rig.py), writes the VP and IMPS rows of tests/excel_calls.py (values
and refusals) to a file and runs ``.ci/custom-functions.mjs`` on them. Without Node.js or
xlwings-server it prints a notice and exits 0, unless XLBRIDGE_REQUIRE_NODE=1 or
XLBRIDGE_REQUIRE_XLWINGS_SERVER=1 (as .ci/run sets) makes that a failure. Never inside pytest.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
os.environ["XLWINGS_ON_SERVER"] = "true"

import server_rig  # noqa: E402
from excel_calls import CALLS, REFUSED  # noqa: E402
from prerequisites import Tool, required_by_env  # noqa: E402

NODE = Tool("Node.js (node)", ("node",), "nodejs", "XLBRIDGE_REQUIRE_NODE")
NAMES = {"VP", "IMPS"}


def unavailable(tool: Tool, reason: str | None) -> int | None:
    """Exit code for a missing tool (1 when its variable demands it), or None if present."""
    if reason is None:
        return None
    if required_by_env(tool.env_var):
        print(f"error: {reason} ({tool.env_var}=1 is set)")
        return 1
    print(f"notice: {reason}; the custom-functions JavaScript step is skipped")
    return 0


def main() -> int:
    node = NODE.find()
    for tool, reason in (
        (NODE, None if node else NODE.missing_reason),
        (server_rig.SERVER, server_rig.missing()),
    ):
        code = unavailable(tool, reason)
        if code is not None:
            return code
    cases = {
        "calls": [
            {"name": c.name, "args": list(c.args), "expected": c.exact}
            for c in CALLS
            if c.name in NAMES and c.exact is not None
        ],
        "refused": [
            {"name": name, "args": list(args), "message": message}
            for name, args, message in REFUSED
            if name in NAMES
        ],
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cases.json"
        path.write_text(json.dumps(cases), encoding="utf-8")
        project = server_rig.build_project(Path(folder))
        with server_rig.RunningServer(project) as server:
            script = str(HERE / "custom-functions.mjs")
            return subprocess.call([str(node), script, server.url, str(path)])


if __name__ == "__main__":
    sys.exit(main())
