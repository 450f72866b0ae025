DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def day_of_year(year, month, day):
    """1 for 1 January, 365 (366 in leap years) for 31 December."""
    number = sum(DAYS[:month]) + day
    if month >= 2 and is_leap(year):
        number += 1
    return number
