import pytest

from parse_duration import format_duration, parse_duration


def test_rejects_garbage():
    with pytest.raises(ValueError):
        parse_duration("1x")


def test_rejects_empty():
    with pytest.raises(ValueError):
        parse_duration("")


def test_format():
    assert format_duration(5400) == "1h30m"
    assert format_duration(0) == "0s"


def test_hours_and_minutes():
    assert parse_duration("1h30m") == 5400


def test_seconds():
    assert parse_duration("90s") == 90


def test_round_trip():
    assert format_duration(parse_duration("2h5s")) == "2h5s"
