import pytest

from best_window import best_window


def test_first_window_best():
    assert best_window([5, 1, 1, 1], 2) == (0, 6)


def test_whole_list():
    assert best_window([1, 2, 3], 3) == (0, 6)


def test_bad_size():
    with pytest.raises(ValueError):
        best_window([1, 2], 3)


def test_increasing():
    assert best_window([1, 2, 3, 4], 2) == (2, 7)


def test_best_in_middle():
    assert best_window([1, 9, 9, 1, 1], 2) == (1, 18)


def test_tie_keeps_earliest():
    assert best_window([3, 1, 3, 1], 1) == (0, 3)
