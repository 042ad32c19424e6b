"""`write_folder` with force replaces only a results site xlbridge wrote: one holding its
manifest, or (written by an earlier version) holding nothing but our pages' names; a club's
own website folder is refused, naming a file that is not ours, and nothing in it deleted."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from xlbridge.errors import InputError
from xlbridge.io.folders import write_folder

PAGES = [("index.html", "<p>ranking</p>"), ("board-1.html", "<p>1</p>"), ("pair-1.html", "")]


def _folder(path: Path, names: list[str]) -> dict[str, str]:
    path.mkdir()
    for name in names:
        (path / name).write_text(f"the club's {name}", encoding="utf-8")
    return _contents(path)


def _contents(path: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(path.iterdir())}


def _refused(path: Path, name: str) -> None:
    before = _contents(path)
    message = f"{path} holds '{name}', not a page of a results site xlbridge wrote"
    with pytest.raises(InputError, match=re.escape(message)):
        write_folder(path, PAGES, force=True)
    assert _contents(path) == before  # nothing deleted, nothing added
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_a_club_website_folder_is_refused_naming_a_file_not_ours(tmp_path: Path) -> None:
    club = tmp_path / "club"
    _folder(club, ["index.html", "about.html", "contact.html"])
    _refused(club, "about.html")


def test_the_site_we_wrote_holds_a_manifest_of_its_pages(tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert write_folder(site, PAGES) == 3
    manifest = json.loads((site / ".xlbridge-site.json").read_text(encoding="utf-8"))
    assert manifest == {
        "format": "xlbridge-site-1",
        "files": ["board-1.html", "index.html", "pair-1.html"],
    }


def test_our_earlier_site_is_replaced_whole(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write_folder(site, [*PAGES, ("about.html", "a page of ours, once")])
    assert write_folder(site, PAGES[:2], force=True) == 2
    assert sorted(p.name for p in site.iterdir()) == [
        ".xlbridge-site.json",
        "board-1.html",
        "index.html",
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_site_we_wrote_with_a_page_added_later_is_refused_naming_it(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write_folder(site, PAGES)
    (site / "events.html").write_text("the webmaster's own page", encoding="utf-8")
    _refused(site, "events.html")
    (site / "events.html").unlink()
    (site / "board-30.html").write_text("named like ours, but not written by us")
    _refused(site, "board-30.html")


def test_a_legacy_site_of_our_page_names_is_replaced(tmp_path: Path) -> None:
    """No manifest (an earlier version's site): every name is one our sites give a page:
    the ranking, boards (per section too), score cards (today's and the stable names) and a
    Swiss or league standings site's rounds."""
    site = tmp_path / "site"
    names = ["index.html", "board-3.html", "board-1-2.html", "pair-7.html", "pair-5-ns.html"]
    cards = ["pair-B-5-ns.html", "pair-3_2f_4.html", "pair-A~0f3a.html"]  # labels made safe
    _folder(site, [*names, *cards, "round-2.html"])
    assert write_folder(site, PAGES, force=True) == 3
    assert sorted(_contents(site)) == [".xlbridge-site.json", *sorted(name for name, _ in PAGES)]


@pytest.mark.parametrize(
    "other",
    ["about.html", "style.css", "results.csv", "board-.html", "pair-1.html.bak", "pair-é.html"],
)
def test_a_legacy_site_with_any_other_file_is_refused(tmp_path: Path, other: str) -> None:
    site = tmp_path / "site"
    _folder(site, ["index.html", "board-1.html", other])
    _refused(site, other)


@pytest.mark.parametrize("text", ["{not json", '{"format": "other", "files": []}'])
def test_a_manifest_that_cannot_be_read_is_refused(tmp_path: Path, text: str) -> None:
    site = tmp_path / "site"
    write_folder(site, PAGES)
    (site / ".xlbridge-site.json").write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match="cannot be read, so .* is not known to be a results"):
        write_folder(site, PAGES, force=True)
    assert (site / "index.html").read_text(encoding="utf-8") == "<p>ranking</p>"
