"""Whole numbers between separators, read from the bytes, are the numbers Python reads."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.io.digit_runs import digits_between


def _read(numbers: list[str], separators: list[bytes]) -> np.ndarray | None:
    text = numbers[0].encode() + b"".join(
        s + n.encode() for s, n in zip(separators, numbers[1:], strict=True)
    )
    data = np.frombuffer(text, dtype=np.uint8)
    return digits_between(data, (data == ord("+")) | (data == 0))


@given(st.lists(st.integers(0, 10**18 - 1).map(str), min_size=1, max_size=40), st.data())
def test_numbers_of_any_length(numbers: list[str], data: st.DataObject) -> None:
    separators = data.draw(
        st.lists(
            st.sampled_from([b"+", b"\x00"]), min_size=len(numbers) - 1, max_size=len(numbers) - 1
        )
    )
    got = _read(numbers, separators)
    assert got is not None and got.tolist() == [int(n) for n in numbers]


@given(st.integers(1, 18), st.lists(st.integers(0, 10**18 - 1), min_size=1, max_size=40))
def test_numbers_all_as_long(width: int, values: list[int]) -> None:
    """The matrix reading (every number the same number of digits, leading zeros allowed
    here: the caller rules them out) equals int() of each."""
    numbers = [str(v % 10**width).zfill(width) for v in values]
    got = _read(numbers, [b"+"] * (len(numbers) - 1))
    assert got is not None and got.tolist() == [int(n) for n in numbers]


def test_a_federation_month_of_pairs() -> None:
    rng = np.random.default_rng(3)
    ids = rng.integers(100_000, 999_999, 20_000).astype(str).tolist()
    got = _read(ids, [b"+" if i % 2 == 0 else b"\x00" for i in range(len(ids) - 1)])
    assert got is not None and got.tolist() == [int(i) for i in ids]


def test_more_than_18_digits_is_left_to_the_caller() -> None:
    assert _read(["1" * 19, "5"], [b"+"]) is None
    assert _read(["1" * 19, "2" * 19], [b"+"]) is None
