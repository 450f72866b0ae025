from datetime import date

import pytest
from eu_date import days_apart, parse_eu_date


def test_same_day_and_month():
    assert parse_eu_date("07/07/2024") == date(2024, 7, 7)


def test_day_first():
    assert parse_eu_date(" 05/03/2024 ") == date(2024, 3, 5)


def test_christmas():
    assert parse_eu_date("25/12/2023") == date(2023, 12, 25)


def test_bad_format():
    with pytest.raises(ValueError):
        parse_eu_date("2024-03-05")


def test_days_apart():
    assert days_apart("01/02/2024", "01/03/2024") == 29
