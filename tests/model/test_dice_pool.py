import pytest

from desktop.model.dice_pool import Die


@pytest.mark.parametrize(("text", "die", "back"), [
    ("d6", Die(6), "d6"), ("D20", Die(20), "d20"), ("1d8", Die(8), "d8"),
    ("1d4x10", Die(4, 10), "1d4x10"), ("1d20×100", Die(20, 100), "1d20x100"),
])
def test_dice_read_and_write_their_text(text, die, back) -> None:
    assert Die.parse(text) == die
    assert str(die) == back


@pytest.mark.parametrize("text", ["", "d7", "6", "d6x3", "2d6", "dd6"])
def test_a_bad_die_says_what_to_write(text) -> None:
    with pytest.raises(ValueError, match=r"is not a die|ladder|multiplier"):
        Die.parse(text)


def test_faces_carry_the_multiplier() -> None:
    assert Die(4, 10).face_values() == (10, 20, 30, 40)
    assert Die(6).face_values() == (1, 2, 3, 4, 5, 6)
