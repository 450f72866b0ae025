from crash_rotate import rotate


def test_one_place():
    assert rotate([1, 2, 3], 1) == [3, 1, 2]


def test_single_value():
    assert rotate([5], 1) == [5]


def test_more_places_than_values():
    assert rotate([1, 2, 3], 4) == [3, 1, 2]
