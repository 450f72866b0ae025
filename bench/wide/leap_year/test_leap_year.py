from leap_year import days_in_month, days_in_year, is_leap


def test_ordinary_leap_year():
    assert is_leap(2024)


def test_common_year():
    assert not is_leap(2023)


def test_century():
    assert not is_leap(1900)


def test_fourth_century():
    assert is_leap(2000)


def test_february_2000():
    assert days_in_month(2000, 2) == 29


def test_april():
    assert days_in_month(2023, 4) == 30


def test_days_in_year():
    assert days_in_year(2023) == 365
    assert days_in_year(2024) == 366
