"""What the command line prints is safe for a terminal: names from a file and error messages
quoting a file show control characters escaped; line ends of a CSV on stdout are kept. A
permission error is one plain line and exit 2. The ranking CSV's numbers, formatted a column
at a time, are those of one value at a time."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.cli.main import main
from xlbridge.cli.terminal import EscapingStream


def test_the_stream_escapes_controls_and_keeps_line_ends() -> None:
    out = io.StringIO()
    stream = EscapingStream(out)
    stream.write("a\x1b[2Jb\tc\r\nd\n\x07\x85")
    assert out.getvalue() == "a\\x1b[2Jb\tc\r\nd\n\\x07\\x85"


def test_names_printed_in_the_ranking_are_escaped(tmp_path: Path, capsys) -> None:
    session = tmp_path / "s.csv"
    session.write_text("board,ns_pair,ew_pair,ns_score\n1,1,2,420\n1,3,4,400\n", encoding="utf-8")
    names = tmp_path / "n.csv"  # U+009B is a one-character "ESC [" on many terminals
    names.write_text('pair,names\n1,"Ann\x9b2J & Bob\x7f"\n', encoding="utf-8")
    assert main(["session", str(session), "--names", str(names)]) == 0
    out = capsys.readouterr().out
    assert "Ann\\x9b2J & Bob\\x7f" in out and "\x9b" not in out and "\x7f" not in out


def test_an_error_quoting_a_file_is_escaped(tmp_path: Path, capsys) -> None:
    standings = tmp_path / "st\x9b2J.csv"  # the file's own name, quoted raw in the message
    standings.write_text("team,score\nA,x\nB,1\n", encoding="utf-8")
    assert main(["swiss", "draw", str(standings)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x9b" not in err and "st\\x9b2J.csv, line 2" in err


def test_a_permission_error_is_a_plain_line_and_exit_2(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    traveller = tmp_path / "t.csv"
    traveller.write_text("board,table,ns_score\n1,1,420\n1,2,400\n", encoding="utf-8")

    def denied(self: Path, *_: object, **__: object) -> bytes:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", denied)
    monkeypatch.setattr(Path, "read_text", denied)
    assert main(["score", str(traveller)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"xlbridge: error: {traveller}: ") and err.count("\n") == 1
    assert "permission denied" in err.lower() and "Errno" not in err


def _one_value(value: float, decimals: int) -> str:
    """A ranking number as written one at a time."""
    if math.isnan(value):
        return ""
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@given(
    st.lists(
        st.one_of(
            st.floats(-1e6, 1e6, allow_nan=False),
            st.just(float("nan")),
            st.just(-0.0),
            st.integers(-500, 500).map(lambda n: n / 8),  # exact halves and eighths
        ),
        max_size=30,
    ),
    st.sampled_from([2, 4]),
)
def test_the_ranking_csv_numbers_match_one_at_a_time(values: list[float], decimals: int) -> None:
    """The ranking CSV formats a column in one go (each distinct value once) exactly as one
    value at a time: Python's rounding, trailing zeros and point dropped, "-0" as "0"."""
    from xlbridge.io.csv.cells import trimmed_cells

    expected = [_one_value(value, decimals) for value in values]
    assert trimmed_cells(values, decimals) == expected
    assert trimmed_cells(values * 3, decimals) == expected * 3  # repeated: formatted once
