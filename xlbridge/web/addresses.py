"""The file names of the score cards: one address per pair, the same every week.

A card is named after its pair, not its place: ``pair-5.html`` for pair 5 of a one-winner
movement, ``pair-5-ns.html`` and ``pair-5-ew.html`` when North-South and East-West are two
fields, ``pair-B-5-ns.html`` with section B in front when the session has sections.

Labels come from the file, so each part (section, pair) is made safe, and distinct pairs
always get distinct names:

- ASCII letters and digits are kept as they are ("A3" stays ``A3``); any other character is
  written as ``_``, its code point in lower-case hexadecimal, ``_`` ("3/4" is ``3_2f_4``;
  "-" is ``_2d_``, so the parts, joined by "-", never run into each other);
- where two labels of the same kind (two sections, or two pairs) differ only in the case of
  their letters ("a3" and "A3"), which file systems ignoring case (Windows', macOS') would
  take for one file, both have their lower-case letters written as code points too ("a3" is
  ``_61_3``, "A3" stays ``A3``);
- a part longer than :data:`LONGEST` characters is cut to :data:`KEPT` and followed by ``~``
  and the first 16 hexadecimal digits of the SHA-256 of the whole label (a file name must fit
  255 bytes).

Every part of a name is then made of letters, digits, ``_`` and ``~`` only: a name needs no
escaping in a link and means the same file on every file system.
"""

from __future__ import annotations

import hashlib
import string
from collections import defaultdict
from collections.abc import Iterable

#: The characters a part keeps as they are.
KEPT_AS_IS = frozenset(string.ascii_letters + string.digits)
LONGEST = 80
KEPT = 64
#: Key of a pair: (section, direction, pair), as :attr:`PairResult.key`.
Key = tuple[str, str, str]


def safe_part(label: str, lower_too: bool = False) -> str:
    """``label`` as part of a file name (the rules above); ``lower_too``: its lower-case
    letters are written as code points too (the label clashes with another but for case)."""
    shown = "".join(
        character
        if character in KEPT_AS_IS and not (lower_too and character.islower())
        else f"_{ord(character):x}_"
        for character in label
    )
    if len(shown) <= LONGEST:
        return shown
    digest = hashlib.sha256(label.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{shown[:KEPT]}~{digest}"


def _case_clashes(labels: Iterable[str]) -> set[str]:
    """The labels that equal another of ``labels`` but for the case of their letters."""
    by_folded: defaultdict[str, set[str]] = defaultdict(set)
    for label in labels:
        by_folded[label.lower()].add(label)
    return {label for same in by_folded.values() if len(same) > 1 for label in same}


def card_files(keys: Iterable[Key]) -> dict[Key, str]:
    """Each pair's score-card file name, by its (section, direction, pair) key."""
    keys = list(keys)
    sections = _case_clashes({section for section, _, _ in keys})
    pairs = _case_clashes({pair for _, _, pair in keys})
    files = {}
    for section, direction, pair in keys:
        parts = [safe_part(section, section in sections)] if section else []
        parts.append(safe_part(pair, pair in pairs))
        if direction:
            parts.append(safe_part(direction.lower()))
        files[(section, direction, pair)] = f"pair-{'-'.join(parts)}.html"
    return files
