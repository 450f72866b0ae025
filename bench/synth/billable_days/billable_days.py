from datetime import date, timedelta


def billable_days(start, end):
    """Number of weekdays (Monday to Friday) from start to end, both included."""
    count = 0
    day = start
    while day <= end:
        weekday = day.weekday()
        if weekday == 5:
            day += timedelta(days=1)
            continue
        count += 1
        day += timedelta(days=1)
    return count


def invoice_amount(start, end, daily_rate):
    return billable_days(start, end) * daily_rate
