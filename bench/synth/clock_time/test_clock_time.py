from clock_time import clock_time, minutes_of, timetable


def test_midnight():
    assert clock_time(0) == "00:00"


def test_afternoon():
    assert clock_time(13 * 60 + 45) == "13:45"


def test_single_digit_minutes():
    assert clock_time(9 * 60 + 5) == "09:05"


def test_wraps_past_midnight():
    assert clock_time(24 * 60 + 30) == "00:30"


def test_timetable():
    assert timetable(8 * 60 + 50, 5, 3) == ["08:50", "08:55", "09:00"]


def test_round_trip():
    assert minutes_of(clock_time(615)) == 615


def test_timetable_half_hours():
    assert timetable(6 * 60, 30, 2) == ["06:00", "06:30"]
