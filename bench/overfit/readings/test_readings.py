from readings import first_below, parse_readings


def test_parse():
    assert parse_readings("5, 7.5, 2") == [5.0, 7.5, 2.0]


def test_empty():
    assert first_below([], 3) is None


def test_one_low():
    assert first_below([5, 7, 2], 3) == 2


def test_at_floor():
    assert first_below([3, 9, 1], 3) == 2
