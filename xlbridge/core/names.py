"""The names users choose among (forms of scoring, roundings, scoring methods) and size limits.

Plain constants with no imports, so that the command line can build its options and help
before it loads numpy; the modules that compute re-export them.
"""

#: Forms of scoring a VP scale is built for.
FORMS: tuple[str, ...] = ("teams", "teams8", "butler", "pairs", "aggregate", "patton", "cross")
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

#: How a pairs session is scored: matchpoints 2 or 1 per win, cross-IMPs, Butler.
SESSION_METHODS: tuple[str, ...] = ("mp", "acbl", "ximp", "butler")
#: How boards played fewer times are put on the same footing in a session: Neuberg-factored to
#: the most-played board's count, or each board over its own top (matchpoints available).
FACTORINGS: tuple[str, ...] = ("most_played", "available")

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
