"""Φ⁻¹ without SciPy equals SciPy's to the last bits."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from scipy.special import ndtri

from xlbridge.scoring.scales.normal import normal_quantile


def test_published_quantiles() -> None:
    # Standard normal table: Φ⁻¹(0.975) = 1.959964, Φ⁻¹(0.95) = 1.644854, Φ⁻¹(0.5) = 0.
    assert np.allclose(normal_quantile([0.975, 0.95, 0.5]), [1.959964, 1.644854, 0.0], atol=1e-6)


@given(st.floats(min_value=1e-300, max_value=1 - 1e-16, exclude_min=False))
def test_equals_scipy(p: float) -> None:
    assert np.isclose(normal_quantile(p), ndtri(p), rtol=1e-13, atol=1e-13)


def test_keeps_the_shape() -> None:
    assert normal_quantile(np.full((2, 3), 0.5)).shape == (2, 3)
