"""What an event file holds, read as written: traveller lines, pairs, hands, the file's numbers.

The readers (:mod:`xlbridge.io.usebio`, :mod:`xlbridge.io.pbn.read`) give an :class:`EventFile`;
nothing here scores. Each line keeps the text of its contract, declarer, result and score as the
file wrote them, and the producing program's own numbers (matchpoints or IMPs, pair totals,
percentages and places) as text, so a comparison can use the precision the file printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xlbridge.errors import InputError
from xlbridge.scoring.checks import shown
from xlbridge.scoring.contract import SEATS
from xlbridge.scoring.session import parse_adjusted

#: Scoring methods an event file can name: matchpoints, cross-IMPs, Butler.
METHODS = ("mp", "ximp", "butler")

_NOT_PLAYED = ("NP", "NOT PLAYED")


class FileError(InputError):
    """Bad content in an event file, naming the file and the line or element."""


@dataclass(frozen=True)
class Line:
    """One traveller line as the file gives it (pair numbers are section-local)."""

    section: str
    board: int
    ns_pair: int
    ew_pair: int
    contract: str = ""
    declarer: str = ""
    result: str = ""  # tricks taken, or relative to the contract (=, +1, -2)
    lead: str = ""
    score: str = ""  # NS score, an adjusted score (A60/40) or NP; blank: from the contract
    theirs_ns: str = ""  # the producing program's NS matchpoints or IMPs, as printed
    theirs_ew: str = ""
    where: str = ""  # "line 12" or "BOARD 3 TRAVELLER_LINE 2", for messages
    #: EW's own score of a split score (USEBIO's EW_SCORE; NS's is ``score``); blank otherwise.
    ew_score: str = ""

    @property
    def adjusted(self) -> tuple[float, float] | None:
        """(NS %, EW %) of an artificial adjusted score (A60/40, USEBIO's A6040, A+/A-), else
        None (also for a malformed one, which the readers refuse)."""
        try:
            parsed = parse_adjusted(self.score) if self.score[:1] in ("A", "a") else None
        except InputError:
            return None
        return None if parsed is None else (parsed.ns_percent, parsed.ew_percent)

    @property
    def not_played(self) -> bool:
        return self.score.strip().upper() in _NOT_PLAYED


@dataclass(frozen=True)
class Pair:
    """A pair as the file lists it, with the producing program's result (text, may be blank)."""

    section: str
    number: int
    direction: str = ""  # NS or EW in a two-winner movement, blank otherwise
    names: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()  # national id numbers, one per name (blank where unknown)
    total: str = ""
    percentage: str = ""
    place: str = ""
    boards: str = ""  # boards played (USEBIO BOARDS_PLAYED), as printed
    #: Masterpoints awarded, in hundredths as USEBIO's MASTER_POINTS_AWARDED ("8" is 0.08),
    #: and their type as the file names it ("Green", "a"); blank when none.
    masterpoints: str = ""
    masterpoint_type: str = ""
    #: The pair's handicap in percentage points as printed (NZ Scorer's HANDICAP; "" when
    #: none): its handicapped percentage, which such a file prints as its PERCENTAGE, is its
    #: plain percentage plus half of this (see ``compare.handicap_shift``).
    handicap: str = ""


@dataclass
class EventFile:
    """Everything read from one event file."""

    path: str
    method: str | None = None  # from the file: mp, acbl, ximp or butler (None: not said)
    winners: int | None = None  # from the file: 1 or 2 (None: not said)
    description: str = ""
    date: str = ""
    club: str = ""  # the club's name (USEBIO CLUB_NAME, --club)
    club_id: str = ""  # the club's number with its federation (USEBIO CLUB_ID_NUMBER)
    #: The file's pair totals are their percentages (the NZ Scorer converter's TOTAL_SCORE).
    total_is_percentage: bool = False
    program: str = ""
    #: How the file says its cross-IMPs are divided (comparisons, scores or none: summed), and
    #: whether its Butler datum drops the top and bottom score at every table count from 3
    #: results (PBN's Scoring tag: Cross2/Cross1/Cross; Butler-2); None where it does not say.
    divisor: str | None = None
    trim: bool | None = None
    lines: list[Line] = field(default_factory=list)
    pairs: list[Pair] = field(default_factory=list)
    #: Hands by (section, board): a PBN deal "N:AKQ.… …", first hand North.
    hands: dict[tuple[str, int], str] = field(default_factory=dict)
    #: What the file says that xlbridge does not follow, each naming its line and board (a
    #: Vulnerable against Law 2): printed as warnings, the file still read.
    warnings: list[str] = field(default_factory=list)

    def error(self, where: str, detail: str) -> FileError:
        return FileError(f"{self.path}: {where}: {detail}")


def award(pair: Pair) -> tuple[float, str] | None:
    """A pair's masterpoints as a number and its type: (0.08, "Green") from 8 hundredths of
    type Green; None when the pair has no award (blank, or 0 hundredths of any type)."""
    if not pair.masterpoints or int(pair.masterpoints) == 0:
        return None
    return int(pair.masterpoints) / 100, pair.masterpoint_type


def award_text(pair: Pair) -> str:
    """A pair's masterpoints as people read them: "0.08 Green" from 8 hundredths of type
    Green; "" when the pair has no award (see :func:`award`)."""
    given = award(pair)
    if given is None:
        return ""
    return f"{given[0]:.2f} {given[1]}".strip()


def normal_seat(text: str) -> str:
    """N, E, S or W from N/E/S/W or NORTH/EAST/SOUTH/WEST (case ignored); '' stays ''."""
    upper = text.strip().upper()
    return upper[:1] if upper in SEATS or upper in ("NORTH", "EAST", "SOUTH", "WEST") else upper


def parse_deal(text: str) -> dict[str, list[str]]:
    """The four hands of a PBN deal "N:S.H.D.C E… S… W…" by seat, each [spades, hearts,
    diamonds, clubs] as rank letters (T for ten); "-" is a hand not known, and an end position
    holds fewer cards in each hand. Raises ValueError on a malformed deal (a bad or repeated
    card, hands of different sizes)."""
    first, _, hands = text.strip().partition(":")
    seat = normal_seat(first)
    parts = hands.split()
    if seat not in SEATS or len(parts) != 4:
        raise ValueError(f"a deal must be like N:AKQ.J9.T8.765 and four hands, got {shown(text)}")
    start = SEATS.index(seat)
    deal: dict[str, list[str]] = {}
    cards: set[str] = set()
    for i, hand in enumerate(parts):
        suits = ["" if hand == "-" else s for s in hand.upper().replace("10", "T").split(".")]
        if hand == "-":
            suits = ["", "", "", ""]
        if len(suits) != 4:
            raise ValueError(f"hand {shown(hand)} must have four suits separated by dots")
        for suit, ranks in zip("SHDC", suits, strict=True):
            for rank in ranks:
                if rank not in "AKQJT98765432" or (suit + rank) in cards:
                    raise ValueError(f"hand {shown(hand)} has a bad or repeated card {suit}{rank}")
                cards.add(suit + rank)
        deal[SEATS[(start + i) % 4]] = suits
    held = {
        sum(map(len, deal[seat])) for seat, hand in zip(SEATS, parts, strict=True) if hand != "-"
    }
    if len(held) > 1 or held - set(range(14)):
        raise ValueError(
            f"the hands of {shown(text)} hold {sorted(held)} cards, not the same number"
        )
    return deal


def complete(deal: dict[str, list[str]]) -> bool:
    """Whether all four hands are known (PBN writes an unknown hand as "-")."""
    return all(sum(len(ranks) for ranks in deal[seat]) == 13 for seat in SEATS)


def deal_text(deal: dict[str, list[str]]) -> str:
    """A deal as PBN writes it, from North: "N:S.H.D.C E… S… W…"."""
    return "N:" + " ".join(".".join(deal[seat]) or "-" for seat in SEATS)
