from quicksort import quicksort


def test_empty():
    assert quicksort([]) == []


def test_pivot_is_largest():
    assert quicksort([3, 1, 2]) == [1, 2, 3]


def test_all_equal():
    assert quicksort([2, 2, 2]) == [2, 2, 2]


def test_pivot_is_smallest():
    assert quicksort([1, 3, 2]) == [1, 2, 3]


def test_mixed():
    assert quicksort([4, 8, 1, 9, 3, 7, 4]) == [1, 3, 4, 4, 7, 8, 9]


def test_tuple_input():
    assert quicksort((2, 1)) == [1, 2]
