def to_seconds(clock):
    """'HH:MM:SS' -> seconds since midnight."""
    hours, minutes, seconds = (int(part) for part in clock.split(":"))
    return hours * 3600 + minutes * 60 + seconds


def elapsed(start, end):
    """Seconds from start to end; an end earlier than start is on the next day."""
    difference = to_seconds(start) - to_seconds(end)
    return difference % 86400
