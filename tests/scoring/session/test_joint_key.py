"""One key for several columns of whole numbers (scoring.session.tables.joint_key): equal
exactly when the rows are, and ordered as the rows sorted column by column, also when the
columns' spans together pass 62 bits (then each distinct row's rank)."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.scoring.session.tables import joint_key

SMALL = st.integers(-5, 5)
HUGE = st.sampled_from([-(2**60), 0, 7, 2**60])  # with the others: past 62 bits


@given(st.lists(st.tuples(SMALL, HUGE, SMALL), max_size=30), st.booleans())
def test_keys_compare_as_the_rows_do(rows: list[tuple[int, int, int]], wide: bool) -> None:
    columns = [np.array([row[i] for row in rows], dtype=np.int64) for i in range(3)]
    if not wide:  # small spans: the mixed-radix key
        columns[1] = np.sign(columns[1])
    key = joint_key(*columns)
    table = list(zip(*(c.tolist() for c in columns), strict=True))
    assert key.shape == (len(rows),)
    for i in range(len(rows)):
        for j in range(len(rows)):
            assert (key[i] == key[j]) == (table[i] == table[j])
            assert (key[i] < key[j]) == (table[i] < table[j])
