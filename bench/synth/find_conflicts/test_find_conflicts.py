from find_conflicts import find_conflicts, overlaps


def test_inside():
    assert overlaps((9, 12), (10, 11))


def test_partial_overlap():
    assert overlaps((9, 11), (10, 12))


def test_back_to_back():
    assert not overlaps((9, 10), (10, 11))


def test_after():
    assert not overlaps((14, 15), (9, 10))


def test_conflicts():
    assert find_conflicts([(9, 10), (13, 15), (9, 11), (14, 16)]) == [(0, 2), (1, 3)]
