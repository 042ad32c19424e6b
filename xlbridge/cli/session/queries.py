"""The results a director queries (:mod:`xlbridge.scoring.session.queries`), each named by
where it was typed: ``EVENING.xlsx: Traveller!I23`` in the typed workbook, ``night.csv,
line 14`` in a traveller file. ``xlbridge session`` prints them on stderr as warnings (they do
not change the exit code) and puts them in the results pack's notes."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from xlbridge.io.pairs_session_workbook import SessionWorkbook
from xlbridge.scoring.session import Traveller
from xlbridge.scoring.session.queries import queried_results

#: The workbook's Traveller column of each query's column.
WORKBOOK_COLUMNS = {"tricks": "tricks", "contract": "contract", "score": "entered"}


def file_queries(traveller: Traveller) -> list[str]:
    """The queries of a traveller file's lines, each naming its file and line."""
    return [
        f"{traveller.source}, line {int(traveller.lines[query.entry])}: {query.text}"
        for query in queried_results(traveller)
    ]


def workbook_queries(book: SessionWorkbook) -> list[str]:
    """The queries of the typed workbook's lines, each naming its cell."""
    lines = book.traveller.lines
    return [
        f"{book.cell(int(lines[query.entry]), WORKBOOK_COLUMNS[query.column])}: {query.text}"
        for query in queried_results(book.traveller)
    ]


def print_queries(queries: Sequence[str]) -> None:
    """Each query as a warning on stderr."""
    for query in queries:
        print(f"xlbridge: warning: {query}", file=sys.stderr)
