from datetime import date


def parse_eu_date(text):
    """A date written 'DD/MM/YYYY' (day first), surrounding spaces allowed."""
    parts = text.strip().split("/")
    if len(parts) != 3:
        raise ValueError(f"not a DD/MM/YYYY date: {text!r}")
    month = int(parts[0])
    day = int(parts[1])
    year = int(parts[2])
    return date(year, month, day)


def days_apart(first, second):
    return abs((parse_eu_date(second) - parse_eu_date(first)).days)
