"""The standard normal quantile Φ⁻¹ without SciPy.

The scales need Φ⁻¹ at a handful of probabilities. Python's own ``statistics.NormalDist``
computes it to full double precision (Wichura's algorithm AS 241) and imports in a millisecond,
where ``scipy.special`` costs a large part of a second at every start of the command line and of
the Excel add-in. SciPy stays for the statistics of fitting and auditing, imported there on
first use.
"""

from __future__ import annotations

from statistics import NormalDist

import numpy as np

_STANDARD = NormalDist()


def normal_quantile(p: np.ndarray | float) -> np.ndarray:
    """Φ⁻¹(p) element by element, for probabilities strictly between 0 and 1."""
    probabilities = np.asarray(p, dtype=float)
    flat = [_STANDARD.inv_cdf(float(value)) for value in probabilities.ravel()]
    return np.asarray(flat, dtype=float).reshape(probabilities.shape)
