"""Workload 11: the results site of a national simultaneous pairs, against a bare writer.

    python benchmarks/bench_web.py [--quick]

The event is the session benchmark's (:func:`bench_session.national`): 2,000 tables of 4,000
pairs playing the same 24 boards, scored by matchpoints across the field (``--quick``: 200
tables). From the scored session, measured in turns:

* **ours** — :func:`xlbridge.web.site.write_site`: every pair's score card worked out, then the
  ranking, 24 board pages of 2,000 lines and 4,000 score cards rendered from the package's
  templates and written as a new folder;
* **the reference** — a minimal Jinja2 writer of the same files (one per board and per pair,
  the same inline style sheet): a plain loop over the traveller lines gathers each pair's rows,
  and three bare templates write them.

Ours must take at most 3× the reference (linear time: both grow with the lines). Also
recorded: pages written per second and the folder's size.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import bench_common  # noqa: F401  (first: sets up xlwings and the paths)
import bench_session
import jinja2
from bench_common import Line, interleaved, recorded, script_main

from xlbridge.scoring.session import SessionResult, score_session
from xlbridge.web.addresses import card_files
from xlbridge.web.site import write_site

FULL_CLUBS, QUICK_CLUBS = 200, 20
STYLE = (Path(__file__).resolve().parents[1] / "xlbridge/web/templates/style.css").read_text()

_PAGE = (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title>'
    "<style>{{ style }}</style></head><body><h1>{{ title }}</h1><table>"
)
RANKING = jinja2.Template(
    _PAGE + "{% for p in pairs %}<tr><td>{{ p.place }}</td><td><a href='pair-{{ loop.index }}"
    ".html'>{{ p.pair }}</a></td><td>{{ names[p.key] }}</td><td>{{ '%.2f' % p.score }}</td>"
    "<td>{{ '%.2f' % p.percentage }}</td></tr>{% endfor %}</table></body></html>",
    autoescape=True,
)
BOARD = jinja2.Template(
    _PAGE + "{% for l in lines %}<tr><td>{{ l.ns_pair }}</td><td>{{ l.ew_pair }}</td>"
    "<td>{{ l.contract }}</td><td>{{ l.declarer }}</td><td>{{ l.lead }}</td>"
    "<td>{{ l.tricks }}</td><td>{{ l.score_text }}</td><td>{{ '%.2f' % l.ns_value }}</td>"
    "<td>{{ '%.2f' % l.ew_value }}</td><td>{{ '%.0f' % l.ns_percent }}</td>"
    "<td>{{ '%.0f' % l.ew_percent }}</td></tr>{% endfor %}</table></body></html>",
    autoescape=True,
)
CARD = jinja2.Template(
    _PAGE + "{% for r in rows %}<tr><td><a href='board-{{ r[0] }}.html'>{{ r[0] }}</a></td>"
    "<td>{{ r[1] }}</td><td>{{ r[2] }}</td><td>{{ r[3] }}</td><td>{{ r[4] }}</td>"
    "<td>{{ '%.2f' % r[5] }}</td><td>{{ '%.2f' % r[6] }}</td></tr>{% endfor %}"
    "</table></body></html>",
    autoescape=True,
)


def reference_site(folder: Path, result: SessionResult, names: dict[Any, str]) -> int:
    """The bare writer: a loop over the lines, three minimal templates, one file a page."""
    folder.mkdir()
    pages = 0

    def write(name: str, text: str) -> None:
        nonlocal pages
        (folder / name).write_text(text, encoding="utf-8")
        pages += 1

    write(
        "index.html", RANKING.render(title="Ranking", style=STYLE, pairs=result.pairs, names=names)
    )
    rows: dict[tuple[str, str, str], list[tuple[Any, ...]]] = {}
    totals: dict[tuple[str, str, str], float] = {}
    for traveller in result.travellers:
        lines = traveller.lines
        write(
            f"board-{traveller.board}.html",
            BOARD.render(title=f"Board {traveller.board}", style=STYLE, lines=lines),
        )
        for line in lines:
            for side, key, opponents, value in (
                ("NS", (line.section, "NS", line.ns_pair), line.ew_pair, line.ns_value),
                ("EW", (line.section, "EW", line.ew_pair), line.ns_pair, line.ew_value),
            ):
                total = totals[key] = totals.get(key, 0.0) + value
                rows.setdefault(key, []).append(
                    (line.board, side, opponents, line.contract, line.score_text, value, total)
                )
    files = card_files(pair.key for pair in result.pairs)  # the same addresses: pair-B-5-ns.html
    for pair in result.pairs:
        card = sorted(rows[pair.key])
        write(files[pair.key], CARD.render(title=f"Pair {pair.pair}", style=STYLE, rows=card))
    return pages


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.iterdir())


def lines(sizes: Any) -> list[Line]:
    """Our site writer against the bare reference, on the same scored session."""
    clubs = QUICK_CLUBS if sizes is bench_common.QUICK else FULL_CLUBS
    event = bench_session.national(clubs=clubs)
    result = score_session(event, "mp", across_field=True)
    result.pairs, result.travellers  # noqa: B018  (worked out once, before either side runs)
    names = {
        pair.key: f"Player {pair.pair}{pair.section} & Partner {pair.pair}" for pair in result.pairs
    }
    with tempfile.TemporaryDirectory() as work:
        ours_folder, reference_folder = Path(work, "ours"), Path(work, "reference")
        counts: dict[str, int] = {}

        def ours() -> None:
            counts["ours"] = write_site(ours_folder, result, names, force=True)

        def reference() -> None:
            shutil.rmtree(reference_folder, ignore_errors=True)
            counts["reference"] = reference_site(reference_folder, result, names)

        ours_s, reference_s = interleaved(ours, reference, 2 if clubs == FULL_CLUBS else 3)
        assert counts["ours"] == counts["reference"] == 1 + 24 + len(result.pairs)
        size = folder_size(ours_folder)
    tables = clubs * bench_session.TABLES
    case = f"{tables:,} tables × 24 boards, {len(result.pairs):,} pairs"
    pages = counts["ours"]
    return [
        Line(
            "web site vs bare Jinja2 writer",
            case,
            ours_s,
            "a minimal Jinja2 writer",
            reference_s,
            "limit",
        ),
        recorded(
            "web site pages per second (recorded)",
            f"{pages:,} pages, {pages / ours_s:,.0f} pages/s, folder {size / 1e6:,.1f} MB",
            ours_s,
        ),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    return script_main(lines, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
