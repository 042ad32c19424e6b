"""USEBIO results files (versions 1.1–1.3): read an event, write one for submission.

USEBIO is the XML results format the EBU requires of club scoring programs and that scorers in
Scotland, Australia (Compscore3) and New Zealand write too. :func:`read_usebio`
(:mod:`.read`) reads pairs events in every layout and dialect producers write;
:func:`usebio_bytes` (:mod:`.write`) writes a scored event as results sites read it.
See docs/usebio.md.
"""

from __future__ import annotations

from xlbridge.io.usebio.read import EVENT_TYPES, read_usebio
from xlbridge.io.usebio.write import DTD, usebio_adjusted, usebio_bytes

__all__ = ["DTD", "EVENT_TYPES", "read_usebio", "usebio_adjusted", "usebio_bytes"]
