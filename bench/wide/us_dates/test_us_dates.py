from datetime import date

import pytest

from us_dates import parse_us_date, weekday_name


def test_day_equals_month():
    assert parse_us_date("03/03/2024") == date(2024, 3, 3)


def test_weekday_same_day_and_month():
    assert weekday_name("05/05/2024") == "Sunday"


def test_first_of_february():
    assert parse_us_date("02/01/2024") == date(2024, 2, 1)


def test_independence_day():
    assert weekday_name("07/04/2023") == "Tuesday"


def test_christmas():
    assert parse_us_date("12/25/2023") == date(2023, 12, 25)


def test_bad_month():
    with pytest.raises(ValueError):
        parse_us_date("13/01/2024")
