from calendar_rules import days_in_year, is_leap


def test_common_year():
    assert not is_leap(2023)
    assert days_in_year(2023) == 365


def test_leap_year():
    assert is_leap(2024)


def test_millennium():
    assert is_leap(2000)
