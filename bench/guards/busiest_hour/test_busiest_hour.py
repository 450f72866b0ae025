from busiest_hour import busiest_hour


def test_busiest():
    assert busiest_hour({9: 3, 10: 7, 11: 2}) == 10


def test_tie_takes_earliest():
    assert busiest_hour({14: 5, 8: 5}) == 8


def test_single_hour():
    assert busiest_hour({23: 1}) == 23


def test_no_visits():
    assert busiest_hour({}) is None
