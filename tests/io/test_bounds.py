"""The shared bounds on numbers and text every reader applies."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import InputError
from xlbridge.io.bounds import bounded, bounded_int, stored_text, terminal_text


@pytest.mark.parametrize("text", ["1", "9999", " 42 ", "+7", "12.0"])
def test_board_numbers_in_range_are_read(text: str) -> None:
    assert 1 <= bounded_int(text, "board", "f.pbn: line 3") <= 9999


@pytest.mark.parametrize(
    "text", ["0", "10000", "-1", "1.5", "", "x", "nan", "inf", "1e400", "9" * 20, "9" * 5000]
)
def test_board_numbers_out_of_range_name_the_place(text: str) -> None:
    with pytest.raises(InputError, match=r"^f\.pbn: line 3: expected a board number"):
        bounded(text, "board", "f.pbn: line 3")


def test_scores_are_bounded_by_the_largest_possible_score() -> None:
    assert bounded("-7600", "score", "w") == -7600
    with pytest.raises(InputError, match="a score .* from -7600 to 7600"):
        bounded("7610", "score", "w")


def test_percentages_may_be_fractional() -> None:
    assert bounded("47.69", "percentage", "w") == 47.69
    with pytest.raises(InputError, match="percentage"):
        bounded("100.01", "percentage", "w")


@given(st.integers(min_value=1, max_value=5000))
def test_numbers_of_any_length_give_an_input_error(digits: int) -> None:
    text = "7" * digits
    if digits <= 4:  # 7777 is a board number; 77777 is not
        assert bounded(text, "board", "w") == int(text)
    else:
        with pytest.raises(InputError):
            bounded(text, "board", "w")


@pytest.mark.parametrize("code", [*range(0, 9), 11, 12, *range(14, 32), 0xFFFE, 0xFFFF])
def test_characters_a_workbook_cannot_hold_are_refused_with_their_position(code: int) -> None:
    with pytest.raises(
        InputError, match=rf"^names\.csv: line 2, column name: .*U\+{code:04X}.*position 4"
    ):
        stored_text("Ann" + chr(code) + "Lee", "names.csv: line 2, column name")


@pytest.mark.parametrize("text", ["Ann Lee", "Zoë\tO'Brien", "a\nb", "<script>", "=1+1", "日本"])
def test_storable_text_is_returned_unchanged(text: str) -> None:
    assert stored_text(text, "w") is text


def test_terminal_text_escapes_control_characters() -> None:
    assert terminal_text("a\x1b[31mred\x07") == "a\\x1b[31mred\\x07"
    assert terminal_text("a\x9bb\x7f") == "a\\x9bb\\x7f"
    assert terminal_text("Zoë\tLee\n") == "Zoë\tLee\n"
