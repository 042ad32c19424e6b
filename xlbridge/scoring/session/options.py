"""How a pairs session is scored: the options every layer passes on as one object.

:class:`SessionOptions` holds the scoring method, the number of winners, whether sections are
compared across the field, how boards played fewer times are factored, the Butler datum's
rounding and trimming, what cross-IMPs are divided by, and how totals are shown. The command
line builds it once from its options and hands it whole to what scores an event file or a
workbook, and to :func:`~xlbridge.scoring.session.score_session` and
:func:`xlbridge.score_event`. A new option is a field here (with its default and its check) and
an option of the command line's parser of the same name.
"""

from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass
from typing import Any, Literal, cast

import numpy as np

from xlbridge.errors import InputError
from xlbridge.scoring.checks import choice, flag, shown
from xlbridge.scoring.names import (
    DATUM_ROUNDINGS,
    DIVISORS,
    FACTORINGS,
    SESSION_METHODS,
    TOTALS,
)

#: Session scoring methods: matchpoints 2 per win (mp) or 1 per win (acbl), cross-IMPs, Butler.
Method = Literal["mp", "acbl", "ximp", "butler"]
#: One winner or two; auto: one if some pair sits both NS and EW (a Howell), else two.
Winners = Literal["auto", "1", "2"]
#: Boards played fewer times: Neuberg-factored to the most-played board's count, or own top;
#: none: no Neuberg at all, each board over the top of its real results (BBO).
Factoring = Literal["most_played", "available", "none"]
#: What cross-IMPs are divided by: the comparisons (N − 1), the scores (N), nothing (the sum).
Divisor = Literal["comparisons", "scores", "none"]
#: A Butler datum's exact 5: away from zero, or to the even ten.
DatumRounding = Literal["away", "even"]
#: A pair that played fewer boards: its total factored to the most played, or the plain sum.
Totals = Literal["factored", "raw"]

WINNERS: tuple[str, ...] = ("auto", "1", "2")
#: The options that :func:`~xlbridge.scoring.session.score_session` and
#: :func:`xlbridge.score_event` also take as keywords, in their order (a newer option is
#: given through ``options=`` only).
CALL_KEYWORDS = ("method", "winners", "across_field", "factoring", "datum_rounding", "totals")


@dataclass(frozen=True)
class SessionOptions:
    """How to score a pairs session. Every field has the default a club expects.

    method: mp (matchpoints, 2 per win), acbl (1 per win), ximp (cross-IMPs) or butler (IMPs
    against a datum); None or blank: an event file's own method, else mp. winners: auto, 1 or 2
    (1 and 2 are also taken as whole numbers). across_field: every section's results on a board
    compared and ranked together (TRUE/FALSE, 1/0). factoring: most_played or available.
    datum_rounding: away or even, for butler only (refused with another method); None: away.
    trim (butler only): TRUE drops the top and bottom score from the datum at every table
    count from 3 results (the median at three tables, PBN's Butler-2 as Magic Contest scores
    it); None or FALSE: from 4 results. divisor (ximp only): comparisons (N − 1), scores (N)
    or none (the sum); None: comparisons. An event file that declares its trim or divisor
    (PBN's Scoring tag) fills in the one not given.
    totals: factored or raw. Values are checked when the object is made
    (any spelling :func:`~xlbridge.scoring.checks.choice` accepts, e.g. ``most-played``), and
    a bad one is an :class:`~xlbridge.errors.InputError` naming the option.
    """

    method: Method | None = None
    winners: Winners = "auto"
    across_field: bool = False
    factoring: Factoring = "most_played"
    datum_rounding: DatumRounding | None = None
    totals: Totals = "factored"
    trim: bool | None = None
    divisor: Divisor | None = None

    def __post_init__(self) -> None:
        checked: dict[str, Any] = {"method": None, "datum_rounding": None, "divisor": None}
        if self.method:  # None or blank: not given
            checked["method"] = choice("method", self.method, SESSION_METHODS)
        if self.datum_rounding is not None:
            checked["datum_rounding"] = choice(
                "datum rounding", self.datum_rounding, DATUM_ROUNDINGS
            )
        checked["factoring"] = choice("factoring", self.factoring, FACTORINGS)
        checked["totals"] = choice("totals", self.totals, TOTALS)
        checked["winners"] = _winners(self.winners)
        checked["across_field"] = flag("across_field", self.across_field)
        checked["trim"] = None if self.trim is None else flag("trim", self.trim)
        if self.divisor is not None:
            checked["divisor"] = choice("divisor", self.divisor, DIVISORS)
        for name, value in checked.items():
            object.__setattr__(self, name, value)
        if checked["method"] is not None:
            self.checked_for_method()

    @classmethod
    def of_call(cls, options: SessionOptions | None, *keywords: Any) -> SessionOptions:
        """The options of a call that takes ``options=`` beside the keywords of
        :data:`CALL_KEYWORDS` (given in that order): ``options`` (the defaults when None) with
        each keyword given (not None) replacing its option."""
        if options is not None and not isinstance(options, SessionOptions):
            raise InputError(f"options must be a SessionOptions, got {type(options).__name__}")
        given = dict(zip(CALL_KEYWORDS, keywords, strict=True))
        return (options or cls()).replaced(**given)

    def replaced(self, **changes: Any) -> SessionOptions:
        """These options with ``changes`` made; a change given as None keeps the value."""
        given = {name: value for name, value in changes.items() if value is not None}
        return dataclasses.replace(self, **given) if given else self

    @property
    def chosen_method(self) -> Method:
        """The method to score with: the one given, else mp."""
        return self.method or "mp"

    @property
    def rounding(self) -> DatumRounding:
        """The Butler datum's rounding: the one given, else away."""
        return self.datum_rounding or "away"

    @property
    def chosen_divisor(self) -> Divisor:
        """What cross-IMPs are divided by: the divisor given, else the comparisons."""
        return self.divisor or "comparisons"

    @property
    def trim_from(self) -> int:
        """The fewest results from which a Butler datum drops the top and bottom score."""
        return 3 if self.trim else 4

    def for_file(
        self,
        method: str | None,
        winners: int | None,
        divisor: str | None = None,
        trim: bool | None = None,
    ) -> SessionOptions:
        """The options for a file that declares its own ``method``, number of ``winners``,
        cross-IMP ``divisor`` or Butler ``trim``: what was given wins; the file's fill in what
        was not (method; winners left auto; the divisor with ximp, the trim with butler), then
        mp. An option given for a method other than the one so chosen is refused."""
        chosen = self.method or method or "mp"
        declared = str(winners) if self.winners == "auto" and winners else self.winners
        options = self.replaced(method=chosen, winners=declared)
        if chosen == "ximp" and self.divisor is None and divisor is not None:
            options = options.replaced(divisor=divisor)
        if chosen == "butler" and self.trim is None and trim is not None:
            options = options.replaced(trim=trim)
        return options

    def checked_for_method(self) -> SessionOptions:
        """These options, refusing a datum rounding or a trim given with a method that has no
        datum, and a divisor with a method other than cross-IMPs."""
        method = self.chosen_method
        if self.datum_rounding is not None and method != "butler":
            raise InputError(f"--datum-rounding is for butler, got --method {method}")
        if self.trim and method != "butler":
            raise InputError(f"--trim is for butler, got --method {method}")
        if self.divisor is not None and method != "ximp":
            raise InputError(f"--divisor is for ximp, got --method {method}")
        return self


def _winners(value: object) -> Winners:
    """auto, 1 or 2: a text in any case, or a whole number (numpy's too), never TRUE/FALSE."""
    if isinstance(value, str):
        text = value.strip().lower()
    elif isinstance(value, bool | np.bool_):
        text = ""
    else:
        try:
            text = str(operator.index(value))  # type: ignore[arg-type]
        except TypeError:
            text = ""
    if text not in WINNERS:
        raise InputError(f"winners must be auto, 1 or 2, got {shown(value)}")
    return cast("Winners", text)
