"""The names users choose among (forms of scoring, roundings, scoring methods) and size limits.

Plain constants with no imports, so that the command line can build its options and help
before it loads numpy; the modules that compute re-export them.
"""

#: Forms of scoring a VP scale is built for.
FORMS: tuple[str, ...] = ("teams", "teams8", "butler", "pairs", "aggregate", "patton", "cross")
#: How a card's band edges become whole (or 0.01 %, or 10-point) bounds.
ROUNDINGS: tuple[str, ...] = ("nearest", "floor", "ceil", "none")
#: The most boards a match may have.
MAX_BOARDS = 200

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
