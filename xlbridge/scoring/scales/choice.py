"""Choosing a VP scale by name: the Gaussian scales of :mod:`xlbridge.scoring.scales.gaussian` or
the WBF discrete (whole-VP) scale of :mod:`xlbridge.scoring.scales.wbf_discrete`.

``xlbridge scale``, ``xlbridge cards`` and the event templates take ``--scale``; this module
turns that name and the scale options into a scale object, and refuses an option that does not
apply to the chosen scale or form (naming it), rather than ignoring it: ``--tables`` is
for Butler, ``--comparisons`` and ``--results`` for the general cross-IMP form.
"""

from __future__ import annotations

from typing import Any

from xlbridge.errors import InputError
from xlbridge.scoring.checks import choice
from xlbridge.scoring.names import FORMS, SCALE_KINDS
from xlbridge.scoring.scales.gaussian import VPScale, vp_scale
from xlbridge.scoring.scales.wbf_discrete import DiscreteScale, wbf_discrete

GAUSSIAN, WBF_DISCRETE = SCALE_KINDS

#: Options that shape a Gaussian scale only, as the command line spells them.
GAUSSIAN_ONLY: dict[str, str] = {
    "k": "--k",
    "form": "--form",
    "negative": "--negative",
    "rounding": "--rounding",
    "bounds": "--bounds",
    "tables": "--tables",
    "comparisons": "--comparisons",
    "results": "--results",
}


#: Options that shape the scale of some forms only (the others would ignore them).
FORM_ONLY: dict[str, tuple[str, ...]] = {
    "tables": ("butler",),
    "comparisons": ("cross",),
    "results": ("cross",),
}


def choose_scale(boards: Any, scale: Any = None, **options: Any) -> VPScale | DiscreteScale:
    """The scale named ``scale`` (gaussian by default) for ``boards`` boards.

    ``options`` are :func:`~xlbridge.scoring.scales.gaussian.vp_scale`'s keyword arguments; None (or
    False for ``negative``) means "not given". For wbf-discrete only ``vp_total`` (20, or 10
    for a half) may be given; another option raises InputError naming it.
    """
    kind = choice("scale", GAUSSIAN if scale is None else scale, SCALE_KINDS)
    if kind == GAUSSIAN:
        form = choice("form", "teams" if options.get("form") is None else options["form"], FORMS)
        for name, forms in FORM_ONLY.items():
            if options.get(name) is not None and form not in forms:
                raise InputError(
                    f"{GAUSSIAN_ONLY[name]} applies to form {' and '.join(forms)} only, not to "
                    f"{form}"
                )
        return vp_scale(boards, **options)
    for name, flag in GAUSSIAN_ONLY.items():
        value = options.get(name)
        if value is not None and value is not False and not (name == "form" and value == "teams"):
            raise InputError(f"{flag} applies to the gaussian scale only, not to {kind}")
    total = options.get("vp_total")
    return wbf_discrete(boards, 20 if total is None else total)
