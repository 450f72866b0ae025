from lis import lis_length


def test_empty():
    assert lis_length([]) == 0


def test_single():
    assert lis_length([7]) == 1


def test_decreasing():
    assert lis_length([5, 4, 3, 2]) == 1


def test_increasing():
    assert lis_length([1, 2, 3, 4]) == 4


def test_equal_items_do_not_count():
    assert lis_length([2, 2, 2]) == 1


def test_mixed():
    assert lis_length([10, 9, 2, 5, 3, 7, 101, 18]) == 4
