from bookings import can_book, overlaps


def test_a_before_b():
    assert not overlaps((1, 2), (3, 4))


def test_touching():
    assert not overlaps((1, 2), (2, 3))


def test_empty_calendar():
    assert can_book([], (9, 10))


def test_b_before_a():
    assert not overlaps((3, 4), (1, 2))


def test_partial_overlap():
    assert overlaps((1, 5), (4, 8))


def test_can_book_after_existing():
    assert can_book([(9, 10)], (11, 12))
