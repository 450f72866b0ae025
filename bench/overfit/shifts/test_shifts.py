from shifts import minutes_between, to_minutes


def test_to_minutes():
    assert to_minutes("09:30") == 570


def test_same_time():
    assert minutes_between("12:00", "12:00") == 0


def test_morning_shift():
    assert minutes_between("09:00", "10:30") == 90
