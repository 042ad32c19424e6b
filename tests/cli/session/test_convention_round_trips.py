"""Every producer's convention offered as an option survives a round trip: CSV → USEBIO or
PBN → ``--compare`` with 0 differences, and the USEBIO file compared under the default
convention differs (so the option is what makes the numbers agree)."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.cli.main import main

#: Board 1 at four tables, one of them A60/40; board 2 at three tables (table 4 did not play
#: it); board 3 at four. Scores chosen so that every convention changes some number.
TRAVELLERS = """board,ns,ew,score
1,1,11,420
1,2,12,450
1,3,13,-50
1,4,14,A60/40
2,1,12,100
2,2,13,-100
2,3,14,600
2,4,11,NP
3,1,13,140
3,2,14,-110
3,3,11,170
3,4,12,-620
"""

#: (the options that score the CSV, the options --compare needs to agree with the USEBIO
#: file, which declares no convention but its method).
CONVENTIONS = {
    "cross-IMPs summed": (["--method", "ximp", "--divisor", "none"], ["--divisor", "none"]),
    "cross-IMPs over the scores": (
        ["--method", "ximp", "--divisor", "scores"],
        ["--divisor", "scores"],
    ),
    "Butler from three tables": (["--method", "butler", "--trim"], ["--trim"]),
    "no factoring": (["--factoring", "none"], ["--factoring", "none"]),
}


@pytest.mark.parametrize("convention", sorted(CONVENTIONS))
def test_a_convention_round_trips_through_usebio(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], convention: str
) -> None:
    scoring, comparing = CONVENTIONS[convention]
    source, xml = tmp_path / "travellers.csv", tmp_path / "out.xml"
    source.write_text(TRAVELLERS, encoding="utf-8")
    written = ["session", str(source), *scoring, "--date", "2026-11-30", "--usebio", str(xml)]
    assert main(written) == 0
    capsys.readouterr()
    assert main(["session", str(xml), "--compare", *comparing]) == 0
    assert "agree" in capsys.readouterr().out
    assert main(["session", str(xml), "--compare"]) == 3  # the default convention differs
    assert "differ" in capsys.readouterr().out


@pytest.mark.parametrize("convention", sorted(CONVENTIONS))
def test_a_convention_round_trips_through_pbn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], convention: str
) -> None:
    """A PBN file says its divisor and its trim in its Scoring tag (IMP;Cross, IMP;Cross1,
    IMP;Butler-2), so --compare needs no option for them; factoring it does not say."""
    scoring, comparing = CONVENTIONS[convention]
    source, pbn = tmp_path / "travellers.csv", tmp_path / "out.pbn"
    source.write_text(TRAVELLERS, encoding="utf-8")
    assert main(["session", str(source), *scoring, "--pbn", str(pbn)]) == 0
    capsys.readouterr()
    declared = [] if convention != "no factoring" else comparing
    assert main(["session", str(pbn), "--compare", *declared]) == 0
    assert "agree" in capsys.readouterr().out
