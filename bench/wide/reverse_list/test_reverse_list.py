from reverse_list import from_list, reverse, to_list


def test_round_trip():
    assert to_list(from_list([1, 2, 3])) == [1, 2, 3]


def test_reverse_empty():
    assert reverse(None) is None


def test_reverse_single():
    assert to_list(reverse(from_list([7]))) == [7]


def test_reverse_three():
    assert to_list(reverse(from_list([1, 2, 3]))) == [3, 2, 1]


def test_reverse_twice():
    assert to_list(reverse(reverse(from_list(["a", "b", "c", "d"])))) == ["a", "b", "c", "d"]
