"""Reading a results site back, as a browser would see its text: tables, cells, links.

    page = read_page(path)
    page.tables["ranking"]         # every table of that class: rows of Cell(classes, text, href)
    page.links, page.text, page.sources

Built on the standard library's ``html.parser``: character references are decoded, so a cell's
``text`` is what a reader sees (``&lt;script&gt;`` reads ``<script>``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path


@dataclass
class Cell:
    classes: tuple[str, ...]
    text: str = ""
    href: str = ""
    header: bool = False


@dataclass
class Page:
    tables: dict[str, list[list[list[Cell]]]] = field(default_factory=dict)
    links: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)  # src= of any element, and <link href>
    scripts: int = 0
    text: str = ""
    lang: str = ""
    by_class: dict[str, list[str]] = field(default_factory=dict)  # text of spans/strong by class

    def rows(self, table_class: str) -> list[list[Cell]]:
        """The body rows of every table of ``table_class`` (header rows left out)."""
        return [
            row
            for table in self.tables.get(table_class, [])
            for row in table
            if row and not all(cell.header for cell in row)
        ]


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.table: list[list[Cell]] | None = None
        self.cell: Cell | None = None
        self.texts: list[str] = []
        self.span: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {key: value or "" for key, value in attrs}
        classes = tuple(attributes.get("class", "").split())
        if tag == "html":
            self.page.lang = attributes.get("lang", "")
        elif tag == "script":
            self.page.scripts += 1
        elif tag == "table":
            self.table = []
            self.page.tables.setdefault(classes[0] if classes else "", []).append(self.table)
        elif tag == "tr" and self.table is not None:
            self.table.append([])
        elif tag in ("td", "th") and self.table is not None:
            self.cell = Cell(classes, header=tag == "th")
            self.table[-1].append(self.cell)
        elif tag == "a":
            self.page.links.append(attributes.get("href", ""))
            if self.cell is not None:
                self.cell.href = attributes.get("href", "")
        elif tag in ("span", "strong") and classes and self.cell is None:
            self.span = (classes[0], [])
        if "src" in attributes:
            self.page.sources.append(attributes["src"])
        if tag == "link":
            self.page.sources.append(attributes.get("href", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            if self.cell is not None:
                self.cell.text = " ".join(self.cell.text.split())
            self.cell = None
        elif tag == "table":
            self.table = None
        elif tag in ("span", "strong") and self.span is not None:
            name, parts = self.span
            self.page.by_class.setdefault(name, []).append("".join(parts))
            self.span = None

    def handle_data(self, data: str) -> None:
        self.texts.append(data)
        if self.cell is not None:
            self.cell.text += data
        if self.span is not None:
            self.span[1].append(data)


def read_page(path: Path) -> Page:
    """The tables, links and text of the page at ``path``."""
    reader = _Reader()
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    reader.page.text = "".join(reader.texts)
    return reader.page


def by_header(page: Page, table_class: str) -> list[dict[str, Cell]]:
    """The body rows of every table of ``table_class``, each cell keyed by its column's
    header text; a row with a spanning cell keys its first and last cells only, and its
    whole text as "*"."""
    keyed = []
    for table in page.tables.get(table_class, []):
        header = [c.text for c in table[0]]
        for row in table[1:]:
            if len(row) == len(header):
                keyed.append(dict(zip(header, row, strict=True)))
            else:
                text = " ".join(c.text for c in row)
                keyed.append({header[0]: row[0], header[-1]: row[-1], "*": Cell((), text)})
    return keyed


def cell(row: list[Cell], name: str) -> Cell:
    """The cell of ``row`` whose class is ``name``."""
    return next(c for c in row if name in c.classes)
