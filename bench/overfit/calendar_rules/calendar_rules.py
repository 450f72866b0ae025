def is_leap(year):
    """Whether year is a leap year in the Gregorian calendar."""
    return year % 4 == 0 and year % 100 != 0


def days_in_year(year):
    """366 in a leap year, else 365."""
    return 366 if is_leap(year) else 365
