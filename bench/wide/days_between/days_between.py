from datetime import date


def parse_iso(text):
    """'YYYY-MM-DD' -> datetime.date."""
    year, month, day = (int(part) for part in text.split("-"))
    return date(year, month, day)


def days_between(first, second):
    """Number of days between two 'YYYY-MM-DD' dates, whichever of them comes first."""
    return (parse_iso(second) - parse_iso(first)).days
