import pytest

from crash_steps import average_step


def test_no_values():
    assert average_step([]) == 0.0


def test_one_value():
    assert average_step([9]) == 0.0


def test_two_equal_values():
    assert average_step([3, 3]) == 0.0


def test_two_values_rising():
    assert average_step([2, 5]) == 3.0


def test_two_values_falling():
    assert average_step([5, 2]) == -3.0


def test_uneven_rise():
    assert average_step([1, 4, 9]) == 4.0


def test_back_and_forth():
    assert average_step([0, 10, 0, 10]) == pytest.approx(10 / 3)


def test_falling_run():
    assert average_step([10, 7, 4, 1]) == -3.0


def test_drop_at_the_end():
    assert average_step([7, 7, 1]) == -3.0


def test_long_flat():
    assert average_step([4, 4, 4, 4, 4]) == 0.0


@pytest.mark.parametrize("n", range(2, 7))
def test_counting_up(n):
    assert average_step(list(range(n))) == 1.0
