from insertion_sort import insertion_sort


def test_empty():
    assert insertion_sort([]) == []


def test_sorted_input():
    assert insertion_sort([1, 2, 3]) == [1, 2, 3]


def test_last_two_swapped():
    assert insertion_sort([1, 3, 2]) == [1, 2, 3]


def test_smallest_last():
    assert insertion_sort([2, 3, 4, 1]) == [1, 2, 3, 4]


def test_reversed():
    assert insertion_sort([9, 7, 5, 3]) == [3, 5, 7, 9]


def test_strings():
    assert insertion_sort(["pear", "apple", "fig"]) == ["apple", "fig", "pear"]
