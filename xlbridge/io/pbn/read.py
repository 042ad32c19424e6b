"""PBN 2.1 results: deals and the ScoreTable / TotalScoreTable sections.

A PBN file is a list of games, each a run of tags ``[Name "value"]``; a game's ``[Deal
"N:S.H.D.C …"]`` holds its hands and a ``[ScoreTable "col;col;…"]`` tag is followed by one row
per table of the board. Columns are named with an optional width and alignment
(``PairId_NS\\2R``). Real files write rows in two layouts, and both are read:

- quoted values separated by spaces (``"1" "2" "4S" "N" "10" "420"``), and
- fixed-width unquoted columns, each padded to its width and followed by one space, where a
  last column without a width (``Names_NS``) takes the rest of the row, spaces included; when
  other values overflow their widths, values are split on spaces and only the name columns
  (which may hold spaces) are cut at their widths.

Producers' dialects read (docs/pbn.md): a pair sitting out written as a row whose score is
``Bye`` (Magic Contest) is no line; a pair's direction written ``N-S``, ``E-W`` or in the
producer's language (``Ö-V``, Ruter); a multi-session file's ``SessionScore…`` columns (Ruter)
give the pairs' figures of the session it holds, beside the cumulative ones. A Scoring tag's
modifiers declare how cross-IMPs are divided (``Cross``, ``Cross1``, ``Cross2``) and a trimmed
Butler datum (``Butler-2``). Individual and teams files are refused, saying which they are.

The deal's own parsing is ours (the run-time package does not depend on endplay).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from os import PathLike
from pathlib import Path

from xlbridge.io.bounds import bounded, bounded_int, stored_text
from xlbridge.io.event_files.contents import (
    EventFile,
    FileError,
    Line,
    Pair,
    complete,
    deal_text,
    normal_seat,
    parse_deal,
)
from xlbridge.io.pbn.board_law import VULNERABLE, against_law2
from xlbridge.io.text_file import exported_instead, file_bytes
from xlbridge.scoring.checks import shown
from xlbridge.scoring.contract import SEATS

#: A PBN tag line: [Name "value"] (the value's quotes and backslashes escaped). The value is
#: matched as runs of plain characters between escapes, never a character at a time in a
#: repeated group: the time and memory of a match grow with the line, a few bytes a
#: character (the repeated group held about 160 bytes a character while matching).
TAG = re.compile(r'^\[(\w+)\s+"([^"\\]*(?:\\.[^"\\]*)*)"\]\s*$')
_COLUMN = re.compile(r"^[+-]?(\w+)(?:\\(\d+)([LR]?))?$")  # +/- mark the sort order
_QUOTED = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"|(\S+)')
_EMPTY = ("", "-", "--")
#: Column names for each field, first found wins.
_LINE_COLUMNS = {
    "section": ("Section",),
    "ns_pair": ("PairId_NS", "Pair_NS", "PairNS"),
    "ew_pair": ("PairId_EW", "Pair_EW", "PairEW"),
    "contract": ("Contract",),
    "declarer": ("Declarer",),
    "result": ("Result",),
    "lead": ("Lead",),
    "score_ns": ("Score_NS",),
    "score_ew": ("Score_EW",),
    "theirs_ns": ("MP_NS", "IMP_NS", "XImp_NS", "Butler_NS"),
    "theirs_ew": ("MP_EW", "IMP_EW", "XImp_EW", "Butler_EW"),
}
_PAIR_COLUMNS = {
    "section": ("Section",),
    "number": ("PairId", "Pair"),
    "direction": ("Direction",),
    "names": ("Names", "Name"),
    "total": ("TotalScoreMP", "TotalMP", "MP", "TotalScoreIMP", "TotalIMP", "IMP", "TotalScore"),
    "percentage": ("TotalPercentage", "Percentage"),
    "place": ("Rank", "Place"),
}
#: A multi-session file's figures of the session it holds (Ruter), read instead of the
#: cumulative ones when the table has any of them.
_SESSION_COLUMNS = {
    "total": ("SessionScoreMP", "SessionScoreIMP", "SessionScore"),
    "percentage": ("SessionPercentage",),
    "place": ("SessionRank",),
}
_SESSION_NAMES = {name.lower() for names in _SESSION_COLUMNS.values() for name in names}
#: A pair's direction as producers write it, without its "-" (Ö-V, Ø-V: Scandinavian East-West).
_DIRECTIONS = {"NS": "NS", "EW": "EW", "ÖV": "EW", "ØV": "EW"}
#: Columns of the files that hold no pairs event, and what such a file holds.
_NOT_PAIRS = {
    "playerid": "an individual event",
    "playerid_north": "an individual event",
    "teamid": "a teams event",
    "teamid_home": "a teams event",
}


@dataclass(frozen=True)
class _Column:
    name: str
    width: int | None


def _columns(path: Path, number: int, spec: str) -> list[_Column]:
    columns = []
    for part in spec.split(";"):
        match = _COLUMN.match(part.strip())
        if match is None:
            raise FileError(f"{path}: line {number}: bad column {shown(part)} in the table header")
        width = match.group(2)
        columns.append(_Column(match.group(1), int(width) if width else None))
    return columns


def _unquote(text: str) -> str:
    return text.replace('\\"', '"').replace("\\\\", "\\")


def _fixed_width(row: str, columns: list[_Column]) -> list[str] | None:
    """The row cut at the column widths, or None when it does not fit them."""
    values, position = [], 0
    for i, column in enumerate(columns):
        if column.width is None:
            if i != len(columns) - 1:
                return None
            values.append(row[position:].strip())
            return values
        end = position + column.width
        if end > len(row) and i != len(columns) - 1:
            return None
        if end < len(row) and row[end] != " ":
            return None
        values.append(row[position:end].strip())
        position = end + 1
    return values if position >= len(row) or not row[position:].strip() else None


def _names_by_width(row: str, columns: list[_Column]) -> list[str] | None:
    """Tokens split on spaces, except name columns (which may hold spaces) cut at their
    widths (the last column without a width takes the rest): rows whose other columns
    overflow their widths."""
    values: list[str] = []
    rest = row.strip()
    for i, column in enumerate(columns):
        is_name = column.name.lower().startswith("name")
        if is_name and (column.width is None or i == len(columns) - 1):
            values.append(rest.strip())
            rest = ""
        elif is_name:
            values.append(rest[: column.width].strip())
            rest = rest[column.width :].lstrip()
        else:
            token, _, rest = rest.partition(" ")
            if not token:
                return None
            values.append(token)
            rest = rest.lstrip()
    return values if not rest else None


def _row(path: Path, number: int, row: str, columns: list[_Column]) -> list[str]:
    if '"' in row:
        values = [_unquote(q) if u == "" else u for q, u in _QUOTED.findall(row)]
    else:
        values = _fixed_width(row, columns) or _names_by_width(row, columns) or row.split()
    if len(values) != len(columns):
        raise FileError(
            f"{path}: line {number}: {len(values)} values, the table header has "
            f"{len(columns)} columns"
        )
    return values


def _pick(record: dict[str, str], names: tuple[str, ...]) -> str:
    for name in names:
        value = record.get(name.lower(), "")
        if value not in _EMPTY:
            return value
    return ""


def _method(scoring: str) -> str | None:
    """The method a Scoring tag names. MP2 is matchpoints at 1 a comparison (the ACBL Live
    export writes it with ACBL matchpoints; Magic Contest writes MP1 with 2 a comparison)."""
    upper = scoring.upper()
    if "MP2" in re.split(r"[;\s]+", upper):
        return "acbl"
    if "BUTLER" in upper:
        return "butler"
    if "IMP" in upper:
        return "ximp"
    if upper.startswith("MP") or "MATCH" in upper or upper == "PERCENT":
        return "mp"
    return None


#: The Scoring tag's cross-IMP modifiers (PBN 2.1, the Scoring tag): Cross is the sum of the
#: IMPs against every other score, Cross1 that sum divided by the number of scores, Cross2 by
#: the number of comparisons.
_CROSS_DIVISORS = {"CROSS": "none", "CROSS1": "scores", "CROSS2": "comparisons"}


def declared(scoring: str) -> tuple[str | None, bool | None]:
    """What a Scoring tag declares of its conventions: the cross-IMP divisor (``IMP;Cross`` →
    none, ``Cross1`` → scores, ``Cross2`` → comparisons) and a Butler datum without the two
    extreme scores (``Butler-2`` → trim True); None where it says nothing (``IMP;Butler`` is
    the datum of every score, as scored by default)."""
    fields = {field.strip().upper() for field in re.split(r"[;\s]+", scoring)}
    divisors = [_CROSS_DIVISORS[field] for field in sorted(fields) if field in _CROSS_DIVISORS]
    divisor = divisors[0] if len(divisors) == 1 else None
    return divisor, (True if "BUTLER-2" in fields else None)


def _whole(path: Path, number: int, what: str, text: str, kind: str = "pair") -> int:
    """A whole number within the range of ``kind`` (see :mod:`xlbridge.io.bounds`)."""
    if not re.fullmatch(r"\d+", text):
        raise FileError(f"{path}: line {number}: {what} must be a whole number, got {shown(text)}")
    return bounded_int(text, kind, f"{path}: line {number}: {what}")


#: A number as a PBN table prints it (a score, matchpoints, a percentage).
_PRINTED_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


def _in_range(path: Path, number: int, what: str, text: str, kind: str) -> str:
    """``text`` as printed, after checking a number in it lies within the range of ``kind``
    (other text is left for the scoring to judge)."""
    if _PRINTED_NUMBER.fullmatch(text.strip()):
        bounded(text, kind, f"{path}: line {number}: {what}")
    return text


def pbn_text(path: Path) -> str:
    """A PBN file's text: UTF-8 (with or without a byte-order mark), else ISO 8859-1, the
    character set PBN 2.1 prescribes."""
    data = file_bytes(path, exported_instead("PBN"))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")


def read_pbn(path: str | PathLike[str]) -> EventFile:
    """Read a PBN file's deals, score tables (traveller lines) and total score table."""
    path = Path(path)
    text = pbn_text(path)
    _check_line_breaks(path, text)
    event = EventFile(str(path))
    tags: dict[str, str] = {}
    table: tuple[str, list[_Column]] | None = None
    headers: dict[str, list[_Column]] = {}  # the last header of each table, for "#"
    in_comment = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if in_comment or line.startswith("{"):
            in_comment = "}" not in line
            continue  # commentary, also between a table's rows
        if line.startswith("%") or line.startswith(";"):
            continue
        # Every tag and row may reach a workbook: checked as written (str.rstrip would take
        # the separator characters U+001C to U+001F for white space and drop them).
        stored_text(raw, f"{path}: line {number}")
        if not line.strip():
            table = None
            continue
        tag = TAG.match(line.strip())
        if tag is not None:
            name, value = tag.group(1), _unquote(tag.group(2))
            table = None
            if name == "Board":
                tags = {"Section": tags.get("Section", "")}  # a new game
            tags[name] = value
            _game_tag(event, path, number, name, value, tags)
            if name in ("ScoreTable", "TotalScoreTable"):
                if value.strip() == "#":  # the same columns as the previous table
                    if name not in headers:
                        raise FileError(f'{path}: line {number}: {name} "#" with no table before')
                else:
                    headers[name] = _columns(path, number, value)
                table = (name, headers[name])
                _check_columns(path, number, name, headers[name])
            continue
        if line.startswith("["):
            table = None
            continue
        if table is None:
            continue  # auction or play records, commentary
        name, columns = table
        values = _row(path, number, line, columns)
        record = {column.name.lower(): value for column, value in zip(columns, values, strict=True)}
        if name == "ScoreTable":
            if not _sits_out(record):
                event.lines.append(_score_line(path, number, record, tags))
        else:
            event.pairs.append(_total_pair(path, number, record, tags))
    if not event.lines:
        raise FileError(f"{path}: no ScoreTable rows: {_no_table(text)}")
    return event


_TABLE_RESULT = re.compile(r'^\[Contract\s+"[^"?#\s]', re.MULTILINE)


def _no_table(text: str) -> str:
    """Why a file without ScoreTable rows cannot be rescored, in its own terms."""
    if _TABLE_RESULT.search(text):
        return (
            "the file gives each table's result as a game of its own (Contract, Result), "
            "which names no pair numbers; its deals can be read with xlbridge deals"
        )
    return "the file holds no results"


#: Characters that end a line for str.splitlines() but that no workbook or XML can hold.
_HIDDEN_BREAK = re.compile("[\x0b\x0c\x1c-\x1e]")


def _check_line_breaks(path: Path, text: str) -> None:
    """Refuse, by line and column, a character the line splitting would take for a line end
    (vertical tab, form feed, separators), as every other character a workbook cannot hold."""
    found = _HIDDEN_BREAK.search(text)
    if found is not None:
        start = found.start()
        line = text.count("\n", 0, start) + 1
        column = start - text.rfind("\n", 0, start)
        stored_text(found.group(), f"{path}: line {line}, column {column}")


def _check_columns(path: Path, number: int, name: str, columns: list[_Column]) -> None:
    """A score table must say who played (a frequency table with Multiplicity cannot be
    rescored); a total score table must name its pairs. A table of players or teams instead
    says the file holds an individual or a teams event."""
    have = {column.name.lower() for column in columns}
    needed: list[tuple[str, ...]] = (
        [_LINE_COLUMNS["ns_pair"], _LINE_COLUMNS["ew_pair"]]
        if name == "ScoreTable"
        else [_PAIR_COLUMNS["number"]]
    )
    for names in needed:
        if have & {n.lower() for n in names}:
            continue
        for column in columns:
            held = _NOT_PAIRS.get(column.name.lower())
            if held is not None:
                raise FileError(f"{path}: line {number}: {_not_pairs(held, name, column.name)}")
        raise FileError(
            f"{path}: line {number}: the {name} has no {names[0]} column, so its rows "
            "cannot be rescored"
        )


def _not_pairs(held: str, table: str, column: str) -> str:
    """Why a file of an individual or a teams event cannot be rescored, and what can be done."""
    text = f"the file holds {held} (its {table} has a {column} column): xlbridge session scores "
    if held == "a teams event":
        return text + (
            "pairs events; teams matches, Swiss teams and leagues are scored in the teams "
            "workbooks (xlbridge template teams-match, swiss-teams or league)"
        )
    return text + "pairs events, and xlbridge has nothing yet for individual events"


def _game_tag(
    event: EventFile, path: Path, number: int, name: str, value: str, tags: dict[str, str]
) -> None:
    unknown = r"\??" if name == "Event" else r"[?.]*"
    if name in ("Event", "Date") and re.fullmatch(unknown, value.strip()):
        return  # "?" (and a date "????.??.??") is PBN's "unknown", not a title or a date
    if name == "Event" and not event.description:
        event.description = value
    elif name == "Date" and not event.date:
        event.date = value
    elif name == "Scoring" and event.method is None:
        event.method = _method(value)
        event.divisor, event.trim = declared(value) if event.method else (None, None)
    elif name == "Deal" and value.strip():
        board = tags.get("Board", "")
        if not re.fullmatch(r"\d+", board):
            raise FileError(f"{path}: line {number}: a Deal needs a Board tag before it")
        try:
            deal = parse_deal(value)
        except ValueError as error:
            raise FileError(f"{path}: line {number}: {error}") from None
        if complete(deal):  # a partial deal is not a hand record
            board_number = _whole(path, number, "the Board tag", board, "board")
            event.hands[(tags.get("Section", ""), board_number)] = deal_text(deal)
            _check_law2(event, f"{path}: line {number}", board_number, tags)


def _check_law2(event: EventFile, where: str, board: int, tags: dict[str, str]) -> None:
    """A warning when the game's Dealer or Vulnerable contradicts Law 2 for its board (the
    board is scored, and its par found, by its number): once a board."""
    dealer, vulnerable = normal_seat(tags.get("Dealer", "")), tags.get("Vulnerable", "")
    dealer = dealer if dealer in SEATS else ""  # a tag not understood is not held against it
    vulnerable = vulnerable if vulnerable.strip().lower() in VULNERABLE else ""
    said = against_law2(board, dealer, vulnerable)
    warning = f"{where}: board {board}: {said}; the board is scored by its number"
    if said and not any(f": board {board}: " in known for known in event.warnings):
        event.warnings.append(warning)


def _sits_out(record: dict[str, str]) -> bool:
    """A row of a pair sitting out the round (Magic Contest: ``Bye`` in the score columns, the
    pair's number on its side, ``-`` on the other): no table played the board there."""
    return any(record.get(column, "").upper() == "BYE" for column in ("score_ns", "score_ew"))


def _score_line(path: Path, number: int, record: dict[str, str], tags: dict[str, str]) -> Line:
    board = tags.get("Board", "")
    if not re.fullmatch(r"\d+", board):
        raise FileError(f"{path}: line {number}: a ScoreTable needs a Board tag before it")
    fields = {key: _pick(record, names) for key, names in _LINE_COLUMNS.items()}
    score = _row_score(fields["score_ns"], fields["score_ew"])
    contract = fields["contract"]
    if not score and not contract:
        raise FileError(f"{path}: line {number}: the row has neither a score nor a contract")
    for what, key in (("the score", "score_ns"), ("the EW score", "score_ew")):
        _in_range(path, number, what, fields[key], "score")
    for what, key in (("the NS result", "theirs_ns"), ("the EW result", "theirs_ew")):
        _in_range(path, number, what, fields[key], "points")
    # PBN's Result: the tricks declarer took (some programs write +1 or -2 instead)
    _in_range(path, number, "the result", fields["result"].lstrip("+-"), "tricks")
    return Line(
        section=fields["section"] or tags.get("Section", ""),
        board=_whole(path, number, "the Board tag", board, "board"),
        ns_pair=_whole(path, number, "the NS pair", fields["ns_pair"]),
        ew_pair=_whole(path, number, "the EW pair", fields["ew_pair"]),
        contract=contract,
        declarer=fields["declarer"].upper(),
        result=fields["result"],
        lead=fields["lead"],
        score=score,
        theirs_ns=fields["theirs_ns"],
        theirs_ew=fields["theirs_ew"],
        where=f"line {number}",
        ew_score=_split_ew_score(fields["score_ns"], fields["score_ew"]),
    )


def _split_ew_score(ns: str, ew: str) -> str:
    """EW's own score of a split score (NS and EW scored differently after a ruling), which
    a row gives as two numbers that are not each other turned round (Score_NS -50 and
    Score_EW -450); blank for any other row. A 0 beside a score is not taken as a split: some
    programs fill the other column with 0."""
    if not (re.fullmatch(r"-?\d+", ns) and re.fullmatch(r"-?\d+", ew)):
        return ""
    return "" if int(ns) == -int(ew) or 0 in (int(ns), int(ew)) else ew


def _row_score(ns: str, ew: str) -> str:
    """The NS score a row gives: its Score_NS, else its Score_EW turned round. A passed-out
    board written PASS in a score column is 0; an artificial adjusted score given as each
    side's own (ACBL's AVE+ in Score_NS, AVE- in Score_EW) is joined into one (AVE+/AVE-)."""
    if ns.upper() == "PASS" or (not ns and ew.upper() == "PASS"):
        return "0"
    if ns[:1].upper() == "A" and ew[:1].upper() == "A" and "/" not in ns + ew:
        return f"{ns}/{ew}"
    if ns or not ew:
        return ns
    return (ew[1:] if ew.startswith("-") else ("" if ew == "0" else "-") + ew) or "0"


def _total_pair(path: Path, number: int, record: dict[str, str], tags: dict[str, str]) -> Pair:
    fields = {key: _pick(record, names) for key, names in _PAIR_COLUMNS.items()}
    if _SESSION_NAMES & record.keys():  # a multi-session file: the figures of this session
        fields |= {key: _pick(record, names) for key, names in _SESSION_COLUMNS.items()}
    parts = re.split(r"\s*;\s*|\s+-\s+|\s+&\s+|\s+and\s+", fields["names"].strip())
    names = tuple(part.strip() for part in parts if part.strip())
    direction = _DIRECTIONS.get(re.sub(r"[\s-]", "", fields["direction"].upper()), "")
    _in_range(path, number, "the place", fields["place"].rstrip("= "), "pair")  # "3=" a tie
    return Pair(
        section=fields["section"] or tags.get("Section", ""),
        number=_whole(path, number, "the pair", fields["number"]),
        direction=direction,
        names=names,
        total=_in_range(path, number, "the total", fields["total"], "points"),
        percentage=_in_range(path, number, "the percentage", fields["percentage"], "percentage"),
        place=fields["place"],
    )
