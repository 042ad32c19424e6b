"""Shared pytest fixtures for the xlbridge test suite."""

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

# xlwings picks its runtime when first imported: these make `xlwings.func` the Office.js
# (xlwings Server / Lite) decorators, so the tests call our Excel functions through the very
# dispatcher Excel's calls go through. The noncommercial licence covers tests only.
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
os.environ["XLWINGS_ON_SERVER"] = "true"

# tests/ has no __init__.py, so pytest puts this directory on sys.path and the
# helper module tests/libreoffice.py is importable as plain ``libreoffice``.
from calc_server import CalcServer
from dispatcher import call
from libreoffice import LibreOfficeRecalculator, prepare_profile, require_soffice
from prerequisites import required_by_env


@pytest.fixture(scope="session")
def libreoffice(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LibreOfficeRecalculator]:
    """Headless LibreOffice Calc that recalculates .xlsx files for the whole session.

    Skips the requesting test if soffice is not installed (fails instead when
    XLBRIDGE_REQUIRE_LIBREOFFICE=1, as on CI).  One isolated profile, set to
    recalculate every formula on load, is shared by all calls; each call writes
    its output into a fresh temporary directory.  One soffice, started once with a
    profile of its own set the same way, does the conversions (tests/calc_server.py: a
    start-up per call costs about a second); without it each call runs soffice.

    Usage::

        wb = read_values(libreoffice.recalc(path))   # or libreoffice.values(path)
    """
    soffice = require_soffice()
    profile_dir = prepare_profile(tmp_path_factory.mktemp("libreoffice-profile"))
    server = CalcServer(soffice, prepare_profile(tmp_path_factory.mktemp("calc-server-profile")))
    try:
        yield LibreOfficeRecalculator(
            soffice=soffice,
            profile_dir=profile_dir,
            new_out_dir=lambda: tmp_path_factory.mktemp("recalc"),
            server=server if server.start() else None,
        )
    finally:
        server.stop()


@pytest.fixture(scope="session")
def udfs() -> ModuleType:
    """The module of Excel functions, imported after xlwings is set to the Office.js runtime."""
    import xlbridge.excel.functions

    return xlbridge.excel.functions


@pytest.fixture(scope="session")
def call_udf(udfs: ModuleType) -> Callable[..., Any]:
    """Call an Excel function by name through xlwings' custom_functions_call.

    Arguments are cell values or 2-D lists (ranges); None or "" stand for blank cells.
    Bad input surfaces as the xlwings.XlwingsError Excel would show as #VALUE!.
    """

    def call_one(name: str, *args: Any) -> Any:
        return call(udfs, name, *args)

    return call_one


@pytest.fixture
def no_endplay(monkeypatch: pytest.MonkeyPatch) -> None:
    """endplay hidden: every import of it fails, as when the optional extra (xlbridge[dd]) is
    not installed, whatever this environment holds."""
    import builtins
    import sys

    real = builtins.__import__

    def hiding(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "endplay" or name.startswith("endplay."):
            raise ImportError(f"No module named {name!r}")
        return real(name, *args, **kwargs)

    for loaded in [name for name in sys.modules if name.split(".")[0] == "endplay"]:
        monkeypatch.delitem(sys.modules, loaded)
    monkeypatch.setattr(builtins, "__import__", hiding)


def _server_or_skip(reason: str) -> None:
    """End the test: a skip, or a failure when XLBRIDGE_REQUIRE_XLWINGS_SERVER=1 (as on CI)."""
    import server_rig as rig

    if required_by_env(rig.SERVER.env_var):
        pytest.fail(f"{reason} ({rig.SERVER.env_var}=1 is set)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def server_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An xlwings Server project built once per run by the commands of install/README.md
    (tests/server_rig.py). Skips without xlwings-server (fails instead on CI)."""
    import server_rig as rig

    reason = rig.missing()
    if reason is not None:
        _server_or_skip(reason)
    try:
        return rig.build_project(tmp_path_factory.mktemp("xlwings-server"))
    except rig.ServerError as error:
        _server_or_skip(f"the xlwings Server project could not be built: {error}")
        raise


@pytest.fixture(scope="session")
def xlwings_server(server_project: Path) -> Iterator[str]:
    """The address of that project served by uvicorn on 127.0.0.1 for the whole run."""
    import server_rig as rig

    try:
        server = rig.RunningServer(server_project).start()
    except rig.ServerError as error:
        _server_or_skip(str(error))
        raise
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def server_app(server_project: Path) -> Any:
    """The same project's app in this process (in the production environment), through
    FastAPI's TestClient: a failure here is our functions', not the socket's."""
    import server_rig as rig
    from fastapi.testclient import TestClient

    with TestClient(rig.in_process_app(server_project)) as client:
        yield client
