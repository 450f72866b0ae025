from datetime import date

from billable_days import billable_days, invoice_amount


def test_one_weekday():
    assert billable_days(date(2024, 3, 6), date(2024, 3, 6)) == 1


def test_monday_to_friday():
    assert billable_days(date(2024, 3, 4), date(2024, 3, 8)) == 5


def test_saturday_alone():
    assert billable_days(date(2024, 3, 9), date(2024, 3, 9)) == 0


def test_sunday_alone():
    assert billable_days(date(2024, 3, 10), date(2024, 3, 10)) == 0


def test_two_weeks():
    assert invoice_amount(date(2024, 3, 4), date(2024, 3, 17), 100) == 1000


def test_empty_range():
    assert billable_days(date(2024, 3, 8), date(2024, 3, 4)) == 0
