"""Headless LibreOffice Calc as a recalculation engine for tests.

openpyxl writes formulas but never evaluates them: a workbook it saves carries
no cached values at all.  To check what a generated workbook actually
*computes*, the tests hand it to LibreOffice Calc in headless mode, let Calc
recalculate every formula, save the result as a new .xlsx and read the cached
values back with ``openpyxl.load_workbook(..., data_only=True)``.

Calc only recalculates formulas on load if told to: by default it trusts
cached ``<v>`` values in OOXML files (``OOXMLRecalcMode`` = 1, "never").  So
every conversion runs with an isolated user profile whose
``registrymodifications.xcu`` sets ``OOXMLRecalcMode`` and ``ODFRecalcMode``
to 0 ("always").  The isolated profile also keeps the tests away from any
LibreOffice instance the developer has open.

Typical use (via the ``libreoffice`` fixture in ``conftest.py``)::

    wb = read_values(libreoffice.recalc(path))
    assert wb["Sheet"]["B2"].value == 3
"""

import os
import re
import signal
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import openpyxl
from calc_server import CalcServer
from openpyxl.workbook.workbook import Workbook
from prerequisites import Tool

#: LibreOffice Calc, as the tests find it (the skip-or-require rule is tests/prerequisites.py's).
LIBREOFFICE = Tool(
    label="LibreOffice (soffice)",
    commands=("soffice", "libreoffice"),
    package="libreoffice-calc-nogui",
    env_var="XLBRIDGE_REQUIRE_LIBREOFFICE",
)

#: Environment variable that turns "LibreOffice missing" from a skip into a failure (CI sets it).
REQUIRE_ENV_VAR = LIBREOFFICE.env_var

#: Reason used when LibreOffice is not installed.
MISSING_REASON = LIBREOFFICE.missing_reason

#: Default limit for one conversion, in seconds (a conversion normally takes about a second).
DEFAULT_TIMEOUT = 180.0

#: Values of the Calc ``*RecalcMode`` settings (0 always, 1 never, 2 ask the user).
RECALC_ALWAYS = 0
RECALC_NEVER = 1
RECALC_PROMPT = 2

#: Spreadsheet error values as they appear in an .xlsx file.
ERROR_VALUES = frozenset(
    {"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA"}
)
#: LibreOffice-native error codes ("Err:502"), in case one is ever written out as text.
_LO_ERROR_RE = re.compile(r"^Err:\d+$")

_XCU_TEMPLATE = """\
<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
           xmlns:xs="http://www.w3.org/2001/XMLSchema"
           xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">\
<prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>{mode}</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">\
<prop oor:name="ODFRecalcMode" oor:op="fuse"><value>{mode}</value></prop></item>
</oor:items>
"""


class LibreOfficeMissing(RuntimeError):
    """Raised when no ``soffice``/``libreoffice`` executable is on PATH."""


class LibreOfficeError(RuntimeError):
    """Raised when a LibreOffice conversion fails, times out or produces no file."""


def soffice_path() -> str | None:
    """Return the full path of ``soffice`` (or ``libreoffice``) on PATH, or None."""
    return LIBREOFFICE.find()


def require_soffice() -> str:
    """Return the soffice path, or end the current test if LibreOffice is absent.

    Without LibreOffice the test is skipped, unless ``XLBRIDGE_REQUIRE_LIBREOFFICE=1``
    is set (as on CI), in which case it fails so that a broken CI image cannot
    silently skip every spreadsheet check (:meth:`prerequisites.Tool.require`).
    """
    return LIBREOFFICE.require()


def prepare_profile(profile_dir: Path, recalc_mode: int = RECALC_ALWAYS) -> Path:
    """Create (or overwrite) an isolated LibreOffice profile with the given recalc mode.

    Writes ``<profile_dir>/user/registrymodifications.xcu`` setting both
    ``OOXMLRecalcMode`` and ``ODFRecalcMode`` to ``recalc_mode``, and returns
    ``profile_dir``.  LibreOffice fills in the rest of the profile on first start.
    """
    if recalc_mode not in (RECALC_ALWAYS, RECALC_NEVER, RECALC_PROMPT):
        raise ValueError(f"recalc_mode must be 0, 1 or 2, not {recalc_mode!r}")
    user_dir = profile_dir / "user"
    user_dir.mkdir(parents=True, exist_ok=True)
    xcu = user_dir / "registrymodifications.xcu"
    xcu.write_text(_XCU_TEMPLATE.format(mode=recalc_mode), encoding="utf-8")
    return profile_dir


def recalculate(
    src: Path,
    out_dir: Path,
    profile_dir: Path,
    *,
    soffice: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    to: str = "xlsx",
    server: CalcServer | None = None,
) -> Path:
    """Recalculate every formula of ``src`` in LibreOffice Calc; return the new .xlsx
    (or, with ``to="pdf"``, the workbook printed to PDF with its page set-up).

    Runs ``soffice --headless --norestore -env:UserInstallation=<profile_dir URL>
    --convert-to xlsx --outdir <out_dir> <src>``.  The result is
    ``out_dir / (src.stem + ".xlsx")``; ``out_dir`` must differ from the source's
    directory so the source is never overwritten.

    If ``profile_dir`` has no ``user/registrymodifications.xcu`` yet it is prepared
    with :func:`prepare_profile` (recalc always); an existing one is reused as is,
    so one profile can serve many calls.  Do not share one profile between
    LibreOffice processes running at the same time.

    With a running ``server`` (:class:`calc_server.CalcServer`) the conversion is done by it,
    sparing soffice's start-up; should it fail, soffice is run as above, so the errors raised
    are soffice's own.

    Raises :class:`LibreOfficeMissing` if soffice cannot be found and
    :class:`LibreOfficeError` (with soffice's stdout/stderr) if the conversion
    fails, times out or writes no file.
    """
    src = Path(src).resolve()
    out_dir = Path(out_dir).resolve()
    profile_dir = Path(profile_dir).resolve()
    if not src.is_file():
        raise FileNotFoundError(src)
    if out_dir == src.parent:
        raise ValueError(f"out_dir must differ from the source directory ({src.parent})")
    exe = soffice or soffice_path()
    if exe is None:
        raise LibreOfficeMissing(MISSING_REASON)

    if not (profile_dir / "user" / "registrymodifications.xcu").is_file():
        prepare_profile(profile_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    result = out_dir / f"{src.stem}.{to}"
    result.unlink(missing_ok=True)  # never mistake an old file for this run's output
    if server is not None and server.convert(src, result, to, timeout):
        return result

    cmd = [
        exe,
        "--headless",
        "--norestore",
        f"-env:UserInstallation={profile_dir.as_uri()}",
        "--convert-to",
        to,
        "--outdir",
        str(out_dir),
        str(src),
    ]
    # soffice is a wrapper script that starts soffice.bin; run it in its own
    # process group so a timeout can kill the whole tree, not just the wrapper.
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        stdout, stderr = proc.communicate()
        raise LibreOfficeError(
            _describe(f"timed out after {timeout:g} s", cmd, proc.returncode, stdout, stderr)
        ) from None

    if proc.returncode != 0:
        raise LibreOfficeError(
            _describe("exited with an error", cmd, proc.returncode, stdout, stderr)
        )
    if not result.is_file():
        raise LibreOfficeError(
            _describe(f"produced no {result.name}", cmd, proc.returncode, stdout, stderr)
        )
    return result


def _kill_group(proc: subprocess.Popen[str]) -> None:
    """Kill the process group started for ``proc`` (best effort)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _describe(
    problem: str, cmd: list[str], returncode: int | None, stdout: str, stderr: str
) -> str:
    """Build an error message that shows what soffice said."""
    return (
        f"LibreOffice conversion {problem}\n"
        f"command: {' '.join(cmd)}\n"
        f"exit code: {returncode}\n"
        f"stdout:\n{stdout.strip() or '(empty)'}\n"
        f"stderr:\n{stderr.strip() or '(empty)'}"
    )


def read_values(path: Path) -> Workbook:
    """Open a recalculated workbook with cached values instead of formulas.

    Numbers come back as int/float, text as str and spreadsheet errors as their
    code string, e.g. ``"#DIV/0!"`` (with ``cell.data_type == "e"``).
    """
    return openpyxl.load_workbook(path, data_only=True)


def is_error_value(value: object) -> bool:
    """True if ``value`` is a spreadsheet error such as ``"#VALUE!"`` or ``"Err:502"``."""
    return isinstance(value, str) and (value in ERROR_VALUES or bool(_LO_ERROR_RE.match(value)))


def error_cells(path: Path) -> list[str]:
    """List every cell of a recalculated workbook whose value is a spreadsheet error.

    Entries look like ``"Sheet!A1: #VALUE!"``, in sheet order, then row by row.
    """
    wb = read_values(path)
    found: list[str] = []
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "e" or is_error_value(cell.value):
                    found.append(f"{ws.title}!{cell.coordinate}: {cell.value}")
    return found


@dataclass(frozen=True)
class LibreOfficeRecalculator:
    """One soffice executable plus one isolated profile; what the fixture returns.

    ``new_out_dir`` makes a fresh, empty directory for each conversion (the
    fixture passes ``lambda: tmp_path_factory.mktemp("recalc")``).  ``server``, when given, is a
    running soffice (with a profile of its own) that does the conversions without a start-up each.
    """

    soffice: str
    profile_dir: Path
    new_out_dir: Callable[[], Path]
    timeout: float = DEFAULT_TIMEOUT
    server: CalcServer | None = None

    def recalc(self, path: Path) -> Path:
        """Recalculate ``path`` into a fresh directory and return the new .xlsx."""
        return recalculate(
            path,
            self.new_out_dir(),
            self.profile_dir,
            soffice=self.soffice,
            timeout=self.timeout,
            server=self.server,
        )

    def pdf(self, path: Path) -> Path:
        """Print ``path`` (recalculated) to PDF in a fresh directory and return the PDF."""
        return recalculate(
            path,
            self.new_out_dir(),
            self.profile_dir,
            soffice=self.soffice,
            timeout=self.timeout,
            to="pdf",
            server=self.server,
        )

    def values(self, path: Path) -> Workbook:
        """Recalculate ``path`` and open the result with cached values (``data_only``)."""
        return read_values(self.recalc(path))


def recalculate_many(
    recalculator: LibreOfficeRecalculator, sources: list[Path], to: str = "xlsx"
) -> list[Path]:
    """Recalculate several workbooks in one LibreOffice run (one start-up for all, the cheap
    way to check many); returns the new .xlsx (or, with ``to="pdf"``, the printed PDF) of each,
    in order. Their names must differ."""
    out_dir = recalculator.new_out_dir().resolve()
    results = [out_dir / f"{Path(src).stem}.{to}" for src in sources]
    server = recalculator.server
    if server is not None and all(
        server.convert(Path(src).resolve(), result, to, recalculator.timeout)
        for src, result in zip(sources, results, strict=True)
    ):
        return results
    for result in results:
        result.unlink(missing_ok=True)  # a part the server did is done again below
    cmd = [
        recalculator.soffice,
        "--headless",
        "--norestore",
        f"-env:UserInstallation={recalculator.profile_dir.resolve().as_uri()}",
        "--convert-to",
        to,
        "--outdir",
        str(out_dir),
        *(str(Path(src).resolve()) for src in sources),
    ]
    proc = subprocess.run(
        cmd, capture_output=True, text=True, timeout=recalculator.timeout, check=False
    )
    missing = [path.name for path in results if not path.is_file()]
    if proc.returncode != 0 or missing:
        raise LibreOfficeError(
            _describe(f"produced no {missing}", cmd, proc.returncode, proc.stdout, proc.stderr)
        )
    return results
