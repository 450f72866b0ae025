from merge_intervals import merge_intervals, total_covered


def test_empty():
    assert merge_intervals([]) == []


def test_overlapping_pair():
    assert merge_intervals([(1, 5), (3, 8)]) == [(1, 8)]


def test_nested():
    assert merge_intervals([(1, 10), (2, 3)]) == [(1, 10)]


def test_touching():
    assert merge_intervals([(2, 3), (1, 2)]) == [(1, 3)]


def test_disjoint():
    assert merge_intervals([(1, 2), (5, 6)]) == [(1, 2), (5, 6)]


def test_unsorted_mix():
    assert merge_intervals([(8, 10), (1, 3), (2, 4)]) == [(1, 4), (8, 10)]


def test_total_covered():
    assert total_covered([(1, 3), (2, 5), (7, 8)]) == 5
