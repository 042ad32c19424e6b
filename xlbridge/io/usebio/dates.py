"""An event's date as USEBIO writes it: dd/mm/yyyy, from the ways dates are typed and written.

Results sites read a USEBIO DATE as day/month/year only (the ABF's results site parses
``%d/%m/%Y``, then ``%d-%m-%Y``, and stores the upload day for anything else; the Scottish
federation's importer takes ``dd/MM/yyyy`` and nothing else), so every file is written with
``30/11/2026``. :func:`usebio_date` turns a date typed on the command line (``2026-11-30`` or
``30/11/2026``) or read from a file (a USEBIO DATE, also ``5/12/2015`` or ``30-11-2026``; a PBN
Date tag ``2026.11.30``) into that form; :func:`typed_date` takes only the two typed forms.
A text that is not a real calendar date (``31/02/2026``, ``2026.??.??``, ``Tuesday``) is no
date at all.
"""

from __future__ import annotations

from datetime import date, datetime

#: How a date is typed on the command line: ISO, and day/month/year.
TYPED = ("%Y-%m-%d", "%d/%m/%Y")
#: How files write dates besides: USEBIO's day-month-year, and PBN's Date tag.
WRITTEN = (*TYPED, "%d-%m-%Y", "%Y.%m.%d")
#: USEBIO's form of a date.
USEBIO_FORM = "%d/%m/%Y"


def calendar_date(text: str, forms: tuple[str, ...] = WRITTEN) -> date | None:
    """The calendar date ``text`` writes in one of ``forms`` (strptime formats), else None."""
    stripped = text.strip()
    for form in forms:
        try:
            return datetime.strptime(stripped, form).date()
        except ValueError:
            continue
    return None


def typed_date(text: str) -> str | None:
    """``text`` typed as YYYY-MM-DD or DD/MM/YYYY, as dd/mm/yyyy; None if it is neither."""
    found = calendar_date(text, TYPED)
    return None if found is None else found.strftime(USEBIO_FORM)


def usebio_date(text: str) -> str | None:
    """``text`` (typed, or as a file wrote it) as dd/mm/yyyy; None if it is no calendar date."""
    found = calendar_date(text)
    return None if found is None else found.strftime(USEBIO_FORM)
