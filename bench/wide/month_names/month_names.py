MONTHS = ["January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December"]


def month_name(month):
    """English name of month 1-12."""
    if not 1 <= month <= 12:
        raise ValueError(f"no month {month}")
    return MONTHS[month]


def format_date(year, month, day):
    """'4 July 2023' style."""
    return f"{day} {month_name(month)} {year}"
