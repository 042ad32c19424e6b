"""`xlbridge session … --html DIR`: the site from a CSV and from a PBN file with deals; an
existing folder refused, replaced as a whole with --force; a failure leaves no half site."""

from __future__ import annotations

from pathlib import Path

import pytest
from run_leftovers import dead_pid
from site_reader import read_page

from xlbridge.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
PBN = Path(__file__).resolve().parents[2] / "io" / "data" / "quirks.pbn"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_csv_session_writes_its_site(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    site = tmp_path / "site"
    howell, names = str(EXAMPLES / "howell.csv"), str(EXAMPLES / "howell-names.csv")
    code, out, err = run(["session", howell, "--names", names, "--html", str(site)], capsys)
    assert code == 0
    # 26 boards and 14 score cards and the ranking
    assert err.strip().splitlines()[-1].endswith(f"; wrote {site} (a site of 41 pages)")
    assert len(list(site.glob("*.html"))) == 41
    assert {p.name for p in site.iterdir()} - {p.name for p in site.glob("*.html")} == {
        ".xlbridge-site.json"  # the manifest: the pages a later --force may replace
    }
    assert "Maeve Drury & Agnes Eastleigh" in read_page(site / "index.html").text
    assert "Place" in out  # the ranking is still printed


def test_a_pbn_file_shows_its_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    site = tmp_path / "site"
    code, _, err = run(["session", str(PBN), "--html", str(site)], capsys)
    assert code == 0, err
    board = (site / "board-1.html").read_text(encoding="utf-8")
    page = read_page(site / "board-1.html")
    # North holds AKQJ.T98.765.432 (PBN 2.1's T is written 10), hearts and diamonds in red
    assert (
        "A\u2009K\u2009Q\u2009J" in page.text
        and "10\u20099\u20098" in page.text
        and "T" not in page.text.split()
    )
    assert '<span class="suit red" aria-label="H">♥</span>' in board
    assert '<span class="suit" aria-label="S">♠</span>' in board
    assert "Dealer: North" in page.text and "Vulnerable: None" in page.text
    ranking = read_page(site / "index.html")
    assert "Club Pairs" in ranking.text and "Ann Able & Bob Baker" in ranking.text
    assert len(ranking.tables["ranking"]) == 2  # two winners: NS and EW


def test_an_existing_folder_is_refused_then_replaced_whole_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "board-99.html").write_text("kept", encoding="utf-8")  # an earlier site's page
    howell = str(EXAMPLES / "howell.csv")
    code, _, err = run(["session", howell, "--html", str(site)], capsys)
    assert code == 2 and "already exists; use --force" in err
    assert [p.name for p in site.iterdir()] == ["board-99.html"]
    code, _, err = run(["session", howell, "--html", str(site), "--force"], capsys)
    assert code == 0
    assert not (site / "board-99.html").exists() and (site / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no folder left beside it


def test_a_failure_leaves_no_half_site(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import xlbridge.web.site as site_module

    site = tmp_path / "site"
    site.mkdir()
    (site / "board-99.html").write_text("kept", encoding="utf-8")
    real, calls = site_module.render, []

    def failing(template: str, *args: object, **kwargs: object) -> str:
        calls.append(template)
        if len(calls) == 5:
            raise OSError(28, "No space left on device")
        return real(template, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(site_module, "render", failing)
    code, _, err = run(
        ["session", str(EXAMPLES / "howell.csv"), "--html", str(site), "--force"], capsys
    )
    assert code == 2 and "No space left on device" in err
    assert [p.name for p in site.iterdir()] == ["board-99.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    (site / "board-99.html").unlink()
    site.rmdir()
    calls.clear()
    code, _, err = run(["session", str(EXAMPLES / "howell.csv"), "--html", str(site)], capsys)
    assert code == 2 and list(tmp_path.iterdir()) == []  # nor a new one, half written


def test_a_file_in_the_way_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "site"
    target.write_text("a file", encoding="utf-8")
    code, _, err = run(
        ["session", str(EXAMPLES / "howell.csv"), "--html", str(target), "--force"], capsys
    )
    assert code == 2 and "is a file" in err
    code, _, err = run(
        ["session", str(EXAMPLES / "howell.csv"), "--html", str(tmp_path / "no" / "site")], capsys
    )
    assert code == 2 and "does not exist" in err


def test_folders_left_by_a_killed_run_are_cleared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    killed = f".site.xlbridge-{dead_pid()}-0123abcd"
    for leftover in (f"{killed}.new", f"{killed}.old"):
        (tmp_path / leftover).mkdir()
        (tmp_path / leftover / "index.html").write_text("half", encoding="utf-8")
    (tmp_path / ".other.x.new").mkdir()  # not this site's: left alone
    (tmp_path / ".site.abc123.new").mkdir()  # not a name a run of ours makes: left alone
    code, _, _ = run(
        ["session", str(EXAMPLES / "howell.csv"), "--html", str(tmp_path / "site")], capsys
    )
    assert code == 0
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == [".other.x.new", ".site.abc123.new", "site"]


@pytest.mark.parametrize("other", ["notes.txt", "photos/", ".htaccess"])
def test_force_never_replaces_a_folder_holding_more_than_pages(
    other: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--force replaces an earlier site (a folder of .html pages), never a folder holding the
    user's other files: `--html ~/club --force` must not delete the club's documents."""
    site = tmp_path / "club"
    site.mkdir()
    (site / "index.html").write_text("an old site", encoding="utf-8")
    if other.endswith("/"):
        (site / other).mkdir()
    else:
        (site / other).write_text("the user's own", encoding="utf-8")
    code, _, err = run(
        ["session", str(EXAMPLES / "howell.csv"), "--html", str(site), "--force"], capsys
    )
    assert code == 2
    assert f"{site} holds {other.rstrip('/')!r}, not a page of a results site" in err
    assert (site / other).exists() and (site / "index.html").read_text() == "an old site"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club"]


def test_force_never_replaces_a_club_website(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A webmaster's own site folder holds only .html pages, but not pages xlbridge wrote:
    `--html club --force` is refused, naming one of them, and deletes nothing."""
    club = tmp_path / "club"
    club.mkdir()
    pages = {name: f"the club's {name}" for name in ("index.html", "about.html", "contact.html")}
    for name, text in pages.items():
        (club / name).write_text(text, encoding="utf-8")
    code, _, err = run(
        ["session", str(EXAMPLES / "howell.csv"), "--html", str(club), "--force"], capsys
    )
    assert code == 2
    assert f"{club} holds 'about.html', not a page of a results site xlbridge wrote" in err
    assert {p.name: p.read_text(encoding="utf-8") for p in club.iterdir()} == pages
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club"]
