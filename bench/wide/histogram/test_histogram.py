import pytest

from histogram import histogram


def test_empty():
    assert histogram([], 3, 0, 3) == [0, 0, 0]


def test_bad_range():
    with pytest.raises(ValueError):
        histogram([1], 2, 5, 5)


def test_interior_values():
    assert histogram([0.5, 1.5, 1.7, 2.2], 3, 0, 3) == [1, 2, 1]


def test_low_bound():
    assert histogram([0], 4, 0, 8) == [1, 0, 0, 0]


def test_out_of_range_ignored():
    assert histogram([-1, 11], 2, 0, 10) == [0, 0]


def test_high_bound():
    assert histogram([10, 2], 2, 0, 10) == [1, 1]
