"""Numbers as result files print them: how close one is to ours, whether it is a number.

A number printed with d decimals agrees with ours when they differ by at most half a unit of
its last decimal (0.5 for "7", 0.05 for "7.4", 0.005 for "55.21"): the printed precision is all
the file says.
"""

from __future__ import annotations

import math


def tolerance(printed: str) -> float:
    """Half a unit of the last decimal printed, plus a hair for binary fractions."""
    decimals = len(printed.split(".", 1)[1]) if "." in printed else 0
    return 0.5 * 10.0**-decimals + 1e-9


def differs(printed: str, ours: float, slack: float = 0.0) -> bool:
    """Whether the file's number differs from ours: anything that is not a finite number
    (NaN, inf, text, blank) differs, and so does any number where we have none."""
    try:
        theirs = float(printed)
    except ValueError:
        return True
    if not math.isfinite(theirs) or math.isnan(ours):
        return True
    return abs(theirs - ours) > tolerance(printed) + slack


def is_number(printed: str) -> bool:
    """Whether ``printed`` is a finite number."""
    try:
        return math.isfinite(float(printed))
    except ValueError:
        return False


def is_rounded_down(printed: str, value: float) -> bool:
    """Whether ``printed`` is ``value`` rounded down to the decimals it prints (5.6 for 5.667;
    a whole number never: it would be within half a unit already or a difference)."""
    if "." not in printed or not is_number(printed) or not math.isfinite(value):
        return False
    scale = 10.0 ** len(printed.split(".", 1)[1])
    return math.isclose(float(printed), math.floor(value * scale + 1e-6) / scale, abs_tol=1e-9)
