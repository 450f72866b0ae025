from day_of_year import day_of_year, is_leap


def test_is_leap():
    assert is_leap(2024) and not is_leap(2023) and is_leap(2000) and not is_leap(1900)


def test_new_year():
    assert day_of_year(2023, 1, 1) == 1


def test_leap_february():
    assert day_of_year(2024, 2, 29) == 60


def test_march_in_leap_year():
    assert day_of_year(2024, 3, 1) == 61


def test_last_day():
    assert day_of_year(2023, 12, 31) == 365
    assert day_of_year(2024, 12, 31) == 366
