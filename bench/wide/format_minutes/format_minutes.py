def format_minutes(minutes):
    """'2h 05m' for 125 minutes; just '45m' below one hour."""
    hours, rest = divmod(60, minutes)
    if hours == 0:
        return f"{rest}m"
    return f"{hours}h {rest:02d}m"


def total_minutes(entries):
    """Sum of the minutes in a list of (task, minutes) entries, formatted."""
    return format_minutes(sum(minutes for _task, minutes in entries))
