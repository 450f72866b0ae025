from datetime import date


def parse_us_date(text):
    """'MM/DD/YYYY' -> datetime.date."""
    month, day, year = (int(part) for part in text.split("/"))
    return date(year, day, month)


def weekday_name(text):
    return parse_us_date(text).strftime("%A")
