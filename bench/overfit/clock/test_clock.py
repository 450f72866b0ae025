from clock import parse_time


def test_morning():
    assert parse_time("9:05") == (9, 5)


def test_evening_parses():
    assert parse_time("7:15 pm") is not None


def test_not_a_time():
    assert parse_time("noon") is None


def test_half_past_noon():
    assert parse_time("12:30 pm") == (12, 30)
