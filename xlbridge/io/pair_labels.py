"""Pair labels, one rule for every reader (traveller and names files, ``score``'s traveller,
workbooks): :func:`normal_label` makes the label a pair is known by; :func:`pair_label` how a
pair is listed in a typed workbook: its number, or, in an arrow-switched Mitchell ranked as
one field, its number and home direction ("3NS", "3EW"), as the movement names it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from typing import Any

from xlbridge.errors import InputError
from xlbridge.io.bounds import bounded_int
from xlbridge.scoring.checks import shown

_LABEL = re.compile(r"0*([1-9][0-9]{0,3})(NS|EW)")
#: A label that is a number (after folding): 7, 07, +7, 7.0; a pair number if it is whole.
_NUMBER_LABEL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")
#: Unicode categories a label must not hold: control and invisible format characters.
_HIDDEN = ("Cc", "Cf")


def normal_label(text: str, where: str) -> str:
    """The label a pair typed ``text`` is known by, the same wherever it was typed: Unicode
    NFKC (a full-width ``１`` is ``1``); a label of digits is its number, spaces and leading
    zeros dropped (`` 01`` is ``1``), refused unless a pair number from 1 to 9999 (``0``);
    any other label (``A3``, ``Smith``) as typed, outer spaces dropped. A blank label, or one
    holding a control or invisible character, is an InputError naming ``where``."""
    folded = unicodedata.normalize("NFKC", text)
    for position, char in enumerate(folded, start=1):
        if unicodedata.category(char) in _HIDDEN:
            kind = "a control" if unicodedata.category(char) == "Cc" else "an invisible"
            raise InputError(
                f"{where}: character U+{ord(char):04X} ({kind} character) at position "
                f"{position} cannot be in a pair label; remove it"
            )
    compact = "".join(folded.split())
    if not compact:
        raise InputError(f"{where}: a pair label must not be blank")
    if _NUMBER_LABEL.fullmatch(compact):
        return str(bounded_int(compact, "pair", where))
    return folded.strip()


def pair_label(value: Any) -> str | None:
    """A pair as listed: its number 1-9999 ("7", also typed as text "07" or "７") or number
    and home direction ("3NS", any case); None for anything else."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value == int(value):
        return str(int(value)) if 1 <= value <= 9999 else None
    if not isinstance(value, str):
        return None
    text = "".join(unicodedata.normalize("NFKC", value).split()).upper()
    if text.isascii() and text.isdigit():
        return pair_label(int(text)) if len(text) < 40 else None
    match = _LABEL.fullmatch(text)
    return "".join(match.groups()) if match else None


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
