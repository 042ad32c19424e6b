"""Tests for the outside-tool rig (tests/prerequisites.py) and the three rigs that use it.

A test that needs LibreOffice, poppler-utils or Chromium and does not find it is skipped, the
reason naming the program and its Debian package; with ``XLBRIDGE_REQUIRE_<TOOL>=1`` it fails
with that message and no traceback. Never a ``FileNotFoundError``. The programs are hidden by
pointing PATH at a folder without them; the last tests run real print and browser tests in a
pytest session of their own (``pytester``), the print tests with a stand-in ``soffice`` that
writes an empty PDF, so that they get as far as reading it with poppler-utils.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import rendering
from chromium import Chromium
from prerequisites import Tool, required_by_env

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"

LIBREOFFICE_REASON = "LibreOffice (soffice) not found; install libreoffice-calc-nogui"
PDFTOTEXT_REASON = "pdftotext not found; install poppler-utils"
PDFINFO_REASON = "pdfinfo not found; install poppler-utils"
PDFTOPPM_REASON = "pdftoppm not found; install poppler-utils"
CHROMIUM_REASON = "Chromium (chromium) not found; install chromium"

POPPLER_VAR = "XLBRIDGE_REQUIRE_POPPLER"
CHROMIUM_VAR = "XLBRIDGE_REQUIRE_CHROMIUM"
REQUIRE_VARS = ("XLBRIDGE_REQUIRE_LIBREOFFICE", POPPLER_VAR, CHROMIUM_VAR)

#: A stand-in for soffice: each ``--convert-to X --outdir D sources...`` writes ``D/<stem>.X``
#: holding an empty PDF (what the print tests need to reach their pdftotext call).
FAKE_SOFFICE = """\
#!{python}
import pathlib
import sys

args = sys.argv[1:]
out = pathlib.Path(args[args.index("--outdir") + 1])
suffix = args[args.index("--convert-to") + 1]
for source in args[args.index("--outdir") + 2 :]:
    (out / (pathlib.Path(source).stem + "." + suffix)).write_bytes(b"%PDF-1.4\\n%%EOF\\n")
"""

#: Print tests that read LibreOffice's PDF with pdftotext: through test_results_pack's
#: pdf_pages (the three tests of the issue are of this kind), through the rig's pdf_text, and
#: through the rig's page_texts.
PRINT_TESTS = (
    "tests/workbooks/results_pack/test_results_pack.py::test_long_names_print_whole",
    "tests/workbooks/pairs_session/test_pairs_session.py::test_printed_pages_show_every_heading_whole",
    "tests/workbooks/movement_cards/test_movement_cards.py::test_printed_cards_hold_every_round",
)
#: A browser test (its module's browser fixture starts Chromium).
BROWSER_TEST = "tests/web/test_web_browser.py::test_a_long_pair_label_fits_a_phone"


# --------------------------------------------------------------------------- helpers


def _executable(folder: Path, name: str, text: str = "#!/bin/sh\nexit 0\n") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    path.chmod(0o755)
    return path


@pytest.fixture
def no_require(monkeypatch: pytest.MonkeyPatch) -> None:
    """None of the XLBRIDGE_REQUIRE_<TOOL> variables set (CI sets them all)."""
    for name in REQUIRE_VARS:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def empty_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, no_require: None) -> Path:
    """PATH is one empty folder: no soffice, no poppler-utils, no chromium."""
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    return empty


@pytest.fixture
def only_fake_soffice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, no_require: None) -> Path:
    """PATH is one folder holding only the stand-in soffice: LibreOffice "prints", but there
    is no poppler-utils and no chromium."""
    folder = tmp_path / "fake-bin"
    _executable(folder, "soffice", FAKE_SOFFICE.format(python=sys.executable))
    monkeypatch.setenv("PATH", str(folder))
    return folder


def _empty_pdf(tmp_path: Path) -> Path:
    path = tmp_path / "printed.pdf"
    path.write_bytes(b"%PDF-1.4\n%%EOF\n")
    return path


def _session(pytester: pytest.Pytester, *node_ids: str) -> pytest.RunResult:
    """Run the given tests of this repository in a pytest session of their own (no xdist
    workers, no cache, no pytest-benchmark, which warns inside an xdist worker), with every
    skip and failure reported on its own line."""
    return pytester.runpytest(
        *(str(ROOT / node_id) for node_id in node_ids),
        f"--rootdir={ROOT}",
        "-o",
        "addopts=",
        "-p",
        "no:xdist",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:benchmark",
        "-rA",
    )


def _ending(call: Callable[[], object]) -> tuple[str, str]:
    """How ``call`` ends the test that makes it: ``("skipped", reason)`` or ``("failed",
    message)``; a failure without a traceback only (``pytrace=False``). Any other exception,
    a FileNotFoundError say, goes on up and fails this test, and so does a call that returns:
    a skip never passes for a failure here, nor a failure for a skip."""
    try:
        call()
    except pytest.skip.Exception as skipped:
        return "skipped", skipped.msg
    except pytest.fail.Exception as failed:
        assert failed.pytrace is False, "a failure with a traceback"
        return "failed", failed.msg
    raise AssertionError(f"{call} returned: the test was neither skipped nor failed")


def _assert_no_crash(result: pytest.RunResult) -> None:
    """The session's output holds no traceback of a missing program."""
    output = result.stdout.str()
    assert "FileNotFoundError" not in output
    assert "Traceback" not in output


# ------------------------------------------------------------------- the shared rule


def test_reasons_name_the_program_and_its_debian_package() -> None:
    import chromium
    import libreoffice

    assert libreoffice.MISSING_REASON == LIBREOFFICE_REASON
    assert rendering.poppler_tool("pdftotext").missing_reason == PDFTOTEXT_REASON
    assert rendering.poppler_tool("pdftoppm").missing_reason == PDFTOPPM_REASON
    assert chromium.CHROMIUM.missing_reason == CHROMIUM_REASON
    tools = [libreoffice.LIBREOFFICE, rendering.poppler_tool("pdfinfo"), chromium.CHROMIUM]
    assert [tool.env_var for tool in tools] == list(REQUIRE_VARS)


def test_find_takes_the_first_command_on_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    _executable(second, "tool-a")
    _executable(first, "tool-b")
    monkeypatch.setenv("PATH", f"{first}:{second}")
    tool = Tool("A tool", ("tool-a", "tool-b"), "a-package", "XLBRIDGE_REQUIRE_A_TOOL")
    assert tool.find() == str(second / "tool-a")
    assert tool.require() == str(second / "tool-a")
    assert Tool("B", ("tool-c", "tool-b"), "b", "X").find() == str(first / "tool-b")
    assert Tool("C", ("tool-c",), "c", "X").find() is None


@pytest.mark.parametrize(
    ("value", "required"),
    [("1", True), ("true", True), (" YES ", True), ("", False), ("0", False), ("no", False)],
)
def test_require_variable_values(
    monkeypatch: pytest.MonkeyPatch, value: str, required: bool
) -> None:
    monkeypatch.setenv("XLBRIDGE_REQUIRE_A_TOOL", value)
    assert required_by_env("XLBRIDGE_REQUIRE_A_TOOL") is required


@pytest.mark.parametrize("value", ["", "0", "no"])
def test_a_missing_tool_skips_unless_required(
    monkeypatch: pytest.MonkeyPatch, empty_path: Path, value: str
) -> None:
    monkeypatch.setenv("XLBRIDGE_REQUIRE_A_TOOL", value)
    tool = Tool("A tool (tool-a)", ("tool-a",), "a-package", "XLBRIDGE_REQUIRE_A_TOOL")
    assert _ending(tool.require) == ("skipped", "A tool (tool-a) not found; install a-package")


def test_a_missing_required_tool_fails_without_traceback(
    monkeypatch: pytest.MonkeyPatch, empty_path: Path
) -> None:
    monkeypatch.setenv("XLBRIDGE_REQUIRE_A_TOOL", "1")
    tool = Tool("A tool (tool-a)", ("tool-a",), "a-package", "XLBRIDGE_REQUIRE_A_TOOL")
    assert _ending(tool.require) == (
        "failed",
        "A tool (tool-a) not found; install a-package (XLBRIDGE_REQUIRE_A_TOOL=1 is set)",
    )


# ------------------------------------------------- each rig asks before running a program


@pytest.mark.usefixtures("empty_path")
@pytest.mark.parametrize(
    ("read", "reason"),
    [
        (lambda pdf: rendering.page_texts(pdf), PDFTOTEXT_REASON),
        (lambda pdf: rendering.pdf_text(pdf, layout=False), PDFTOTEXT_REASON),
        (lambda pdf: rendering.page_count(pdf), PDFINFO_REASON),
        (lambda pdf: rendering.poppler("pdftoppm"), PDFTOPPM_REASON),
    ],
    ids=["page_texts", "pdf_text", "page_count", "pdftoppm"],
)
def test_print_rig_without_poppler_skips(
    tmp_path: Path, read: Callable[[Path], object], reason: str
) -> None:
    pdf = _empty_pdf(tmp_path)
    assert _ending(lambda: read(pdf)) == ("skipped", reason)


def test_print_rig_without_poppler_fails_when_required(
    monkeypatch: pytest.MonkeyPatch, empty_path: Path, tmp_path: Path
) -> None:
    monkeypatch.setenv(POPPLER_VAR, "1")
    pdf = _empty_pdf(tmp_path)
    message = f"{PDFTOTEXT_REASON} ({POPPLER_VAR}=1 is set)"
    assert _ending(lambda: rendering.page_texts(pdf)) == ("failed", message)


def test_print_rig_knows_only_poppler_programs() -> None:
    with pytest.raises(ValueError, match="pdftocairo"):
        rendering.poppler("pdftocairo")


def _start_chromium(profile: Path) -> None:
    with Chromium.start(profile):
        pass


@pytest.mark.usefixtures("empty_path")
def test_browser_rig_without_chromium_skips(tmp_path: Path) -> None:
    ending = _ending(lambda: _start_chromium(tmp_path / "profile"))
    assert ending == ("skipped", CHROMIUM_REASON)


def test_browser_rig_without_chromium_fails_when_required(
    monkeypatch: pytest.MonkeyPatch, empty_path: Path, tmp_path: Path
) -> None:
    monkeypatch.setenv(CHROMIUM_VAR, "1")
    ending = _ending(lambda: _start_chromium(tmp_path / "profile"))
    assert ending == ("failed", f"{CHROMIUM_REASON} ({CHROMIUM_VAR}=1 is set)")


# ------------------------------------------- the real print and browser tests, end to end


@pytest.mark.usefixtures("only_fake_soffice")
def test_print_tests_without_poppler_skip_with_the_reason(pytester: pytest.Pytester) -> None:
    result = _session(pytester, *PRINT_TESTS)
    result.assert_outcomes(skipped=len(PRINT_TESTS))
    result.stdout.fnmatch_lines([f"SKIPPED * {PDFTOTEXT_REASON}"])
    _assert_no_crash(result)


def test_print_tests_without_poppler_fail_when_required(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, only_fake_soffice: Path
) -> None:
    monkeypatch.setenv(POPPLER_VAR, "1")
    result = _session(pytester, *PRINT_TESTS)
    result.assert_outcomes(failed=len(PRINT_TESTS))
    message = f"{PDFTOTEXT_REASON} ({POPPLER_VAR}=1 is set)"
    result.stdout.fnmatch_lines([message] * len(PRINT_TESTS), consecutive=False)
    _assert_no_crash(result)


@pytest.mark.usefixtures("empty_path")
def test_print_tests_without_libreoffice_skip_with_the_reason(pytester: pytest.Pytester) -> None:
    result = _session(pytester, PRINT_TESTS[0])
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines([f"SKIPPED * {LIBREOFFICE_REASON}"])
    _assert_no_crash(result)


@pytest.mark.usefixtures("empty_path")
def test_browser_test_without_chromium_skips_with_the_reason(pytester: pytest.Pytester) -> None:
    result = _session(pytester, BROWSER_TEST)
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines([f"SKIPPED * {CHROMIUM_REASON}"])
    _assert_no_crash(result)


def test_browser_test_without_chromium_fails_when_required(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, empty_path: Path
) -> None:
    """The browser is a module fixture, so pytest reports the failure as an error in the
    test's set-up; the run fails all the same."""
    monkeypatch.setenv(CHROMIUM_VAR, "1")
    result = _session(pytester, BROWSER_TEST)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([f"{CHROMIUM_REASON} ({CHROMIUM_VAR}=1 is set)"])
    assert result.ret != 0
    _assert_no_crash(result)
