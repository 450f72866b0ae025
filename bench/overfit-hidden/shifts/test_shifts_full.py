import pytest

from shifts import minutes_between


@pytest.mark.parametrize("start, end, expected", [
    ("09:00", "10:30", 90),
    ("10:30", "09:00", 90),
    ("12:00", "12:00", 0),
    ("00:00", "23:59", 1439),
    ("23:59", "00:00", 1439),
    ("08:15", "08:45", 30),
    ("08:45", "08:15", 30),
    ("13:05", "01:05", 720),
    ("06:00", "18:30", 750),
    ("18:30", "06:00", 750),
])
def test_minutes_between(start, end, expected):
    assert minutes_between(start, end) == expected
