from bubble_sort import bubble_sort


def test_empty():
    assert bubble_sort([]) == []


def test_single():
    assert bubble_sort([4]) == [4]


def test_already_sorted():
    assert bubble_sort([1, 2, 3, 4]) == [1, 2, 3, 4]


def test_one_pass_is_enough():
    assert bubble_sort([2, 1, 3, 4]) == [1, 2, 3, 4]


def test_reversed():
    assert bubble_sort([5, 4, 3, 2, 1]) == [1, 2, 3, 4, 5]


def test_duplicates_and_negatives():
    assert bubble_sort([3, -1, 3, 0, -1]) == [-1, -1, 0, 3, 3]


def test_input_is_not_modified():
    data = [3, 1, 2]
    bubble_sort(data)
    assert data == [3, 1, 2]
