from find_first import find_first


def test_unique_value():
    assert find_first([1, 2, 3, 4], 3) == 2


def test_first_of_duplicates():
    assert find_first([1, 2, 2, 2, 3], 2) == 1


def test_all_equal():
    assert find_first([5, 5, 5], 5) == 0


def test_absent_between():
    assert find_first([1, 3, 5], 4) == -1


def test_absent_above_all():
    assert find_first([1, 3, 5], 9) == -1


def test_empty():
    assert find_first([], 1) == -1
