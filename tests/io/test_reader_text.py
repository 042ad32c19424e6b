"""Random Unicode, every control character included, in every text field of every reader we
cover: the CSV session (sections, pair labels, leads, any other column), the names file, the
traveller of ``xlbridge score``, the standings of ``xlbridge swiss draw`` and PBN (event,
sections, names, any tag). Each run ends cleanly: exit 2 with one line naming the file, line
and column (a character a workbook or XML cannot hold is refused, never dropped), or exit 0
with a results pack that reads back holding the text, and nothing raw on the terminal.
"""

from __future__ import annotations

import csv
import io
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from xlbridge.cli.main import main
from xlbridge.errors import InputError
from xlbridge.io.pair_labels import normal_label
from xlbridge.io.pbn.read import read_pbn
from xlbridge.io.standings_file import draw_from_text
from xlbridge.io.travellers.board_results import parse_board_results
from xlbridge.io.travellers.session_csv import parse_names, parse_session

#: Characters XML 1.0 (and so an .xlsx cell) cannot hold.
NOT_STORABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
#: What a terminal would act on, tab and line end aside.
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
CONTROLS = [chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0), 0xFFFE, 0xFFFF)]

SESSION_HEADER = ["board", "section", "ns_pair", "ew_pair", "ns_score", "lead", "notes"]
SESSION_ROWS = [
    ["1", "A", "1", "2", "420", "HA", "x"],
    ["1", "A", "3", "4", "400", "S2", ""],
    ["2", "A", "1", "3", "-50", "C3", ""],
    ["2", "A", "2", "4", "100", "D4", ""],
]
NAMES = [["pair", "section", "names"], ["1", "A", "Ann & Bob"], ["2", "A", "Cat & Dan"]]

#: Each session field fuzzed: (file, column, the cells that change together).
FIELDS = {
    "section": ("session", 1, None),
    "pair label": ("session", 2, "1"),
    "lead": ("session", 5, None),
    "other column": ("session", 6, None),
    "names": ("names", 2, None),
    "names section": ("names", 1, None),
}


def csv_text(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return out.getvalue()


def with_field(field: str, value: str) -> tuple[str, str]:
    """The session and names files with ``value`` in ``field``."""
    which, column, label = FIELDS[field]
    session = [list(row) for row in SESSION_ROWS]
    names = [list(row) for row in NAMES]
    rows = session if which == "session" else names[1:]
    for row in rows:
        if label is None and (field != "lead" or row is rows[0]):
            row[column] = value if field not in ("section", "names section") else value
        elif label is not None:
            row[2:4] = [value if cell == label else cell for cell in row[2:4]]
    if field == "section":  # a section changes on every line and in the names file alike
        for row in names[1:]:
            row[1] = value
    if field == "names section":
        for row in session:
            row[1] = value
    return csv_text([SESSION_HEADER, *session]), csv_text(names)


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_every_control_character_is_refused_with_its_place(field: str) -> None:
    for char in CONTROLS:
        session, names = with_field(field, f"x{char}y")
        try:
            parse_session(session, "s.csv")
            parse_names(names, "n.csv")
        except InputError as error:
            message = str(error)
            # refused only if unstorable; a pair label holds no control character at all
            assert NOT_STORABLE.search(char) or field == "pair label", (char, message)
            assert re.search(r"\.csv, line \d+, column '\w+': character U\+", message), message
            assert f"U+{ord(char):04X}" in message
        else:
            assert not NOT_STORABLE.search(char) and field != "pair label", repr(char)


TEXT = st.text(
    st.one_of(
        st.sampled_from(CONTROLS),
        st.characters(exclude_categories=("Cs",)),  # a file cannot hold a lone surrogate
    ),
    min_size=1,
    max_size=12,
)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(field=st.sampled_from(sorted(FIELDS)), value=TEXT)
def test_the_session_command_exits_cleanly_or_writes_what_reads_back(
    tmp_path: Path, capsys, field: str, value: str
) -> None:
    session, names = with_field(field, value)
    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # a new one for every example
    (folder / "s.csv").write_text(session, encoding="utf-8")
    (folder / "n.csv").write_text(names, encoding="utf-8")
    out = folder / "out.xlsx"
    capsys.readouterr()
    code = main(
        ["session", str(folder / "s.csv"), "--names", str(folder / "n.csv"), "-o", str(out)]
    )
    printed = capsys.readouterr()
    assert not RAW_CONTROL.search(printed.out.replace("\r\n", "\n"))
    assert not RAW_CONTROL.search(printed.err)
    if NOT_STORABLE.search(value):
        assert code == 2
    if code == 2:
        lines = printed.err.splitlines()  # one a mistake: the same cell on several lines
        assert lines and not out.exists(), printed.err
        assert all(line.startswith("xlbridge: error: ") for line in lines), printed.err
        if "character U+" in printed.err:
            assert re.search(r"\.csv, line \d+, column '\w+'", printed.err)
        return
    assert code == 0, printed.err
    cells = [
        " ".join(str(cell).split())  # names are printed on one line, spaces collapsed
        for ws in load_workbook(out).worksheets
        for row in ws.iter_rows(values_only=True)
        for cell in row
        if cell is not None
    ]
    typed = normal_label(value, "s.csv") if field == "pair label" else value  # "０１" is 1
    shown = " ".join(typed.split())
    if field in ("names", "pair label", "section") and shown:
        assert any(shown in cell for cell in cells), (shown, cells[:40])


@pytest.mark.parametrize("char", [c for c in CONTROLS if NOT_STORABLE.search(c)])
def test_the_traveller_and_standings_readers_refuse_control_characters(char: str) -> None:
    traveller = f"board,table,ns_score,names\n1,1,420,Ann{char}\n1,2,400,Bob\n"
    with pytest.raises(InputError, match=r"t\.csv, line 2, column 'names': character U\+"):
        parse_board_results(traveller, "t.csv")
    standings = f"team,score\nA{char},3\nB,1\n"
    with pytest.raises(InputError, match=r"st\.csv, line 2, column 'team': character U\+"):
        draw_from_text(standings, "st.csv")
    with pytest.raises(InputError, match=r"st\.csv, the header row, column 3: character U\+"):
        draw_from_text(f"team,score,notes{char}\nA,3,\nB,1,\n", "st.csv")


PBN = """[Event "{event}"]
[Scoring "MatchPoints"]
[Section "{section}"]
[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]
"1" "4" "4S" "N" "10" "420"
"2" "5" "3NT" "S" "9" "400"
"3" "6" "2H" "W" "8" "-110"
[TotalScoreTable "PairId;Direction;Names"]
"1" "NS" "{names}"
"""


def pbn_text(field: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    values = {"event": "Club", "section": "A", "names": "Ann Able"}
    values[field] = escaped
    return PBN.format(**values)


@pytest.mark.parametrize("field", ["event", "section", "names"])
def test_pbn_refuses_control_characters_with_line_and_column(tmp_path: Path, field: str) -> None:
    for char in CONTROLS:
        if char in "\n\r\x85":
            continue  # line ends (storable): the tag is cut, a different error
        path = tmp_path / "e.pbn"
        path.write_text(pbn_text(field, f"x{char}y"), encoding="utf-8")
        try:
            read_pbn(path)
        except InputError as error:
            assert NOT_STORABLE.search(char), (char, str(error))
            line = {"event": 1, "section": 3, "names": 10}[field]
            assert re.search(rf"e\.pbn: line {line}[:,] .*U\+{ord(char):04X}", str(error))
            assert "at position" in str(error) or ", column " in str(error)
        else:
            assert not NOT_STORABLE.search(char), repr(char)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(field=st.sampled_from(["event", "section", "names"]), value=TEXT)
def test_pbn_session_exits_cleanly_or_writes_a_pack_that_reads_back(
    tmp_path: Path, capsys, field: str, value: str
) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    path = folder / "e.pbn"
    path.write_text(pbn_text(field, value), encoding="utf-8")
    out = folder / "out.xlsx"
    capsys.readouterr()
    code = main(["session", str(path), "-o", str(out)])
    printed = capsys.readouterr()
    assert not RAW_CONTROL.search(printed.out.replace("\r\n", "\n"))
    assert not RAW_CONTROL.search(printed.err)
    if code == 2:
        lines = printed.err.splitlines()  # one a mistake: the same cell on several lines
        assert lines and not out.exists(), printed.err
        assert all(line.startswith("xlbridge: error: ") for line in lines), printed.err
        return
    assert code == 0, printed.err
    assert not NOT_STORABLE.search(value)
    load_workbook(out)  # reads back


@pytest.mark.parametrize("field", ["event", "date", "names"])
def test_the_pack_refuses_text_it_cannot_store_from_the_api(field: str) -> None:
    from xlbridge.scoring.session import score_session
    from xlbridge.workbooks.results_pack import build_results_pack

    result = score_session(parse_session(csv_text([SESSION_HEADER, *SESSION_ROWS]), "s.csv"))
    kwargs: dict[str, object] = {"event": "Club", "date": "today", "names": {1: "Ann"}}
    kwargs[field] = {1: "A\x01nn"} if field == "names" else "Cl\x01ub"
    with pytest.raises(InputError, match="character U\\+0001"):
        build_results_pack(result, **kwargs)  # type: ignore[arg-type]


def test_a_control_character_in_the_handicap_register_is_refused_with_its_place() -> None:
    from xlbridge.io.handicap.register_file import parse_register

    text = "id,name,handicap\n1,Ann Lee,10\n2,Bo\x07b Kay,12\n"
    with pytest.raises(InputError, match=r"^players\.csv, line 3, column 'name': .*U\+0007"):
        parse_register(text, "players.csv")


@pytest.mark.parametrize("char", ["\x1c", "\x1d", "\x1e", "\x1f"])
def test_a_control_character_at_the_end_of_a_pbn_line_is_refused(tmp_path: Path, char: str) -> None:
    """Python's str.rstrip takes the separators U+001C-U+001F for white space: a tag ending in
    one (or cut by a carriage return after it) must not lose it silently."""
    path = tmp_path / "e.pbn"
    path.write_text(pbn_text("event", char + "\r"), encoding="utf-8")
    with pytest.raises(InputError, match=rf"U\+{ord(char):04X}"):
        read_pbn(path)


def test_excel_unicode_text_is_named_with_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Excel's "Unicode Text" save is UTF-16 with a byte-order mark: named, with the CSV save
    to use instead, rather than read as Windows-1252 mojibake."""
    path = tmp_path / "travellers.txt"
    path.write_bytes("board\tns_pair\tew_pair\tscore\n1\t1\t2\t420\n".encode("utf-16"))
    assert main(["session", str(path)]) == 2
    err = capsys.readouterr().err
    assert 'UTF-16 text (Excel\'s "Unicode Text"); save the sheet as "CSV UTF-8"' in err
    assert err.count("\n") == 1
