from flatten import flatten


def test_empty():
    assert flatten([]) == []


def test_empty_lists_inside():
    assert flatten([[], [[]]]) == []


def test_flat_numbers():
    assert flatten([1, 2, 3]) == [1, 2, 3]


def test_deep_nesting():
    assert flatten([1, [2, [3, [4]]], 5]) == [1, 2, 3, 4, 5]


def test_strings_stay_whole():
    assert flatten(["ab", ["cd"]]) == ["ab", "cd"]


def test_tuples_are_values():
    assert flatten([(1, 2), [(3,)]]) == [(1, 2), (3,)]
