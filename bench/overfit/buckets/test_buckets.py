from buckets import histogram


def test_counts_every_value():
    assert sum(histogram([1, 4, 6, 12], 5).values()) == 4


def test_nothing():
    assert histogram([], 5) == {}


def test_negative_value():
    assert histogram([-3], 5) == {-5: 1}
