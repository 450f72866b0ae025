import pytest

from moving_average import moving_average


def test_bad_k():
    with pytest.raises(ValueError):
        moving_average([1, 2], 0)


def test_too_short():
    assert moving_average([1, 2], 3) == []


def test_window_of_one():
    assert moving_average([1, 2, 3], 1) == [1, 2, 3]


def test_window_of_two():
    assert moving_average([1, 3, 5, 7], 2) == [2, 4, 6]


def test_whole_list():
    assert moving_average([2, 4, 9], 3) == [5]
