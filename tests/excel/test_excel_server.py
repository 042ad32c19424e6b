"""The Excel functions served for real: a running xlwings Server, built by the commands of
install/README.md, and the same project's app in-process, each asked what Excel asks.

Both get the metadata the add-in reads (``GET /xlwings/custom-functions-meta``) and calls with
the body the add-in's JavaScript posts (``POST /xlwings/custom-functions-call``), and must
answer as xlwings' dispatcher does in the other tests (the shared table of tests/excel_calls.py).
One server per run (a session fixture), its tests in one xdist group.
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest
import xlwings
from excel_calls import CALLS, REFUSED
from server_rig import PROJECT, README, readme_commands

import xlbridge.udfs as udfs

pytestmark = pytest.mark.xdist_group("xlwings_server")


@pytest.fixture(scope="session", params=["running server", "in-process app"])
def client(request: pytest.FixtureRequest) -> Any:
    """An HTTP client of the running server (httpx) or of the app in-process (TestClient)."""
    if request.param == "in-process app":
        yield request.getfixturevalue("server_app")
        return
    import httpx

    url = request.getfixturevalue("xlwings_server")
    with httpx.Client(base_url=url) as http:
        yield http


def body(name: str, *args: Any) -> dict[str, Any]:
    """What the add-in's custom-functions JavaScript posts for ``=name(args…)``: every argument
    a 2-D range (a cell is [[v]], a blank cell null), and the caller's context."""
    from dispatcher import as_range

    return {
        "client": "Office.js",
        "func_name": name,
        "args": [as_range(a) for a in args],
        "caller_address": "[Book1.xlsx]Sheet1!B2",
        "session_id": "0123456789abcdef",
        "culture_info_name": "en-US",
        "date_format": "m/d/yyyy",
        "version": xlwings.__version__,
        "runtime": "1.4",
    }


def expected_metadata() -> dict[str, dict[str, Any]]:
    """Each function as its Python decorators and signature describe it."""
    functions = {}
    for name in udfs.__all__:
        function = getattr(udfs, name)
        info = function.__xlfunc__
        signature = inspect.signature(function).parameters
        functions[name] = {
            "description": info["ret"]["doc"],
            "parameters": [
                (p, info["argmap"][p]["doc"], signature[p].default is not inspect.Parameter.empty)
                for p in signature
            ],
        }
    return functions


def test_metadata_is_every_function_as_the_docstrings_give_it(client: Any) -> None:
    response = client.get("/xlwings/custom-functions-meta")
    assert response.status_code == 200
    served = {f["name"]: f for f in response.json()["functions"]}
    assert sorted(served) == sorted(udfs.__all__)  # and no HELLO: the sample is not served
    for name, expected in expected_metadata().items():
        function = served[name]
        assert function["description"] == expected["description"], name
        parameters = [
            (p["name"], p["description"], p.get("optional", False)) for p in function["parameters"]
        ]
        assert parameters == expected["parameters"], name
        assert not function.get("options", {}).get("volatile", False), name


@pytest.mark.parametrize("case", CALLS, ids=[f"{c.name}-{i}" for i, c in enumerate(CALLS)])
def test_every_function_answers_as_the_dispatcher_does(client: Any, case: Any) -> None:
    response = client.post("/xlwings/custom-functions-call", json=body(case.name, *case.args))
    assert response.status_code == 200, response.text
    assert case.check(response.json()["result"]), (case, response.json())


def test_every_function_is_called() -> None:
    assert {case.name for case in CALLS} == set(udfs.__all__)


@pytest.mark.parametrize("name, args, message", REFUSED, ids=[r[0] for r in REFUSED])
def test_a_bad_argument_is_refused_with_our_message(
    client: Any, name: str, args: tuple[Any, ...], message: str
) -> None:
    """HTTP 400 (the add-in does not retry it) with the message as the body: the add-in
    throws it as CustomFunctions.Error invalidValue, i.e. #VALUE! with that message."""
    response = client.post("/xlwings/custom-functions-call", json=body(name, *args))
    assert response.status_code == 400
    assert response.text == message


def test_the_namespace_is_the_manifest_s(client: Any, request: pytest.FixtureRequest) -> None:
    """The running server keeps init's development environment (BRIDGE_DEV); the in-process
    app runs in production (BRIDGE), as install/README.md says."""
    manifest = client.get("/manifest").text
    namespace = (
        "BRIDGE" if request.node.callspec.params["client"] == "in-process app" else ("BRIDGE_DEV")
    )
    assert f'id="Functions.Namespace" DefaultValue="{namespace}"' in manifest


def test_the_project_is_built_by_the_readme_s_commands(server_project: Any) -> None:
    """The fixture's project is the one install/README.md's commands make, where it says."""
    commands = readme_commands()
    assert f"xlwings-server init {PROJECT}" in commands
    assert commands[0] == "mkdir -p out && xlbridge install --server out/server-files --force"
    assert server_project.name == PROJECT.name
    init = (server_project / "custom_functions" / "__init__.py").read_text()
    assert init.strip() == "from .xlbridge_functions import *"
    text = README.read_text(encoding="utf-8")
    for words in ("custom_functions/", "BRIDGE_DEV.VP", "=BRIDGE.VP", "HELLO"):
        assert words in text
