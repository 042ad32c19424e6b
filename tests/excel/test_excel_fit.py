"""FIT_K, SCALE_AUDIT and AVERAGE_PLUS through xlwings' Office.js dispatcher."""

from __future__ import annotations

import numpy as np
import pytest

from xlbridge.scoring.scales.fit import audit, fit_k


@pytest.fixture(scope="module")
def season() -> tuple[list[list[float]], list[list[int]]]:
    rng = np.random.default_rng(3)
    boards = rng.choice([8, 12], 200)
    margins = np.round(rng.normal(0, 7 * np.sqrt(boards)))
    return [[float(m)] for m in margins], [[int(b)] for b in boards]


def test_fit_k_row(call_udf, season) -> None:
    margins, boards = season
    fit = fit_k(np.ravel(margins), np.ravel(boards))
    assert call_udf("FIT_K", margins, boards) == [
        [pytest.approx(fit.k), pytest.approx(fit.low), pytest.approx(fit.high)]
    ]
    # Sheffield: ±1790 over 24 boards, aggregate → K = 1790/√24 = 365.
    out = call_udf("FIT_K", [[1790], [-1790]], 24, "aggregate", 0.95)
    assert round(out[0][0]) == 365


def test_scale_audit_rows(call_udf, season) -> None:
    margins, boards = season
    report = audit(np.ravel(margins), np.ravel(boards), 6.5)
    rows = call_udf("SCALE_AUDIT", margins, boards, 6.5)
    assert [r[0] for r in rows] == report.labels
    assert [r[1] for r in rows] == report.observed.tolist()
    assert [r[2] for r in rows] == pytest.approx(report.expected.tolist())
    assert rows[0][3] == pytest.approx(report.p_value)
    assert all(r[3] == "" for r in rows[1:])


def test_average_plus(call_udf) -> None:
    assert call_udf("AVERAGE_PLUS") == [[3.0]]
    assert call_udf("AVERAGE_PLUS", "aggregate") == [[pytest.approx(3 * 365 / 6.5)]]


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("FIT_K", ([[5]], 8), "margins must hold at least 2 results, got 1"),
        ("FIT_K", ([[5], [6]], 0), "boards must be whole numbers of at least 1, got 0"),
        ("FIT_K", ([[5], ["x"]], 8), "margins must hold numbers or blank cells, got 'x'"),
        ("SCALE_AUDIT", ([[5], [6]], [["eight"]]), "boards must hold numbers or blank cells"),
        ("AVERAGE_PLUS", ("swiss",), "form must be one of"),
    ],
)
def test_bad_input_names_argument(call_udf, name, args, message) -> None:
    import xlwings

    with pytest.raises(xlwings.XlwingsError) as caught:
        call_udf(name, *args)
    assert message in str(caught.value)


def test_scale_audit_against_the_scales_own_k(call_udf, season) -> None:
    margins, boards = season
    report = audit(np.ravel(margins), np.ravel(boards), 6.5, model_k=6.5)
    rows = call_udf("SCALE_AUDIT", margins, boards, 6.5, None, None, "scale")
    assert [r[2] for r in rows] == pytest.approx(report.expected.tolist())
    assert rows[0][3] == pytest.approx(report.p_value)
