"""Where the pairs-session workbook's cells are: sheet names, columns, rows and
:class:`PairsSessionBook`."""

from __future__ import annotations

from dataclasses import dataclass

from openpyxl import Workbook

from xlbridge.scoring.movement.build import Movement
from xlbridge.workbooks.kit import layout, styles, validation
from xlbridge.workbooks.kit.layout import Column

TRAVELLER_SHEET = "Traveller"
BOARDS_SHEET = "Boards"
PAIRS_SHEET = "Pairs"
RANKING_SHEET = "Ranking"
TITLE = "Pairs session"
MOVEMENTS = ("mitchell", "howell")
OK = "ok"
NOT_PLAYED = "not played"
#: What a line is, in the hidden ``kind`` column: a result, an adjusted score, not played.
RESULT, ADJUSTED, NOT_PLAYED_KIND = "R", "A", "N"
MIN_PAIRS, MAX_PAIRS = 4, 100
MAX_BOARDS = 64
NAME_LENGTH = 60
MAX_SCORE = validation.MAX_NS_SCORE
#: Percentages are shown, compared and ranked to this many decimals.
PERCENT_DECIMALS = 2
FONT_NAME = styles.FONT_NAME
MIN_FONT_SIZE = 9

TITLE_ROW = 1
NOTE_ROW = 2  # Traveller: how to type a line; Boards: E and the top
HEADER_ROW = 3  # Traveller and Boards
FIRST_ROW = 4  # Traveller and Boards
PAIRS_HEADER_ROW, PAIRS_FIRST_ROW = 2, 3
RANKING_HEADER_ROW = 2

TRAVELLER_COLUMNS = (
    Column("line", "Line", 5),
    # Filled from a movement (typed values, locked); hidden in a workbook made without one.
    Column("round", "Round", 6, "General"),
    Column("table", "Table", 6, "General"),
    # Number inputs in General: TRUE typed there stays TRUE (not 1) in LibreOffice too.
    Column("board", "Board", 6, "General", True),
    Column("ns_pair", "NS pair", 6, "General", True),
    Column("ew_pair", "EW pair", 6, "General", True),
    Column("contract", "Contract", 9, "@", True),
    Column("by", "By", 5, "@", True),
    # Text, so that a typed +1 stays "+1" (a number cell would keep the number 1).
    Column("tricks", "Tricks", 6, "@", True),
    Column("entered", "Score or adjusted", 10, "General", True),
    Column("vul", "Vul", 6, "General"),
    Column("ns_score", "NS score", 8),
    Column("ns_mp", "NS MPs", 8, "0.00"),
    Column("ew_mp", "EW MPs", 8, "0.00"),
    Column("check", "Check", 46, "General"),
)
#: Hidden working columns of the Traveller, after a blank column.
TRAVELLER_WORKING = (
    Column("contract_text", "contract folded", 9, "General"),
    Column("passed", "passed out", 6),
    Column("level", "level", 6),
    Column("strain", "strain", 6),
    Column("doubling", "doubling", 6),
    Column("declarer", "declarer", 6, "General"),
    Column("vul_code", "vul code", 6, "General"),
    Column("declarer_vul", "declarer vul", 6),
    Column("contract_score", "contract NS score", 8),
    Column("score_text", "score text", 9, "General"),
    Column("ns_part", "NS part", 6, "General"),
    Column("ew_part", "EW part", 6, "General"),
    Column("ns_share", "NS %", 6),
    Column("ew_share", "EW %", 6),
    Column("problem", "problem", 20, "General"),
    Column("kind", "kind", 5, "General"),
    Column("score", "score", 8),
    Column("results", "results on board", 6),
    Column("adjusted", "adjusted on board", 6),
    Column("counts", "counts", 6),
    Column("result_text", "result text", 6, "General"),
    Column("taken", "tricks taken", 6),
)
BOARDS_COLUMNS = (
    Column("board", "Board", 6),
    Column("dealer", "Dealer", 6, "General"),
    Column("vul", "Vul", 6, "General"),
    Column("results", "Results", 8),
    Column("adjusted", "Adjusted scores", 9),
    Column("not_played", "Not played", 8),
    Column("lines", "Lines scored", 8),
)
PAIRS_COLUMNS = (
    Column("pair", "Pair", 6),
    Column("name", "Names", 42, "@", True),
    Column("sat", "Sat", 7, "General"),
    Column("boards", "Boards", 7),
    Column("mp", "MPs", 9, "0.00"),
    Column("top", "Top", 8, "0"),
    Column("percent", "%", 8, "0.00"),
    Column("place", "Place", 7, "General"),
)
PAIRS_WORKING = (
    Column("key", "% to rank", 8, "0.00"),
    Column("group", "list", 5, "General"),
    Column("rank", "place number", 6),
    Column("equal", "equal", 6),
    Column("order", "position", 6),
    Column("ns_order", "NS position", 6),
    Column("ew_order", "EW position", 6),
)
RANKING_COLUMNS = (
    Column("place", "Place", 7, "General"),
    Column("pair", "Pair", 6),
    Column("name", "Names", 42, "General"),
    Column("boards", "Boards", 7),
    Column("mp", "MPs", 9, "0.00"),
    Column("top", "Top", 8, "0"),
    Column("percent", "%", 8, "0.00"),
)
RANKING_WORKING = (Column("row", "Pairs row", 6),)

#: Column letters by key, for the builder and for tests: ``TRAVELLER["contract"]`` is "G".
TRAVELLER = {
    **layout.letters(TRAVELLER_COLUMNS),
    **layout.letters(TRAVELLER_WORKING, len(TRAVELLER_COLUMNS) + 2),
}
BOARDS = layout.letters(BOARDS_COLUMNS)
PAIRS = {
    **layout.letters(PAIRS_COLUMNS),
    **layout.letters(PAIRS_WORKING, len(PAIRS_COLUMNS) + 2),
}
RANKING = {
    **layout.letters(RANKING_COLUMNS),
    **layout.letters(RANKING_WORKING, len(RANKING_COLUMNS) + 2),
}
TRAVELLER_INPUTS = tuple(column.key for column in TRAVELLER_COLUMNS if column.is_input)
#: Cells above the Boards headings: E and the top.
E_CELL, TOP_CELL = "C2", "G2"
#: Lists on the Ranking sheet by movement: (label, the Pairs column of positions).
RANKING_LISTS = {
    "howell": (("", "order"),),
    "mitchell": (("North-South", "ns_order"), ("East-West", "ew_order")),
}
HOW_TO_TYPE = (
    "One row per traveller line, in any order: board, NS and EW pair numbers ({numbers}), "
    "then a contract (4S, 4♠, 3NT, 4HX, 2DXX, PASS) with By (N, E, S or W) and Tricks (=, "
    "+1, -2 or the tricks declarer took, 0–13); or an NS score; or an adjusted score "
    "(A60/40, A+/A-, A=/A=) or NP in “Score or adjusted”. A row whose Check is not ok "
    "scores nothing."
)
HOW_TO_TYPE_PREFILLED = (
    "Every line of the movement ({movement}) is listed in board order with its round, table "
    "and pairs: type the contract (4S, 4♠, 3NT, 4HX, 2DXX, PASS) with By (N, E, S or W) and "
    "Tricks (=, +1, -2 or the tricks declarer took, 0–13); or an NS score; or an adjusted "
    "score (A60/40, A+/A-, A=/A=) or NP in “Score or adjusted”. A row whose Check is not ok "
    "scores nothing."
)


@dataclass(frozen=True)
class PairsSessionBook:
    """The workbook and where its cells are (columns: ``TRAVELLER``, ``BOARDS``, ``PAIRS``,
    ``RANKING``)."""

    workbook: Workbook
    pairs: int
    boards: int
    movement: str
    #: The movement whose lines fill the Traveller (None: the scorer types every line).
    plan: Movement | None = None
    #: The lowest board number: ``boards`` boards numbered from it (41 to 61: 41 and 21).
    first_board: int = 1

    @property
    def lines(self) -> int:
        """Rows of the Traveller: every line of the movement, or every time a board can be
        played."""
        if self.plan is not None:
            return len(self.plan.lines())
        return self.boards * (self.pairs // 2)

    @property
    def tables(self) -> int:
        """Tables of the movement (a Mitchell list has room for one pair per table)."""
        return (self.pairs + 1) // 2

    def line_row(self, line: int) -> int:
        """Row of traveller line ``line`` (from 1)."""
        return FIRST_ROW + line - 1

    @property
    def last_board(self) -> int:
        return self.first_board + self.boards - 1

    def board_row(self, board: int) -> int:
        return FIRST_ROW + board - self.first_board

    @property
    def numbers(self) -> int:
        """The highest pair number: pairs are numbered 1 to N in a Howell; in a Mitchell each
        direction is numbered 1 to the number of tables."""
        return self.tables if self.is_mitchell else self.pairs

    def pair_row(self, pair: int, direction: str = "") -> int:
        """Row of a pair on the Pairs sheet: its number in a Howell, its direction (NS or EW)
        and number in a Mitchell."""
        offset = self.tables if direction == "EW" else 0
        return PAIRS_FIRST_ROW + offset + pair - 1

    def pair_rows(self) -> list[tuple[str, int, int]]:
        """(direction, number, row) of every row of the Pairs sheet (direction "" in a
        Howell)."""
        directions = ("NS", "EW") if self.is_mitchell else ("",)
        return [
            (direction, pair, self.pair_row(pair, direction))
            for direction in directions
            for pair in range(1, self.numbers + 1)
        ]

    def ranking_rows(self) -> dict[str, list[int]]:
        """Rows of each list on the Ranking sheet (key "" for a Howell, else "NS" and "EW"),
        position 1 first."""
        if self.ranked_as == "howell":
            first = RANKING_HEADER_ROW + 1
            return {"": list(range(first, first + len(self.pair_rows())))}
        ns_first = RANKING_HEADER_ROW + 2
        ew_first = ns_first + self.tables + 1
        return {
            "NS": list(range(ns_first, ns_first + self.tables)),
            "EW": list(range(ew_first, ew_first + self.tables)),
        }

    @property
    def is_mitchell(self) -> bool:
        return self.movement == "mitchell"

    @property
    def one_field(self) -> bool:
        """An arrow-switched Mitchell: every pair sits both ways, so all are ranked as one
        field (one winner), each known by its number and home direction, "3NS" and "3EW"."""
        return self.plan is not None and self.plan.is_mitchell and self.plan.winners == 1

    @property
    def ranked_as(self) -> str:
        """The movement whose lists the Ranking sheet has: one list for a Howell and for an
        arrow-switched Mitchell, NS and EW for a Mitchell."""
        return "howell" if self.one_field else self.movement

    def pair_label(self, pair: int, direction: str) -> int | str:
        """What the Pair column holds: the number, or "3NS" in an arrow-switched Mitchell."""
        return f"{pair}{direction}" if self.one_field else pair
