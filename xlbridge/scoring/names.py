"""The names users choose among (forms of scoring, roundings, scoring methods) and size limits.

Plain constants with no imports, so that the command line can build its options and help
before it loads numpy; the modules that compute re-export them.
"""

#: Forms of scoring a VP scale is built for.
FORMS: tuple[str, ...] = ("teams", "teams8", "butler", "pairs", "aggregate", "patton", "cross")
#: Forms whose K can be fitted from margins and board counts alone (``xlbridge audit``,
#: FIT_K): Butler's σ adds a fixed allowance to K's part, and the general cross-IMP form needs
#: the event's comparisons and results per board.
FITTED_FORMS: tuple[str, ...] = tuple(form for form in FORMS if form not in ("butler", "cross"))
#: How a card's band edges become whole (or 0.01 %, or 10-point) bounds.
ROUNDINGS: tuple[str, ...] = ("nearest", "floor", "ceil", "none")
#: Where a margin exactly on a printed bound goes. ``lower``: a bound is the first margin of
#: the better band. ``white-book``: a bound is the last margin of the worse band (the VP
#: nearer average), the bands cut at Probst's z printed to three decimals, as the EBU White
#: Book's Swiss pairs table is made.
BOUNDS: tuple[str, ...] = ("lower", "white-book")
#: Which VP scale: Probst's Gaussian bands, or the WBF whole-VP (discrete) table.
SCALE_KINDS: tuple[str, ...] = ("gaussian", "wbf-discrete")
#: The most boards a match may have.
MAX_BOARDS = 200
#: The most boards of one handicap competition: far above any event, it keeps a typing error
#: (1e9 for 24) from moving handicaps by millions.
MAX_COMPETITION_BOARDS = 1_000

#: How a pairs session is scored: matchpoints 2 or 1 per win, cross-IMPs, Butler.
SESSION_METHODS: tuple[str, ...] = ("mp", "acbl", "ximp", "butler")
#: How boards played fewer times are put on the same footing in a session: Neuberg-factored to
#: the most-played board's count, or each board over its own top (matchpoints available), or
#: not at all (none: each board over the top of its real results, an artificial score a share
#: of that top, as BBO's result pages score them).
FACTORINGS: tuple[str, ...] = ("most_played", "available", "none")
#: How a pair's matchpoint total is shown when it played fewer boards than the most-played
#: count of its ranking: factored to that count (total × most / played), or the raw sum.
TOTALS: tuple[str, ...] = ("factored", "raw")

#: The board-scoring functions' options (matchpoints, cross_imps, datums, split_scores).
#: Matchpoint scorings: 2 per win, 1 per win, percent of the top, Ascherman.
SCORINGS: tuple[str, ...] = ("english", "acbl", "percent", "ascherman")
#: What cross-IMPs are divided by: the comparisons (N − 1), the scores (N), or nothing (none:
#: the sum, as PBN's "Cross" and Ruter's summed cross-IMPs).
DIVISORS: tuple[str, ...] = ("comparisons", "scores", "none")
#: Datums: Butler's (rounded to 10) and Bastille's (not rounded).
DATUM_METHODS: tuple[str, ...] = ("butler", "bastille")
#: How a Butler datum's exact 5 is rounded: away from zero (425 → 430, −445 → −450; default) or
#: to the even ten (425 → 420, 435 → 440).
DATUM_ROUNDINGS: tuple[str, ...] = ("away", "even")
#: How ``score_traveller`` scores a board (its ``method``).
METHODS: tuple[str, ...] = ("matchpoints", "cross_imps", "butler", "bastille")
#: How ``score_traveller`` treats split scores: separate NS and EW tables, or De Wael's halves.
SPLITS: tuple[str, ...] = ("separate", "halves")

#: ``xlbridge score --method`` choices: the core method and the matchpoint scoring each means.
SCORE_METHODS: dict[str, tuple[str, str]] = {
    "mp": ("matchpoints", "english"),
    "acbl": ("matchpoints", "acbl"),
    "percent": ("matchpoints", "percent"),
    "ascherman": ("matchpoints", "ascherman"),
    "ximp": ("cross_imps", "english"),
    "butler": ("butler", "english"),
    "bastille": ("bastille", "english"),
}

#: Other spellings users already type, and the one word xlbridge uses for each (its canonical
#: name, the one help texts and messages show). Keys and values are compared as
#: :func:`spelling_key` writes them, so case, spaces, "-" and "_" never matter
#: (``most_played`` is ``most-played``, ``White Book`` is ``white-book``).
ALIASES: dict[str, str] = {
    # matchpoints, 2 per win: the command line's "mp"; Excel's first name for it, "english"
    "english": "mp",
    "matchpoints": "mp",
    # cross-IMPs
    "cross-imps": "ximp",
    "crossimps": "ximp",
    "ximps": "ximp",
    # a single team match in the handicap functions and the register
    "team": "teams",
    # one-word spellings of the two-word names
    "whitebook": "white-book",
    "mostplayed": "most-played",
    "most-played": "most-played",  # shown with "-" like every other two-word name
    "wbfdiscrete": "wbf-discrete",
}


def spelling_key(value: str) -> str:
    """``value`` as compared with a name: trimmed, lower case, "_" and spaces as "-"."""
    return "-".join(value.strip().lower().replace("_", " ").replace("-", " ").split())


def canonical(value: str) -> str:
    """The canonical name of ``value`` (itself when it has no other name): ``english`` →
    ``mp``, ``most_played`` → ``most-played``, ``Cross-IMPs`` → ``ximp``."""
    key = spelling_key(value)
    return ALIASES.get(key, key)


def resolve(value: str, options: tuple[str, ...] | list[str]) -> str | None:
    """The member of ``options`` that ``value`` names (an exact option first, then any option
    with the same canonical name), or None. ``options`` may be a module's own spellings
    (``english``, ``cross_imps``, ``team``): the answer is always one of them."""
    if value in options:
        return value
    wanted = canonical(value)
    for option in options:
        if canonical(option) == wanted:
            return option
    return None


def shown_options(options: tuple[str, ...] | list[str]) -> str:
    """``options`` by their canonical names, for help texts and messages: "mp, acbl, …" (an
    option with no other name is shown as it is spelt)."""
    return ", ".join(dict.fromkeys(ALIASES.get(spelling_key(o), o) for o in options))
