"""Tests for the LibreOffice recalculation rig (tests/libreoffice.py and its fixture)."""

import os
import re
import signal
import zipfile
from pathlib import Path

import openpyxl
import pytest
from calc_server import CalcServer
from libreoffice import (
    MISSING_REASON,
    RECALC_NEVER,
    REQUIRE_ENV_VAR,
    LibreOfficeError,
    LibreOfficeMissing,
    LibreOfficeRecalculator,
    error_cells,
    prepare_profile,
    read_values,
    recalculate,
    require_soffice,
    soffice_path,
)

# --------------------------------------------------------------------------- helpers


def _save(wb: openpyxl.Workbook, path: Path) -> Path:
    wb.save(path)
    return path


def _set_cached_value(xlsx: Path, member: str, coord: str, cached: str) -> None:
    """Give formula cell ``coord`` in zip member ``member`` the cached value ``cached``.

    openpyxl writes formula cells as ``<c r="B1"><f>...</f><v /></c>`` (no cached
    value), so a stale cache has to be planted by editing the XML directly.
    """
    with zipfile.ZipFile(xlsx) as zf:
        entries = [(info, zf.read(info)) for info in zf.infolist()]
    pattern = re.compile(rf'(<c r="{coord}"[^>]*>\s*<f>[^<]*</f>\s*)(?:<v\s*/>|<v>[^<]*</v>)')
    patched: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in entries:
        if info.filename == member:
            text, count = pattern.subn(rf"\g<1><v>{cached}</v>", data.decode("utf-8"))
            assert count == 1, f"formula cell {coord} not found in {member}"
            data = text.encode("utf-8")
        patched.append((info, data))
    with zipfile.ZipFile(xlsx, "w", zipfile.ZIP_DEFLATED) as zf:
        for info, data in patched:
            zf.writestr(info, data)


def _stale_workbook(path: Path) -> Path:
    """Inputs 2 and 3; B1 = A1*A2 (really 6) cached as 999, B2 = B1+1 cached as 1000."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Calc"
    ws["A1"] = 2
    ws["A2"] = 3
    ws["B1"] = "=A1*A2"
    ws["B2"] = "=B1+1"
    _save(wb, path)
    _set_cached_value(path, "xl/worksheets/sheet1.xml", "B1", "999")
    _set_cached_value(path, "xl/worksheets/sheet1.xml", "B2", "1000")
    # The planted values really are what a non-recalculating reader sees.
    cached = read_values(path)["Calc"]
    assert (cached["B1"].value, cached["B2"].value) == (999, 1000)
    return path


# ------------------------------------------------------------- recalculation, for real


def test_formulas_recalculate_to_correct_values(
    libreoffice: LibreOfficeRecalculator, tmp_path: Path
) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Calc"
    for row, (a, b) in enumerate([(1, 4), (2, 5), (3, 6)], start=1):
        ws.cell(row, 1, a)
        ws.cell(row, 2, b)
    ws["C1"] = "=1+1"
    ws["C2"] = "=NORMSINV(0.975)"
    ws["C3"] = "=ROUND(2.5,0)"
    ws["C4"] = "=SUMPRODUCT(A1:A3,B1:B3)"
    other = wb.create_sheet("Other sheet")
    other["A1"] = "='Calc'!C4*2"
    src = _save(wb, tmp_path / "formulas.xlsx")
    before = src.read_bytes()

    out = libreoffice.recalc(src)

    assert out != src and out.parent != src.parent
    assert src.read_bytes() == before, "source workbook must not be touched"
    values = read_values(out)
    calc = values["Calc"]
    assert calc["C1"].value == 2
    assert calc["C2"].value == pytest.approx(1.959964, abs=1e-6)
    assert calc["C3"].value == 3  # round half away from zero, not banker's rounding
    assert calc["C4"].value == 1 * 4 + 2 * 5 + 3 * 6
    assert values["Other sheet"]["A1"].value == 64
    assert error_cells(out) == []
    # The formulas themselves survive the round trip.
    assert openpyxl.load_workbook(out)["Calc"]["C3"].value == "=ROUND(2.5,0)"


def test_stale_cached_values_are_recalculated(
    libreoffice: LibreOfficeRecalculator, tmp_path: Path
) -> None:
    src = _stale_workbook(tmp_path / "stale.xlsx")

    calc = read_values(libreoffice.recalc(src))["Calc"]

    assert (calc["B1"].value, calc["B2"].value) == (6, 7)


def test_stale_cache_survives_without_recalc_setting(
    libreoffice: LibreOfficeRecalculator, tmp_path: Path
) -> None:
    """Control for the test above: with OOXMLRecalcMode=1 Calc keeps the stale cache.

    This shows that it is the profile setting, not some other effect, that
    makes the rig recalculate formulas which already carry a value.
    """
    src = _stale_workbook(tmp_path / "stale.xlsx")
    never_profile = prepare_profile(tmp_path / "profile-never", recalc_mode=RECALC_NEVER)

    out = recalculate(src, tmp_path / "out", never_profile, soffice=libreoffice.soffice)

    calc = read_values(out)["Calc"]
    assert (calc["B1"].value, calc["B2"].value) == (999, 1000)


def test_a_dead_calc_server_is_stopped_and_soffice_run_instead(
    libreoffice: LibreOfficeRecalculator, tmp_path: Path
) -> None:
    """The fixture's conversions go to one running soffice (tests/calc_server.py); when it is
    gone, a conversion still comes back recalculated, from a soffice run of its own."""
    server = CalcServer(libreoffice.soffice, prepare_profile(tmp_path / "server-profile"))
    assert server.start()
    try:
        pid = server.pid
        assert pid is not None
        os.killpg(pid, signal.SIGKILL)
        src = _stale_workbook(tmp_path / "stale.xlsx")
        profile, soffice = libreoffice.profile_dir, libreoffice.soffice
        out = recalculate(src, tmp_path / "out", profile, soffice=soffice, server=server)
        assert server.pid is None  # stopped, never asked again
        calc = read_values(out)["Calc"]
        assert (calc["B1"].value, calc["B2"].value) == (6, 7)
    finally:
        server.stop(at_once=True)


def test_error_cells_reports_division_by_zero(
    libreoffice: LibreOfficeRecalculator, tmp_path: Path
) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Calc"
    ws["A1"] = 1
    ws["A2"] = "=A1/0"
    ws["A3"] = "=A1+1"
    ws["A4"] = "plain text"
    src = _save(wb, tmp_path / "errors.xlsx")

    out = libreoffice.recalc(src)

    assert error_cells(out) == ["Calc!A2: #DIV/0!"]
    cell = read_values(out)["Calc"]["A2"]
    assert (cell.value, cell.data_type) == ("#DIV/0!", "e")


def test_unreadable_file_raises_with_soffice_output(
    libreoffice: LibreOfficeRecalculator, tmp_path: Path
) -> None:
    good = _save(openpyxl.Workbook(), tmp_path / "good.xlsx")
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(good.read_bytes()[:300])  # truncated zip

    with pytest.raises(LibreOfficeError, match="could not be loaded"):
        libreoffice.recalc(broken)


# ------------------------------------------------------------ no LibreOffice needed


@pytest.fixture
def no_soffice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Make PATH an empty directory, so neither soffice nor libreoffice is found."""
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    assert soffice_path() is None


@pytest.mark.usefixtures("no_soffice")
def test_missing_soffice_skips_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(REQUIRE_ENV_VAR, raising=False)
    with pytest.raises(pytest.skip.Exception, match=re.escape(MISSING_REASON)):
        require_soffice()


@pytest.mark.usefixtures("no_soffice")
def test_missing_soffice_fails_when_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(REQUIRE_ENV_VAR, "1")
    with pytest.raises(pytest.fail.Exception, match=re.escape(MISSING_REASON)):
        require_soffice()


@pytest.mark.usefixtures("no_soffice")
def test_recalculate_without_soffice_raises(tmp_path: Path) -> None:
    src = _save(openpyxl.Workbook(), tmp_path / "book.xlsx")
    with pytest.raises(LibreOfficeMissing):
        recalculate(src, tmp_path / "out", tmp_path / "profile")


def test_recalculate_refuses_to_overwrite_source(tmp_path: Path) -> None:
    src = _save(openpyxl.Workbook(), tmp_path / "book.xlsx")
    with pytest.raises(ValueError, match="out_dir must differ"):
        recalculate(src, tmp_path, tmp_path / "profile", soffice="/nonexistent/soffice")


def test_profile_sets_both_recalc_modes(tmp_path: Path) -> None:
    xcu = prepare_profile(tmp_path / "p") / "user" / "registrymodifications.xcu"
    text = xcu.read_text(encoding="utf-8")
    for name in ("OOXMLRecalcMode", "ODFRecalcMode"):
        assert re.search(rf'oor:name="{name}"[^>]*><value>0</value>', text), name
