import pytest

from crash_search import position


def test_empty_list():
    assert position([], 4) == -1


def test_one_value_found():
    assert position([4], 4) == 0


def test_one_value_missing_below():
    assert position([4], 3) == -1


def test_missing_between():
    assert position([1, 3, 5, 7], 6) == -1


def test_missing_left_of_the_middle():
    assert position([1, 3, 5, 7], 4) == -1


def test_missing_below_all():
    assert position([1, 3, 5, 7], 0) == -1


def test_missing_above_all():
    assert position([1, 3, 5, 7], 8) == -1


def test_found_first():
    assert position([1, 3, 5, 7], 1) == 0


@pytest.mark.parametrize("n", range(1, 9))
def test_every_value_found(n):
    items = list(range(0, 2 * n, 2))
    assert [position(items, value) for value in items] == list(range(n))


@pytest.mark.parametrize("n", range(0, 9))
def test_every_gap_missing(n):
    items = list(range(0, 2 * n, 2))
    assert [position(items, value) for value in range(-1, 2 * n, 2)] == [-1] * (n + 1)
