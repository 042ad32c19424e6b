"""A PBN tag line of any length is read in memory a small multiple of its size.

Python's ``re`` keeps a record for every pass of a repeated group while it matches: a tag's
value matched a character at a time in ``(?:[^"\\]|\\.)*`` took about 160 bytes a character
(3.4 GB for a 20 MB line). The time of the 20 MB case is a benchmark
(``benchmarks/bench_pbn_tags.py``); here the peak memory of a 1 MB line is bounded.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from xlbridge.io.pbn.read import read_pbn

#: The peak while reading, over the file's size: the text, its lines, the tag's value and the
#: description kept are each about one copy (a repeated group would be about 160).
MOST_COPIES = 10


def test_a_1_mb_event_tag_is_read_in_a_few_copies_of_its_size(tmp_path: Path) -> None:
    event = "Spring pairs " * 80_000  # 1,040,000 characters
    path = tmp_path / "long.pbn"
    path.write_text(
        f'[Event "{event}"]\n[Board "1"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\5R"]\n 1  3   420\n 2  4  -100\n',
        encoding="utf-8",
    )
    size = path.stat().st_size
    tracemalloc.start()
    try:
        read = read_pbn(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert read.description == event  # kept whole: only pages cut it
    assert [(line.ns_pair, line.score) for line in read.lines] == [(1, "420"), (2, "-100")]
    assert peak < MOST_COPIES * size
