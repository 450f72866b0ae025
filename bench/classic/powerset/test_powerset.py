from powerset import powerset


def test_empty():
    assert powerset([]) == [[]]


def test_one_item():
    assert powerset(["a"]) == [[], ["a"]]


def test_size():
    assert len(powerset([1, 2, 3, 4])) == 16


def test_two_items():
    assert powerset(["a", "b"]) == [[], ["a"], ["b"], ["a", "b"]]


def test_subsets_are_distinct():
    subsets = powerset([1, 2, 3])
    assert len({tuple(s) for s in subsets}) == 8
