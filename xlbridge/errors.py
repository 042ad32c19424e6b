"""The error every check raises for bad user input (kept free of imports, so the command line
can name it before it loads numpy)."""


class InputError(ValueError):
    """A user-supplied argument is out of range or of the wrong kind."""
