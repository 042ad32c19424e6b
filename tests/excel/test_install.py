"""`xlbridge install`: the Lite and Server modules work through xlwings' dispatcher, the wheel
is pure Python, the code Lite runs avoids what Pyodide lacks, and the classic config is right."""

from __future__ import annotations

import ast
import importlib.util
import inspect
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest
import xlwings
from dispatcher import call
from excel_calls import CALLS, REFUSED

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.excel import install

ROOT = Path(__file__).resolve().parents[2]


def load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def lite(tmp_path_factory: pytest.TempPathFactory, udfs: ModuleType) -> ModuleType:
    """The main.py that `xlbridge install --lite` writes, imported like Lite imports it."""
    folder = tmp_path_factory.mktemp("lite")
    url = "https://example.org/xlbridge-0.1.0-py3-none-any.whl"
    assert main(["install", "--lite", str(folder), "--wheel-url", url]) == 0
    return load(folder / "main.py", "xlbridge_lite_main")


def test_lite_main_exposes_every_function_with_help(lite: ModuleType, udfs: ModuleType) -> None:
    from xlwings.server import custom_functions_meta

    meta = {f["name"]: f for f in custom_functions_meta(lite)["functions"]}
    assert sorted(meta) == sorted(udfs.__all__) == install.excel_functions()
    for name, function in meta.items():
        assert len(function["description"]) > 40, name
        signature = inspect.signature(getattr(udfs, name)).parameters
        parameters = function["parameters"]
        assert [p["name"] for p in parameters] == list(signature)
        for parameter in parameters:
            assert not parameter["description"].startswith("Positional argument"), (name, parameter)
            optional = signature[parameter["name"]].default is not inspect.Parameter.empty
            assert parameter.get("optional", False) == optional, (name, parameter["name"])


def test_every_function_through_the_lite_module_equals_the_core(lite: ModuleType) -> None:
    for case in CALLS:
        assert case.check(call(lite, case.name, *case.args)), case
    for name, args, message in REFUSED:
        with pytest.raises(xlwings.XlwingsError) as refused:
            call(lite, name, *args)
        assert str(refused.value) == message


def test_server_module_and_settings(tmp_path: Path, udfs: ModuleType) -> None:
    from xlwings.server import custom_functions_meta

    assert main(["install", "--server", str(tmp_path)]) == 0
    module = load(tmp_path / install.SERVER_MODULE, "xlbridge_server_functions")
    names = {f["name"] for f in custom_functions_meta(module)["functions"]}
    assert names == set(udfs.__all__)
    assert "XLWINGS_FUNCTIONS_NAMESPACE=BRIDGE" in (tmp_path / "xlbridge.env").read_text()
    assert call(module, "IMPS", -430) == [[-10.0]]


def test_lite_requirements_and_wheel_url(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    url = "https://example.org/dist/xlbridge-0.1.0-py3-none-any.whl"
    assert main(["install", "--lite", str(tmp_path), "--wheel-url", url]) == 0
    lines = (tmp_path / "requirements.txt").read_text().splitlines()
    assert [line for line in lines if not line.startswith("#")] == ["numpy", "scipy", url]
    assert main(["install", "--lite", str(tmp_path), "--wheel-url", url]) == 2  # no --force
    assert "already exists; use --force" in capsys.readouterr().err
    assert main(["install", "--lite", str(tmp_path / "new"), "--force"]) == 2
    assert "--lite needs --wheel-url" in capsys.readouterr().err
    assert main(["install", "--lite", str(tmp_path), "--wheel-url", "ftp://x/y.zip"]) == 2
    assert "--wheel-url must be an https:// address of a .whl file" in capsys.readouterr().err
    assert main(["install", "--classic", "--wheel-url", url]) == 2
    assert "--wheel-url goes with --lite or --server" in capsys.readouterr().err
    assert main(["install", "--lite", str(tmp_path / "l"), "--wheel", str(tmp_path)]) == 2
    assert "--wheel goes with --server" in capsys.readouterr().err


@pytest.mark.parametrize(
    "url",
    [
        "http://example.org/xlbridge-0.1.0-py3-none-any.whl",  # plain http
        "HTTP://example.org/xlbridge-0.1.0-py3-none-any.whl",
        "https:///xlbridge-0.1.0-py3-none-any.whl",  # no host
        "https://example.org/xlbridge-0.1.0.tar.gz",  # not a wheel
        "https://example.org/x.whl\nevil-package",  # a second requirement line
        'https://example.org/x".whl',  # a quote, which no URL holds unencoded
        "https://example.org/x\x00.whl",  # a control character
        "https://example.org/\u00e9t\u00e9.whl",  # not percent-encoded
        "file:///tmp/xlbridge-0.1.0-py3-none-any.whl",
        "xlbridge==0.1.0",
        "",
    ],
)
def test_wheel_url_must_be_https(tmp_path: Path, capsys: pytest.CaptureFixture, url: str) -> None:
    for runtime in ("--lite", "--server"):
        folder = tmp_path / runtime.strip("-")
        assert main(["install", runtime, str(folder), "--wheel-url", url]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--wheel-url must be an https:// address" in err
        assert not folder.exists()  # refused before anything was written


def requirement_lines(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def test_server_never_asks_for_xlbridge_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    """A bare name (xlbridge==0.1.0) could install somebody else's package from PyPI."""
    assert main(["install", "--server", str(tmp_path / "plain")]) == 0
    requirements = tmp_path / "plain" / "requirements.txt"
    assert requirement_lines(requirements) == []  # only comments saying what to add
    text = requirements.read_text(encoding="utf-8")
    assert "not on PyPI" in text and "xlbridge @ https://" in text
    assert "not on PyPI" in capsys.readouterr().out  # the next steps say so too

    url = "https://example.org/dist/xlbridge-0.1.0-py3-none-any.whl"
    assert main(["install", "--server", str(tmp_path / "url"), "--wheel-url", url]) == 0
    assert requirement_lines(tmp_path / "url" / "requirements.txt") == [f"xlbridge @ {url}"]

    wheel = tmp_path / "xlbridge-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:  # a wheel is a zip file
        archive.writestr("xlbridge-0.1.0.dist-info/WHEEL", "Wheel-Version: 1.0\n")
    assert main(["install", "--server", str(tmp_path / "file"), "--wheel", str(wheel)]) == 0
    (line,) = requirement_lines(tmp_path / "file" / "requirements.txt")
    assert line == f"xlbridge @ {wheel.resolve().as_uri()}"

    server_x = ["install", "--server", str(tmp_path / "x")]
    assert main([*server_x, "--wheel", str(tmp_path / "no.whl")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main([*server_x, "--wheel", str(requirements)]) == 2
    assert "--wheel must be a .whl file" in capsys.readouterr().err
    (tmp_path / "text.whl").write_text("not a zip file")
    assert main([*server_x, "--wheel", str(tmp_path / "text.whl")]) == 2
    assert "text.whl is not a wheel (a wheel is a zip file)" in capsys.readouterr().err
    assert main([*server_x, "--wheel", str(wheel), "--wheel-url", url]) == 2
    assert "not both" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
    for path in tmp_path.rglob("*"):  # no file names the package without a source
        if path.is_file() and path.suffix in (".txt", ".env", ".py"):
            assert "xlbridge==" not in path.read_text(encoding="utf-8"), path


@pytest.mark.parametrize("runtime", ["--lite", "--server"])
def test_no_folder_created_above_the_one_named(
    tmp_path: Path, capsys: pytest.CaptureFixture, runtime: str
) -> None:
    url = ["--wheel-url", "https://example.org/xlbridge-0.1.0-py3-none-any.whl"]
    target = tmp_path / "missing" / "dir" / "lite"
    assert main(["install", runtime, str(target), *url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "parent folder" in err and "does not exist" in err
    assert list(tmp_path.iterdir()) == []  # /missing was not created
    # The folder named is created when its parent exists, and only that folder.
    assert main(["install", runtime, str(tmp_path / "made"), *url]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["made"]
    # A file where the folder should be is refused.
    (tmp_path / "file").write_text("x")
    assert main(["install", runtime, str(tmp_path / "file"), *url]) == 2
    assert "is a file; give a folder" in capsys.readouterr().err


@pytest.mark.parametrize("runtime", ["--lite", "--server"])
def test_install_again_needs_force(
    tmp_path: Path, capsys: pytest.CaptureFixture, runtime: str
) -> None:
    url = ["--wheel-url", "https://example.org/xlbridge-0.1.0-py3-none-any.whl"]
    folder = tmp_path / "out"
    assert main(["install", runtime, str(folder), *url]) == 0
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    (folder / "main.py").write_text("mine")  # a file the user changed (or any other)
    assert main(["install", runtime, str(folder), *url]) == 2
    assert "already exists; use --force" in capsys.readouterr().err
    assert (folder / "main.py").read_text() == "mine"
    assert main(["install", runtime, str(folder), *url, "--force"]) == 0
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.name in before} == before


def test_wheel_is_pure_python(tmp_path: Path) -> None:
    source = tmp_path / "source"  # built from a copy, so the checkout gets no build/ folder
    shutil.copytree(
        ROOT / "xlbridge", source / "xlbridge", ignore=shutil.ignore_patterns("__pycache__")
    )
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(source),
        ],
        check=True,
    )
    (wheel,) = tmp_path.glob("xlbridge-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = next(n for n in names if n.endswith(".dist-info/WHEEL"))
        assert "Root-Is-Purelib: true" in archive.read(metadata).decode()
    assert not [n for n in names if n.endswith((".so", ".pyd", ".dll", ".dylib"))]
    assert "xlbridge/udfs.py" in names and "xlbridge/scoring/boards/matchpoints.py" in names


#: Modules that Pyodide lacks or cannot use (no threads, no sockets, no processes).
NOT_IN_PYODIDE = {"threading", "socket", "subprocess", "multiprocessing", "ctypes", "signal"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_code_lite_runs_uses_nothing_pyodide_lacks() -> None:
    package = ROOT / "xlbridge"
    excel = [path for path in (package / "excel").glob("*.py") if path.name != "install.py"]
    # scoring/double_dummy.py is the optional extra's (endplay): the functions never load it.
    scoring = [p for p in (package / "scoring").rglob("*.py") if p.name != "double_dummy.py"]
    files = [*excel, package / "udfs.py", *scoring]
    used = set().union(*(imported_modules(f) for f in files))
    assert not used & NOT_IN_PYODIDE
    # The functions need numpy, scipy (Pyodide builds them) and xlwings (Lite has it).
    assert used - set(sys.stdlib_module_names) == {"numpy", "scipy", "xlwings", "xlbridge"}


def test_classic_config_keeps_other_settings() -> None:
    existing = '"LICENSE_KEY","abc"\n"UDF MODULES","old.module"\n"INTERPRETER_WIN","C:\\\\old"\n'
    text = install.classic_config(existing, r"C:\Python311\python.exe")
    assert text.splitlines() == [
        '"LICENSE_KEY","abc"',
        '"UDF MODULES","xlbridge.udfs"',
        r'"INTERPRETER_WIN","C:\Python311\python.exe"',
    ]


def test_install_classic_on_windows_writes_config_and_installs_the_addin(tmp_path: Path) -> None:
    config = tmp_path / ".xlwings" / "xlwings.conf"
    commands: list[list[str]] = []
    written = install.install_classic(config, "win32", lambda c: commands.append(c) or 0)
    assert written.files == [config]
    assert '"UDF MODULES","xlbridge.udfs"' in config.read_text()
    assert commands == [[sys.executable, "-c", install.XLWINGS_CLI, "addin", "install"]]
    # The command really reaches xlwings' own command line (which has no __main__ module).
    version = subprocess.run(
        [sys.executable, "-c", install.XLWINGS_CLI, "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert version.stdout.startswith("xlwings ")
    assert "Import Functions" in written.next_steps
    with pytest.raises(OSError, match="failed with exit code 3"):
        install.install_classic(config, "win32", lambda c: 3)


def test_install_classic_elsewhere_points_to_lite() -> None:
    with pytest.raises(InputError, match="only in Excel on Windows.*--lite"):
        install.install_classic(platform="darwin")
