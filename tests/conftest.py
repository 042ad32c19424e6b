"""Shared pytest fixtures for the xlbridge test suite."""

import pytest

# tests/ has no __init__.py, so pytest puts this directory on sys.path and the
# helper module tests/libreoffice.py is importable as plain ``libreoffice``.
from libreoffice import LibreOfficeRecalculator, prepare_profile, require_soffice


@pytest.fixture(scope="session")
def libreoffice(tmp_path_factory: pytest.TempPathFactory) -> LibreOfficeRecalculator:
    """Headless LibreOffice Calc that recalculates .xlsx files for the whole session.

    Skips the requesting test if soffice is not installed (fails instead when
    XLBRIDGE_REQUIRE_LIBREOFFICE=1, as on CI).  One isolated profile, set to
    recalculate every formula on load, is shared by all calls; each call writes
    its output into a fresh temporary directory.

    Usage::

        wb = read_values(libreoffice.recalc(path))   # or libreoffice.values(path)
    """
    soffice = require_soffice()
    profile_dir = prepare_profile(tmp_path_factory.mktemp("libreoffice-profile"))
    return LibreOfficeRecalculator(
        soffice=soffice,
        profile_dir=profile_dir,
        new_out_dir=lambda: tmp_path_factory.mktemp("recalc"),
    )
