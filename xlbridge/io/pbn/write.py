"""Write a scored pairs session as a PBN 2.1 results file (export format), for :mod:`.pbn`.

The file is what :func:`xlbridge.io.pbn.read.read_pbn` reads back, line for line and pair for pair.
The choices, and why:

- **Export format.** The file opens with ``% PBN 2.1`` and ``% EXPORT``; lines end with CRLF;
  games are separated by an empty line. Each board is one game whose tags are the mandatory
  tag set in its order: Event, Site, Date, Board, West, North, East, South, Dealer,
  Vulnerable, Deal, Scoring, Declarer, Contract, Result. A results game stands for every
  table that played the board, so the tags that describe one table (the four players,
  Declarer, Contract, Result) are ``?``, as is Site; an unknown Event is ``?`` and an unknown
  date ``????.??.??``. Dealer and Vulnerable follow from the board number; the Deal is the
  board's hands when known, starting with the dealer, else four unknown hands (``-``).
- **Scoring tag** (:func:`scoring_tag`), in the PBN standard's words: ``MatchPoints;MP1``
  for matchpoints (2 a win; ACBL's 1 a win are written doubled); cross-IMPs ``IMP;Cross2``
  divided by the number of comparisons, ``IMP;Cross1`` by the number of scores, ``IMP;Cross``
  summed; Butler ``IMP;Butler-2`` when the datum leaves out the two extreme scores on every
  board that has at least 3 results, else ``IMP;Butler``.
- **ScoreTable** (one per board, every section's lines): ``Section`` (only when the event has
  sections), ``PairId_NS``, ``PairId_EW``, ``Contract``, ``Declarer``, ``Result`` (tricks
  taken), ``Score_NS``/``Score_EW`` (the positive score in its side's column, ``-`` in the
  other, as club programs print them), then ``MP_NS``, ``MP_EW``, ``Percentage_NS``,
  ``Percentage_EW`` at matchpoints or ``IMP_NS``, ``IMP_EW`` at IMPs. A percentage is of the
  board's top as it was scored (after factoring: 2·(n − 1) for n results, artificial scores
  counted), as the session gives it (``percentages``). An artificial adjusted
  score is written ``A60/40`` in Score_NS with ``-`` (irrelevant) for its contract, declarer
  and result; a table that did not play shows ``NP``.
- **TotalScoreTable**, once, in the first game: ``Section`` (with sections), ``Rank``,
  ``PairId``, ``Direction`` (two winners only), ``TotalMP`` or ``TotalIMP`` (PBN's
  ``TotalScore`` is the sum of trick scores, so the matchpoint and IMP columns are used),
  ``TotalPercentage`` (when the method gives one) and ``Names``: the players separated by
  ``;`` as PBN's ``<names>`` string token (a ``;`` inside a name becomes ``,``).
- **Quoting.** Tag values and string tokens escape ``\\`` and ``"`` as ``\\\\`` and ``\\"``;
  line breaks, tabs and other control characters in them become spaces. Names are always
  string tokens (so a name with spaces stays whole); other table values are quoted only when
  they hold a space or a character PBN reserves (``"``, ``;``, ``{``, ``}``). Columns carry a
  minimum width so the rows line up, as export format allows; the width's backslash is
  written bare (``PairId_NS\\2R``), as PBN's examples write it.
- **Encoding.** ISO-8859-1, PBN's character set, when every character fits it (and the bytes
  cannot be mistaken for UTF-8); otherwise UTF-8 with a byte-order mark, which the reader
  recognises, so names in any script survive.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from xlbridge import __version__
from xlbridge.io.event_files.contents import EventFile, Line, Pair, parse_deal
from xlbridge.io.event_files.conversion import number_text
from xlbridge.io.event_files.whole_scores import WhyWhole, refuse_unwhole_score
from xlbridge.scoring.contract import SEATS, dealer, ew_vulnerable, ns_vulnerable

if TYPE_CHECKING:
    from xlbridge.scoring.double_dummy import BoardAnalysis

#: The methods a PBN results file is written in (ACBL matchpoints go as 2 a win).
METHODS = ("mp", "ximp", "butler")
#: The Scoring tag's cross-IMP modifier of each divisor (PBN 2.1, the Scoring tag).
CROSS = {"comparisons": "IMP;Cross2", "scores": "IMP;Cross1", "none": "IMP;Cross"}
_VULNERABLE = {
    (False, False): "None",
    (True, False): "NS",
    (False, True): "EW",
    (True, True): "All",
}
_PLAIN = re.compile(r'[^\s";{}\\]+')
#: Control characters and whatever Python reads as a line break (NEL, U+2028, U+2029).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_BOM = b"\xef\xbb\xbf"
#: Right-aligned (numeric) columns; the others are left-aligned.
_RIGHT = {"PairId_NS", "PairId_EW", "Result", "Score_NS", "Score_EW", "PairId", "Rank"}
_RIGHT |= {"MP_NS", "MP_EW", "IMP_NS", "IMP_EW", "Percentage_NS", "Percentage_EW"}
_RIGHT |= {"TotalMP", "TotalIMP", "TotalPercentage"}


def scoring_tag(method: str, divisor: str, trim: bool, three_results: bool) -> str:
    """The Scoring tag of a session scored by ``method`` (mp, ximp or butler): cross-IMPs by
    their ``divisor`` (comparisons, scores or none: summed); Butler-2 for a datum without the
    top and bottom score, which ``trim`` drops on every board from 3 results and the default
    datum from 4 (so the two agree unless a board has exactly 3 results: ``three_results``)."""
    if method == "mp":
        return "MatchPoints;MP1"
    if method == "ximp":
        return CROSS[divisor]
    if method == "butler":
        return "IMP;Butler-2" if trim or not three_results else "IMP;Butler"
    raise ValueError(f"method must be one of {', '.join(METHODS)}, got {method!r}")


#: Each line's (NS, EW) percentage of its board's top as scored, by (section, board, NS pair,
#: EW pair).
Percentages = Mapping[tuple[str, int, int, int], tuple[float, float]]


def pbn_bytes(
    event: EventFile,
    method: str,
    lines: Sequence[Line],
    pairs: Iterable[Pair],
    winners: int,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    *,
    scoring: str | None = None,
    percentages: Percentages | None = None,
) -> bytes:
    """A PBN 2.1 results file of a scored event: ``lines`` and ``pairs`` carry our numbers (in
    ``theirs_ns``/``theirs_ew`` and ``total``/``percentage``/``place``), as for
    :func:`xlbridge.io.usebio.usebio_bytes`; names, hands, title and date come from ``event``;
    each board in ``analyses`` gets its double-dummy tags (:func:`analysis_tags`). ``scoring``
    is the Scoring tag (default: :func:`scoring_tag` of the method with the default
    conventions, Butler as plain ``IMP;Butler``, which declares no trimming); at matchpoints
    each line's percentages are those of ``percentages`` (``-`` for a line not there).
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    tag = scoring or scoring_tag(method, "comparisons", False, True)
    listed = list(pairs)
    sectioned = any(line.section for line in lines) or any(pair.section for pair in listed)
    out = ["% PBN 2.1", "% EXPORT", f"% Creator: xlbridge {__version__}"]
    by_board: dict[int, list[Line]] = {}
    for line in lines:
        by_board.setdefault(line.board, []).append(line)
    for index, board in enumerate(sorted(by_board)):
        out.append("")
        out += _game_tags(event, tag, board)
        out += analysis_tags((analyses or {}).get(board))
        out += _score_table(method, by_board[board], sectioned, percentages or {})
        if index == 0:
            out += _total_table(method, listed, winners, sectioned)
    return _encoded("\r\n".join(out) + "\r\n")


def _encoded(text: str) -> bytes:
    """ISO-8859-1 when it holds every character and cannot pass for UTF-8, else UTF-8 + BOM."""
    try:
        data = text.encode("iso-8859-1")
    except UnicodeEncodeError:
        return _BOM + text.encode("utf-8")
    if data.isascii():
        return data
    try:
        data.decode("utf-8")  # the reader tries UTF-8 first: it must fail on these bytes
    except UnicodeDecodeError:
        return data
    return _BOM + text.encode("utf-8")


def _clean(text: str) -> str:
    return _CONTROL.sub(" ", text)


def _escaped(text: str) -> str:
    """A string's content as PBN writes it between quotes."""
    return _clean(text).replace("\\", "\\\\").replace('"', '\\"')


def _tag(name: str, value: str) -> str:
    return f'[{name} "{_escaped(value)}"]'


def _token(value: str) -> str:
    """A table element: bare when it is a plain token, else a quoted string; ``-`` if empty."""
    if not value:
        return "-"
    return value if _PLAIN.fullmatch(value) else f'"{_escaped(value)}"'


def pbn_date(text: str) -> str:
    """A date as PBN's ``YYYY.MM.DD`` (``?`` for unknown parts) from ``YYYY.MM.DD``, ISO
    ``YYYY-MM-DD`` or USEBIO's ``DD/MM/YYYY``; ``????.??.??`` for anything else."""
    text = text.strip()
    if re.fullmatch(r"[\d?]{4}\.[\d?]{2}\.[\d?]{2}", text):
        return text
    iso = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", text)
    if iso:
        year, month, day = iso.groups()
        return f"{year}.{int(month):02d}.{int(day):02d}"
    usebio = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", text)
    if usebio:
        day, month, year = usebio.groups()
        return f"{year}.{int(month):02d}.{int(day):02d}"
    return "????.??.??"


def _deal_from(deal: str, first: str) -> str:
    """A deal as written from ``first``; four unknown hands ("-") for no deal."""
    if not deal:
        return f"{first}:- - - -"
    hands = parse_deal(deal)
    start = SEATS.index(first)
    seats = [SEATS[(start + i) % 4] for i in range(4)]
    return f"{first}:" + " ".join(".".join(hands[seat]) or "-" for seat in seats)


def _game_tags(event: EventFile, scoring: str, board: int) -> list[str]:
    """The mandatory tag set of one board's game, in its export order."""
    # The first section's deal when sections have their own; unknown hands when none is known.
    deals = [deal for (_, number), deal in sorted(event.hands.items()) if number == board]
    date = pbn_date(event.date)
    return board_tags(event.description, date, board, deals[0] if deals else "", scoring)


def board_tags(
    event: str,
    date: str,
    board: int,
    deal: str,
    scoring: str = "?",
    dealer_seat: str = "",
    vulnerable: str = "",
) -> list[str]:
    """A board's mandatory tag set in its export order; the table's own tags (players,
    declarer, contract, result) unknown. Dealer and vulnerability follow from the board number
    unless given (N/E/S/W; None/NS/EW/All); the deal (PBN, "" when not known) is written from
    the dealer."""
    first = dealer_seat or SEATS[int(dealer(board))]
    vulnerable = vulnerable or _VULNERABLE[(bool(ns_vulnerable(board)), bool(ew_vulnerable(board)))]
    tags = [
        ("Event", event.strip() or "?"),
        ("Site", "?"),
        ("Date", date),
        ("Board", str(board)),
        ("West", "?"),
        ("North", "?"),
        ("East", "?"),
        ("South", "?"),
        ("Dealer", first),
        ("Vulnerable", vulnerable),
        ("Deal", _deal_from(deal, first)),
        ("Scoring", scoring),
        ("Declarer", "?"),
        ("Contract", "?"),
        ("Result", "?"),
    ]
    return [_tag(name, value) for name, value in tags]


def analysis_tags(analysis: BoardAnalysis | None) -> list[str]:
    """PBN 2.1's double-dummy tags of a board: ``OptimumScore "NS 420"`` (North-South's par
    score), ``ParContract "NS 4S"`` (the par contracts, each with its declaring side or seat,
    separated by "; "; "Pass" when the par is to pass the deal out) and the
    ``OptimumResultTable`` of the tricks each declarer makes in each strain (declarers N, E,
    S, W; strains NT, S, H, D, C); nothing when ``analysis`` is None."""
    if analysis is None:
        return []
    from xlbridge.scoring.double_dummy import DECLARERS, STRAINS

    contracts = "; ".join(contract.pbn for contract in analysis.par_contracts) or "Pass"
    lines = [
        _tag("OptimumScore", f"NS {analysis.par_score}"),
        _tag("ParContract", contracts),
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
    ]
    for seat in DECLARERS:
        for strain in STRAINS:
            lines.append(f"{seat} {strain:>2} {analysis.table[seat][strain]:>2}")
    return lines


def _table(name: str, columns: list[str], rows: list[list[str]]) -> list[str]:
    """A table's tag (columns with their minimum widths) and its rows, padded to the widths;
    the last column has no width and is not padded."""
    widths = [max([1, *(len(row[i]) for row in rows)]) for i in range(len(columns))]
    specs = [
        f"{column}\\{width}{'R' if column in _RIGHT else 'L'}"
        for column, width in zip(columns[:-1], widths, strict=False)
    ]
    # The widths' backslash is written bare, as PBN's own examples and real files write it.
    lines = [f'[{name} "{";".join([*specs, columns[-1]])}"]']
    for row in rows:
        cells = [
            cell.rjust(width) if column in _RIGHT else cell.ljust(width)
            for column, cell, width in zip(columns[:-1], row, widths, strict=False)
        ]
        lines.append(" ".join([*cells, row[-1]]).rstrip())
    return lines


def _score_table(
    method: str, lines: list[Line], sectioned: bool, percentages: Percentages
) -> list[str]:
    """One board's ScoreTable: a row per table, every section's."""
    unit = "MP" if method == "mp" else "IMP"
    columns = ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result"]
    columns += ["Score_NS", "Score_EW", f"{unit}_NS", f"{unit}_EW"]
    if method == "mp":
        columns += ["Percentage_NS", "Percentage_EW"]
    rows = []
    for line in lines:
        row = [str(line.ns_pair), str(line.ew_pair), *_played(line), *_scores(line)]
        row += [line.theirs_ns or "-", line.theirs_ew or "-"]
        if method == "mp":
            shares = percentages.get((line.section, line.board, line.ns_pair, line.ew_pair))
            row += [number_text(share) for share in shares or (math.nan, math.nan)]
        rows.append([_token(cell) for cell in row])
    if sectioned:
        columns.insert(0, "Section")
        rows = [[_token(line.section), *row] for line, row in zip(lines, rows, strict=True)]
    return _table("ScoreTable", columns, rows)


def _played(line: Line) -> list[str]:
    """Contract, declarer and tricks taken; ``-`` (irrelevant) for an adjusted score."""
    if line.adjusted is not None or not line.contract:
        return ["-", "-", "-"]
    contract = line.contract.strip()
    if contract.upper() in ("PASS", "P", "AP"):
        return ["Pass", "-", "-"]
    return [contract, line.declarer or "-", line.result or "-"]


#: Why PBN's ScoreTable has no form for a weighted score, and for one with decimals.
_PBN_WHY = WhyWhole(
    weighted="a ScoreTable row holds one score, in Score_NS or Score_EW",
    decimals="Score_NS and Score_EW are whole numbers",
)


def _scores(line: Line) -> list[str]:
    """Score_NS and Score_EW: a positive score in its side's column (0 in NS's); an adjusted
    score or NP in NS's; a split score's own score of each side in its column. A weighted
    score or one with decimals is refused."""
    score = line.score
    if line.adjusted is None:
        refuse_unwhole_score(line, "PBN", _PBN_WHY)
    if line.ew_score:  # a split score: each side's own, NS's where a reader looks first
        return [score, line.ew_score]
    if re.fullmatch(r"-\d+", score) and score != "-0":
        return ["-", score[1:]]
    if re.fullmatch(r"\d+", score):
        return [score, "-"]
    return [score or "NP", "-"]


def _names(pair: Pair) -> str:
    """PBN's ``<names>``: the players separated by ``;`` (always a string token)."""
    names = ";".join(name.strip().replace(";", ",") for name in pair.names if name.strip())
    return f'"{_escaped(names)}"' if names else "-"


def _total_table(method: str, pairs: list[Pair], winners: int, sectioned: bool) -> list[str]:
    """The TotalScoreTable: a row per pair, in the order given (by place)."""
    if not pairs:
        return []
    columns = ["Section"] if sectioned else []
    columns += ["Rank", "PairId"]
    if winners == 2:
        columns.append("Direction")
    columns.append("TotalMP" if method == "mp" else "TotalIMP")
    percentages = any(pair.percentage for pair in pairs)
    if percentages:
        columns.append("TotalPercentage")
    columns.append("Names")
    rows = []
    for pair in pairs:
        row = [_token(pair.section)] if sectioned else []
        row += [_token(pair.place), str(pair.number)]
        if winners == 2:
            row.append(_token(pair.direction))
        row.append(_token(pair.total))
        if percentages:
            row.append(_token(pair.percentage))
        rows.append([*row, _names(pair)])
    return _table("TotalScoreTable", columns, rows)
