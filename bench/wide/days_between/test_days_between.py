from datetime import date

from days_between import days_between, parse_iso


def test_parse_iso():
    assert parse_iso("2024-02-29") == date(2024, 2, 29)


def test_same_day():
    assert days_between("2023-05-01", "2023-05-01") == 0


def test_in_order():
    assert days_between("2023-12-25", "2024-01-01") == 7


def test_across_leap_day():
    assert days_between("2024-02-28", "2024-03-01") == 2


def test_reversed():
    assert days_between("2024-01-01", "2023-12-25") == 7
