import pytest

from max_subarray import max_subarray_sum


def test_empty_is_an_error():
    with pytest.raises(ValueError):
        max_subarray_sum([])


def test_single():
    assert max_subarray_sum([-3]) == -3


def test_all_negative():
    assert max_subarray_sum([-5, -2, -8]) == -2


def test_all_positive():
    assert max_subarray_sum([1, 2, 3]) == 6


def test_mixed():
    assert max_subarray_sum([-2, 1, -3, 4, -1, 2, 1, -5, 4]) == 6
