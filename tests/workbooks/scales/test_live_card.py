"""The live VP card (:mod:`xlbridge.workbooks.scales.live_card`) on its own: what event workbooks
look VPs up in."""

from __future__ import annotations

import numpy as np
import pytest
import workbook_checks as checks

VP_LOOKUP_CASES = [
    {"boards": 8},
    {"boards": 7, "negative": True},
    {"boards": 10, "form": "pairs"},
    {"boards": 24, "form": "aggregate"},
    {"boards": 12, "rounding": "none"},
    {"boards": 15, "form": "butler", "tables": 15},
    {"boards": 8, "form": "pairs", "bounds": "white-book"},
    {"boards": 12, "rounding": "none", "bounds": "white-book"},
    {"boards": 8, "scale": "wbf-discrete"},
    {"boards": 4, "scale": "wbf-discrete", "vp_total": 10},
]


def test_vp_formula_equals_the_core(libreoffice, tmp_path) -> None:
    """CardCells.vp_formula (what event workbooks use) gives VPScale.vp for every margin."""
    from openpyxl import Workbook

    from xlbridge.scoring.scales.choice import choose_scale
    from xlbridge.workbooks.scales.live_card import write_card

    book = Workbook()
    ws = book.active
    ws.title = "Scales"
    rng = np.random.default_rng(12)
    lookups = []
    for i, case in enumerate(VP_LOOKUP_CASES):
        scale = choose_scale(**case)
        card = write_card(ws, scale, 1, 1 + 6 * i)
        if scale.form == "pairs":
            margins = np.round(rng.uniform(0, 100, 40), 2).tolist() + [50, 49.995, 50.005]
            margins += [end for _, end, _, _ in scale.rows()[:-1]]  # White Book: bounds
        else:
            spread = 4 * getattr(scale, "sigma", 15)
            margins = np.round(rng.normal(0, spread, 40), 1).tolist() + [0, -0.5, 0.5, None]
            # Every bound and the margin either side of it.
            for start, _, _, _ in scale.rows()[1:]:
                margins += [start - 1, start, -start]
        sheet = book.create_sheet(f"case {i}")
        for row, margin in enumerate(margins, 1):
            sheet.cell(row, 1, margin)
            sheet.cell(row, 2, "=" + card.vp_formula(f"A{row}", "Scales"))
        lookups.append((scale, sheet.title, margins))
    values = checks.recalculated(libreoffice, book, tmp_path / "lookup.xlsx")
    for scale, title, margins in lookups:
        got = [values[title].cell(row, 2).value for row in range(1, len(margins) + 1)]
        want = [None if m is None else float(scale.vp(m)) for m in margins]
        assert [g if g not in ("",) else None for g in got] == pytest.approx(want), scale.title
