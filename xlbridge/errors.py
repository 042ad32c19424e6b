"""The errors every check raises for bad user input (kept free of imports, so the command line
can name them before it loads numpy).

A reader of something a user typed (a workbook, a traveller file) finds every bad cell or line
before it stops: it gathers them in :class:`Mistakes` and raises one :class:`InputErrors`
holding them all, one message a line, in the order of the sheets and rows they name."""


class InputError(ValueError):
    """A user-supplied argument is out of range or of the wrong kind."""


class InputErrors(InputError):
    """Every mistake found in one reading of an input: one message each, in order.

    Its text is one line per mistake, the first :attr:`SHOWN` of them, then "and N more"."""

    #: The mistakes listed; the rest are counted.
    SHOWN = 50

    def __init__(self, messages: list[str]) -> None:
        self.messages = list(messages)
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        """The messages as printed: at most :attr:`SHOWN`, then how many more there are."""
        shown = self.messages[: self.SHOWN]
        more = len(self.messages) - len(shown)
        return shown + ([f"and {more} more"] if more else [])


class Mistakes:
    """The mistakes a reader finds as it goes, each with the place it names, for sorting.

    ``key`` is any tuple that sorts the places as the user reads them: (sheet's order, row,
    column) in a workbook, the line in a file. :meth:`raise_if_any` raises them all at once."""

    def __init__(self) -> None:
        self._found: list[tuple[tuple[int, ...], int, str]] = []

    def __len__(self) -> int:
        return len(self._found)

    def add(self, error: InputError | str, key: tuple[int, ...] = ()) -> None:
        """Keep ``error`` (an error or its message); one holding several keeps each."""
        messages = error.messages if isinstance(error, InputErrors) else [str(error)]
        for message in messages:
            self._found.append((key, len(self._found), message))

    def raise_if_any(self) -> None:
        """Raise :class:`InputErrors` with every mistake kept, sorted by place; else nothing."""
        if self._found:
            raise InputErrors([message for _, _, message in sorted(self._found)])
