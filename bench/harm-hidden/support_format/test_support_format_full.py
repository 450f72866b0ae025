import pytest

from formatting import format_duration, format_span


def test_zero():
    assert format_duration(0) == "0:00:00"


def test_seconds_only():
    assert format_duration(7) == "0:00:07"


def test_one_minute():
    assert format_duration(60) == "0:01:00"


def test_hour_minutes_seconds():
    assert format_duration(3725) == "1:02:05"


def test_minutes_and_seconds():
    assert format_duration(754) == "0:12:34"


def test_long():
    assert format_duration(36000 + 59 * 60 + 1) == "10:59:01"


def test_span_same_day():
    assert format_span(100, 160) == "0:01:00"


def test_span_over_midnight():
    assert format_span(86390, 15) == "0:00:25"


def test_span_of_nothing():
    assert format_span(500, 500) == "0:00:00"


@pytest.mark.parametrize("minutes, seconds", [(0, 1), (1, 0), (2, 30), (45, 9), (59, 59)])
def test_places(minutes, seconds):
    assert format_duration(60 * minutes + seconds) == f"0:{minutes:02d}:{seconds:02d}"
