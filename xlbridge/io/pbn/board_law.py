"""A board's dealer and vulnerability as a PBN game's tags give them, held against Law 2.

Law 2 fixes both by the board number: board 1 is dealt by North, 2 by East, 3 by South, 4 by
West, and so round; the vulnerability follows a cycle of 16 boards (None, NS, EW, All, NS, EW,
All, None, EW, All, None, NS, All, None, NS, EW). xlbridge scores every board by its number,
so a ``[Dealer]`` or ``[Vulnerable]`` that says otherwise is a mistake in the file (a deal
under the wrong board number, or a tag typed wrong): the par would be for a vulnerability the
board was not scored with.
"""

from __future__ import annotations

from xlbridge.scoring.contract import SEAT_NAMES
from xlbridge.scoring.double_dummy import standard_dealer, standard_vulnerable

#: PBN 2.1's vulnerability names (Love and - for None, Both for All), ours on the right.
VULNERABLE = {"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW"}
VULNERABLE |= {"all": "All", "both": "All"}
#: Who is vulnerable, in words, by our name of the vulnerability.
_SAID = {"None": "neither side", "NS": "NS", "EW": "EW", "All": "both sides"}


def against_law2(board: int, dealer: str, vulnerable: str) -> str:
    """Where a board's ``dealer`` (N/E/S/W) and ``vulnerable`` (None/NS/EW/All, or PBN's
    names; "" when the file does not say) contradict Law 2 for ``board``, in words; "" when
    they agree."""
    said = []
    law_dealer, law_vulnerable = standard_dealer(board), standard_vulnerable(board)
    if dealer and dealer != law_dealer:
        said.append(
            f"Dealer {dealer} contradicts Law 2: board {board} is dealt by {SEAT_NAMES[law_dealer]}"
        )
    named = VULNERABLE.get(vulnerable.strip().lower(), vulnerable.strip())
    if named and named != law_vulnerable:
        said.append(
            f"Vulnerable {named} contradicts Law 2: on board {board} "
            f"{_SAID[law_vulnerable]} {'is' if law_vulnerable == 'None' else 'are'} vulnerable"
        )
    return "; ".join(said)
