"""How a pair is listed in a typed workbook: its number, or, in an arrow-switched Mitchell
ranked as one field, its number and home direction ("3NS", "3EW"), as the movement names it."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from xlbridge.errors import InputError
from xlbridge.scoring.checks import shown

_LABEL = re.compile(r"[1-9][0-9]{0,3}(NS|EW)")


def pair_label(value: Any) -> str | None:
    """A pair as listed: its number 1-9999 ("7") or number and home direction ("3NS", any
    case); None for anything else."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value == int(value):
        return str(int(value)) if 1 <= value <= 9999 else None
    text = value.strip().upper() if isinstance(value, str) else ""
    return text if _LABEL.fullmatch(text) else None


def listed_label(value: Any, listed: Collection[str], heading: str) -> str:
    """``value`` as one of the ``listed`` labels; InputError naming ``heading`` if it is none."""
    label = pair_label(value)
    if label is None or label not in listed:
        order = sorted(listed, key=lambda p: (p[-2:] == "EW", len(p), p))
        raise InputError(f"{heading} must be one of {', '.join(order)}, got {shown(value)}")
    return label


def sat_direction(value: Any) -> str:
    """NS or EW typed in a Sat cell (any case); "" for a blank; else the value as shown."""
    text = value.strip().upper() if isinstance(value, str) else value
    return str(text) if text in ("NS", "EW") else "" if text in (None, "") else shown(value)
