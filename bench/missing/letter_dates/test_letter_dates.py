from datetime import date

from letter_dates import dates_in, latest_date


def test_two_digit_fields():
    assert dates_in("Signed on 03/14/2024.") == [date(2024, 3, 14)]


def test_no_dates():
    assert dates_in("Version 1/2 of 3") == []


def test_one_digit_month():
    assert dates_in("Due 3/14/2024, paid 04/02/2024") == [date(2024, 3, 14), date(2024, 4, 2)]


def test_one_digit_day():
    assert dates_in("Meeting on 12/1/2023") == [date(2023, 12, 1)]


def test_latest():
    assert latest_date("Sent 10/02/2023, received 11/3/2023") == date(2023, 11, 3)
