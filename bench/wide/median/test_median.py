from median import median, medians_by_group


def test_odd():
    assert median([3, 1, 2]) == 2


def test_even():
    assert median([4, 1, 3, 2]) == 2.5


def test_single():
    assert median([7]) == 7


def test_empty():
    assert median([]) is None


def test_groups_with_empty():
    assert medians_by_group({"a": [1, 5, 3], "b": []}) == {"a": 3, "b": None}
