"""Workload 11: writing USEBIO for a national simultaneous pairs.

    python benchmarks/bench_usebio.py [--quick]

The event: 2,000 boards × 50 tables (100,000 traveller lines with contract, declarer, tricks,
score and both sides' matchpoints) and 100 named pairs. Measured, ours and the reference in
turns:

* **USEBIO vs ElementTree** — :func:`xlbridge.io.usebio.usebio_bytes` (the whole file: layout,
  lines grouped by board, text checked, encoded) against :mod:`xml.etree.ElementTree`
  serialising an already built tree of the same elements, indented and encoded the same way
  (at most 2×); the two files are asserted to hold the same elements first;
* **USEBIO growth** — our writer's time for 100,000 lines over its time for 10,000 (200
  boards × 50 tables): at most 12 (10 is linear).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any
from xml.etree.ElementTree import Element, SubElement, fromstring, indent, tostring

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
from bench_common import Line, interleaved, script_main

from xlbridge.io.event_files.contents import EventFile, Pair
from xlbridge.io.event_files.contents import Line as TravellerLine
from xlbridge.io.usebio import usebio_bytes

TABLES = 50
BOARDS, SMALL_BOARDS = 2_000, 200
CONTRACTS = (("4S", "N", "10", "420"), ("3NT", "S", "9", "400"), ("4HX", "E", "9", "200"))


def event(boards: int) -> tuple[EventFile, list[TravellerLine], list[Pair]]:
    """``boards`` × 50 tables of a Mitchell: NS pairs 1–50 stay, EW 1–50 move."""
    lines = []
    for board in range(1, boards + 1):
        for table in range(1, TABLES + 1):
            contract, by, tricks, score = CONTRACTS[(board + table) % 3]
            mp = (board * 7 + table * 13) % 99
            lines.append(
                TravellerLine(
                    "",
                    board,
                    table,
                    (table + board) % TABLES + 1,
                    contract,
                    by,
                    tricks,
                    "",
                    score,
                    str(mp),
                    str(98 - mp),
                )
            )
    pairs = [
        Pair("", n, side, (f"Player {side}{n}a", f"Player {side}{n}b"), (), "2450.5", "50.01", "7")
        for side in ("NS", "EW")
        for n in range(1, TABLES + 1)
    ]
    event = EventFile("national", description="National simultaneous pairs", date="2026-11-30")
    return event, lines, pairs


def ours(data: tuple[EventFile, list[TravellerLine], list[Pair]]) -> bytes:
    return usebio_bytes(data[0], "mp", data[1], data[2], 2)


def reference_tree(data: tuple[EventFile, list[TravellerLine], list[Pair]]) -> Element:
    """The same elements as an ElementTree (built once, outside the timing)."""
    head, lines, pairs = data
    root = Element("USEBIO", Version="1.2")
    SubElement(SubElement(root, "CLUB"), "CLUB_NAME")  # always there, empty when not known
    event_element = SubElement(root, "EVENT", EVENT_TYPE="MP_PAIRS")
    for name, value in (
        ("PROGRAM_NAME", "xlbridge"),
        ("PROGRAM_VERSION", "0"),
        ("EVENT_DESCRIPTION", head.description),
        ("DATE", "30/11/2026"),
        ("BOARD_SCORING_METHOD", "MATCH_POINTS"),
        ("WINNER_TYPE", "2"),
    ):
        SubElement(event_element, name).text = value
    participants = SubElement(event_element, "PARTICIPANTS")
    for pair in pairs:
        element = SubElement(participants, "PAIR")
        SubElement(element, "PAIR_NUMBER").text = str(pair.number)
        SubElement(element, "DIRECTION").text = pair.direction
        for name in pair.names:
            player = SubElement(element, "PLAYER")
            SubElement(player, "PLAYER_NAME").text = name
            SubElement(player, "NATIONAL_ID_NUMBER")  # empty: no id known, as ours writes it
        for tag, value in (("PLACE", "7"), ("TOTAL_SCORE", pair.total), ("PERCENTAGE", "50.01")):
            SubElement(element, tag).text = value
    board_element = None
    for line in lines:
        if board_element is None or board_element[0].text != str(line.board):
            board_element = SubElement(event_element, "BOARD")
            SubElement(board_element, "BOARD_NUMBER").text = str(line.board)
        element = SubElement(board_element, "TRAVELLER_LINE")
        for tag, value in (
            ("NS_PAIR_NUMBER", str(line.ns_pair)),
            ("EW_PAIR_NUMBER", str(line.ew_pair)),
            ("CONTRACT", line.contract),
            ("PLAYED_BY", line.declarer),
            ("TRICKS", line.result),
            ("SCORE", line.score),
            ("NS_MATCH_POINTS", line.theirs_ns),
            ("EW_MATCH_POINTS", line.theirs_ew),
        ):
            SubElement(element, tag).text = value
    indent(root, "  ")
    return root


def reference(root: Element) -> bytes:
    return tostring(root, encoding="iso-8859-1", xml_declaration=True)


def _shape(data: bytes) -> list[str]:
    return [element.tag for element in fromstring(data).iter()]


def lines(sizes: Any) -> list[Line]:
    """Workload 11: the USEBIO writer against ElementTree, and its growth."""
    big, small = event(BOARDS), event(SMALL_BOARDS)
    tree = reference_tree(big)
    assert _shape(ours(big)) == _shape(reference(tree)), "the two files differ in elements"
    repeats = min(sizes.repeats, 3)  # ~1 s a run: three of each are plenty
    ours_s, reference_s = interleaved(lambda: ours(big), lambda: reference(tree), repeats)
    small_s, big_s = interleaved(lambda: ours(small), lambda: ours(big), repeats)
    case = f"{BOARDS:,} boards × {TABLES} tables ({BOARDS * TABLES:,} lines), 100 pairs"
    return [
        Line(
            "USEBIO vs ElementTree",
            case,
            ours_s,
            "ElementTree serialising the same elements (tree built beforehand)",
            reference_s,
            "limit",
        ),
        Line(
            "USEBIO growth 100,000 / 10,000 lines",
            f"{SMALL_BOARDS * TABLES:,} and {BOARDS * TABLES:,} lines",
            big_s,
            "our writer on 10,000 lines",
            small_s,
            "limit",
        ),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    return script_main(lines, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
