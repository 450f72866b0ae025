from clock import elapsed


def format_duration(seconds):
    """'H:MM:SS' for a whole number of seconds >= 0."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{secs:02d}:{minutes:02d}"


def format_span(start, end):
    """The time from start to end (seconds since midnight), as format_duration writes it."""
    return format_duration(elapsed(start, end))
