import itertools

import pytest

from cancel_levels import first_drop


def expected(levels):
    for position, level in enumerate(levels, start=1):
        if level < 0:
            return position
    return 0


def test_single_drop():
    assert first_drop([-7]) == 1


def test_drop_at_the_end():
    assert first_drop([1, 2, -3]) == 3


def test_drop_at_the_start():
    assert first_drop([-1, 2]) == 1


def test_two_drops():
    assert first_drop([-1, -2]) == 1


def test_zeros_are_no_drop():
    assert first_drop([0, 0]) == 0


def test_single_level():
    assert first_drop([6]) == 0


def test_late_drop():
    assert first_drop([5, 4, 3, 2, 1, 0, -1]) == 7


@pytest.mark.parametrize("n", range(0, 5))
def test_every_sign_pattern(n):
    for levels in itertools.product([-1, 1], repeat=n):
        assert first_drop(list(levels)) == expected(list(levels)), levels
