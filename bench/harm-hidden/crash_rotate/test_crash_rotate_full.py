import pytest

from crash_rotate import rotate


@pytest.mark.parametrize("k", [0, 1, 2, 5])
def test_empty_list(k):
    assert rotate([], k) == []


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_single_value(k):
    assert rotate([5], k) == [5]


def test_no_turn():
    assert rotate([1, 2, 3], 0) == [1, 2, 3]


def test_two_places():
    assert rotate([1, 2, 3], 2) == [2, 3, 1]


def test_full_turn():
    assert rotate([1, 2, 3], 3) == [1, 2, 3]


def test_full_turn_and_one():
    assert rotate([1, 2, 3], 4) == [3, 1, 2]


def test_two_full_turns():
    assert rotate([1, 2, 3], 6) == [1, 2, 3]


def test_pair_turned_three():
    assert rotate([1, 2], 3) == [2, 1]


def test_many_turns():
    assert rotate([1, 2, 3, 4], 9) == [4, 1, 2, 3]


def test_leaves_the_list_alone():
    xs = [1, 2, 3]
    rotate(xs, 1)
    assert xs == [1, 2, 3]
