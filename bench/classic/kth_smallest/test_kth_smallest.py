import pytest

from kth_smallest import kth_smallest


def test_single():
    assert kth_smallest([42], 0) == 42


def test_pivot_itself():
    assert kth_smallest([9, 1, 5, 7, 3], 2) == 5


def test_above_pivot():
    assert kth_smallest([9, 1, 5, 7, 3], 4) == 9


def test_minimum():
    assert kth_smallest([9, 1, 5, 7, 3], 0) == 1


def test_every_rank():
    data = [8, 3, 3, 10, 1, 6, 14, 4, 7, 13]
    assert [kth_smallest(data, k) for k in range(len(data))] == sorted(data)


def test_out_of_range():
    with pytest.raises(IndexError):
        kth_smallest([1, 2], 2)
