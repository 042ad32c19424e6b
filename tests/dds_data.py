"""The DDS project's published test deals (tests/scoring/data/dds, Apache-2.0; see the README
there): each deal with its dealer, vulnerability, double-dummy table, par score and contracts,
as the file gives them."""

from __future__ import annotations

import re
from pathlib import Path

from xlbridge.scoring.double_dummy import ParContract

DATA = Path(__file__).parent / "scoring" / "data" / "dds" / "list100_subset.txt"
#: DDS's encodings in its test files (see the README beside them).
DDS_SEATS = "NESW"
DDS_VULNERABLE = ("None", "All", "NS", "EW")
DDS_STRAINS = ("S", "H", "D", "C", "NT")
_PAR2 = re.compile(r"([1-7])([SHDCN])(\*?)-([NESW]+)([+-]\d+)?")


def dds_deals() -> list[dict[str, object]]:
    """Each deal of the DDS file: deal, dealer, vulnerability, table, par score, contracts."""
    deals: list[dict[str, object]] = []
    for line in DATA.read_text().splitlines():
        head, _, rest = line.partition(" ")
        if head == "PBN":
            fields = rest.split(" ", 4)
            deals.append(
                {
                    "dealer": DDS_SEATS[int(fields[0])],
                    "vulnerable": DDS_VULNERABLE[int(fields[1])],
                    "deal": fields[4].strip('"'),
                }
            )
        elif head == "TABLE":
            numbers = [int(n) for n in rest.split()]
            deals[-1]["table"] = {
                seat: {strain: numbers[4 * s + p] for s, strain in enumerate(DDS_STRAINS)}
                for p, seat in enumerate(DDS_SEATS)
            }
        elif head == "PAR2":
            score, *contracts = re.findall(r'"([^"]*)"', rest)
            deals[-1]["score"] = int(score)
            deals[-1]["contracts"] = {_dds_contract(text) for text in contracts}
    return deals


def _dds_contract(text: str) -> ParContract:
    match = _PAR2.fullmatch(text)
    assert match is not None, text
    level, strain, doubled, seats, result = match.groups()
    strain = "NT" if strain == "N" else strain
    return ParContract(int(level), strain, seats, bool(doubled), int(result or 0))
