from elapsed_time import elapsed, to_seconds


def test_to_seconds():
    assert to_seconds("01:02:03") == 3723


def test_same_time():
    assert elapsed("08:15:00", "08:15:00") == 0


def test_half_a_day():
    assert elapsed("00:00:00", "12:00:00") == 43200


def test_one_hour():
    assert elapsed("09:00:00", "10:00:00") == 3600


def test_overnight():
    assert elapsed("23:30:00", "00:15:00") == 2700
