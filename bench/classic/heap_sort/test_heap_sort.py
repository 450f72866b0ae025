from heap_sort import heap_sort, sift_down


def test_empty():
    assert heap_sort([]) == []


def test_two():
    assert heap_sort([2, 1]) == [1, 2]


def test_sift_down_picks_larger_child():
    a = [1, 5, 3]
    sift_down(a, 0, 3)
    assert a == [5, 1, 3]


def test_sift_down_keeps_valid_heap():
    a = [5, 1, 3]
    sift_down(a, 0, 3)
    assert a == [5, 1, 3]


def test_mixed():
    assert heap_sort([5, 1, 3, 9, 7, 2]) == [1, 2, 3, 5, 7, 9]


def test_many():
    data = [(i * 37) % 101 for i in range(50)]
    assert heap_sort(data) == sorted(data)
