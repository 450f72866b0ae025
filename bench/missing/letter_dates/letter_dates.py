import re
from datetime import date

# A date written month/day/year, the month and day with one or two digits: 3/14/2024, 03/14/2024.
DATE_PATTERN = re.compile(r"\b(\d{2})/(\d{2})/(\d{4})\b")


def dates_in(text):
    """The dates written month/day/year in `text`, as dates, in order of appearance."""
    return [date(int(year), int(month), int(day)) for month, day, year in DATE_PATTERN.findall(text)]


def latest_date(text):
    """The latest date mentioned in `text`, or None."""
    return max(dates_in(text), default=None)
